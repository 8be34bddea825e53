package interpreter

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/expr-lang/expr/file"

	"agon/schema"
)

// RuntimeError is a problem met while running a game: it names the
// ruleset position of the effect (or expression) and the game step.
type RuntimeError struct {
	Pos   schema.Pos
	Where string // "phase bidding", "procedure rebid", …
	Step  int    // decisions taken before the error
	Msg   string
	Err   error // the underlying error, if any
}

// Unwrap returns the underlying error.
func (e *RuntimeError) Unwrap() error { return e.Err }

// Error formats the problem as "file:line:col: message (in …, step N)".
func (e *RuntimeError) Error() string {
	return fmt.Sprintf("%s: %s (in %s, after %d %s)", e.Pos, e.Msg, e.Where, e.Step, schema.Plural(e.Step, "decision", "decisions"))
}

// run executes effects until a decision is pending or the game is over.
func (g *Game) run() error {
	effects := 0
	g.work = 0 // a new stretch of play (Limits.MaxRunSteps)
	// What the game knows of its triggers and calls (triggerdeps.go,
	// callmemo.go) carries over from the last run: between runs the state
	// changes only by take (locals and the decision, which neither reads)
	// and by what forgets it (a re-deal, a scenario's position).
	g.running = true
	defer func() { g.running = false }()
	for g.st.pending == nil && !g.st.over {
		if g.look != nil && len(g.st.frames) <= g.look.depth {
			return nil // the looked-ahead option's effects are done
		}
		if done, err := g.atBarrier(); done || err != nil {
			return err
		}
		if len(g.st.frames) == 0 {
			return g.finish()
		}
		f := g.st.frames[len(g.st.frames)-1]
		if f.pc >= len(f.blk.effects) {
			if f.loop != nil && len(f.blk.effects) == 0 {
				// A round of a loop with an empty body counts as an effect,
				// so such a loop still meets the limit.
				effects++
				if effects > g.limits.MaxEffects {
					return g.runtimeError(f.loop, f.blk, g.tooManyEffects())
				}
			}
			if err := g.endOfBlock(f); err != nil {
				return g.runtimeError(f.loop, f.blk, err)
			}
			popped := len(g.st.frames) == 0 || g.st.frames[len(g.st.frames)-1] != f
			if f.blk == g.prog.setup && (len(g.st.frames) == 0 || g.st.frames[len(g.st.frames)-1] != f) {
				if err := g.recordAttributes(); err != nil {
					return err // setup ended: the seats' attributes are fixed
				}
			}
			if (f.trig || f.blk == g.prog.setup) && len(g.st.frames) > 0 && g.st.frames[len(g.st.frames)-1] != f {
				// A trigger's effects ended: its condition is checked again
				// at once, so one that stays true is caught by the guard.
				// Setup ended: triggers start, before the flow's first effect.
				if err := g.checkTriggers(); err != nil {
					return err
				}
			}
			if popped {
				g.recycle(f)
			}
			continue
		}
		e := f.blk.effects[f.pc]
		f.pc++
		effects++
		if effects > g.limits.MaxEffects {
			return g.runtimeError(e, f.blk, g.tooManyEffects())
		}
		if err := g.exec(e, f); err != nil {
			return g.runtimeError(e, f.blk, err)
		}
		if g.st.barrier != nil {
			continue // effects run by Exec: no triggers
		}
		if err := g.checkTriggers(); err != nil {
			return err
		}
	}
	return nil
}

// tooManyEffects is the error of a run past MaxEffects. It is reported at
// the effect that went past the limit, somewhere in the loop's body; it
// names the innermost loop running, the one to look at first.
func (g *Game) tooManyEffects() error {
	return fmt.Errorf("more than %d effects without a decision (limit MaxEffects): a loop that never exits?%s", g.limits.MaxEffects, g.innermostLoop(""))
}

// innermostLoop is " (the innermost loop running is the while at POS)",
// or "" when no loop is running; kind, when given, is the only kind of
// loop named (a game past MaxDecisions runs a while that never ends: the
// repeat of a round inside it is not to blame).
func (g *Game) innermostLoop(kind string) string {
	for i := len(g.st.frames) - 1; i >= 0; i-- {
		if l := g.st.frames[i].loop; l != nil && (kind == "" || l.kind == kind) {
			if kind != "" {
				return fmt.Sprintf(" (the innermost %s running is at %s)", kind, l.pos)
			}
			return fmt.Sprintf(" (the innermost loop running is the %s at %s)", l.kind, l.pos)
		}
	}
	return ""
}

// runtimeError wraps err with the effect's position, unless it already
// carries a more precise one.
func (g *Game) runtimeError(e *effect, b *block, err error) error {
	var re *RuntimeError
	if errors.As(err, &re) {
		return re
	}
	out := &RuntimeError{Where: b.where, Step: g.st.decisions, Msg: err.Error(), Err: err}
	if e != nil {
		out.Pos = e.pos
	}
	var ee *exprError
	if errors.As(err, &ee) {
		out.Pos, out.Msg = ee.pos, ee.msg
	}
	return out
}

// exprError is an expression that failed at run time, placed in the file.
type exprError struct {
	pos schema.Pos
	msg string
}

// Error implements error: the position and the message.
func (e *exprError) Error() string { return e.pos.String() + ": " + e.msg }

// endOfBlock continues a loop or pops the finished frame.
func (g *Game) endOfBlock(f *frame) error {
	if f.loop != nil {
		again, err := g.nextIteration(f)
		if err != nil || again {
			return err
		}
	}
	f.unbind(g.st)
	g.st.frames = g.st.frames[:len(g.st.frames)-1]
	return nil
}

// nextIteration starts the loop's next round in the same frame.
func (g *Game) nextIteration(f *frame) (bool, error) {
	switch f.loop.kind {
	case "for_each":
		f.idx++
		if f.idx >= len(f.items) {
			return false, nil
		}
		f.bind(g.st, f.loop.as, f.loop.asKey, f.items[f.idx])
	case "repeat":
		f.idx++
		if f.idx >= f.count {
			return false, nil
		}
		if f.loop.as != "" {
			f.bind(g.st, f.loop.as, f.loop.asKey, f.idx)
		}
	case "while":
		ok, err := g.evalBool(f.loop.a)
		if err != nil || !ok {
			return false, err
		}
	}
	f.pc = 0
	return true, nil
}

// exec runs one effect; f is the frame it belongs to.
func (g *Game) exec(e *effect, f *frame) error {
	switch e.kind {
	case "set", "add", "move":
		if g.scratch != nil && g.scratch.effectCheck != nil {
			return g.checkedWrite(e)
		}
		if e.kind == "move" {
			return g.execMove(e)
		}
		return g.execAssign(e)
	case "draw":
		return g.execDraw(e)
	case "shuffle":
		if e.target != nil {
			return g.shuffleList(e.target)
		}
		loc, owner, err := g.zoneAt(e.into)
		if err != nil {
			return err
		}
		return g.shuffleZone(loc, owner, e.into.zoneLabel(loc, owner))
	case "roll":
		return g.execRoll(e)
	case "if":
		ok, err := g.evalBool(e.a)
		if err != nil {
			return err
		}
		if ok {
			g.push(e.then)
		} else {
			g.push(e.els)
		}
	case "for_each", "while", "repeat":
		return g.execLoop(e)
	case "let":
		for _, b := range e.lets {
			v, err := g.eval(b.expr)
			if err != nil {
				return err
			}
			f.bind(g.st, b.name, b.key, v)
		}
	case "call":
		return g.execCall(e)
	case "phase":
		g.st.setRoot("phase", e.phaseName)
		g.touch("phase")
		if !g.noLog {
			g.logEvent(Event{Kind: EventLog, Text: "phase: " + e.phaseName})
		}
		g.push(e.proc.body)
		if g.phaseHook != nil {
			g.forgetReads() // the hook writes into the state directly
			return g.phaseHook(g, e.phaseName)
		}
	case "choose":
		return g.decide(e.choice)
	case "log":
		if g.noLog {
			break // nobody reads it (Config.NoLog)
		}
		text, err := g.render(e.text)
		if err != nil {
			return err
		}
		if g.st.logBytes += len(text); g.st.logBytes > g.limits.MaxLogBytes {
			return fmt.Errorf("the game's log is longer than %d bytes (limit MaxLogBytes): does a log run in a loop, or print a whole list?", g.limits.MaxLogBytes)
		}
		g.logEvent(Event{Kind: EventLog, Text: text})
	case "end_game":
		g.endedAt, g.endedIn = e, f.blk
		g.endGame()
	case "fail":
		text, err := g.render(e.text)
		if err != nil {
			return err
		}
		return fmt.Errorf("ruleset failure: %s", text)
	default:
		return fmt.Errorf("internal: unknown effect kind %q", e.kind)
	}
	return nil
}

func (g *Game) execLoop(e *effect) error {
	switch e.kind {
	case "for_each":
		items, err := g.evalList(e.a)
		if err != nil || len(items) == 0 {
			return err
		}
		f := g.push(e.body)
		f.loop, f.items = e, items
		f.bind(g.st, e.as, e.asKey, items[0])
	case "while":
		ok, err := g.evalBool(e.a)
		if err != nil || !ok {
			return err
		}
		g.push(e.body).loop = e
	case "repeat":
		n, err := g.evalInt(e.a)
		if err != nil || n <= 0 {
			return err
		}
		f := g.push(e.body)
		f.loop, f.count = e, n
		if e.as != "" {
			f.bind(g.st, e.as, e.asKey, 0)
		}
	}
	return nil
}

func (g *Game) execCall(e *effect) error {
	vals := make([]any, len(e.lets))
	for i, b := range e.lets {
		v, err := g.eval(b.expr)
		if err != nil {
			return err
		}
		vals[i] = v
	}
	f := g.push(e.proc.body)
	for i, b := range e.lets {
		f.bind(g.st, b.name, b.key, vals[i])
	}
	return nil
}

// execAssign runs set and add.
func (g *Game) execAssign(e *effect) error {
	t := e.target
	v, err := g.eval(e.a)
	if err != nil {
		return err
	}
	if e.kind == "add" {
		cur, err := g.readTarget(t)
		if err != nil {
			return err
		}
		n, ok := v.(int)
		c, cok := cur.(int)
		if !cok {
			return fmt.Errorf("add: %s is %s; add needs an int", strings.TrimSpace(t.src.Src), describe(cur))
		}
		if !ok {
			return fmt.Errorf("add: the amount is %s; add needs an int", describe(v))
		}
		if v, err = addInts(c, n); err != nil {
			return err
		}
	}
	return g.writeTarget(t, v)
}

// checkedWrite runs a set, add or move between the calls of the test
// hook effectCheck (gameScratch).
func (g *Game) checkedWrite(e *effect) error {
	check := g.scratch.effectCheck
	check(e, false)
	var err error
	if e.kind == "move" {
		err = g.execMove(e)
	} else {
		err = g.execAssign(e)
	}
	check(e, true)
	return err
}

// readTarget returns a target's current value.
func (g *Game) readTarget(t *target) (any, error) {
	if t.kind == targetIndex {
		coll, err := g.readTarget(t.base)
		if err != nil {
			return nil, err
		}
		return g.element(t, coll, nil, false)
	}
	if t.kind != targetField {
		return g.st.getRoot(t.name), nil
	}
	holder, err := g.targetHolder(t)
	if err != nil {
		return nil, err
	}
	if t.onCard {
		if v, isCard := g.columnField(holder, t.name); isCard {
			return v, nil // a prop's column (cardprops.go)
		}
	}
	return holder[t.name], nil
}

// writeTarget stores v (converted to the target's type) in the target.
func (g *Game) writeTarget(t *target, v any) error {
	if t.typ != "" {
		var err error
		if v, err = coerce(t.typ, v); err != nil {
			return fmt.Errorf("%s: %v", t.src.Src, err)
		}
	}
	if t.kind == targetIndex {
		coll, err := g.readTarget(t.base)
		if err != nil {
			return err
		}
		// Lists and maps are values: the element is set in a copy, so a
		// local that holds the old collection keeps it (and a clone, which
		// copies them, behaves the same) — unless nothing else can hold
		// it (collwrites.go).
		m, isMap := coll.(map[string]int)
		inPlace := isMap && g.prog.colls.inPlace(t.base)
		if inPlace && m != nil && g.st.ownsIntMap(m) {
			if _, err = g.element(t, m, v, true); err != nil {
				return err
			}
			g.touchTarget(t.base)
			return nil
		}
		coll = (&cloner{}).value(coll)
		if _, err = g.element(t, coll, v, true); err != nil {
			return err
		}
		if err = g.writeTarget(t.base, coll); err != nil {
			return err
		}
		if inPlace {
			g.st.madeIntMap(coll.(map[string]int)) // the copy: the state's alone
		}
		return nil
	}
	holder, err := g.targetHolder(t)
	if err != nil {
		return err
	}
	switch {
	case t.onCard:
		if !g.setProp(holder, t.name, v) { // a column (cardprops.go)
			g.ownCard(holder)[t.name] = v // not a prop: a copy of the map (cow.go)
		}
	case t.kind != targetField:
		g.st.setRoot(t.name, v) // a variable or a local: the root's
	default:
		if i, ok := holder["id"].(int); ok && i >= 0 && i < g.st.playerCount {
			g.setPlayerField(i, t.name, v) // the game's own map and the slot (playerslots.go)
		} else {
			holder[t.name] = v
		}
	}
	g.touchTarget(t)
	return nil
}

// touchTarget touches what a write of t changes (triggerdeps.go).
func (g *Game) touchTarget(t *target) {
	switch {
	case t.kind != targetField:
		g.touch(t.name)
	case t.onCard:
		g.touch(cardsToken)
	default:
		g.touchPlayer(t.name)
	}
}

// element reads (or, when set, writes v to) the element of coll that t's
// key names. Collections are updated in place.
func (g *Game) element(t *target, coll any, v any, set bool) (any, error) {
	key, err := g.eval(t.key)
	if err != nil {
		return nil, err
	}
	switch c := coll.(type) {
	case map[string]int:
		k, _ := key.(string)
		if set {
			c[k] = v.(int)
		}
		if n, ok := c[k]; ok || t.missing == nil {
			return n, nil
		}
		return *t.missing, nil
	case []int:
		i, ok := key.(int)
		if !ok || i < 0 || i >= len(c) {
			return nil, fmt.Errorf("%s: index %v out of range (length %d)", t.src.Src, key, len(c))
		}
		if set {
			c[i] = v.(int)
		}
		return c[i], nil
	case []string:
		i, ok := key.(int)
		if !ok || i < 0 || i >= len(c) {
			return nil, fmt.Errorf("%s: index %v out of range (length %d)", t.src.Src, key, len(c))
		}
		if set {
			c[i] = v.(string)
		}
		return c[i], nil
	}
	return nil, fmt.Errorf("%s: cannot index %s", t.src.Src, describe(coll))
}

// targetHolder is the map a target's name lives in.
func (g *Game) targetHolder(t *target) (map[string]any, error) {
	if t.kind != targetField {
		return g.st.root, nil
	}
	v, err := g.eval(t.obj)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	_, isCard := m["table"]
	if !ok || isCard != t.onCard {
		want := "a player"
		if t.onCard {
			want = "a card"
		}
		return nil, fmt.Errorf("%s: expected %s, got %s", t.src.Src, want, describe(v))
	}
	return m, nil
}

func (g *Game) execMove(e *effect) error {
	v, err := g.eval(e.a)
	if err != nil {
		return err
	}
	var cards []any
	switch x := v.(type) {
	case map[string]any:
		cards = []any{x}
	case []any:
		cards = append(cards, x...) // a copy: the list may be the source zone
	default:
		return fmt.Errorf("move: expected a card or a list of cards, got %s", describe(v))
	}
	into, owner, err := g.zoneAt(e.into)
	if err != nil {
		return err
	}
	if e.atTop {
		for i, j := 0, len(cards)-1; i < j; i, j = i+1, j-1 {
			cards[i], cards[j] = cards[j], cards[i] // keep their order on top
		}
	}
	return g.moveCards(cards, into, owner, e.atTop)
}

func (g *Game) execDraw(e *effect) error {
	n, err := g.evalInt(e.a)
	if err != nil {
		return err
	}
	fromLoc, from, err := g.zoneAt(e.from)
	if err != nil {
		return err
	}
	intoLoc, into, err := g.zoneAt(e.into)
	if err != nil {
		return err
	}
	if list := g.zoneList(fromLoc, from); n > 1 && len(list) >= n && (fromLoc != intoLoc || from != into) &&
		g.drawAtOnce(list, n, fromLoc, from, intoLoc, into, e.atTop) {
		return nil
	}
	refilled := false
	for i := 0; i < n; i++ {
		list := g.zoneList(fromLoc, from)
		if len(list) == 0 {
			if list, err = g.refill(e.from, from); err != nil {
				return err
			}
			if refilled && len(list) > 0 {
				return fmt.Errorf("draw: %s was refilled twice in one draw of %d cards: the cards drawn go back to its refill_from zone, so the draw would never end", fromLoc, n)
			}
			refilled = true
			if len(list) == 0 {
				return nil
			}
		}
		c := list[0].(map[string]any)
		g.setZone(fromLoc, from, list[1:]) // lists are never written in place (cow.go): the rest is shared
		g.noteTake(c, intoLoc, into)
		g.putCard(c, intoLoc, into, e.atTop)
	}
	return nil
}

// refill shuffles a zone's refill_from zone into it.
func (g *Game) refill(z *zoneRef, owner int) ([]any, error) {
	src := g.prog.rs.Zones[z.name].RefillFrom
	if src == "" || len(g.zoneList(src, -1)) == 0 {
		return nil, nil
	}
	if g.look != nil {
		return nil, errLookaheadStop // the refill is shuffled: chance
	}
	list := g.zoneList(src, -1)
	moved := make([]any, len(list))
	for i, x := range list {
		c := x.(map[string]any)
		g.setCardLoc(c, z.name, owner)
		moved[i] = c
	}
	g.touch(cardsToken)
	g.setZone(z.name, owner, moved)
	g.setZone(src, -1, []any{})
	if err := g.shuffleZone(z.name, owner, z.label(owner)); err != nil {
		return nil, err
	}
	return g.zoneList(z.name, owner), nil
}

func (g *Game) execRoll(e *effect) error {
	faces, err := g.evalList(e.a)
	if err != nil {
		return err
	}
	if len(faces) == 0 {
		return fmt.Errorf("roll: no faces")
	}
	name := "roll " + e.target.src.Src
	res, err := g.chance(name, func() []string {
		return []string{formatValue(faces[g.st.rng.intN(len(faces))])}
	}, func(r []string) error {
		if len(r) != 1 {
			return fmt.Errorf("lists %d faces, a roll has one", len(r))
		}
		for _, f := range faces {
			if formatValue(f) == r[0] {
				return nil
			}
		}
		return fmt.Errorf("%s is not one of the faces %s", strconv.Quote(r[0]), clip(showValue(faces)))
	})
	if err != nil {
		return err
	}
	return g.writeTarget(e.target, rolledFace(faces, res[0]))
}

// checkTriggers fires the first trigger whose condition holds, unless a
// trigger is already running or setup is still running (triggers start
// when setup is over: before, the pieces they look at may not be placed
// yet). A trigger's firings are counted until its condition is seen false;
// too many in a row is a ruleset error.
func (g *Game) checkTriggers() error {
	if len(g.prog.triggers) == 0 || g.st.pending != nil || g.st.over || len(g.st.frames) == 0 {
		return nil // nothing to trigger, or the flow has ended
	}
	for _, f := range g.st.frames {
		if f.trig || f.blk == g.prog.setup {
			return nil
		}
	}
	for i, t := range g.prog.triggers {
		ok, err := g.cachedTrigger(i, t)
		if err != nil {
			return g.runtimeError(nil, t.body, err)
		}
		if !ok {
			g.st.fires[i] = 0
			continue
		}
		g.st.fires[i]++
		if g.st.fires[i] > g.limits.MaxTriggerRepeats {
			return &RuntimeError{Pos: g.prog.rs.Triggers[i].Pos, Where: "trigger " + t.name, Step: g.st.decisions,
				Msg: fmt.Sprintf("trigger fired more than %d times in a row with its condition still true (limit MaxTriggerRepeats): its do must make its when false", g.limits.MaxTriggerRepeats)}
		}
		g.push(t.body).trig = true
		if g.onTrigger != nil {
			g.onTrigger(TriggerFiring{Name: t.name, Pos: g.prog.rs.Triggers[i].Pos.String(), Decisions: g.st.decisions, Event: g.st.events.len()})
		}
		return nil
	}
	return nil
}

// triggerHolds reports whether t is active (its active holds, or it has
// none) and its when holds; when is not evaluated while t is inactive.
func (g *Game) triggerHolds(t *trigger) (bool, error) {
	if on, err := g.evalBoolOr(t.active, true); err != nil || !on {
		return false, err
	}
	return g.evalBool(t.when)
}

// eval runs a compiled expression in the game's environment.
func (g *Game) eval(c *compiled) (any, error) {
	if c == nil {
		return nil, fmt.Errorf("expression did not compile")
	}
	if c.fast != nil && g.callDepth == 0 {
		g.budget = evalBudget{} // a top-level evaluation's fresh budget, as prepareVM gives
		g.fast.top = true
		v, ok := g.runFast(c)
		g.fast.top = false
		if g.fastCount != nil {
			g.fastCount(c, ok)
		}
		if ok {
			if g.fastCheck != nil {
				g.fastCheck(c, v)
			}
			return v, g.chargeWork(c)
		}
	} else if g.fastCount != nil && g.callDepth == 0 {
		g.fastCount(c, false)
	}
	v, err := g.runProgram(c)
	if err == nil && g.callDepth == 0 {
		err = g.chargeWork(c)
	}
	return v, err
}

// vmEnv is the root map as the VM reads it: with this game under gameKey,
// for the engine's functions the VM calls. A clone shares its original's
// map, which names the original, until it writes: a clone that runs the
// VM makes the map its own first.
func (g *Game) vmEnv() map[string]any {
	if ref, ok := g.st.root[gameKey].(gameRef); !ok || ref.g != g {
		g.st.writableRoot()
		g.st.root[gameKey] = gameRef{g}
	}
	return g.st.root
}

func (g *Game) runProgram(c *compiled) (any, error) {
	prog, err := c.run.program()
	if err != nil {
		return nil, g.exprFailure(c, err)
	}
	g.st.syncLocals() // the VM reads the map
	out, err := g.prepareVM().Run(prog, g.vmEnv())
	if err != nil {
		return nil, g.exprFailure(c, err)
	}
	return out, nil
}

// exprFailure places a run-time expression error in the ruleset file.
func (g *Game) exprFailure(c *compiled, err error) error {
	var ee *exprError
	if errors.As(err, &ee) {
		return ee
	}
	var fe *file.Error
	if errors.As(err, &fe) {
		msg := fe.Message
		if msg == "memory budget exceeded" {
			msg = memoryExceeded(g.limits.MaxExprMemory).Error()
		}
		if fe.Prev != nil {
			var inner *exprError
			if errors.As(fe.Prev, &inner) {
				return inner
			}
		}
		return &exprError{pos: c.src.At(fe.Line, fe.Column), msg: rulesetWords(msg)}
	}
	return &exprError{pos: c.src.Pos, msg: rulesetWords(err.Error())}
}

func (g *Game) evalBool(c *compiled) (bool, error) {
	v, err := g.eval(c)
	if err != nil {
		return false, err
	}
	b, ok := v.(bool)
	if !ok {
		return false, &exprError{pos: c.src.Pos, msg: "expected bool, got " + describe(v)}
	}
	return b, nil
}

// evalBoolOr is evalBool with a default for an absent expression.
func (g *Game) evalBoolOr(c *compiled, def bool) (bool, error) {
	if c == nil {
		return def, nil
	}
	return g.evalBool(c)
}

func (g *Game) evalInt(c *compiled) (int, error) {
	v, err := g.eval(c)
	if err != nil {
		return 0, err
	}
	n, err := coerce("int", v)
	if err != nil {
		return 0, &exprError{pos: c.src.Pos, msg: err.Error()}
	}
	return n.(int), nil
}

func (g *Game) evalList(c *compiled) ([]any, error) {
	v, err := g.eval(c)
	if err != nil || v == nil {
		return nil, err
	}
	items, err := g.itemsOf(v)
	if err != nil {
		return nil, &exprError{pos: c.src.Pos, msg: err.Error()}
	}
	return items, nil
}

// logEvent appends to the game's log, if it keeps one.
func (g *Game) logEvent(e Event) {
	if g.noLog {
		return
	}
	e.Step = g.st.decisions
	g.st.events.add(e)
}
