// Package rulesets carries the shipped games' YAML inside the agon binary.
// Each game is a directory: rulesets/<game>/*.yaml.
package rulesets

import "embed"

// FS holds every shipped ruleset directory.
//
//go:embed */*.yaml
var FS embed.FS
