package interpreter

import "slices"

// clone copies a flat game: the state shares its arrays with the
// original (neither owns them any more: the first write of each copies
// what it writes, flatzones.go), and so do the frames below the top one
// (each game copies one as it becomes its top: flatGame.shared); the
// top frame, locals and pending decision are copied, the remembered calls are not (the copy starts with none),
// and the scratch slots of evaluations are shared.
func (g *flatGame) clone() *flatGame {
	fs := g.env.fs
	c := &flatGame{fp: g.fp, rng: g.rng, pending: g.pending, who: g.who, over: g.over, decisions: g.decisions,
		fires: slices.Clone(g.fires), trigKnown: slices.Clone(g.trigKnown), trigOn: slices.Clone(g.trigOn),
		options: slices.Clone(g.options), scores: g.scores, attributes: g.attributes, counters: g.counters,
		outcomes: g.outcomes, partial: g.partial, positionEvents: g.positionEvents} // outcomes: only ever resliced, shared
	if g.barrier != nil {
		b := *g.barrier
		c.barrier = &b
	}
	// The scratch slots are shared: a game and its clones run in one
	// goroutine and never evaluate inside one another's evaluation.
	c.env = flatEnv{fs: fs.fresh(false), slots: g.env.slots, lists: g.env.lists, nums: g.env.nums,
		locals: slices.Clone(g.env.locals), localLists: g.env.localLists, localNums: g.env.localNums, sharedLists: true,
		versions: slices.Clone(g.env.versions), takes: g.env.takes.clone(), game: c}
	c.env.limit()
	g.env.sharedLists = true           // the list tables are copied by whichever writes first
	g.cloned = true                    // its buffers are shared now: Release keeps them
	fs.owned, fs.ownedPages = nil, nil // shared with the copy now
	// The frames below the top are shared, by both games: each copies
	// one as it becomes its top frame (pop). The top frame, which runs
	// next, is the clone's own copy.
	c.frames = slices.Clone(g.frames)
	if n := len(g.frames); n > 0 {
		c.frames[n-1] = c.ownFrame(g.frames[n-1])
		g.shared, c.shared = n-1, n-1
	}
	if g.log != nil { // the events are only appended: shared, capped
		n := len(g.log.events)
		c.log = &flatLog{events: g.log.events[:n:n], bytes: g.log.bytes}
	}
	if g.pick != nil {
		p := *g.pick
		p.picked = slices.Clone(g.pick.picked)
		c.pick = &p
	}
	return c
}

// Clone is a copy of the game that plays on independently.
func (g *FlatGame) Clone() *FlatGame { return &FlatGame{g: g.g.clone()} }
