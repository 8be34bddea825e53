package transcript

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/internal/rulestest"
)

// runScenarioBoth runs a scenario of the ruleset src (directory "g") on
// the present runtime and on the flat one, and requires the same report
// and the same error.
func runScenarioBoth(t *testing.T, src, text string) (*ReplayReport, error) {
	t.Helper()
	sc, err := ReadScenario("s.yaml", []byte(text))
	require.NoError(t, err)
	p, err := LoadScenario(rulestest.FS(src), "g", sc)
	require.NoError(t, err)
	want, wantErr := RunScenario(p, sc)
	fp, err := p.Flat()
	require.NoError(t, err)
	got, gotErr := RunScenarioFlat(fp, sc)
	if wantErr == nil {
		require.NoError(t, gotErr)
	} else {
		require.EqualError(t, gotErr, wantErr.Error())
		return got, gotErr
	}
	assert.Equal(t, want.Decisions, got.Decisions, "decisions")
	assert.Equal(t, want.Checks, got.Checks, "checks")
	return got, nil
}

// triggerGame's trigger fires when round reaches 3: the setup leaves it
// at 0 (the flat game knows the condition false as the setup ends), and
// the flow's first effect writes another variable, so only a game that
// forgets what it knew of its triggers when a position is written sees
// the position's round.
const triggerGame = `
vars:
  round: {type: int}
  other: {type: int}
  fired: {type: bool}
triggers:
  - name: late
    when: round >= 3 && not fired
    do: [{set: fired, to: true}]
setup:
  - {set: round, to: 0}
flow:
  - {set: other, to: 1}
  - choose:
      who: 0
      prompt: go
      options: [{key: go}]
`

func TestRunScenarioFlatForgetsTriggerConditionsAtThePosition(t *testing.T) {
	rep, err := runScenarioBoth(t, triggerGame, scenarioHead+`
position:
  round: 3
steps:
  - check: fired && other == 1
`)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Checks)
}

// A scenario's chance step fixes only the outcome it lists: a roll the
// scenario does not list is the seed's, on either runtime.
func TestRunScenarioFlatChanceStepsFixOnlyTheirOutcomes(t *testing.T) {
	src := `
cards:
  gem:
    zone: deck
    rows: [{id: a}, {id: b}, {id: c}]
zones:
  deck: {}
  pile: {}
vars:
  face: {type: int}
setup: []
flow:
  - {roll: face, faces: '[1, 2, 3, 4, 5, 6]'}
  - {shuffle: deck}
  - choose:
      who: 0
      prompt: go
      options: [{key: go}]
`
	// The shuffle is fixed, the roll is not (the seed decides it): the
	// supplied shuffle stays queued past the roll.
	rep, err := runScenarioBoth(t, src, scenarioHead+`
start: after_setup
steps:
  - chance: shuffle deck
    result: [c, a, b]
  - check: map(deck, .id) == ['c', 'a', 'b']
`)
	require.NoError(t, err)
	assert.Equal(t, 1, rep.Checks)
}

// TestRunScenarioFlatAgrees runs the scenarios of this package's tests
// of RunScenario on the flat runtime too: the same report, the same
// divergence. Not among them: effects that fail with another error than
// expected, whose error the present runtime words as a RuntimeError
// ("… (in test effects, after 0 decisions)") and the flat one as its
// place and message only.
func TestRunScenarioFlatAgrees(t *testing.T) {
	for i, text := range []string{
		// The first decision is asked again in the position.
		"start: first_decision\nposition:\n  display: [ruby, jade, onyx]\nsteps:\n  - asks: 0\n    options: [take c=ruby, take c=jade, take c=onyx, pass]\n",
		// The position is applied when the phase begins.
		"start: phase offer\nposition:\n  display: [jade]\nsteps:\n  - asks: 0\n    options: [take c=jade, pass]\n",
		"start: phase ofer\nsteps:\n  - check: true\n",
		// A run step asks a decision; then the one it interrupted is asked again.
		`position:
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
    prompt: take a gem
`,
		"steps:\n  - run: [{call: mix}]\n  - chance: shuffle deck\n    result: [pearl, onyx, jade]\n  - check: map(deck, .id) == ['pearl', 'onyx', 'jade']\n",
		"steps:\n  - run: [{call: mix}]\n  - chance: shuffle deck\n    result: [pearl, onyx, ruby]\n",
		"steps:\n  - run: [{call: mix}, {shuffle: display}]\n  - chance: shuffle display\n    result: [opal, ruby]\n  - check: map(display, .id) == ['opal', 'ruby'] && len(deck) == 3\n",
		"steps:\n  - run: [{call: mix}, {shuffle: display}]\n  - chance: shuffle dispaly\n    result: [opal, ruby]\n",
		// A run step that must fail is undone.
		"steps:\n  - run: [{set: round, to: 7}, {fail: \"no gems on Sunday\"}]\n    expect_error: no gems\n  - check: round == 0\n  - asks: 0\n    prompt: take a gem\n",
		"steps:\n  - run: [{set: round, to: 7}]\n    expect_error: no gems\n",
		"steps:\n  - run: [{end_game: true}]\nresult:\n  scores: [1, 0]\n",
		"steps:\n  - run: [{end_game: true}]\nresult:\n  scores: [0, 0]\n",
		// Positions: listing a deck, copies, props.
		"position:\n  deck: [pearl, ruby]\nsteps:\n  - check: map(deck, .id) == ['pearl', 'ruby', 'jade', 'onyx']\n  - check: map(display, .id) == ['opal']\n",
		`position:
  display: [opal]
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
`,
		"position:\n  dispaly: [ruby]\n  display: [rubi, ruby, ruby]\n  empty: [hnd]\n  players:\n    - {hand: [gold_coin, gold_coin, gold_coin, gold_coin], gld: 1, gold: \"x\"}\nsteps:\n  - check: true\n",
		// Divergences.
		"steps:\n  - asks: 1\n",
		"steps:\n  - asks: 0\n    prompt: choose\n",
		"steps:\n  - run: [{call: pay, with: {p: 0}}]\n  - finished: true\n",
		"steps:\n  - run: [{call: pay, with: {p: 0}}]\n  - run: [{call: pay, with: {p: 1}}]\n",
		"steps:\n  - logged: P2 pays\n",
		"steps:\n  - decide: 0\n    key: take c=jade\n",
		"steps:\n  - run: [{call: pya, with: {p: 0}}]\n",
	} {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			runScenarioBoth(t, scenarioGame, scenarioHead+text)
		})
	}
}

// What the flat runtime does not cover is an error saying so, where the
// present runtime runs the scenario: a run step binding a local no rule
// binds (the flat game's locals are numbered at load), and a position
// writing a card's attribute (the program's columns on the flat state).
func TestRunScenarioFlatSaysWhatItDoesNotCover(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"steps:\n  - run: [{for_each: display, as: gem_seen, do: [{set: round, to: 2}]}]\n  - check: round == 2\n",
			`s.yaml:6: step 1: expected the effects to run, but they failed: the effects: not covered by the flat runtime: the local gem_seen, which no rule binds`},
		{"position:\n  cards:\n    opal: {value: 9}\nsteps:\n  - check: card('opal').value == 9\n",
			`s.yaml:7:12: an attribute: not covered by the flat runtime (a card's attributes are the program's columns there, never written)`},
	} {
		sc, err := ReadScenario("s.yaml", []byte(scenarioHead+tc.text))
		require.NoError(t, err)
		p, err := LoadScenario(rulestest.FS(scenarioGame), "g", sc)
		require.NoError(t, err)
		_, err = RunScenario(p, sc)
		require.NoError(t, err, "the present runtime runs it")
		fp, err := p.Flat()
		require.NoError(t, err)
		_, err = RunScenarioFlat(fp, sc)
		assert.EqualError(t, err, tc.want)
	}
}

// FlatFallback leaves a flat outcome as it is where the game gave no
// error (the scenario holds, or a check does not), and names the game's
// error where it gave one: a run step's effects that fail (the present
// runtime words the failure), or that fail as the step expects.
func TestFlatFallbackNamesTheGamesError(t *testing.T) {
	head := "scenario: s\ngame: g\nplayers: 1\nseed: 1\nstart: first_decision\nsteps:\n"
	for steps, want := range map[string]string{
		"  - check: other == 1\n":                                    "",
		"  - check: other == 2\n":                                    "",
		"  - run: [{fail: no}]\n":                                    "ruleset failure: no (in test effects, after 0 decisions)",
		"  - run: [{fail: no}]\n    expect_error: ruleset failure\n": "ruleset failure: no",
	} {
		sc, err := ReadScenario("s.yaml", []byte(head+steps))
		require.NoError(t, err)
		p, err := LoadScenario(rulestest.FS(triggerGame), "g", sc)
		require.NoError(t, err)
		fp, err := p.Flat()
		require.NoError(t, err)
		why := FlatFallback(RunScenarioFlat(fp, sc))
		if want == "" {
			assert.NoError(t, why, steps)
		} else {
			assert.ErrorContains(t, why, want, steps)
		}
	}
}
