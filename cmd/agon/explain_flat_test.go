package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// TestExplainRunsOnTheFlatRuntime: agon explain explains the goldens'
// decisions on the flat runtime, and what it says (the --json form: the
// options, refused ones with their false parts, the position, the
// triggers and log after the step) is what the present runtime says.
func TestExplainRunsOnTheFlatRuntime(t *testing.T) {
	files, err := filepath.Glob("../../testgames/*/*.yaml")
	require.NoError(t, err)
	flat := 0
	for _, f := range files {
		tr, p, _, err := openReplay(replayParams{}, f)
		require.NoError(t, err, f)
		for _, step := range []int{1, tr.Decisions() / 2, tr.Decisions()} {
			if step < 1 {
				continue
			}
			prm := explainParams{File: f, Step: step, Full: step%2 == 0}
			var got explainJSON
			if !explainOnFlat(&got, prm, tr, p) {
				continue
			}
			flat++
			var want explainJSON
			g, idx, err := transcript.ReplayUntil(p, tr, step, transcript.ReplayOptions{Check: interpreter.CheckExpr})
			require.NoError(t, err, f)
			require.NoError(t, explainAt(&want, prm, tr, presentExplain{g}, idx))
			if want.Taken.Problem == "" {
				want.Differs = differsAfter(p, tr, step)
			}
			a, _ := json.Marshal(want)
			b, _ := json.Marshal(got)
			assert.JSONEq(t, string(a), string(b), "%s step %d", f, step)
		}
	}
	assert.Greater(t, flat, 2*len(files), "the goldens' decisions explained on the flat runtime")
}
