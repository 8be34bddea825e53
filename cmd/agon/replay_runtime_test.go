package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replayFallbacks are the files of testgames that agon replay runs on
// the flat runtime and then again on the present one, each with a text
// of the reason: the game gives an error there (a failing run step, a
// position the rules refuse, a rejected chance outcome, a check that
// cannot compile, a game that does not start), which the present runtime
// words in its own way (transcript.FlatFallback). Every other file runs
// on the flat runtime alone.
var replayFallbacks = map[string]string{
	"invalid/scenarios/bad_run_effect.yaml":            `unknown procedure "fede"`,
	"invalid/scenarios/bad_value.yaml":                 "expected int",
	"invalid/scenarios/card_zone.yaml":                 "zone cannot be set",
	"invalid/scenarios/constant_in_position.yaml":      "is a constant",
	"invalid/scenarios/run_fails.yaml":                 "ruleset failure",
	"invalid/scenarios/run_never_ends.yaml":            "limit MaxEffects",
	"invalid/scenarios/unknown_card.yaml":              `no card "coin_wod"`,
	"invalid/scenarios/unknown_zone.yaml":              `"dispaly" is not a global zone`,
	"invalid/transcripts/check_reaches_game.yaml":      "$env is not available",
	"invalid/transcripts/other_game.yaml":              "supplied chance outcome",
	"invalid/transcripts/shuffle_late_duplicate.yaml":  "is listed twice",
	"invalid/transcripts/shuffle_missing_card.yaml":    "missing: tiryns",
	"invalid/transcripts/shuffle_not_permutation.yaml": "is listed twice",
}

// TestReplayRunsAlikeOnBothRuntimes runs every transcript and scenario
// file of testgames, every game's and the broken ones, through agon
// replay on the flat runtime (the default) and on the present one
// (--runtime present): the text output, the --json output (but for
// "runtime" and "runtime_reason") and the exit code must be the same.
// The files that run on the present runtime after the flat run stopped
// are those of replayFallbacks, for the reason given; the others run on
// the flat runtime. Replayed all at once (one program for the files of
// a game and variant), each file's outcome is the one it has alone.
func TestReplayRunsAlikeOnBothRuntimes(t *testing.T) {
	root := filepath.Join("..", "..", "testgames")
	var files []string
	for _, pattern := range []string{"*/*.yaml", "*/scenarios/*.yaml", "invalid/*/*.yaml"} {
		found, err := filepath.Glob(filepath.Join(root, pattern))
		require.NoError(t, err)
		files = append(files, found...)
	}
	slices.Sort(files)
	files = slices.Compact(files)
	require.Greater(t, len(files), 150)
	runtimes := regexp.MustCompile(`\s*"runtime(_reason)?": "(\\.|[^"\\])*",?`)
	flat, fellBack := 0, map[string]string{}
	var alone []map[string]any // each file's --json, replayed alone
	for _, file := range files {
		name := filepath.ToSlash(strings.TrimPrefix(file, root+string(filepath.Separator)))
		code, out, errOut := runCLI(t, "", "replay", file)
		pCode, pOut, pErrOut := runCLI(t, "", "replay", file, "--runtime", "present")
		assert.Equal(t, pCode, code, "%s: exit code", name)
		assert.Equal(t, pOut, out, "%s: stdout", name)
		assert.Equal(t, pErrOut, errOut, "%s: stderr", name)

		code, out, errOut = runCLI(t, "", "replay", file, "--json")
		pCode, pOut, _ = runCLI(t, "", "replay", file, "--json", "--runtime", "present")
		assert.Equal(t, pCode, code, "%s: exit code (--json)", name)
		assert.Equal(t, runtimes.ReplaceAllString(pOut, ""), runtimes.ReplaceAllString(out, ""), "%s: --json", name)
		var rep replayJSON
		require.NoError(t, json.Unmarshal([]byte(out), &rep), "%s: %s%s", name, out, errOut)
		var obj map[string]any
		require.NoError(t, json.Unmarshal([]byte(runtimes.ReplaceAllString(out, "")), &obj), name)
		alone = append(alone, obj)
		switch rep.Runtime {
		case runtimeFlat:
			flat++
			assert.Empty(t, rep.RuntimeReason, name)
		case runtimePresent:
			fellBack[name] = rep.RuntimeReason
		default:
			assert.Empty(t, rep.Runtime, "%s: runtime", name) // it did not load: neither ran
		}
	}
	for name, reason := range fellBack {
		why, listed := replayFallbacks[name]
		assert.True(t, listed, "%s: replayed on the present runtime, not listed in replayFallbacks: %s", name, reason)
		assert.Contains(t, reason, why, "%s: replayed on the present runtime for another reason than listed", name)
	}
	for name := range replayFallbacks {
		_, ok := fellBack[name]
		assert.True(t, ok, "%s: listed in replayFallbacks, but it is not replayed on the present runtime: take it off the list", name)
	}
	t.Logf("%d files: %d replayed on the flat runtime, %d on the present one after it", len(files), flat, len(fellBack))
	for _, runtime := range []string{"auto", "present"} {
		_, out, _ := runCLI(t, "", append([]string{"replay", "--json", "--runtime", runtime}, files...)...)
		var all struct{ Files []map[string]any }
		require.NoError(t, json.Unmarshal([]byte(runtimes.ReplaceAllString(out, "")), &all), runtime)
		require.Len(t, all.Files, len(files), runtime)
		for i, obj := range all.Files {
			assert.Equal(t, alone[i], obj, "%s replayed with the others, --runtime %s", files[i], runtime)
		}
	}
}

// With --variant, the same decisions replayed under a variant run on the
// flat runtime too, and say the same as on the present one: for the
// peloponnes goldens and for copies whose decision halfway through is
// another (which diverge under their own rules too: own_rules).
func TestReplayVariantRunsAlikeOnBothRuntimes(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "testgames", "peloponnes", "*.yaml"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	dir := t.TempDir()
	for _, file := range slices.Clone(files) {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		lines := strings.Split(string(data), "\n")
		for i := len(lines) / 2; i < len(lines); i++ {
			if strings.HasPrefix(lines[i], "    key: ") {
				lines[i] = "    key: pass"
				break
			}
		}
		changed := filepath.Join(dir, filepath.Base(file))
		require.NoError(t, os.WriteFile(changed, []byte(strings.Join(lines, "\n")), 0o644))
		files = append(files, changed)
	}
	ownRules := 0
	for _, file := range files {
		for _, variant := range []string{"harsh-catastrophes", "open-conquest", ""} {
			code, out, errOut := runCLI(t, "", "replay", file, "--variant", variant)
			pCode, pOut, pErrOut := runCLI(t, "", "replay", file, "--variant", variant, "--runtime", "present")
			assert.Equal(t, pCode, code, "%s --variant %q: exit code", file, variant)
			assert.Equal(t, pOut, out, "%s --variant %q: stdout", file, variant)
			assert.Equal(t, pErrOut, errOut, "%s --variant %q: stderr", file, variant)
			if strings.Contains(out, "does not replay under its own rules") {
				ownRules++
			}
		}
	}
	assert.Positive(t, ownRules, "no replay under a variant diverged under its own rules first")
}

// A transcript of a ruleset the flat runtime does not cover replays on
// the present runtime, and --json says so and why, as simulate's header
// does; --runtime present asks for it; the text output says nothing of
// the runtime; another --runtime is a usage error.
func TestReplaySaysWhichRuntimeRan(t *testing.T) {
	dir := uncoveredRuleset(t)
	file := filepath.Join(t.TempDir(), "t.yaml")
	code, _, errOut := runCLI(t, "", "record", dir, "--players", "2", "--seed", "1", "-o", file)
	require.Equal(t, exitOK, code, errOut)
	code, out, errOut := runCLI(t, "", "replay", "--ruleset", dir, file, "--json")
	require.Equal(t, exitOK, code, errOut)
	assert.Contains(t, out, `"runtime": "present"`)
	assert.Contains(t, out, `"runtime_reason": "the flat runtime does not cover it yet: `)
	code, out, _ = runCLI(t, "", "replay", "--ruleset", dir, file)
	require.Equal(t, exitOK, code)
	assert.NotContains(t, out, "runtime")

	golden := filepath.Join("..", "..", "testgames", "peloponnes", "2p-shared-win.yaml")
	code, out, _ = runCLI(t, "", "replay", golden, "--json")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, `"runtime": "flat"`)
	assert.NotContains(t, out, "runtime_reason")
	code, out, _ = runCLI(t, "", "replay", golden, "--json", "--runtime", "present")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, `"runtime_reason": "asked for (--runtime present)"`)
	code, _, errOut = runCLI(t, "", "replay", golden, "--runtime", "fast")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut, `--runtime "fast": give auto (the flat runtime, where it covers the ruleset) or present`)
}
