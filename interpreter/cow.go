package interpreter

import (
	"maps"
	"reflect"
	"slices"
)

// Cheap clones: structural sharing with copy-on-write.
//
// A Clone copies the root environment (a shallow copy of one map), the
// frame stack and the pending decision, and shares everything else with
// the original:
//
//   - Values are immutable. A zone's list is replaced, never written in
//     place where anyone can see it (removeCard and setZone build new
//     lists; putCard builds one or writes past the end of every list that
//     holds the array, under an append mark: zonetail.go); a variable's
//     list or map is replaced too (writeTarget sets an element in a copy);
//     constants and boards never change. Sharing them needs nothing.
//   - The maps that are written in place — cards (only a scenario
//     position's attribute writes one: a move writes the location column,
//     cardloc.go, and set the prop column, cardprops.go, both shared with
//     a clone and copied on its first write), the players' maps (their variables and
//     zones), the keyed zone families (their zones) and the players list
//     — are copied on write. The state marks those it owns alone
//     (state.owned; cards are kept by number, Program.cow.cardNum). A
//     new game owns no card: it starts with the Program's card maps,
//     shared by all its games (createCards). A clone owns none, and cloning takes the original's ownership away
//     too, so the first write to such a map in either game copies just
//     that map (ownCard, ownPlayer, ownFamily); later writes find it
//     owned. Every write to one goes through those.
//   - A copy has a new identity, and a game's card, player or family must
//     be one map wherever the game holds it (a write through a local must
//     be seen through the zone). So the copy replaces the old map in every
//     place of its game that can hold it (replaceRefs): the players list
//     or the root for a player or family, the card's zone list (on a new
//     list), and the locals in the root, the frames' lists and saved
//     locals and the pending decisions, on new lists and slices. Those are
//     all: cards and players are not a value type of variables or props,
//     only of zones and locals.
//
// Clone only reads the original but for one atomic counter (state.clones)
// that tells it its marks are stale: so several goroutines may clone one
// game at the same time (a search bot's workers cloning the root), as
// long as nothing else calls the game meanwhile.

// cowLayout is what the copy-on-write scheme needs of a Program.
type cowLayout struct {
	// cardNum numbers the card instances (their index in Program.cards).
	cardNum map[string]int
	// families are the names of the keyed zone families.
	families []string
	// zones number the zones that have an append mark (zonetail.go).
	zones zoneMarks
}

// newCowLayout numbers p's cards and lists its families.
func newCowLayout(p *Program) cowLayout {
	l := cowLayout{cardNum: make(map[string]int, len(p.cards)), zones: newZoneMarks(p)}
	for i := range p.cards {
		l.cardNum[p.cards[i].id] = i
	}
	for _, n := range p.rs.ZoneOrder {
		if p.rs.ZoneKeys(n) != nil {
			l.families = append(l.families, n)
		}
	}
	return l
}

// cardByID is the game's card with instance id id.
func (g *Game) cardByID(id string) (map[string]any, bool) {
	i, ok := g.prog.cow.cardNum[id]
	if !ok {
		return nil, false
	}
	c := g.st.cards[i]
	return c, c != nil
}

// isCard reports whether v is a card of the game (a map whose id is a
// card instance's).
func (g *Game) isCard(v any) bool {
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	if i, ok := g.prog.attrs.at.find(mapAddr(m)); ok {
		return g.st.cards[i] != nil // one of the Program's maps (cardattrs.go)
	}
	id, ok := m["id"].(string)
	if !ok {
		return false
	}
	_, ok = g.cardByID(id)
	return ok
}

// The marks in state.owned: one per card (by number), then one per
// player, one per family (in Program.cow.families order), one for the
// players list, and the zones' append marks (zonetail.go).
func (s *state) playerMark(i int) int       { return len(s.cards) + i }
func (s *state) familyMark(j int) int       { return len(s.cards) + s.playerCount + j }
func (s *state) listMark(prog *Program) int { return s.familyMark(len(prog.cow.families)) }

// ownAll marks everything the state's own (a new or reloaded game) but
// the zones' lists, which it has not built to append to (zonetail.go).
func (s *state) ownAll(prog *Program) {
	s.owned = make([]bool, s.markCount(prog))
	for i := range s.listMark(prog) + 1 {
		s.owned[i] = true
	}
}

// marks returns the ownership marks, making them (none owned) on the
// first write since a clone; the location column is then copied too, as
// it is shared until then. (The card index is copied by the rare write
// that replaces a card, ownCard.)
func (g *Game) marks() []bool {
	s := g.st
	s.unshare()
	if s.owned == nil {
		s.loc = slices.Clone(s.loc)
		s.owned = make([]bool, s.markCount(g.prog))
	}
	return s.owned
}

// ownCard returns the game's own version of card c, to write a prop to:
// c's current map if the game owns it, else a copy that replaces it
// everywhere in the game (its zone's list included). c may be a stale
// version; the caller must write to (and keep) what ownCard returns. (A
// move writes no card map: the location is a column, cardloc.go.)
func (g *Game) ownCard(c map[string]any) map[string]any {
	id, _ := c["id"].(string)
	i, ok := g.prog.cow.cardNum[id]
	if !ok {
		return c // not a card of the program: nothing shares it
	}
	owned := g.marks()
	cur := g.st.cards[i]
	if cur == nil {
		return c
	}
	if owned[i] {
		return cur
	}
	n := maps.Clone(cur)
	g.st.cards = slices.Clone(g.st.cards) // shared with the Program's games and clones
	g.st.cards[i], owned[i] = n, true
	g.replaceRefs(func(m map[string]any) bool {
		_, card := m["table"]
		return card && m["id"] == id
	}, n)
	g.replaceInZone(n)
	return n
}

// ownPlayer returns the game's own map of player i, to write to.
func (g *Game) ownPlayer(i int) map[string]any {
	s := g.st
	owned := g.marks()
	ps := s.root["players"].([]any)
	if owned[s.playerMark(i)] {
		return ps[i].(map[string]any)
	}
	if lm := s.listMark(g.prog); !owned[lm] {
		ps = slices.Clone(ps)
		s.setRoot("players", ps)
		owned[lm] = true
	}
	n := maps.Clone(ps[i].(map[string]any))
	ps[i], owned[s.playerMark(i)] = n, true
	g.replaceRefs(func(m map[string]any) bool {
		_, card := m["table"]
		id, ok := m["id"].(int)
		return !card && ok && id == i
	}, n)
	return n
}

// ownContainer is the map to write a zone of owner into: the root or the
// game's own map of the player.
func (g *Game) ownContainer(owner int) map[string]any {
	if owner < 0 {
		g.st.writableRoot()
		return g.st.root
	}
	return g.ownPlayer(owner)
}

// ownFamily returns the game's own map of the keyed zone family name, to
// write to.
func (g *Game) ownFamily(name string) map[string]any {
	old := g.family(name)
	j := slices.Index(g.prog.cow.families, name)
	if j < 0 || old == nil {
		return old
	}
	owned := g.marks()
	if mk := g.st.familyMark(j); owned[mk] {
		return old
	}
	owned[g.st.familyMark(j)] = true
	n := maps.Clone(old)
	g.st.setRoot(name, n)
	p := reflect.ValueOf(old).UnsafePointer()
	g.replaceRefs(func(m map[string]any) bool { return reflect.ValueOf(m).UnsafePointer() == p }, n)
	return n
}

// replaceInZone puts n in place of the old version of the card in the
// zone its fields name, on a new list (lists may be shared).
func (g *Game) replaceInZone(n map[string]any) {
	l := g.cardLocOf(n)
	zone, owner := l.where(), l.owner
	list := g.zoneList(zone, owner)
	for i, e := range list {
		if m, ok := e.(map[string]any); ok && m["id"] == n["id"] {
			out := slices.Clone(list)
			out[i] = n
			g.putZoneList(zone, owner, out)
			return
		}
	}
}

// putZoneList replaces the list of a zone without touching its readers
// (the cards are the same: no condition can change).
func (g *Game) putZoneList(name string, owner int, xs []any) {
	if fam, key, keyed := splitLoc(name); keyed {
		g.ownFamily(fam)[key] = xs
		return
	}
	g.dropZoneMark(name, owner)
	g.writeZone(name, owner, xs)
}

// writeZone stores the list of zone name of owner (-1: a global zone, in
// the root).
func (g *Game) writeZone(name string, owner int, xs []any) {
	if owner < 0 {
		g.st.setRoot(name, xs)
		return
	}
	g.setPlayerField(owner, name, xs)
}

// replaceRefs puts n in place of every map match accepts in every place
// of the game but the zones and the players list that can hold a card,
// a player or a family: the locals, the frames and the pending decisions.
// It builds new lists and slices where it replaces (they may be shared).
func (g *Game) replaceRefs(match func(map[string]any) bool, n map[string]any) {
	r := refReplacer{g: g, match: match, n: n}
	s := g.st
	// A write happens only while effects run, and every local bound then
	// was bound by a running frame (frame.bind; the other binds — option
	// listings, labels, scoring, views, the VM's calls — only evaluate
	// and are undone before anything is written). So the frames' saved
	// locals name every local that can hold the old map, and the root
	// map, which holds every name of the game, need not be walked.
	// TestReplaceRefsReachesEveryLocal checks that in games of every
	// shipped ruleset, clones included (Game.refCheck).
	for _, f := range s.frames {
		for i := range f.saved {
			k := f.saved[i].localKey()
			if nv, ok := r.value(s.getRoot(k)); ok {
				s.setRoot(k, nv)
			}
		}
	}
	for _, f := range s.frames {
		if nv, ok := r.value(f.items); ok {
			f.items = nv.([]any)
		}
		copied := false
		for i := range f.saved {
			if nv, ok := r.value(f.saved[i].old); ok {
				if !copied {
					f.saved, copied = slices.Clone(f.saved), true
				}
				f.saved[i].old = nv
			}
		}
	}
	r.pending(s.pending)
	if s.barrier != nil {
		r.pending(s.barrier.pending)
	}
	if g.refCheck != nil {
		g.refCheck(&r)
	}
}

// refReplacer replaces the maps match accepts by n, building new lists
// and maps where it finds one.
type refReplacer struct {
	g     *Game
	match func(map[string]any) bool
	n     map[string]any
}

func (r *refReplacer) pending(p *pendingDecision) {
	if p == nil {
		return
	}
	copied := false
	for i := range p.options {
		if nv, ok := r.value(p.options[i].value); ok {
			if !copied {
				p.options, copied = slices.Clone(p.options), true
			}
			p.options[i].value = nv
		}
	}
	if p.pick != nil {
		if nv, ok := r.value(p.pick.items); ok {
			p.pick.items = nv.([]any)
		}
	}
}

// value returns v with the matching maps replaced, and whether any was.
func (r *refReplacer) value(v any) (any, bool) {
	if x, ok := v.(map[string]any); ok {
		if r.match(x) {
			return r.n, true
		}
		if _, card := x["table"]; card || r.g.isContainer(x) {
			return v, false // its zones are replaced in place of their own
		}
	}
	return rewriteElems(v, r.value)
}

// rewriteElems is a list or map v with f applied to each element, copied
// on the first element f changes (values are never written in place), and
// whether any was; any other v is returned as is.
func rewriteElems(v any, f func(any) (any, bool)) (any, bool) {
	switch x := v.(type) {
	case []any:
		var out []any
		for i, e := range x {
			if ne, ok := f(e); ok {
				if out == nil {
					out = slices.Clone(x)
				}
				out[i] = ne
			}
		}
		if out != nil {
			return out, true
		}
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			if ne, ok := f(e); ok {
				if out == nil {
					out = maps.Clone(x)
				}
				out[k] = ne
			}
		}
		if out != nil {
			return out, true
		}
	}
	return v, false
}

// isContainer reports whether m is a player map or one of the state's
// families (which are kept, not copied, when a map in them is replaced).
func (g *Game) isContainer(m map[string]any) bool {
	if _, ok := m["id"].(int); ok {
		return true // a player
	}
	p := reflect.ValueOf(m).UnsafePointer()
	for _, n := range g.prog.cow.families {
		if f := g.family(n); f != nil && reflect.ValueOf(f).UnsafePointer() == p {
			return true
		}
	}
	return false
}

// currentCards returns v with every card replaced by the game's current
// version of it (a value kept across effects that may have copied cards).
func (g *Game) currentCards(v any) any {
	switch x := v.(type) {
	case []any:
		var out []any
		for i, e := range x {
			if ne := g.currentCards(e); !sameValue(ne, e) {
				if out == nil {
					out = slices.Clone(x)
				}
				out[i] = ne
			}
		}
		if out == nil {
			return v
		}
		return out
	case map[string]any:
		if _, card := x["table"]; card {
			if id, ok := x["id"].(string); ok {
				if c, ok := g.cardByID(id); ok {
					return c
				}
			}
		}
		if i, ok := x["id"].(int); ok && i >= 0 && i < g.st.playerCount {
			return g.container(i)
		}
	}
	return v
}

// sameValue reports whether two values are the same map or list (values
// of other kinds are never replaced: it reports true for them).
func sameValue(a, b any) bool {
	ma, aok := a.(map[string]any)
	mb, bok := b.(map[string]any)
	if aok || bok {
		return aok && bok && reflect.ValueOf(ma).UnsafePointer() == reflect.ValueOf(mb).UnsafePointer()
	}
	if la, ok := a.([]any); ok {
		lb, ok := b.([]any)
		return ok && len(la) == len(lb) && (len(la) == 0 || &la[0] == &lb[0])
	}
	return true
}
