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

// TestJSONFailures runs every command that has --json with each bad input
// it can meet and requires, on stdout, one JSON value that says it failed
// ("ok": false) with the problem in "problems" (with its file and line when
// it has one), and the failure's exit code.
func TestJSONFailures(t *testing.T) {
	tmp := t.TempDir()
	bad := filepath.Join(tmp, "bad")
	require.NoError(t, os.Mkdir(bad, 0o755))
	writeFile(t, filepath.Join(bad, "a.yaml"), "game: x\nfoo: [\n")
	badTranscript := filepath.Join(tmp, "bad-transcript.yaml")
	writeFile(t, badTranscript, "not: [yaml\n")
	badStats := filepath.Join(tmp, "stats.json")
	writeFile(t, badStats, "not json\n")
	missing := filepath.Join(tmp, "missing.yaml")
	const transcript = "../../testgames/peloponnes/2p-shared-win.yaml"
	const diverges = "../../testgames/invalid/transcripts/changed_log.yaml"
	const scenario = "../../testgames/peloponnes/scenarios/catastrophe-with-nothing-to-strike-is-logged.yaml"

	cases := []struct {
		name string
		args []string
		code int
		msg  string // in a problem's message
		file string // the problem's file, when it has one
		line int    // and its line
	}{
		{"validate unknown game", []string{"validate", "pelopones"}, exitUsage, `unknown game "pelopones"`, "", 0},
		{"validate bad ruleset", []string{"validate", bad}, exitProblems, "YAML syntax error", filepath.ToSlash(bad) + "/a.yaml", 3},
		{"validate bad variant", []string{"validate", "peloponnes", "--variant", "nope"}, exitProblems, `unknown variant "nope"`, "", 0},
		{"validate bad flag value", []string{"validate", "peloponnes", "--provisional=maybe"}, exitUsage, "--provisional must be true or false", "", 0},
		{"validate unknown flag", []string{"validate", "peloponnes", "--players", "2"}, exitUsage, "no flag --players", "", 0},
		{"validate no ruleset", []string{"validate"}, exitUsage, "validate needs", "", 0},

		{"simulate unknown game", []string{"simulate", "pelopones", "--players", "2"}, exitUsage, `unknown game "pelopones"`, "", 0},
		{"simulate bad ruleset", []string{"simulate", bad, "--players", "2"}, exitProblems, "YAML syntax error", filepath.ToSlash(bad) + "/a.yaml", 3},
		{"simulate bad variant", []string{"simulate", "peloponnes", "--variant", "nope", "--players", "2"}, exitProblems, `unknown variant "nope"`, "", 0},
		{"simulate bad games", []string{"simulate", "peloponnes", "--games", "abc"}, exitUsage, "--games must be a whole number", "", 0},
		{"simulate no games", []string{"simulate", "peloponnes", "--games", "0"}, exitUsage, "--games must be at least 1", "", 0},
		{"simulate bad players", []string{"simulate", "peloponnes", "--players", "9"}, exitUsage, "not 9", "", 0},
		{"simulate bad seat", []string{"simulate", "peloponnes", "--players", "2", "--seats", "foo"}, exitUsage, `unknown seat "foo"`, "", 0},
		{"simulate bad set", []string{"simulate", "peloponnes", "--players", "2", "--set", "nope=1"}, exitUsage, `no constant "nope"`, "", 0},
		{"simulate unwritable stats", []string{"simulate", "peloponnes", "--players", "2", "--games", "2", "--stats", filepath.Join(tmp, "no", "x.json")}, exitUsage, "there is no folder", "", 0},

		{"bench unknown game", []string{"bench", "pelopones", "--players", "2"}, exitUsage, `unknown game "pelopones"`, "", 0},
		{"bench bad ruleset", []string{"bench", bad, "--players", "2"}, exitProblems, "YAML syntax error", filepath.ToSlash(bad) + "/a.yaml", 3},
		{"bench bad variant", []string{"bench", "peloponnes", "--variant", "nope", "--players", "2"}, exitProblems, `unknown variant "nope"`, "", 0},
		{"bench no players", []string{"bench", "peloponnes"}, exitUsage, `"players" not set`, "", 0},
		{"bench bad players", []string{"bench", "peloponnes", "--players", "abc"}, exitUsage, "--players must be a whole number", "", 0},
		{"bench no games", []string{"bench", "peloponnes", "--players", "2", "--games", "0"}, exitUsage, "--games must be at least 1", "", 0},

		{"explain no step", []string{"explain", transcript}, exitUsage, "which decision?", "", 0},
		{"explain step out of range", []string{"explain", transcript, "--step", "999"}, exitUsage, "there is no decision 999", "", 0},
		{"explain missing transcript", []string{"explain", missing, "--step", "1"}, exitProblems, "cannot read", "", 0},
		{"explain bad transcript", []string{"explain", badTranscript, "--step", "1"}, exitProblems, "YAML syntax error", filepath.ToSlash(badTranscript), 2},
		{"explain bad ruleset", []string{"explain", transcript, "--step", "1", "--ruleset", bad}, exitProblems, "YAML syntax error", filepath.ToSlash(bad) + "/a.yaml", 3},
		{"explain unknown game", []string{"explain", transcript, "--step", "1", "--ruleset", "pelopones"}, exitUsage, `unknown game "pelopones"`, "", 0},
		{"explain diverges", []string{"explain", diverges, "--step", "5"}, exitProblems, `expected log "P2 bids 5`, diverges, 33},
		{"explain scenario", []string{"explain", scenario, "--step", "1"}, exitUsage, "is a scenario file", "", 0},

		{"compare unknown game", []string{"compare", "pelopones", "--variant", "x"}, exitUsage, `unknown game "pelopones"`, "", 0},
		{"compare bad ruleset", []string{"compare", bad, "--variant", "x"}, exitProblems, "YAML syntax error", filepath.ToSlash(bad) + "/a.yaml", 3},
		{"compare bad variant", []string{"compare", "peloponnes", "--variant", "nope"}, exitProblems, `unknown variant "nope"`, "", 0},
		{"compare nothing to compare", []string{"compare", "peloponnes"}, exitUsage, "compare needs --variant", "", 0},
		{"compare bad top", []string{"compare", "peloponnes", "--variant", "rich-income", "--top", "-1"}, exitUsage, "--top -1", "", 0},
		{"compare bad seat", []string{"compare", "peloponnes", "--variant", "rich-income", "--players", "2", "--seats", "foo"}, exitUsage, `unknown seat "foo"`, "", 0},

		{"replay missing transcript", []string{"replay", missing}, exitProblems, "cannot read", "", 0},
		{"replay bad transcript", []string{"replay", badTranscript}, exitProblems, "YAML syntax error", filepath.ToSlash(badTranscript), 2},
		{"replay bad ruleset", []string{"replay", transcript, "--ruleset", bad}, exitProblems, "YAML syntax error", filepath.ToSlash(bad) + "/a.yaml", 3},
		{"replay bad pattern", []string{"replay", "x["}, exitUsage, "bad pattern", "", 0},

		{"merge missing file", []string{"merge", missing}, exitProblems, "cannot read", "", 0},
		{"merge bad file", []string{"merge", badStats}, exitProblems, "not JSON", "", 0},
		{"merge unwritable stats", []string{"merge", badStats, "--stats", filepath.Join(tmp, "no", "x.json")}, exitUsage, "--stats " + filepath.Join(tmp, "no", "x.json") + ": there is no folder", "", 0},
		{"merge unwritable report", []string{"merge", badStats, "--report", tmp}, exitUsage, "not a regular file", "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", append(c.args, "--json")...)
			assert.Equal(t, c.code, code, "exit code; stderr:\n%s", stderr)
			require.True(t, json.Valid([]byte(stdout)), "stdout is not one JSON value:\n%s\nstderr:\n%s", stdout, stderr)
			var got struct {
				OK       *bool         `json:"ok"`
				Problems []jsonProblem `json:"problems"`
			}
			require.NoError(t, json.Unmarshal([]byte(stdout), &got))
			require.NotNil(t, got.OK, "no \"ok\" in\n%s", stdout)
			assert.False(t, *got.OK)
			require.NotEmpty(t, got.Problems, "no \"problems\" in\n%s", stdout)
			p := got.Problems[0]
			assert.Contains(t, p.Message, c.msg)
			if c.file != "" {
				assert.Equal(t, c.file, p.File)
				assert.Equal(t, c.line, p.Line)
			}
		})
	}
}

// TestJSONFailureNotWithoutJSON checks that the text output of a failure
// stays text: the JSON failure is for --json only.
func TestJSONFailureNotWithoutJSON(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "simulate", "pelopones", "--players", "2")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, stdout)
	assert.True(t, strings.HasPrefix(stderr, "error: unknown game"), stderr)
	code, stdout, _ = runCLI(t, "", "simulate", "peloponnes", "--games", "abc", "--json=false")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, stdout)
}

// writeFile writes text to file, failing the test when it cannot.
func writeFile(t *testing.T, file, text string) {
	t.Helper()
	require.NoError(t, os.WriteFile(file, []byte(text), 0o644))
}

// A stray panic (a bug of agon) in a --json run is a JSON failure on
// stdout too; without --json stdout stays empty.
func TestInternalErrorIsJSONWithJSON(t *testing.T) {
	var stdout, stderr strings.Builder
	code := internalError("boom", []string{"simulate", "peloponnes", "--json"}, &stdout, &stderr)
	assert.Equal(t, exitProblems, code)
	assert.Equal(t, "internal error: boom (please report)\n", stderr.String())
	require.True(t, json.Valid([]byte(stdout.String())), stdout.String())
	var got jsonFailure
	require.NoError(t, json.Unmarshal([]byte(stdout.String()), &got))
	assert.Equal(t, jsonFailure{Error: "internal error: boom (please report)", Problems: []jsonProblem{{Message: "internal error: boom (please report)"}}}, got)

	stdout.Reset()
	internalError("boom", []string{"simulate", "peloponnes"}, &stdout, &stderr)
	assert.Empty(t, stdout.String())
}

// wantsJSON reads --json as pflag does, also when parsing stopped before it.
func TestWantsJSON(t *testing.T) {
	for args, want := range map[string]bool{
		"simulate x --json":              true,
		"simulate x --json=true":         true,
		"simulate x --json=1":            true,
		"simulate x --json=false":        false,
		"simulate x --json=F":            false,
		"simulate x --json=0":            false,
		"simulate x --json=maybe":        true,
		"simulate x -- --json":           false,
		"simulate x --jsonx":             false,
		"simulate x --games=2 --json":    true,
		"simulate x --json --json=false": false,
	} {
		assert.Equal(t, want, wantsJSON(false, strings.Fields(args)), args)
	}
}
