package testgames

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// TestFlatReplaysTheGoldens replays every golden transcript on the flat
// runtime, the rebuilt one: its chance outcomes supplied in order (from
// another seed than the transcript's, so that they decide), its
// decisions taken by key. The flat game's log must be the transcript's,
// step for step (every chance with its name and outcome, every log line,
// every decision with its player and key), and its result the
// transcript's scores and winners. The goldens were recorded on the
// present runtime; this is the proof, game by game, that the flat one
// plays them the same. (Checks, the expressions a transcript asserts
// between steps, are the present runtime's to evaluate: not here.)
func TestFlatReplaysTheGoldens(t *testing.T) {
	steps := 0
	defer func() { t.Logf("%d goldens, %d steps replayed on the flat runtime", len(goldens(t)), steps) }()
	for _, gf := range goldens(t) {
		tr := gf.tr
		fp, err := gf.program(t).Flat()
		require.NoError(t, err, gf.path)
		var outcomes []interpreter.Outcome
		var want []interpreter.Event
		for _, st := range tr.Steps {
			switch st.Kind {
			case transcript.StepChance:
				outcomes = append(outcomes, interpreter.Outcome{Name: st.Name, Result: st.Result})
				want = append(want, interpreter.Event{Kind: interpreter.EventChance, Name: st.Name, Result: st.Result})
			case transcript.StepLog:
				want = append(want, interpreter.Event{Kind: interpreter.EventLog, Text: st.Text})
			case transcript.StepDecide:
				want = append(want, interpreter.Event{Kind: interpreter.EventDecision, Player: st.Player, Key: st.Key})
			}
		}
		// Another seed than the transcript's: the supplied outcomes, not
		// the seed's stream (which gave them when the game was recorded),
		// must decide every chance.
		g, err := fp.NewGameWithLog(tr.Players, tr.Seed^0x5eed5eed, outcomes)
		require.NoError(t, err, gf.path)
		for _, st := range tr.Steps {
			if st.Kind != transcript.StepDecide {
				continue
			}
			require.False(t, g.Over(), "%s:%d: the flat game is over before this decision", gf.path, st.Line)
			i := slices.Index(g.Keys(), st.Key)
			require.GreaterOrEqual(t, i, 0, "%s:%d: %q is not an option of the flat game (%v)", gf.path, st.Line, st.Key, g.Keys())
			require.Equal(t, st.Player, g.Player(), "%s:%d: the decider", gf.path, st.Line)
			require.NoError(t, g.Apply(i), "%s:%d", gf.path, st.Line)
		}
		got := g.Events()
		for i := range min(len(want), len(got)) {
			e := got[i]
			// A transcript keeps no step or secrecy, and its labels are
			// informational (replay ignores them; some are older than
			// the ruleset's texts): TestFlatLogsAgree compares labels.
			e.Step, e.Secret, e.Label = 0, false, ""
			require.Equal(t, want[i], e, "%s: step %d of %d", gf.path, i+1, len(want))
		}
		require.Equal(t, len(want), len(got), "%s: the steps", gf.path)
		steps += len(got)
		if tr.Unfinished {
			continue
		}
		require.True(t, g.Over(), "%s: the flat game goes on", gf.path)
		if tr.Result != nil {
			require.Equal(t, tr.Result.Scores, g.Scores(), "%s: the scores", gf.path)
			require.Equal(t, tr.Result.Winners, g.Result().Winners, "%s: the winners", gf.path)
		}
	}
}
