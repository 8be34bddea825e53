package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"go.yaml.in/yaml/v3"
)

// rulesetFolderArg handles a FILE argument of replay that is a ruleset's
// folder: replay takes its ruleset as --ruleset, unlike the commands
// whose first argument is a RULESET, but `agon replay ./mygame t.yaml`
// means one thing, so the folder becomes the ruleset (prm.Ruleset, with
// a note saying so) and the other arguments stay the files. A folder
// given with --ruleset too, or with no file beside it, is a usage error
// that says how to write the command.
func rulesetFolderArg(prm *replayParams, stderr io.Writer) error {
	for i, a := range prm.Files {
		if !isRulesetFolder(a) {
			continue
		}
		rest := append(append([]string(nil), prm.Files[:i]...), prm.Files[i+1:]...)
		switch {
		case len(rest) == 0:
			return usagef("%s is a ruleset's folder, not a transcript: to check it, run agon validate %s; to replay a transcript against it, agon replay --ruleset %s FILE", a, a, a)
		case prm.Ruleset != "":
			return usagef("%s is a ruleset's folder, not a transcript, and --ruleset %s names the ruleset already: leave out one of them", a, prm.Ruleset)
		}
		fmt.Fprintf(stderr, "note: %s is a ruleset's folder: replaying against it (the same as --ruleset %s)\n", a, a)
		prm.Ruleset, prm.Files = a, rest
		return rulesetFolderArg(prm, stderr)
	}
	return nil
}

// isRulesetFolder tells whether dir is a folder holding a ruleset's game
// file: a *.yaml whose top level has game: and neither steps: (a
// transcript) nor scenario: (a scenario file).
func isRulesetFolder(dir string) bool {
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return false
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	for _, f := range files {
		if keys := topKeys(f); keys["game"] && !keys["steps"] && !keys["scenario"] {
			return true
		}
	}
	return false
}

// topKeys are the keys of file's top-level mapping (none when it cannot
// be read or parsed; the replay itself reports that).
func topKeys(file string) map[string]bool {
	data, err := os.ReadFile(file)
	if err != nil || len(data) > 1<<20 {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	keys := map[string]bool{}
	top := doc.Content[0]
	for i := 0; i+1 < len(top.Content); i += 2 {
		keys[top.Content[i].Value] = true
	}
	return keys
}
