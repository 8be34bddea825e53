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

// withVariantFile copies Peloponnes and adds variant-NAME.yaml.
func withVariantFile(t *testing.T, name, src string) string {
	t.Helper()
	tmp := copyPeloponnesEdited(t, func(_, text string) string { return text })
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "variant-"+name+".yaml"), []byte(src), 0o644))
	return tmp
}

// The problems a variant brings, even in a base file it breaks (a constant
// turned into a string, used by the base's flow), come under a heading
// naming the variant, with the patch itself reported; --json names the
// variant of each problem. Whole-folder validate and --variant agree.
func TestValidateNamesTheVariantOfEachProblem(t *testing.T) {
	tmp := withVariantFile(t, "t7", "variant: t7\npatch:\n  constants:\n    rounds: \"7\"\n")
	dir := filepath.ToSlash(tmp)
	for _, args := range [][]string{{"validate", tmp}, {"validate", tmp, "--variant", "t7"}} {
		code, _, errOut := runCLI(t, "", args...)
		assert.Equal(t, exitProblems, code)
		assert.Contains(t, errOut, "variant t7 ("+dir+"/variant-t7.yaml): 3 problems with it applied\n"+dir+"/flow.yaml:34:13: repeat count must be int, got string\n", args)
		assert.Contains(t, errOut, dir+"/variant-t7.yaml:4:13: patch changes constant rounds from int to string", args)
		assert.Contains(t, errOut, "\n3 problems, all from variant t7 (the base rules have none)\n", args)

		code, out, _ := runCLI(t, "", append(args, "--json")...)
		assert.Equal(t, exitProblems, code)
		var rep validateReport
		require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
		require.Len(t, rep.Problems, 3, out)
		for _, p := range rep.Problems {
			assert.Equal(t, "t7", p.Variant, "%s:%d names no variant", p.File, p.Line)
		}
	}
}

// With --variant, the problems the base rules have too stay the base's;
// the variant's own come under its heading.
func TestValidateVariantTellsTheBasesProblemsFromItsOwn(t *testing.T) {
	tmp := copyPeloponnesEdited(t, func(name, text string) string {
		if name == "scoring.yaml" {
			return strings.Replace(text, "let left = rounds - round;", "let left = rounds - rund;", 1)
		}
		return text
	})
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "variant-t7.yaml"), []byte("variant: t7\npatch:\n  constants:\n    rounds: \"7\"\n"), 0o644))
	code, _, errOut := runCLI(t, "", "validate", tmp, "--variant", "t7")
	assert.Equal(t, exitProblems, code)
	assert.Regexp(t, `(?s)^ruleset: .*\nbase rules: 1 problem\n.*scoring.yaml:\d+:\d+: unknown name "rund".*\nvariant t7 \(.*variant-t7.yaml\): 2 problems with it applied\n.*flow.yaml:34:13: .*\n3 problems: 1 in the base rules, 2 from variant t7\n$`, errOut)
}

// A variant whose rules equal the base rules (a constant set to its own
// value, an empty patch) is a warning, not a failure, in the text and in
// --json, with and without --variant.
func TestValidateWarnsOfAVariantThatChangesNothing(t *testing.T) {
	tmp := withVariantFile(t, "t8", "variant: t8\npatch:\n  constants:\n    rounds: 8\n")
	file := filepath.ToSlash(filepath.Join(tmp, "variant-t8.yaml"))
	warning := "variant t8 changes nothing: its rules equal the base rules"
	for _, args := range [][]string{{"validate", tmp}, {"validate", tmp, "--variant", "t8"}} {
		code, out, errOut := runCLI(t, "", args...)
		require.Equal(t, exitOK, code, errOut)
		assert.Contains(t, out, "\n"+file+": warning: "+warning+"\n", args)
		assert.NotContains(t, out, "variant harsh-catastrophes changes nothing")

		code, out, errOut = runCLI(t, "", append(args, "--json")...)
		require.Equal(t, exitOK, code, errOut)
		var rep validateReport
		require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
		assert.Equal(t, []jsonProblem{{File: file, Variant: "t8", Message: warning}}, rep.Warnings, args)
	}
}
