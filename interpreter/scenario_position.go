package interpreter

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// positioner applies a scenario's position to a game, collecting every
// problem with its place in the scenario file. It reads and checks the
// position against the program, and writes it through st: the present
// game's maps (presentPosition) or the flat state (flatPosition,
// flatscenario.go), with the same messages for either.
type positioner struct {
	prog *Program
	st   positionState
	file string
	ds   schema.Diagnostics
	// claimed are the cards listed so far: a card with copies named by
	// its definition takes the next copy not yet claimed.
	claimed map[string]bool
}

// builtinCardKeys are card fields a position cannot set: where a card
// lies is given by listing it in a zone.
var builtinCardKeys = []string{"id", "def", "table", "zone", "owner"}

// applyPosition writes the position (a mapping node of file) into g.
func applyPosition(g *Game, file string, pos *yaml.Node) error {
	if pos == nil {
		return nil
	}
	g.positionEvents = g.st.events.len()
	defer g.forgetReads()                 // nor does it touch what it writes
	defer g.st.syncVals(g.prog.rootSlots) // the position writes the root map directly
	return writePosition(g.prog, presentPosition{g}, file, pos)
}

// writePosition checks the position (a mapping node of file) against
// prog and writes it through st.
func writePosition(prog *Program, st positionState, file string, pos *yaml.Node) error {
	ps := &positioner{prog: prog, st: st, file: file, claimed: map[string]bool{}}
	if i := keyIndexOf(pos, "empty"); i >= 0 {
		ps.empty(pos.Content[i+1])
	}
	for i := 0; i+1 < len(pos.Content); i += 2 {
		k, v := pos.Content[i], pos.Content[i+1]
		switch k.Value {
		case "empty":
		case "players":
			ps.players(v)
		case "cards":
			ps.cards(v)
		default:
			ps.global(k, v)
		}
	}
	return ps.ds.Err()
}

// errorf records a problem at n.
func (ps *positioner) errorf(n *yaml.Node, format string, args ...any) {
	ps.ds.Addf(schema.Pos{File: ps.file, Line: n.Line, Col: n.Column}, format, args...)
}

// empty empties the listed zones (a player zone: every player's), before
// the rest of the position is applied.
func (ps *positioner) empty(v *yaml.Node) {
	if v.Kind != yaml.SequenceNode {
		ps.errorf(v, "empty must be a list of zone names")
		return
	}
	rs := ps.prog.rs
	none := &yaml.Node{Kind: yaml.SequenceNode}
	for _, n := range v.Content {
		z, ok := rs.Zones[n.Value]
		switch {
		case !ok:
			ps.errorf(n, "no zone %q%s", n.Value, schema.DidYouMean(n.Value, rs.ZoneOrder))
		case ps.emptyFamily(n.Value):
		case z.Owner == "player":
			for i := 0; i < ps.st.players(); i++ {
				ps.zone(n.Value, i, none)
			}
		default:
			ps.zone(n.Value, -1, none)
		}
	}
}

// global sets a global zone or variable.
func (ps *positioner) global(k, v *yaml.Node) {
	rs := ps.prog.rs
	if ps.family(k, v) {
		return
	}
	if z, ok := rs.Zones[k.Value]; ok && z.Owner != "player" {
		ps.zone(k.Value, -1, v)
		return
	}
	if typ, ok := varType(ps.prog.vars, k.Value); ok {
		if val, ok := ps.value(k.Value, typ, v); ok {
			ps.st.setVar(-1, k.Value, typ, val)
		}
		return
	}
	if _, ok := ps.prog.consts[k.Value]; ok {
		ps.errorf(k, "%q is a constant: change it with patch: {constants: {%s: …}}", k.Value, k.Value)
		return
	}
	names := []string{"players", "cards", "empty"}
	for _, z := range rs.ZoneOrder {
		if rs.Zones[z].Owner != "player" {
			names = append(names, z)
		}
	}
	for _, vi := range ps.prog.vars {
		names = append(names, vi.name)
	}
	ps.errorf(k, "%q is not a global zone or variable%s", k.Value, schema.DidYouMean(k.Value, names))
}

// varType finds a variable's declared type.
func varType(vars []varInit, name string) (string, bool) {
	for _, v := range vars {
		if v.name == name {
			return v.typ, true
		}
	}
	return "", false
}

// players sets each listed player's zones and variables.
func (ps *positioner) players(v *yaml.Node) {
	if v.Kind != yaml.SequenceNode {
		ps.errorf(v, "players must be a list with one mapping per seat, from player 0")
		return
	}
	if len(v.Content) > ps.st.players() {
		ps.errorf(v, "players lists %d seats, the game has %d", len(v.Content), ps.st.players())
		return
	}
	for i, m := range v.Content {
		if m.Kind != yaml.MappingNode {
			ps.errorf(m, "player %d: expected a mapping of zones and variables ({} for none)", i)
			continue
		}
		for j := 0; j+1 < len(m.Content); j += 2 {
			ps.player(i, m.Content[j], m.Content[j+1])
		}
	}
}

// player sets one zone or variable of player i.
func (ps *positioner) player(i int, k, v *yaml.Node) {
	rs := ps.prog.rs
	if z, ok := rs.Zones[k.Value]; ok && z.Owner == "player" {
		ps.zone(k.Value, i, v)
		return
	}
	if typ, ok := varType(ps.prog.playerVars, k.Value); ok {
		if val, ok := ps.value(k.Value, typ, v); ok {
			ps.st.setVar(i, k.Value, typ, val)
		}
		return
	}
	var names []string
	for _, z := range rs.ZoneOrder {
		if rs.Zones[z].Owner == "player" {
			names = append(names, z)
		}
	}
	for _, vi := range ps.prog.playerVars {
		names = append(names, vi.name)
	}
	ps.errorf(k, "%q is not a player zone or variable%s", k.Value, schema.DidYouMean(k.Value, names))
}

// value decodes v and converts it to typ, the type of name; false
// (with the problem recorded) when it cannot.
func (ps *positioner) value(name, typ string, v *yaml.Node) (any, bool) {
	var raw any
	if err := v.Decode(&raw); err != nil {
		ps.errorf(v, "%s: %v", name, err)
		return nil, false
	}
	val, err := coerce(typ, convertConst(raw))
	if err != nil {
		ps.errorf(v, "%s: %v", name, err)
		return nil, false
	}
	return val, true
}

// zone makes a zone hold exactly the listed cards, in order (the first is
// the top). Cards it held that are not listed go back to their table's
// starting zone; when that is this zone (a deck), they stay in it, under
// the listed cards.
func (ps *positioner) zone(name string, owner int, v *yaml.Node) {
	if v.Kind != yaml.SequenceNode {
		ps.errorf(v, "%s: expected a list of card ids ([] for an empty zone)", name)
		return
	}
	var cards []int
	for _, item := range v.Content {
		if c, ok := ps.card(item); ok {
			cards = append(cards, c)
		}
	}
	stay := 0
	for _, c := range ps.st.zoneCards(name, owner) {
		if slices.Contains(cards, c) {
			continue
		}
		if owner < 0 && ps.home(c) == name {
			stay++
			continue
		}
		ps.move(c, ps.home(c), -1)
	}
	for _, c := range cards {
		ps.move(c, name, owner)
	}
	if stay > 0 { // the cards that stayed are on top: put them under the listed ones
		ps.st.rotate(name, owner, stay)
	}
}

// move takes card c out of its zone and puts it at the bottom of name.
func (ps *positioner) move(c int, name string, owner int) {
	if err := ps.st.move(c, name, owner); err != nil {
		ps.ds.Addf(schema.Pos{File: ps.file}, "%v", err)
	}
}

// home is the zone card c's table starts its cards in.
func (ps *positioner) home(c int) string {
	return ps.prog.rs.Cards[ps.prog.cards[c].fields["table"].(string)].Zone
}

// card resolves a listed card id to its number: an instance id (coin#4)
// or a definition id; a definition with copies names its first copy not
// yet listed, preferring copies in their starting zone.
func (ps *positioner) card(n *yaml.Node) (int, bool) {
	id := n.Value
	if n.Kind != yaml.ScalarNode || id == "" {
		ps.errorf(n, "expected a card id")
		return 0, false
	}
	if c, ok := ps.cardNum(id); ok {
		if ps.claimed[id] {
			ps.errorf(n, "card %q is listed twice", id)
			return 0, false
		}
		ps.claimed[id] = true
		return c, true
	}
	copies := ps.copies(id)
	if len(copies) == 0 {
		ps.errorf(n, "no card %q%s", id, schema.DidYouMean(id, ps.cardIDs()))
		return 0, false
	}
	if c, ok := ps.freeCopy(copies, true); ok {
		return c, true
	}
	if c, ok := ps.freeCopy(copies, false); ok {
		return c, true
	}
	ps.errorf(n, "all %d copies of %q are listed already", len(copies), id)
	return 0, false
}

// cardNum is the number of the card instance id.
func (ps *positioner) cardNum(id string) (int, bool) {
	c, ok := ps.prog.cow.cardNum[id]
	return c, ok
}

// copies lists the instances of a definition with copies (def#1, def#2,
// …), in order.
func (ps *positioner) copies(def string) []int {
	var out []int
	for i := 1; ; i++ {
		c, ok := ps.cardNum(fmt.Sprintf("%s#%d", def, i))
		if !ok {
			return out
		}
		out = append(out, c)
	}
}

// freeCopy claims the first unclaimed copy (only in its starting zone
// when atHome).
func (ps *positioner) freeCopy(copies []int, atHome bool) (int, bool) {
	for _, c := range copies {
		id := ps.prog.cards[c].id
		if ps.claimed[id] || (atHome && ps.st.cardZone(c) != ps.home(c)) {
			continue
		}
		ps.claimed[id] = true
		return c, true
	}
	return 0, false
}

// cardIDs lists the card definitions, for did-you-mean.
func (ps *positioner) cardIDs() []string {
	rs := ps.prog.rs
	var out []string
	for _, t := range rs.CardOrder {
		for _, row := range rs.Cards[t].Rows {
			out = append(out, row.ID)
		}
	}
	return out
}

// cards sets cards' props and attributes: id → {field: value}.
func (ps *positioner) cards(v *yaml.Node) {
	if v.Kind != yaml.MappingNode {
		ps.errorf(v, "cards must map card ids to their fields, e.g. {lion_gate: {covered: true}}")
		return
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, m := v.Content[i], v.Content[i+1]
		c, ok := ps.cardNum(k.Value)
		if !ok {
			ps.errorf(k, "no card %q%s", k.Value, schema.DidYouMean(k.Value, ps.cardIDs()))
			continue
		}
		if m.Kind != yaml.MappingNode {
			ps.errorf(m, "%s: expected a mapping of fields", k.Value)
			continue
		}
		for j := 0; j+1 < len(m.Content); j += 2 {
			ps.cardField(c, m.Content[j], m.Content[j+1])
		}
	}
}

// cardField sets one field of card c: a prop in its column
// (cardprops.go), or an attribute.
func (ps *positioner) cardField(c int, k, v *yaml.Node) {
	if slices.Contains(builtinCardKeys, k.Value) {
		ps.errorf(k, "%s cannot be set: list the card in a zone to place it", k.Value)
		return
	}
	var names []string
	for _, f := range ps.prog.cardFields {
		if f.name != k.Value {
			names = append(names, f.name)
			continue
		}
		val, ok := ps.value(f.name, f.typ, v)
		switch {
		case !ok:
		case ps.prog.props.prop(f.name) < 0:
			if err := ps.st.setAttr(c, f.name, val); err != nil {
				ps.errorf(k, "%v", err)
			}
		default:
			ps.st.setProp(c, f.name, f.typ, val)
		}
		return
	}
	ps.errorf(k, "cards have no field %q%s", k.Value, schema.DidYouMean(k.Value, names))
}

// positionState is where a position is written: a present game's maps
// or a flat game's state. Cards are their numbers.
type positionState interface {
	// players is the number of players.
	players() int
	// zoneCards are the cards zone name of owner (-1: global; a keyed
	// family's zone by its location) holds, top first, in a slice of
	// the caller's.
	zoneCards(name string, owner int) []int
	// cardZone is the zone card c lies in, as cardLoc.zone names it (a
	// family's zone by the family).
	cardZone(c int) string
	// move takes card c out of its zone and puts it at the bottom of
	// zone name of owner.
	move(c int, name string, owner int) error
	// rotate puts the first n cards of the zone under the others.
	rotate(name string, owner, n int)
	// setVar sets variable name of owner (-1: a global) of type typ.
	setVar(owner int, name, typ string, v any)
	// setProp and setAttr set a card's prop or attribute; setAttr's
	// error says the state cannot hold it.
	setProp(c int, name, typ string, v any)
	setAttr(c int, name string, v any) error
}

// presentPosition writes a position into a present game's maps.
type presentPosition struct{ g *Game }

func (p presentPosition) players() int { return p.g.st.playerCount }

func (p presentPosition) zoneCards(name string, owner int) []int {
	list := p.g.zoneList(name, owner)
	out := make([]int, 0, len(list))
	for _, x := range list {
		if n, ok := p.g.cardNumOf(x.(map[string]any)); ok {
			out = append(out, n)
		}
	}
	return out
}

func (p presentPosition) card(c int) map[string]any { return p.g.st.cards[c] }

func (p presentPosition) cardZone(c int) string {
	z, _ := p.g.st.loc[c].zone.(string)
	return z
}

func (p presentPosition) move(c int, name string, owner int) error {
	m := p.card(c)
	if err := p.g.removeCard(m); err != nil {
		return err
	}
	p.g.putCard(m, name, owner, false)
	return nil
}

func (p presentPosition) rotate(name string, owner, n int) {
	list := p.g.zoneList(name, owner)
	p.g.setZone(name, owner, append(slices.Clone(list[n:]), list[:n]...))
}

func (p presentPosition) setVar(owner int, name, _ string, v any) { p.g.ownContainer(owner)[name] = v }

func (p presentPosition) setProp(c int, name, _ string, v any) { p.g.setProp(p.card(c), name, v) }

func (p presentPosition) setAttr(c int, name string, v any) error {
	p.g.ownCard(p.card(c))[name] = v
	return nil
}
