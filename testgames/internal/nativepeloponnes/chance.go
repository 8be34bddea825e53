package nativepeloponnes

import (
	"math/bits"
	"strings"
)

// rng is the game's random source (splitmix64): a plain value, so a clone
// copies it.
type rng struct{ s uint64 }

func newRNG(seed uint64) rng { return rng{s: seed} }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	x := r.s
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// intn is uniform in [0, n) (Lemire's method, with its rejection step).
func (r *rng) intn(n int) int {
	hi, lo := bits.Mul64(r.next(), uint64(n))
	if lo < uint64(n) {
		thresh := -uint64(n) % uint64(n)
		for lo < thresh {
			hi, lo = bits.Mul64(r.next(), uint64(n))
		}
	}
	return int(hi)
}

func shuffleInt8(r *rng, list []int8) {
	for i := len(list) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		list[i], list[j] = list[j], list[i]
	}
}

// nextOutcome takes the next supplied outcome, if any, and checks its name.
func (g *Game) nextOutcome(name string, n int) ([]string, bool) {
	if len(g.outcomes) == 0 {
		return nil, false
	}
	o := g.outcomes[0]
	g.outcomes = g.outcomes[1:]
	if o.Name != name || len(o.Result) != n {
		g.fail("supplied outcome %q with %d results, but the game does %q of %d cards", o.Name, len(o.Result), name, n)
		return nil, false
	}
	return o.Result, true
}

// shuffleCards shuffles a list of power or civilization cards.
func (g *Game) shuffleCards(name string, list []int8) {
	res, ok := g.nextOutcome(name, len(list))
	if !ok {
		if g.err == nil {
			shuffleInt8(&g.rng, list)
		}
		return
	}
	var in [nCards]bool
	for _, c := range list {
		in[c] = true
	}
	for i, id := range res {
		c := cardIndex(id)
		if c < 0 || !in[c] {
			g.fail("%s: %q is not one of the cards shuffled", name, id)
			return
		}
		in[c] = false
		list[i] = int8(c)
	}
}

// shuffleCoins shuffles the coin pile (its cards are known by their backs).
func (g *Game) shuffleCoins(list []int8) {
	const name = "shuffle coin_pile"
	res, ok := g.nextOutcome(name, len(list))
	if !ok {
		if g.err == nil {
			shuffleInt8(&g.rng, list)
		}
		return
	}
	var want [nBacks]int
	for _, b := range list {
		want[b]++
	}
	for i, id := range res {
		b := coinBack(id)
		if b < 0 || want[b] == 0 {
			g.fail("%s: %q is not one of the coin cards shuffled (backs %v)", name, id, want)
			return
		}
		want[b]--
		list[i] = int8(b)
	}
}

// cardIndex is the index of a power or civilization card id, -1 if none.
func cardIndex(id string) int {
	for i := range cards {
		if cards[i].id == id {
			return i
		}
	}
	return -1
}

// coinBack is the back of a coin card id such as coin_wood#3, -1 if none.
func coinBack(id string) int {
	name, _, _ := strings.Cut(id, "#")
	for b, n := range backNames {
		if name == "coin_"+n {
			return b
		}
	}
	return -1
}
