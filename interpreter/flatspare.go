package interpreter

import (
	"maps"
	"slices"
	"sync"
)

// A finished game's buffers, for the next game (FlatGame.Release). A
// game allocates ~40 KB in ~470 pieces, much of it the same for every
// game of a program and player count: the evaluations' scratch slots,
// the locals' tables, the remembered calls' tables (flatmemo.go), the
// frames, the state's cells, location column and headers, and the prop
// pages and zone arrays its first writes copy (flatzones.go). A game
// released when it is done gives them to its program's pool for its
// player count, and NewGame takes them from there, cleared, so that the
// new game starts from exactly what newGame and fresh would have made
// (the same values; only some arrays' capacities differ, which decide
// nothing: TestFlatReleasedGamesPlayAlike).
//
// What is given is the game's own alone: a game of which a clone was
// made (flatGame.cloned: the clone shares its scratch slots, tables and
// frames, and a bot may keep it) or that is a clone gives nothing, nor
// does one that did not start with NewGame. Of the state, only the
// prop pages and zone arrays it owns (ownedPages, owned) are kept: no
// holder keeps a part of them, and the start state and clones share
// none of them. What the caller took from the game before (its Result,
// Facts, Scores, Keys) is copied out and stays valid.

// flatSpares are a program's released games, by player count; each
// pool holds *flatGame values whose state is of that count.
type flatSpares map[int]*sync.Pool

// newFlatSpares makes a pool for each player count of starts.
func newFlatSpares(starts map[int]*flatState) flatSpares {
	out := flatSpares{}
	for n := range starts {
		out[n] = &sync.Pool{}
	}
	return out
}

// put keeps g's buffers for a next game, if they are g's alone.
func (s flatSpares) put(g *flatGame) {
	if g == nil || g.cloned || g.env.fs == nil || g.env.sharedLists || g.shared != 0 {
		return
	}
	if pool := s[g.env.fs.players]; pool != nil {
		pool.Put(g)
	}
}

// get is a released game of n players, nil if there is none.
func (s flatSpares) get(n int) *flatGame {
	pool := s[n]
	if pool == nil {
		return nil
	}
	g, _ := pool.Get().(*flatGame)
	return g
}

// reuse makes old, a released game of fp, a new game with random stream
// r, as newGame does, keeping its buffers cleared; its state (env.fs)
// is left for freshInto, and the caller gives the new game its own.
func (fp *flatProgram) reuse(old *flatGame, r rng) *flatGame {
	e := old.env
	clear(e.slots)
	clear(e.lists)
	clear(e.nums)
	clear(e.locals)
	clear(e.localLists)
	clear(e.localNums)
	clear(e.versions)
	for _, t := range e.memos {
		clear(t)
	}
	for _, t := range e.memoLists {
		clear(t)
	}
	clear(old.fires)
	clear(old.trigKnown)
	clear(old.trigOn)
	spare := append(old.spare, old.frames...)
	for _, f := range spare {
		clear(f.lists)
		f.saved, f.lists, f.cards, f.nums = f.saved[:0], f.lists[:0], nil, nil
	}
	clear(old.frames)
	clear(old.args)
	fires, trigKnown, trigOn := old.fires, old.trigKnown, old.trigOn
	frames, args, elemBuf := old.frames[:0], old.args[:0], old.elemBuf[:0]
	g := old
	*g = flatGame{fp: fp, rng: r, fires: fires, trigKnown: trigKnown, trigOn: trigOn,
		frames: frames, spare: spare, args: args, elemBuf: elemBuf}
	g.env = flatEnv{slots: e.slots, lists: e.lists, nums: e.nums,
		locals: e.locals, localLists: e.localLists, localNums: e.localNums,
		versions: e.versions, memos: e.memos, memoLists: e.memoLists,
		moving: e.moving[:0], seen: e.seen[:0], text: e.text[:0], rendered: e.rendered[:0],
		takes: fp.newTakes(), game: g}
	g.env.limit()
	return g
}

// freshInto is fresh(true) made in c, a released game's state of as
// many players: its cells, location column and headers are written
// over, and the prop pages and zone arrays it owned are kept as spares
// for the first writes. nil if c's sizes are not fs's.
func (fs *flatState) freshInto(c *flatState) *flatState {
	if c == nil || c.players != fs.players || len(c.cells) != len(fs.cells) || len(c.props) != len(fs.props) ||
		len(c.zones) != len(fs.zones) || len(c.loc) != len(fs.loc) {
		return nil
	}
	for i, own := range c.ownedPages {
		if own {
			if c.sparePages == nil {
				c.sparePages = make([][]int64, len(c.props))
			}
			c.sparePages[i] = c.props[i]
		}
	}
	for z, own := range c.owned {
		if own {
			if c.spareZones == nil {
				c.spareZones = make([][]int32, len(c.zones))
			}
			c.spareZones[z] = c.zones[z][:0]
		}
	}
	clear(c.ownedPages)
	clear(c.owned)
	if c.owned != nil {
		c.spareOwned = c.owned
	}
	if c.ownedPages != nil {
		c.spareOwnedPages = c.ownedPages
	}
	c.owned, c.ownedPages = nil, nil
	copy(c.cells, fs.cells)
	copy(c.props, fs.props)
	copy(c.zones, fs.zones)
	copy(c.loc, fs.loc)
	c.lists, c.listsShared = fs.lists, true
	c.made = &flatStrings{ids: maps.Clone(fs.made.ids), strs: slices.Clone(fs.made.strs)}
	return c
}
