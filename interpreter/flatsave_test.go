package interpreter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlatSaveAndLoad plays a random game of every shipped ruleset and
// variant with a log, saves it at every ninth decision, loads the save,
// saves the loaded game (the same bytes) and plays it on beside the
// original with the same choices: the same keys at every decision, the
// same log and the same result and facts.
func TestFlatSaveAndLoad(t *testing.T) {
	saves := 0
	for name, p := range shippedVariants(t) {
		fp, err := p.Flat()
		require.NoError(t, err)
		players := p.MaxPlayers()
		g, err := fp.NewGameWithLog(players, 3, nil)
		require.NoError(t, err)
		r := rand.New(rand.NewPCG(3, 7))
		for step := 0; !g.Over(); step++ {
			if step%9 == 4 {
				where := fmt.Sprintf("%s/%dp decision %d", name, players, step)
				playLoaded(t, fp, g, rand.New(rand.NewPCG(uint64(step), 1)), where)
				saves++
			}
			require.NoError(t, g.Apply(r.IntN(g.Options())))
		}
		playLoaded(t, fp, g, nil, name+" at the end")
	}
	t.Logf("%d saved games loaded and played on", saves)
}

// playLoaded saves g, loads it, and plays a clone of g and the loaded
// game to the end with r's choices, requiring the same game.
func playLoaded(t *testing.T, fp *FlatProgram, g *FlatGame, r *rand.Rand, where string) {
	t.Helper()
	data, err := g.MarshalState()
	require.NoError(t, err, where)
	h, err := UnmarshalFlatState(fp, data)
	require.NoError(t, err, where)
	again, err := h.MarshalState()
	require.NoError(t, err, where)
	require.True(t, bytes.Equal(data, again), "%s: a loaded game saves as it was saved", where)
	c := g.Clone()
	for !c.Over() {
		require.False(t, h.Over(), where)
		require.Equal(t, c.Keys(), h.Keys(), where)
		require.Equal(t, c.Pending(), h.Pending(), where)
		i := r.IntN(c.Options())
		require.NoError(t, c.Apply(i), where)
		require.NoError(t, h.Apply(i), where)
	}
	require.True(t, h.Over(), where)
	want, err := c.ResultDetails()
	require.NoError(t, err)
	got, err := h.ResultDetails()
	require.NoError(t, err)
	require.Equal(t, want, got, where)
	require.Equal(t, c.Events(), h.Events(), where)
	require.Equal(t, c.Facts(), h.Facts(), where)
}

// TestFlatLoadRefusesWhatItCannotLoad: another ruleset's game, a damaged
// or edited file, each an error that says what is wrong, never a panic.
func TestFlatLoadRefusesWhatItCannotLoad(t *testing.T) {
	var fps []*FlatProgram
	for _, p := range shippedPrograms(t) {
		fp, err := p.Flat()
		require.NoError(t, err)
		fps = append(fps, fp)
	}
	g, err := fps[0].NewGameWithLog(fps[0].Program().MinPlayers(), 1, nil)
	require.NoError(t, err)
	for range 5 {
		require.NoError(t, g.Apply(0))
	}
	data, err := g.MarshalState()
	require.NoError(t, err)
	_, err = UnmarshalFlatState(fps[1], data)
	assert.ErrorContains(t, err, "a game loads only into the ruleset that saved it")
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		require.NoError(t, json.Unmarshal(data, &m))
		f(m)
		out, err := json.Marshal(m)
		require.NoError(t, err)
		return out
	}
	for want, f := range map[string]func(m map[string]any){
		`format "agon-flat-state/9"`: func(m map[string]any) { m["format"] = "agon-flat-state/9" },
		"cells: ":                    func(m map[string]any) { m["cells"] = append(m["cells"].([]any), 1) },
		"loc: ":                      func(m map[string]any) { m["loc"] = append(m["loc"].([]any), 5) },
		"fires: ": func(m map[string]any) {
			m["fires"] = []any{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
		},
		"pending: no step": func(m map[string]any) {
			m["pending"].(map[string]any)["step"] = map[string]any{"block": 99999, "step": 0}
		},
		"frame 0: no block":           func(m map[string]any) { m["frames"].([]any)[0].(map[string]any)["block"] = 99999 },
		"payload 0 must be the empty": func(m map[string]any) { m["lists"].([]any)[0] = []any{7} },
		"rng: ":                       func(m map[string]any) { m["rng"] = "AAAA" },
		`unknown field "extra"`:       func(m map[string]any) { m["extra"] = 1 },
		"is placed in zone":           func(m map[string]any) { z := m["zones"].([]any); z[0], z[1] = z[1], z[0] },
		"no string":                   func(m map[string]any) { m["made"] = []any{}; m["cells"].([]any)[0] = 1e9 },
		"a game loads only into":      func(m map[string]any) { m["ruleset"] = "sha256:0" },
		"no player 7":                 func(m map[string]any) { m["pending"].(map[string]any)["who"] = 7 },
	} {
		_, err := UnmarshalFlatState(fps[0], edit(f))
		assert.ErrorContains(t, err, want)
	}
	for cut := 0; cut < len(data); cut += len(data)/97 + 1 {
		_, err := UnmarshalFlatState(fps[0], data[:cut])
		assert.Error(t, err, "cut at %d", cut)
	}
}
