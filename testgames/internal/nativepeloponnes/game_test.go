package nativepeloponnes

import (
	"slices"
	"testing"
)

// coinTotal counts every coin card wherever it lies: it must stay 72.
func (g *Game) coinTotal() int {
	n := g.cpLen - g.cpHead
	for _, d := range g.discard {
		n += d
	}
	for p := 0; p < g.np; p++ {
		n += g.pl[p].nHand + g.pl[p].nBid
		if g.pl[p].luxCover >= 0 {
			n++
		}
	}
	for c := 0; c < nCards; c++ {
		if g.beneath[c] >= 0 {
			n++
		}
		if g.cover[c] >= 0 {
			n++
		}
	}
	return n
}

// playChecked plays a random game, checking invariants after every decision.
func playChecked(t *testing.T, players int, seed uint64) *Game {
	t.Helper()
	g, err := New(Config{Players: players, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	r := newRNG(seed + 99)
	for !g.Over() {
		if n := g.coinTotal(); n != nCoins {
			t.Fatalf("seed %d step %d: %d coin cards, want %d", seed, g.Decisions(), n, nCoins)
		}
		p, n, ok := g.Pending()
		if !ok || p < 0 || p >= players || n < 1 {
			t.Fatalf("seed %d: bad pending decision %d %d %v", seed, p, n, ok)
		}
		keys := g.Keys()
		seen := map[string]bool{}
		for _, k := range keys {
			if seen[k] {
				t.Fatalf("seed %d: option %q twice in %v", seed, k, keys)
			}
			seen[k] = true
		}
		if err := g.ApplyKey(keys[r.intn(n)]); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	if g.Err() != nil {
		t.Fatal(g.Err())
	}
	return g
}

func TestRandomGamesKeepInvariants(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 40
	}
	for i := 0; i < games; i++ {
		players := 2 + i%4
		g := playChecked(t, players, uint64(i+1))
		if len(g.Scores()) != players || len(g.Winners()) == 0 {
			t.Fatalf("seed %d: scores %v winners %v", i+1, g.Scores(), g.Winners())
		}
		if g.round != rounds || g.ppHead != nPower {
			t.Fatalf("seed %d: round %d, %d power cards drawn", i+1, g.round, g.ppHead)
		}
	}
}

func TestSameSeedSameGame(t *testing.T) {
	play := func() ([]int, int) {
		g, err := New(Config{Players: 4, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.PlayRandom(3); err != nil {
			t.Fatal(err)
		}
		return g.Scores(), g.Decisions()
	}
	s1, d1 := play()
	s2, d2 := play()
	if !slices.Equal(s1, s2) || d1 != d2 {
		t.Fatalf("same seeds, different games: %v/%d and %v/%d", s1, d1, s2, d2)
	}
}

// A clone plays on independently: the original, played the same way
// afterwards, ends the same.
func TestCloneIsIndependent(t *testing.T) {
	g, err := New(Config{Players: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		_ = g.Apply(0)
	}
	c := g.Clone()
	before := g.Keys()
	if err := c.PlayRandom(1); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(before, g.Keys()) || g.Over() {
		t.Fatalf("playing the clone changed the original")
	}
	if err := g.PlayRandom(1); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.Scores(), c.Scores()) {
		t.Fatalf("clone scores %v, original %v", c.Scores(), g.Scores())
	}
}

func TestSuppliedOutcomeMustFit(t *testing.T) {
	_, err := New(Config{Players: 2, Seed: 1, Outcomes: []Outcome{{Name: "shuffle pile_b", Result: []string{"well"}}}})
	if err == nil {
		t.Fatal("a misnamed outcome was accepted")
	}
	_, err = New(Config{Players: 2, Seed: 1, Outcomes: []Outcome{{Name: "shuffle pile_a", Result: make([]string, 18)}}})
	if err == nil {
		t.Fatal("unknown card ids were accepted")
	}
}

func TestPlayRandomAllocatesNothingPerMove(t *testing.T) {
	g, err := New(Config{Players: 4, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(20, func() {
		c := *g
		_ = c.PlayRandom(2)
	})
	if allocs > 0 {
		t.Fatalf("%v allocations per game, want 0", allocs)
	}
}

// Recovery frees a luxury card covered by the decline when the player is
// protected at the end (here by a Port); its track counts again. The
// differential games that reach this rule end with no luxury goods, so
// this is checked here by hand.
func TestRecoveryFreesTheLuxuryCard(t *testing.T) {
	g, err := New(Config{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	port := cardIndex("port")
	pl := &g.pl[0]
	g.toTableau(0, port)
	g.occurred[catDecline] = true
	pl.luxCard, pl.luxury, pl.luxCover = luxCovered, 3, backStone
	popBefore, powBefore, _ := g.Details(0)
	discard := g.discard[backStone]
	g.recover(0)
	pop, pow, lux := g.Details(0)
	if pl.luxCard != luxActive || pl.luxCover != -1 || g.discard[backStone] != discard+1 {
		t.Fatalf("luxury card %d, cover %d, stone discard %d (was %d)", pl.luxCard, pl.luxCover, g.discard[backStone], discard)
	}
	if pop != popBefore+luxTrackInh[3] || pow != powBefore+luxTrackPower[3] || lux != 3 {
		t.Fatalf("population %d→%d, power %d→%d, luxury %d", popBefore, pop, powBefore, pow, lux)
	}
}
