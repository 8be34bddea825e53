package interpreter

import (
	"maps"
	"reflect"
	"slices"
	"strings"
)

// Cheap clones: structural sharing with copy-on-write.
//
// A Clone copies only the few containers a game writes in place — the
// root environment, the players' maps, the keyed zone families, the
// frames and the pending decision — and shares everything else with the
// original:
//
//   - Values are immutable. A zone's list is replaced, never written in
//     place (putCard, removeCard, setZone build new lists); a variable's
//     list or map is replaced too (writeTarget sets an element in a copy);
//     constants and boards never change. Sharing them needs nothing.
//   - Card maps are written in place (a move sets zone and owner, set
//     writes a prop), so they are copied on write. The state keeps its
//     cards by number (Program.cow.cardNum) and marks those it owns
//     alone (state.owned). A clone owns none, and cloning takes the
//     ownership of the original's cards away too, so the first write to a
//     card in either game copies that card (ownCard); later writes find
//     it owned. Every write to a card goes through ownCard or
//     ownCardDetached.
//   - Copying a card gives it a new identity, and a game's card must be
//     one map wherever the game holds it (a write through a local must be
//     seen through the zone). So the copy replaces the old map in every
//     place of its game that can hold a card: its zone's list (on a new
//     list), the locals in the root, the frames' lists and saved locals,
//     and the pending decision (replaceCardRefs). Those are all: cards are
//     not a value type of variables or props, only of zones and locals.
//   - A local or frame value that holds a player map or a family (the
//     containers the clone copies) is remapped to the clone's copy when
//     cloning (cloneRefs), so identity holds for them too.
//
// Clone therefore writes the original's ownership marks: like every call
// on a Game, it must not run concurrently with another call on the same
// Game (two goroutines may clone one game only one after the other; the
// clones then run anywhere).

// cowLayout is what the copy-on-write scheme needs of a Program.
type cowLayout struct {
	// cardNum numbers the card instances (their index in Program.cards).
	cardNum map[string]int
	// families are the names of the keyed zone families.
	families []string
}

// newCowLayout numbers p's cards and lists its families.
func newCowLayout(p *Program) cowLayout {
	l := cowLayout{cardNum: make(map[string]int, len(p.cards))}
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
	id, ok := m["id"].(string)
	if !ok {
		return false
	}
	_, ok = g.cardByID(id)
	return ok
}

// ownAll marks every card the state's own (a new or reloaded game).
func (s *state) ownAll() {
	s.owned = make([]bool, len(s.cards))
	for i := range s.owned {
		s.owned[i] = true
	}
}

// ownCard returns the game's own version of card c, to write to: c's
// current map if the game owns it, else a copy that replaces it
// everywhere in the game (its zone's list included). c may be a stale
// version; the caller must write to (and keep) what ownCard returns.
func (g *Game) ownCard(c map[string]any) map[string]any {
	n, copied := g.ownCardDetached(c)
	if copied {
		g.replaceInZone(n)
	}
	return n
}

// ownCardDetached is ownCard for a card whose caller places it in its
// zone itself (putCard after removeCard, a refill, a re-deal): the copy
// replaces the old map everywhere but in the zones. copied reports
// whether it is a new copy.
func (g *Game) ownCardDetached(c map[string]any) (n map[string]any, copied bool) {
	id, _ := c["id"].(string)
	i, ok := g.prog.cow.cardNum[id]
	if !ok {
		return c, false // not a card of the program: nothing shares it
	}
	s := g.st
	if s.owned == nil { // the first write since a clone: the index is shared
		s.cards = slices.Clone(s.cards)
		s.owned = make([]bool, len(s.cards))
	}
	cur := s.cards[i]
	if cur == nil {
		return c, false
	}
	if s.owned[i] {
		return cur, false
	}
	n = maps.Clone(cur)
	s.cards[i], s.owned[i] = n, true
	g.replaceCardRefs(id, n)
	return n, true
}

// replaceInZone puts n in place of the old version of the card in the
// zone its fields name, on a new list (lists may be shared).
func (g *Game) replaceInZone(n map[string]any) {
	zone, _ := n["zone"].(string)
	owner, _ := n["owner"].(int)
	if key, _ := n["zone_key"].(string); key != "" {
		zone = familyLoc(zone, key)
	}
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
		g.family(fam)[key] = xs
		return
	}
	g.container(owner)[name] = xs
}

// replaceCardRefs replaces the card id by n in every place of the game
// but the zones that can hold a card: the locals, the frames and the
// pending decisions.
func (g *Game) replaceCardRefs(id string, n map[string]any) {
	r := cardReplacer{g: g, id: id, n: n}
	s := g.st
	for k, v := range s.root {
		if isLocalKey(k) {
			if nv, ok := r.value(v); ok {
				s.root[k] = nv
			}
		}
	}
	for _, f := range s.frames {
		if nv, ok := r.value(f.items); ok {
			f.items = nv.([]any)
		}
		for i := range f.saved {
			if nv, ok := r.value(f.saved[i].old); ok {
				f.saved[i].old = nv
			}
		}
	}
	r.pending(s.pending)
	if s.barrier != nil {
		r.pending(s.barrier.pending)
	}
}

// isLocalKey reports whether a root key is a local's (see localKey).
func isLocalKey(k string) bool { return strings.HasPrefix(k, "local ") }

// cardReplacer replaces a card (any version of card id) by n, building new
// lists and maps where it finds it.
type cardReplacer struct {
	g  *Game
	id string
	n  map[string]any
}

func (r *cardReplacer) pending(p *pendingDecision) {
	if p == nil {
		return
	}
	for i := range p.options {
		if nv, ok := r.value(p.options[i].value); ok {
			p.options[i].value = nv
		}
	}
	if p.pick != nil {
		if nv, ok := r.value(p.pick.items); ok {
			p.pick.items = nv.([]any)
		}
	}
}

// value returns v with the card replaced, and whether anything was.
func (r *cardReplacer) value(v any) (any, bool) {
	switch x := v.(type) {
	case []any:
		var out []any
		for i, e := range x {
			if ne, ok := r.value(e); ok {
				if out == nil {
					out = slices.Clone(x)
				}
				out[i] = ne
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	case map[string]any:
		if _, card := x["table"]; card {
			if x["id"] == r.id {
				return r.n, true
			}
			return v, false
		}
		if r.g.isContainer(x) {
			return v, false // a player or family of the state: its zones hold the card
		}
		var out map[string]any
		for k, e := range x {
			if ne, ok := r.value(e); ok {
				if out == nil {
					out = maps.Clone(x)
				}
				out[k] = ne
			}
		}
		if out == nil {
			return v, false
		}
		return out, true
	}
	return v, false
}

// isContainer reports whether m is one of the state's player maps or
// families (which are kept, not copied, when a card in them is replaced).
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
	}
	return v
}

// sameValue reports whether two values are the same map (or equal
// otherwise-comparable values); used to see whether a walk replaced one.
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
	return true // scalars and other values are never replaced
}
