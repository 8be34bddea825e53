package interpreter

import "slices"

// clone copies a flat game: the state shares its arrays with the
// original (neither owns them any more: the first write of each copies
// what it writes, flatzones.go), the frames, locals and pending decision
// are copied, the remembered calls are not (the copy starts with none).
func (g *flatGame) clone() *flatGame {
	fs := g.env.fs
	c := &flatGame{fp: g.fp, rng: g.rng, pending: g.pending, who: g.who, over: g.over, decisions: g.decisions,
		fires: slices.Clone(g.fires), trigKnown: slices.Clone(g.trigKnown), trigOn: slices.Clone(g.trigOn),
		options: slices.Clone(g.options), scores: g.scores}
	c.env = flatEnv{fs: fs.fresh(false), slots: make([]int64, len(g.env.slots)), lists: make([][]int32, len(g.env.lists)), nums: make([][]int64, len(g.env.nums)),
		locals: slices.Clone(g.env.locals), localLists: slices.Clone(g.env.localLists), localNums: slices.Clone(g.env.localNums),
		versions: slices.Clone(g.env.versions), memos: make([][]flatMemoEntry, len(g.env.memos))}
	fs.owned, fs.ownedPages = nil, nil // shared with the copy now
	c.frames = make([]*flatFrame, len(g.frames))
	for i, f := range g.frames {
		nf := &flatFrame{blk: f.blk, pc: f.pc, loop: f.loop, cards: f.cards, nums: f.nums, idx: f.idx, count: f.count, trig: f.trig}
		nf.saved = append(nf.first[:0], f.saved...)
		nf.lists = slices.Clone(f.lists)
		c.frames[i] = nf
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
