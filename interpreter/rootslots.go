package interpreter

import (
	"maps"
	"slices"
	"strings"
)

// Root slots. The root environment is a map (expr's VM reads its names
// there), and a closure reading a global name — a zone, a variable, the
// players, a for_each local — looked it up by hashing the name: ~20 ns,
// and the most frequent read of every game (9,000 to 60,000 a game in the
// shipped rulesets). So each name a closure reads has a slot too:
// the Program numbers them as it compiles (rootSlotTable), a state keeps
// their values in state.vals beside the map, and the closure reads the
// slot. For a global the map stays the record: every write goes through
// setRoot or unsetRoot, which write both, and the places that build or
// load a root map at once (a new game, a reloaded state, a scenario's
// position) fill the slots from it afterwards (syncVals). A local (an
// option's or a loop's as, a call's argument, a let) is bound and
// unbound far more often than anything reads the map, so it lives in its
// slot alone (setLocal, with state.bound for whether it is bound), and
// the map gets the locals when something reads it: the VM, a saved
// state, the calling VM after a function's arguments are unbound
// (syncLocals); Go code reads a local with getRoot. TestRootSlotsMirrorTheEnvironment checks the two agree
// after every decision of random games of every shipped ruleset, and
// TestFastPathsAgreeWithTheVM compares every value a closure computed
// with the VM's, which reads the map.

// rootSlotTable numbers the root names closures read. It is filled while
// the Program compiles and frozen after: an expression compiled later (an
// ad hoc one) reads the names that have no slot from the map.
type rootSlotTable struct {
	of     map[string]int
	frozen bool
	// names are the slots' names, by slot; local marks the slots of
	// locals (keys localKey made), which live in their slots alone
	// between reads of the map (syncLocals).
	names []string
	local []bool
}

// slot is name's slot, numbering it if the table is not frozen.
func (t *rootSlotTable) slot(name string) (int, bool) {
	if i, ok := t.of[name]; ok || t.frozen {
		return i, ok
	}
	if t.of == nil {
		t.of = map[string]int{}
	}
	t.of[name] = len(t.names)
	t.names = append(t.names, name)
	t.local = append(t.local, strings.HasPrefix(name, localKey("")))
	return t.of[name], true
}

// localRef is a local as a frame binds it: its key in the root map
// (localKey) and its slot plus one (0: none), both found at load.
type localRef struct {
	key  string
	slot int
}

// local is the localRef of the local name, its slot numbered now so that
// binding it needs no look-up. Effects compiled after the Program (a
// scenario's run:) may bind a local nothing compiled before names: the
// table is frozen then, and such a local has no slot (it lives in the
// map, where the closures compiled with it read it).
func (c *exprCompiler) local(name string) localRef {
	key := localKey(name)
	i, ok := c.slots.slot(key)
	if !ok {
		return localRef{key: key}
	}
	return localRef{key: key, slot: i + 1}
}

// setRoot sets name in the root environment, and its slot (a local's
// slot alone: syncLocals).
func (s *state) setRoot(name string, v any) {
	i, ok := s.slots.of[name]
	switch {
	case !ok:
		s.writableRoot()
		s.root[name] = v
	case s.slots.local[i]:
		s.setLocal(i, v, true)
	default:
		s.writableRoot()
		s.root[name] = v
		s.setVal(i, v)
	}
}

// unsetRoot removes name from the root environment, and clears its slot.
func (s *state) unsetRoot(name string) {
	i, ok := s.slots.of[name]
	switch {
	case !ok:
		s.writableRoot()
		delete(s.root, name)
	case s.slots.local[i]:
		s.setLocal(i, nil, false)
	default:
		s.writableRoot()
		delete(s.root, name)
		s.setVal(i, nil)
	}
}

// getRoot is the value of name in the root environment.
func (s *state) getRoot(name string) any {
	if i, ok := s.slots.of[name]; ok && s.slots.local[i] {
		return s.vals[i]
	}
	return s.root[name]
}

// setLocal binds (bound) or unbinds the local of slot i, in its slot
// alone. Locals are bound and unbound all the time (an option's as for
// each option listed, a loop's as for each round, a call's arguments),
// and read by closures from their slots; the root map, which only the VM,
// a saved state and a few readers of the map see, gets them when one of
// those reads it (syncLocals).
func (s *state) setLocal(i int, v any, bound bool) {
	s.writableVals()
	s.vals[i], s.bound[i] = v, bound
	s.localsStale = true
}

// syncLocals writes the locals' slots into the root map, before something
// reads the map.
func (s *state) syncLocals() {
	if !s.localsStale {
		return
	}
	s.writableRoot()
	for i, name := range s.slots.names {
		switch {
		case !s.slots.local[i]:
		case s.bound[i]:
			s.root[name] = s.vals[i]
		default:
			delete(s.root, name)
		}
	}
	s.localsStale = false
}

// setVal writes slot i. A clone shares its original's slots (cloning
// copies nothing of them); the first write in either copies them, as
// the first write to a card or a player copies it (cow.go).
func (s *state) setVal(i int, v any) {
	s.writableVals()
	s.vals[i] = v
}

// writableVals makes the slots the state's own before a write, if they
// are not (kept small, to be inlined: every bind writes a slot).
func (s *state) writableVals() {
	if !s.valsOwn || s.clones.Load() != s.ownedAt {
		s.ownVals()
	}
}

// ownVals makes the slots the state's own.
func (s *state) ownVals() {
	s.unshare()
	if !s.valsOwn {
		s.vals, s.bound = slices.Clone(s.vals), slices.Clone(s.bound)
		s.valsOwn = true
	}
}

// unshare drops the state's ownership of everything a clone taken since
// its last write shares with it: the marks of its cards, players and
// families (cow.go), its slots and its root map. Whichever write comes
// first after a clone calls it.
func (s *state) unshare() {
	if n := s.clones.Load(); n != s.ownedAt {
		s.owned, s.ownedAt = nil, n
		s.valsOwn, s.rootOwn = false, false
		s.props.own, s.pvals.own = false, false
		s.fresh = nil
	}
}

// writableRoot makes the root map the state's own before a write, if it
// is not: a clone shares its original's root map until either writes it
// (cloning copied it before; it was a third of a clone's time).
func (s *state) writableRoot() {
	if !s.rootOwn || s.clones.Load() != s.ownedAt {
		s.ownRoot()
	}
}

// ownRoot makes the root map the state's own.
func (s *state) ownRoot() {
	s.unshare()
	if !s.rootOwn {
		s.root, s.rootOwn = maps.Clone(s.root), true
	}
}

// syncVals fills every slot from the root map, after the map was built or
// written at once, in slots of the state's own.
func (s *state) syncVals(slots *rootSlotTable) {
	s.syncLocals() // the map is the record now
	s.slots = slots
	s.vals, s.bound, s.valsOwn = make([]any, len(slots.names)), make([]bool, len(slots.names)), true
	for i, name := range slots.names {
		s.vals[i], s.bound[i] = s.root[name]
	}
	if s.pfields != nil {
		s.syncPlayerVals() // the players' maps too (playerslots.go)
	}
}
