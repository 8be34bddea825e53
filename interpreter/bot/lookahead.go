package bot

import "agon/interpreter"

// lookahead is what the greedy bot's look-ahead needs of a game, on
// either runtime: presentLook over an interpreter.Game, flatLook over an
// interpreter.FlatGame. Options are taken by index: the index of the
// pending decision's option, in the order both runtimes list them.
type lookahead interface {
	clone() lookahead
	apply(i int) error
	// next is the pending decision's decider and position, or over.
	next() (player int, pos string, over bool)
	// pickUnderWay is the pending pick's done option (-1: not offered)
	// and whether it is under way (Game.PickUnderWay).
	pickUnderWay() (done int, underWay bool)
	heuristic(player int) (int, error)
	// strict: a failure is an error of the look-ahead itself, not an
	// option never preferred (the flat runtime: the game is played
	// again on the present one).
	strict() bool
}

// presentLook is a lookahead over a game of the present runtime. d is
// its pending decision once asked for (nil until then, and after each
// apply); a clone has the same pending decision, so it keeps d.
type presentLook struct {
	g *interpreter.Game
	d *interpreter.Decision
}

func (p *presentLook) clone() lookahead { return &presentLook{g: p.g.Clone(), d: p.d} }

func (p *presentLook) apply(i int) error {
	if p.d == nil {
		p.d = p.g.Pending()
	}
	key := p.d.Options[i].Key
	p.d = nil
	return p.g.Apply(key)
}

func (p *presentLook) next() (int, string, bool) {
	p.d = p.g.Pending()
	if p.d == nil {
		return 0, "", true
	}
	return p.d.Player, p.d.Pos, false
}

func (p *presentLook) pickUnderWay() (int, bool) {
	done, underWay := p.g.PickUnderWay()
	if done == "" {
		return -1, underWay
	}
	if p.d == nil {
		p.d = p.g.Pending()
	}
	for i, o := range p.d.Options {
		if o.Key == done {
			return i, underWay
		}
	}
	return -1, underWay
}

func (p *presentLook) heuristic(player int) (int, error) { return p.g.Heuristic(player) }
func (p *presentLook) strict() bool                      { return false }

// flatLook is a lookahead over a game of the flat runtime.
type flatLook struct{ g *interpreter.FlatGame }

func (f flatLook) clone() lookahead  { return flatLook{f.g.Clone()} }
func (f flatLook) apply(i int) error { return f.g.Apply(i) }

func (f flatLook) next() (int, string, bool) {
	if f.g.Over() {
		return 0, "", true
	}
	return f.g.Player(), f.g.Pos(), false
}

func (f flatLook) pickUnderWay() (int, bool)         { return f.g.PickUnderWay() }
func (f flatLook) heuristic(player int) (int, error) { return f.g.Heuristic(player) }
func (f flatLook) strict() bool                      { return true }
