package interpreter

import (
	"fmt"

	"agon/schema"
)

// What a card or a place is, over the flat state: the show prompt's text
// (Game.Describe, Game.CardInfo), written by the same code as the present
// runtime's (Program.describe over a stateReader), reading the flat
// cells, zones and props. TestFlatDescribeAgrees compares every card and
// place of random games of every shipped ruleset.

// Describe says what a name at a show prompt stands for, as viewer sees
// it (Game.Describe); ErrFlatView when a per-place view is not covered or
// gave up.
func (g *FlatGame) Describe(query string, viewer int) (string, error) {
	defer g.g.keepLocals()()
	return g.g.fp.p.describe(flatReader{g.g}, query, viewer)
}

// CardInfo describes a card's figures (Game.CardInfo).
func (g *FlatGame) CardInfo(query string) (string, error) {
	p := g.g.fp.p
	i, ok := p.findCardNum(query)
	if !ok {
		return "", fmt.Errorf("no card %q%s", query, schema.DidYouMean(query, p.cardNamesAndIDs()))
	}
	return p.cardInfo(flatReader{g.g}.card(i)), nil
}

// keepLocals saves what showing a view writes (the locals me and place,
// the work counts) and gives the function that restores them.
func (g *flatGame) keepLocals() func() {
	e := &g.env
	steps, mem, me, place := e.steps, e.mem, e.locals[g.fp.me], e.locals[g.fp.place]
	return func() { e.steps, e.mem, e.locals[g.fp.me], e.locals[g.fp.place] = steps, mem, me, place }
}

// flatReader reads a flat game's state for the texts about cards and
// places (stateReader).
type flatReader struct{ g *flatGame }

// card is card i's attributes and its props now.
func (r flatReader) card(i int) map[string]any {
	l, fs := r.g.fp.l, r.g.env.fs
	f := r.g.fp.p.cards[i].fields
	out := make(map[string]any, len(f)+len(l.props))
	for k, v := range f {
		out[k] = v
	}
	for j, name := range l.props {
		out[name] = l.value(fs, *l.propOf(fs, i, j), l.propType[j])
	}
	return out
}

func (r flatReader) players() int { return r.g.env.fs.players }

// value is a variable's value, as the present state holds it.
func (r flatReader) value(owner int, name string) any {
	l, fs := r.g.fp.l, r.g.env.fs
	if owner < 0 {
		for j, v := range l.vars {
			if v.name == name {
				return l.value(fs, fs.cells[j], v.typ)
			}
		}
		return nil
	}
	for j, v := range l.pvars {
		if v.name == name {
			return l.value(fs, fs.cells[l.pvarCell(owner, j)], v.typ)
		}
	}
	return nil
}

// placeFigure evaluates per-place view v for node id.
func (r flatReader) placeFigure(v *namedExpr, id string) (string, error) {
	g := r.g
	for k := len(g.fp.p.views); k < len(g.fp.views); k++ {
		fv := &g.fp.views[k]
		if fv.expr != v.expr {
			continue
		}
		g.env.locals[g.fp.place] = g.fp.l.strs.ids[id]
		val, err := g.evalView(fv)
		if err != nil || zeroFigure(val) {
			return "", err
		}
		return figureText(val), nil
	}
	return "", fmt.Errorf("view %s: %w: not compiled", v.name, ErrFlatView)
}

// familyZone is the text of a keyed zone ("" when empty).
func (r flatReader) familyZone(name, key string, viewer int, visibility string) string {
	g := r.g
	for i, z := range g.fp.l.zones {
		if z.family == name && z.key == key {
			if cards := g.env.fs.zones[i]; len(cards) > 0 {
				return g.zoneText(cards, viewer, visibility, g.propOrder())
			}
			return ""
		}
	}
	return ""
}
