package bot

import (
	"fmt"
	"math"
)

// The mcts bot's reward for a seat lies in [0, 1] and blends two figures,
// each read from the seat's own point of view:
//
//   - the win share: 1/k to each of the k seats that lead, 0 to the others;
//   - the margin: the seat's value less the best other seat's, divided by
//     the largest absolute value among the seats, clamped to [-1, 1] and
//     mapped to [0, 1].
//
// reward = (1-m)·share + m·margin, with m the bot's margin setting (by
// default 1: the margin alone). With norm=search (the default) a
// heuristic margin is divided instead by the largest met so far in the
// search (rateRaw). At the
// end of a game the values are the scores and the leaders the winners
// (ties broken as the ruleset's scoring says); where a playout stops
// earlier they are the ruleset's heuristic (bots.heuristic, else the
// score) for each seat, and the leaders those with the highest. The win
// share is what a seat plays for; the margin tells a narrow lead from a
// safe one and a lost position from a hopeless one, which the share alone
// cannot, and keeps the reward informative when the heuristic's scale is
// unknown (it is normalised by the values themselves).

// rate returns every seat's reward in w's position.
func rate(w lookahead, margin float64, fail *heuristicError) []float64 {
	n := w.players()
	if res := w.result(); res != nil {
		values := make([]float64, n)
		lead := make([]bool, n)
		for _, p := range res.Players {
			values[p.Player] = float64(p.Score)
		}
		for _, s := range res.Winners {
			lead[s] = true
		}
		return blend(values, lead, margin)
	}
	values := make([]float64, n)
	for s := range values {
		h, err := w.heuristic(s)
		if err != nil {
			fail.note(err)
			return even(n)
		}
		values[s] = float64(h)
	}
	return blend(values, leaders(values), margin)
}

// rateRaw rates w's position (not over) by the heuristic for norm=search:
// the win share and half a reward in rewards, and the margin terms raw
// (margin/2 times the seat's value less the best other's), which the
// search divides by the largest absolute raw margin it has met (top).
// So the margin's scale is that of the positions the search compares,
// whatever the heuristic's: a heuristic that is itself relative (sums to
// about zero over the seats) would saturate the per-position scale.
func rateRaw(w lookahead, margin float64, fail *heuristicError) (rewards, raw []float64, top float64) {
	n := w.players()
	values := make([]float64, n)
	for s := range values {
		h, err := w.heuristic(s)
		if err != nil {
			fail.note(err)
			return even(n), nil, 0
		}
		values[s] = float64(h)
	}
	lead := leaders(values)
	rewards = blend(values, lead, 0)
	raw = make([]float64, n)
	for s, v := range values {
		d := v - bestOther(values, s)
		top = math.Max(top, math.Abs(d))
		rewards[s] = (1-margin)*rewards[s] + margin*0.5
		raw[s] = margin * 0.5 * d
	}
	return rewards, raw, top
}

// leaders marks the seats with the highest value.
func leaders(values []float64) []bool {
	top := math.Inf(-1)
	for _, v := range values {
		top = math.Max(top, v)
	}
	lead := make([]bool, len(values))
	for s, v := range values {
		lead[s] = v == top
	}
	return lead
}

// blend computes the rewards from the values and the leaders.
func blend(values []float64, lead []bool, margin float64) []float64 {
	k, scale := 0, 0.0
	for s, v := range values {
		if lead[s] {
			k++
		}
		scale = math.Max(scale, math.Abs(v))
	}
	out := make([]float64, len(values))
	for s, v := range values {
		share := 0.0
		if lead[s] {
			share = 1 / float64(k)
		}
		m := 0.5
		if scale > 0 {
			m = 0.5 + 0.5*math.Max(-1, math.Min(1, (v-bestOther(values, s))/scale))
		}
		out[s] = (1-margin)*share + margin*m
	}
	return out
}

// bestOther is the highest value of a seat other than s (s's own value
// when it plays alone).
func bestOther(values []float64, s int) float64 {
	best := math.Inf(-1)
	for o, v := range values {
		if o != s {
			best = math.Max(best, v)
		}
	}
	if math.IsInf(best, -1) {
		return values[s]
	}
	return best
}

// even is the reward of a position that cannot be rated: no one is
// preferred.
func even(n int) []float64 {
	out := make([]float64, n)
	for s := range out {
		out[s] = 1 / float64(n)
	}
	return out
}

// failed is the reward when an option fails in a world: nothing for the
// seat that chose it, an even share for the others.
func failed(n, mover int) []float64 {
	out := make([]float64, n)
	for s := range out {
		if s != mover && n > 1 {
			out[s] = 1 / float64(n-1)
		}
	}
	return out
}

// heuristicError keeps the first failure of the ruleset's bots.heuristic
// that a bot met (it implements interpreter.FailingBot's Err). A heuristic
// that cannot be evaluated is the ruleset's error: greedy skipped the
// option and mcts rated the position even, so a broken heuristic played
// like a first or random bot and every report said "errors: 0".
type heuristicError struct{ err error }

// note keeps err if it is the first.
func (h *heuristicError) note(err error) {
	if h.err == nil && err != nil {
		h.err = fmt.Errorf("bots.heuristic failed: %w", err)
	}
}

// Err is the first failure met, or nil.
func (h *heuristicError) Err() error { return h.err }
