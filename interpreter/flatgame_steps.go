package interpreter

import (
	"fmt"
	"slices"
	"strings"

	"agon/schema"
)

// The steps of a flat game (flatgame.go): each effect kind compiled over
// the flat layout, and run.

// flatOp is a step's kind as a number, which exec switches on.
type flatOp uint8

const (
	opOther flatOp = iota // log, and what does nothing in a flat game
	opWrite               // set, add, move
	opIf
	opForEach
	opWhile
	opRepeat
	opLet
	opCall
	opPhase
	opChoose
	opEndGame
	opFail
	opDraw
	opShuffle
	opRoll
	opLog // a log effect, in a game that keeps a log (flatlog.go)
)

// flatOps numbers the effect kinds.
var flatOps = map[string]flatOp{"set": opWrite, "add": opWrite, "move": opWrite, "if": opIf, "for_each": opForEach,
	"while": opWhile, "repeat": opRepeat, "let": opLet, "call": opCall, "phase": opPhase, "choose": opChoose,
	"end_game": opEndGame, "fail": opFail, "draw": opDraw, "shuffle": opShuffle, "roll": opRoll}

// flatStep is one compiled effect; which fields are set depends on kind.
type flatStep struct {
	op    flatOp
	pos   schema.Pos
	write *flatWrite // set, add, move
	list  flatValue  // for_each
	cond  flatScalar // if, while
	count flatScalar // repeat, draw
	then  *flatBlock
	els   *flatBlock
	body  *flatBlock // loops, call, phase
	as    int        // the local a loop binds (-1: none)
	lets  []flatLet  // let, and a call's arguments
	phase int64      // phase: the name's string number
	// choose: the choice, each group's body and the local its as binds.
	choice   *flatChoice
	bodies   []*flatBlock
	asLocals []int
	// draw and shuffle: the zones, and the zone a draw's source is
	// refilled from (-1: none).
	from, into func(e *flatEnv) (int, bool)
	refill     int
	atTop      bool
	// pick is a choose's pick (choice has its who only); posText is a
	// choose's position as Decision.Pos gives it.
	pick    *flatPick
	posText string
	// ch is a choose's choice as loaded, which explaining the decision
	// reads (flatexplain.go).
	ch *choice
	// What the step logs in a game that keeps a log (flatlog.go): a
	// choose's labels by group (nil: the key) and whether it is secret,
	// a log effect's text, a chance's name (a roll, a list's shuffle).
	labels  []*flatTemplate
	prompt  *flatTemplate // a choose's prompt (nil: none)
	secret  bool
	text    *flatTemplate
	chance  string
	chanceK flatKind // a shuffled list's kind
	// writes are the groups the step writes (flatdeps.go).
	writes []int
	// cell is the list variable a shuffle of a list shuffles, and
	// localList the local list one shuffles: its number + 1 (0: none).
	cell      cellRef
	localList int
}

// flatLet is a local and the value it is bound to.
type flatLet struct {
	n int
	v flatValue
}

// step compiles effect e.
func (fp *flatProgram) step(e *effect) (*flatStep, error) {
	s := &flatStep{op: flatOps[e.kind], pos: e.pos, as: -1, atTop: e.atTop, refill: -1, writes: fp.writes(e).list()}
	fc := fp.fc
	var err error
	switch e.kind {
	case "set", "add", "move":
		w, why := fc.compileWrite(e)
		if w == nil {
			return nil, fmt.Errorf("%s: %s", e.pos, why)
		}
		fp.grow(w.frame)
		s.write = w
	case "if":
		if s.cond, err = fp.boolean(e.a); err != nil {
			return nil, err
		}
		if s.then, err = fp.block(e.then); err != nil {
			return nil, err
		}
		s.els, err = fp.block(e.els)
	case "for_each":
		if s.list, err = fp.expr(e.a); err != nil {
			return nil, err
		}
		if k := s.list.kind; k != fkCards && k != fkInts && k != fkStrings && k != fkSeats && k != fkEmpty {
			return nil, fmt.Errorf("%s: for_each over a %s", e.pos, k)
		}
		s.as = fc.localNumber(e.as)
		fp.binds(e.as, elemOf(s.list.kind))
		s.body, err = fp.block(e.body)
	case "while":
		if s.cond, err = fp.boolean(e.a); err != nil {
			return nil, err
		}
		s.body, err = fp.block(e.body)
	case "repeat":
		if s.count, err = fp.integer(e.a); err != nil {
			return nil, err
		}
		if e.as != "" {
			s.as = fc.localNumber(e.as)
		}
		s.body, err = fp.block(e.body)
	case "let", "call":
		for _, b := range e.lets {
			v, err := fp.expr(b.expr)
			if err != nil {
				return nil, err
			}
			s.lets = append(s.lets, flatLet{n: fc.localNumber(b.name), v: v})
			fp.binds(b.name, v.kind)
		}
		if e.kind == "call" {
			s.body, err = fp.block(e.proc.body)
		}
	case "phase":
		s.phase = fc.str(e.phaseName)
		s.body, err = fp.block(e.proc.body)
	case "choose":
		s.posText, s.ch = e.choice.posText, e.choice
		if e.choice.pick != nil {
			err = fp.compilePick(s, e.choice)
		} else {
			err = fp.choose(s, e.choice)
		}
	case "draw", "shuffle":
		if e.kind == "shuffle" && e.target != nil {
			err = fp.listShuffle(s, e)
		} else {
			err = fp.zoneStep(s, e)
		}
	case "roll":
		err = fp.roll(s, e)
	case "log", "end_game", "fail":
	default:
		return nil, fmt.Errorf("%s: the effect %s", e.pos, e.kind)
	}
	if err == nil {
		fp.logStep(s, e)
	}
	return s, err
}

// binds notes that a binder gives local name values of kind k (for the
// reads the checker types any). A name bound with two kinds is any.
func (fp *flatProgram) binds(name string, k flatKind) {
	if prev, ok := fp.fc.localKinds[name]; ok && prev != k {
		k = fkNone
	}
	fp.fc.localKinds[name] = k
}

// choose compiles a choose: its lister and its groups' bodies.
func (fp *flatProgram) choose(s *flatStep, ch *choice) error {
	c, why := fp.fc.compileChoice(ch)
	if c == nil {
		return fmt.Errorf("%s: %s", ch.pos, why)
	}
	fp.grow(c.frame)
	s.choice = c
	for _, g := range ch.groups {
		b, err := fp.block(g.body)
		if err != nil {
			return err
		}
		s.bodies = append(s.bodies, b)
		as := -1
		if g.each != nil {
			as = fp.fc.localNumber(g.as)
			fp.binds(g.as, c.groups[len(s.bodies)-1].as.kind)
		}
		s.asLocals = append(s.asLocals, as)
		grp := &c.groups[len(s.bodies)-1]
		grp.body, grp.asLocal = b, as
	}
	return nil
}

// listShuffle compiles the shuffle of a list variable (ints or strings).
func (fp *flatProgram) listShuffle(s *flatStep, e *effect) error {
	fc := fp.fc
	fc.begin()
	t := e.target
	if t.kind == targetLocal {
		name := strings.TrimPrefix(t.name, localKey(""))
		k, ok := fc.localKinds[name]
		if !ok || k != fkInts && k != fkStrings && k != fkCards {
			return fmt.Errorf("%s: the shuffle of a local bound to a %s", e.pos, k)
		}
		s.localList, s.chanceK = fc.localNumber(name)+1, k
		return nil
	}
	if t.kind == targetIndex {
		return fmt.Errorf("%s: the shuffle of an element", e.pos)
	}
	ref, kind := fc.cellOf(t)
	if fc.miss == "" && kind != fkInts && kind != fkStrings {
		fc.fail("the shuffle of a %s", kind)
	}
	if fc.miss != "" {
		return fmt.Errorf("%s: %s", e.pos, fc.miss)
	}
	fp.grow(fc.out)
	s.cell, s.chanceK = ref, kind
	return nil
}

// roll compiles roll: a face drawn from the list with the game's random
// stream, put in a frame slot (as) that the write to the target reads.
func (fp *flatProgram) roll(s *flatStep, e *effect) error {
	fc := fp.fc
	fc.begin()
	s.list = fc.sub(e.a)
	if fc.miss == "" && s.list.kind != fkInts && s.list.kind != fkStrings {
		fc.fail("a roll of a %s", s.list.kind)
	}
	if fc.miss != "" {
		return fmt.Errorf("%s: %s", e.pos, fc.miss)
	}
	face := fc.bind("$face", elemKind(s.list.kind))
	s.as = face.slot
	s.write = &flatWrite{apply: fc.assignValue(&effect{kind: "set", target: e.target, pos: e.pos}, face.read())}
	if fc.miss != "" {
		return fmt.Errorf("%s: %s", e.pos, fc.miss)
	}
	fp.grow(fc.out)
	return nil
}

// zoneStep compiles draw and the shuffle of a zone.
func (fp *flatProgram) zoneStep(s *flatStep, e *effect) error {
	fc := fp.fc
	fc.begin()
	if e.kind == "draw" {
		n := fc.sub(e.a)
		if fc.miss == "" && n.kind != fkInt {
			fc.fail("draw of a %s", n.kind)
		}
		s.count = n.scalar
		s.from = fc.zoneOf(e.from)
		if src := fp.p.rs.Zones[e.from.name].RefillFrom; src != "" {
			for i, z := range fp.l.zones {
				if z.name == src && z.family == "" {
					s.refill = i
				}
			}
		}
	}
	s.into = fc.zoneOf(e.into)
	if fc.miss != "" {
		return fmt.Errorf("%s: %s", e.pos, fc.miss)
	}
	fp.grow(fc.out)
	return nil
}

// exec runs step s of frame f.
func (g *flatGame) exec(s *flatStep, f *flatFrame) error {
	e := &g.env
	switch s.op {
	case opWrite:
		if !s.write.apply(e) {
			return errGaveUp
		}
	case opIf:
		t, ok := s.cond(e)
		if !ok {
			return errGaveUp
		}
		if t == 1 {
			g.push(s.then)
		} else {
			g.push(s.els)
		}
	case opForEach:
		v, ok := evalAt(e, &s.list)
		if !ok {
			return errGaveUp
		}
		if len(v.cards)+len(v.nums) == 0 {
			return nil
		}
		nf := g.push(s.body)
		nf.loop, nf.cards, nf.nums = s, v.cards, v.nums
		e.fs.disown(v.cards) // the loop holds the list
		g.bind(nf, s.as, nf.item())
	case opWhile:
		t, ok := s.cond(e)
		if !ok {
			return errGaveUp
		}
		if t == 1 {
			g.push(s.body).loop = s
		}
	case opRepeat:
		n, ok := s.count(e)
		if !ok {
			return errGaveUp
		}
		if n > 0 {
			nf := g.push(s.body)
			nf.loop, nf.count = s, int(n)
			if s.as >= 0 {
				g.bind(nf, s.as, flatVal{})
			}
		}
	case opLet:
		for i := range s.lets {
			l := &s.lets[i] // not copied: a flatLet is 16 words
			v, ok := evalAt(e, &l.v)
			if !ok {
				return errGaveUp
			}
			g.bind(f, l.n, v)
		}
	case opCall:
		vals := g.args[:0]
		for i := range s.lets {
			v, ok := evalAt(e, &s.lets[i].v)
			if !ok {
				return errGaveUp
			}
			vals = append(vals, v)
		}
		g.args = vals
		nf := g.push(s.body)
		for i := range s.lets {
			g.bind(nf, s.lets[i].n, vals[i])
		}
	case opPhase:
		e.fs.cells[0] = s.phase
		if g.log != nil {
			g.logEvent(Event{Kind: EventLog, Text: "phase: " + g.fp.l.str(e.fs, s.phase)})
		}
		g.push(s.body)
		if g.startHook != nil {
			return g.startHook(g, s.phase)
		}
	case opLog:
		if g.log != nil {
			return g.logText(s)
		}
	case opChoose:
		return g.decide(s)
	case opEndGame:
		g.endGame()
	case opFail:
		if s.text != nil {
			if b, ok := s.text.render(e, nil); ok {
				return fmt.Errorf("ruleset failure: %s", b)
			}
		}
		return fmt.Errorf("ruleset failure")
	case opDraw:
		return g.draw(s)
	case opShuffle:
		if s.cell != nil {
			return g.shuffleList(s)
		}
		if s.localList > 0 {
			return g.shuffleLocal(s)
		}
		z, ok := s.into(e)
		if !ok {
			return errGaveUp
		}
		return g.shuffle(z, true)
	case opRoll:
		faces, ok := g.eval(s.list)
		if !ok {
			return errGaveUp
		}
		if len(faces.nums) == 0 {
			return fmt.Errorf("roll: no faces")
		}
		face, err := g.roll(s, faces.nums)
		if err != nil {
			return err
		}
		e.slots[s.as] = face
		if !s.write.apply(e) {
			return errGaveUp
		}
	}
	return nil
}

// shuffleList shuffles a list variable with the game's random stream, as
// shuffleList does: a new payload.
func (g *flatGame) shuffleList(s *flatStep) error {
	cell, ok := s.cell(&g.env)
	if !ok {
		return errGaveUp
	}
	fs := g.env.fs
	out, err := g.shuffled(s, append([]int64(nil), fs.lists[*cell]...))
	if err != nil {
		return err
	}
	fs.setPayload(cell, out)
	return nil
}

// shuffleLocal shuffles a local list as shuffleList shuffles a list
// variable (the same draws, the same outcome's name and form): the local
// is bound to the new list where it was bound.
func (g *flatGame) shuffleLocal(s *flatStep) error {
	e, n := &g.env, s.localList-1
	if s.chanceK == fkCards { // shuffled as numbers, written back as cards
		cards := e.localLists[n]
		xs := make([]int64, len(cards))
		for i, c := range cards {
			xs[i] = int64(c)
		}
		xs, err := g.shuffled(s, xs)
		if err != nil {
			return err
		}
		list := make([]int32, len(xs))
		for i, x := range xs {
			list[i] = int32(x)
		}
		e.setListLocal(n, list, nil)
		return nil
	}
	out, err := g.shuffled(s, append([]int64(nil), e.localNums[n]...))
	if err != nil {
		return err
	}
	e.setListLocal(n, nil, out)
	return nil
}

// shuffled is xs (the step's own copy) in the order the chance of step s
// gives (supplied, else drawn), logged.
func (g *flatGame) shuffled(s *flatStep, out []int64) ([]int64, error) {
	res, supplied, err := g.supplied(s.chance)
	switch {
	case err != nil:
		return nil, err
	case supplied:
		if out, err = g.rearranged(out, s.chanceK, res); err != nil {
			return nil, g.badOutcome(s.chance, err)
		}
	default:
		for i := len(out) - 1; i > 0; i-- {
			j := g.rng.intN(i + 1)
			out[i], out[j] = out[j], out[i]
		}
	}
	if g.log != nil {
		g.logChance(s, s.chanceK, out)
	}
	return out, nil
}

// decide lists a choose's options: the only one is taken at once when the
// choice is automatic; else the decision waits.
func (g *flatGame) decide(s *flatStep) error {
	if g.look != nil {
		return errLookaheadStop // a look-ahead ends at the next decision
	}
	if s.pick != nil {
		who, ok := s.choice.who(&g.env)
		if !ok {
			return errGaveUp
		}
		return g.startPick(s, who)
	}
	who, opts, ok := s.choice.list(&g.env, g.options[:0])
	if !ok {
		return errGaveUp
	}
	if len(opts) == 0 {
		return fmt.Errorf("no legal option for %s: add an option for this case", PlayerName(int(who)))
	}
	if g.offeredTwice(opts) {
		return offeredTwice(s.choice.key(&g.env, firstTwice(opts))) // as the present runtime names it (uniqueKeys)
	}
	g.pending, g.who, g.options = s, who, opts
	if s.choice.auto && len(opts) == 1 {
		return g.take(0, false)
	}
	return nil
}

// offeredTwice reports an option listed twice: a group's same element,
// whose key is the same (a for_each over [1, 1, 2]), which the present
// runtime refuses (uniqueKeys). A key is its group's key and its
// element's identity, one to one, and a group's options are listed
// together, so only the elements of one group's run are compared: a few
// pairwise, more sorted in a buffer the game keeps (every decision pays
// this: no map, no allocation).
func (g *flatGame) offeredTwice(opts []flatOption) bool {
	for i := 0; i < len(opts); {
		j := i + 1
		for j < len(opts) && opts[j].group == opts[i].group {
			j++
		}
		if run := opts[i:j]; len(run) <= 8 {
			for a := 1; a < len(run); a++ {
				for b := range a {
					if run[a].elem == run[b].elem {
						return true
					}
				}
			}
		} else {
			buf := g.elemBuf[:0]
			for _, o := range run {
				buf = append(buf, o.elem)
			}
			g.elemBuf = buf
			slices.Sort(buf)
			for k := 1; k < len(buf); k++ {
				if buf[k] == buf[k-1] {
					return true
				}
			}
		}
		i = j
	}
	return false
}

// firstTwice is the first option listed again after an equal one (the
// same group and element), which the present runtime names (uniqueKeys);
// offeredTwice said there is one.
func firstTwice(opts []flatOption) flatOption {
	for a := 1; a < len(opts); a++ {
		for b := range a {
			if opts[a].group == opts[b].group && opts[a].elem == opts[b].elem {
				return opts[a]
			}
		}
	}
	return opts[0]
}

// take applies option i of the pending decision: its body runs next.
func (g *flatGame) take(i int, counted bool) error {
	var ev *Event // the decision for the log, made before the option runs
	if counted && g.log != nil {
		var err error
		if ev, err = g.decisionEvent(i); err != nil {
			return err
		}
	}
	if counted {
		g.decisions++
	}
	if g.env.takes != nil {
		g.env.takes.decision = g.decisions
	}
	if ev != nil {
		g.logEvent(*ev)
	}
	if g.pick != nil {
		return g.takePick(i)
	}
	s, o := g.pending, g.options[i]
	g.pending = nil
	f := g.push(s.bodies[o.group])
	if n := s.asLocals[o.group]; n >= 0 {
		g.bind(f, n, flatVal{s: o.elem})
	}
	return nil
}

// Apply takes option i and runs to the next decision.
func (g *flatGame) Apply(i int) error {
	if g.pending == nil || i < 0 || i >= len(g.options) {
		return fmt.Errorf("no option %d", i)
	}
	if limit := flatLimits().MaxDecisions; g.decisions >= limit {
		return &RuntimeError{Pos: g.pending.pos, Where: "choose", Step: g.decisions, // as Game.Apply says it
			Msg: fmt.Sprintf("more than %d decisions (limit MaxDecisions): does the game end?%s", limit, g.innermostLoop(opWhile))}
	}
	g.env.steps, g.env.mem = 0, 0 // a pick's next step evaluates before run
	if err := g.take(i, true); err != nil {
		return err
	}
	return g.run()
}

// keys are the pending decision's option keys, in a slice the game
// reuses: valid until the next keys (Fill copies them).
func (g *flatGame) keys() []string {
	if g.pick != nil {
		return g.pickKeys()
	}
	out := g.keyBuf[:0]
	for _, o := range g.options {
		out = append(out, g.pending.choice.key(&g.env, o))
	}
	g.keyBuf = out
	return out
}

// draw moves n cards from the top of a zone, one at a time, refilling it
// once from its refill_from zone (shuffled) when it runs out.
func (g *flatGame) draw(s *flatStep) error {
	e := &g.env
	n, ok := s.count(e)
	from, ok2 := s.from(e)
	into, ok3 := s.into(e)
	if !ok || !ok2 || !ok3 {
		return errGaveUp
	}
	fs, refilled := e.fs, false
	for range n {
		if len(fs.zones[from]) == 0 {
			if s.refill < 0 || len(fs.zones[s.refill]) == 0 {
				return nil
			}
			if g.look != nil {
				return errLookaheadStop // the refill is shuffled: chance
			}
			if refilled {
				return fmt.Errorf("draw: %s was refilled twice in one draw of %d cards: the cards drawn go back to its refill_from zone, so the draw would never end", g.fp.l.zoneLoc(from), n)
			}
			refilled = true
			moved := fs.zones[s.refill]
			for _, c := range moved {
				fs.loc[c] = int32(from)
			}
			fs.zones[from], fs.zones[s.refill] = moved, nil
			if fs.owns(s.refill) {
				fs.owned[s.refill] = false // the array goes with the cards (shuffle makes a new one)
			}
			if err := g.shuffle(from, false); err != nil {
				return err
			}
		}
		c := fs.zones[from][0]
		if e.takes != nil {
			e.takes.note(fs, c, into)
		}
		fs.zones[from] = fs.zones[from][1:]
		put(fs, into, c, s.atTop)
	}
	return nil
}

// shuffle shuffles zone z with the game's random stream, as shuffleZone
// does.
func (g *flatGame) shuffle(z int, byLocation bool) error {
	fs := g.env.fs
	list := append([]int32(nil), fs.zones[z]...)
	named := g.log != nil || len(g.outcomes) > 0
	name := ""
	if named {
		name = "shuffle " + g.zoneLabel(z, byLocation)
	}
	res, supplied, err := g.supplied(name)
	switch {
	case err != nil:
		return err
	case supplied:
		if err := g.permuted(list, res); err != nil {
			return g.badOutcome(name, err)
		}
	default:
		for i := len(list) - 1; i > 0; i-- {
			j := g.rng.intN(i + 1)
			list[i], list[j] = list[j], list[i]
		}
	}
	fs.zones[z] = list
	fs.own(z)
	if g.log != nil {
		g.logShuffle(name, list)
	}
	return nil
}
