package interpreter

import (
	"fmt"
	"maps"
	"reflect"
	"sync/atomic"
)

// state is everything that changes during a game. It is plain data: maps,
// slices, ints, strings and bools, so that cloning and serialising are
// generic.
type state struct {
	// root is the expression environment: constants, vars, global zones,
	// players, and the locals of the running frames.
	root map[string]any
	// vals are the slots of the root names closures read, slots their
	// numbering (rootslots.go): every write of root goes through setRoot.
	vals    []any
	slots   *rootSlotTable
	valsOwn bool // vals is this state's alone (not a clone's too)
	// rootOwn tells that root is this state's alone: a clone shares its
	// original's root map and either copies it at its first write of it
	// (writableRoot), as with vals.
	rootOwn bool
	// bound tells, for a local's slot, whether the local is bound;
	// localsStale that the root map's locals are behind their slots
	// (rootslots.go). bound is copied with vals.
	bound       []bool
	localsStale bool
	playerCount int
	// cards holds every card by its number (Program.cow.cardNum; nil for
	// a card a reloaded state lacks). Shared with clones: see cow.go.
	cards []map[string]any
	// loc is where each card lies, by number (cardloc.go); shared with
	// clones and copied with cards.
	loc []cardLoc
	// props are the cards' props, by number, in pages (cardprops.go):
	// shared with the Program (a new game) or a clone, page by page,
	// until written (parts.go).
	props parts
	// fresh are intmaps this state made and alone holds, which it may
	// write in place (collwrites.go); dropped at a clone (unshare).
	fresh []map[string]int
	// pvals are the player slots (playerslots.go), numbered by pfields,
	// a row per player shared with a clone until written (parts.go).
	pfields *playerFields
	pvals   parts
	// owned marks the cards (by number), players and families that are
	// this state's alone (cow.go); nil when none is (since the last
	// clone), and then cards itself is shared.
	owned []bool
	// clones counts the clones taken of this state (atomically, so that
	// clones of one idle game may be taken concurrently); ownedAt is the
	// count when the state last took its ownerships (unshare). While they
	// differ, a clone shares what owned, valsOwn and rootOwn say is the
	// state's, and the next write drops them. A frame's saved locals and
	// a pending decision's options are reused on the same condition
	// (frame.savedAt, pendingDecision.optionsAt).
	clones    atomic.Uint64
	ownedAt   uint64
	frames    []*frame
	pending   *pendingDecision
	rng       rng
	events    eventLog // append-only; frozen parts shared with clones (eventlog.go)
	logBytes  int      // the text of the log effects so far (Limits.MaxLogBytes)
	outcomes  []Outcome
	decisions int
	over      bool
	result    *Result
	// fires counts trigger firings since the last decision, by trigger.
	fires []int
	// barrier is set while effects given to Exec run.
	barrier *barrier
	// facts are the report's attributes and counters, once read
	// (report.go); takes are the cards taken so far, append-only.
	facts seatFacts
	takes []CardTake
}

// frame is one running effect list: a block and the index of the next
// effect, plus loop state and the locals it bound (restored when it ends).
type frame struct {
	blk   *block
	pc    int
	loop  *effect // for_each, while or repeat whose body this frame runs
	items []any   // for_each: the list
	idx   int     // for_each/repeat: the current iteration
	count int     // repeat: the number of iterations
	trig  bool    // the frame runs a trigger
	saved []savedLocal
	// first holds saved's first entries, so that a frame binding one or
	// two locals (a call's arguments, a loop's as) allocates nothing
	// more. A clone's copy of the frame gets its own copy (cow_clone.go);
	// nothing writes a saved entry in place (replaceRefs copies the slice
	// first).
	first [2]savedLocal
	// savedAt is the state's clone count when saved's array was made,
	// when the frame made one (it bound more than first holds): unbind
	// and recycle keep that array, emptied, for the next binds, but only
	// while the count is the same — a clone shares the frames' saved
	// arrays, so after one the array is dropped, never written again.
	savedAt uint64
}

// savedLocal remembers what a name held before a frame bound it.
type savedLocal struct {
	name string
	key  string // localKey(name), "" when not computed yet (a reloaded frame)
	old  any
	had  bool
	// slot is the local's root slot plus one (rootslots.go), 0 when it has
	// none or it is not known yet (a reloaded frame).
	slot int
}

// bindLocal sets the local name (under its key, see scope.go) in env and
// returns what to restore later.
func bindLocal(s *state, name string, v any) savedLocal {
	key := meKey // bound once per seat in scoring, views and reports
	if name != "me" {
		key = localKey(name)
	}
	l := localRef{key: key}
	if i, ok := s.slots.of[key]; ok {
		l.slot = i + 1
	}
	return bindKey(s, name, l, v)
}

// bindKey is bindLocal with the local's key and slot found at load.
func bindKey(s *state, name string, l localRef, v any) savedLocal {
	if l.slot > 0 {
		i := l.slot - 1
		old, had := s.vals[i], s.bound[i]
		s.setLocal(i, v, true)
		return savedLocal{name: name, key: l.key, old: old, had: had, slot: l.slot}
	}
	old, had := s.root[l.key]
	s.writableRoot()
	s.root[l.key] = v
	return savedLocal{name: name, key: l.key, old: old, had: had}
}

// localKey is the key the local lives under in the environment.
func (s savedLocal) localKey() string {
	if s.key == "" {
		return localKey(s.name)
	}
	return s.key
}

func (s savedLocal) restore(st *state) {
	if s.slot == 0 { // no slot, or not known (a reloaded frame)
		if s.had {
			st.setRoot(s.localKey(), s.old)
		} else {
			st.unsetRoot(s.localKey())
		}
		return
	}
	st.setLocal(s.slot-1, s.old, s.had) // old is nil when it had none
}

// bind sets the local name (l: its key and slot, found at load) for the
// lifetime of the frame. Rebinding a name the
// frame already bound keeps the first saved value.
func (f *frame) bind(st *state, name string, l localRef, v any) {
	for _, s := range f.saved {
		if s.name == name {
			if s.slot > 0 {
				st.setLocal(s.slot-1, v, true)
			} else {
				st.setRoot(s.localKey(), v)
			}
			return
		}
	}
	if f.saved == nil {
		f.saved = f.first[:0] // most frames bind one or two locals
	}
	room := cap(f.saved)
	f.saved = append(f.saved, bindKey(st, name, l, v))
	if cap(f.saved) != room { // a new array: the state's alone until its next clone
		f.savedAt = st.clones.Load()
	}
}

// unbind restores every local the frame bound.
func (f *frame) unbind(st *state) {
	for i := len(f.saved) - 1; i >= 0; i-- {
		f.saved[i].restore(st)
	}
	f.saved = f.keptSaved(st)
}

// keptSaved is the frame's array of saved locals, emptied, for its next
// binds: the one it made if no clone can hold it (see savedAt), else
// none (nil: the next bind starts in first).
func (f *frame) keptSaved(st *state) []savedLocal {
	if cap(f.saved) <= len(f.first) || f.savedAt != st.clones.Load() {
		return nil
	}
	clear(f.saved) // the old values are not kept alive (past len: cleared before, or never used)
	return f.saved[:0]
}

// push starts running a block.
func (g *Game) push(b *block) *frame {
	f := g.newFrame(b)
	g.st.frames = append(g.st.frames, f)
	return f
}

// newFrame is a frame for block b, one the game popped if it has one.
func (g *Game) newFrame(b *block) *frame {
	if n := len(g.spareFrames); n > 0 {
		f := g.spareFrames[n-1]
		g.spareFrames = g.spareFrames[:n-1]
		f.blk = b
		return f
	}
	return &frame{blk: b}
}

// recycle keeps a frame the run loop popped for the next push. Only the
// game's frame stack points to a frame (a clone copies the frames it
// takes, and the copy of an inline saved entry is the clone's own), so a
// popped frame is nobody's.
//
// It resets only what the next push reads and writes a pointer only
// where it changes: every pointer written while the collector marks goes
// through a write barrier, and zeroing the whole frame (two inline saved
// entries included) was 2% of a game. The inline entries past saved's
// length are never read (bind appends over them), so they keep what they
// held until then; blk is set by the next push.
func (g *Game) recycle(f *frame) {
	if f.keptSaved(g.st) == nil { // its array, if no clone holds it
		if f.saved != nil {
			f.saved = nil
		}
	} else {
		f.saved = f.saved[:0]
	}
	if f.loop != nil {
		f.loop = nil
	}
	if f.items != nil {
		f.items = nil
	}
	f.pc, f.idx, f.count, f.trig = 0, 0, 0, false
	g.spareFrames = append(g.spareFrames, f)
}

// cloner deep-copies values, keeping shared maps shared. Its zero value
// is ready: the memo is made when the first map is copied.
type cloner struct {
	memo map[uintptr]map[string]any
}

func (c *cloner) value(v any) any {
	switch x := v.(type) {
	case map[string]any:
		p := reflect.ValueOf(x).Pointer()
		if m, ok := c.memo[p]; ok {
			return m
		}
		// maps.Clone copies the table as it is, much faster than inserting
		// key by key; then the values that are not plain scalars are
		// replaced by their copies, and the "$" keys dropped.
		m := maps.Clone(x)
		if c.memo == nil {
			c.memo = map[uintptr]map[string]any{}
		}
		c.memo[p] = m
		for k, e := range m {
			switch e.(type) {
			case int, bool, string, nil:
			default:
				m[k] = c.value(e)
			}
			if len(k) > 0 && k[0] == '$' {
				delete(m, k)
			}
		}
		return m
	case []any:
		return c.list(x)
	case []int:
		return append([]int{}, x...)
	case []string:
		return append([]string{}, x...)
	case map[string]int:
		if x == nil {
			return map[string]int{} // a copy is never nil (as make made it)
		}
		return maps.Clone(x) // the table as it is: faster than key by key
	case []map[string]int:
		return cloneIntMaps(x)
	}
	return v
}

func (c *cloner) list(xs []any) []any {
	if xs == nil {
		return nil
	}
	out := make([]any, len(xs))
	for i, e := range xs {
		out[i] = c.value(e)
	}
	return out
}

// zoneOwner resolves a zone reference to its owner (-1 for global).
func (g *Game) zoneOwner(z *zoneRef) (int, error) {
	if z.obj == nil {
		return -1, nil
	}
	v, err := g.eval(z.obj)
	if err != nil {
		return 0, err
	}
	p, ok := v.(map[string]any)
	id, isInt := p["id"].(int)
	if !ok || !isInt || id < 0 || id >= g.st.playerCount {
		return 0, fmt.Errorf("%s: expected a player, got %s", z.src.Src, describe(v))
	}
	return id, nil
}

// container is the map that holds a zone's list: the root or a player.
func (g *Game) container(owner int) map[string]any {
	if owner < 0 {
		return g.st.root
	}
	return g.st.root["players"].([]any)[owner].(map[string]any)
}

// zoneList returns the cards of a zone (name may be a family location,
// NAME[key]).
func (g *Game) zoneList(name string, owner int) []any {
	if fam, key, keyed := splitLoc(name); keyed {
		xs, _ := g.family(fam)[key].([]any)
		return xs
	}
	xs, _ := g.container(owner)[name].([]any)
	return xs
}

// setZone replaces the cards of a zone.
func (g *Game) setZone(name string, owner int, xs []any) {
	if fam, key, keyed := splitLoc(name); keyed {
		g.ownFamily(fam)[key] = xs
		g.touch(fam)
		return
	}
	g.dropZoneMark(name, owner)
	g.writeZone(name, owner, xs)
	if owner < 0 {
		g.touch(name)
	} else {
		g.touchPlayer(name)
	}
}

// removeCard takes a card out of the zone it is in.
// A card is known by its number (cardNumOf, else its id: c may be a
// version a copy-on-write replaced, cow.go), found in its zone's list the
// same way.
func (g *Game) removeCard(c map[string]any) error {
	n, isCard := g.cardNumOf(c)
	if !isCard {
		if id, ok := c["id"].(string); ok {
			n, isCard = g.prog.cow.cardNum[id]
		}
	}
	l := cardLoc{owner: -1}
	if isCard {
		l = g.st.loc[n]
	}
	zone, owner := l.where(), l.owner
	list := g.zoneList(zone, owner)
	for i, e := range list {
		if m, _ := e.(map[string]any); isCard && m != nil {
			if k, ok := g.cardNumOf(m); ok && k == n {
				g.setZone(zone, owner, without(list, i))
				return nil
			}
		}
	}
	return fmt.Errorf("internal: card %v not found in its zone %s", c["id"], zone)
}

// without is list without its element i. Lists are never written in
// place (cow.go), so taking the first or the last shares the rest (capped,
// so that an append cannot write into the shared array).
func without(list []any, i int) []any {
	switch i {
	case 0:
		return list[1:]
	case len(list) - 1:
		return list[:i:i]
	}
	out := make([]any, 0, len(list)-1)
	return append(append(out, list[:i]...), list[i+1:]...)
}

// putCard adds a card to a zone, at the top or the bottom. The card's
// map is not written: its location is a column (cardloc.go).
func (g *Game) putCard(c map[string]any, name string, owner int, top bool) {
	i, isCard := g.cardNumOf(c)
	if isCard && g.st.cards[i] != nil {
		c = g.st.cards[i] // the game's current version of the card
	}
	list, mark := g.zoneList(name, owner), g.zoneMark(name, owner)
	var out []any
	switch {
	case !top && g.appendable(list, mark):
		out = append(list, c) // past every holder's end (zonetail.go)
	case top:
		out = append(append(make([]any, 0, listRoom(len(list)+1)), c), list...)
	default:
		out = append(append(make([]any, 0, listRoom(len(list)+1)), list...), c)
	}
	if isCard {
		g.setLocOf(i, name, owner)
	}
	g.touch(cardsToken)
	g.setZone(name, owner, out)
	if mark >= 0 {
		g.marks()[mark] = true // the list is on an array this state made, whole
	}
}

// shareAppendOnly returns xs capped at its length, for a clone. The
// supplied outcomes, the takes and a frame's saved locals are only ever
// appended to (or resliced from the front), never written in place:
// capped, an append to either copy moves that copy to a new array, so the
// two never see each other's entries and nothing needs copying until then.
// (The log, which a clone appends to at once, is shared as frozen
// segments instead: eventlog.go.)
func shareAppendOnly[T any](xs []T) []T {
	return xs[:len(xs):len(xs)]
}

// copySlice copies a slice, keeping nil nil and empty empty (they
// serialise differently).
func copySlice[T any](xs []T) []T {
	if xs == nil {
		return nil
	}
	return append(make([]T, 0, len(xs)), xs...)
}
