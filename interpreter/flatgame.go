package interpreter

import (
	"errors"
	"fmt"
	"slices"
)

// A game run on the flat state: the fifth piece of the rebuild (doc.go,
// "The typed flat state"). flatProgram compiles a Program's setup, flow,
// procedures, phases, triggers and scoring, with the typed closures, the
// flat writes and the flat option lists, to steps over the flat layout;
// flatGame runs them as the present run loop does (exec.go): frames with
// a program counter, loops, locals saved and restored by the frame that
// bound them, the first trigger whose condition holds after each effect,
// decisions with their legal options' keys, the same random stream for
// shuffles and draws, and the score and tie-breaks at the end. It keeps
// no log and renders no text: it is what a bot's playout needs.
// TestFlatGamesAgree plays random games on both and requires the same
// decider and option keys at every decision and the same result; what a
// ruleset uses that it does not cover yet makes flatProgram refuse it,
// with the reason.

// flatProgram is a Program compiled to run on the flat state.
type flatProgram struct {
	p        *Program
	l        *flatLayout
	fc       *flatCompiler
	blocks   map[*block]*flatBlock
	setup    *flatBlock
	flow     *flatBlock
	triggers []flatTrigger
	score    flatScalar
	ties     []flatScalar
	// heuristic is bots.heuristic (else the score) for the look-ahead of
	// bots (flatlook.go); nil when not covered, noHeuristic says why.
	heuristic   flatScalar
	noHeuristic string
	cardTable   []int32 // each card's table number (RedealUnseen)
	// noLog says why a game of the program cannot keep a log (a text the
	// flat closures do not cover); "" when it can (flatlog.go).
	noLog string
	// checks are the transcripts' checks compiled so far (flatcheck.go).
	checks flatChecks
	// adhoc is set while a scenario's run step compiles after load: what
	// the compile would write into the program goes there
	// (flatscenario.go).
	adhoc *flatAdhoc
	me    int // the local number of "me" (scoring)
	// views are the ruleset's views, then its per-place views
	// (flatview.go); place is the local number of a per-place view's
	// node.
	views []flatView
	place int
	// details are the scoring's details (ResultDetails).
	details []flatView
	report  flatReport
	// order are the blocks in the order compiled, and saveIndex their
	// numbering and their steps', for saved games (flatsave.go).
	order     []*flatBlock
	saveIndex flatIndex
	// frame is the largest expression frame: the scratch slots a game
	// keeps for its evaluations.
	frame flatExpr
	// errs are the effects not covered, in the order met.
	errs []error
	// localTriggers: a trigger's condition reads a local (volatile), so
	// it may change with no step writing.
	localTriggers bool
}

// flatUncovered lists the effects a flat program does not cover.
type flatUncovered struct{ errs []error }

// Error names the first, and how many more.
func (u *flatUncovered) Error() string {
	if len(u.errs) == 1 {
		return u.errs[0].Error()
	}
	return fmt.Sprintf("%v (and %d more)", u.errs[0], len(u.errs)-1)
}

// flatBlock is a compiled list of effects.
type flatBlock struct {
	steps []*flatStep
	src   *block
}

// flatTrigger is a compiled trigger.
type flatTrigger struct {
	active, when flatScalar // active nil: always
	body         *flatBlock
	// reads are the groups its condition reads; volatile, that it reads
	// a local (flatdeps.go).
	reads    flatGroups
	volatile bool
}

// newFlatProgram compiles p over a new layout;
// an error names the first part it does not cover.
func newFlatProgram(p *Program) (*flatProgram, error) {
	l := newFlatLayout(p)
	fc := newFlatCompiler(p, l)
	fc.progLocals, fc.localKinds = map[string]int{}, map[string]flatKind{}
	fp := &flatProgram{p: p, l: l, fc: fc, blocks: map[*block]*flatBlock{}}
	fp.me = fc.localNumber("me")
	var err error
	if fp.setup, err = fp.block(p.setup); err != nil {
		return nil, err
	}
	if fp.flow, err = fp.block(p.flow); err != nil {
		return nil, err
	}
	for _, pr := range p.procs {
		if _, err = fp.block(pr.body); err != nil {
			return nil, err
		}
	}
	for _, t := range p.triggers {
		ft := flatTrigger{}
		fc.reads, fc.volatile = &ft.reads, false
		if t.active != nil {
			if ft.active, err = fp.boolean(t.active); err != nil {
				return nil, err
			}
		}
		if ft.when, err = fp.boolean(t.when); err != nil {
			return nil, err
		}
		ft.volatile, fc.reads = fc.volatile, nil
		fp.localTriggers = fp.localTriggers || ft.volatile
		if ft.body, err = fp.block(t.body); err != nil {
			return nil, err
		}
		fp.triggers = append(fp.triggers, ft)
	}
	if fp.score, err = fp.integer(p.score); err != nil {
		return nil, fmt.Errorf("scoring: %w", err)
	}
	for _, tb := range p.tiebreaks {
		f, err := fp.integer(tb)
		if err != nil {
			return nil, fmt.Errorf("tie-break: %w", err)
		}
		fp.ties = append(fp.ties, f)
	}
	fp.compileReport()
	fp.compileHeuristic()
	fp.compileViews()
	fp.cardTable = cardTables(p)
	if len(fp.errs) > 0 {
		return fp, &flatUncovered{errs: fp.errs}
	}
	return fp, nil
}

// expr compiles one expression of the program: its frame's slots are the
// game's scratch slots, sized for the largest.
func (fp *flatProgram) expr(c *compiled) (flatValue, error) {
	fe, why := fp.fc.compile(c)
	if fe == nil {
		return flatValue{}, fmt.Errorf("%s: %s", c.src.Pos, why)
	}
	fp.grow(fe)
	return fe.value, nil
}

// grow makes the scratch frame large enough for fe's.
func (fp *flatProgram) grow(fe *flatExpr) {
	dst := &fp.frame
	if fp.adhoc != nil {
		dst = &fp.adhoc.frame // the program's games read fp.frame
	}
	dst.slots = max(dst.slots, fe.slots)
	dst.lists = max(dst.lists, fe.lists)
	dst.nums = max(dst.nums, fe.nums)
}

// boolean and integer compile an expression of that kind.
func (fp *flatProgram) boolean(c *compiled) (flatScalar, error) {
	return fp.scalarOf(c, fkBool)
}

func (fp *flatProgram) integer(c *compiled) (flatScalar, error) {
	return fp.scalarOf(c, fkInt)
}

func (fp *flatProgram) scalarOf(c *compiled, k flatKind) (flatScalar, error) {
	v, err := fp.expr(c)
	if err != nil {
		return nil, err
	}
	if v.kind != k {
		return nil, fmt.Errorf("%s: a %s where a %s is wanted", c.src.Pos, v.kind, k)
	}
	return v.scalar, nil
}

// block compiles b once (blocks are shared: a procedure called from many
// places).
func (fp *flatProgram) block(b *block) (*flatBlock, error) {
	if b == nil {
		fb := &flatBlock{} // each its own: setup and flow are told apart by theirs
		if fp.adhoc == nil {
			fp.order = append(fp.order, fb)
		}
		return fb, nil
	}
	if fb, ok := fp.blocks[b]; ok {
		return fb, nil
	}
	fb := &flatBlock{src: b}
	fp.blocks[b] = fb // before its steps: a procedure may call itself
	if fp.adhoc == nil {
		fp.order = append(fp.order, fb) // a saved game names it by its index
	}
	for _, e := range b.effects {
		s, err := fp.step(e)
		if err != nil {
			fp.errs = append(fp.errs, err) // the first is reported; the rest tell what else is missing
			s = &flatStep{op: opFail, pos: e.pos}
		}
		fb.steps = append(fb.steps, s)
	}
	return fb, nil
}

// flatGame is a game running on the flat state.
type flatGame struct {
	fp     *flatProgram
	env    flatEnv
	rng    rng
	frames []*flatFrame
	// shared is how many of the bottom frames this game shares with a
	// clone or the game it was cloned from (flatclone.go): never
	// written, they are copied as they become the top frame (pop).
	shared int
	fires  []int
	// pending is the decision waited for (nil: none): its choice, decider
	// and options.
	pending   *flatStep
	pick      *flatPickProgress // a pick under way (pending is its choose)
	who       int64
	options   []flatOption
	over      bool
	decisions int
	// spare are popped frames, for the next pushes; args is a call's
	// arguments, and keyBuf the keys keys gives, reused.
	spare  []*flatFrame
	args   []flatVal
	keyBuf []string
	// elemBuf is offeredTwice's, reused.
	elemBuf []int64
	// trigKnown says which triggers' conditions are known without
	// evaluating them again (no step wrote what they read since), and
	// trigOn what they were.
	trigKnown, trigOn []bool
	scores            [][]int64 // each player's score, then tie-breaks
	// attributes and counters are the report's, read as setup ends and
	// as the game ends (flatfacts.go); written once, shared by clones.
	attributes [][]NamedText
	counters   [][]NamedCount
	// log is the game's log, nil when it keeps none (flatlog.go), and
	// outcomes the chance outcomes supplied and not used yet
	// (flatchance.go).
	log      *flatLog
	outcomes []Outcome
	// A scenario's game (flatscenario.go): partial, its chance steps fix
	// only the outcomes they list (one of another name stays queued);
	// barrier, set while a run step's effects run (no trigger is checked
	// after their steps); startHook, set until the phase its position is
	// applied at begins.
	partial bool
	barrier *flatBarrier
	// positionEvents are the events logged before the position was
	// applied (PositionEvents).
	positionEvents int
	startHook      func(g *flatGame, phase int64) error
	// onTrigger, when set, is told each trigger that fires
	// (FlatGame.TraceTriggers); clones do not have it.
	onTrigger func(TriggerFiring)
	// look is set on the copy a legal_if_after look-ahead plays an
	// option on (flatlegal.go).
	look *flatLookahead
	// cloned: a clone was made of the game, which shares its scratch
	// slots, tables and frames (flatclone.go), so Release keeps them.
	cloned bool
}

// flatFrame is a running block: where it is, its loop and the locals it
// bound (restored when it ends).
type flatFrame struct {
	blk   *flatBlock
	pc    int
	loop  *flatStep
	cards []int32 // for_each over cards: the list
	nums  []int64 // for_each over numbers: the list
	idx   int
	count int
	trig  bool
	saved []flatSaved
	lists []flatSavedList
	first [4]flatSaved // saved's first entries: most frames bind few locals
}

// flatSaved is the number a local held before a frame bound it, and
// whether the frame bound a list to it (its list is saved in lists).
type flatSaved struct {
	n    int32
	list bool
	s    int64
}

// flatSavedList is the list a local held before a frame bound a list.
type flatSavedList struct {
	n     int
	cards []int32
	nums  []int64
}

// start begins a game of fp from state fs (its own: a game writes it)
// with random stream r, and runs its setup to the first decision.
func (fp *flatProgram) start(fs *flatState, r rng) (*flatGame, error) {
	return fp.startWith(fs, r, nil, nil)
}

// startWith is start for a game that keeps log (nil: none) and takes its
// chance outcomes from outcomes while any are left.
func (fp *flatProgram) startWith(fs *flatState, r rng, log *flatLog, outcomes []Outcome) (*flatGame, error) {
	return fp.startGame(fp.newGame(r), fs, log, outcomes)
}

// startGame is startWith for a game newGame (or reuse) made.
func (fp *flatProgram) startGame(g *flatGame, fs *flatState, log *flatLog, outcomes []Outcome) (*flatGame, error) {
	g.env.fs, g.log, g.outcomes = fs, log, slices.Clone(outcomes)
	g.push(fp.flow)
	g.push(fp.setup)
	return g, g.run()
}

// newGame is a game of fp, before its state is given (env.fs) and its
// setup runs.
func (fp *flatProgram) newGame(r rng) *flatGame {
	n := len(fp.fc.progLocals)
	g := &flatGame{fp: fp, rng: r, fires: make([]int, len(fp.triggers)),
		trigKnown: make([]bool, len(fp.triggers)), trigOn: make([]bool, len(fp.triggers))}
	g.env = flatEnv{slots: make([]int64, fp.frame.slots), lists: make([][]int32, fp.frame.lists), nums: make([][]int64, fp.frame.nums),
		locals: make([]int64, n), localLists: make([][]int32, n), localNums: make([][]int64, n),
		versions: make([]uint64, fp.l.placesGroup()+1), memos: make([][]flatMemoEntry, fp.p.memoCount),
		takes: fp.newTakes(), game: g}
	g.env.limit()
	return g
}

// push starts running a block, in a frame a popped one left if there is
// one.
func (g *flatGame) push(b *flatBlock) *flatFrame {
	var f *flatFrame
	if n := len(g.spare); n > 0 {
		f, g.spare = g.spare[n-1], g.spare[:n-1]
		f.blk, f.pc, f.loop, f.idx, f.count, f.trig = b, 0, nil, 0, 0, false // saved and lists were emptied by pop
	} else {
		f = &flatFrame{blk: b}
		f.saved = f.first[:0]
	}
	g.frames = append(g.frames, f)
	return f
}

// pop ends the top frame: its locals are restored and it is kept for
// the next push.
func (g *flatGame) pop() {
	f := g.frames[len(g.frames)-1]
	g.unbind(f)
	g.frames = g.frames[:len(g.frames)-1]
	f.cards, f.nums = nil, nil
	g.spare = append(g.spare, f)
	if n := len(g.frames); n > 0 && n <= g.shared {
		g.frames[n-1], g.shared = g.ownFrame(g.frames[n-1]), n-1
	}
}

// ownFrame is a copy of frame f, which a clone shares, for this game to
// run and write: in a spare frame if there is one.
func (g *flatGame) ownFrame(f *flatFrame) *flatFrame {
	var nf *flatFrame
	if n := len(g.spare); n > 0 {
		nf, g.spare = g.spare[n-1], g.spare[:n-1]
	} else {
		nf = &flatFrame{}
	}
	// Empty (pop), arrays of nf's own: saved's unless it is nf.first,
	// which the assignment below clears.
	saved, lists := nf.saved[:0], nf.lists[:0]
	if cap(saved) <= len(nf.first) {
		saved = nil
	}
	*nf = flatFrame{blk: f.blk, pc: f.pc, loop: f.loop, cards: f.cards, nums: f.nums, idx: f.idx, count: f.count, trig: f.trig}
	if saved == nil {
		saved = nf.first[:0]
	}
	nf.saved, nf.lists = append(saved, f.saved...), append(lists, f.lists...)
	return nf
}

// bind sets local n in frame f to v, saving what it held the first time
// f binds it. A number is saved and set alone; a list with the number.
func (g *flatGame) bind(f *flatFrame, n int, v flatVal) {
	e := &g.env
	// isList: the bind writes the list tables (it binds a list, or the
	// local holds one now), so they are saved too.
	isList := v.cards != nil || v.nums != nil || e.localLists[n] != nil || e.localNums[n] != nil
	saved := false
	for i := range f.saved {
		if int(f.saved[i].n) == n {
			saved = true
			if isList && !f.saved[i].list {
				f.saved[i].list = true // it held no list of this frame's before
				f.lists = append(f.lists, flatSavedList{n: n, cards: e.localLists[n], nums: e.localNums[n]})
			}
			break
		}
	}
	if !saved {
		f.saved = append(f.saved, flatSaved{n: int32(n), s: e.locals[n], list: isList})
		if isList {
			f.lists = append(f.lists, flatSavedList{n: n, cards: e.localLists[n], nums: e.localNums[n]})
		}
	}
	e.locals[n] = v.s
	if isList {
		e.setListLocal(n, v.cards, v.nums)
		e.fs.disown(v.cards) // the local holds the list
	}
}

// unbind restores the locals f bound.
func (g *flatGame) unbind(f *flatFrame) {
	g.restore(f)
	f.saved, f.lists = f.saved[:0], f.lists[:0]
}

// restore puts back what frame f's locals held before f bound them,
// without writing f (a frame a clone shares).
func (g *flatGame) restore(f *flatFrame) {
	e := &g.env
	for i := len(f.lists) - 1; i >= 0; i-- {
		s := f.lists[i]
		e.setListLocal(s.n, s.cards, s.nums)
	}
	for i := len(f.saved) - 1; i >= 0; i-- {
		e.locals[f.saved[i].n] = f.saved[i].s
	}
}

// flatVal is a value of any kind: a number, or a list.
type flatVal struct {
	s     int64
	cards []int32
	nums  []int64
}

// eval computes v ([] of no known kind: empty).
func (g *flatGame) eval(v flatValue) (flatVal, bool) { return evalValue(&g.env, v) }

// errGaveUp is a closure that could not compute its value: what the
// present runtime would do there (an error, mostly) the flat game does
// not know.
var errGaveUp = fmt.Errorf("a typed closure gave up")

// run executes steps until a decision is pending or the game is over:
// at most Limits.MaxEffects of them (a loop that never ends is an error
// naming where it stopped, as the present runtime's is).
func (g *flatGame) run() error {
	effects, limit := 0, flatLimits().MaxEffects
	g.env.steps, g.env.mem = 0, 0 // a new stretch of play: its own budget
	for g.pending == nil && !g.over {
		if g.look != nil && len(g.frames) <= g.look.depth {
			return nil // the looked-ahead option's effects are done
		}
		if g.barrier != nil && len(g.frames) <= g.barrier.depth {
			if done, err := g.atBarrier(); done || err != nil {
				return err
			}
		}
		if len(g.frames) == 0 {
			return g.finish()
		}
		f := g.frames[len(g.frames)-1]
		if f.pc >= len(f.blk.steps) {
			if f.loop != nil && len(f.blk.steps) == 0 {
				// A round of a loop with an empty body counts as an
				// effect, as on the present runtime (Game.run).
				if effects++; effects > limit {
					return g.runError(f.loop, f, g.tooManyEffects(limit))
				}
			}
			again, err := g.nextRound(f)
			if err != nil {
				return g.runError(f.loop, f, err)
			}
			if again {
				continue
			}
			trig, setup := f.trig, f.blk == g.fp.setup
			g.pop()
			if setup && !g.recordAttributes() {
				return errGaveUp
			}
			if trig || setup {
				if err := g.checkTriggers(); err != nil {
					return err
				}
			}
			continue
		}
		s := f.blk.steps[f.pc]
		f.pc++
		if effects++; effects > limit {
			return g.runError(s, f, g.tooManyEffects(limit))
		}
		if err := g.exec(s, f); err != nil {
			return g.runError(s, f, err)
		}
		for _, w := range s.writes {
			g.wrote(w)
		}
		if g.barrier != nil {
			continue // a run step's effects: no triggers (Game.run)
		}
		if len(s.writes) == 0 && !g.fp.localTriggers {
			// Nothing a condition reads changed: every trigger is as
			// the last check left it, which fired none (a trigger that
			// held pushed its body, whose frame holds checks off until
			// it ends, and its end checks again).
			continue
		}
		if err := g.checkTriggers(); err != nil {
			return err
		}
	}
	return nil
}

// wrote counts a write of group w: the calls remembered over it are
// stale, and so are the known conditions of the triggers that read it.
func (g *flatGame) wrote(w int) {
	g.env.versions[w]++
	for i := range g.fp.triggers {
		if g.trigKnown[i] && g.fp.triggers[i].reads.has(w) {
			g.trigKnown[i] = false
		}
	}
}

// tooManyEffects is the error of a run past the effects limit, with the
// innermost loop running, as the present runtime words it
// (Game.tooManyEffects).
func (g *flatGame) tooManyEffects(limit int) error {
	return fmt.Errorf("more than %d effects without a decision (limit MaxEffects): a loop that never exits?%s", limit, g.innermostLoop(0))
}

// innermostLoop is " (the innermost loop running is the KIND at POS)",
// or "" when no loop is running; op, when not 0, is the only kind of loop
// named: " (the innermost KIND running is at POS)" (Game.innermostLoop).
func (g *flatGame) innermostLoop(op flatOp) string {
	for i := len(g.frames) - 1; i >= 0; i-- {
		if l := g.frames[i].loop; l != nil && (op == 0 || l.op == op) {
			if op != 0 {
				return fmt.Sprintf(" (the innermost %s running is at %s)", flatOpNames[op], l.pos)
			}
			return fmt.Sprintf(" (the innermost loop running is the %s at %s)", flatOpNames[l.op], l.pos)
		}
	}
	return ""
}

// flatOpNames are the loops' effect kinds, for messages.
var flatOpNames = map[flatOp]string{opForEach: "for_each", opWhile: "while", opRepeat: "repeat"}

// runError is err, met running step s of frame f, as the present runtime
// reports it (Game.runtimeError): a *RuntimeError at the step, naming
// the block the step belongs to ("flow", "procedure take") and the
// decisions taken, so that a failing transcript or scenario reads the
// same on both runtimes. A RuntimeError already, or a closure that gave
// up (the game is to be played on the present runtime), stays as it is,
// the latter placed at the step.
func (g *flatGame) runError(s *flatStep, f *flatFrame, err error) error {
	var re *RuntimeError
	switch {
	case errors.As(err, &re):
		return err
	case errors.Is(err, errGaveUp):
		return fmt.Errorf("%s: %w", s.pos, err)
	}
	out := &RuntimeError{Pos: s.pos, Step: g.decisions, Msg: err.Error(), Err: err}
	if f.blk.src != nil {
		out.Where = f.blk.src.where
	}
	return out
}

// flatLimits are the present runtime's default limits, which a flat game
// keeps.
func flatLimits() Limits { return Limits{}.withDefaults() }

// nextRound starts a loop's next round in the same frame, if it has one.
func (g *flatGame) nextRound(f *flatFrame) (bool, error) {
	if f.loop == nil {
		return false, nil
	}
	switch f.loop.op {
	case opForEach:
		f.idx++
		if f.idx >= len(f.cards)+len(f.nums) {
			return false, nil
		}
		g.bind(f, f.loop.as, f.item())
	case opRepeat:
		f.idx++
		if f.idx >= f.count {
			return false, nil
		}
		if f.loop.as >= 0 {
			g.bind(f, f.loop.as, flatVal{s: int64(f.idx)})
		}
	case opWhile:
		t, ok := f.loop.cond(&g.env)
		if !ok {
			return false, errGaveUp
		}
		if t == 0 {
			return false, nil
		}
	}
	f.pc = 0
	return true, nil
}

// item is the element of a for_each frame's round.
func (f *flatFrame) item() flatVal {
	if f.cards != nil {
		return flatVal{s: int64(f.cards[f.idx])}
	}
	return flatVal{s: f.nums[f.idx]}
}

// checkTriggers fires the first trigger whose condition holds, unless a
// trigger or setup is running (Game.checkTriggers).
func (g *flatGame) checkTriggers() error {
	if len(g.fp.triggers) == 0 || g.pending != nil || g.over || len(g.frames) == 0 {
		return nil
	}
	for _, f := range g.frames {
		if f.trig || f.blk == g.fp.setup {
			return nil
		}
	}
	for i := range g.fp.triggers {
		t := &g.fp.triggers[i]
		on, err := g.triggerOn(i, t)
		if err != nil {
			return err
		}
		if !on {
			g.fires[i] = 0
			continue
		}
		g.fires[i]++
		if limit := flatLimits().MaxTriggerRepeats; g.fires[i] > limit {
			p := g.fp.p
			return &RuntimeError{Pos: p.rs.Triggers[i].Pos, Where: "trigger " + p.triggers[i].name, Step: g.decisions,
				Msg: fmt.Sprintf("trigger fired more than %d times in a row with its condition still true (limit MaxTriggerRepeats): its do must make its when false", limit)}
		}
		g.push(t.body).trig = true
		if g.onTrigger != nil {
			g.traceTrigger(i)
		}
		return nil
	}
	return nil
}

// triggerOn is whether trigger i's condition holds: what it was, if no
// step wrote what it reads since, else evaluated.
func (g *flatGame) triggerOn(i int, t *flatTrigger) (bool, error) {
	if g.trigKnown[i] && !t.volatile {
		return g.trigOn[i], nil
	}
	on, ok := int64(1), true
	if t.active != nil {
		on, ok = t.active(&g.env)
	}
	if ok && on == 1 {
		on, ok = t.when(&g.env)
	}
	if !ok {
		return false, errGaveUp
	}
	g.trigKnown[i], g.trigOn[i] = true, on == 1
	return on == 1, nil
}

// finish scores the game: each player's score and tie-breaks, "me"
// bound to the seat.
func (g *flatGame) finish() error {
	e := &g.env
	for seat := range e.fs.players {
		e.locals[g.fp.me] = int64(seat)
		s, ok := g.fp.score(e)
		row := []int64{s}
		for _, tb := range g.fp.ties {
			v, ok2 := tb(e)
			ok = ok && ok2
			row = append(row, v)
		}
		if !ok {
			return errGaveUp
		}
		g.scores = append(g.scores, row)
	}
	if !g.recordCounters() {
		return errGaveUp
	}
	g.over = true
	return nil
}

// endGame stops the flow: every frame ends, its locals restored.
func (g *flatGame) endGame() {
	for i := len(g.frames) - 1; i >= 0; i-- {
		g.restore(g.frames[i]) // not unbind: the frames may be shared, and are dropped
	}
	g.frames, g.shared = nil, 0
	g.barrier = nil // a run step's effects that end the game do not resume it
}
