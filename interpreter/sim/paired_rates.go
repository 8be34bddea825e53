package sim

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// NewcombeMOVER compares two rates that the McNemar test cannot (a rate
// observed several times in a game or with shared wins: win rates by
// attribute, a card's taker wins): its interval combines the Wilson
// intervals of the two rates, paired by game (Newcombe's hybrid score
// interval as Zou and Donner's MOVER generalises it), and its p-value
// inverts that interval.
const NewcombeMOVER = "Newcombe-Wilson paired"

// rateDifference is the interval and p-value of the difference rb − ra
// of two rates that are ratios of per-game sums, paired by game.
//
// Why not the paired t interval that the other ratios use: it is
// d ± t·se, symmetric and unbounded, and with few observations (a card
// taken in a handful of games, a rate near 0 or 1) it runs past ±100
// points, which no difference of two rates can reach, and its p-value is
// as poor as its interval there. Clamping the interval would hide that
// without mending it. Instead each rate gets its Wilson score interval
// (the one simulate prints beside it), and the two are combined by the
// method of variance estimates recovery (Newcombe 1998, method 10; Zou &
// Donner 2008), with the correlation that the pairing by game gives the
// two rates:
//
//	low  = d − √((rb−lb)² + (ua−ra)² − 2r(rb−lb)(ua−ra))
//	high = d + √((ub−rb)² + (ra−la)² − 2r(ub−rb)(ra−la))
//
// Each root is at most the sum of its two terms, so low ≥ lb − ua ≥ −1
// and high ≤ ub − la ≤ 1. The rows are computed with the game as the
// unit (several seats of a game may take a card), so each Wilson
// interval uses the effective sample size that the delta method's
// variance of the ratio gives, p(1−p)/var (never more than the trials),
// and r is the correlation of the two ratios' per-game terms. For many
// games the Wilson half-widths tend to z·√var and the interval to the
// paired delta-method interval d ± z·se, so the change matters where it
// should: small samples and rates near 0 or 1.
//
// The p-value is the one whose level puts 0 on the interval's edge (the
// interval found by bisection on z), so that the interval excludes 0
// exactly when p < Alpha.
func (p *pairedStat) rateDifference(ra, rb, na, nb float64) (low, high, pValue float64) {
	va, vb, cov := p.rateMoments(ra, rb, na, nb)
	ea, eb := effectiveSize(ra, va, na), effectiveSize(rb, vb, nb)
	r := 0.0
	if va > 0 && vb > 0 {
		r = math.Max(-1, math.Min(1, cov/math.Sqrt(va*vb)))
	}
	at := func(z float64) (low, high float64) {
		la, ua := wilsonAt(ra, ea, z)
		lb, ub := wilsonAt(rb, eb, z)
		return moverBounds(rb-ra, rb-lb, ua-ra, ub-rb, ra-la, r)
	}
	low, high = at(z95)
	d := rb - ra
	if d == 0 {
		return low, high, 1
	}
	// The edge of the interval nearer 0 moves toward 0 as z grows;
	// find the z at which it reaches 0.
	edge := func(z float64) float64 {
		lo, hi := at(z)
		if d > 0 {
			return lo
		}
		return -hi
	}
	const zMax = 40
	if edge(zMax) > 0 {
		return low, high, 0
	}
	zl, zh := 0.0, float64(zMax)
	for range 100 {
		mid := (zl + zh) / 2
		if edge(mid) > 0 {
			zl = mid
		} else {
			zh = mid
		}
	}
	return low, high, math.Min(1, 2*distuv.UnitNormal.CDF(-(zl+zh)/2))
}

// moverBounds combines the estimate d = b − a with the distances from
// each rate to its bounds: db below b, ua above a (for the low end), ub
// above b and da below a (for the high end), r the rates' correlation.
func moverBounds(d, db, ua, ub, da, r float64) (low, high float64) {
	low = d - math.Sqrt(math.Max(0, db*db+ua*ua-2*r*db*ua))
	high = d + math.Sqrt(math.Max(0, ub*ub+da*da-2*r*ub*da))
	return math.Max(-1, low), math.Min(1, high)
}

// rateMoments are the delta method's variances of the two ratios and
// their covariance, the game being the unit (the terms of
// standardError, whose square is va + vb − 2·cov).
func (p *pairedStat) rateMoments(ra, rb, na, nb float64) (va, vb, cov float64) {
	games := 0
	for g := range max(len(p.parts[0]), len(p.parts[1])) {
		a, b := partAt(p.parts[0], g), partAt(p.parts[1], g)
		if a.n == 0 && b.n == 0 {
			continue
		}
		games++
		ta, tb := (a.y-ra*a.n)/na, (b.y-rb*b.n)/nb
		va += ta * ta
		vb += tb * tb
		cov += ta * tb
	}
	if games < 2 {
		return 0, 0, 0
	}
	f := float64(games) / float64(games-1)
	return f * va, f * vb, f * cov
}

// effectiveSize is the number of independent trials that would give a
// rate rate the variance v: rate(1−rate)/v, at most trials (trials when
// v or the rate's own variance is 0).
func effectiveSize(rate, v, trials float64) float64 {
	if v <= 0 || rate <= 0 || rate >= 1 {
		return trials
	}
	return math.Min(trials, rate*(1-rate)/v)
}

// wilsonAt is the Wilson score interval of a rate p out of n trials
// (n need not be whole) at the normal quantile z.
func wilsonAt(p, n, z float64) (low, high float64) {
	if n <= 0 {
		return 0, 1
	}
	z2 := z * z
	den := 1 + z2/n
	center := (p + z2/(2*n)) / den
	half := z / den * math.Sqrt(math.Max(0, p*(1-p)/n+z2/(4*n*n)))
	return math.Max(0, center-half), math.Min(1, center+half)
}

// newcombePaired is the 95% interval of the difference of the two
// marginal rates of a paired 2×2 table, B's rate rb = (both+up)/n less
// A's ra = (both+down)/n: Newcombe's method 10 (Newcombe 1998, "Improved
// confidence intervals for the difference between binomial proportions
// based on paired data", Stat Med 17:2635). Each rate gets its Wilson
// score interval over the n games, and moverBounds combines them with
// the correlation of the two rates, φ of the table with Newcombe's
// correction (correlation).
func newcombePaired(t pairedTable) (low, high float64) {
	n := float64(t.games())
	if n == 0 {
		return -1, 1
	}
	ra, rb := float64(t.both+t.down)/n, float64(t.both+t.up)/n
	la, ua := wilsonAt(ra, n, z95)
	lb, ub := wilsonAt(rb, n, z95)
	return moverBounds(rb-ra, rb-lb, ua-ra, ub-rb, ra-la, t.correlation())
}

// correlation is Newcombe's φ of the table: with the margins E, F (B's
// ones and zeros), G, H (A's), and x = both·neither − up·down, it is
// x/√(EFGH) when x < 0, 0 when 0 ≤ x ≤ n/2, and (x − n/2)/√(EFGH) when
// x > n/2; 0 when a margin is empty (a rate of 0 or 1).
func (t pairedTable) correlation() float64 {
	e, f := float64(t.both+t.up), float64(t.down+t.neither)
	g, h := float64(t.both+t.down), float64(t.up+t.neither)
	if e == 0 || f == 0 || g == 0 || h == 0 {
		return 0
	}
	x := float64(t.both)*float64(t.neither) - float64(t.up)*float64(t.down)
	half := float64(t.games()) / 2
	switch {
	case x > half:
		x -= half
	case x >= 0:
		return 0
	}
	return x / math.Sqrt(e*f*g*h)
}
