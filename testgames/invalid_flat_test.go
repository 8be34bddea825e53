package testgames

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/sim"
	"agon/interpreter/transcript"
	"agon/rulesets"
)

// Every ruleset of invalid/run (each fails at run time: a division by
// zero, an option offered twice, a runaway loop, hostile expressions…)
// simulates alike on the flat runtime and on the present one: sim.PlayGame,
// which plays on the flat runtime and gives a game that fails there to
// the present one, reports what sim.PlayGamePresent reports, error text
// and all. An option offered twice was a game the flat runtime finished
// where the present one refused it.
func TestInvalidRunSimulatesAlike(t *testing.T) {
	const root = "invalid/run"
	fsys := os.DirFS(root)
	for _, name := range invalidDirs(t, root) {
		p, err := interpreter.Load(fsys, name, "")
		require.NoError(t, err, name)
		players := p.MinPlayers()
		// One game a bot kind: the hostile expressions' games take a
		// second each to meet their limits.
		for _, kind := range []string{"random", "first"} {
			kinds := slices.Repeat([]string{kind}, players)
			require.Equal(t, sim.PlayGamePresent(p, players, 1, kinds), sim.PlayGame(p, players, 1, kinds), "%s %s", name, kind)
		}
	}
}

// flatRunGaps are the cases of invalid/run that fail otherwise on the
// flat runtime, each with a text of the flat error: where a typed
// closure gives up (the game is then played on the present runtime,
// which words the error). (legal_if_after, repeat and the log of
// log_too_long, which the flat runtime now covers, give up where the
// present runtime fails: in the look-ahead, past the memory budget.)
var flatRunGaps = map[string]string{
	"add_overflows":             "gave up",
	"division_by_zero":          "gave up",
	"expr_exponential_calls":    "gave up",
	"expr_nested_predicates":    "gave up",
	"expr_repeat_bomb":          "gave up",
	"expr_string_doubling":      "gave up",
	"expression_overflows":      "gave up",
	"function_result_overflows": "gave up",
	"graph_unknown_node":        "gave up",
	"index_out_of_range":        "gave up",
	"legal_if_after_error":      "gave up",
	"log_too_long":              "gave up",
	"max_of_empty_list":         "gave up",
	"recursion_never_ends":      "gave up",
	"report_counter_fails":      "gave up",
	"scoring_fails":             "gave up",
	"state_grows_every_step":    "gave up",
	"unknown_card_id":           "gave up",
	"untyped_overflows":         "gave up",
	"zone_family_unknown_key":   "gave up",
}

// Every ruleset of invalid/run that the flat runtime covers fails there
// with the present runtime's error, a *RuntimeError naming the place,
// the block and the decisions taken, when both play the first option of
// every decision with a log (as a replay does): a failing transcript or
// scenario reads the same on both. Those listed in flatRunGaps fail
// otherwise, for the reason given.
func TestInvalidRunFailsAlikeOnTheFlatRuntime(t *testing.T) {
	const root = "invalid/run"
	fsys := os.DirFS(root)
	for _, name := range invalidDirs(t, root) {
		p, err := interpreter.Load(fsys, name, "")
		require.NoError(t, err, name)
		fp, err := p.Flat()
		if err != nil {
			continue // the present runtime plays it
		}
		want := fmt.Sprint(firstOptionGame(p))
		got := fmt.Sprint(firstOptionFlatGame(fp, p.MinPlayers()))
		why, listed := flatRunGaps[name]
		switch {
		case got == want && listed:
			t.Errorf("%s: listed in flatRunGaps (%s), but it fails alike: take it off the list", name, why)
		case got != want && !listed:
			t.Errorf("%s: the flat runtime fails with\n\t%s\nnot\n\t%s", name, got, want)
		case got != want && !strings.Contains(got, why):
			t.Errorf("%s: listed in flatRunGaps for %q, but fails with %s", name, why, got)
		}
	}
}

// firstOptionGame plays a game of p with the fewest players and the
// default limits, every decision taking the first option, and returns
// its error.
func firstOptionGame(p *interpreter.Program) error {
	g, err := interpreter.NewGame(p, interpreter.Config{Players: p.MinPlayers(), Seed: 1})
	for err == nil && !g.Over() {
		err = g.Apply(g.Pending().Options[0].Key)
	}
	return err
}

// firstOptionFlatGame is firstOptionGame on the flat runtime, with a log.
func firstOptionFlatGame(fp *interpreter.FlatProgram, players int) error {
	g, err := fp.NewGameWithLog(players, 1, nil)
	for err == nil && !g.Over() {
		err = g.Apply(0)
	}
	return err
}

// Every broken transcript of invalid/transcripts fails on the flat
// runtime (transcript.ReplayFlat) with the error it fails with on the
// present one.
func TestInvalidTranscriptsFailAlikeOnTheFlatRuntime(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	require.NoError(t, err)
	fp, err := p.Flat()
	require.NoError(t, err)
	files, err := filepath.Glob("invalid/transcripts/*.yaml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		tr, err := transcript.Read(file, data)
		if err != nil {
			continue // not replayed on either
		}
		_, want := transcript.Replay(p, tr, transcript.ReplayOptions{Check: interpreter.CheckExpr})
		_, got := transcript.ReplayFlat(fp, tr, true)
		require.Error(t, want, file)
		assert.Equal(t, want.Error(), fmt.Sprint(got), file)
	}
}
