package interpreter

import (
	"agon/schema"
)

// Card props as columns.
//
// A prop is what an effect may write on a card (set: card.covered).
// Like the location (cardloc.go), it is kept in a column of the state,
// state.props, one row of propColumns.names per card number, and not in
// the card's map. So a card's map is never written by play: the maps
// are the Program's, built at load and shared by every game and clone,
// and a prop write writes one slot of a column. The rows are kept in
// pages of propPage cards that a clone shares (parts.go), so that the
// first prop write after a clone copies one page and the list of pages,
// not the whole column (32 KB for 250 cards of 8 props). Before,
// the first prop write to a card in a game copied its map of 20-30
// fields and put the copy in every place that held the card (ownCard,
// cow.go).
//
// Everything that reads a card reads the column the way it reads the
// location: the check compile records a member read whose key is a prop
// name and whose object may be a card (cards.record), the runtime compile
// makes it $loc, the closures compile it to a read of the column
// (locRead), and whole values are given with their props filled in
// ($full, withColumns), as are the serialised state and the views.
//
// A scenario position may still write an attribute; that one write
// copies the card's map (ownCard), as every prop write did before.

// propColumns are the Program's prop columns: every prop name of every
// table once, in declaration order, and their starting values.
type propColumns struct {
	names []string
	index map[string]int
	// init is every card's props as a game starts them, in pages (row i
	// of card number i, len(names) wide, in page i/propPage): each card
	// has all of them, the zero of the prop's type unless its table
	// declares the name an attribute.
	init [][]any
}

// propPage is the number of cards in a page of the prop column.
const propPage = 16

// prop is the column of prop name k, -1 if k is no prop.
func (pc *propColumns) prop(k string) int {
	if pc == nil {
		return -1
	}
	return numberOf(pc.index, k)
}

// numberOf is k's number in index, -1 if it has none.
func numberOf(index map[string]int, k string) int {
	if j, ok := index[k]; ok {
		return j
	}
	return -1
}

// newPropColumns takes the props named props out of the card protos'
// maps into columns.
func newPropColumns(cards []cardProto, props []string) *propColumns {
	pc := &propColumns{names: props, index: make(map[string]int, len(props))}
	for j, n := range props {
		pc.index[n] = j
	}
	w := len(props)
	for first := 0; first < len(cards) && w > 0; first += propPage {
		pc.init = append(pc.init, make([]any, min(propPage, len(cards)-first)*w))
	}
	for i := range cards {
		var row []any
		if w > 0 {
			row = pc.init[i/propPage][i%propPage*w : (i%propPage+1)*w]
		}
		for j, n := range props {
			row[j] = cards[i].fields[n]
			delete(cards[i].fields, n)
		}
	}
	return pc
}

// propNamesOf lists every prop name of rs's tables once, in the order of
// union (unionFields).
func propNamesOf(rs *schema.Ruleset, union []declared) []string {
	isProp := map[string]bool{}
	for _, t := range rs.Cards {
		for n := range t.Props {
			isProp[n] = true
		}
	}
	var out []string
	for _, f := range union {
		if isProp[f.name] {
			out = append(out, f.name)
		}
	}
	return out
}

// cardProp is prop column j of card number i.
func (g *Game) cardProp(i, j int) any {
	w := len(g.prog.props.names)
	return g.st.props.list[i/propPage][i%propPage*w+j]
}

// setCardProp writes prop column j of card number i.
func (g *Game) setCardProp(i, j int, v any) {
	page := g.st.props.writable(g.st, i/propPage) // pages shared with the Program or a clone (parts.go)
	page[i%propPage*len(g.prog.props.names)+j] = v
}

// setProp writes prop k of card c to its column; false if c is no card
// of the program or k no prop (the caller writes the map, as before).
func (g *Game) setProp(c map[string]any, k string, v any) bool {
	j := g.prog.props.prop(k)
	if j < 0 {
		return false
	}
	i, isCard := g.cardNumOf(c)
	if !isCard {
		return false
	}
	g.setCardProp(i, j, v)
	return true
}
