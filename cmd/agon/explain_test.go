package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// explainGolden is a shipped transcript in which a catastrophe (a
// trigger) fires after decision 68.
const explainGolden = "../../testgames/peloponnes/5p-all-catastrophes.yaml"

func TestExplainShowsTheDecisionItsOptionsAndWhatFollowed(t *testing.T) {
	requireCore(t)
	code, out, stderr := runCLI(t, "", "explain", explainGolden, "--step", "68")
	require.Equal(t, exitOK, code, stderr+out)
	assert.Regexp(t, `(?m)^ruleset: \S*rulesets/peloponnes$`, out)
	assert.Contains(t, out, "decision 68 of 196 (../../testgames/peloponnes/5p-all-catastrophes.yaml:299): P2 decides\n")
	assert.Regexp(t, `(?m)^rule: \S*rulesets/peloponnes/economy\.yaml:\d+:\d+$`, out, "the choose's place")
	assert.Contains(t, out, "position, as P2 sees it:\n")
	assert.Regexp(t, `(?m)^    hand: .*coin`, out, "the seat's own hand, card by card")
	assert.Regexp(t, `(?m)^  P1: .*\| hand: \d+ \|`, out, "another seat's hand: only its size")
	assert.Contains(t, out, "legal options (2):\n  coin k=inhabitants  (a coin card showing inhabitants)\n      for_each: players[p].hand gives k = ")
	assert.Contains(t, out, "refused options (1):\n  luxury\n      when: luxury_for_coin(p, 1) is false (p is 1)\n")
	assert.Contains(t, out, "taken: P2 coin k=wood (a coin card showing wood)\n")
	assert.Regexp(t, `automatic rules that fired after it \(1\):\n  catastrophe \(\S*rulesets/peloponnes/catastrophes\.yaml:10:5\)\n`, out)
	assert.Regexp(t, `  trigger catastrophe fires \(\S*catastrophes\.yaml:10:5\)\n  log: Catastrophe: plague!\n`, out,
		"the trigger in the order of what happened")
	assert.Contains(t, out, "next: P1 decides (decision 69): P1: the plague strikes Sparta\n")
}

func TestExplainJSON(t *testing.T) {
	requireCore(t)
	code, out, stderr := runCLI(t, "", "explain", explainGolden, "--step", "1", "--json")
	require.Equal(t, exitOK, code, stderr+out)
	var got struct {
		Step, Decisions, Line, Player int
		Position                      string
		Decision                      struct {
			Prompt         string
			Legal, Refused []struct {
				Key     string
				Legal   bool
				Because []string
			}
		}
		Taken    struct{ Key, Problem string }
		Triggers []any
		After    []string
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got), out)
	assert.Equal(t, 1, got.Step)
	assert.Equal(t, 196, got.Decisions)
	assert.Equal(t, 0, got.Player)
	assert.Contains(t, got.Position, "tableau: Sparta")
	require.Len(t, got.Decision.Legal, 6)
	assert.Equal(t, "pass", got.Decision.Legal[0].Key)
	require.Len(t, got.Decision.Refused, 1)
	assert.Equal(t, "bid c=granary", got.Decision.Refused[0].Key)
	assert.False(t, got.Decision.Refused[0].Legal)
	assert.Contains(t, got.Decision.Refused[0].Because, "when: need(p, c) <= purse(p) is false (need(p, c) is 5, purse(p) is 4)")
	assert.Equal(t, "bid c=carpenters_workshop", got.Taken.Key)
	assert.Empty(t, got.Taken.Problem)
	assert.Empty(t, got.Triggers)
	assert.NotNil(t, got.After, "[] when nothing was logged, never null")
}

func TestExplainStepOutOfRange(t *testing.T) {
	requireCore(t)
	for _, step := range []string{"0", "197"} {
		code, _, stderr := runCLI(t, "", "explain", explainGolden, "--step", step)
		assert.Equal(t, exitUsage, code, step)
		assert.Contains(t, stderr, "5p-all-catastrophes.yaml has decisions 1 to 196; there is no decision "+step+": give --step from 1 to 196", step)
	}
	code, _, stderr := runCLI(t, "", "explain", explainGolden)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "which decision? give --step N (from 1)")
}

// brokenGolden writes a copy of explainGolden with one line replaced.
func brokenGolden(t *testing.T, old, new string) string {
	t.Helper()
	data, err := os.ReadFile(explainGolden)
	require.NoError(t, err)
	require.Contains(t, string(data), old)
	file := filepath.Join(t.TempDir(), "broken.yaml")
	require.NoError(t, os.WriteFile(file, []byte(strings.Replace(string(data), old, new, 1)), 0o644))
	return file
}

func TestExplainDivergingTranscript(t *testing.T) {
	requireCore(t)
	file := brokenGolden(t, "  - log: P1 bids 3 on Carpenter's Workshop\n", "  - log: P1 bids 4 on Carpenter's Workshop\n")
	code, out, stderr := runCLI(t, "", "explain", file, "--step", "5")
	require.Equal(t, exitOK, code, "decision 5 comes before the changed log: %s", stderr)
	assert.Contains(t, out, "decision 5 of 196")
	// replay sends here to see what the rules did after decision 5: say
	// what the transcript has instead (it listed the rules' log alone).
	assert.Contains(t, out, "  log: P1 bids 3 on Carpenter's Workshop\nbut the transcript differs: "+file+`:44: step 20 (after decision 5): expected log "P1 bids 4 on Carpenter's Workshop", got log "P1 bids 3 on Carpenter's Workshop"`+"\n")
	code, out, _ = runCLI(t, "", "explain", file, "--step", "5", "--json")
	require.Equal(t, exitOK, code)
	assert.Contains(t, out, `"differs": "`+file+`:44: step 20 (after decision 5): expected log`)
	code, out, _ = runCLI(t, "", "explain", file, "--step", "4")
	require.Equal(t, exitOK, code)
	assert.NotContains(t, out, "differs", "nothing differs after decision 4")

	code, _, stderr = runCLI(t, "", "explain", file, "--step", "6")
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "error: the transcript does not replay up to decision 6:\n")
	assert.Contains(t, stderr, `broken.yaml:44: step 20 (after decision 5): expected log "P1 bids 4 on Carpenter's Workshop", got log "P1 bids 3 on Carpenter's Workshop"`)
	assert.Contains(t, stderr, "to see the decision before it and what the rules did after it: agon explain "+file+" --step 5\n")
	// The transcript has the rules' own hash: it was edited, not recorded
	// with other rules (which the message said).
	assert.NotContains(t, stderr, "another version of the rules")
	assert.Contains(t, stderr, "the transcript differs from these rules there (its ruleset: line is theirs, or it has none): correct that step, or explain a decision before it\n")

	data, err := os.ReadFile(file)
	require.NoError(t, err)
	other := regexp.MustCompile(`(?m)^ruleset: .*$`).ReplaceAll(data, []byte("ruleset: sha256:0000000000000000"))
	require.NoError(t, os.WriteFile(file, other, 0o644))
	code, _, stderr = runCLI(t, "", "explain", file, "--step", "6")
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "explain it with the rules it was recorded with (--ruleset DIR), or record it again (agon record)")
}

func TestExplainAnIllegalDecision(t *testing.T) {
	requireCore(t)
	file := brokenGolden(t, "    key: coins n=3\n", "    key: coins n=9\n")
	code, out, stderr := runCLI(t, "", "explain", file, "--step", "2")
	require.Equal(t, exitOK, code, "the decision itself is explained: %s", stderr)
	assert.Contains(t, out, "taken: P1 coins n=9\n  but \"coins n=9\" is not a legal option here: the rules do not consider it at all (legal: coins n=1, coins n=2, coins n=3, coins n=4)\n")
	assert.NotContains(t, out, "automatic rules that fired")

	code, _, stderr = runCLI(t, "", "explain", file, "--step", "3")
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, stderr, "to see why the rules differ there, explain that decision: agon explain "+file+" --step 2\n")
}

func TestExplainARefusedDecision(t *testing.T) {
	requireCore(t)
	file := brokenGolden(t, "    key: bid c=carpenters_workshop\n", "    key: bid c=granary\n")
	code, out, stderr := runCLI(t, "", "explain", file, "--step", "1")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "  bid c=granary\n      for_each: biddable() gives c = granary\n      when: need(p, c) <= purse(p) is false (need(p, c) is 5, purse(p) is 4)\n")
	assert.Contains(t, out, `but "bid c=granary" is not a legal option here: the rules refused it (see the refused options)`)
}

func TestExplainRefusesAScenarioFile(t *testing.T) {
	requireCore(t)
	code, _, stderr := runCLI(t, "", "explain", "../../testgames/peloponnes/scenarios/luxury-cap-17.yaml", "--step", "1")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "is a scenario file: explain reads transcripts")
}

// A replay's divergence names the decision as explain --step counts
// decisions, and the explain command it prints works.
func TestReplayDivergenceNamesTheDecisionExplainTakes(t *testing.T) {
	requireCore(t)
	file := brokenGolden(t, "    key: coins n=3\n", "    key: coins n=9\n")
	code, out, _ := runCLI(t, "", "replay", file)
	require.Equal(t, exitProblems, code, out)
	assert.Regexp(t, `broken\.yaml:\d+: decision 2 \(step \d+\): expected decision "coins n=9" by P1 \(decide: 0\), but it is not legal here`, out)
	cmd := "agon explain " + file + " --step 2"
	require.Contains(t, out, "to see why the rules differ there, explain that decision: "+cmd+"\n")
	code, out, stderr := runCLI(t, "", strings.Fields(cmd)[1:]...)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, `but "coins n=9" is not a legal option here`)

	code, out, _ = runCLI(t, "", "replay", file, "--json")
	require.Equal(t, exitProblems, code, out)
	assert.Contains(t, out, `"decision": 2,`)

	file = brokenGolden(t, "  - log: P1 bids 3 on Carpenter's Workshop\n", "  - log: P1 bids 4 on Carpenter's Workshop\n")
	code, out, _ = runCLI(t, "", "replay", file)
	require.Equal(t, exitProblems, code, out)
	assert.Contains(t, out, "broken.yaml:44: step 20 (after decision 5): expected log")
	assert.Contains(t, out, "agon explain "+file+" --step 5\n")
}

// replay --json's divergence step counts every step, explain's --step
// decisions only, so a script passing one to the other landed elsewhere:
// the divergence carries the explain command itself and says whether it
// is at the decision or after it.
func TestReplayJSONGivesTheExplainCommand(t *testing.T) {
	requireCore(t)
	for _, c := range []struct {
		old, new, at string
		decision     float64
	}{
		{"    key: coins n=3\n", "    key: coins n=9\n", "decision", 2},
		{"  - log: P1 bids 3 on Carpenter's Workshop\n", "  - log: P1 bids 4 on Carpenter's Workshop\n", "after", 5},
	} {
		file := brokenGolden(t, c.old, c.new)
		code, out, _ := runCLI(t, "", "replay", file, "--json")
		require.Equal(t, exitProblems, code, out)
		var rep struct{ Divergence map[string]any }
		require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
		d := rep.Divergence
		assert.Equal(t, c.decision, d["decision"])
		assert.Equal(t, c.at, d["at"])
		assert.Equal(t, fmt.Sprintf("agon explain %s --step %d", file, int(c.decision)), d["explain"])
		assert.NotEqual(t, d["decision"], d["step"], "step counts every step")

		code, text, _ := runCLI(t, "", "replay", file)
		require.Equal(t, exitProblems, code)
		assert.Contains(t, text, d["explain"].(string)+"\n", "the command the text prints")
		code, _, stderr := runCLI(t, "", strings.Fields(d["explain"].(string))[1:]...)
		assert.Equal(t, exitOK, code, stderr)
	}
}
