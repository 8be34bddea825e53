package interpreter

import (
	"errors"

	"fmt"
	"github.com/expr-lang/expr/ast"
	"reflect"
	"sort"
	"strings"
)

// Views over the flat state: what Game.View shows, read from a flat
// game's cells, zones and props, and the ruleset's views evaluated by
// their typed closures (compiled with the program, where the closures
// cover them). A value is turned into the Go value the present runtime's
// expression would give (flatAny) and written by the same functions
// (viewText, formatValue, figureText), so the texts are the present
// runtime's by construction where the values are; TestFlatViewsAgree
// compares every view of random games of every shipped ruleset.

// flatView is a compiled view of the ruleset (Program.views and
// placeViews): its closure, or why it is not covered.
type flatView struct {
	namedExpr
	value flatValue
	// listAny: the present runtime gives a list of this view as []any
	// (expr's own lists), not as a typed slice (a variable read).
	listAny bool
	why     string
}

// ErrFlatView is View's error when the flat runtime cannot show the
// position: a view it does not cover, or one whose closure gave up (where
// the present runtime writes "(error: …)").
var ErrFlatView = errors.New("the flat runtime cannot show this view")

// compileViews compiles the ruleset's views. One it does not cover is
// noted (View then says so); the program plays on all the same.
func (fp *flatProgram) compileViews() {
	if len(fp.p.placeViews) > 0 {
		fp.place = fp.fc.localNumber(placeLocal)
	}
	for _, v := range append(append([]namedExpr(nil), fp.p.views...), fp.p.placeViews...) {
		fp.views = append(fp.views, fp.compileNamed(v))
	}
	for _, d := range fp.p.details {
		fp.details = append(fp.details, fp.compileNamed(d))
	}
}

// compileNamed compiles a view or a score detail: its closure, or why
// it is not covered.
func (fp *flatProgram) compileNamed(v namedExpr) flatView {
	fv := flatView{namedExpr: v}
	val, err := fp.expr(v.expr)
	switch {
	case err != nil:
		fv.why = err.Error()
	case val.kind == fkPlayer, val.kind == fkPlayers, val.kind >= fkSeats:
		fv.why = fmt.Sprintf("%s: a view of a %s", v.expr.src.Pos, val.kind)
	default:
		fv.value = val
		var known bool
		if fv.listAny, known = builtList(v.expr.checked); !known {
			fv.why = fmt.Sprintf("%s: a view whose list may be built or read, as its condition goes", v.expr.src.Pos)
		}
	}
	return fv
}

// ResultDetails is Result with the scoring's details, as Game.Result
// gives them (nil before the end); ErrFlatView when a detail is not
// covered or its closure gives up.
func (g *FlatGame) ResultDetails() (*Result, error) {
	res, fg := g.Result(), g.g
	if res == nil || len(fg.fp.details) == 0 {
		return res, nil
	}
	defer fg.keepLocals()()
	for i := range res.Players {
		fg.env.locals[fg.fp.me] = int64(res.Players[i].Player)
		for j := range fg.fp.details {
			d := &fg.fp.details[j]
			v, err := fg.evalView(d)
			if err != nil {
				return nil, fmt.Errorf("score detail: %w", err)
			}
			res.Players[i].Details = append(res.Players[i].Details, NamedValue{Name: d.name, Value: v})
		}
	}
	return res, nil
}

// builtList reports whether the list a view's expression n gives is one
// expr builds ([]any: a map, a filter, a function's result), which View
// writes an element a line when long, rather than a typed slice read
// from the state (a variable, a player's variable, a constant), which it
// writes on one line; known is false for a condition whose branches
// differ.
func builtList(n ast.Node) (built, known bool) {
	switch x := n.(type) {
	case *ast.IdentifierNode, *ast.MemberNode:
		t := n.Type()
		return t == nil || t.Kind() != reflect.Slice || t.Elem().Kind() == reflect.Interface, true
	case *ast.ConditionalNode:
		a, ok1 := builtList(x.Exp1)
		b, ok2 := builtList(x.Exp2)
		return a, ok1 && ok2 && a == b
	}
	return true, true
}

// View renders the state as player may see it (-1: everything), as
// Game.View renders it; ErrFlatView when a view is not covered or gave
// up.
func (g *FlatGame) View(player int) (string, error) {
	fg := g.g
	defer fg.keepLocals()()
	var b strings.Builder
	if err := fg.writeViews(&b, player); err != nil {
		return "", err
	}
	fg.writeState(&b, player)
	return b.String(), nil
}

// evalView evaluates view v (its locals bound by the caller) as the
// present runtime's value.
func (g *flatGame) evalView(v *flatView) (any, error) {
	if v.why != "" {
		return nil, fmt.Errorf("view %s: %w: %s", v.name, ErrFlatView, v.why)
	}
	g.env.steps, g.env.mem = 0, 0 // one top-level evaluation, with its own budget
	val, ok := evalValue(&g.env, v.value)
	if !ok {
		return nil, fmt.Errorf("view %s: %w (a closure gave up)", v.name, ErrFlatView)
	}
	return g.flatAny(v.value.kind, val, v.listAny), nil
}

// writeViews writes the views as Game.writeViews does.
func (g *flatGame) writeViews(b *strings.Builder, player int) error {
	n := len(g.fp.p.views)
	for i := range n {
		v := &g.fp.views[i]
		if v.perPlayer {
			continue
		}
		val, err := g.evalView(v)
		if err != nil {
			return err
		}
		s, multi := viewText(v.name, val, nil)
		fmt.Fprintln(b, named(v.name, orNone(s), multi))
	}
	for i := range n {
		v := &g.fp.views[i]
		if !v.perPlayer {
			continue
		}
		var parts []string
		for seat := range g.env.fs.players {
			if v.ownerOnly && !visibleTo("owner", seat, player) {
				continue
			}
			g.env.locals[g.fp.me] = int64(seat)
			val, err := g.evalView(v)
			if err != nil {
				return err
			}
			parts = append(parts, fmt.Sprintf("P%d %s", seat+1, orNone(formatValue(val))))
		}
		if len(parts) > 0 {
			fmt.Fprintf(b, "%s: %s\n", v.name, strings.Join(parts, ", "))
		}
	}
	return g.writePlaceViews(b, g.fp.views[n:])
}

// writePlaceViews writes the per-place views as Game.writePlaceViews
// does: each node's figure, in board order, where it is not zero.
func (g *flatGame) writePlaceViews(b *strings.Builder, views []flatView) error {
	e := &g.env
	for i := range views {
		v := &views[i]
		gr := g.fp.p.tc.boards.graphs[v.board]
		if gr == nil {
			continue
		}
		var parts []string
		for _, id := range gr.ids {
			e.locals[g.fp.place] = g.fp.l.strs.ids[id]
			val, err := g.evalView(v)
			if err != nil {
				return err
			}
			if zeroFigure(val) {
				continue
			}
			s := figureText(val)
			if strings.ContainsAny(s, ",;") {
				s = "(" + s + ")"
			}
			parts = append(parts, id+" "+s)
		}
		fmt.Fprintf(b, "%s: %s\n", v.name, orNone(strings.Join(parts, ", ")))
	}
	return nil
}

// writeState writes the zones, variables and players as Game.View does.
func (g *flatGame) writeState(b *strings.Builder, player int) {
	rs, l, fs := g.fp.p.rs, g.fp.l, g.env.fs
	zone := map[string]int{}
	for i, z := range l.zones {
		if z.family == "" {
			zone[z.name] = i
		} else {
			zone[familyLoc(z.family, z.key)] = i
		}
	}
	props := g.propOrder()
	for _, n := range rs.ZoneOrder {
		z := rs.Zones[n]
		for _, k := range rs.ZoneKeys(n) {
			if i, ok := zone[familyLoc(n, k)]; ok && len(fs.zones[i]) > 0 {
				fmt.Fprintf(b, "%s: %s\n", familyLoc(n, k), g.zoneText(fs.zones[i], player, z.Visibility, props))
			}
		}
		i, ok := zone[n]
		if z.Owner == "player" || z.KeyedBy != nil || !ok || len(fs.zones[i]) == 0 {
			continue
		}
		fmt.Fprintf(b, "%s: %s\n", n, g.zoneText(fs.zones[i], player, z.Visibility, props))
	}
	cell := map[string]int{}
	for j, v := range l.vars {
		cell[v.name] = j
	}
	for _, n := range rs.VarOrder {
		if v := rs.Vars[n]; v.Visibility == "" || v.Visibility == "public" || player < 0 {
			j := cell[n]
			fmt.Fprintf(b, "%s: %s\n", n, viewValue(l.value(fs, fs.cells[j], l.vars[j].typ)))
		}
	}
	for seat := range fs.players {
		you := ""
		if seat == player {
			you = " (you)"
		}
		fmt.Fprintf(b, "P%d%s\n", seat+1, you)
		for j, v := range l.pvars {
			if visibleTo(rs.PlayerVars[v.name].Visibility, seat, player) {
				fmt.Fprintf(b, "  %s: %s\n", v.name, viewValue(l.value(fs, fs.cells[l.pvarCell(seat, j)], v.typ)))
			}
		}
		for j, n := range l.pzones {
			vis := rs.Zones[n].Visibility
			if visibleTo(vis, seat, player) {
				vis = "public"
			}
			fmt.Fprintf(b, "  %s: %s\n", n, g.zoneText(fs.zones[l.pzone(seat, j)], player, vis, props))
		}
	}
}

// propOrder is the props' columns in their names' order, as cards show
// them (Game.propNames).
func (g *flatGame) propOrder() []int {
	out := make([]int, len(g.fp.l.props))
	for j := range out {
		out[j] = j
	}
	names := g.fp.l.props
	sort.Slice(out, func(a, b int) bool { return names[out[a]] < names[out[b]] })
	return out
}

// zoneText lists a zone's cards as Game.zoneText does: runs of cards
// that read alike counted, or only their number when hidden.
func (g *flatGame) zoneText(cards []int32, viewer int, visibility string, props []int) string {
	if len(cards) == 0 {
		return "(empty)"
	}
	if !visibleTo(visibility, -2, viewer) {
		return cardCount(len(cards))
	}
	return runsText(len(cards), func(i int) string { return g.cardText(int(cards[i]), props) })
}

// cardText is card c's name and its props that are not zero, as
// cardText writes a present card.
func (g *flatGame) cardText(c int, props []int) string {
	l, fs := g.fp.l, g.env.fs
	s := formatValue(g.cardValue(c))
	var flags []string
	for _, j := range props {
		if f := flagText(l.props[j], l.value(fs, *l.propOf(fs, c, j), l.propType[j])); f != "" {
			flags = append(flags, f)
		}
	}
	if len(flags) > 0 {
		s += " [" + strings.Join(flags, ", ") + "]"
	}
	return s
}

// cardValue is card c as formatValue and figureText need it: its id and
// its name.
func (g *flatGame) cardValue(c int) map[string]any {
	f := g.fp.p.cards[c].fields
	out := map[string]any{"id": f["id"]}
	if name, ok := f["name"]; ok {
		out["name"] = name
	}
	return out
}

// flatAny is a flat value of kind k as the present runtime's expression
// gives it: an int, bool or string; a card; a list as []any (listAny, a
// list expr builds) or as the variable's typed slice; an intmap as a map.
func (g *flatGame) flatAny(k flatKind, v flatVal, listAny bool) any {
	l, fs := g.fp.l, g.env.fs
	switch k {
	case fkInt:
		return int(v.s)
	case fkBool:
		return v.s != 0
	case fkString:
		return l.str(fs, v.s)
	case fkCard:
		return g.cardValue(int(v.s))
	case fkCards:
		out := make([]any, len(v.cards))
		for i, c := range v.cards {
			out[i] = g.cardValue(int(c))
		}
		return out
	case fkEmpty:
		return []any{}
	case fkIntMap:
		return l.intmap(fs, v.nums)
	}
	var typed any
	switch k {
	case fkInts:
		typed = g.numsValue(v.nums, "ints")
	case fkStrings:
		typed = g.numsValue(v.nums, "strings")
	default:
		typed = g.intmaps(v.nums)
	}
	if !listAny {
		return typed
	}
	rv := reflect.ValueOf(typed)
	out := make([]any, rv.Len())
	for i := range out {
		out[i] = rv.Index(i).Interface()
	}
	return out
}

// numsValue is a list of ints or of string numbers as a typed slice.
func (g *flatGame) numsValue(nums []int64, typ string) any {
	l, fs := g.fp.l, g.env.fs
	if typ == "strings" {
		out := make([]string, len(nums))
		for i, x := range nums {
			out[i] = l.str(fs, x)
		}
		return out
	}
	out := make([]int, len(nums))
	for i, x := range nums {
		out[i] = int(x)
	}
	return out
}

// intmaps reads an intmaps payload (each map's pair count, then its
// pairs) as maps.
func (g *flatGame) intmaps(p []int64) []map[string]int {
	out := []map[string]int{}
	for k := 0; k < len(p); {
		end := k + 1 + 2*int(p[k])
		out = append(out, g.fp.l.intmap(g.env.fs, p[k+1:end]))
		k = end
	}
	return out
}
