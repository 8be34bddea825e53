package transcript

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

// scenarioGame (testdata/scenario_game.yaml, which package interpreter's
// glance tests play too) has gems (one with copies), a display, player
// hands, a variable, a player variable and a procedure that asks a
// decision. Its flow offers the display's cards to player 0, then gives
// player 1 a go.
var scenarioGame = rulestest.ReadFile("../testdata/scenario_game.yaml")

// runScenarioText runs a scenario of scenarioGame (directory "g").
func runScenarioText(t *testing.T, text string) (*ReplayReport, error) {
	t.Helper()
	sc, err := ReadScenario("s.yaml", []byte(text))
	require.NoError(t, err)
	p, err := LoadScenario(rulestest.FS(scenarioGame), "g", sc)
	require.NoError(t, err)
	return RunScenario(p, sc)
}

// scenarioHead is the header of the test scenarios.
const scenarioHead = "scenario: test\ngame: g\nplayers: 2\nseed: 1\n"

func TestScenarioAfterSetupTheFlowSeesThePosition(t *testing.T) {
	rep, err := runScenarioText(t, scenarioHead+`
position:
  display: [opal]        # the setup dealt two gems; now only the Opal lies there
  round: 3
  players:
    - gold: 5
      hand: [gold_coin, gold_coin]
  cards:
    opal: {shiny: true}
steps:
  - asks: 0
    prompt: take a gem
    options: [take c=opal, pass]
  - check: round == 3 && players[0].gold == 5 && card('opal').shiny
  - check: len(display) == 1 && len(deck) == 4
  - check: map(players[0].hand, .id) == ['gold_coin#1', 'gold_coin#2']
  - decide: 0
    key: take c=opal
  - check: card('opal').zone == 'hand'
`)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Decisions)
	assert.Equal(t, 5, rep.Checks, "4 checks and an asks step")
}

func TestScenarioListingADeckPutsTheCardsOnTop(t *testing.T) {
	// The setup dealt Ruby and Opal; the deck holds Jade, Onyx, Pearl, the gems' starting zone.
	// Listing the deck puts the listed gems on top; the others stay under them, in order.
	_, err := runScenarioText(t, scenarioHead+`
position:
  deck: [pearl, ruby]
steps:
  - check: map(deck, .id) == ['pearl', 'ruby', 'jade', 'onyx']
  - check: map(display, .id) == ['opal']
`)
	require.NoError(t, err)
}

func TestScenarioFirstDecisionIsAskedAgain(t *testing.T) {
	_, err := runScenarioText(t, scenarioHead+`start: first_decision
position:
  display: [ruby, jade, onyx]
steps:
  - asks: 0
    options: [take c=ruby, take c=jade, take c=onyx, pass]
`)
	require.NoError(t, err)
}

func TestScenarioStartsAtAPhase(t *testing.T) {
	_, err := runScenarioText(t, scenarioHead+`start: phase offer
position:
  display: [jade]
steps:
  - asks: 0
    options: [take c=jade, pass]
`)
	require.NoError(t, err)
	_, err = runScenarioText(t, scenarioHead+"start: phase ofer\nsteps:\n  - check: true\n")
	assert.EqualError(t, err, `s.yaml:5: no phase "ofer" (did you mean "offer"?)`)
}

func TestScenarioRunAndFinished(t *testing.T) {
	_, err := runScenarioText(t, scenarioHead+`
position:
  players: [{gold: 2}]
steps:
  - run: [{call: pay, with: {p: 0}}]
  - asks: 0
    prompt: pay 2?
  - decide: 0
    key: yes
  - finished: true
  - logged: P1 pays
  - check: players[0].gold == 1
  - asks: 0
    prompt: take a gem   # back at the decision the run interrupted
`)
	require.NoError(t, err)
}

func TestScenarioChanceStepFixesAShuffle(t *testing.T) {
	_, err := runScenarioText(t, scenarioHead+`
steps:
  - run: [{call: mix}]
  - chance: shuffle deck
    result: [pearl, onyx, jade]
  - check: map(deck, .id) == ['pearl', 'onyx', 'jade']
`)
	require.NoError(t, err)
	_, err = runScenarioText(t, scenarioHead+`
steps:
  - run: [{call: mix}]
  - chance: shuffle deck
    result: [pearl, onyx, ruby]
`)
	assert.EqualError(t, err, `s.yaml:8: step 2: expected chance "shuffle deck" with [pearl, onyx, ruby], but the game rejected this outcome: `+
		`supplied outcome for "shuffle deck": card "ruby" is not in the zone`)
}

func TestScenarioChanceStepLeavesEarlierChancesToTheSeed(t *testing.T) {
	// The run shuffles the deck, then the display; the scenario fixes only the second.
	_, err := runScenarioText(t, scenarioHead+`
steps:
  - run: [{call: mix}, {shuffle: display}]
  - chance: shuffle display
    result: [opal, ruby]
  - check: map(display, .id) == ['opal', 'ruby'] && len(deck) == 3
`)
	require.NoError(t, err)
	_, err = runScenarioText(t, scenarioHead+`
steps:
  - run: [{call: mix}, {shuffle: display}]
  - chance: shuffle dispaly
    result: [opal, ruby]
`)
	assert.EqualError(t, err, `s.yaml:8: step 2: expected chance "shuffle dispaly" with [opal, ruby], `+
		`got chance "shuffle deck" with [jade, onyx, pearl]; chance "shuffle display" with [ruby, opal]`)
}

func TestScenarioExpectError(t *testing.T) {
	_, err := runScenarioText(t, scenarioHead+`
steps:
  - run: [{set: round, to: 7}, {fail: "no gems on Sunday"}]
    expect_error: no gems
  - check: round == 0          # the failed effects are undone
  - asks: 0
    prompt: take a gem
`)
	require.NoError(t, err)
	_, err = runScenarioText(t, scenarioHead+`
steps:
  - run: [{fail: "no gems on Sunday"}]
    expect_error: no coins
`)
	assert.Regexp(t, `^s\.yaml:7: step 1: expected the effects to fail with "no coins", got s\.yaml:7:11: ruleset failure: no gems on Sunday`, err.Error())
	_, err = runScenarioText(t, scenarioHead+`
steps:
  - run: [{set: round, to: 7}]
    expect_error: no gems
`)
	assert.EqualError(t, err, `s.yaml:7: step 1: expected the effects to fail with "no gems", but they did not: a decision by P1 ("take a gem") with the options take c=ruby, take c=opal, pass`)
}

func TestScenarioInlinePatch(t *testing.T) {
	_, err := runScenarioText(t, scenarioHead+`
patch:
  cards:
    gem:
      rows:
        - {id: opal, value: 9}
steps:
  - check: card('opal').value == 9
`)
	require.NoError(t, err)
}

func TestScenarioResult(t *testing.T) {
	_, err := runScenarioText(t, scenarioHead+`
steps:
  - run: [{end_game: true}]
result:
  scores: [1, 0]
`)
	var d *Divergence
	require.ErrorAs(t, err, &d)
	assert.Equal(t, "s.yaml:9: step 2: expected final scores [1, 0], got [0, 0]", err.Error())
}

// TestScenarioDivergences checks each step's failure message: the step,
// what the file expects and what the game did.
func TestScenarioDivergences(t *testing.T) {
	for _, tc := range []struct{ steps, want string }{
		{"  - check: players[0].gold == 1\n",
			`s.yaml:6: step 1: expected check "players[0].gold == 1" to hold, but it does not: players[0].gold == 1 is false (players[0].gold is 0)`},
		{"  - check: players[0].gold == 0 && len(players[1].hand) > 0\n",
			`s.yaml:6: step 1: expected check "players[0].gold == 0 && len(players[1].hand) > 0" to hold, but it does not: players[0].gold == 0 is true (players[0].gold is 0); len(players[1].hand) > 0 is false (len(players[1].hand) is 0)`},
		{"  - asks: 1\n",
			`s.yaml:6: step 1: expected a decision by P2 (asks: 1), got a decision by P1 ("take a gem") with the options take c=ruby, take c=opal, pass`},
		{"  - asks: 0\n    prompt: choose\n",
			`s.yaml:6: step 1: expected a prompt containing "choose", got "take a gem"`},
		{"  - asks: 0\n    options: [pass]\n",
			`s.yaml:6: step 1: expected the options pass, got take c=ruby, take c=opal, pass`},
		{"  - asks: 0\n    offers: [take c=jade]\n",
			`s.yaml:6: step 1: expected option "take c=jade" to be offered, got take c=ruby, take c=opal, pass`},
		{"  - asks: 0\n    not_offers: [pass]\n",
			`s.yaml:6: step 1: expected option "pass" not to be offered, got take c=ruby, take c=opal, pass`},
		{"  - run: [{call: pay, with: {p: 0}}]\n  - finished: true\n",
			`s.yaml:7: step 2: expected the effects of the run step at line 6 to be finished, got a decision by P1 ("pay 0?") with the options yes, no`},
		{"  - run: [{call: pay, with: {p: 0}}]\n  - run: [{call: pay, with: {p: 1}}]\n",
			`s.yaml:7: step 2: expected the effects to run, but those of the run step at line 6 still wait: a decision by P1 ("pay 0?") with the options yes, no`},
		{"  - logged: P2 pays\n",
			`s.yaml:6: step 1: expected a log message containing "P2 pays", but none does (the last is "phase: offer")`},
		{"  - decide: 0\n    key: take c=jade\n",
			`s.yaml:6: step 1: expected decision "take c=jade" by P1 (decide: 0), but it is not legal here (legal: take c=ruby, take c=opal, pass)`},
	} {
		_, err := runScenarioText(t, scenarioHead+"steps:\n"+tc.steps)
		var d *Divergence
		if assert.True(t, errors.As(err, &d), "%v", err) {
			assert.Equal(t, tc.want, err.Error())
		}
	}
}

// TestScenarioFileErrors checks problems of the file itself: all of them,
// with their place and did-you-mean.
func TestScenarioFileErrors(t *testing.T) {
	_, err := ReadScenario("s.yaml", []byte("game: g\nplayers: 2\nstart: first_decison\nposition: [x]\nsteps:\n  - asks: 0\n    option: [a]\n  - finished: yes\n  - finnished: true\n"))
	require.Error(t, err)
	assert.Equal(t, `s.yaml:1:1: missing "scenario"
s.yaml:3:8: start must be after_setup, first_decision or phase NAME, not "first_decison" (did you mean "first_decision"?)
s.yaml:4:11: position must be a mapping of names to values (zones, variables, players:, cards:)
s.yaml:7:5: unknown key "option" (did you mean "options"?)
s.yaml:8:15: write finished: true
s.yaml:9:5: a step needs one of chance, decide, check, run, asks, finished, logged: "finnished" is no step kind (did you mean "finished"?)`, err.Error())
}

func TestScenarioPositionErrors(t *testing.T) {
	sc, err := ReadScenario("s.yaml", []byte(scenarioHead+`position:
  dispaly: [ruby]
  display: [rubi, ruby, ruby]
  empty: [hnd]
  players:
    - {hand: [gold_coin, gold_coin, gold_coin, gold_coin], gld: 1, gold: "x"}
  cards:
    opal: {zone: hand, shine: true}
`))
	require.NoError(t, err)
	p, err := LoadScenario(rulestest.FS(scenarioGame), "g", sc)
	require.NoError(t, err)
	_, err = StartScenario(p, sc, nil)
	require.Error(t, err)
	assert.Equal(t, `s.yaml:6:3: "dispaly" is not a global zone or variable (did you mean "display"?)
s.yaml:7:13: no card "rubi" (did you mean "ruby"?)
s.yaml:7:25: card "ruby" is listed twice
s.yaml:8:11: no zone "hnd" (did you mean "hand"?)
s.yaml:10:48: all 3 copies of "gold_coin" are listed already
s.yaml:10:60: "gld" is not a player zone or variable (did you mean "gold"?)
s.yaml:10:74: gold: expected int, got string "x"
s.yaml:12:12: zone cannot be set: list the card in a zone to place it
s.yaml:12:24: cards have no field "shine" (did you mean "shiny"?)`, err.Error())
}

func TestIsScenario(t *testing.T) {
	assert.True(t, IsScenario([]byte(scenarioHead)))
	assert.False(t, IsScenario([]byte("game: g\nplayers: 2\n")), "a transcript")
	assert.False(t, IsScenario([]byte("[")), "not YAML")
}

func TestExecReportsUnknownProcedureAndPhase(t *testing.T) {
	g, err := interpreter.NewGame(rulestest.Load(t, scenarioGame), interpreter.Config{Players: 2, Seed: 1})
	require.NoError(t, err)
	err = g.Exec("[{call: pya, with: {p: 0}}, {phase: supply}]")
	require.Error(t, err, "an unknown name must not reach the run (it panicked)")
	assert.Equal(t, `<effects>:1:2: unknown procedure "pya" (did you mean "pay"?)
<effects>:1:29: unknown phase "supply"`, err.Error())
}

// A scenario's decide step compares its label: with the option's: its
// author reads it as checked. (A recorded transcript's labels are for the
// reader; TestReplayIgnoresRecordedLabels.)
func TestScenarioDecideComparesTheLabel(t *testing.T) {
	steps := scenarioHead + `start: first_decision
position:
  display: [ruby, jade]
steps:
  - decide: 0
    key: take c=jade
    label: %s
`
	_, err := runScenarioText(t, fmt.Sprintf(steps, "take c=jade"))
	require.NoError(t, err)
	_, err = runScenarioText(t, fmt.Sprintf(steps, "the jade"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), `labelled "the jade", but the option is labelled "take c=jade" (a scenario compares label: with the option's; leave label: out to take the option by its key alone)`)
}
