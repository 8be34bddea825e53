package sim

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"

	"agon/interpreter"
)

// lengths are games whose lengths vary much from game to game (the deal),
// each lengthened by extra(i) in the second run.
func lengths(n int, extra func(i int) int) (a, b []Outcome) {
	for i := range n {
		base := 20 + 37*(i%9)
		a = append(a, Outcome{Index: i, Players: 2, Scores: []int{1, 0}, Winners: []int{0}, Decisions: base})
		b = append(b, Outcome{Index: i, Players: 2, Scores: []int{1, 0}, Winners: []int{0}, Decisions: base + extra(i)})
	}
	return a, b
}

// find is the difference of a statistic.
func find(t *testing.T, ds []Difference, name string) Difference {
	t.Helper()
	for _, d := range ds {
		if d.Statistic == name {
			return d
		}
	}
	require.Failf(t, "no such statistic", "%s in %v", name, ds)
	return Difference{}
}

// Every game one or two decisions longer: lost in the spread between
// games when the runs are taken as independent samples, plain when the
// games are paired.
func TestComparePairedFindsWhatIndependentSamplesMiss(t *testing.T) {
	a, b := lengths(60, func(i int) int { return 1 + i%2 })
	unpaired := find(t, Compare(Collect(a).Summarize(), Collect(b).Summarize()), "mean decisions")
	assert.False(t, unpaired.Significant, "Welch: p %.3f", unpaired.P)
	assert.Greater(t, unpaired.P, 0.5)

	paired := find(t, ComparePaired(a, b, nil), "mean decisions")
	assert.Equal(t, PairedT, paired.Test)
	assert.Equal(t, 60, paired.Pairs)
	assert.InDelta(t, unpaired.A, paired.A, 1e-9)
	assert.InDelta(t, unpaired.B, paired.B, 1e-9)
	assert.InDelta(t, 1.5, paired.Diff, 1e-9)
	assert.True(t, paired.Significant, "paired: p %g", paired.P)
	assert.Less(t, paired.P, 1e-10)

	// The interval is the paired t interval of the differences.
	diffs := make([]float64, 60)
	for i := range diffs {
		diffs[i] = float64(b[i].Decisions - a[i].Decisions)
	}
	mean, sd := stat.MeanStdDev(diffs, nil)
	assert.InDelta(t, mean, paired.Diff, 1e-12)
	half := (paired.High - paired.Low) / 2
	assert.InDelta(t, 2.0010*sd/7.7460, half, 1e-3, "t(59) 97.5%% = 2.0010, sqrt(60) = 7.746")
}

// The same games on both sides differ in nothing: no statistic is left
// to test, let alone a significant one.
func TestComparePairedIdenticalRunsHaveNoDifferences(t *testing.T) {
	a, b := lengths(40, func(int) int { return 0 })
	assert.Empty(t, ComparePaired(a, b, nil))

	out := outcomesWithFacts()
	assert.Empty(t, ComparePaired(out, out, nil))
	// Taken as independent samples, the same figures show no significant
	// difference either (every p is 1).
	for _, d := range Compare(Collect(out).Summarize(), Collect(out).Summarize()) {
		assert.False(t, d.Significant, d.Statistic)
	}
}

// A seat's win, once per game and never shared, is tested by McNemar's
// exact test on the games whose winner changed.
func TestComparePairedUsesMcNemarForWins(t *testing.T) {
	var a, b []Outcome
	for i := range 40 {
		wa, wb := i%2, i%2
		switch {
		case i < 10:
			wb = 1 // 10 games (5 of them already won by P2) go to P2
		case i < 12:
			wb = 0 // 2 games (1 already won by P1) go to P1
		}
		a = append(a, Outcome{Index: i, Players: 2, Scores: []int{1 - wa, wa}, Winners: []int{wa}, Decisions: 5})
		b = append(b, Outcome{Index: i, Players: 2, Scores: []int{1 - wb, wb}, Winners: []int{wb}, Decisions: 5})
	}
	d := find(t, ComparePaired(a, b, nil), "win rate P2")
	assert.Equal(t, McNemar, d.Test)
	// P1 → P2 in 5 games, P2 → P1 in 1: p = 2·P(X ≤ 1), X ~ Bin(6, ½) = 14/64.
	assert.InDelta(t, 14.0/64, d.P, 1e-12)
	assert.InDelta(t, 0.5, d.A, 1e-12)
	assert.InDelta(t, 0.6, d.B, 1e-12)
	assert.True(t, d.Rate)
	assert.Less(t, d.Low, 0.0, "not significant: the interval holds 0")
	assert.Greater(t, d.High, 0.0)
}

// Where the exact test finds a difference, Newcombe's interval leaves out
// 0 too, for every table of up to 30 games (the interval may leave out 0
// a little before the test does: the exact test is the more cautious);
// it holds the estimate and stays within ±100 points.
func TestMcNemarSignificantIntervalsLeaveOutZero(t *testing.T) {
	for n := 2; n <= 30; n++ {
		for both := 0; both <= n; both++ {
			for down := 0; both+down <= n; down++ {
				for up := 0; both+down+up <= n; up++ {
					tb := pairedTable{both: both, down: down, up: up, neither: n - both - down - up}
					p, lo, hi := mcnemar(tb)
					diff := float64(up-down) / float64(n)
					require.LessOrEqual(t, lo, diff+1e-12, "%+v", tb)
					require.GreaterOrEqual(t, hi, diff-1e-12, "%+v", tb)
					require.GreaterOrEqual(t, lo, -1.0, "%+v", tb)
					require.LessOrEqual(t, hi, 1.0, "%+v", tb)
					if p < Alpha {
						require.True(t, lo > 0 || hi < 0, "%+v: p %.4f, [%.4f, %.4f]", tb, p, lo, hi)
					}
				}
			}
		}
	}
}

// Newcombe's method 10 on a published table (Fagerland, Lydersen & Laake,
// Statistical Analysis of Contingency Tables, the paired 2×2 table of
// Cavo et al. 2012: 59 both, 6 before only, 16 after only, 80 neither):
// −0.0621 (−0.1186 to −0.0046) for before − after, so +0.0621 (+0.0046
// to +0.1186) for B − A with after as B.
func TestNewcombePairedPublishedExample(t *testing.T) {
	tb := pairedTable{both: 59, down: 6, up: 16, neither: 80}
	lo, hi := newcombePaired(tb)
	assert.InDelta(t, 0.0046, lo, 5e-5)
	assert.InDelta(t, 0.1186, hi, 5e-5)
	// Without a correlation (a margin empty), the Wilson intervals are
	// combined as if independent.
	assert.Equal(t, 0.0, pairedTable{both: 0, down: 0, up: 5, neither: 5}.correlation())
}

// portGames are games in which the card port was taken in A (a[i]) and
// in B (b[i]), everything else equal.
func portGames(a, b []bool) (ga, gb []Outcome) {
	game := func(i int, taken bool) Outcome {
		o := Outcome{Index: i, Players: 2, Scores: []int{0, 0}, Decisions: 1}
		if taken {
			o.Facts.Takes = []interpreter.CardTake{{Card: "port", Seat: 0, Decision: 1}}
		}
		return o
	}
	for i := range a {
		ga = append(ga, game(i, a[i]))
		gb = append(gb, game(i, b[i]))
	}
	return ga, gb
}

// The worked example of the sweep that found the old interval wanting:
// 200 games, the card taken in 17 in A, in those and 22 more in B. The
// interval that inverted the exact test ran [+7.6, +11.0], its top on the
// estimate; Newcombe's is [+6.7, +15.9].
func TestMcNemarIntervalDoesNotEndOnTheEstimate(t *testing.T) {
	a, b := make([]bool, 200), make([]bool, 200)
	for i := range 39 {
		a[i], b[i] = i < 17, true
	}
	ga, gb := portGames(a, b)
	d := find(t, ComparePaired(ga, gb, nil), "card port taken")
	assert.Equal(t, McNemar, d.Test)
	assert.InDelta(t, 0.11, d.Diff, 1e-12)
	assert.InDelta(t, 0.0669, d.Low, 5e-5)
	assert.InDelta(t, 0.1587, d.High, 5e-5)
	assert.Greater(t, d.High-d.Diff, 0.04, "the interval's top is well above the estimate")
}

// Samples where a variant only ever adds the card to games (the usual
// effect: one direction), with the true difference known: Newcombe's
// interval covers it about 95% of the time. The interval that inverted
// the exact test, conditional on the number of games that changed,
// covered it 48% of the time here.
func TestMcNemarIntervalCoverage(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	covered, samples := 0, 0
	for range 1000 {
		n := []int{100, 200}[rng.IntN(2)]
		pa, q := 0.05+0.4*rng.Float64(), 0.03+0.15*rng.Float64()
		truth := (1 - pa) * q
		a, b := make([]bool, n), make([]bool, n)
		for i := range n {
			a[i] = rng.Float64() < pa
			b[i] = a[i] || rng.Float64() < q
		}
		ga, gb := portGames(a, b)
		for _, d := range ComparePaired(ga, gb, nil) {
			if d.Statistic == "card port taken" {
				samples++
				if d.Low <= truth && truth <= d.High {
					covered++
				}
			}
		}
	}
	require.Greater(t, samples, 950, "few samples without a change")
	coverage := float64(covered) / float64(samples)
	t.Logf("coverage %.3f of %d samples", coverage, samples)
	assert.GreaterOrEqual(t, coverage, 0.93)
	assert.LessOrEqual(t, coverage, 0.99, "not so wide as to be useless")
}

// outcomesWithFacts are games of two player counts with attributes,
// counters, takes, shared wins and a failed game.
func outcomesWithFacts() []Outcome {
	var out []Outcome
	for i := range 30 {
		players := 2 + i%2
		o := Outcome{Index: i, Players: players, Decisions: 10 + i%4, Winners: []int{i % players}}
		if i%5 == 0 {
			o.Winners = []int{0, 1}
		}
		for s := range players {
			o.Scores = append(o.Scores, (i+s)%4)
			o.Facts.Seats = append(o.Facts.Seats, interpreter.SeatFacts{
				Attributes: []interpreter.NamedText{{Name: "side", Value: []string{"red", "blue"}[(i+s)%2]}},
				Counters:   []interpreter.NamedCount{{Name: "wars", Value: (i * (s + 1)) % 3}},
			})
		}
		o.Facts.Takes = []interpreter.CardTake{{Card: "lion", Seat: i % players, Decision: 1 + i%3}}
		if i%3 == 0 {
			o.Facts.Takes = append(o.Facts.Takes, interpreter.CardTake{Card: "ox", Seat: 1, Decision: 4})
		}
		if i == 7 {
			o = Outcome{Index: i, Players: players, Err: "boom"}
		}
		out = append(out, o)
	}
	return out
}

// The values side by side are the Summaries' (the figures simulate
// prints), whatever the statistic, over the games both runs finished: a
// game stopped in B only is left out of A's figures too, but for the
// rates of stopped and failed games, which count every game.
func TestComparePairedValuesAreTheSummaries(t *testing.T) {
	a := outcomesWithFacts()
	b := outcomesWithFacts()
	for i := range b {
		if b[i].Finished() {
			b[i].Decisions += i % 3
			b[i].Scores[0] += i % 2
			b[i].Winners = []int{(i + 1) % b[i].Players}
			b[i].Facts.Seats[0].Counters[0].Value++
			b[i].Facts.Takes = b[i].Facts.Takes[:1]
			b[i].Facts.Takes[0].Decision++
		}
	}
	b[3] = Outcome{Index: 3, Players: b[3].Players, Stopped: true, Err: "limit"}
	without3 := func(out []Outcome) []Outcome { return append(slices.Clone(out[:3]), out[4:]...) }
	unpaired := Compare(Collect(without3(a)).Summarize(), Collect(without3(b)).Summarize())
	paired := ComparePaired(a, b, nil)
	require.NotEmpty(t, paired)
	seen := 0
	for _, u := range unpaired {
		for _, p := range paired {
			if p.Statistic == u.Statistic {
				seen++
				assert.InDelta(t, u.A, p.A, 1e-9, u.Statistic)
				assert.InDelta(t, u.B, p.B, 1e-9, u.Statistic)
				assert.Equal(t, u.Rate, p.Rate, u.Statistic)
			}
		}
	}
	// Compare tests "games failed" (1 of 29 each); paired, it is the same
	// game on both sides, so there is nothing to test.
	assert.Equal(t, len(unpaired)-1, seen, "every statistic Compare tests, ComparePaired tests too, but one")
	for _, p := range paired {
		assert.NotEqual(t, "games failed", p.Statistic)
	}
	stopped := find(t, paired, "games stopped")
	assert.Equal(t, 30, stopped.Pairs, "the stopped rate counts every game")
	assert.InDelta(t, 1.0/30, stopped.B, 1e-12)
	assert.Equal(t, Unpaired{Paired: 28, OnlyA: 1}, CountUnpaired(a, b))
	// A card never taken in B is a difference (Compare, with no B figure
	// for it, leaves it out).
	ox := find(t, paired, "card ox taken")
	assert.InDelta(t, 0, ox.B, 1e-12)
	assert.True(t, ox.Significant)
	for _, name := range []string{"win rate P1", "win rate side=red", "mean score", "games stopped", "card ox taken", "card lion decision", "card lion taker wins", "counter wars", "counter wars (winners)"} {
		find(t, paired, name)
	}
}

// With two games, even a change in both is no evidence: every test says
// so (it used to print p < 0.0001 when the games moved alike).
func TestComparePairedFewGamesAreNotSignificant(t *testing.T) {
	a, b := lengths(2, func(int) int { return 5 })
	for i := range b {
		b[i].Winners = []int{1}
		b[i].Scores = []int{0, 1}
	}
	for _, d := range ComparePaired(a, b, nil) {
		assert.False(t, d.Significant, "%s: p %g", d.Statistic, d.P)
		assert.GreaterOrEqual(t, d.P, 0.5, d.Statistic)
	}
	length := find(t, ComparePaired(a, b, nil), "mean decisions")
	assert.Equal(t, SignTest, length.Test)
	assert.InDelta(t, 0.5, length.P, 1e-12)
	win := find(t, ComparePaired(a, b, nil), "win rate P2")
	assert.Equal(t, McNemar, win.Test)
	// Two games won by P2 instead of P1: p ½ (the exact test is the
	// cautious one here; Newcombe's interval, [+7, +100] points, just
	// leaves out 0, as it may when p ≥ Alpha).
	assert.InDelta(t, 0.5, win.P, 1e-12)

	// Twenty games all one decision longer is strong evidence.
	a, b = lengths(20, func(int) int { return 1 })
	long := find(t, ComparePaired(a, b, nil), "mean decisions")
	assert.Equal(t, SignTest, long.Test)
	assert.InDelta(t, 1.0/(1<<19), long.P, 1e-15)
	assert.True(t, long.Significant)
}

// A variant that makes six games of fifty fail in B, games in which A's
// seats had much luxury: on the 44 games B finished, the counter is the
// same on both sides, so there is no difference to find. Compared over
// A's 50 games against B's 44 it was a difference (0.27 against 0.03,
// p 0.013), as were the game's length and the counter among winners and
// others; paired on the games both finished, there is nothing to test
// but the failed games.
func TestComparePairedLeavesOutGamesOneSideDidNotFinish(t *testing.T) {
	var a, b []Outcome
	for i := range 50 {
		o := Outcome{Index: i, Players: 3, Scores: []int{1, 0, 0}, Winners: []int{0}, Decisions: 30 + i%7}
		for s := range 3 {
			luxury := 0
			if i < 6 {
				luxury = 2
			} else if i%10 == 0 && s == 0 {
				luxury = 1
			}
			o.Facts.Seats = append(o.Facts.Seats, interpreter.SeatFacts{Counters: []interpreter.NamedCount{{Name: "luxury", Value: luxury}}})
		}
		a = append(a, o)
		o.Facts.Seats = slices.Clone(o.Facts.Seats)
		for s := range o.Facts.Seats {
			o.Facts.Seats[s].Counters = slices.Clone(o.Facts.Seats[s].Counters)
		}
		if i < 6 {
			o = Outcome{Index: i, Players: 3, Err: "boom"}
		}
		b = append(b, o)
	}
	ds := ComparePaired(a, b, nil)
	require.Len(t, ds, 1, "%v", ds)
	failed := find(t, ds, "games failed")
	assert.Equal(t, McNemar, failed.Test)
	assert.Equal(t, 50, failed.NA)
	assert.Equal(t, 50, failed.NB)
	assert.InDelta(t, 6.0/50, failed.B, 1e-12)
	assert.Equal(t, Unpaired{Paired: 44, OnlyA: 6}, CountUnpaired(a, b))
	assert.Equal(t, 6, CountUnpaired(a, b).LeftOut())

	// Where B also changes the counter, the row pairs the 44 games only.
	for i := 6; i < 50; i++ {
		b[i].Facts.Seats[1].Counters[0].Value = i % 2
	}
	luxury := find(t, ComparePaired(a, b, nil), "counter luxury")
	assert.Equal(t, 44, luxury.Pairs)
	assert.Equal(t, 132, luxury.NA)
	assert.Equal(t, 132, luxury.NB)
	assert.InDelta(t, 4.0/132, luxury.A, 1e-12)
}
