package interpreter

import (
	"errors"
	"fmt"
	"sync"

	"agon/schema"
)

// A transcript's checks on the flat state: an expression compiled after
// load (as Game.Eval compiles one), then to the typed closures, and
// evaluated over the game's state with its locals as they are bound at
// the pending decision. The program's games may be running on other
// goroutines, so the compile holds the program's lock and writes nothing
// they read: the layout's strings are frozen once the program is made
// (a string no rule names, in a check's text or a zone name no rule
// reads, is numbered in the game's own table when the check reads it:
// strConst, lateLocation), and so are the locals' numbers (a check
// naming a local no rule binds is not covered). A compiled check is kept
// for the program's other games.

// flatChecks are a program's compiled checks, by source.
type flatChecks struct {
	mu   sync.Mutex
	done map[string]flatCheck
	// parts are the parts of the options' conditions compiled with
	// their conditions' locals (flatexplain.go).
	parts map[flatPartKey]flatCheck
}

// flatCheck is a compiled check, or why it is not covered.
type flatCheck struct {
	fe  *flatExpr
	why string
}

// Check evaluates a transcript's check expression in the game's present
// state, as CheckExpr does on a Game: an error when it does not compile,
// is not a bool, or is not covered by the flat runtime yet (say so, for
// the present runtime to evaluate instead: ErrFlatCheck).
func (g *FlatGame) Check(src string) (bool, error) {
	fe, err := g.g.fp.check(src)
	if err != nil {
		return false, err
	}
	if fe.value.kind != fkBool {
		return false, fmt.Errorf("check %q: expected a bool, got a %s", src, fe.value.kind)
	}
	e := &g.g.env
	e.grow(fe) // this game's own scratch, larger (a clone keeps the one it shares)
	steps, mem := e.steps, e.mem
	e.steps, e.mem = 0, 0 // a check's work is its own, not the play's
	v, ok := fe.value.scalar(e)
	e.steps, e.mem = steps, mem
	if !ok {
		return false, fmt.Errorf("check %q: %w (a closure gave up)", src, ErrFlatCheck)
	}
	return v == 1, nil
}

// Eval evaluates an expression in the game's present state, as Game.Eval
// does, and gives its value as the present runtime's expression would
// (a card as its id and name, a list, an intmap as a map): an error when
// it does not compile, and ErrFlatCheck when the flat runtime cannot
// evaluate it or has no such value (a player, the players list).
func (g *FlatGame) Eval(src string) (any, error) {
	fe, err := g.g.fp.check(src)
	if err != nil {
		return nil, err
	}
	return g.g.evalChecked(src, fe)
}

// evalChecked evaluates src compiled after load (fe) for Eval: its value
// as the present runtime's expression would give it, or ErrFlatCheck.
func (g *flatGame) evalChecked(src string, fe *flatExpr) (any, error) {
	switch k := fe.value.kind; {
	case k == fkPlayer, k == fkPlayers, k > fkIntMaps && k != fkEmpty:
		return nil, fmt.Errorf("%q: %w: a value of a %s", src, ErrFlatCheck, k)
	}
	e := &g.env
	e.grow(fe)
	steps, mem := e.steps, e.mem
	e.steps, e.mem = 0, 0 // an evaluation's work is its own, not the play's
	v, ok := evalValue(e, fe.value)
	e.steps, e.mem = steps, mem
	if !ok {
		return nil, fmt.Errorf("%q: %w (a closure gave up)", src, ErrFlatCheck)
	}
	return g.flatAny(fe.value.kind, v, true), nil
}

// ExplainFlatCheck says what the parts of a check evaluate to in g's
// present state, as ExplainCheck says it of a Game; ErrFlatCheck when a
// part is one the flat runtime cannot evaluate (the present runtime can
// explain it).
func ExplainFlatCheck(g *FlatGame, expr string) (string, error) {
	var missed error
	text := explainWith(expr, func(src string) (any, error) {
		v, err := g.Eval(src)
		if errors.Is(err, ErrFlatCheck) && missed == nil {
			missed = err
		}
		return v, err
	})
	if missed != nil {
		return "", missed
	}
	return text, nil
}

// ErrFlatCheck is Check's error for a check the flat runtime cannot
// evaluate yet.
var ErrFlatCheck = fmt.Errorf("the flat runtime cannot evaluate this check")

// check compiles a check's expression once for the program.
func (fp *flatProgram) check(src string) (*flatExpr, error) {
	c := &fp.checks
	c.mu.Lock()
	defer c.mu.Unlock()
	if done, ok := c.done[src]; ok {
		if done.fe == nil {
			return nil, fmt.Errorf("check %q: %w: %s", src, ErrFlatCheck, done.why)
		}
		return done.fe, nil
	}
	compiled, err := fp.p.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: ExprFile, Line: 1, Col: 1}, Style: schema.StylePlain})
	if err != nil {
		return nil, err // not the flat runtime's: the expression is wrong
	}
	fe, why := fp.fc.compile(compiled)
	if missed := fp.l.strs.missed; missed != "" {
		fe, why = nil, fmt.Sprintf("the string %q, which no rule names", missed)
		fp.l.strs.missed = ""
	}
	if c.done == nil {
		c.done = map[string]flatCheck{}
	}
	c.done[src] = flatCheck{fe: fe, why: why}
	if fe == nil {
		return nil, fmt.Errorf("check %q: %w: %s", src, ErrFlatCheck, why)
	}
	return fe, nil
}
