package sim

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"agon/schema"
)

// MaxSamples is how many error (and warning) messages a Tally keeps: those
// of the games with the smallest indices, so that merged shards keep the
// same ones as one run.
const MaxSamples = 5

// Wins counts trials (seat-games) and their wins, a win shared by k
// winners counting 1/k. Shared[k-1] is the number of wins shared by k
// winners: integers, so that merging is exact.
type Wins struct {
	Trials int   `json:"trials"`
	Shared []int `json:"shared,omitempty"`
}

// add counts one trial, won with k winners in all when won.
func (w *Wins) add(won bool, k int) {
	w.Trials++
	if !won || k < 1 {
		return
	}
	for len(w.Shared) < k {
		w.Shared = append(w.Shared, 0)
	}
	w.Shared[k-1]++
}

// merge adds o's counts.
func (w *Wins) merge(o Wins) {
	w.Trials += o.Trials
	for len(w.Shared) < len(o.Shared) {
		w.Shared = append(w.Shared, 0)
	}
	for i, n := range o.Shared {
		w.Shared[i] += n
	}
}

// Total is the number of wins, shared wins counted 1/k.
func (w Wins) Total() float64 {
	t := 0.0
	for i, n := range w.Shared {
		t += float64(n) / float64(i+1)
	}
	return t
}

// Dist is a distribution of integers as exact counts per value.
type Dist struct {
	// Counts maps each value seen to how often it was seen.
	Counts map[int]int `json:"counts"`
}

// add counts one value.
func (d *Dist) add(v int) {
	if d.Counts == nil {
		d.Counts = map[int]int{}
	}
	d.Counts[v]++
}

// merge adds o's counts.
func (d *Dist) merge(o Dist) {
	for v, n := range o.Counts {
		if d.Counts == nil {
			d.Counts = map[int]int{}
		}
		d.Counts[v] += n
	}
}

// N is the number of values counted.
func (d Dist) N() int {
	n := 0
	for _, c := range d.Counts {
		n += c
	}
	return n
}

// Values lists the distinct values in ascending order with their counts
// as weights (the form gonum's stat functions take).
func (d Dist) Values() (x, weights []float64) {
	keys := make([]int, 0, len(d.Counts))
	for v := range d.Counts {
		keys = append(keys, v)
	}
	slices.Sort(keys)
	for _, v := range keys {
		x = append(x, float64(v))
		weights = append(weights, float64(d.Counts[v]))
	}
	return x, weights
}

// Sample is a message about one game (an error or a warning).
type Sample struct {
	Game    int    `json:"game"` // index in the batch, from 0
	Message string `json:"message"`
}

// addSample keeps the MaxSamples samples of smallest game index.
func addSample(list []Sample, s ...Sample) []Sample {
	list = append(list, s...)
	sort.SliceStable(list, func(i, j int) bool { return list[i].Game < list[j].Game })
	return list[:min(len(list), MaxSamples)]
}

// CardTally counts the takes of one card.
type CardTally struct {
	// Games is the number of games in which the card was taken.
	Games int `json:"games"`
	// Decisions is the decision count at each take (its N is the number
	// of takes).
	Decisions Dist `json:"decisions"`
	// Takers counts the seats that took the card in a game (once per seat
	// and game) and their wins.
	Takers Wins `json:"takers"`
}

// CounterTally counts one declared counter's values at the end of games,
// one per seat and game.
type CounterTally struct {
	All     Dist `json:"all"`
	Winners Dist `json:"winners"`
	Others  Dist `json:"others"`
}

// Tally is the mergeable statistics of a set of games: counts, sums and
// histograms only, so that Add in any order and Merge in any grouping
// give equal Tallies.
type Tally struct {
	// Games counts every game played, failed and stopped ones included.
	Games int `json:"games"`
	// Failed counts the games that failed (an error in the ruleset or in
	// agon); Errors keeps the first MaxSamples messages.
	Failed int      `json:"failed"`
	Errors []Sample `json:"errors"`
	// Stopped counts the games stopped by the decision limit.
	Stopped      int      `json:"stopped"`
	StopMessages []Sample `json:"stop_messages"`
	// NoDecision counts finished games that ended before any decision;
	// Warnings keeps the first MaxSamples.
	NoDecision int      `json:"no_decision"`
	Warnings   []Sample `json:"warnings"`
	// Seats counts each seat's games and wins (finished games).
	Seats []Wins `json:"seats"`
	// Attributes counts wins by attribute name, then value.
	Attributes map[string]map[string]*Wins `json:"attributes,omitempty"`
	// Scores are every seat's final score; Margins each finished game's
	// lead of the best score over the next (0 on a tie); Decisions each
	// finished game's length in decisions.
	Scores    Dist `json:"scores"`
	Margins   Dist `json:"margins"`
	Decisions Dist `json:"decisions"`
	// Cards counts takes by card.
	Cards map[string]*CardTally `json:"cards,omitempty"`
	// Counters counts declared counters by name.
	Counters map[string]*CounterTally `json:"counters,omitempty"`
}

// Add counts one outcome.
func (t *Tally) Add(o *Outcome) {
	t.Games++
	label := fmt.Sprintf("game %d (%d %s, seed %d)", o.Index+1, o.Players, schema.Plural(o.Players, "player", "players"), o.Seed)
	switch {
	case o.Stopped:
		t.Stopped++
		t.StopMessages = addSample(t.StopMessages, Sample{o.Index, label + ": " + o.Err})
		return
	case o.Err != "":
		t.Failed++
		t.Errors = addSample(t.Errors, Sample{o.Index, label + ": " + o.Err})
		return
	}
	if o.Decisions == 0 {
		t.NoDecision++
		msg := label + " ended without a decision"
		if o.EndedBy != "" {
			msg += ": " + o.EndedBy
		}
		t.Warnings = addSample(t.Warnings, Sample{o.Index, msg})
	}
	t.Decisions.add(o.Decisions)
	t.Margins.add(margin(o.Scores))
	won := make([]bool, o.Players)
	for _, w := range o.Winners {
		if w >= 0 && w < o.Players {
			won[w] = true
		}
	}
	for len(t.Seats) < o.Players {
		t.Seats = append(t.Seats, Wins{})
	}
	for seat := range o.Players {
		t.Seats[seat].add(won[seat], len(o.Winners))
		if seat < len(o.Scores) {
			t.Scores.add(o.Scores[seat])
		}
	}
	t.addFacts(o, won)
}

// margin is the best score's lead over the next best (0 on a tie or with
// fewer than two scores).
func margin(scores []int) int {
	if len(scores) < 2 {
		return 0
	}
	s := slices.Clone(scores)
	slices.Sort(s)
	return s[len(s)-1] - s[len(s)-2]
}

// addFacts counts a finished game's attributes, counters and takes.
func (t *Tally) addFacts(o *Outcome, won []bool) {
	k := len(o.Winners)
	for seat, sf := range o.Facts.Seats {
		if seat >= len(won) {
			break
		}
		for _, a := range sf.Attributes {
			t.attribute(a.Name, a.Value).add(won[seat], k)
		}
		for _, c := range sf.Counters {
			ct := t.counter(c.Name)
			ct.All.add(c.Value)
			if won[seat] {
				ct.Winners.add(c.Value)
			} else {
				ct.Others.add(c.Value)
			}
		}
	}
	type seatCard struct {
		seat int
		card string
	}
	seen := map[string]bool{}
	takers := map[seatCard]bool{}
	for _, tk := range o.Facts.Takes {
		c := t.card(tk.Card)
		c.Decisions.add(tk.Decision)
		if !seen[tk.Card] {
			seen[tk.Card] = true
			c.Games++
		}
		if key := (seatCard{tk.Seat, tk.Card}); !takers[key] && tk.Seat >= 0 && tk.Seat < len(won) {
			takers[key] = true
			c.Takers.add(won[tk.Seat], k)
		}
	}
}

// attribute is the Wins of an attribute's value, made when missing.
func (t *Tally) attribute(name, value string) *Wins {
	if t.Attributes == nil {
		t.Attributes = map[string]map[string]*Wins{}
	}
	if t.Attributes[name] == nil {
		t.Attributes[name] = map[string]*Wins{}
	}
	if t.Attributes[name][value] == nil {
		t.Attributes[name][value] = &Wins{}
	}
	return t.Attributes[name][value]
}

// counter is a counter's tally, made when missing.
func (t *Tally) counter(name string) *CounterTally {
	if t.Counters == nil {
		t.Counters = map[string]*CounterTally{}
	}
	if t.Counters[name] == nil {
		t.Counters[name] = &CounterTally{}
	}
	return t.Counters[name]
}

// card is a card's tally, made when missing.
func (t *Tally) card(name string) *CardTally {
	if t.Cards == nil {
		t.Cards = map[string]*CardTally{}
	}
	if t.Cards[name] == nil {
		t.Cards[name] = &CardTally{}
	}
	return t.Cards[name]
}

// Merge adds o's statistics to t.
func (t *Tally) Merge(o *Tally) {
	t.Games += o.Games
	t.Failed += o.Failed
	t.Errors = addSample(t.Errors, o.Errors...)
	t.Stopped += o.Stopped
	t.StopMessages = addSample(t.StopMessages, o.StopMessages...)
	t.NoDecision += o.NoDecision
	t.Warnings = addSample(t.Warnings, o.Warnings...)
	for len(t.Seats) < len(o.Seats) {
		t.Seats = append(t.Seats, Wins{})
	}
	for i, w := range o.Seats {
		t.Seats[i].merge(w)
	}
	for name, values := range o.Attributes {
		for v, w := range values {
			t.attribute(name, v).merge(*w)
		}
	}
	t.Scores.merge(o.Scores)
	t.Margins.merge(o.Margins)
	t.Decisions.merge(o.Decisions)
	for name, c := range o.Cards {
		tc := t.card(name)
		tc.Games += c.Games
		tc.Decisions.merge(c.Decisions)
		tc.Takers.merge(c.Takers)
	}
	for name, c := range o.Counters {
		tc := t.counter(name)
		tc.All.merge(c.All)
		tc.Winners.merge(c.Winners)
		tc.Others.merge(c.Others)
	}
}

// Stats is the mergeable statistics of a batch: all games, and the games
// of each player count.
type Stats struct {
	All Tally `json:"all"`
	// ByPlayers holds a Tally per player count (keys are the counts in
	// decimal).
	ByPlayers map[string]*Tally `json:"by_players"`
}

// Add counts one outcome.
func (s *Stats) Add(o *Outcome) {
	s.All.Add(o)
	if s.ByPlayers == nil {
		s.ByPlayers = map[string]*Tally{}
	}
	key := strconv.Itoa(o.Players)
	if s.ByPlayers[key] == nil {
		s.ByPlayers[key] = &Tally{}
	}
	s.ByPlayers[key].Add(o)
}

// Merge adds o's statistics to s.
func (s *Stats) Merge(o *Stats) {
	s.All.Merge(&o.All)
	for key, t := range o.ByPlayers {
		if s.ByPlayers == nil {
			s.ByPlayers = map[string]*Tally{}
		}
		if s.ByPlayers[key] == nil {
			s.ByPlayers[key] = &Tally{}
		}
		s.ByPlayers[key].Merge(t)
	}
}

// Collect tallies outcomes.
func Collect(outcomes []Outcome) *Stats {
	s := &Stats{ByPlayers: map[string]*Tally{}}
	for i := range outcomes {
		s.Add(&outcomes[i])
	}
	return s
}
