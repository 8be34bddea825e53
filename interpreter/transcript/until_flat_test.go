package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ReplayUntilFlat stops where ReplayUntil stops, with the same decision
// pending, and fails as it fails: a decision out of range, an earlier
// divergence.
func TestReplayUntilFlatStopsWhereReplayUntilStops(t *testing.T) {
	p, tr := untilTranscript(t)
	fp, err := p.Flat()
	require.NoError(t, err)
	for n := 0; n <= 5; n++ {
		g, idx, err := ReplayUntil(p, tr, n, ReplayOptions{})
		fg, fidx, ferr := ReplayUntilFlat(fp, tr, n, true)
		if err != nil {
			require.Error(t, ferr, "decision %d", n)
			assert.Equal(t, err.Error(), ferr.Error(), "decision %d", n)
			continue
		}
		require.NoError(t, ferr, "decision %d", n)
		assert.Equal(t, idx, fidx, "decision %d", n)
		assert.Equal(t, g.Decisions(), fg.Decisions(), "decision %d", n)
		assert.Equal(t, g.Pending(), fg.Pending(), "decision %d", n)
		why, err := fg.ExplainDecision()
		require.NoError(t, err)
		assert.Equal(t, g.ExplainDecision(), why, "decision %d", n)
	}
	first := tr.DecisionStep(1)
	for i := first + 1; i < len(tr.Steps); i++ {
		if tr.Steps[i].Kind == StepLog {
			tr.Steps[i].Text = "P1 takes nothing"
			break
		}
	}
	_, _, err = ReplayUntil(p, tr, 3, ReplayOptions{})
	require.Error(t, err)
	_, _, ferr := ReplayUntilFlat(fp, tr, 3, false)
	require.Error(t, ferr)
	assert.Equal(t, err.Error(), ferr.Error())
	assert.Contains(t, ferr.Error(), `expected log "P1 takes nothing"`)
}
