package sim

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// takerWins is a card's taker wins over games, paired: in game g the card
// had takers[side][g] takers, of whom wins[side][g] won (a float: shared
// wins count 1/k).
func takerWins(takers [2][]int, wins [2][]float64) *pairedStat {
	p := &pairedStat{parts: [2][]part{make([]part, len(takers[0])), make([]part, len(takers[1]))}}
	for side := range 2 {
		for g, n := range takers[side] {
			p.parts[side][g] = part{y: wins[side][g], n: float64(n)}
		}
	}
	return p
}

// A card taken in a few games, its takers winning often in A and seldom
// in B: the difference of two rates stays within ±100 points (the paired
// t interval ran to −126.3 on such a row), holds its estimate, and leaves
// out 0 exactly when p < Alpha.
func TestRateDifferenceStaysWithinTheRange(t *testing.T) {
	k := statKey{kind: kindCardTakerWins, name: "lion"}
	// Three games of six take it in A (won twice), four in B (won once,
	// and half a shared win).
	p := takerWins(
		[2][]int{{1, 0, 1, 0, 1, 0}, {0, 1, 1, 0, 1, 1}},
		[2][]float64{{1, 0, 1, 0, 0, 0}, {0, 0, 0.5, 0, 0, 1}})
	d, ok := p.difference(k)
	require.True(t, ok)
	assert.Equal(t, NewcombeMOVER, d.Test)
	assert.True(t, d.Rate)
	assert.InDelta(t, 2.0/3, d.A, 1e-12)
	assert.InDelta(t, 1.5/4, d.B, 1e-12)
	assert.GreaterOrEqual(t, d.Low, -1.0)
	assert.LessOrEqual(t, d.High, 1.0)
	assert.Less(t, d.Low, d.Diff)
	assert.Greater(t, d.High, d.Diff)
	assert.Equal(t, d.P < Alpha, d.Low > 0 || d.High < 0, "p %.4f, [%.4f, %.4f]", d.P, d.Low, d.High)

	// Random small samples: always within the range, holding the
	// estimate, and agreeing with the test.
	rng := rand.New(rand.NewPCG(1, 2))
	tested := 0
	for range 3000 {
		games := 2 + rng.IntN(12)
		var takers [2][]int
		var wins [2][]float64
		for side := range 2 {
			for range games {
				n := rng.IntN(3)
				w := 0.0
				for range n {
					if rng.IntN(3) == 0 {
						w += []float64{1, 0.5}[rng.IntN(2)]
					}
				}
				takers[side] = append(takers[side], n)
				wins[side] = append(wins[side], math.Min(w, float64(n)))
			}
		}
		d, ok := takerWins(takers, wins).difference(k)
		if !ok || d.Test != NewcombeMOVER {
			continue
		}
		tested++
		require.GreaterOrEqual(t, d.Low, -1.0, "%v %v", takers, wins)
		require.LessOrEqual(t, d.High, 1.0, "%v %v", takers, wins)
		require.LessOrEqual(t, d.Low, d.Diff+1e-12, "%v %v", takers, wins)
		require.GreaterOrEqual(t, d.High, d.Diff-1e-12, "%v %v", takers, wins)
		require.Equal(t, d.P < Alpha, d.Low > 0 || d.High < 0, "%v %v: p %.4f, [%.4f, %.4f]", takers, wins, d.P, d.Low, d.High)
	}
	assert.Greater(t, tested, 1000)

	// With many games the interval is the paired delta-method interval
	// d ± z·se that the other ratios use: the pairing keeps its power,
	// and the change shows only where the samples are small.
	rng = rand.New(rand.NewPCG(3, 4))
	var takers [2][]int
	var wins [2][]float64
	for range 4000 {
		n := 1 + rng.IntN(2)
		w := float64(rng.IntN(n + 1))
		takers[0] = append(takers[0], n)
		wins[0] = append(wins[0], w)
		if rng.IntN(4) == 0 { // B changes a quarter of the games
			w = float64(rng.IntN(n + 1))
		}
		takers[1] = append(takers[1], n)
		wins[1] = append(wins[1], w)
	}
	p = takerWins(takers, wins)
	d, ok = p.difference(k)
	require.True(t, ok)
	require.Equal(t, NewcombeMOVER, d.Test)
	se, _ := p.standardError(d.A, d.B, float64(d.NA), float64(d.NB))
	assert.InDelta(t, d.Diff-z95*se, d.Low, 0.05*z95*se)
	assert.InDelta(t, d.Diff+z95*se, d.High, 0.05*z95*se)
}
