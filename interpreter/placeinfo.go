package interpreter

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"agon/schema"
)

// Describe says what a name at a show prompt stands for, as viewer sees
// it: the card it names (CardInfo), then every board node whose id or
// name it is (its board, attributes, neighbours, the keyed zones and the
// map values it keys). A miss is an error with a did-you-mean over
// cards and nodes.
func (g *Game) Describe(query string, viewer int) (string, error) {
	return g.prog.describe(presentReader{g}, query, viewer)
}

// A stateReader is what the texts about a card or a place read of a
// game's state, on either runtime (presentReader, flatReader).
type stateReader interface {
	// card is card number i as a person sees it: its attributes and its
	// props now (cardView).
	card(i int) map[string]any
	// placeFigure is per-place view v's text for node id, "" when zero.
	placeFigure(v *namedExpr, id string) (string, error)
	// familyZone is the text of zone family name's zone of key, as
	// viewer sees it; "" when it holds no card.
	familyZone(name, key string, viewer int, visibility string) string
	// value is a variable's value: a global's (owner -1) or a player's.
	value(owner int, name string) any
	players() int
}

// describe is Describe over r.
func (p *Program) describe(r stateReader, query string, viewer int) (string, error) {
	var parts []string
	if i, ok := p.findCardNum(query); ok {
		parts = append(parts, p.cardInfo(r.card(i)))
	}
	for _, bn := range p.rs.BoardOrder {
		if gr := p.tc.boards.graphs[bn]; gr != nil {
			if i, ok := gr.findNode(query); ok {
				text, err := p.nodeInfo(r, gr, i, viewer)
				if err != nil {
					return "", err
				}
				parts = append(parts, text)
			}
		}
	}
	if gr := p.tc.boards.graphs[strings.TrimSpace(query)]; len(parts) == 0 && gr != nil && len(gr.ids) > 0 {
		return "", fmt.Errorf("%q is a board: show one of its places, e.g. show %s", strings.TrimSpace(query), gr.ids[0])
	}
	if len(parts) == 0 {
		names := append(p.cardNamesAndIDs(), p.nodeNamesAndIDs()...)
		what := "card"
		switch {
		case p.NodeExample() != "" && p.CardExample() != "":
			what = "card or place"
		case p.NodeExample() != "":
			what = "place"
		}
		return "", fmt.Errorf("no %s %q%s", what, query, schema.DidYouMean(query, names))
	}
	return strings.Join(parts, ""), nil
}

// CardExample is the first card's id, for help texts ("" without
// cards).
func (p *Program) CardExample() string {
	for _, t := range p.rs.CardOrder {
		if rows := p.rs.Cards[t].Rows; len(rows) > 0 {
			return rows[0].ID
		}
	}
	return ""
}

// NodeExample is the first board node's id, for help texts ("" without
// boards).
func (p *Program) NodeExample() string {
	for _, bn := range p.rs.BoardOrder {
		if gr := p.tc.boards.graphs[bn]; gr != nil && len(gr.ids) > 0 {
			return gr.ids[0]
		}
	}
	return ""
}

// findNode finds a node by id or by its name attribute, ignoring case
// and punctuation as findCard does.
func (gr *graph) findNode(query string) (int, bool) {
	q := strings.TrimSpace(query)
	if i, ok := gr.index[q]; ok {
		return i, true
	}
	for i, n := range gr.nodes {
		name, _ := n["name"].(string)
		if looseEqual(gr.ids[i], q) || (name != "" && looseEqual(name, q)) {
			return i, true
		}
	}
	return 0, false
}

// nodeNamesAndIDs lists every board node's id and name.
func (p *Program) nodeNamesAndIDs() []string {
	var out []string
	for _, bn := range p.rs.BoardOrder {
		if gr := p.tc.boards.graphs[bn]; gr != nil {
			for i, id := range gr.ids {
				out = append(out, id)
				if name, _ := gr.nodes[i]["name"].(string); name != "" {
					out = append(out, name)
				}
			}
		}
	}
	return out
}

// nodeInfo describes node i of board gr as viewer sees it.
func (p *Program) nodeInfo(r stateReader, gr *graph, i, viewer int) (string, error) {
	n, id := gr.nodes[i], gr.ids[i]
	var b strings.Builder
	if name, _ := n["name"].(string); name != "" {
		fmt.Fprintf(&b, "%s (%s, place on board %q)\n", name, id, gr.name)
	} else {
		fmt.Fprintf(&b, "%s (place on board %q)\n", id, gr.name)
	}
	if gr.rows > 0 {
		fmt.Fprintf(&b, "  row %d, col %d\n", n["row"], n["col"])
	}
	writeZero(&b, writeFigures(&b, p.rs.Boards[gr.name].AttributeOrder, n, nil))
	writeNotes(&b, p.nodeNotes(gr.name, id))
	for k := range p.placeViews {
		v := &p.placeViews[k]
		if v.board != gr.name {
			continue
		}
		s, err := r.placeFigure(v, id)
		if err != nil {
			return "", err
		}
		if s != "" {
			fmt.Fprintf(&b, "  %s: %s\n", v.name, s)
		}
	}
	gr.writeNeighbours(&b, i)
	p.writeKeyedZones(r, &b, id, viewer)
	p.writeKeyedValues(r, &b, id, viewer)
	return b.String(), nil
}

// writeNeighbours lists node i's neighbours, by edge kind when the board
// has several.
func (gr *graph) writeNeighbours(b *strings.Builder, i int) {
	if len(gr.kinds) <= 1 {
		if nb := gr.adj[""][i]; len(nb) > 0 {
			fmt.Fprintf(b, "  neighbours: %s\n", strings.Join(gr.idsOf(append([]int(nil), nb...)), ", "))
		}
		return
	}
	for _, k := range gr.kinds {
		if nb := gr.adj[k][i]; len(nb) > 0 {
			fmt.Fprintf(b, "  neighbours (%s): %s\n", k, strings.Join(gr.idsOf(append([]int(nil), nb...)), ", "))
		}
	}
}

// writeKeyedZones lists the cards of the zones keyed by node id that hold
// any (a hidden zone by its count).
func (p *Program) writeKeyedZones(r stateReader, b *strings.Builder, id string, viewer int) {
	rs := p.rs
	for _, zn := range rs.ZoneOrder {
		z := rs.Zones[zn]
		if z.Owner == "player" || !slices.Contains(rs.ZoneKeys(zn), id) {
			continue
		}
		if text := r.familyZone(zn, id, viewer, z.Visibility); text != "" {
			fmt.Fprintf(b, "  %s: %s\n", familyLoc(zn, id), text)
		}
	}
}

// writeKeyedValues lists the variables, global then each player's, that
// viewer may see and that are maps with a value for key id that is not
// zero ("troops[A]": P1 troops 2).
func (p *Program) writeKeyedValues(r stateReader, b *strings.Builder, id string, viewer int) {
	rs := p.rs
	for _, v := range rs.VarOrder {
		if visibleTo(rs.Vars[v].Visibility, -2, viewer) {
			if x, ok := keyedValue(r.value(-1, v), id); ok {
				fmt.Fprintf(b, "  %s: %s\n", v, figureText(x))
			}
		}
	}
	for i := range r.players() {
		for _, v := range rs.PlayerVarOrder {
			if visibleTo(rs.PlayerVars[v].Visibility, i, viewer) {
				if x, ok := keyedValue(r.value(i, v), id); ok {
					fmt.Fprintf(b, "  P%d %s: %s\n", i+1, v, figureText(x))
				}
			}
		}
	}
}

// presentReader reads a present Game's state.
type presentReader struct{ g *Game }

func (r presentReader) card(i int) map[string]any { return r.g.cardView(r.g.st.cards[i]) }
func (r presentReader) players() int              { return r.g.st.playerCount }
func (r presentReader) value(owner int, name string) any {
	return r.g.container(owner)[name]
}
func (r presentReader) placeFigure(v *namedExpr, id string) (string, error) {
	return r.g.placeFigure(*v, id), nil
}
func (r presentReader) familyZone(name, key string, viewer int, visibility string) string {
	loc := familyLoc(name, key)
	if len(r.g.zoneList(loc, -1)) == 0 {
		return ""
	}
	return r.g.zoneText(loc, -1, viewer, visibility)
}

// keyedValue is m[key] when m is a map with string keys and that value is
// not zero.
func keyedValue(m any, key string) (any, bool) {
	rv := reflect.ValueOf(m)
	if rv.Kind() != reflect.Map || rv.Type().Key().Kind() != reflect.String {
		return nil, false
	}
	x := rv.MapIndex(reflect.ValueOf(key).Convert(rv.Type().Key()))
	if !x.IsValid() || zeroFigure(x.Interface()) {
		return nil, false
	}
	return x.Interface(), true
}
