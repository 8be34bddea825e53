package interpreter

import (
	"fmt"
	"strings"
)

// Per-place views (a view with per_place: BOARD) are figures of each
// node of a board, evaluated with placeLocal bound to the node id. show
// PLACE prints them with the node's attributes (Program.nodeInfo);
// state lists each on one line, node by node (writePlaceViews). The
// glance leaves them out: they are not figures of the game.

// placeFigure evaluates per-place view v for node id: its text as show
// prints it, "" when the value is zero or empty.
func (g *Game) placeFigure(v namedExpr, id string) string {
	saved := bindLocal(g.st, placeLocal, id)
	defer saved.restore(g.st)
	val, err := g.eval(v.expr)
	if err != nil {
		return "(error: " + err.Error() + ")"
	}
	if zeroFigure(val) {
		return ""
	}
	return figureText(val)
}

// writePlaceViews writes each per-place view on one line: the nodes of
// its board where it is not zero, in board order, with their values
// ("height: north 2, south 1"; a value with commas in brackets), or
// "(none)".
func (g *Game) writePlaceViews(b *strings.Builder) {
	for _, v := range g.prog.placeViews {
		gr := g.prog.tc.boards.graphs[v.board]
		if gr == nil {
			continue
		}
		var parts []string
		for _, id := range gr.ids {
			s := g.placeFigure(v, id)
			if s == "" {
				continue
			}
			if strings.ContainsAny(s, ",;") {
				s = "(" + s + ")"
			}
			parts = append(parts, id+" "+s)
		}
		fmt.Fprintf(b, "%s: %s\n", v.name, orNone(strings.Join(parts, ", ")))
	}
}
