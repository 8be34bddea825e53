package sim

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkedReport is a report of synthetic games of 2-4 players, as
// simulate writes it.
func checkedReport() *Report {
	h := Header{Game: "g", Players: "2-4", Seats: []string{"random", "random", "random", "random"}, BatchGames: 40}
	return NewReport(h, Collect(synthetic(40)))
}

func TestReportCheckAcceptsWhatSimulateWrites(t *testing.T) {
	require.NoError(t, checkedReport().Check())
	h := Header{Game: "g", Players: "2,4", Seats: []string{"a", "b", "c", "d"}, BatchGames: 0}
	assert.NoError(t, NewReport(h, &Stats{}).Check(), "no games")
}

// A file edited by hand (or damaged) is refused with the field that is
// wrong, before merge sums or draws it (histogram values at the int
// extremes made the histogram fail with an internal error; negative
// counts and 50 seats of a 2-player batch gave a wrong report).
func TestReportCheckNamesTheWrongField(t *testing.T) {
	for want, edit := range map[string]func(r *Report){
		"stats.all.games: -5 is negative (a count)": func(r *Report) { r.Stats.All.Games = -5 },
		"stats.all.scores.counts: value -9223372036854775808 is beyond ±1125899906842624": func(r *Report) {
			r.Stats.All.Scores.Counts[math.MinInt] = math.MaxInt
		},
		"stats.all.decisions.counts: value 10 counted -1 times (a count)": func(r *Report) { r.Stats.All.Decisions.Counts[10] = -1 },
		"stats.all.seats: 50 seats, but the games have at most 4 players": func(r *Report) {
			for len(r.Stats.All.Seats) < 50 {
				r.Stats.All.Seats = append(r.Stats.All.Seats, Wins{Trials: 1})
			}
		},
		"seats: 2 seats for at most 4 players (one bot kind per seat of the largest game)": func(r *Report) { r.Seats = r.Seats[:2] },
		"players: \"x\" is not a list of player counts":                                    func(r *Report) { r.Players = "x" },
		"stats.by_players.9: no player count of this batch":                                func(r *Report) { r.Stats.ByPlayers["9"] = &Tally{} },
		"stats.all.seats[0].trials: 34, but 33 games finished":                             func(r *Report) { r.Stats.All.Seats[0].Trials++ },
		"stats.by_players.2.seats: 1 seats for":                                            func(r *Report) { r.Stats.ByPlayers["2"].Seats = r.Stats.ByPlayers["2"].Seats[:1] },
		"stats.all.seats[].shared[1]: 11 wins shared by 2 winners":                         func(r *Report) { r.Stats.All.Seats[0].Shared[1]-- },
		"stats.all.failed: -1 is negative (a count)":                                       func(r *Report) { r.Stats.All.Failed = -1 },
		"stats.all: 99 failed, 3 stopped and 0 without a decision, of 40 games":            func(r *Report) { r.Stats.All.Failed = 99 },
		"stats.all.games: 41, more than the batch's 40":                                    func(r *Report) { r.Stats.All.Games = 41 },
		"stats.all.errors[0].game: game index -3 is not in the batch":                      func(r *Report) { r.Stats.All.Errors[0].Game = -3 },
		"stats.all.margins.counts: 34 values, but 33 games finished":                       func(r *Report) { r.Stats.All.Margins.Counts[12345] = 1 },
		"stats.all.cards.lion.takers.shared: more wins than trials":                        func(r *Report) { r.Stats.All.Cards["lion"].Takers.Shared[0] = 1000 },
		"games: 7, but stats count 40 games":                                               func(r *Report) { r.Summary.Games = 7 },
	} {
		r := checkedReport()
		edit(r)
		err := r.Check()
		if assert.Error(t, err, want) {
			assert.Contains(t, err.Error(), want)
		}
	}
}
