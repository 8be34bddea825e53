package interpreter

import (
	"strings"

	"github.com/expr-lang/expr/ast"
)

// Trigger conditions are re-evaluated only when state they read has
// changed (see doc.go, "Dirty triggers"). At compile time each trigger's
// active and when are walked for the state names they read (transitively
// through ruleset functions); at run time every write to the state
// touches the name it wrote, which marks the triggers reading that name
// dirty. A clean trigger's condition has the value it had when last
// evaluated, so checkTriggers reuses it.

// cardsToken is the name touched when a field of a card changes (a prop
// set, or zone, owner and zone_key when it moves), and read by every
// expression that can reach a card: one that reads a zone, a keyed zone
// family or the players (who hold the player zones), or calls card().
const cardsToken = "$cards"

// readSet is what an expression reads: state names, or everything (all)
// when the analysis cannot tell.
type readSet struct {
	all   bool
	names map[string]bool
}

// readAnalyzer finds what expressions of one program read.
type readAnalyzer struct {
	p *Program
	// state are the names of state that changes (vars, zones, families,
	// players, phase), with whether reading it can reach a card.
	state map[string]bool
	// pure are the names of functions that read nothing but their
	// arguments (built-ins), and of constants.
	pure map[string]bool
	// visiting guards the walk through recursive ruleset functions.
	visiting map[*function]bool
}

func newReadAnalyzer(p *Program, pure []string) *readAnalyzer {
	rs := p.rs
	a := &readAnalyzer{p: p, state: map[string]bool{"players": true, "phase": false},
		pure: map[string]bool{"player_count": true}, visiting: map[*function]bool{}}
	for _, n := range rs.VarOrder {
		a.state[n] = false // vars hold ints, bools, strings and maps of them: no card
	}
	for _, n := range rs.ZoneOrder {
		if rs.Zones[n].Owner != "player" {
			a.state[n] = true
		}
	}
	for n := range p.consts {
		if _, isState := a.state[n]; !isState {
			a.pure[n] = true
		}
	}
	for _, n := range pure {
		a.pure[n] = true
	}
	return a
}

// reads adds to rs what the compiled expression c reads.
func (a *readAnalyzer) reads(c *compiled, rs *readSet) {
	if c == nil || rs.all {
		return
	}
	if c.run == nil {
		rs.all = true
		return
	}
	tree := c.run.node()
	dead := a.deadBranches(tree)
	fields := playerFieldReads(tree)
	visitAll(tree, func(n ast.Node) {
		id, ok := n.(*ast.IdentifierNode)
		switch {
		case !ok || rs.all || dead[n]:
		case fields[n] != "":
			a.playerField(fields[n], rs)
		default:
			a.name(id.Value, rs)
		}
	})
}

// playerFieldPrefix prefixes the state name of a player field: a read of
// players[E].NAME reads "players.NAME" only, and a write of a player's
// field touches "players.NAME" and "players" (touchPlayer). Any other read
// of players (a player's map as a value, map(players, …)) reads
// "players", which every player write touches.
const playerFieldPrefix = "players."

// playerFieldReads maps the players identifier of each players[E].NAME in
// tree (NAME a literal) to NAME.
func playerFieldReads(tree ast.Node) map[ast.Node]string {
	var out map[ast.Node]string
	visitAll(tree, func(n ast.Node) {
		field, ok := n.(*ast.MemberNode)
		if !ok || field.Method || field.Optional {
			return
		}
		name, isName := field.Property.(*ast.StringNode)
		player, isMember := field.Node.(*ast.MemberNode)
		if !isName || !isMember || player.Method || player.Optional {
			return
		}
		if id, ok := player.Node.(*ast.IdentifierNode); ok && id.Value == "players" {
			if out == nil {
				out = map[ast.Node]string{}
			}
			out[id] = name.Value
		}
	})
	return out
}

// playerField records a read of the player field name (and of the cards,
// when it is a player zone).
func (a *readAnalyzer) playerField(name string, rs *readSet) {
	rs.names[playerFieldPrefix+name] = true
	if z, ok := a.p.rs.Zones[name]; ok && z.Owner == "player" {
		rs.names[cardsToken] = true
	}
}

// deadBranches are the nodes of tree that a constant decides are never
// evaluated: the right side of `C && x` with C false and of `C || x` with
// C true, and the branch a constant condition does not take. A variant
// that switches a rule off with a constant (`advanced && …`) leaves a
// condition that reads nothing, so it is evaluated once, not after every
// write to what the switched-off rule would read.
func (a *readAnalyzer) deadBranches(tree ast.Node) map[ast.Node]bool {
	var dead map[ast.Node]bool
	kill := func(n ast.Node) {
		if dead == nil {
			dead = map[ast.Node]bool{}
		}
		visitAll(n, func(x ast.Node) { dead[x] = true })
	}
	visitAll(tree, func(n ast.Node) {
		switch x := n.(type) {
		case *ast.BinaryNode:
			c, known := a.constBool(x.Left)
			switch {
			case !known:
			case !c && (x.Operator == "&&" || x.Operator == "and"):
				kill(x.Right)
			case c && (x.Operator == "||" || x.Operator == "or"):
				kill(x.Right)
			}
		case *ast.ConditionalNode:
			if c, known := a.constBool(x.Cond); known && c {
				kill(x.Exp2)
			} else if known {
				kill(x.Exp1)
			}
		}
	})
	return dead
}

// constBool is n's value when n is a bool literal or a constant's name.
func (a *readAnalyzer) constBool(n ast.Node) (value, known bool) {
	switch x := n.(type) {
	case *ast.BoolNode:
		return x.Value, true
	case *ast.IdentifierNode:
		value, known = a.p.consts[x.Value].(bool)
	}
	return value, known
}

// name records what reading the identifier n means.
func (a *readAnalyzer) name(n string, rs *readSet) {
	switch {
	case strings.HasPrefix(n, "$") || strings.HasPrefix(n, localKey("")):
		// $env (a function's hidden argument), agon's hidden built-ins,
		// and locals (a trigger condition has none; a function's
		// parameters are bound by its call, within the evaluation).
	case n == "card":
		rs.names[cardsToken] = true
	case a.p.funcs[n] != nil:
		f := a.p.funcs[n]
		if a.visiting[f] {
			return
		}
		a.visiting[f] = true
		a.reads(f.body, rs)
		delete(a.visiting, f)
	case a.pure[n]:
	default:
		cards, isState := a.state[n]
		if !isState {
			rs.all = true // a name we do not know: assume it reads anything
			return
		}
		rs.names[n] = true
		if cards {
			rs.names[cardsToken] = true
		}
	}
}

// triggerDeps are the compiled triggers' read sets: readers maps a state
// name to what reads it, always marks the triggers whose reads are
// unknown (evaluated every time).
type triggerDeps struct {
	readers map[string]*nameReaders
	always  []bool
	// fields are readers' entries of the player fields, by field name
	// (playerFieldPrefix), and players its entry of "players", for
	// touchPlayer.
	fields  map[string]*nameReaders
	players *nameReaders
}

// nameReaders are what reads one state name: the triggers whose
// conditions read it (by index) and the functions whose remembered calls
// read it (by memo number, callmemo.go).
type nameReaders struct {
	triggers []int
	calls    []int
}

// readerEntry is readers' entry for name n, added if it has none.
func readerEntry(readers map[string]*nameReaders, n string) *nameReaders {
	r := readers[n]
	if r == nil {
		r = &nameReaders{}
		readers[n] = r
	}
	return r
}

// analyzeTriggers computes p.trigDeps. pure names the built-in functions
// that read only their arguments.
func (p *Program) analyzeTriggers(pure []string) {
	a := newReadAnalyzer(p, pure)
	d := triggerDeps{readers: map[string]*nameReaders{}, always: make([]bool, len(p.triggers))}
	for i, t := range p.triggers {
		rs := &readSet{names: map[string]bool{}}
		a.reads(t.active, rs)
		a.reads(t.when, rs)
		if t.when == nil {
			rs.all = true
		}
		if rs.all {
			d.always[i] = true
			continue
		}
		for n := range rs.names {
			r := readerEntry(d.readers, n)
			r.triggers = append(r.triggers, i)
		}
	}
	p.planMemo(a, d.readers)
	d.fields = map[string]*nameReaders{}
	for n, r := range d.readers {
		if field, ok := strings.CutPrefix(n, playerFieldPrefix); ok {
			d.fields[field] = r
		}
	}
	d.players = d.readers["players"]
	p.trigDeps = d
}

// triggerCache is a game's memory of its triggers' last conditions: known
// reports that last holds the condition's value for the current state.
// The zero value knows nothing. It is not part of the state: a clone and
// a reloaded game start with nothing known. It carries over from one run
// to the next (from one decision to the next), since what changes the
// state between runs either touches what it wrote or forgets everything
// (forgetReads).
type triggerCache struct {
	known []bool
	last  []bool
}

// forget marks every trigger unknown: the state may have changed in ways
// the writes did not report (a scenario position, a bot's world).
func (c *triggerCache) forget() {
	clear(c.known)
}

// forgetReads forgets what the game knows of values computed from the
// state (the triggers' conditions, remembered calls): the state may have
// changed in ways the writes did not report. Whatever writes the state
// without touching must call it: a re-deal, a scenario's position (the
// phase hook).
func (g *Game) forgetReads() {
	g.trig.forget()
	g.memo.forget()
}

// touch records that the state name n changed.
func (g *Game) touch(n string) {
	g.touchReaders(g.prog.trigDeps.readers[n])
}

// touchPlayer records that the player field name changed (a variable or
// a zone of a player's): what reads it, and what reads the players whole.
func (g *Game) touchPlayer(name string) {
	g.touchReaders(g.prog.trigDeps.players)
	g.touchReaders(g.prog.trigDeps.fields[name])
}

// touchReaders marks what r's readers computed unknown.
func (g *Game) touchReaders(r *nameReaders) {
	if r == nil {
		return
	}
	if len(g.trig.known) > 0 {
		for _, i := range r.triggers {
			g.trig.known[i] = false
		}
	}
	g.memo.invalidate(r.calls)
}

// cachedTrigger evaluates trigger i's condition unless its last value
// still holds.
func (g *Game) cachedTrigger(i int, t *trigger) (bool, error) {
	if g.prog.trigDeps.always[i] {
		return g.triggerHolds(t)
	}
	if g.trig.known == nil {
		g.trig.known = make([]bool, len(g.prog.triggers))
		g.trig.last = make([]bool, len(g.prog.triggers))
	}
	if g.trig.known[i] {
		if g.trigCheck != nil {
			computed, err := g.triggerHolds(t)
			g.trigCheck(t, g.trig.last[i], computed, err)
		}
		return g.trig.last[i], nil
	}
	ok, err := g.triggerHolds(t)
	if err == nil {
		g.trig.known[i], g.trig.last[i] = true, ok
	}
	return ok, err
}
