package sim

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Confidence is the level of every interval: 95%.
const Confidence = 0.95

// z95 is the normal quantile of a two-sided 95% interval.
var z95 = distuv.UnitNormal.Quantile(1 - (1-Confidence)/2)

// Rate is a share of wins (or of games) with its 95% Wilson interval.
type Rate struct {
	// Games is the number of trials; Wins the successes (a win shared by
	// k winners counts 1/k).
	Games int     `json:"games"`
	Wins  float64 `json:"wins"`
	Rate  float64 `json:"rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// NewRate is wins out of games with its Wilson interval.
func NewRate(wins float64, games int) Rate {
	lo, hi := Wilson(wins, games)
	return Rate{Games: games, Wins: wins, Rate: wins / float64(max(games, 1)), Low: lo, High: hi}
}

// Wilson returns the 95% Wilson score interval of wins successes out of n
// trials (wins may be fractional); [0, 1] when n is 0.
func Wilson(wins float64, n int) (low, high float64) {
	if n == 0 {
		return 0, 1
	}
	nf, z := float64(n), z95
	p := wins / nf
	z2 := z * z
	den := 1 + z2/nf
	center := (p + z2/(2*nf)) / den
	half := z / den * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	return math.Max(0, center-half), math.Min(1, center+half)
}

// SeatRate is a seat's win rate.
type SeatRate struct {
	Seat int `json:"seat"` // from 1
	Rate
}

// AttributeRate is the win rate of the seats that had an attribute value.
type AttributeRate struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Rate
}

// Bin is one bar of a histogram: the values in [Low, High) were seen
// Count times.
type Bin struct {
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
	Count int     `json:"count"`
}

// DistSummary describes a distribution of integers; in JSON, null when
// there are no values (N 0).
type DistSummary struct {
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	SD   float64 `json:"sd"`
	Min  int     `json:"min"`
	// Median is the middle value, the mean of the two middle values
	// when N is even (so it may end in .5).
	Median float64 `json:"median"`
	Max    int     `json:"max"`
	// Histogram has at most MaxBins bins of equal integer width covering
	// Min..Max.
	Histogram []Bin `json:"histogram"`
}

// MarshalJSON writes a distribution of no values as null: its mean, sd
// and extremes would be zeros that read as results (scores of 0 when
// every game failed).
func (d DistSummary) MarshalJSON() ([]byte, error) {
	if d.N == 0 {
		return []byte("null"), nil
	}
	type plain DistSummary // without this method
	return json.Marshal(plain(d))
}

// MaxBins bounds a DistSummary's histogram.
const MaxBins = 20

// Summarize describes d (all zero for no values).
func Summarize(d Dist) DistSummary {
	x, w := d.Values()
	if len(x) == 0 {
		return DistSummary{Histogram: []Bin{}}
	}
	s := DistSummary{N: d.N(), Min: int(x[0]), Max: int(x[len(x)-1])}
	s.Mean, s.SD = stat.MeanStdDev(x, w)
	if s.N < 2 {
		s.SD = 0
	}
	s.Median = median(x, w, s.N)
	s.Histogram = histogram(x, w, s.Min, s.Max)
	return s
}

// median is the middle of n values listed in ascending order with their
// counts as weights: the middle value when n is odd, the mean of the two
// middle values when it is even (so it may end in .5).
// (gonum's stat.Quantile(0.5, stat.Empirical, …) is the lower of the two.)
func median(x, w []float64, n int) float64 {
	lo, hi := (n-1)/2, n/2 // 0-based ranks of the middle values
	var vlo, vhi float64
	seen := 0
	for i, v := range x {
		c := int(w[i])
		if lo >= seen && lo < seen+c {
			vlo = v
		}
		if hi >= seen && hi < seen+c {
			vhi = v
			break
		}
		seen += c
	}
	return (vlo + vhi) / 2
}

// histogram bins the values into at most MaxBins bins of equal integer
// width.
func histogram(x, w []float64, lo, hi int) []Bin {
	width := (hi - lo + MaxBins) / MaxBins // ceil((hi-lo+1)/MaxBins)
	n := (hi-lo)/width + 1
	dividers := make([]float64, n+1)
	for i := range dividers {
		dividers[i] = float64(lo + i*width)
	}
	counts := stat.Histogram(nil, dividers, x, w)
	out := make([]Bin, n)
	for i, c := range counts {
		out[i] = Bin{Low: dividers[i], High: dividers[i+1], Count: int(c)}
	}
	return out
}

// CardSummary is one card's statistics.
type CardSummary struct {
	Card string `json:"card"`
	// Taken is the share of games in which the card was taken.
	Taken Rate `json:"taken"`
	// Times is how often it was taken in all.
	Times int `json:"times"`
	// Decision describes the decision counts at which it was taken.
	Decision DistSummary `json:"decision"`
	// TakerWins is the win rate of the seats that took it.
	TakerWins Rate `json:"taker_wins"`
}

// CounterSummary is one declared counter's statistics, per seat and game.
type CounterSummary struct {
	Name    string      `json:"name"`
	All     DistSummary `json:"all"`
	Winners DistSummary `json:"winners"`
	Others  DistSummary `json:"others"`
}

// Summary is what people read about a set of games, derived from a Tally.
// The names of its JSON fields are those simulate --json has printed
// since before the Tally (games, errors, error_messages, scores,
// decisions, win_rate_by_seat, ...).
type Summary struct {
	Games                 int              `json:"games"`
	Errors                int              `json:"errors"`
	ErrorMessages         []string         `json:"error_messages"`
	Stopped               int              `json:"stopped"`
	StopMessages          []string         `json:"stop_messages"`
	GamesWithoutDecisions int              `json:"games_without_decisions"`
	Warnings              []string         `json:"warnings"`
	Scores                DistSummary      `json:"scores"`
	Margins               DistSummary      `json:"margins"`
	Decisions             DistSummary      `json:"decisions"`
	WinRateBySeat         []SeatRate       `json:"win_rate_by_seat"`
	WinRateByAttribute    []AttributeRate  `json:"win_rate_by_attribute"`
	Cards                 []CardSummary    `json:"cards"`
	Counters              []CounterSummary `json:"counters"`
	// ByPlayers has a Summary per player count, keyed by the count in
	// decimal (top level only).
	ByPlayers map[string]*Summary `json:"by_players,omitempty"`
	// PooledPlayerCounts lists, in ascending order, the player counts
	// whose games the win rates of this Summary pool, when there are
	// several (top level only): a seat's fair share differs with the
	// count, so only ByPlayers' rates read as a seat's chance.
	PooledPlayerCounts []int `json:"pooled_player_counts,omitempty"`
}

// Finished is the number of games that ended with a result.
func (s *Summary) Finished() int { return s.Games - s.Errors - s.Stopped }

// Summarize describes a Tally.
func (t *Tally) Summarize() *Summary {
	s := &Summary{
		Games: t.Games, Errors: t.Failed, Stopped: t.Stopped, GamesWithoutDecisions: t.NoDecision,
		ErrorMessages: messages(t.Errors), StopMessages: messages(t.StopMessages), Warnings: messages(t.Warnings),
		Scores: Summarize(t.Scores), Margins: Summarize(t.Margins), Decisions: Summarize(t.Decisions),
		WinRateBySeat: []SeatRate{}, WinRateByAttribute: []AttributeRate{}, Cards: []CardSummary{}, Counters: []CounterSummary{},
	}
	for i, w := range t.Seats {
		s.WinRateBySeat = append(s.WinRateBySeat, SeatRate{Seat: i + 1, Rate: NewRate(w.Total(), w.Trials)})
	}
	for _, name := range sortedKeys(t.Attributes) {
		for _, v := range sortedKeys(t.Attributes[name]) {
			w := t.Attributes[name][v]
			s.WinRateByAttribute = append(s.WinRateByAttribute, AttributeRate{Name: name, Value: v, Rate: NewRate(w.Total(), w.Trials)})
		}
	}
	finished := t.Games - t.Failed - t.Stopped
	for _, name := range sortedKeys(t.Cards) {
		c := t.Cards[name]
		s.Cards = append(s.Cards, CardSummary{Card: name, Taken: NewRate(float64(c.Games), finished),
			Times: c.Decisions.N(), Decision: Summarize(c.Decisions), TakerWins: NewRate(c.Takers.Total(), c.Takers.Trials)})
	}
	for _, name := range sortedKeys(t.Counters) {
		c := t.Counters[name]
		s.Counters = append(s.Counters, CounterSummary{Name: name, All: Summarize(c.All), Winners: Summarize(c.Winners), Others: Summarize(c.Others)})
	}
	return s
}

// Summarize describes the Stats: all games, with a section per player
// count.
func (st *Stats) Summarize() *Summary {
	s := st.All.Summarize()
	s.ByPlayers = map[string]*Summary{}
	for key, t := range st.ByPlayers {
		s.ByPlayers[key] = t.Summarize()
	}
	if counts := s.PlayerCounts(); len(counts) > 1 {
		s.PooledPlayerCounts = counts
	}
	return s
}

// PlayerCounts lists the player counts of ByPlayers in ascending order.
func (s *Summary) PlayerCounts() []int {
	var out []int
	for key := range s.ByPlayers {
		if n, err := strconv.Atoi(key); err == nil {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// messages lists the samples' messages.
func messages(samples []Sample) []string {
	out := make([]string, len(samples))
	for i, s := range samples {
		out[i] = s.Message
	}
	return out
}

// sortedKeys lists a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
