package bot

import (
	"slices"

	"agon/interpreter"
)

// lookahead is what the bots' look-ahead needs of a game, on either
// runtime: presentLook over an interpreter.Game, flatLook over an
// interpreter.FlatGame. Options are taken by index: the index of the
// pending decision's option, in the order both runtimes list them.
type lookahead interface {
	clone() lookahead
	apply(i int) error
	// next is the pending decision's decider and position, or over.
	next() (player int, pos string, over bool)
	// options is the pending decision's number of options (0: over), and
	// pending the decision with its keys (nil: over).
	options() int
	pending() *decision
	// pickUnderWay is the pending pick's done option (-1: not offered)
	// and whether it is under way (Game.PickUnderWay).
	pickUnderWay() (done int, underWay bool)
	heuristic(player int) (int, error)
	players() int
	result() *interpreter.Result
	// strict: a failure is an error of the look-ahead itself, not an
	// option never preferred or a failed playout (the flat runtime: the
	// game is played again on the present one).
	strict() bool
}

// decision is a pending decision as the bots' look-ahead sees it: the
// decider, the position (Decision.Pos) and the options' keys (nil where
// only the decider and the position are wanted).
type decision struct {
	player int
	pos    string
	keys   []string
}

// decisionOf is d as a decision.
func decisionOf(d *interpreter.Decision) *decision {
	keys := make([]string, len(d.Options))
	for i, o := range d.Options {
		keys[i] = o.Key
	}
	return &decision{player: d.Player, pos: d.Pos, keys: keys}
}

// find is the index of the option with key, -1 when there is none.
func (d *decision) find(key string) int { return slices.Index(d.keys, key) }

// presentLook is a lookahead over a game of the present runtime. d is
// its pending decision once asked for (nil until then, and after each
// apply); a clone has the same pending decision, so it keeps d.
type presentLook struct {
	g *interpreter.Game
	d *interpreter.Decision
}

func (p *presentLook) clone() lookahead { return &presentLook{g: p.g.Clone(), d: p.d} }

// decision is the pending decision, asked once between applies.
func (p *presentLook) decision() *interpreter.Decision {
	if p.d == nil {
		p.d = p.g.Pending()
	}
	return p.d
}

func (p *presentLook) apply(i int) error {
	key := p.decision().Options[i].Key
	p.d = nil
	return p.g.Apply(key)
}

func (p *presentLook) next() (int, string, bool) {
	d := p.decision()
	if d == nil {
		return 0, "", true
	}
	return d.Player, d.Pos, false
}

func (p *presentLook) options() int {
	if d := p.decision(); d != nil {
		return len(d.Options)
	}
	return 0
}

func (p *presentLook) pending() *decision {
	if d := p.decision(); d != nil {
		return decisionOf(d)
	}
	return nil
}

func (p *presentLook) pickUnderWay() (int, bool) {
	done, underWay := p.g.PickUnderWay()
	if done == "" {
		return -1, underWay
	}
	for i, o := range p.decision().Options {
		if o.Key == done {
			return i, underWay
		}
	}
	return -1, underWay
}

func (p *presentLook) heuristic(player int) (int, error) { return p.g.Heuristic(player) }
func (p *presentLook) players() int                      { return p.g.Players() }
func (p *presentLook) result() *interpreter.Result       { return p.g.Result() }
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

func (f flatLook) options() int {
	if f.g.Over() {
		return 0
	}
	return f.g.Options()
}

func (f flatLook) pending() *decision {
	if f.g.Over() {
		return nil
	}
	return &decision{player: f.g.Player(), pos: f.g.Pos(), keys: f.g.Keys()}
}

func (f flatLook) pickUnderWay() (int, bool)         { return f.g.PickUnderWay() }
func (f flatLook) heuristic(player int) (int, error) { return f.g.Heuristic(player) }
func (f flatLook) players() int                      { return f.g.Players() }
func (f flatLook) result() *interpreter.Result       { return f.g.Result() }
func (f flatLook) strict() bool                      { return true }
