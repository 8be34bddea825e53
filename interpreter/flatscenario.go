package interpreter

import (
	"errors"
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"
)

// Scenarios on the flat state (scenario_start.go): a game started at a
// position written as data, after the setup, at the first decision or
// when a phase first begins, whose chance steps fix only the outcomes
// they list, and whose run steps run ruleset effects given after load.
// The position is read and checked by the present runtime's positioner
// (scenario_position.go), with its messages, and written through
// flatPosition into the flat state; then everything the flat game knows
// of the state without reading it is forgotten (the triggers' conditions,
// the remembered calls), as the present runtime forgets its own. A run
// step's effects compile after load, under the program's lock, as a
// check does (flatcheck.go): what they need that the program's games do
// not have (a local no rule binds, a string no rule names, a text the
// flat closures do not cover) makes them not covered (ErrFlatEffects),
// and the scenario is for the present runtime.

// ErrFlatEffects is the error of a run step's effects, or of a position,
// that the flat runtime does not cover yet.
var ErrFlatEffects = errors.New("not covered by the flat runtime")

// flatBarrier marks where a run step's effects end (barrier): run stops
// when the frames are back to depth, and the decision that was pending
// (pending, with its pick under way) is asked again.
type flatBarrier struct {
	depth   int
	pending *flatStep
	pick    *flatPickProgress
	who     int64
}

// flatAdhoc is what the compile of a run step's effects would otherwise
// write into the program, which its running games read: the scratch
// frame it needs and why its texts cannot be logged.
type flatAdhoc struct {
	frame flatExpr
	noLog string
}

// StartAt starts a game at a scenario's position (its steps are not
// taken), as StartAt does on the present runtime, keeping a log: after
// the setup, at the first decision (asked again in the position) or when
// a phase first begins. initial are chance outcomes for the setup and
// the flow up to the first decision; a chance step fixes only the
// outcomes it lists (one of another name stays queued).
func (p *FlatProgram) StartAt(sc ScenarioStart, initial []Outcome) (*FlatGame, error) {
	start, err := p.startState(sc.Players, true)
	if err != nil {
		return nil, err
	}
	g := p.fp.newGame(newRNG(sc.Seed))
	g.env.fs, g.log, g.outcomes, g.partial = start, &flatLog{}, slices.Clone(initial), true
	return &FlatGame{g: g}, sc.begin(g.startAtDecision, g.startAtPhase, g.startAfterSetup)
}

// startAtPhase runs the game with a hook that applies the position when
// the phase first begins.
func (g *flatGame) startAtPhase(sc ScenarioStart, phase string) error {
	p := g.fp.p
	if err := p.startPhase(sc, phase); err != nil {
		return err
	}
	want := g.fp.l.strs.ids[phase] // every phase is named at load
	g.startHook = func(g *flatGame, name int64) error {
		if name != want {
			return nil
		}
		g.startHook = nil
		return g.applyPosition(sc.File, sc.Position)
	}
	g.push(g.fp.flow)
	g.push(g.fp.setup)
	return g.run()
}

// startAfterSetup runs the setup, applies the position and runs the flow
// to its first decision.
func (g *flatGame) startAfterSetup(sc ScenarioStart) error {
	g.push(g.fp.flow)
	g.barrier = &flatBarrier{depth: len(g.frames)}
	g.push(g.fp.setup)
	if err := g.run(); err != nil {
		return err
	}
	if d := (&FlatGame{g: g}).Pending(); d != nil {
		return fmt.Errorf("%s: the setup asks %s (%q): write start: %s", sc.File, PlayerName(d.Player), d.Prompt, StartDecision)
	}
	if err := g.applyPosition(sc.File, sc.Position); err != nil {
		return err
	}
	return g.run()
}

// startAtDecision runs the setup and the flow to the first decision,
// applies the position and asks that decision again in it.
func (g *flatGame) startAtDecision(sc ScenarioStart) error {
	g.push(g.fp.flow)
	g.push(g.fp.setup)
	if err := g.run(); err != nil {
		return err
	}
	pd := g.pending
	if pd == nil {
		return fmt.Errorf("%s: the game ended before its first decision", sc.File)
	}
	if err := g.applyPosition(sc.File, sc.Position); err != nil {
		return err
	}
	g.pending, g.pick = nil, nil
	if err := g.decide(pd); err != nil {
		return &RuntimeError{Pos: pd.pos, Where: "choose (asked again at the scenario's position)", Msg: err.Error(), Err: err}
	}
	if g.pending == nil {
		return g.run()
	}
	return nil
}

// applyPosition writes the position (a mapping node of file, nil for
// none) into the flat state, and forgets what the game knows of the
// state without reading it: every group counts as written (the
// remembered calls are stale) and every trigger's condition is
// evaluated again.
func (g *flatGame) applyPosition(file string, pos *yaml.Node) error {
	defer g.forgetReads()
	if pos == nil {
		return nil
	}
	if g.log != nil {
		g.positionEvents = len(g.log.events)
	}
	return writePosition(g.fp.p, flatPosition{g}, file, pos)
}

// PositionEvents is the number of events logged before a scenario's
// position was applied (0 outside a scenario), as Game.PositionEvents.
func (g *FlatGame) PositionEvents() int { return g.g.positionEvents }

// forgetReads makes every group written and every trigger's condition
// unknown.
func (g *flatGame) forgetReads() {
	for w := range g.env.versions {
		g.env.versions[w]++
	}
	clear(g.trigKnown)
}

// flatPosition writes a position into a flat game's state.
type flatPosition struct{ g *flatGame }

func (p flatPosition) players() int { return p.g.env.fs.players }

// zone is the number of zone name of owner (-1: none).
func (p flatPosition) zone(name string, owner int) int {
	l := p.g.fp.l
	if owner >= 0 {
		if j := slices.Index(l.pzones, name); j >= 0 {
			return l.pzone(owner, j)
		}
		return -1
	}
	return slices.IndexFunc(l.zones, func(z flatZone) bool { return z.name == name })
}

func (p flatPosition) zoneCards(name string, owner int) []int {
	z := p.zone(name, owner)
	if z < 0 {
		return nil
	}
	list := p.g.env.fs.zones[z]
	out := make([]int, len(list))
	for i, c := range list {
		out[i] = int(c)
	}
	return out
}

func (p flatPosition) cardZone(c int) string {
	l, z := p.g.fp.l, int(p.g.env.fs.loc[c])
	switch base := len(l.zones); {
	case z < 0:
		return ""
	case z < base && l.zones[z].family != "":
		return l.zones[z].family
	case z < base:
		return l.zones[z].name
	default:
		return l.pzones[(z-base)%len(l.pzones)]
	}
}

func (p flatPosition) move(c int, name string, owner int) error {
	fs, z := p.g.env.fs, p.zone(name, owner)
	if z < 0 || !fs.takeCard(int32(c)) {
		return fmt.Errorf("internal: card %v not found in its zone %s", p.g.fp.p.cards[c].id, p.cardZone(c))
	}
	put(fs, z, int32(c), false)
	return nil
}

func (p flatPosition) rotate(name string, owner, n int) {
	fs, z := p.g.env.fs, p.zone(name, owner)
	list := fs.zones[z]
	fs.zones[z] = append(slices.Clone(list[n:]), list[:n]...)
	fs.own(z)
}

func (p flatPosition) setVar(owner int, name, typ string, v any) {
	l, fs := p.g.fp.l, p.g.env.fs
	cell := -1
	if owner < 0 {
		cell = slices.IndexFunc(l.vars, func(d declared) bool { return d.name == name })
	} else if j := slices.IndexFunc(l.pvars, func(d declared) bool { return d.name == name }); j >= 0 {
		cell = l.pvarCell(owner, j)
	}
	if cell >= 0 {
		_ = l.packCell(fs, &fs.cells[cell], typ, v) // v is of type typ (coerce)
	}
}

func (p flatPosition) setProp(c int, name, typ string, v any) {
	l, fs := p.g.fp.l, p.g.env.fs
	j := slices.Index(l.props, name)
	if j < 0 {
		return
	}
	page := fs.writablePage(c / propPage)
	_ = l.packCell(fs, &page[c%propPage*len(l.props)+j], typ, v) // v is of type typ (coerce)
}

func (p flatPosition) setAttr(int, string, any) error {
	return fmt.Errorf("an attribute: %w (a card's attributes are the program's columns there, never written)", ErrFlatEffects)
}

// atBarrier reports (and clears) a run step's effects that have
// finished, asking again the decision that was pending, so that its
// options fit the position the effects left (Game.atBarrier).
func (g *flatGame) atBarrier() (bool, error) {
	b := g.barrier
	g.barrier = nil
	if b.pending == nil {
		return true, nil
	}
	var err error
	if b.pick != nil && len(b.pick.picked) > 0 {
		g.pending, g.who, g.pick = b.pending, b.who, b.pick
		err = g.pickStep()
	} else {
		err = g.decide(b.pending)
	}
	if err != nil {
		g.pending, g.who, g.pick = b.pending, b.who, b.pick // the game stays where it was
		return true, &RuntimeError{Pos: b.pending.pos, Where: "choose (asked again after the run: effects)", Step: g.decisions, Msg: err.Error(), Err: err}
	}
	return g.pending != nil, nil // an automatic choice with one option was taken: the game goes on
}

// ExecNode runs a scenario's run step: effects parsed from file, now,
// before whatever the game was doing, as Game.ExecNode does. If they ask
// for decisions, those become pending; when they are done, the game asks
// again the decision it was waiting for. Effects the flat runtime does
// not cover are an error wrapping ErrFlatEffects, before anything runs.
func (g *FlatGame) ExecNode(file string, effects *yaml.Node) error {
	fg := g.g
	if fg.barrier != nil {
		return fmt.Errorf("exec: the previous Exec still waits for a decision")
	}
	b, err := fg.fp.p.compileAdhocEffects(file, effects)
	if err != nil {
		return err
	}
	fb, frame, err := fg.fp.adhocBlock(b)
	if err != nil {
		return err
	}
	fg.env.grow(frame)
	fg.barrier = &flatBarrier{depth: len(fg.frames), pending: fg.pending, pick: fg.pick, who: fg.who}
	fg.pending, fg.pick = nil, nil
	fg.push(fb)
	return fg.run()
}

// ExecWaiting reports whether a run step's effects have not finished:
// they asked a decision that is still pending.
func (g *FlatGame) ExecWaiting() bool { return g.g.barrier != nil }

// BeforeStartPhase reports whether a game StartAt started at a phase
// still waits for that phase to begin (its position is not applied yet).
func (g *FlatGame) BeforeStartPhase() bool { return g.g.startHook != nil }

// KeepStartHook gives g, a Clone of a game StartAt started (Clone leaves
// it out), the start-phase hook that from has now.
func (g *FlatGame) KeepStartHook(from *FlatGame) { g.g.startHook = from.g.startHook }

// adhocBlock compiles a run step's effects (compiled by the present
// runtime's compiler after load) to flat steps, under the program's
// lock, writing nothing its running games read; the frame is the scratch
// the steps need. An error wrapping ErrFlatEffects says what is not
// covered.
func (fp *flatProgram) adhocBlock(b *block) (*flatBlock, *flatExpr, error) {
	c := &fp.checks
	c.mu.Lock()
	defer c.mu.Unlock()
	ad := &flatAdhoc{}
	fp.adhoc, fp.fc.unbound = ad, ""
	errs := len(fp.errs)
	fb, err := fp.block(b)
	fp.adhoc = nil
	why := ""
	switch {
	case err != nil:
		why = err.Error()
	case len(fp.errs) > errs:
		why = fp.errs[errs].Error()
	case fp.fc.unbound != "":
		why = fmt.Sprintf("the local %s, which no rule binds", fp.fc.unbound)
	case fp.l.strs.missed != "":
		why = fmt.Sprintf("the string %q, which no rule names", fp.l.strs.missed)
	case ad.noLog != "":
		why = "its text: " + ad.noLog
	}
	fp.errs = fp.errs[:errs]
	fp.l.strs.missed, fp.fc.unbound = "", ""
	if why != "" {
		return nil, nil, fmt.Errorf("the effects: %w: %s", ErrFlatEffects, why)
	}
	return fb, &ad.frame, nil
}

// grow makes the env's scratch large enough for fe's frame (a clone keeps
// the scratch it shares; this env's own is made anew).
func (e *flatEnv) grow(fe *flatExpr) {
	if fe.slots > len(e.slots) || fe.lists > len(e.lists) || fe.nums > len(e.nums) {
		e.slots = make([]int64, max(fe.slots, len(e.slots)))
		e.lists = make([][]int32, max(fe.lists, len(e.lists)))
		e.nums = make([][]int64, max(fe.nums, len(e.nums)))
	}
}
