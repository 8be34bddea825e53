package interpreter

import (
	"fmt"
	"io/fs"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// This file is what the layers above the core (package bot and package
// transcript) need of a game beyond api.go: thin exported doors onto
// internals, each for one use named in its comment. They add no
// behaviour of their own.

// Rand is a random stream made like a game's own (PCG, with our own
// rejection sampling, so numbers never depend on library internals). A
// bot draws from one so that its choices depend only on its seed.
type Rand struct{ r rng }

// NewRand returns a stream seeded with seed.
func NewRand(seed uint64) *Rand { return &Rand{r: newRNG(seed)} }

// IntN returns a uniform number in [0, n) (0 when n <= 1).
func (r *Rand) IntN(n int) int { return r.r.intN(n) }

// Reseed gives g a random stream of its own seeded with seed and drops
// the chance outcomes supplied but not yet used: a bot's imagined copy of
// a game (a Clone) must not draw the real game's chances.
func (g *Game) Reseed(seed uint64) {
	g.st.rng = newRNG(seed)
	g.st.outcomes = nil
}

// RedealUnseen deals the cards seat cannot see anew, from g's stream,
// among the positions seat cannot see (see redeal): a bot's imagined copy
// of a game must not know hidden hands or the order of hidden piles.
func (g *Game) RedealUnseen(seat int) { g.redeal(seat) }

// PickUnderWay reports whether the pending decision is a multi-select
// pick with candidates already picked (the rest of the same move), and
// the key of its done option when it is offered ("" when not). The greedy
// bot finishes such a pick before it rates the position.
func (g *Game) PickUnderWay() (done string, underWay bool) {
	pd := g.st.pending
	if pd == nil || pd.pick == nil || len(pd.pick.picked) == 0 {
		return "", false
	}
	for _, o := range pd.options {
		if o.group == pickDone {
			return o.key, true
		}
	}
	return "", true
}

// Heuristic evaluates the ruleset's bots.heuristic (without one, its
// score) for player in the current state: how a bot rates a position.
func (g *Game) Heuristic(player int) (int, error) {
	h := g.prog.heuristic
	if h == nil {
		h = g.prog.score
	}
	if h == nil {
		return 0, fmt.Errorf("no heuristic")
	}
	saved := bindLocal(g.st, "me", player)
	defer saved.restore(g.st)
	return g.evalInt(h)
}

// ExecNode is Exec of an effect list already parsed from file (a
// scenario's run step), so that problems point into that file.
func (g *Game) ExecNode(file string, effects *yaml.Node) error { return g.execNode(file, effects) }

// ExecWaiting reports whether effects given to Exec or ExecNode have not
// finished: they asked a decision that is still pending.
func (g *Game) ExecWaiting() bool { return g.st.barrier != nil }

// BeforeStartPhase reports whether a game StartAt started at a phase
// still waits for that phase to begin (its position is not applied yet).
func (g *Game) BeforeStartPhase() bool { return g.phaseHook != nil }

// KeepStartHook gives g, a Clone of a game StartAt started (Clone leaves
// it out), the start-phase hook that from has now: a scenario's run step
// that must fail goes on from a copy taken before it.
func (g *Game) KeepStartHook(from *Game) { g.phaseHook = from.phaseHook }

// LoadPatched is Load with an inline patch applied after the variant (a
// scenario file's patch:, read from file).
func LoadPatched(fsys fs.FS, dir, variant, file string, patch *yaml.Node) (*Program, error) {
	rs, ds := schema.LoadPatched(fsys, dir, variant, file, patch)
	return compileLoaded(fsys, dir, rs, ds)
}
