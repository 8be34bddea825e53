package testgames

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
)

// clonePlay is one game of the clone test: the game, the keys of every
// decision taken in it from the start, and its own chooser.
type clonePlay struct {
	name string
	g    *interpreter.Game
	keys []string
	rnd  *rand.Rand
}

// step takes one decision at random; it reports false once the game is over.
func (c *clonePlay) step(t *testing.T) bool {
	t.Helper()
	if c.g.Over() {
		return false
	}
	d := c.g.Pending()
	key := d.Options[c.rnd.IntN(len(d.Options))].Key
	require.NoError(t, c.g.Apply(key), "%s: apply %q", c.name, key)
	c.keys = append(c.keys, key)
	return true
}

// clone returns a copy that goes on with its own chooser.
func (c *clonePlay) clone(name string, seed uint64) *clonePlay {
	return &clonePlay{name: name, g: c.g.Clone(), keys: slices.Clone(c.keys), rnd: rand.New(rand.NewPCG(seed, 7))}
}

// stateSnap is a game's serialised state and log at one moment.
type stateSnap struct {
	state  []byte
	events []interpreter.Event
}

func takeStateSnap(t *testing.T, g *interpreter.Game) stateSnap {
	t.Helper()
	s, err := g.MarshalState()
	require.NoError(t, err)
	return stateSnap{s, slices.Clone(g.Events())}
}

// requireUntouched checks that g is still as stateSnap s saw it.
func requireUntouched(t *testing.T, what string, g *interpreter.Game, s stateSnap) {
	t.Helper()
	now := takeStateSnap(t, g)
	require.True(t, bytes.Equal(s.state, now.state), "%s: its state changed: %s", what, firstDifference(s.state, now.state))
	require.Equal(t, s.events, now.events, "%s: its log changed", what)
}

// requireAsReplayed checks that c's game is what a fresh game of the same
// seed gives after c's decisions.
func requireAsReplayed(t *testing.T, p *interpreter.Program, players int, seed uint64, c *clonePlay) {
	t.Helper()
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	require.NoError(t, err)
	for i, k := range c.keys {
		require.NoError(t, g.Apply(k), "%s: replay decision %d %q", c.name, i, k)
	}
	want, got := takeStateSnap(t, g), takeStateSnap(t, c.g)
	require.True(t, bytes.Equal(want.state, got.state), "%s: the state differs from a fresh replay: %s", c.name, firstDifference(want.state, got.state))
	require.Equal(t, want.events, got.events, "%s: the log differs from a fresh replay", c.name)
	require.Equal(t, g.Result(), c.g.Result(), "%s: the result differs from a fresh replay", c.name)
}

// firstDifference shows where two serialised states first differ.
func firstDifference(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(i-60, 0)
	return fmt.Sprintf("at byte %d: %q… vs %q…", i, a[from:min(i+60, len(a))], b[from:min(i+60, len(b))])
}

// TestClonesShareNothing clones games of every shipped ruleset mid-game
// and plays the original and its clones on with different choices, in
// turns: no game may change another (each one's serialised state and log
// stay as they were while the others play), and each plays exactly as a
// fresh game replaying its decisions. Clones share cards, zones and
// values with their original until one writes (interpreter/cow.go); this
// is the test that the sharing never shows.
func TestClonesShareNothing(t *testing.T) {
	for _, game := range shippedGames(t) {
		p, err := interpreter.Load(rulesets.FS, game, "")
		require.NoError(t, err)
		for players := p.MinPlayers(); players <= p.MaxPlayers(); players++ {
			if testing.Short() && players > p.MinPlayers() {
				break
			}
			t.Run(fmt.Sprintf("%s/%dp", game, players), func(t *testing.T) {
				testClones(t, p, players, uint64(players*31+len(game)))
			})
		}
	}
}

func testClones(t *testing.T, p *interpreter.Program, players int, seed uint64) {
	// A full game first, to know its length.
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	require.NoError(t, err)
	probe := &clonePlay{name: "probe", g: g, rnd: rand.New(rand.NewPCG(seed, 1))}
	for probe.step(t) {
	}
	g, err = interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	require.NoError(t, err)
	parent := &clonePlay{name: "original", g: g, rnd: rand.New(rand.NewPCG(seed, 1))}
	for len(parent.keys) < len(probe.keys)/2 && parent.step(t) {
	}

	// A clone plays to the end alone: the original must not change.
	first := parent.clone("first clone", seed+1)
	before := takeStateSnap(t, parent.g)
	for first.step(t) {
	}
	requireUntouched(t, "the original while its first clone played", parent.g, before)
	firstEnd := takeStateSnap(t, first.g)

	// A second clone and the original take turns; half-way, the second
	// clone is cloned (a clone of a clone) and left waiting.
	second := parent.clone("second clone", seed+2)
	var third *clonePlay
	var thirdBefore stateSnap
	for turn := 0; ; turn++ {
		a, b := parent.step(t), second.step(t)
		if turn == 10 {
			third = second.clone("clone of the second clone", seed+3)
			thirdBefore = takeStateSnap(t, third.g)
		}
		if !a && !b {
			break
		}
	}
	if third != nil {
		requireUntouched(t, "a waiting clone of a clone", third.g, thirdBefore)
		for third.step(t) {
		}
	}
	requireUntouched(t, "the first clone after the others played", first.g, firstEnd)

	for _, c := range []*clonePlay{parent, first, second, third} {
		if c != nil {
			requireAsReplayed(t, p, players, seed, c)
		}
	}
}

// TestClonesTakenConcurrently clones one idle game from several goroutines
// at once (as a search bot's workers clone the root), each clone playing
// on alone; each must end as a fresh replay of its decisions. Run with
// -race, it also checks that Clone only reads the original.
func TestClonesTakenConcurrently(t *testing.T) {
	for _, game := range shippedGames(t) {
		p, err := interpreter.Load(rulesets.FS, game, "")
		require.NoError(t, err)
		players, seed := p.MinPlayers(), uint64(5)
		g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
		require.NoError(t, err)
		root := &clonePlay{name: game, g: g, rnd: rand.New(rand.NewPCG(seed, 1))}
		for i := 0; i < 30 && root.step(t); i++ {
		}
		before := takeStateSnap(t, root.g)
		clones := make([]*clonePlay, 4)
		done := make(chan error, len(clones))
		for w := range clones {
			go func() {
				c := root.clone(fmt.Sprintf("%s clone %d", game, w), uint64(w))
				clones[w] = c
				for !c.g.Over() {
					d := c.g.Pending()
					key := d.Options[c.rnd.IntN(len(d.Options))].Key
					if err := c.g.Apply(key); err != nil {
						done <- err
						return
					}
					c.keys = append(c.keys, key)
				}
				done <- nil
			}()
		}
		for range clones {
			require.NoError(t, <-done)
		}
		requireUntouched(t, game+": the original", root.g, before)
		for _, c := range clones {
			requireAsReplayed(t, p, players, seed, c)
		}
	}
}

// Every game of a Program starts with the Program's own card maps and
// copies a card on its first write (createCards). Games of one Program —
// one after another, and several at once, as simulate's workers play them
// — must never see each other's writes: a game waiting at its start is
// untouched by the others, and a new game after them all starts as the
// first did. Under -race, the concurrent games also prove that nothing
// writes the shared maps.
func TestGamesOfOneProgramShareNothing(t *testing.T) {
	for _, game := range shippedGames(t) {
		p, err := interpreter.Load(rulesets.FS, game, "")
		require.NoError(t, err)
		players := p.MaxPlayers()
		t.Run(fmt.Sprintf("%s/%dp", game, players), func(t *testing.T) {
			newGame := func(seed uint64) *clonePlay {
				g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
				require.NoError(t, err)
				return &clonePlay{name: fmt.Sprintf("game %d", seed), g: g, rnd: rand.New(rand.NewPCG(seed, 2))}
			}
			waiting := newGame(1)
			start := takeStateSnap(t, waiting.g)
			var wg sync.WaitGroup
			for seed := uint64(2); seed < 5; seed++ {
				wg.Add(1)
				other := newGame(seed)
				go func() {
					defer wg.Done()
					for !other.g.Over() {
						d := other.g.Pending()
						if err := other.g.Apply(d.Options[other.rnd.IntN(len(d.Options))].Key); err != nil {
							t.Errorf("%s: %v", other.name, err)
							return
						}
					}
				}()
			}
			wg.Wait()
			requireUntouched(t, "a game waiting while others played", waiting.g, start)
			for waiting.step(t) {
			}
			requireUntouched(t, "a new game after the others", newGame(1).g, start)
		})
	}
}
