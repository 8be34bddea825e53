package sim

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
)

// synthetic makes n outcomes with facts: seat 0 is "red" and wins games
// where i%3 == 0, card "lion" goes to seat i%players, a shared win every
// 7th game, a failed game every 11th and a stopped one every 13th.
func synthetic(n int) []Outcome {
	out := make([]Outcome, n)
	for i := range out {
		players := 2 + i%3
		o := Outcome{Index: i, Players: players, Seed: uint64(100 + i), Decisions: 10 + i%5}
		switch {
		case i%11 == 5:
			o.Err = "boom"
		case i%13 == 6:
			o.Err, o.Stopped = "more than 20000 decisions", true
		default:
			o.Scores = make([]int, players)
			for s := range players {
				o.Scores[s] = (i*7 + s*3) % 17
			}
			o.Winners = []int{i % players}
			if i%7 == 0 {
				o.Winners = []int{0, 1}
			}
			o.Facts = facts(i, players)
		}
		out[i] = o
	}
	return out
}

// facts are synthetic Facts for game i.
func facts(i, players int) interpreter.Facts {
	f := interpreter.Facts{Seats: make([]interpreter.SeatFacts, players)}
	for s := range players {
		colour := "blue"
		if s == 0 {
			colour = "red"
		}
		f.Seats[s] = interpreter.SeatFacts{
			Attributes: []interpreter.NamedText{{Name: "colour", Value: colour}},
			Counters:   []interpreter.NamedCount{{Name: "disasters", Value: (i + s) % 4}},
		}
	}
	f.Takes = []interpreter.CardTake{{Card: "lion", Seat: i % players, Decision: i % 9}, {Card: "lion", Seat: i % players, Decision: 9}}
	if i%2 == 0 {
		f.Takes = append(f.Takes, interpreter.CardTake{Card: "owl", Seat: 1, Decision: 3})
	}
	return f
}

func TestTallyCountsOutcomes(t *testing.T) {
	s := Collect(synthetic(3)).Summarize()
	// Games 0 (2 players, shared 0+1), 1 (3 players, P2 wins), 2 (4 players, P3 wins).
	assert.Equal(t, 3, s.Games)
	assert.Equal(t, 0, s.Errors)
	require.Len(t, s.WinRateBySeat, 4)
	assert.InDelta(t, 0.5, s.WinRateBySeat[0].Wins, 1e-12)
	assert.Equal(t, 3, s.WinRateBySeat[0].Games)
	assert.InDelta(t, 1.5, s.WinRateBySeat[1].Wins, 1e-12)
	assert.InDelta(t, 1, s.WinRateBySeat[2].Wins, 1e-12)
	assert.Equal(t, 9, s.Scores.N)
	assert.Equal(t, 3, s.Decisions.N)
	assert.InDelta(t, 11, s.Decisions.Mean, 1e-12)
	assert.InDelta(t, 1, s.Decisions.SD, 1e-12)

	require.Len(t, s.WinRateByAttribute, 2)
	assert.Equal(t, AttributeRate{Name: "colour", Value: "blue", Rate: NewRate(2.5, 6)}, s.WinRateByAttribute[0])
	assert.Equal(t, "red", s.WinRateByAttribute[1].Value)
	assert.InDelta(t, 0.5, s.WinRateByAttribute[1].Wins, 1e-12)

	require.Len(t, s.Cards, 2)
	lion := s.Cards[0]
	assert.Equal(t, "lion", lion.Card)
	assert.Equal(t, 3, lion.Taken.Games)
	assert.InDelta(t, 1, lion.Taken.Rate, 1e-12)
	assert.Equal(t, 6, lion.Times, "twice a game")
	assert.Equal(t, 3, lion.TakerWins.Games, "one taker a game, counted once")
	assert.InDelta(t, 2.5/3, lion.TakerWins.Rate, 1e-12, "P1 of a shared win, then the winners")
	assert.InDelta(t, 2.0/3, s.Cards[1].Taken.Rate, 1e-12, "owl in games 0 and 2")

	require.Len(t, s.Counters, 1)
	c := s.Counters[0]
	assert.Equal(t, 9, c.All.N)
	assert.Equal(t, 4, c.Winners.N, "2 shared winners + 2 winners")
	assert.Equal(t, 5, c.Others.N)
}

func TestTallyCountsFailedAndStoppedGamesApart(t *testing.T) {
	s := Collect(synthetic(30)).Summarize()
	assert.Equal(t, 30, s.Games)
	assert.Equal(t, 3, s.Errors, "games 6, 17, 28")
	assert.Equal(t, 2, s.Stopped, "games 7, 20")
	assert.Equal(t, 25, s.Finished())
	assert.Equal(t, "game 6 (4 players, seed 105): boom", s.ErrorMessages[0])
	assert.Contains(t, s.StopMessages[0], "game 7 (2 players, seed 106): more than 20000 decisions")
	assert.Equal(t, 25, s.Decisions.N)
	assert.Equal(t, 25, s.Cards[0].Taken.Games, "the share of finished games")
}

func TestMarginIsTheLeadOverTheNextBest(t *testing.T) {
	assert.Equal(t, 3, margin([]int{5, 8, 2}))
	assert.Equal(t, 0, margin([]int{8, 8, 2}))
	assert.Equal(t, 0, margin([]int{4}))
}

// Shards merged, in any grouping, equal one run on the same games, field
// by field, also after a round trip through JSON (the shard files).
func TestShardsMergedEqualOneRun(t *testing.T) {
	all := synthetic(200)
	whole := Collect(all)
	for _, n := range []int{1, 2, 3, 7} {
		merged := &Stats{}
		for i := n - 1; i >= 0; i-- { // merged in reverse order
			var part []Outcome
			for _, g := range (Shard{Index: i, Count: n}).Indices(len(all)) {
				part = append(part, all[g])
			}
			merged.Merge(roundTrip(t, Collect(part)))
		}
		assert.Equal(t, roundTrip(t, whole), roundTrip(t, merged), "%d shards", n)
		assert.Equal(t, whole.Summarize(), merged.Summarize(), "%d shards", n)
	}
}

// roundTrip encodes and decodes s as a shard file would.
func roundTrip(t *testing.T, s *Stats) *Stats {
	t.Helper()
	data, err := json.Marshal(s)
	require.NoError(t, err)
	var out Stats
	require.NoError(t, json.Unmarshal(data, &out))
	return &out
}

func TestShardIndices(t *testing.T) {
	assert.Equal(t, []int{1, 4, 7}, Shard{Index: 1, Count: 3}.Indices(9))
	assert.Equal(t, []int{0, 1, 2}, Shard{}.Indices(3))
	assert.Equal(t, "1/3", Shard{Index: 1, Count: 3}.String())
	assert.Equal(t, "", Shard{}.String())
	seen := map[int]int{}
	for i := range 4 {
		for _, g := range (Shard{Index: i, Count: 4}).Indices(10) {
			seen[g]++
		}
	}
	assert.Len(t, seen, 10)
	for g, n := range seen {
		assert.Equal(t, 1, n, "game %d in one shard", g)
	}
}

func TestSummarizeDistribution(t *testing.T) {
	var d Dist
	for _, v := range []int{1, 2, 2, 3, 40} {
		d.add(v)
	}
	s := Summarize(d)
	assert.Equal(t, 5, s.N)
	assert.InDelta(t, 9.6, s.Mean, 1e-12)
	assert.InDelta(t, 17.0088, s.SD, 1e-4)
	assert.Equal(t, 1, s.Min)
	assert.Equal(t, 40, s.Max)
	assert.InDelta(t, 2, s.Median, 1e-12)
	require.Len(t, s.Histogram, 20)
	assert.Equal(t, Bin{Low: 1, High: 3, Count: 3}, s.Histogram[0])
	assert.Equal(t, Bin{Low: 39, High: 41, Count: 1}, s.Histogram[19])
	total := 0
	for _, b := range s.Histogram {
		total += b.Count
	}
	assert.Equal(t, 5, total)
	assert.Equal(t, DistSummary{Histogram: []Bin{}}, Summarize(Dist{}))
}

// The median of an even number of values is the mean of the two middle
// ones (gonum's empirical quantile gave the lower one: 85 for 91.5).
func TestSummarizeMedian(t *testing.T) {
	for _, c := range []struct {
		values []int
		median float64
	}{
		{[]int{85, 98, 80, 100}, 91.5},
		{[]int{1, 2, 2, 3, 40, 41}, 2.5},
		{[]int{7, 7, 7, 9}, 7},
		{[]int{3, 4}, 3.5},
		{[]int{5}, 5},
		{[]int{1, 9, 9}, 9},
		{[]int{-4, -1}, -2.5},
	} {
		var d Dist
		for _, v := range c.values {
			d.add(v)
		}
		assert.InDelta(t, c.median, Summarize(d).Median, 1e-12, "%v", c.values)
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(0, 0)
	assert.Equal(t, [2]float64{0, 1}, [2]float64{lo, hi})
	lo, hi = Wilson(50, 100)
	assert.InDelta(t, 0.4038, lo, 1e-4)
	assert.InDelta(t, 0.5962, hi, 1e-4)
	lo, _ = Wilson(0, 10)
	assert.InDelta(t, 0.0, lo, 1e-12)
	_, hi = Wilson(10, 10)
	assert.InDelta(t, 1.0, hi, 1e-12)
	lo, hi = Wilson(81, 263) // a textbook example: 0.2553–0.3662
	assert.InDelta(t, 0.2553, lo, 1e-4)
	assert.InDelta(t, 0.3662, hi, 1e-4)
}

func ExampleCompare() {
	a := &Summary{Games: 400, WinRateBySeat: []SeatRate{{1, NewRate(200, 400)}, {2, NewRate(200, 400)}}}
	b := &Summary{Games: 400, WinRateBySeat: []SeatRate{{1, NewRate(160, 400)}, {2, NewRate(240, 400)}}}
	for _, d := range Compare(a, b) {
		fmt.Printf("%s: %+.3f [%+.3f, %+.3f] p=%.4f holm=%.4f %v\n", d.Statistic, d.Diff, d.Low, d.High, d.P, d.Holm, d.Significant)
	}
	// Output:
	// win rate P1: -0.100 [-0.169, -0.031] p=0.0045 holm=0.0089 true
	// win rate P2: +0.100 [+0.031, +0.169] p=0.0045 holm=0.0089 true
}

func TestCompareWelchAndHolm(t *testing.T) {
	var a, b Dist
	for i := range 50 {
		a.add(10 + i%5) // mean 12, sd ~1.43
		b.add(11 + i%5) // mean 13
	}
	sa, sb := &Summary{Games: 50, Scores: Summarize(a)}, &Summary{Games: 50, Scores: Summarize(b)}
	ds := Compare(sa, sb)
	require.Len(t, ds, 1, "only the score means vary")
	d := ds[0]
	assert.Equal(t, "mean score", d.Statistic)
	assert.Equal(t, WelchT, d.Test)
	assert.InDelta(t, 1, d.Diff, 1e-12)
	// t = 1/sqrt(2*2.0408/50) = 3.5, df = 98: p ~ 0.0007.
	assert.InDelta(t, 0.0007, d.P, 0.0001)
	assert.Less(t, d.Low, 1.0)
	assert.Greater(t, d.Low, 0.4)
	assert.True(t, d.Significant)

	ps := []Difference{{P: 0.01}, {P: 0.04}, {P: 0.03}, {P: 0.5}}
	holm(ps)
	assert.InDeltaSlice(t, []float64{0.04, 0.09, 0.09, 0.5}, []float64{ps[0].Holm, ps[1].Holm, ps[2].Holm, ps[3].Holm}, 1e-12)
	assert.True(t, ps[0].Significant)
	assert.False(t, ps[2].Significant, "0.03 alone would be, but not among four")
}

// Holm's correction is made within each family: a change of balance
// among the game's outcomes is not hidden by a ruleset's many per-card
// rows (the designer audit's case: p 0.006 among ~170 rows was Holm 0.99).
func TestHolmWithinFamilies(t *testing.T) {
	ds := []Difference{{Statistic: "win rate P1", P: 0.006}, {Statistic: "mean score", P: 0.4}, {Statistic: "counter disasters", P: 0.01}}
	for i := range 170 {
		ds = append(ds, Difference{Statistic: fmt.Sprintf("card c%d taken", i), P: 0.2 + float64(i)/1000})
	}
	ds = append(ds, Difference{Statistic: "card x taker wins", P: 0.0001})
	holm(ds)
	assert.Equal(t, FamilyGame, ds[0].Family)
	assert.Equal(t, FamilyGame, ds[1].Family)
	assert.Equal(t, FamilyCounters, ds[2].Family)
	assert.Equal(t, FamilyCards, ds[3].Family)
	assert.InDelta(t, 0.012, ds[0].Holm, 1e-12, "two game rows")
	assert.True(t, ds[0].Significant, "the seat's change is marked")
	assert.InDelta(t, 0.01, ds[2].Holm, 1e-12, "the only counter row")
	last := ds[len(ds)-1]
	assert.InDelta(t, 171*0.0001, last.Holm, 1e-12, "corrected for the 171 card rows")
	assert.True(t, last.Significant)
	assert.False(t, ds[3].Significant)
}

// The figures simulate has always printed: errors, scores, decisions, win
// rates with shared wins, sections per player count.
func TestCollectAsSimulateAlwaysDid(t *testing.T) {
	s := Collect([]Outcome{
		{Index: 0, Players: 2, Scores: []int{5, 3}, Winners: []int{0}, Decisions: 10},
		{Index: 1, Players: 3, Scores: []int{4, 4, 1}, Winners: []int{0, 1}, Decisions: 20},
		{Index: 2, Players: 2, Seed: 99, Err: "boom"},
		{Index: 3, Players: 2, Scores: []int{2, 9}, Winners: []int{1}, Decisions: 30},
	}).Summarize()
	assert.Equal(t, 4, s.Games)
	assert.Equal(t, 1, s.Errors)
	assert.Equal(t, []string{"game 3 (2 players, seed 99): boom"}, s.ErrorMessages)
	assert.InDelta(t, 28.0/7, s.Scores.Mean, 1e-12)
	assert.Equal(t, [2]int{1, 9}, [2]int{s.Scores.Min, s.Scores.Max})
	assert.InDelta(t, 20, s.Decisions.Mean, 1e-12)
	assert.Equal(t, [2]int{10, 30}, [2]int{s.Decisions.Min, s.Decisions.Max})
	require.Len(t, s.WinRateBySeat, 3)
	assert.Equal(t, 3, s.WinRateBySeat[0].Games)
	assert.InDelta(t, 1.5/3, s.WinRateBySeat[0].Rate.Rate, 1e-12)
	assert.InDelta(t, 1.5/3, s.WinRateBySeat[1].Rate.Rate, 1e-12)
	assert.Equal(t, 1, s.WinRateBySeat[2].Games)
	assert.InDelta(t, 0, s.WinRateBySeat[2].Rate.Rate, 1e-12)
	require.Contains(t, s.ByPlayers, "2")
	assert.Equal(t, 3, s.ByPlayers["2"].Games)
	assert.Equal(t, 1, s.ByPlayers["3"].Games)
	assert.Nil(t, s.ByPlayers["2"].ByPlayers)
	assert.Equal(t, []int{2, 3}, s.PlayerCounts())
}

func TestCollectCountsGamesWithoutDecisions(t *testing.T) {
	s := Collect([]Outcome{
		{Index: 0, Players: 2, Scores: []int{0, 0}, Winners: []int{0, 1}, EndedBy: "the end_game at g.yaml:3:5 (in setup)"},
		{Index: 1, Players: 2, Scores: []int{1, 0}, Winners: []int{0}, Decisions: 4},
		{Index: 2, Players: 2, Err: "boom"},
	}).Summarize()
	assert.Equal(t, 1, s.GamesWithoutDecisions, "failed games are errors, not warnings")
	assert.Equal(t, []string{"game 1 (2 players, seed 0) ended without a decision: the end_game at g.yaml:3:5 (in setup)"}, s.Warnings)
}

// Win rates over several player counts pool them: the Summary of all
// games says which (outside designer audit: nothing said so), the
// Summaries of one count do not.
func TestSummaryNamesThePooledPlayerCounts(t *testing.T) {
	s := Collect(synthetic(3)).Summarize() // 2, 3 and 4 players
	assert.Equal(t, []int{2, 3, 4}, s.PooledPlayerCounts)
	assert.Nil(t, s.ByPlayers["3"].PooledPlayerCounts)
	assert.Nil(t, Collect(synthetic(1)).Summarize().PooledPlayerCounts, "one count pools nothing")
}
