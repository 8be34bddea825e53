package sim

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Text is the Difference's heading for people: its Label, or Statistic.
func (d *Difference) Text() string {
	if d.Label != "" {
		return d.Label
	}
	return d.Statistic
}

// Alpha is the significance level of Compare, after Holm's correction.
const Alpha = 1 - Confidence

// Test names the test behind a Difference.
const (
	// TwoProportionZ compares two rates (pooled two-proportion z test;
	// the interval of the difference is Wald's).
	TwoProportionZ = "two-proportion z"
	// WelchT compares two means (Welch's t test, unequal variances).
	WelchT = "Welch t"
)

// Difference is one statistic of two runs, side by side.
type Difference struct {
	// Statistic names it, e.g. "win rate P1" or "mean score".
	Statistic string `json:"statistic"`
	// Label is Statistic with the ruleset's labels for report attributes
	// and counters ("counter disasters suffered"), when it has one.
	Label string `json:"label,omitempty"`
	// A and B are its values in the two runs (rates as fractions).
	A float64 `json:"a"`
	B float64 `json:"b"`
	// NA and NB are the sample sizes behind them.
	NA int `json:"n_a"`
	NB int `json:"n_b"`
	// Diff is B − A with its 95% interval.
	Diff float64 `json:"diff"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	// Test is the test used; P its two-sided p-value; Holm the p-value
	// adjusted by Holm's step-down correction for the comparisons of its
	// Family; Significant is Holm < Alpha.
	Test        string  `json:"test"`
	P           float64 `json:"p"`
	Holm        float64 `json:"holm"`
	Significant bool    `json:"significant"`
	// Family is the group of statistics Holm's correction counts it in
	// (FamilyGame, FamilyCards, FamilyCounters).
	Family string `json:"family"`
	// Rate reports a rate (printed as a percentage).
	Rate bool `json:"rate"`
	// Pairs is the number of games paired (ComparePaired; 0 for Compare's
	// independent samples).
	Pairs int `json:"pairs,omitempty"`
}

// Compare sets every statistic that both summaries can test side by side
// as independent samples (for two runs on different seeds; runs of the
// same batch on the same seeds compare better with ComparePaired),
// most significant first (ties in the order the statistics are listed).
// Statistics with fewer than two observations on a side, and those
// without any variation in either run (a rate 0 or 1 on both sides, or
// the same constant), are left out: there is nothing to test.
func Compare(a, b *Summary) []Difference {
	var out []Difference
	addRate := func(name string, ra, rb Rate) {
		if d, ok := compareRates(name, ra, rb); ok {
			out = append(out, d)
		}
	}
	addMean := func(name string, da, db DistSummary) {
		if d, ok := compareMeans(name, da, db); ok {
			out = append(out, d)
		}
	}
	for i := range min(len(a.WinRateBySeat), len(b.WinRateBySeat)) {
		addRate(fmt.Sprintf("win rate P%d", i+1), a.WinRateBySeat[i].Rate, b.WinRateBySeat[i].Rate)
	}
	for _, ra := range a.WinRateByAttribute {
		for _, rb := range b.WinRateByAttribute {
			if ra.Name == rb.Name && ra.Value == rb.Value {
				addRate(fmt.Sprintf("win rate %s=%s", ra.Name, ra.Value), ra.Rate, rb.Rate)
			}
		}
	}
	addMean("mean score", a.Scores, b.Scores)
	addMean("mean margin", a.Margins, b.Margins)
	addMean("mean decisions", a.Decisions, b.Decisions)
	addRate("games stopped", NewRate(float64(a.Stopped), a.Games), NewRate(float64(b.Stopped), b.Games))
	addRate("games failed", NewRate(float64(a.Errors), a.Games), NewRate(float64(b.Errors), b.Games))
	for _, ca := range a.Cards {
		for _, cb := range b.Cards {
			if ca.Card == cb.Card {
				addRate("card "+ca.Card+" taken", ca.Taken, cb.Taken)
				addMean("card "+ca.Card+" decision", ca.Decision, cb.Decision)
				addRate("card "+ca.Card+" taker wins", ca.TakerWins, cb.TakerWins)
			}
		}
	}
	for _, ca := range a.Counters {
		for _, cb := range b.Counters {
			if ca.Name == cb.Name {
				addMean("counter "+ca.Name, ca.All, cb.All)
				addMean("counter "+ca.Name+" (winners)", ca.Winners, cb.Winners)
				addMean("counter "+ca.Name+" (others)", ca.Others, cb.Others)
			}
		}
	}
	holm(out)
	slices.SortStableFunc(out, func(x, y Difference) int { return cmp.Compare(x.P, y.P) })
	return out
}

// compareRates tests two rates with the pooled two-proportion z test.
func compareRates(name string, a, b Rate) (Difference, bool) {
	if a.Games < 2 || b.Games < 2 {
		return Difference{}, false
	}
	na, nb := float64(a.Games), float64(b.Games)
	pa, pb := a.Wins/na, b.Wins/nb
	if pa == pb && (pa == 0 || pa == 1) {
		return Difference{}, false
	}
	d := Difference{Statistic: name, A: pa, B: pb, NA: a.Games, NB: b.Games, Diff: pb - pa, Test: TwoProportionZ, Rate: true}
	se := math.Sqrt(pa*(1-pa)/na + pb*(1-pb)/nb)
	d.Low, d.High = d.Diff-z95*se, d.Diff+z95*se
	pool := (a.Wins + b.Wins) / (na + nb)
	d.P = pValue(d.Diff, math.Sqrt(pool*(1-pool)*(1/na+1/nb)), distuv.UnitNormal)
	return d, true
}

// compareMeans tests two means with Welch's t test.
func compareMeans(name string, a, b DistSummary) (Difference, bool) {
	if a.N < 2 || b.N < 2 {
		return Difference{}, false
	}
	na, nb := float64(a.N), float64(b.N)
	d := Difference{Statistic: name, A: a.Mean, B: b.Mean, NA: a.N, NB: b.N, Diff: b.Mean - a.Mean, Test: WelchT}
	va, vb := a.SD*a.SD/na, b.SD*b.SD/nb
	se := math.Sqrt(va + vb)
	if se == 0 {
		if d.Diff == 0 {
			return Difference{}, false
		}
		d.Low, d.High = d.Diff, d.Diff
		d.P = pValue(d.Diff, 0, distuv.UnitNormal)
		return d, true
	}
	// Welch–Satterthwaite degrees of freedom.
	df := (va + vb) * (va + vb) / (va*va/(na-1) + vb*vb/(nb-1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	q := t.Quantile(1 - Alpha/2)
	d.Low, d.High = d.Diff-q*se, d.Diff+q*se
	d.P = pValue(d.Diff, se, t)
	return d, true
}

// pValue is the two-sided p-value of diff with standard error se under a
// symmetric unit distribution: 1 when both are 0, 0 when only se is.
func pValue(diff, se float64, dist interface{ CDF(float64) float64 }) float64 {
	if se == 0 {
		if diff == 0 {
			return 1
		}
		return 0
	}
	return math.Min(1, 2*dist.CDF(-math.Abs(diff)/se))
}

// The families of statistics Holm's correction is made within. A family
// is one question a designer asks of a variant: did the game's outcome
// change (who wins, by how much, how long, how often it fails), did
// the cards' fortunes change, did the ruleset's counters. Correcting
// each family for its own size keeps a change of balance from being
// hidden by a ruleset's many cards: a seat's win rate at p = 0.006 among
// 170 per-card rows was not marked when one correction counted them all
// (Holm 0.99); within the game's dozen outcomes it is.
const (
	// FamilyGame: win rates by seat and by attribute, mean score, margin
	// and game length, stopped and failed games.
	FamilyGame = "game"
	// FamilyCards: each card's taken rate, decision and taker's wins.
	FamilyCards = "cards"
	// FamilyCounters: the ruleset's declared counters.
	FamilyCounters = "counters"
)

// familyOf is the family of a statistic, by the name Compare and
// ComparePaired give it.
func familyOf(statistic string) string {
	switch {
	case strings.HasPrefix(statistic, "card "):
		return FamilyCards
	case strings.HasPrefix(statistic, "counter "):
		return FamilyCounters
	}
	return FamilyGame
}

// holm sets Family, Holm and Significant: within each family, the i-th
// smallest of its m p-values is multiplied by m−i (from 0), made
// monotone, capped at 1.
func holm(ds []Difference) {
	byFamily := map[string][]int{}
	for i := range ds {
		ds[i].Family = familyOf(ds[i].Statistic)
		byFamily[ds[i].Family] = append(byFamily[ds[i].Family], i)
	}
	for _, family := range []string{FamilyGame, FamilyCards, FamilyCounters} {
		holmWithin(ds, byFamily[family])
	}
}

// holmWithin is Holm's correction of the differences at the indices order.
func holmWithin(ds []Difference, order []int) {
	slices.SortStableFunc(order, func(x, y int) int { return cmp.Compare(ds[x].P, ds[y].P) })
	m, running := len(order), 0.0
	for rank, i := range order {
		running = math.Max(running, math.Min(1, float64(m-rank)*ds[i].P))
		ds[i].Holm = running
		ds[i].Significant = running < Alpha
	}
}
