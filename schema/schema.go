package schema

import _ "embed"

// JSONSchema is the JSON Schema (draft 2020-12) of a ruleset file or a
// variant file, as editors use it through the
// `# yaml-language-server: $schema=…` line at the top of each file. It
// checks shapes only; Load reports everything it checks and more.
//
//go:embed ruleset.schema.json
var JSONSchema []byte
