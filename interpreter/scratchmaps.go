package interpreter

import (
	"github.com/expr-lang/expr/ast"
)

// Scratch maps for map literals given to intmap parameters.
//
// A call like meets(p, {quarry: c.quarries}) in an option's condition
// builds a map for its argument at every call: in a game that lists such
// options often, the largest single source of bytes. The map cannot
// outlive the call when the function's body only looks into the
// parameter — needs[k], needs.k, len, keys, `k in needs` (lookedInto, as
// for intmap variables in collwrites.go) — and reads it in no other way:
// no let, argument, list or result can keep it. For such a parameter
// (function.lookOnly, decided when every body is compiled), the call
// fills a map from its game's spare list and gives it back, emptied, when
// the call returns.
//
// The maps a call holds are a stack (intMapScratch.held): a call notes the
// stack's height before its arguments and gives back what lies above it
// when it returns, whatever way it returns, so that the calls nested in
// its arguments or its body, a recursive call of the same function
// included, each fill their own map. A remembered call (callmemo.go) never
// keeps such a map: a map argument is not remembered.

// gameScratch is a game's reused buffers, which are not part of its state
// (a clone starts without them).
type gameScratch struct {
	// text is where render joins a text.
	text []byte
	// intMaps are the scratch maps of map literal arguments.
	intMaps intMapScratch
	// texts holds option keys and rendered texts (textarena.go).
	texts textArena
	// effectCheck, set by tests, is called before (done false) and after
	// (done true) each set, add and move (flateffects_test.go). It is
	// here, not in Game, to keep the Game struct in its size class
	// (TestGameStructStaysSmall).
	effectCheck func(e *effect, done bool)
	// renderCheck, set by tests, is given each template rendered and its
	// text (flattext_test.go).
	renderCheck func(t *template, text string)
}

// buffers is the game's reused buffers.
func (g *Game) buffers() *gameScratch {
	if g.scratch == nil {
		g.scratch = &gameScratch{}
	}
	return g.scratch
}

// intMapScratch is a game's spare maps and the ones its calls hold.
type intMapScratch struct {
	spare, held []map[string]int
}

// take is an empty map, held until the call that noted mark gives it back.
func (s *intMapScratch) take() map[string]int {
	var m map[string]int
	if n := len(s.spare); n > 0 {
		m, s.spare = s.spare[n-1], s.spare[:n-1]
	} else {
		m = make(map[string]int, 4)
	}
	s.held = append(s.held, m)
	return m
}

// giveBack empties the maps held above mark and keeps them for later.
func (s *intMapScratch) giveBack(mark int) {
	for _, m := range s.held[mark:] {
		clear(m)
		s.spare = append(s.spare, m)
	}
	clear(s.held[mark:])
	s.held = s.held[:mark]
}

// planLookOnly decides, for each intmap parameter of f, whether its body
// only looks into it (see above). It runs once every body is compiled,
// before any game: the calls compiled earlier read it when they run.
func (f *function) planLookOnly() {
	f.lookOnly = make([]bool, len(f.params))
	if f.body == nil || f.body.fast == nil {
		return
	}
	for i, p := range f.params {
		f.lookOnly[i] = p.Type == "intmap" && looksOnlyInto(f.body.run.node(), f.locals[i].key)
	}
}

// looksOnlyInto reports whether every read of name in the tree only looks
// into its value.
func looksOnlyInto(root ast.Node, name string) bool {
	var uses []ast.Node
	visitAll(root, func(n ast.Node) {
		if id, ok := n.(*ast.IdentifierNode); ok && id.Value == name {
			uses = append(uses, n)
		}
	})
	if len(uses) == 0 {
		return true
	}
	looked := map[ast.Node]bool{}
	visitAll(root, func(n ast.Node) {
		for _, c := range lookedInto(n) {
			looked[c] = true
		}
	})
	for _, u := range uses {
		if !looked[u] {
			return false
		}
	}
	return true
}

// scratchIntMapLiteral compiles a map literal given for f's intmap
// parameter i: filled into a scratch map when f only looks into the
// parameter, built by fresh otherwise. It charges what fresh charges.
func scratchIntMapLiteral(f *function, i int, keys, values []fastFunc, fresh fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		if !f.lookOnly[i] {
			return fresh(x)
		}
		if !x.chargeVM(len(keys)) {
			return nil, false
		}
		m := x.g.buffers().intMaps.take()
		if !fillMap(x, keys, values, intOf, m) {
			return nil, false // the call gives m back
		}
		return m, true
	}
}

// givingBackScratch wraps a call whose arguments may fill scratch maps:
// whatever they took is given back when the call returns.
func givingBackScratch(call fastFunc) fastFunc {
	return func(x *fastCtx) (any, bool) {
		s := &x.g.buffers().intMaps
		mark := len(s.held)
		v, ok := call(x)
		s.giveBack(mark)
		return v, ok
	}
}
