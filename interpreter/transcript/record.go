package transcript

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"agon/interpreter"
	"agon/schema"
)

// session is what Record and Replay need of a game; *interpreter.Game
// provides it.
// Keeping the walkers on this interface lets them be tested with a
// scripted game.
type session interface {
	Pending() *interpreter.Decision
	Apply(key string) error
	Over() bool
	Result() *interpreter.Result
	Events() []interpreter.Event
	SupplyOutcomes(o ...interpreter.Outcome)
}

// Record plays a game to the end, with bots[i] deciding for seat i, and
// returns its transcript. When the game fails part way, Record returns
// the transcript so far (without a result) together with the error.
func Record(p *interpreter.Program, cfg interpreter.Config, bots []interpreter.Bot) (*Transcript, error) {
	if len(bots) != cfg.Players {
		return nil, fmt.Errorf("record: %d %s for %d %s", len(bots), schema.Plural(len(bots), "bot", "bots"), cfg.Players, schema.Plural(cfg.Players, "player", "players"))
	}
	g, err := interpreter.NewGame(p, cfg)
	if err != nil {
		return nil, err
	}
	t := &Transcript{
		Game: p.Game(), Variant: p.Variant(), Ruleset: p.Hash(),
		Players: cfg.Players, Seats: seatNames(bots), Seed: cfg.Seed, Source: SourceRecorded,
	}
	err = interpreter.Play(g, bots)
	t.Steps = stepsFromEvents(g.Events())
	if err == nil {
		t.Result = transcriptResult(g.Result())
	}
	return t, err
}

// seatNames names the bots by their String method, "bot" when they have
// none.
func seatNames(bots []interpreter.Bot) []string {
	names := make([]string, len(bots))
	for i, b := range bots {
		names[i] = "bot"
		if s, ok := b.(fmt.Stringer); ok {
			names[i] = s.String()
		}
	}
	return names
}

// stepsFromEvents turns a game's log into transcript steps.
func stepsFromEvents(events []interpreter.Event) []Step {
	steps := make([]Step, 0, len(events))
	for _, e := range events {
		switch e.Kind {
		case interpreter.EventChance:
			steps = append(steps, Step{Kind: StepChance, Name: e.Name, Result: slices.Clone(e.Result)})
		case interpreter.EventLog:
			steps = append(steps, Step{Kind: StepLog, Text: e.Text})
		case interpreter.EventDecision:
			steps = append(steps, Step{Kind: StepDecide, Player: e.Player, Key: e.Key, Label: e.Label})
		}
	}
	return steps
}

// transcriptResult is the transcript form of a game's result (nil for nil).
func transcriptResult(r *interpreter.Result) *Result {
	if r == nil {
		return nil
	}
	return &Result{Scores: scores(r), Winners: slices.Clone(r.Winners)}
}

// scores lists the players' scores in seat order.
func scores(r *interpreter.Result) []int {
	out := make([]int, len(r.Players))
	for i, p := range r.Players {
		out[i] = p.Score
	}
	return out
}

// ReplayOptions configure Replay. The zero value replays without
// evaluating check steps.
type ReplayOptions struct {
	// Check evaluates a check step's expression against the game; when nil,
	// check steps are skipped (and counted in ReplayReport.Skipped).
	Check func(g *interpreter.Game, expr string) (bool, error)
}

// ReplayReport summarises a replay.
type ReplayReport struct {
	// Decisions is the number of decisions replayed.
	Decisions int
	// Checks is the number of check steps that held; Skipped the number
	// not evaluated.
	Checks, Skipped int
	// Result is the game's final result, nil when it did not end.
	Result *interpreter.Result
	// Unfinished is set when the transcript is marked unfinished and the
	// game, as it should, goes on after its last step.
	Unfinished bool
	// gameErr is the first error the game gave (a run error, a check that
	// failed or could not be explained, a rejected outcome, the failure
	// a run step expects, a text it could not render), nil when it gave
	// none: on the flat runtime, the outcome is then to be had from the
	// present runtime (FlatFallback).
	gameErr error
}

// Divergence is the first difference between a transcript and the game
// replaying it.
type Divergence struct {
	// File is the transcript's file name.
	File string
	// Step is the index in Transcript.Steps of the step that differs;
	// len(Steps) when the difference is after the last step.
	Step int
	// Line is the step's line in the transcript, 0 when unknown.
	Line int
	// Expected describes what the transcript says, Got what the game did.
	Expected, Got string
	// Reason, when set, explains the difference instead of Got
	// ("it is not legal here (legal: …)").
	Reason string
	// Decision numbers the decisions as agon explain --step does (from 1,
	// counting decide steps only): the decide step that differs, or the
	// last one before the step that differs (0: none before it). It is 0
	// in a scenario's divergences, which name steps only.
	Decision int
	// AtDecision says the step that differs is decision Decision itself.
	AtDecision bool
	// Output says what differs is what a recording writes, not a decision
	// or a check: a log line, a chance outcome or the result (a
	// re-recording with the same decisions rewrites it).
	Output bool
	// Hint, when set, says how to fix the transcript; Error adds it.
	Hint string
	// numbered is set when decisions are counted (in a transcript).
	numbered bool
}

// Error reads "file:line: step N: expected X, got Y" (N counts every
// step from 1), or "…: expected X, but Reason". In a transcript the place
// also names the decision, counted as agon explain --step counts them:
// "decision K (step N)" for a decide step, "step N (after decision K)" or
// "step N (before the first decision)" for the others.
func (d *Divergence) Error() string {
	var b strings.Builder
	if pos := (schema.Pos{File: d.File, Line: d.Line}); pos.IsValid() {
		b.WriteString(pos.String() + ": ")
	}
	fmt.Fprintf(&b, "%s: expected %s, ", d.Where(), d.Expected)
	if d.Reason != "" {
		b.WriteString("but " + d.Reason)
	} else {
		b.WriteString("got " + d.Got)
	}
	if d.Hint != "" {
		b.WriteString("; " + d.Hint)
	}
	return b.String()
}

// Where names the step that differs: "step N", or in a transcript
// "decision K (step N)", "step N (after decision K)" or "step N (before
// the first decision)".
func (d *Divergence) Where() string {
	switch {
	case d.AtDecision:
		return fmt.Sprintf("decision %d (step %d)", d.Decision, d.Step+1)
	case d.Decision > 0:
		return fmt.Sprintf("step %d (after decision %d)", d.Step+1, d.Decision)
	case d.numbered:
		return fmt.Sprintf("step %d (before the first decision)", d.Step+1)
	}
	return fmt.Sprintf("step %d", d.Step+1)
}

// Replay plays the transcript's decisions on a new game of p (with the
// transcript's players and seed) and compares what happens with the
// transcript step by step. Chance steps are fed to the game as its chance
// outcomes: those before the first decision when the game starts, the
// others just before the decision that precedes them. Log steps are
// compared only when the transcript has at least one (so a hand-written
// transcript may leave them out); chance and decide steps always are. A
// check step sees the state at the next decision after the steps before
// it.
//
// The first difference is returned as a *Divergence, with the report so
// far. Replaying under another variant than the transcript's (load p with
// it) finds where the variant's game first differs.
func Replay(p *interpreter.Program, t *Transcript, opt ReplayOptions) (*ReplayReport, error) {
	if t.Game != "" && t.Game != p.Game() {
		return nil, fmt.Errorf("%s: the transcript is for game %q, the ruleset is %q", t.gameWhere(), t.Game, p.Game())
	}
	var g *interpreter.Game
	start := func(initial []interpreter.Outcome) (session, error) {
		var err error
		g, err = interpreter.NewGame(p, interpreter.Config{Players: t.Players, Seed: t.Seed, Outcomes: initial})
		if err != nil {
			return nil, err
		}
		return g, nil
	}
	var check func(string) (bool, error)
	if opt.Check != nil {
		check = explaining(func() *interpreter.Game { return g }, opt.Check)
	}
	return replay(t, start, check)
}

// replayer walks a transcript against a game.
type replayer struct {
	t      *Transcript
	s      session
	check  func(expr string) (bool, error)
	logs   bool         // compare log steps
	chance bool         // compare chance steps (always in transcripts)
	sc     *scenarioRun // set when replaying a scenario file
	// scenario: divergences name steps only, not decisions (agon explain
	// reads transcripts, not scenario files).
	scenario bool
	events   []interpreter.Event // the game's events, refreshed after each decision
	next     int                 // the first event not yet matched
	rep      *ReplayReport
}

// replay walks t against the game start returns (given the outcomes
// before the first decision).
func replay(t *Transcript, start func([]interpreter.Outcome) (session, error), check func(string) (bool, error)) (*ReplayReport, error) {
	r := &replayer{t: t, check: check, logs: hasLogs(t.Steps), chance: true, rep: &ReplayReport{}}
	return r.walk(start)
}

// walk starts the game and replays every step.
func (r *replayer) walk(start func([]interpreter.Outcome) (session, error)) (*ReplayReport, error) {
	t := r.t
	s, err := start(r.outcomesFrom(0))
	if err != nil {
		if i, oe, ok := r.outcomeStep(0, err); ok {
			return r.rep, r.badOutcome(i, oe)
		}
		return r.rep, r.failed(r.diverge(0, "the game to start", "", "it failed: "+err.Error()), err)
	}
	r.s, r.events = s, s.Events()
	for i := range t.Steps {
		if err := r.step(i); err != nil {
			return r.rep, err
		}
	}
	return r.rep, r.finish()
}

// hasLogs reports whether any step is a log step.
func hasLogs(steps []Step) bool {
	for _, s := range steps {
		if s.Kind == StepLog {
			return true
		}
	}
	return false
}

// outcomesFrom collects the chance steps from index i up to the next
// decide step.
func (r *replayer) outcomesFrom(i int) []interpreter.Outcome { return chanceBefore(r.t, i) }

// peek returns the next game event to match, skipping logs when they are
// not compared.
func (r *replayer) peek() (interpreter.Event, bool) {
	for r.next < len(r.events) {
		e := r.events[r.next]
		if (e.Kind != interpreter.EventLog || r.logs) && (e.Kind != interpreter.EventChance || r.chance) {
			return e, true
		}
		r.next++
	}
	return interpreter.Event{}, false
}

// diverge builds the divergence at step i.
func (r *replayer) diverge(i int, expected, got, reason string) *Divergence {
	d := &Divergence{File: r.t.File, Step: i, Line: r.line(i), Expected: expected, Got: got, Reason: reason}
	if !r.scenario {
		d.numbered = true
		d.Decision = r.t.DecisionsBefore(i)
		if i < len(r.t.Steps) && r.t.Steps[i].Kind == StepDecide {
			d.Decision++
			d.AtDecision = true
		}
	}
	return d
}

// line is the transcript line of step i, or of the result (or the last
// step) past the end.
func (r *replayer) line(i int) int {
	if i < len(r.t.Steps) {
		return r.t.Steps[i].Line
	}
	if r.t.Result != nil && r.t.Result.Line > 0 {
		return r.t.Result.Line
	}
	if n := len(r.t.Steps); n > 0 {
		return r.t.Steps[n-1].Line
	}
	return r.t.lastLine
}

// step replays step i.
func (r *replayer) step(i int) error {
	switch s := r.t.Steps[i]; s.Kind {
	case StepCheck:
		return r.checkStep(i, s)
	case StepDecide:
		return r.decide(i, s)
	case StepRun, StepAsks, StepFinished, StepLogged:
		return r.scenarioStep(i, s)
	case StepChance:
		if r.sc != nil {
			return r.scenarioChance(i, s)
		}
		return r.event(i, s)
	default:
		return r.event(i, s)
	}
}

// checkStep evaluates a check step, or counts it as skipped.
func (r *replayer) checkStep(i int, s Step) error {
	if r.check == nil {
		r.rep.Skipped++
		return nil
	}
	ok, err := r.check(s.Expr)
	want := fmt.Sprintf("check %q to hold", s.Expr)
	var cf *checkFalse
	switch {
	case errors.As(err, &cf) && cf.detail != "":
		return r.diverge(i, want, "false", "it does not: "+cf.detail)
	case errors.As(err, &cf):
		return r.failed(r.diverge(i, want, "false", "it does not"), cf.cause)
	case err != nil:
		err = placeCheckError(err, r.t.File, s)
		return r.failed(r.diverge(i, want, "", "it failed: "+err.Error()), err)
	case !ok:
		return r.diverge(i, want, "false", "it does not")
	}
	r.rep.Checks++
	return nil
}

// event matches a chance or log step with the game's next event.
func (r *replayer) event(i int, s Step) error {
	e, ok := r.peek()
	if !ok {
		return output(r.diverge(i, describeStep(s), r.describeNow(), ""))
	}
	if !sameEvent(s, e) {
		return output(r.diverge(i, describeStep(s), describeEvent(e), ""))
	}
	r.next++
	return nil
}

// sameEvent reports whether the event is what the step says.
func sameEvent(s Step, e interpreter.Event) bool {
	switch s.Kind {
	case StepLog:
		return e.Kind == interpreter.EventLog && e.Text == s.Text
	case StepChance:
		return e.Kind == interpreter.EventChance && e.Name == s.Name && slices.Equal(e.Result, s.Result)
	case StepDecide:
		return e.Kind == interpreter.EventDecision && e.Player == s.Player && e.Key == s.Key
	}
	return false
}

// decide applies a decide step.
func (r *replayer) decide(i int, s Step) error {
	want := describeStep(s)
	if e, ok := r.peek(); ok {
		d := r.diverge(i, want, describeEvent(e), "")
		d.Output = e.Kind == interpreter.EventLog || e.Kind == interpreter.EventChance
		return d
	}
	if err := r.legal(i, s); err != nil {
		return err
	}
	if err := r.labelled(i, s); err != nil {
		return err
	}
	r.s.SupplyOutcomes(r.outcomesFrom(i + 1)...)
	if err := r.s.Apply(s.Key); err != nil {
		if j, oe, ok := r.outcomeStep(i+1, err); ok {
			return r.badOutcome(j, oe)
		}
		return r.failed(r.diverge(i, want, "", "the game failed: "+err.Error()), err)
	}
	r.rep.Decisions++
	r.events = r.s.Events()
	if e, ok := r.peek(); !ok || !sameEvent(s, e) {
		return r.diverge(i, want, "", "the game did not log the decision")
	}
	r.next++
	return nil
}

// labelled checks a scenario's decide step's label: against the option's
// (a scenario is a test written by hand, and its author reads label: as
// something checked). A recorded transcript's labels are for its reader:
// a label's wording may change without changing the game, and replay
// compares only keys there.
func (r *replayer) labelled(i int, s Step) error {
	if !r.scenario || s.Label == "" {
		return nil
	}
	d := r.s.Pending()
	for _, o := range d.Options {
		if o.Key == s.Key && o.Label != s.Label {
			return r.diverge(i, fmt.Sprintf("%s labelled %q", describeStep(s), s.Label), "",
				fmt.Sprintf("the option is labelled %q (a scenario compares label: with the option's; leave label: out to take the option by its key alone)", o.Label))
		}
	}
	return nil
}

// legal checks that the step's decision is the pending one's to take.
func (r *replayer) legal(i int, s Step) error {
	want := describeStep(s)
	d := r.s.Pending()
	switch {
	case d == nil:
		return r.diverge(i, want, "the end of the game", "the game is over")
	case d.Player != s.Player:
		return r.diverge(i, want, describeDecision(d), fmt.Sprintf("%s decides here (%q)", interpreter.PlayerName(d.Player), d.Prompt))
	case d.Find(s.Key) < 0:
		return r.diverge(i, want, legalKeys(d), "it is not legal here (legal: "+legalKeys(d)+")")
	}
	return nil
}

// finish checks that nothing remains after the last step and compares the
// final result. An unfinished transcript ends wherever it was saved or
// cut, even between a decision and the log lines and chance outcomes it
// led to: what the game did after its last step is not compared.
func (r *replayer) finish() error {
	if r.sc != nil {
		return r.scenarioFinish()
	}
	end := len(r.t.Steps)
	if r.t.Unfinished {
		if r.s.Over() {
			return r.diverge(end, "the game to go on (the transcript is marked unfinished)", "the end of the game", "")
		}
		r.rep.Unfinished = true
		return nil
	}
	if e, ok := r.peek(); ok {
		d := r.diverge(end, "no more steps", describeEvent(e), "")
		// What is missing is output only when the game ends after it: a
		// transcript cut off before a decision the game still asks for
		// lacks decisions too, which a re-recording cannot make up.
		d.Output = (e.Kind == interpreter.EventLog || e.Kind == interpreter.EventChance) && r.s.Over()
		return r.cutOff(d)
	}
	if !r.s.Over() {
		return r.cutOff(r.diverge(end, "the game to end", r.describeNow(), ""))
	}
	res := r.s.Result()
	r.rep.Result = res
	want := r.t.Result
	if want == nil && res != nil {
		return output(r.diverge(end, "result: with the final scores and winners", "",
			fmt.Sprintf("the transcript has none (the game ended with scores: %s, winners: %s; write them under result:)", flowInts(scores(res)), flowInts(res.Winners))))
	}
	if want == nil || res == nil {
		return nil
	}
	if got := scores(res); want.Scores != nil && !slices.Equal(got, want.Scores) {
		return output(r.atLine(r.diverge(end, "final scores "+flowInts(want.Scores), flowInts(got), ""), want.ScoresLine))
	}
	if want.Winners != nil && !slices.Equal(res.Winners, want.Winners) {
		return output(r.atLine(r.diverge(end, "winners "+playerList(want.Winners), playerList(res.Winners), ""), want.WinnersLine))
	}
	return nil
}

// AddGoldenHint adds to d, a divergence of the golden transcript t (one
// that go test ./testgames replays), how to bring it in line with the
// rules, as testgames/README.md says: the -update command for a
// source: recorded golden whose log lines, chance outcomes or result
// differ (the update rewrites them from the golden's decisions); that the
// update leaves decisions and checks alone, for one that differs there;
// and, for a source: table golden, that it is evidence.
func AddGoldenHint(d *Divergence, t *Transcript) {
	var hint string
	switch {
	case t.Source == SourceTable:
		hint = "this source: table golden is evidence and -update never rewrites it: find out whether the rules or the transcript is wrong"
	case d.Output:
		hint = "if the rules changed on purpose, go test ./testgames -run Golden -update rewrites this golden's log lines, chance outcomes and result from its decisions (read the diff before committing)"
	default:
		hint = "go test ./testgames -run Golden -update never changes a decision or a check: record this golden anew (agon record) or edit it by hand (testgames/README.md)"
	}
	if d.Hint != "" {
		hint = d.Hint + "; " + hint
	}
	d.Hint = hint
}

// cutOff adds to a divergence after the last step of a transcript
// without a result how to mark a game saved before it ended.
func (r *replayer) cutOff(d *Divergence) *Divergence {
	if r.t.Result == nil && !r.scenario {
		d.Hint = "if the game was saved before it ended, mark the transcript unfinished: true (a header line)"
	}
	return d
}

// failed is divergence d, which reports the game's error err (nil:
// none), noted in the report (ReplayReport.gameErr).
func (r *replayer) failed(d *Divergence, err error) *Divergence {
	r.gameFailed(err)
	return d
}

// gameFailed notes the first error the game gave (nil: none).
func (r *replayer) gameFailed(err error) {
	if r.rep.gameErr == nil {
		r.rep.gameErr = err
	}
}

// output marks a divergence as one in what a recording writes.
func output(d *Divergence) *Divergence {
	d.Output = true
	return d
}

// atLine points a divergence at a more precise line when one is known.
func (r *replayer) atLine(d *Divergence, line int) *Divergence {
	if line > 0 {
		d.Line = line
	}
	return d
}

// outcomeStep finds the chance step whose outcome the game rejected: the
// error tells how many supplied outcomes were left after it, counted in
// the batch that starts at step from.
func (r *replayer) outcomeStep(from int, err error) (int, *interpreter.OutcomeError, bool) {
	var oe *interpreter.OutcomeError
	if !errors.As(err, &oe) {
		return 0, nil, false
	}
	var batch []int
	for i := from; i < len(r.t.Steps) && r.t.Steps[i].Kind != StepDecide && r.t.Steps[i].Kind != StepRun; i++ {
		if r.t.Steps[i].Kind == StepChance {
			batch = append(batch, i)
		}
	}
	k := len(batch) - oe.Remaining - 1
	if k < 0 || k >= len(batch) {
		return 0, nil, false
	}
	return batch[k], oe, true
}

// badOutcome is the divergence for a chance step the game rejected.
func (r *replayer) badOutcome(i int, oe *interpreter.OutcomeError) *Divergence {
	s := r.t.Steps[i]
	return r.failed(output(r.diverge(i, describeStep(s), "", "the game rejected this outcome: "+oe.Msg)), oe)
}

// describeNow says what the game waits for when it has no event to match.
func (r *replayer) describeNow() string {
	if d := r.s.Pending(); d != nil {
		return describeDecision(d)
	}
	return "the end of the game"
}

// describeStep describes a transcript step for messages.
func describeStep(s Step) string {
	switch s.Kind {
	case StepLog:
		return fmt.Sprintf("log %q", s.Text)
	case StepChance:
		return fmt.Sprintf("chance %q with %s", s.Name, shortList(s.Result))
	case StepDecide:
		return fmt.Sprintf("decision %q by %s (decide: %d)", s.Key, interpreter.PlayerName(s.Player), s.Player)
	}
	return fmt.Sprintf("check %q", s.Expr)
}

// describeEvent describes a game event for messages.
func describeEvent(e interpreter.Event) string {
	switch e.Kind {
	case interpreter.EventLog:
		return fmt.Sprintf("log %q", e.Text)
	case interpreter.EventChance:
		return fmt.Sprintf("chance %q with %s", e.Name, shortList(e.Result))
	}
	return fmt.Sprintf("decision %q by %s", e.Key, interpreter.PlayerName(e.Player))
}

// describeDecision describes a pending decision for messages.
func describeDecision(d *interpreter.Decision) string {
	return fmt.Sprintf("a decision by %s (%q)", interpreter.PlayerName(d.Player), d.Prompt)
}

// maxListed is how many items messages list before "…".
const maxListed = 12

// shortList prints a list, eliding after maxListed items.
func shortList(items []string) string {
	if len(items) > maxListed {
		return fmt.Sprintf("[%s, … (%d in all)]", strings.Join(items[:maxListed], ", "), len(items))
	}
	return "[" + strings.Join(items, ", ") + "]"
}

// legalKeys lists a decision's option keys, eliding after maxListed.
func legalKeys(d *interpreter.Decision) string {
	keys := make([]string, 0, min(len(d.Options), maxListed))
	for i, o := range d.Options {
		if i == maxListed {
			keys = append(keys, fmt.Sprintf("… (%d in all)", len(d.Options)))
			break
		}
		keys = append(keys, o.Key)
	}
	return strings.Join(keys, ", ")
}

// playerList names players for people: [P1, P3].
func playerList(players []int) string {
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = interpreter.PlayerName(p)
	}
	return "[" + strings.Join(names, ", ") + "]"
}

// explaining wraps check so that a check that does not hold reports, as
// a *checkFalse, what interpreter.ExplainCheck says of the game game
// returns (the one being replayed, transcript or scenario alike).
func explaining(game func() *interpreter.Game, check func(*interpreter.Game, string) (bool, error)) func(string) (bool, error) {
	return func(expr string) (bool, error) {
		g := game()
		ok, err := check(g, expr)
		if err == nil && !ok {
			return false, &checkFalse{detail: interpreter.ExplainCheck(g, expr)}
		}
		return ok, err
	}
}

// checkFalse is how a replay's check reports a check that does not hold,
// with ExplainCheck's detail; cause, on the flat runtime, is why there
// is none (ExplainFlatCheck could not evaluate a part of the check).
type checkFalse struct {
	detail string
	cause  error
}

// Error implements error.
func (c *checkFalse) Error() string { return "the check does not hold: " + c.detail }
