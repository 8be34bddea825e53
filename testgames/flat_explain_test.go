package testgames

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// TestFlatExplainsTheGoldens walks every golden transcript as agon
// explain walks it, on both runtimes: each game is replayed to its first
// decision (transcript.ReplayUntil, ReplayUntilFlat), and then at every
// decision the explanation (ExplainDecision, as JSON) must be the same,
// and so must the triggers that fire as the transcript's option is taken
// with the outcomes that follow it. Its last decision is then reached
// again by ReplayUntilFlat from the start and explained alike.
func TestFlatExplainsTheGoldens(t *testing.T) {
	decisions, fired := 0, 0
	gs := goldens(t)
	for _, gf := range gs {
		p := gf.program(t)
		fp, err := p.Flat()
		require.NoError(t, err, gf.path)
		tr := gf.tr
		g, idx, err := transcript.ReplayUntil(p, tr, 1, transcript.ReplayOptions{})
		require.NoError(t, err, gf.path)
		fg, fidx, err := transcript.ReplayUntilFlat(fp, tr, 1, false)
		require.NoError(t, err, gf.path)
		require.Equal(t, idx, fidx, gf.path)
		var want, got []interpreter.TriggerFiring
		g.TraceTriggers(func(f interpreter.TriggerFiring) { want = append(want, f) })
		fg.TraceTriggers(func(f interpreter.TriggerFiring) { got = append(got, f) })
		n := 1
		for ; ; n++ {
			explainsAlike(t, g, fg, gf.path, n)
			key := tr.Steps[idx].Key
			g.SupplyOutcomes(tr.OutcomesAfter(idx + 1)...)
			fg.SupplyOutcomes(tr.OutcomesAfter(idx + 1)...)
			require.NoError(t, g.Apply(key), "%s: decision %d", gf.path, n)
			require.NoError(t, fg.ApplyKey(key), "%s: decision %d", gf.path, n)
			require.Equal(t, want, got, "%s: decision %d: the triggers fired", gf.path, n)
			decisions++
			if idx = tr.DecisionStep(n + 1); idx < 0 || g.Pending() == nil {
				break
			}
		}
		fired += len(want)
		last, _, err := transcript.ReplayUntil(p, tr, n, transcript.ReplayOptions{})
		require.NoError(t, err, gf.path)
		flast, _, err := transcript.ReplayUntilFlat(fp, tr, n, true)
		require.NoError(t, err, gf.path)
		explainsAlike(t, last, flast, gf.path, n)
	}
	require.Positive(t, fired, "no trigger fired: the tracing went unchecked")
	t.Logf("%d goldens: %d decisions explained alike, %d trigger firings", len(gs), decisions, fired)
}

// explainsAlike requires both games' explanations of their pending
// decision (decision n of the transcript) to be the same JSON.
func explainsAlike(t *testing.T, g *interpreter.Game, fg *interpreter.FlatGame, path string, n int) {
	t.Helper()
	why, err := fg.ExplainDecision()
	require.NoError(t, err, "%s: decision %d", path, n)
	want, err := json.MarshalIndent(g.ExplainDecision(), "", "  ")
	require.NoError(t, err)
	got, err := json.MarshalIndent(why, "", "  ")
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "%s: decision %d", path, n)
}
