package interpreter

import (
	"fmt"
	"sync"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// adhoc compiles expressions and effects given after Load (transcript
// checks, scenario tests) with the program's compiler. The compiler's type
// cache is not safe for concurrent use, hence the lock.
type adhoc struct {
	mu sync.Mutex
	ec *exprCompiler
	c  *compiler
}

// ExprFile is the file name the problems of an expression given to Eval
// (or explained in parts) are reported in, at line 1 and the column
// within the text: a caller that knows where the text stands in a file
// (a transcript's check) puts them there.
const ExprFile = "<expression>"

// Eval evaluates an expression against the current state, with the
// ruleset's names in scope (and `me` when bound). It is how transcript
// checks and scenario tests inspect a game. A card in the value is a
// copy with its location (zone, zone_key, owner) filled in.
func (g *Game) Eval(src string) (any, error) {
	c, err := g.prog.compileAdhoc(schema.Expr{Src: src, Pos: schema.Pos{File: ExprFile, Line: 1, Col: 1}, Style: schema.StylePlain})
	if err != nil {
		return nil, err
	}
	// A check's work counts to the game's checks, not to the stretch of
	// play it looks at (Limits.MaxRunSteps).
	work := g.work
	g.work, g.evaluating = g.checkWork, true
	v, err := g.eval(c)
	g.checkWork, g.work, g.evaluating = g.work, work, false
	if err != nil {
		return nil, err
	}
	return g.full(v), nil
}

// Exec runs a YAML effect list (the ruleset's effect language) on the
// game right now, before whatever the game was doing: scenario tests use
// it to set up a described position or to run one procedure. If the
// effects ask for decisions, they become pending and Apply answers them;
// when the effects are done, the game stops again at the decision it was
// waiting for before Exec, asked again so that its options fit the
// position (triggers are not checked meanwhile).
func (g *Game) Exec(effectsYAML string) error {
	var node yaml.Node
	if err := yaml.Unmarshal([]byte(effectsYAML), &node); err != nil {
		return fmt.Errorf("effects: %v", err)
	}
	if len(node.Content) == 0 {
		return nil
	}
	return g.execNode("<effects>", node.Content[0])
}

// execNode is Exec of an effect list already parsed from file, so that
// problems point into that file.
func (g *Game) execNode(file string, n *yaml.Node) error {
	if g.st.barrier != nil {
		return fmt.Errorf("exec: the previous Exec still waits for a decision")
	}
	b, err := g.prog.compileAdhocEffects(file, n)
	if err != nil {
		return err
	}
	g.st.barrier = &barrier{depth: len(g.st.frames), pending: g.st.pending}
	g.st.pending = nil
	g.push(b)
	return g.run()
}

// barrier marks where Exec'd effects end: run stops when the frames are
// back to depth and restores the decision that was pending.
type barrier struct {
	depth   int
	pending *pendingDecision
}

// atBarrier reports (and clears) an Exec that has finished. The decision
// that was pending is asked again, so that its options fit the position
// the effects left (a card they moved is no longer offered); a pick with
// elements already picked keeps them and lists its options again.
func (g *Game) atBarrier() (bool, error) {
	b := g.st.barrier
	if b == nil || len(g.st.frames) > b.depth {
		return false, nil
	}
	g.st.barrier = nil
	pd := b.pending
	if pd == nil {
		return true, nil
	}
	var err error
	if pd.pick != nil && len(pd.pick.picked) > 0 {
		err = g.pickStep(pd)
	} else {
		err = g.decide(pd.choice)
	}
	if err != nil {
		g.st.pending = pd // the game stays where it was
		return true, &RuntimeError{Pos: pd.choice.pos, Where: "choose (asked again after the run: effects)", Step: g.st.decisions, Msg: err.Error(), Err: err}
	}
	// An auto choice with one option was taken: the game goes on.
	return g.st.pending != nil, nil
}

func (p *Program) compileAdhoc(src schema.Expr) (*compiled, error) {
	p.adhoc.mu.Lock()
	defer p.adhoc.mu.Unlock()
	ds := &schema.Diagnostics{}
	p.adhoc.ec.ds = ds
	sc := (*scope)(nil)
	c := p.adhoc.ec.compile(src, sc.with("me", typeInt), wantAny, "expression")
	if err := ds.Err(); err != nil {
		return nil, err
	}
	return c, nil
}

func (p *Program) compileAdhocEffects(file string, n *yaml.Node) (*block, error) {
	var effs []*schema.Effect
	ds := &schema.Diagnostics{}
	schema.Decode(file, n, &effs, ds)
	if err := ds.Err(); err != nil {
		return nil, err
	}
	p.adhoc.mu.Lock()
	defer p.adhoc.mu.Unlock()
	p.adhoc.ec.ds = ds
	p.adhoc.c.ds = ds
	p.adhoc.c.adhoc = true
	b := p.adhoc.c.block(effs, (*scope)(nil).with("me", typeInt), "test effects")
	return b, ds.Err()
}

// CheckExpr evaluates a transcript check: expr must be a bool expression
// that holds in g's current state.
func CheckExpr(g *Game, expr string) (bool, error) {
	v, err := g.Eval(expr)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, fmt.Errorf("check %q: expected a bool, got %s", expr, describe(v))
	}
	return b, nil
}
