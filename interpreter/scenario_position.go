package interpreter

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// positioner applies a scenario's position to a game, collecting every
// problem with its place in the scenario file.
type positioner struct {
	g    *Game
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
	ps := &positioner{g: g, file: file, claimed: map[string]bool{}}
	defer g.forgetReads()                 // nor does it touch what it writes
	defer g.st.syncVals(g.prog.rootSlots) // the position writes the root map directly
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
	rs := ps.g.prog.rs
	none := &yaml.Node{Kind: yaml.SequenceNode}
	for _, n := range v.Content {
		z, ok := rs.Zones[n.Value]
		switch {
		case !ok:
			ps.errorf(n, "no zone %q%s", n.Value, schema.DidYouMean(n.Value, rs.ZoneOrder))
		case ps.emptyFamily(n.Value):
		case z.Owner == "player":
			for i := 0; i < ps.g.st.playerCount; i++ {
				ps.zone(n.Value, i, none)
			}
		default:
			ps.zone(n.Value, -1, none)
		}
	}
}

// global sets a global zone or variable.
func (ps *positioner) global(k, v *yaml.Node) {
	rs := ps.g.prog.rs
	if ps.family(k, v) {
		return
	}
	if z, ok := rs.Zones[k.Value]; ok && z.Owner != "player" {
		ps.zone(k.Value, -1, v)
		return
	}
	if typ, ok := varType(ps.g.prog.vars, k.Value); ok {
		ps.setValue(ps.g.ownContainer(-1), k.Value, typ, v)
		return
	}
	if _, ok := ps.g.prog.consts[k.Value]; ok {
		ps.errorf(k, "%q is a constant: change it with patch: {constants: {%s: …}}", k.Value, k.Value)
		return
	}
	names := []string{"players", "cards", "empty"}
	for _, z := range rs.ZoneOrder {
		if rs.Zones[z].Owner != "player" {
			names = append(names, z)
		}
	}
	for _, vi := range ps.g.prog.vars {
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
	if len(v.Content) > ps.g.st.playerCount {
		ps.errorf(v, "players lists %d seats, the game has %d", len(v.Content), ps.g.st.playerCount)
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
	rs := ps.g.prog.rs
	if z, ok := rs.Zones[k.Value]; ok && z.Owner == "player" {
		ps.zone(k.Value, i, v)
		return
	}
	if typ, ok := varType(ps.g.prog.playerVars, k.Value); ok {
		ps.setValue(ps.g.ownContainer(i), k.Value, typ, v)
		return
	}
	var names []string
	for _, z := range rs.ZoneOrder {
		if rs.Zones[z].Owner == "player" {
			names = append(names, z)
		}
	}
	for _, vi := range ps.g.prog.playerVars {
		names = append(names, vi.name)
	}
	ps.errorf(k, "%q is not a player zone or variable%s", k.Value, schema.DidYouMean(k.Value, names))
}

// setValue decodes v, converts it to typ and stores it under name.
func (ps *positioner) setValue(holder map[string]any, name, typ string, v *yaml.Node) {
	var raw any
	if err := v.Decode(&raw); err != nil {
		ps.errorf(v, "%s: %v", name, err)
		return
	}
	val, err := coerce(typ, convertConst(raw))
	if err != nil {
		ps.errorf(v, "%s: %v", name, err)
		return
	}
	holder[name] = val
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
	var cards []map[string]any
	for _, item := range v.Content {
		if c := ps.card(item); c != nil {
			cards = append(cards, c)
		}
	}
	stay := 0
	for _, old := range slices.Clone(ps.g.zoneList(name, owner)) {
		c := old.(map[string]any)
		if slices.ContainsFunc(cards, func(x map[string]any) bool { return x["id"] == c["id"] }) {
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
		list := ps.g.zoneList(name, owner)
		ps.g.setZone(name, owner, append(slices.Clone(list[stay:]), list[:stay]...))
	}
}

// move takes c out of its zone and puts it at the bottom of name.
func (ps *positioner) move(c map[string]any, name string, owner int) {
	if err := ps.g.removeCard(c); err != nil {
		ps.ds.Addf(schema.Pos{File: ps.file}, "%v", err)
		return
	}
	ps.g.putCard(c, name, owner, false)
}

// home is the zone the card's table starts its cards in.
func (ps *positioner) home(c map[string]any) string {
	return ps.g.prog.rs.Cards[c["table"].(string)].Zone
}

// card resolves a listed card id: an instance id (coin#4) or a definition
// id; a definition with copies names its first copy not yet listed,
// preferring copies in their starting zone.
func (ps *positioner) card(n *yaml.Node) map[string]any {
	id := n.Value
	if n.Kind != yaml.ScalarNode || id == "" {
		ps.errorf(n, "expected a card id")
		return nil
	}
	if c, ok := ps.g.cardByID(id); ok {
		if ps.claimed[id] {
			ps.errorf(n, "card %q is listed twice", id)
			return nil
		}
		ps.claimed[id] = true
		return c
	}
	copies := ps.copies(id)
	if len(copies) == 0 {
		ps.errorf(n, "no card %q%s", id, schema.DidYouMean(id, ps.cardIDs()))
		return nil
	}
	if c := ps.freeCopy(copies, true); c != nil {
		return c
	}
	if c := ps.freeCopy(copies, false); c != nil {
		return c
	}
	ps.errorf(n, "all %d copies of %q are listed already", len(copies), id)
	return nil
}

// copies lists the instances of a definition with copies (def#1, def#2,
// …), in order.
func (ps *positioner) copies(def string) []map[string]any {
	var out []map[string]any
	for i := 1; ; i++ {
		c, ok := ps.g.cardByID(fmt.Sprintf("%s#%d", def, i))
		if !ok {
			return out
		}
		out = append(out, c)
	}
}

// freeCopy claims the first unclaimed copy (only in its starting zone
// when atHome).
func (ps *positioner) freeCopy(copies []map[string]any, atHome bool) map[string]any {
	for _, c := range copies {
		id := c["id"].(string)
		if ps.claimed[id] || (atHome && ps.g.cardLocOf(c).zone != ps.home(c)) {
			continue
		}
		ps.claimed[id] = true
		return c
	}
	return nil
}

// cardIDs lists the card definitions, for did-you-mean.
func (ps *positioner) cardIDs() []string {
	rs := ps.g.prog.rs
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
		c, ok := ps.g.cardByID(k.Value)
		if !ok {
			ps.errorf(k, "no card %q%s", k.Value, schema.DidYouMean(k.Value, ps.cardIDs()))
			continue
		}
		if m.Kind != yaml.MappingNode {
			ps.errorf(m, "%s: expected a mapping of fields", k.Value)
			continue
		}
		for j := 0; j+1 < len(m.Content); j += 2 {
			c = ps.cardField(c, m.Content[j], m.Content[j+1])
		}
	}
}

// cardField sets one field of card c: a prop in its column
// (cardprops.go), an attribute in the game's own copy of the card's map,
// which it returns.
func (ps *positioner) cardField(c map[string]any, k, v *yaml.Node) map[string]any {
	if slices.Contains(builtinCardKeys, k.Value) {
		ps.errorf(k, "%s cannot be set: list the card in a zone to place it", k.Value)
		return c
	}
	var names []string
	for _, f := range ps.g.prog.cardFields {
		if f.name != k.Value {
			names = append(names, f.name)
			continue
		}
		if ps.g.prog.props.prop(f.name) < 0 {
			c = ps.g.ownCard(c)
			ps.setValue(c, f.name, f.typ, v)
			return c
		}
		one := map[string]any{}
		ps.setValue(one, f.name, f.typ, v)
		if val, ok := one[f.name]; ok {
			ps.g.setProp(c, f.name, val)
		}
		return c
	}
	ps.errorf(k, "cards have no field %q%s", k.Value, schema.DidYouMean(k.Value, names))
	return c
}
