package sim

import (
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

// McNemar's interval inverts its test: it excludes 0 exactly when p <
// 0.05, whatever the counts.
func TestMcNemarIntervalAgreesWithItsTest(t *testing.T) {
	for down := range 12 {
		for up := range 12 {
			p, lo, hi := mcnemar(down, up, 40)
			diff := float64(up-down) / 40
			assert.LessOrEqual(t, lo, diff+1e-12, "%d %d", down, up)
			assert.GreaterOrEqual(t, hi, diff-1e-12, "%d %d", down, up)
			excludes := lo > 0 || hi < 0
			assert.Equal(t, p < Alpha, excludes, "down %d up %d: p %.4f, [%.4f, %.4f]", down, up, p, lo, hi)
		}
	}
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
// prints), whatever the statistic.
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
	unpaired := Compare(Collect(a).Summarize(), Collect(b).Summarize())
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
	// Compare tests "games failed" (1 of 30 each); paired, it is the same
	// game on both sides, so there is nothing to test.
	assert.Equal(t, len(unpaired)-1, seen, "every statistic Compare tests, ComparePaired tests too, but one")
	for _, p := range paired {
		assert.NotEqual(t, "games failed", p.Statistic)
	}
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
	assert.Less(t, win.Low, 0.0, "two games won by P2 instead of P1: the interval still holds 0")

	// Twenty games all one decision longer is strong evidence.
	a, b = lengths(20, func(int) int { return 1 })
	long := find(t, ComparePaired(a, b, nil), "mean decisions")
	assert.Equal(t, SignTest, long.Test)
	assert.InDelta(t, 1.0/(1<<19), long.P, 1e-15)
	assert.True(t, long.Significant)
}
