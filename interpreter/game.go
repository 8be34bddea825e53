package interpreter

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/expr-lang/expr/vm"

	"agon/schema"
)

// Game is one game in progress. It is not safe for concurrent use; Clone
// gives an independent copy for another goroutine.
type Game struct {
	prog      *Program
	st        *state
	limits    Limits
	vms       []*vm.VM // one per nested function call depth
	callDepth int
	budget    evalBudget // of the current top-level evaluation (budget.go)
	// work is the steps of the top-level evaluations since run began
	// (Limits.MaxRunSteps); checkWork those of every Eval, which counts
	// into work while it runs (evaluating is set then).
	work, checkWork int
	evaluating      bool
	// look is set on the copy a legal_if_after look-ahead runs on.
	look *lookahead
	// phaseHook, when set, is called as each phase begins (a scenario
	// applies its position there); clones do not have it.
	phaseHook func(g *Game, phase string) error
	// partialOutcomes is set for a scenario, whose chance steps fix only
	// some outcomes: a supplied outcome waits for the chance of its name,
	// and the seed decides the chances before it.
	partialOutcomes bool
	// positionEvents is the number of events logged before a scenario's
	// position was applied (PositionEvents).
	positionEvents int
	// trig remembers the triggers' last conditions (triggerdeps.go).
	trig triggerCache
	// counts, when set, counts the calls of ruleset functions
	// (Config.Counts, callcounts.go).
	counts *CallCounts
	// memo remembers calls of ruleset functions (callmemo.go), while
	// running is set (in run).
	memo    callMemo
	running bool
	// memoCheck, set by tests, is given every remembered value reused,
	// with the value computing the call again gives.
	memoCheck func(f *function, kept, computed any, ok bool)
	// trigCheck, set by tests, is given every trigger condition reused,
	// with what evaluating it again gives.
	trigCheck func(t *trigger, kept, computed bool, err error)
	// fastCheck, set by tests, is given every value a fast path computed
	// (fastpath.go), to compare with the VM's.
	fastCheck func(c *compiled, v any)
	// refCheck, set by tests, is given each reference replacement when
	// it is done (replaceRefs), to look for a local it missed.
	refCheck func(r *refReplacer)
	// fastCount, set by tests, is told of every top-level evaluation and
	// every function body the VM calls, and whether it ran as a closure.
	fastCount func(c *compiled, fast bool)
	// fast is the context fast paths run in (reused: no allocation).
	fast fastCtx
	// endedAt is the end_game that ended the game (nil while none did)
	// and endedIn the rules it ran in: EndedBy formats them, so that
	// the playouts of bots, which end many games, format nothing.
	endedAt *effect
	endedIn *block
	// spareFrames are frames popped by the run loop, for reuse (push);
	// not part of the state, so clones do not share them.
	spareFrames []*frame
	// boxes are the strings the game boxed lately (boxes.go).
	boxes stringBoxes
	// clonedBoxes keeps the table a clone's small one (cloneBoxSlots);
	// boxMisses counts the strings it missed since it last grew.
	clonedBoxes bool
	boxMisses   int
	// spareOptions is the option list of the last decision taken, which
	// the next listing writes its options into (choice.go).
	spareOptions []pendingOption
	// sparePending is the last decision taken, which the next one is made
	// in (choice.go).
	sparePending *pendingDecision
	// keysOnly defers decision text (Config.KeysOnly, lazytext.go);
	// noLog keeps no log (Config.NoLog).
	keysOnly, noLog bool
	// scratch is the game's reused buffers, made on first need (behind a
	// pointer: a clone's Game struct stays small).
	scratch *gameScratch
	// onTrigger, when set, is told each trigger that fires
	// (TraceTriggers); clones do not have it.
	onTrigger func(TriggerFiring)
}

// newVM makes an expression VM with the game's memory budget.
func (g *Game) newVM() *vm.VM { return &vm.VM{MemoryBudget: uint(g.limits.MaxExprMemory)} }

// NewGame starts a game: it builds the state, runs setup and the flow up
// to the first decision.
func NewGame(p *Program, cfg Config) (*Game, error) {
	g, err := newGame(p, cfg)
	if err != nil {
		return nil, err
	}
	g.push(p.flow)
	g.push(p.setup)
	if err := g.run(); err != nil {
		return g, err
	}
	return g, nil
}

// newGame builds a game's state (players, zones, cards, variables) without
// running anything.
func newGame(p *Program, cfg Config) (*Game, error) {
	if cfg.Players < p.MinPlayers() || cfg.Players > p.MaxPlayers() {
		if p.MinPlayers() == p.MaxPlayers() {
			return nil, fmt.Errorf("%s is for %d %s, not %d", p.Title(), p.MinPlayers(), schema.Plural(p.MinPlayers(), "player", "players"), cfg.Players)
		}
		return nil, fmt.Errorf("%s is for %d to %d players, not %d", p.Title(), p.MinPlayers(), p.MaxPlayers(), cfg.Players)
	}
	g := &Game{prog: p, limits: cfg.Limits.withDefaults(), keysOnly: cfg.KeysOnly, noLog: cfg.NoLog, counts: cfg.Counts}
	if cfg.Counts != nil {
		if err := cfg.Counts.countFor(p); err != nil {
			return nil, err
		}
	}
	events, rootKeys, boxSlots := p.sizes.hint(cfg.Players)
	if boxSlots > 0 {
		g.boxes = make(stringBoxes, boxSlots) // the size the last game's table grew to
	}
	var log eventLog // missing, for a game that keeps none (Config.NoLog)
	if !cfg.NoLog {
		log = newEventLog(events)
	}
	g.st = &state{
		root:        make(map[string]any, rootKeys),
		slots:       p.rootSlots,
		vals:        make([]any, len(p.rootSlots.of)),
		bound:       make([]bool, len(p.rootSlots.of)),
		valsOwn:     true,
		rootOwn:     true,
		events:      log,
		playerCount: cfg.Players,
		rng:         newRNG(cfg.Seed),
		outcomes:    append([]Outcome(nil), cfg.Outcomes...),
		fires:       make([]int, len(p.triggers)),
	}
	g.buildRoot()
	g.st.pfields = p.pfields
	g.st.syncPlayerVals() // the players' maps were built (playerslots.go)
	g.createCards()
	if err := g.initVars(); err != nil {
		return nil, err
	}
	g.st.syncVals(p.rootSlots) // the root was built as a map
	return g, nil
}

// buildRoot lays out the environment: constants, players, empty zones.
func (g *Game) buildRoot() {
	rs := g.prog.rs
	root := g.st.root
	for k, v := range g.prog.consts {
		root[k] = v
	}
	root["player_count"] = g.st.playerCount
	root["phase"] = ""
	players := make([]any, g.st.playerCount)
	for i := range players {
		players[i] = map[string]any{"id": i}
	}
	root["players"] = players
	for _, n := range rs.ZoneOrder {
		if rs.Zones[n].Owner == "player" {
			for _, p := range players {
				p.(map[string]any)[n] = []any{}
			}
		} else {
			root[n] = []any{}
		}
	}
	newFamilies(rs, root)
	root[gameKey] = gameRef{g}
}

// createCards makes every card instance in its table's starting zone.
func (g *Game) createCards() {
	// The game starts with the Program's own card maps and their index,
	// shared by every game of the Program and never written: a move and a
	// prop write write columns (cardloc.go, cardprops.go).
	g.st.cards = g.prog.cardMaps
	g.st.loc = slices.Clone(g.prog.initLoc)
	g.st.props = parts{list: g.prog.props.init} // the Program's, until a prop is set
	g.st.ownAll(g.prog)
	var starts startZones
	for i := range g.prog.cards {
		p := &g.prog.cards[i]
		g.st.owned[i] = false
		starts.add(p.fields, p.zone)
	}
	starts.place(g)
}

// startZones gathers the cards of each starting zone, so that each zone's
// list is set once (putCard copies the list: card by card, creating n
// cards would take n² time).
type startZones struct {
	order []string
	cards map[string][]any
}

func (s *startZones) add(c map[string]any, zone string) {
	if s.cards == nil {
		s.cards = map[string][]any{}
	}
	if _, seen := s.cards[zone]; !seen {
		s.order = append(s.order, zone)
	}
	s.cards[zone] = append(s.cards[zone], c)
}

// place puts the gathered cards at the bottom of their zones, in order
// (the cards already name their zone: cardProtos).
func (s *startZones) place(g *Game) {
	for _, name := range s.order {
		g.setZone(name, -1, append(copySlice(g.zoneList(name, -1)), s.cards[name]...))
	}
}

// initVars sets every variable to its init value (or zero value).
func (g *Game) initVars() error {
	for _, v := range g.prog.vars {
		if err := g.initVar(g.st.root, v); err != nil {
			return err
		}
	}
	for i, p := range g.st.root["players"].([]any) {
		saved := bindLocal(g.st, "me", i)
		for _, v := range g.prog.playerVars {
			if err := g.initVar(p.(map[string]any), v); err != nil {
				saved.restore(g.st)
				return err
			}
			g.st.setPlayerVal(i, v.name, p.(map[string]any)[v.name])
		}
		saved.restore(g.st)
	}
	return nil
}

func (g *Game) initVar(holder map[string]any, v varInit) error {
	if v.init == nil {
		holder[v.name] = zeroValue(v.typ)
		return nil
	}
	val, err := g.eval(v.init)
	if err == nil {
		val, err = coerce(v.typ, val)
	}
	if err != nil {
		return placedError(v.init.src.Pos, "init of "+v.name, 0, err)
	}
	holder[v.name] = val
	return nil
}

// Program is the ruleset the game runs.
func (g *Game) Program() *Program { return g.prog }

// Players is the number of players.
func (g *Game) Players() int { return g.st.playerCount }

// SupplyOutcomes queues chance outcomes to use instead of the random
// source, in order.
func (g *Game) SupplyOutcomes(o ...Outcome) { g.st.outcomes = append(g.st.outcomes, o...) }

// Pending is the decision the game waits for, nil when the game is over.
func (g *Game) Pending() *Decision {
	pd := g.st.pending
	if pd == nil {
		return nil
	}
	d := &Decision{}
	g.fillDecision(d, pd)
	return d
}

// fillDecision sets d to pending decision pd, reusing d's option list.
func (g *Game) fillDecision(d *Decision, pd *pendingDecision) {
	d.Player, d.Prompt, d.Pos = pd.player, pd.prompt, pd.choice.posText
	if cap(d.Options) < len(pd.options) {
		d.Options = make([]Option, len(pd.options))
	}
	d.Options = d.Options[:len(pd.options)]
	for i, o := range pd.options {
		d.Options[i] = Option{Key: o.key, Label: o.label}
	}
}

// Apply takes the option with the given key and runs to the next decision.
func (g *Game) Apply(key string) error {
	pd := g.st.pending
	if pd == nil {
		return fmt.Errorf("no decision is pending: the game is over")
	}
	for i, o := range pd.options {
		if o.key == key {
			if g.st.decisions >= g.limits.MaxDecisions {
				return &RuntimeError{Pos: pd.choice.pos, Where: "choose", Step: g.st.decisions,
					Msg: fmt.Sprintf("more than %d decisions (limit MaxDecisions): does the game end?%s", g.limits.MaxDecisions, g.innermostLoop("while"))}
			}
			if err := g.take(pd, i, true); err != nil {
				return err
			}
			return g.run()
		}
	}
	keys := make([]string, len(pd.options))
	for i, o := range pd.options {
		keys[i] = o.key
	}
	return fmt.Errorf("%q is not a legal option for %s (legal: %s)", key, PlayerName(pd.player), strings.Join(keys, ", "))
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.over }

// Result is the final result, nil before the game is over.
func (g *Game) Result() *Result { return g.st.result }

// Events is the log of everything that happened so far. The slice must
// not be modified.
func (g *Game) Events() []Event { return g.st.events.all() }

// PositionEvents is the number of events (of Events) logged before a
// scenario's position was applied (StartAt): the setup's log, and that of
// the flow up to the position, which tell of a game the position
// replaced. It is 0 for a game that was not given a position.
func (g *Game) PositionEvents() int { return g.positionEvents }

// Decisions is the number of decisions taken so far.
func (g *Game) Decisions() int { return g.st.decisions }

// EndedBy says what ended a game that is over: "the end_game at
// FILE:LINE:COL (in setup)" (or in flow, a phase, a procedure, "trigger
// NAME"), or "the flow ran to its end". "" while the game goes on. A game
// read from a saved file (UnmarshalState) says the same as the one saved.
func (g *Game) EndedBy() string {
	switch {
	case !g.st.over:
		return ""
	case g.endedAt != nil:
		return fmt.Sprintf("the end_game at %s (in %s)", g.endedAt.pos, g.endedIn.where)
	}
	return "the flow ran to its end"
}

// Clone returns an independent copy of the game: the two share their
// state until one writes, and each write copies only what it changes
// (cow.go). Clones of g may be taken concurrently with each other, but
// not with any other call on g. The copy consumes
// supplied chance outcomes as the original does (a scenario's game fixes
// only the outcomes its chance steps name); only a scenario's start-phase
// hook is left out (KeepStartHook).
func (g *Game) Clone() *Game {
	n := &Game{prog: g.prog, limits: g.limits, st: g.st.clone(), keysOnly: g.keysOnly, noLog: g.noLog, partialOutcomes: g.partialOutcomes, positionEvents: g.positionEvents, clonedBoxes: true, endedAt: g.endedAt, endedIn: g.endedIn}
	return n
}

// endGame stops the flow: every running list ends and the game is scored.
func (g *Game) endGame() {
	for i := len(g.st.frames) - 1; i >= 0; i-- {
		g.st.frames[i].unbind(g.st)
	}
	g.st.frames = nil
	g.st.barrier = nil // an Exec that ends the game does not resume it
}

// finish scores the game.
func (g *Game) finish() error {
	res := &Result{Decisions: g.st.decisions}
	for i := 0; i < g.st.playerCount; i++ {
		pr, err := g.scorePlayer(i)
		if err != nil {
			return err
		}
		res.Players = append(res.Players, pr)
	}
	rankPlayers(res)
	if err := g.recordCounters(); err != nil {
		return err
	}
	g.st.result = res
	g.st.over = true
	boxSlots := len(g.boxes)
	if g.clonedBoxes {
		boxSlots = 0
	}
	events := g.st.events.len()
	if g.noLog {
		events = -1 // unknown: a game with a log keeps the last hint
	}
	g.prog.sizes.note(g.st.playerCount, events, len(g.st.root), boxSlots)
	return nil
}

func (g *Game) scorePlayer(i int) (PlayerResult, error) {
	saved := bindLocal(g.st, "me", i)
	defer saved.restore(g.st)
	pr := PlayerResult{Player: i}
	wrap := func(c *compiled, err error) error {
		return placedError(c.src.Pos, "scoring", g.st.decisions, err)
	}
	var err error
	if pr.Score, err = g.evalInt(g.prog.score); err != nil {
		return pr, wrap(g.prog.score, err)
	}
	for _, tb := range g.prog.tiebreaks {
		v, err := g.evalInt(tb)
		if err != nil {
			return pr, wrap(tb, err)
		}
		pr.Tiebreak = append(pr.Tiebreak, v)
	}
	for _, d := range g.prog.details {
		v, err := g.eval(d.expr)
		if err != nil {
			return pr, wrap(d.expr, err)
		}
		pr.Details = append(pr.Details, NamedValue{Name: d.name, Value: v})
	}
	return pr, nil
}

// rankPlayers sets ranks (1 = best; equal results share a rank) and the
// winners.
func rankPlayers(res *Result) {
	better := func(a, b PlayerResult) bool {
		if a.Score != b.Score {
			return a.Score > b.Score
		}
		for k := range a.Tiebreak {
			if a.Tiebreak[k] != b.Tiebreak[k] {
				return a.Tiebreak[k] > b.Tiebreak[k]
			}
		}
		return false
	}
	for i := range res.Players {
		rank := 1
		for j := range res.Players {
			if better(res.Players[j], res.Players[i]) {
				rank++
			}
		}
		res.Players[i].Rank = rank
		if rank == 1 {
			res.Winners = append(res.Winners, i)
		}
	}
	sort.Ints(res.Winners)
}

// attributeValue is a row's value for an attribute in its runtime form,
// or the attribute's default.
func attributeValue(a *schema.Attribute, row *schema.CardRow, name string) any {
	v, ok := row.Fields[name]
	if !ok {
		if a.Default == nil {
			return zeroValue(a.Type)
		}
		v = *a.Default
	}
	out, err := coerce(a.Type, convertConst(v.V))
	if err != nil {
		return zeroValue(a.Type) // reported by schema.Validate
	}
	return out
}
