package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// copyPeloponnesEdited copies the Peloponnes ruleset (with its variant files) into
// a temporary directory, applying edit to each file's text.
func copyPeloponnesEdited(t *testing.T, edit func(name, text string) string) string {
	t.Helper()
	src := "../../rulesets/peloponnes"
	entries, err := os.ReadDir(src)
	require.NoError(t, err)
	tmp := t.TempDir()
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		require.NoError(t, err)
		text := edit(e.Name(), string(data))
		require.NoError(t, os.WriteFile(filepath.Join(tmp, e.Name()), []byte(text), 0o644))
	}
	return tmp
}

// Plain `agon validate DIR` checks the variant files too, and says so.
func TestValidateChecksEveryVariant(t *testing.T) {
	code, out, errOut := runCLI(t, "", "validate", "../../rulesets/peloponnes")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "(all 7 variants checked too)")

	tmp := copyPeloponnesEdited(t, func(name, text string) string {
		if name == "variant-harsh-catastrophes.yaml" {
			return strings.Replace(text, "  constants:\n", "  constants:\n    conquest_bonu: 2\n", 1)
		}
		return text
	})
	code, _, errOut = runCLI(t, "", "validate", tmp)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, errOut, "variant-harsh-catastrophes.yaml:9:5: patch: \"conquest_bonu\" is not in constants in the base ruleset (did you mean \"conquest_bonus\"?)")
}

// A YAML syntax error in a variant file is reported like one in the base.
func TestValidateVariantSyntaxError(t *testing.T) {
	tmp := copyPeloponnesEdited(t, func(name, text string) string {
		if name == "variant-rich-income.yaml" {
			return strings.Replace(text, "  constants:\n", "\tconstants:\n", 1)
		}
		return text
	})
	code, _, errOut := runCLI(t, "", "validate", tmp)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, errOut, "variant-rich-income.yaml:9:1: YAML syntax error: found a tab character where indentation is expected: YAML indents with spaces")
	assert.Contains(t, errOut, "1 problem")
}

// `agon validate DIR --provisional` lists the notes of the variant files
// too, under a heading per variant, since it checks them; --json names the
// variant of each note, and --variant NAME lists only that variant's after
// the base.
func TestValidateProvisionalListsVariantNotes(t *testing.T) {
	tmp := copyPeloponnesEdited(t, func(name, text string) string {
		if name == "variant-open-conquest.yaml" {
			return strings.Replace(text, "    need:\n", "    need:   # provisional: marker for the test\n", 1)
		}
		return text
	})
	file := filepath.ToSlash(filepath.Join(tmp, "variant-open-conquest.yaml"))
	code, out, errOut := runCLI(t, "", "validate", tmp, "--provisional")
	require.Equal(t, exitOK, code, errOut)
	assert.Regexp(t, `\n\d+ provisional figures in the base ruleset\n`, out)
	assert.Contains(t, out, "\nvariant open-conquest: 1 provisional figure\n"+file+":10: marker for the test\n")

	code, out, errOut = runCLI(t, "", "validate", tmp, "--provisional", "--json")
	require.Equal(t, exitOK, code, errOut)
	var rep struct {
		Provisional []jsonNote `json:"provisional"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.Contains(t, rep.Provisional, jsonNote{File: file, Line: 10, Variant: "open-conquest", Message: "marker for the test"})
	for _, n := range rep.Provisional {
		if n.Variant == "" {
			assert.NotContains(t, n.File, "variant-", "a variant file's note without its variant")
		}
	}

	code, out, errOut = runCLI(t, "", "validate", tmp, "--provisional", "--variant", "open-conquest")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, "\nvariant open-conquest: 1 provisional figure\n"+file+":10: marker for the test\n")
	assert.NotContains(t, out, "variant rich-income:")
}

// A game for one player count says "3 players", not "3–3 players".
func TestOnePlayerCountReadsWell(t *testing.T) {
	tmp := copyPeloponnesEdited(t, func(name, text string) string {
		return strings.Replace(text, "players: {min: 2, max: 5}", "players: {min: 3, max: 3}", 1)
	})
	code, out, errOut := runCLI(t, "", "validate", tmp)
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, ", 3 players")
	assert.NotContains(t, out, "3–3")
	assert.Contains(t, out, ", 1 trigger,", "one of a kind is singular too")
	code, _, errOut = runCLI(t, "", "simulate", tmp, "--players", "4", "--games", "1")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, "is for 3 players, not 4")
}
