package transcript

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

// fakeGame is a scripted two-player game implementing session: a shuffle
// at the start, four alternating decisions between "a" and "b" (player 0
// may also "pass"), and a die roll after the second decision. A player
// scores 1 per "a"; player 0 also scores the die.
type fakeGame struct {
	queue     []interpreter.Outcome
	events    []interpreter.Event
	decisions int
	score     [2]int
}

// startFake starts a fake game with the given initial outcomes.
func startFake(initial []interpreter.Outcome) (session, error) {
	g := &fakeGame{}
	g.SupplyOutcomes(initial...)
	g.chance("shuffle deck", []string{"x", "y", "z"})
	g.events = append(g.events, interpreter.Event{Kind: interpreter.EventLog, Text: "Turn 1"})
	return g, nil
}

func (g *fakeGame) SupplyOutcomes(o ...interpreter.Outcome) { g.queue = append(g.queue, o...) }

// chance takes the queued outcome or the default.
func (g *fakeGame) chance(name string, def []string) []string {
	res := def
	if len(g.queue) > 0 && g.queue[0].Name == name {
		res, g.queue = g.queue[0].Result, g.queue[1:]
	}
	g.events = append(g.events, interpreter.Event{Kind: interpreter.EventChance, Name: name, Result: res, Step: g.decisions})
	return res
}

func (g *fakeGame) Over() bool { return g.decisions == 4 }

func (g *fakeGame) Pending() *interpreter.Decision {
	if g.Over() {
		return nil
	}
	d := &interpreter.Decision{Player: g.decisions % 2, Prompt: "pick", Options: []interpreter.Option{{Key: "a", Label: "Take A"}, {Key: "b", Label: "Take B"}}}
	if d.Player == 0 {
		d.Options = append(d.Options, interpreter.Option{Key: "pass", Label: "Pass"})
	}
	return d
}

func (g *fakeGame) Apply(key string) error {
	d := g.Pending()
	i := d.Find(key)
	if i < 0 {
		return fmt.Errorf("illegal %q", key)
	}
	g.events = append(g.events, interpreter.Event{Kind: interpreter.EventDecision, Player: d.Player, Key: key, Label: d.Options[i].Label, Step: g.decisions})
	if key == "a" {
		g.score[d.Player]++
	}
	g.decisions++
	if g.decisions == 2 {
		var n int
		fmt.Sscan(g.chance("roll die", []string{"3"})[0], &n)
		g.score[0] += n
	}
	if !g.Over() {
		g.events = append(g.events, interpreter.Event{Kind: interpreter.EventLog, Text: fmt.Sprintf("Turn %d", g.decisions+1), Step: g.decisions})
	}
	return nil
}

func (g *fakeGame) Events() []interpreter.Event { return slices.Clone(g.events) }

func (g *fakeGame) Result() *interpreter.Result {
	if !g.Over() {
		return nil
	}
	r := &interpreter.Result{Decisions: g.decisions}
	for p, s := range g.score {
		r.Players = append(r.Players, interpreter.PlayerResult{Player: p, Score: s})
	}
	if g.score[0] >= g.score[1] {
		r.Winners = append(r.Winners, 0)
	}
	if g.score[1] >= g.score[0] {
		r.Winners = append(r.Winners, 1)
	}
	return r
}

// recordFake plays the fake game with choose and returns its transcript,
// written and read back so that steps have lines.
func recordFake(t *testing.T, choose func(d *interpreter.Decision) int) *Transcript {
	s, _ := startFake(nil)
	for !s.Over() {
		d := s.Pending()
		require.NoError(t, s.Apply(d.Options[choose(d)].Key))
	}
	tr := &Transcript{Game: "fake", Players: 2, Steps: stepsFromEvents(s.Events()), Result: transcriptResult(s.Result())}
	return reread(t, tr)
}

// reread marshals and parses tr.
func reread(t *testing.T, tr *Transcript) *Transcript {
	out, err := Read("fake.yaml", tr.Marshal())
	require.NoError(t, err)
	return out
}

// firstOption always takes option 0.
func firstOption(*interpreter.Decision) int { return 0 }

func TestRecordFake(t *testing.T) {
	tr := recordFake(t, firstOption)
	kinds := make([]string, len(tr.Steps))
	for i, s := range tr.Steps {
		kinds[i] = s.Kind
	}
	assert.Equal(t, []string{"chance", "log", "decide", "log", "decide", "chance", "log", "decide", "log", "decide"}, kinds)
	assert.Equal(t, "Take A", tr.Steps[2].Label)
	assert.Equal(t, []int{5, 2}, tr.Result.Scores)
	assert.Equal(t, []int{0}, tr.Result.Winners)
}

func TestReplayFakeOK(t *testing.T) {
	tr := recordFake(t, firstOption)
	rep, err := replay(tr, startFake, nil)
	require.NoError(t, err)
	assert.Equal(t, 4, rep.Decisions)
	assert.Equal(t, 5, rep.Result.Players[0].Score)
}

// divergence replays tr on the fake game and returns the divergence.
func divergence(t *testing.T, tr *Transcript, check func(string) (bool, error)) *Divergence {
	_, err := replay(tr, startFake, check)
	var d *Divergence
	require.True(t, errors.As(err, &d), "want a divergence, got %v", err)
	return d
}

func TestReplayIllegalDecision(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps[4].Key = "pass" // player 1 may not pass
	d := divergence(t, tr, nil)
	assert.Equal(t, 4, d.Step)
	assert.Equal(t, tr.Steps[4].Line, d.Line)
	assert.Equal(t, fmt.Sprintf(`fake.yaml:%d: decision 2 (step 5): expected decision "pass" by P2 (decide: 1), but it is not legal here (legal: a, b)`, d.Line), d.Error())
}

func TestReplayWrongPlayer(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps[4].Player = 0
	d := divergence(t, tr, nil)
	assert.Contains(t, d.Error(), `decision 2 (step 5): expected decision "a" by P1 (decide: 0), but P2 decides here ("pick")`)
}

func TestReplayOtherLegalDecisionChangesResult(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps[2].Key = "b"
	d := divergence(t, tr, nil)
	assert.Equal(t, len(tr.Steps), d.Step)
	assert.Equal(t, tr.Result.Line, d.Line)
	assert.Contains(t, d.Error(), "expected final scores [5, 2], got [4, 2]")
}

// A recorded transcript's labels are for its reader: replay compares the
// keys (a scenario compares label: too: TestScenarioDecideComparesTheLabel).
func TestReplayIgnoresRecordedLabels(t *testing.T) {
	tr := recordFake(t, firstOption)
	require.Equal(t, "Take A", tr.Steps[2].Label)
	tr.Steps[2].Label = "Take A, worded otherwise"
	_, err := replay(tr, startFake, nil)
	require.NoError(t, err)
}

func TestReplayLogMismatch(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps[3].Text = "Turn two"
	d := divergence(t, tr, nil)
	assert.Contains(t, d.Error(), `step 4 (after decision 1): expected log "Turn two", got log "Turn 2"`)
}

func TestReplayMissingStep(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps = slices.Delete(tr.Steps, 5, 6) // drop the die roll
	d := divergence(t, tr, nil)
	assert.Contains(t, d.Error(), `step 6 (after decision 2): expected log "Turn 3", got chance "roll die" with [3]`)
}

func TestReplayExtraStepAtEnd(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps = append(tr.Steps, Step{Kind: StepDecide, Player: 0, Key: "a", Line: 99})
	d := divergence(t, tr, nil)
	assert.Equal(t, 99, d.Line)
	assert.Contains(t, d.Error(), "but the game is over")
}

func TestReplayStopsEarly(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps = tr.Steps[:5]
	tr.Result = nil
	d := divergence(t, tr, nil)
	assert.Equal(t, 5, d.Step)
	assert.Contains(t, d.Error(), `step 6 (after decision 2): expected no more steps, got chance "roll die" with [3]`)
}

func TestReplaySuppliesChanceOutcomes(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps[0].Result = []string{"z", "y", "x"}
	tr.Steps[5].Result = []string{"6"}
	tr.Result.Scores = []int{8, 2}
	rep, err := replay(tr, startFake, nil)
	require.NoError(t, err)
	assert.Equal(t, 8, rep.Result.Players[0].Score)
}

func TestReplayWithoutLogs(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps = slices.DeleteFunc(tr.Steps, func(s Step) bool { return s.Kind == StepLog })
	_, err := replay(tr, startFake, nil)
	assert.NoError(t, err, "a transcript without logs does not compare them")
}

func TestReplayChecks(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Steps = slices.Insert(tr.Steps, 3, Step{Kind: StepCheck, Expr: "ok", Line: 40}, Step{Kind: StepCheck, Expr: "bad", Line: 41})
	rep, err := replay(tr, startFake, nil)
	require.NoError(t, err)
	assert.Equal(t, 2, rep.Skipped)

	d := divergence(t, tr, func(e string) (bool, error) { return e == "ok", nil })
	assert.Equal(t, `fake.yaml:41: step 5 (after decision 1): expected check "bad" to hold, but it does not`, d.Error())

	d = divergence(t, tr, func(e string) (bool, error) { return false, errors.New("boom") })
	assert.True(t, strings.HasSuffix(d.Error(), "but it failed: boom"), d.Error())
}

func TestReplayStartFails(t *testing.T) {
	tr := recordFake(t, firstOption)
	_, err := replay(tr, func([]interpreter.Outcome) (session, error) { return nil, errors.New("2 players only") }, nil)
	assert.ErrorContains(t, err, "step 1 (before the first decision): expected the game to start, but it failed: 2 players only")
}

func TestShortList(t *testing.T) {
	long := make([]string, 20)
	for i := range long {
		long[i] = "c"
	}
	assert.Equal(t, "[a, b]", shortList([]string{"a", "b"}))
	assert.Contains(t, shortList(long), "… (20 in all)]")
}

func TestReplayShowsWhyACheckFails(t *testing.T) {
	p := rulestest.Load(t, "vars:\n  gold: {type: int, init: 3}\nflow:\n  - {log: start}\n")
	tr := &Transcript{File: "t.yaml", Game: "g", Players: 1, Seed: 1,
		Steps: []Step{{Kind: StepCheck, Expr: "gold == 2", Line: 7}}}
	_, err := Replay(p, tr, ReplayOptions{Check: interpreter.CheckExpr})
	require.Error(t, err)
	assert.Equal(t, `t.yaml:7: step 1 (before the first decision): expected check "gold == 2" to hold, but it does not: gold == 2 is false (gold is 3)`, err.Error())
}

// Lists in a divergence read as the transcript writes them, with commas.
func TestReplayWrongWinnersListedWithCommas(t *testing.T) {
	tr := recordFake(t, firstOption)
	tr.Result.Winners = []int{0, 1}
	d := divergence(t, tr, nil)
	assert.Contains(t, d.Error(), "expected winners [P1, P2], got [")
}

// A check that does not compile is reported at its own place in the
// transcript, file:line:col of the faulty part, not at <expression>:1:N;
// where a column in the text would not be one in the file (an escape in a
// double-quoted value, a value on its own line), the core's place stays.
func TestReplayPlacesACheckThatDoesNotCompile(t *testing.T) {
	p := rulestest.Load(t, "vars:\n  gold: {type: int, init: 3}\nflow:\n  - {log: start}\n")
	for _, tc := range []struct{ step, want string }{
		{`  - check: "gold + gld > 0"`, "t.yaml:5:20: unknown name \"gld\""},
		{`  - check: gold + gld > 0`, "t.yaml:5:19: unknown name \"gld\""},
		{`  - check: 'gold + gld > 0'`, "t.yaml:5:20: unknown name \"gld\""},
		{`  - check: "\"a\" == 'b' + gld"`, "<expression>:1:"},
		{`  - check: 'gold + gld > 0 && "x" != ""'`, "t.yaml:5:20: unknown name \"gld\""},
		{"  - check:\n      gold + gld > 0", "<expression>:1:"},
	} {
		tr, err := Read("t.yaml", []byte("game: g\nplayers: 1\nseed: 1\nsteps:\n"+tc.step+"\n"))
		require.NoError(t, err, tc.step)
		_, err = Replay(p, tr, ReplayOptions{Check: interpreter.CheckExpr})
		require.Error(t, err, tc.step)
		assert.Contains(t, err.Error(), tc.want, tc.step)
	}
}
