package interpreter

import (
	"fmt"
	"slices"
	"sort"

	"agon/schema"
)

// The typed flat state's layout (doc.go, "The typed flat state"): the
// numbering a Program gives every part of a game's state, so that a state
// is a few slices of numbers. A flat game runs on it (flatgame.go); a
// present game's state is packed into it (packFlat: a flat game's start,
// and the shadow tests') and read back (flatState.value) to show, on every
// shipped ruleset, that the layout holds all of a state's variables, zones
// and props (TestFlatLayoutHoldsEveryState). What it does not cover yet is
// said at flatLayout.

// flatLayout numbers a Program's state. Every variable, player variable
// and card prop is one int64 cell: an int, a bool (0 or 1) or a string's
// number, and for a list-typed value (ints, strings, intmap, intmaps) the
// index of its payload in flatState.lists. Zones are lists of card numbers.
// The frames and their locals, the pending decision and the generator are
// the flat game's own (flatgame.go), not the layout's; the log and the
// facts have no flat form yet.
type flatLayout struct {
	strs     internTable
	vars     []declared // phase, then the global variables: cells 0..len-1
	pvars    []declared // one player's variables: seat s's at len(vars) + s*len(pvars)
	props    []string   // card props, by column (Program.props.names)
	propType []string   // their declared types
	zones    []flatZone // global zones and every family's zones
	pzones   []string   // one player's zones, zone len(zones) + seat*len(pzones)
	cards    int
}

// flatZone is a zone of the layout: a global zone, or one key of a keyed
// family (family and key set).
type flatZone struct {
	name, family, key string
}

// internTable numbers the strings a Program can name, in a fixed order.
// Once the program's games may run (frozen), it is only read: a compile
// then (a check's expression, flatcheck.go) that meets a string without a
// number notes it in missed instead.
type internTable struct {
	ids    map[string]int64
	strs   []string
	frozen bool
	missed string
}

// add numbers s if it has no number yet.
func (t *internTable) add(s string) {
	if _, ok := t.ids[s]; !ok {
		if t.frozen {
			t.missed = s
			return
		}
		t.ids[s] = int64(len(t.strs))
		t.strs = append(t.strs, s)
	}
}

// addWords numbers the values and keys v declares.
func (t *internTable) addWords(v *schema.Var) {
	for _, w := range v.Values.List {
		t.add(w)
	}
	for _, w := range v.Keys.List {
		t.add(w)
	}
}

// newFlatLayout numbers p's state. The strings known at load are the card
// ids, the vocabularies' words, the boards' node ids, the families' keys
// and the variables' declared values and keys, in the ruleset's order.
func newFlatLayout(p *Program) *flatLayout {
	rs := p.rs
	l := &flatLayout{strs: internTable{ids: map[string]int64{}}, cards: len(p.cards)}
	l.strs.add("")
	for i := range p.cards {
		l.strs.add(p.cards[i].id)
	}
	for _, ph := range rs.PhaseOrder {
		l.strs.add(ph)
	}
	for _, name := range rs.VocabularyOrder {
		for _, w := range rs.Vocabularies[name].List {
			l.strs.add(w)
		}
	}
	for _, b := range rs.BoardOrder {
		if g := p.tc.boards.graphs[b]; g != nil {
			for _, n := range g.ids {
				l.strs.add(n)
			}
		}
	}
	for _, n := range rs.ZoneOrder {
		z := rs.Zones[n]
		switch keys := rs.ZoneKeys(n); {
		case keys != nil:
			for _, k := range keys {
				l.strs.add(k)
				l.zones = append(l.zones, flatZone{name: familyLoc(n, k), family: n, key: k})
			}
		case z.Owner == "player":
			l.pzones = append(l.pzones, n)
		default:
			l.zones = append(l.zones, flatZone{name: n})
		}
	}
	l.vars = append(l.vars, declared{"phase", "string"}) // the engine's: the phase running
	for _, n := range rs.VarOrder {
		l.vars = append(l.vars, declared{n, rs.Vars[n].Type})
		l.strs.addWords(rs.Vars[n])
	}
	for _, n := range rs.PlayerVarOrder {
		l.pvars = append(l.pvars, declared{n, rs.PlayerVars[n].Type})
		l.strs.addWords(rs.PlayerVars[n])
	}
	l.props = p.props.names
	for _, n := range l.props {
		typ := ""
		for _, f := range p.cardFields {
			if f.name == n {
				typ = f.typ
			}
		}
		l.propType = append(l.propType, typ)
	}
	return l
}

// flatState is a game's state in the layout: cells (the variables, then
// the players' variables), the card props in pages, the
// payloads of list-typed cells, the zones' card numbers, and the strings
// interned while playing (numbered after the layout's).
type flatState struct {
	cells []int64
	props [][]int64 // pages of propPage cards, a card's props in a row
	lists [][]int64
	zones [][]int32
	// loc is the zone each card lies in, by card number (-1: none).
	loc []int32
	// owned marks the zones whose arrays this state may write in place
	// (flatzones.go), ownedPages the prop pages; nil: none.
	owned, ownedPages []bool
	// listsShared: lists, the payloads' header, is shared with another
	// state (a clone, the program's start) and copied before a write.
	listsShared bool
	// made are the strings made while playing, numbered after the
	// layout's; a game and its clones share them (flatStrings).
	made    *flatStrings
	players int
	// sparePages and spareZones are arrays a released game's state owned
	// (flatspare.go), by page and zone: a first write of that page or zone
	// fills one instead of making an array. They are this state's alone:
	// a clone has none.
	sparePages [][]int64
	spareZones [][]int32
	// spareOwned and spareOwnedPages are a released game's owned and
	// ownedPages, cleared, for this state's first own (nil until then:
	// disown has nothing to look at).
	spareOwned, spareOwnedPages []bool
}

// flatStrings are the strings a game made while playing (string(n), +,
// join, plural), numbered after the layout's in the order made. A game
// and its clones share one table, append-only, as they share the event
// log: a string has one number in all of them. (A game and its clones
// run in one goroutine, as a bot's search does.)
type flatStrings struct {
	ids  map[string]int64
	strs []string
}

// Indices of the cells and zones of a state of n players.
func (l *flatLayout) pvarCell(seat, j int) int { return len(l.vars) + seat*len(l.pvars) + j }
func (l *flatLayout) cellCount(n int) int      { return len(l.vars) + n*len(l.pvars) }
func (l *flatLayout) pzone(seat, j int) int    { return len(l.zones) + seat*len(l.pzones) + j }

// packFlat lays g's state out flat; an error names what the layout cannot
// hold (a value of another type than declared, a card no zone numbers).
func (l *flatLayout) packFlat(g *Game) (*flatState, error) {
	n := g.st.playerCount
	fs := &flatState{
		cells:   make([]int64, l.cellCount(n)),
		props:   make([][]int64, (l.cards+propPage-1)/propPage),
		lists:   [][]int64{nil}, // payload 0: the empty list, map or list of maps
		zones:   make([][]int32, l.pzone(n, 0)),
		made:    &flatStrings{ids: map[string]int64{}},
		players: n,
	}
	for j, v := range l.vars {
		if err := l.packCell(fs, &fs.cells[j], v.typ, g.st.root[v.name]); err != nil {
			return nil, fmt.Errorf("var %s: %w", v.name, err)
		}
	}
	players, _ := g.st.root["players"].([]any)
	for seat := range n {
		pm, _ := players[seat].(map[string]any)
		for j, v := range l.pvars {
			if err := l.packCell(fs, &fs.cells[l.pvarCell(seat, j)], v.typ, pm[v.name]); err != nil {
				return nil, fmt.Errorf("players[%d].%s: %w", seat, v.name, err)
			}
		}
		for j, z := range l.pzones {
			if err := l.packZone(g, fs, l.pzone(seat, j), pm[z]); err != nil {
				return nil, fmt.Errorf("players[%d].%s: %w", seat, z, err)
			}
		}
	}
	for i, z := range l.zones {
		v := g.st.root[z.name]
		if z.family != "" {
			v = g.family(z.family)[z.key]
		}
		if err := l.packZone(g, fs, i, v); err != nil {
			return nil, fmt.Errorf("zone %s: %w", z.name, err)
		}
	}
	fs.loc = make([]int32, l.cards)
	for c := range fs.loc {
		fs.loc[c] = -1
	}
	for z, cards := range fs.zones {
		for _, c := range cards {
			fs.loc[c] = int32(z)
		}
	}
	for i := range fs.props {
		fs.props[i] = make([]int64, propPage*len(l.props))
	}
	for c := range l.cards {
		for j, typ := range l.propType {
			if err := l.packCell(fs, l.propOf(fs, c, j), typ, g.cardProp(c, j)); err != nil {
				return nil, fmt.Errorf("card %d prop %s: %w", c, l.props[j], err)
			}
		}
	}
	return fs, nil
}

// packZone writes a zone's cards as their numbers.
func (l *flatLayout) packZone(g *Game, fs *flatState, i int, v any) error {
	xs, ok := v.([]any)
	if !ok && v != nil {
		return fmt.Errorf("a zone holds %T", v)
	}
	nums := make([]int32, len(xs))
	for k, x := range xs {
		m, _ := x.(map[string]any)
		num, isCard := g.cardNumOf(m)
		if m == nil || !isCard {
			return fmt.Errorf("element %d is no card (%T)", k, x)
		}
		nums[k] = int32(num)
	}
	fs.zones[i] = nums
	return nil
}

// propOf is card c's prop column j: in the props' page of c.
func (l *flatLayout) propOf(fs *flatState, c, j int) *int64 {
	return &fs.props[c/propPage][c%propPage*len(l.props)+j]
}

// packCell writes v, of the declared type typ, into cell: a list as
// setPayload writes it (in the cell's own payload slot, after copying a
// header fs shares: a scenario's position packs into a running game).
func (l *flatLayout) packCell(fs *flatState, cell *int64, typ string, v any) error {
	switch typ {
	case "int", "bool", "string":
		n, err := l.scalar(fs, typ, v)
		*cell = n
		return err
	}
	payload, err := l.payload(fs, typ, v)
	if err != nil {
		return err
	}
	fs.setPayload(cell, payload) // an empty value: payload 0, shared by all
	return nil
}

// scalar is an int, bool or string as one number.
func (l *flatLayout) scalar(fs *flatState, typ string, v any) (int64, error) {
	switch x := v.(type) {
	case int:
		if typ == "int" {
			return int64(x), nil
		}
	case bool:
		if typ == "bool" {
			if x {
				return 1, nil
			}
			return 0, nil
		}
	case string:
		if typ == "string" {
			return l.intern(fs, x), nil
		}
	}
	return 0, fmt.Errorf("a %s holds %T", typ, v)
}

// payload is a list-typed value as numbers: ints as they are, strings as
// their numbers, an intmap as its (key, value) pairs by key, intmaps as
// each map's pair count followed by its pairs.
func (l *flatLayout) payload(fs *flatState, typ string, v any) ([]int64, error) {
	switch x := v.(type) {
	case []int:
		if typ == "ints" {
			out := make([]int64, len(x))
			for i, n := range x {
				out[i] = int64(n)
			}
			return out, nil
		}
	case []string:
		if typ == "strings" {
			out := make([]int64, len(x))
			for i, s := range x {
				out[i] = l.intern(fs, s)
			}
			return out, nil
		}
	case map[string]int:
		if typ == "intmap" {
			return l.pairs(fs, x, nil), nil
		}
	case []map[string]int:
		if typ == "intmaps" {
			var out []int64
			for _, m := range x {
				out = append(out, int64(len(m)))
				out = l.pairs(fs, m, out)
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("a %s holds %T", typ, v)
}

// pairs appends m's (key, value) pairs to out, by key, interning the keys
// in that order (never in Go's map order).
func (l *flatLayout) pairs(fs *flatState, m map[string]int, out []int64) []int64 {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out = append(out, l.intern(fs, k), int64(m[k]))
	}
	return out
}

// intern is s's number: the layout's, else the state's own.
func (l *flatLayout) intern(fs *flatState, s string) int64 {
	if id, ok := l.strs.ids[s]; ok {
		return id
	}
	m := fs.made
	if id, ok := m.ids[s]; ok {
		return id
	}
	id := int64(len(l.strs.strs) + len(m.strs))
	m.ids[s] = id
	m.strs = append(m.strs, s)
	return id
}

// internBytes is intern of the string b spells, made (copied) only if
// it is new.
func (l *flatLayout) internBytes(fs *flatState, b []byte) int64 {
	if id, ok := l.strs.ids[string(b)]; ok {
		return id
	}
	if id, ok := fs.made.ids[string(b)]; ok {
		return id
	}
	return l.intern(fs, string(b))
}

// str is the string numbered id.
func (l *flatLayout) str(fs *flatState, id int64) string {
	if id < int64(len(l.strs.strs)) {
		return l.strs.strs[id]
	}
	return fs.made.strs[id-int64(len(l.strs.strs))]
}

// clone copies fs: the cells, and the headers of the lists, zones and
// prop pages (their arrays are shared: the rebuild copies one on its
// first write, as cardprops.go does the pages today).
func (fs *flatState) clone() *flatState {
	c := *fs
	c.cells = slices.Clone(fs.cells)
	c.lists = slices.Clone(fs.lists)
	c.zones = slices.Clone(fs.zones)
	c.props = slices.Clone(fs.props)
	c.owned, c.ownedPages = nil, nil // the arrays are shared now: neither owns them
	c.sparePages, c.spareZones, c.spareOwned, c.spareOwnedPages = nil, nil, nil, nil
	fs.owned, fs.ownedPages = nil, nil
	return &c
}

// words is the size of fs in 8-byte words: cells, list payloads and zone
// entries (two to a word).
func (fs *flatState) words() int {
	n := len(fs.cells)
	for _, p := range fs.props {
		n += len(p)
	}
	for _, p := range fs.lists {
		n += len(p)
	}
	for _, z := range fs.zones {
		n += (len(z) + 1) / 2
	}
	return n
}

// value reads a cell back as the present state holds a value of type
// typ: int, bool, string, []int, []string, map[string]int or
// []map[string]int.
func (l *flatLayout) value(fs *flatState, n int64, typ string) any {
	switch typ {
	case "int":
		return int(n)
	case "bool":
		return n != 0
	case "string":
		return l.str(fs, n)
	}
	p := fs.lists[n]
	switch typ {
	case "ints":
		out := make([]int, len(p))
		for k, x := range p {
			out[k] = int(x)
		}
		return out
	case "strings":
		out := make([]string, len(p))
		for k, x := range p {
			out[k] = l.str(fs, x)
		}
		return out
	case "intmap":
		return l.intmap(fs, p)
	case "intmaps":
		out := []map[string]int{}
		for k := 0; k < len(p); {
			end := k + 1 + 2*int(p[k])
			out = append(out, l.intmap(fs, p[k+1:end]))
			k = end
		}
		return out
	}
	return nil
}

// intmap reads (key, value) pairs back as a map.
func (l *flatLayout) intmap(fs *flatState, pairs []int64) map[string]int {
	m := make(map[string]int, len(pairs)/2)
	for k := 0; k+1 < len(pairs); k += 2 {
		m[l.str(fs, pairs[k])] = int(pairs[k+1])
	}
	return m
}
