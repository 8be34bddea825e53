package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// gameOutcome is what one simulated game produced.
type gameOutcome struct {
	Players   int
	Seed      uint64
	Scores    []int
	Winners   []int
	Decisions int
	Err       string // non-empty when the game failed
}

// rangeStat is the mean, minimum and maximum of some figures.
type rangeStat struct {
	Mean float64 `json:"mean"`
	Min  int     `json:"min"`
	Max  int     `json:"max"`
}

// seatRate is a seat's share of wins with its 95% Wilson interval.
type seatRate struct {
	Seat  int     `json:"seat"` // from 1
	Games int     `json:"games"`
	Wins  float64 `json:"wins"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// summary aggregates simulated games. ByPlayers and Seconds are only set
// at the top level.
type summary struct {
	// RulesetSource is the folder that was played, or "built-in" (top
	// level only).
	RulesetSource string     `json:"ruleset_source,omitempty"`
	Games         int        `json:"games"`
	Errors        int        `json:"errors"`
	ErrorMessages []string   `json:"error_messages"`
	Scores        rangeStat  `json:"scores"`
	WinRateBySeat []seatRate `json:"win_rate_by_seat"`
	Decisions     rangeStat  `json:"decisions"`
	// GamesWithoutDecisions counts games that ended before anyone
	// decided anything, each listed in Warnings (up to
	// maxErrorMessages): usually a trigger or flow that ends the game at
	// once, not a real game.
	GamesWithoutDecisions int                 `json:"games_without_decisions"`
	Warnings              []string            `json:"warnings"`
	ByPlayers             map[string]*summary `json:"by_players,omitempty"`
	Seconds               *float64            `json:"seconds,omitempty"`
}

// maxErrorMessages is how many error messages a summary keeps.
const maxErrorMessages = 5

// z95 is the normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// wilson returns the Wilson score interval for wins successes out of n
// trials (wins may be fractional); [0, 1] when n is 0.
func wilson(wins float64, n int, z float64) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	nf := float64(n)
	p := wins / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, center-half), math.Min(1, center+half)
}

// aggregate summarises the outcomes in order, with a section per player
// count.
func aggregate(outcomes []gameOutcome) *summary {
	s := summarize(outcomes)
	groups := map[int][]gameOutcome{}
	for _, o := range outcomes {
		groups[o.Players] = append(groups[o.Players], o)
	}
	counts := make([]int, 0, len(groups))
	for n := range groups {
		counts = append(counts, n)
	}
	slices.Sort(counts)
	s.ByPlayers = map[string]*summary{}
	for _, n := range counts {
		s.ByPlayers[strconv.Itoa(n)] = summarize(groups[n])
	}
	return s
}

// summarize aggregates outcomes without the per-count sections.
func summarize(outcomes []gameOutcome) *summary {
	s := &summary{Games: len(outcomes), ErrorMessages: []string{}, Warnings: []string{}}
	var scores, decisions []int
	var wins []float64
	var seatGames []int
	for i, o := range outcomes {
		if o.Err != "" {
			s.Errors++
			if len(s.ErrorMessages) < maxErrorMessages {
				s.ErrorMessages = append(s.ErrorMessages, fmt.Sprintf("game %d (%d players, seed %d): %s", i+1, o.Players, o.Seed, o.Err))
			}
			continue
		}
		if o.Decisions == 0 {
			s.GamesWithoutDecisions++
			if len(s.Warnings) < maxErrorMessages {
				s.Warnings = append(s.Warnings, fmt.Sprintf("game %d (%d players, seed %d) ended without a decision", i+1, o.Players, o.Seed))
			}
		}
		scores = append(scores, o.Scores...)
		decisions = append(decisions, o.Decisions)
		for len(seatGames) < o.Players {
			seatGames, wins = append(seatGames, 0), append(wins, 0)
		}
		for seat := range o.Players {
			seatGames[seat]++
		}
		for _, w := range o.Winners {
			if w >= 0 && w < len(wins) {
				wins[w] += 1 / float64(len(o.Winners))
			}
		}
	}
	s.Scores, s.Decisions = stat(scores), stat(decisions)
	s.WinRateBySeat = seatRates(wins, seatGames)
	return s
}

// seatRates computes each seat's win rate and interval.
func seatRates(wins []float64, games []int) []seatRate {
	out := make([]seatRate, len(games))
	for i, n := range games {
		lo, hi := wilson(wins[i], n, z95)
		out[i] = seatRate{Seat: i + 1, Games: n, Wins: wins[i], Rate: wins[i] / float64(max(n, 1)), Low: lo, High: hi}
	}
	return out
}

// stat computes the mean, minimum and maximum (all 0 for no values).
func stat(values []int) rangeStat {
	if len(values) == 0 {
		return rangeStat{}
	}
	r := rangeStat{Min: values[0], Max: values[0]}
	sum := 0.0
	for _, v := range values {
		r.Min, r.Max = min(r.Min, v), max(r.Max, v)
		sum += float64(v)
	}
	r.Mean = sum / float64(len(values))
	return r
}
