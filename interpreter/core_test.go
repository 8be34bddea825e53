package interpreter

// Unit tests of the game machinery: limits, determinism, chance outcomes
// and scoring (Clone and MarshalState/UnmarshalState: clone_test.go;
// views: view_test.go). The shared test helpers live here too;
// expression tests are in exprs_test.go, effect tests in effects_test.go,
// decision and trigger tests in decisions_test.go.

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rulesFile is the file every test ruleset is written to; positions in
// load and run errors point into it, counting lines of the test's source
// from 1.
const rulesFile = "g/rules.yaml"

// rulesFS builds a ruleset directory "g" from src. game and players (1 to
// 4) are in a second file, and a zero score unless src has scoring, so
// line numbers in src are the file's line numbers.
func rulesFS(src string) fstest.MapFS {
	head := "game: g\nplayers: {min: 1, max: 4}\n"
	if !strings.Contains(src, "scoring:") {
		head += "scoring: {score: 0}\n"
	}
	return fstest.MapFS{
		"g/0head.yaml": {Data: []byte(head)},
		rulesFile:      {Data: []byte(src)},
	}
}

// load compiles src and fails the test on any problem.
func load(t *testing.T, src string) *Program {
	t.Helper()
	p, err := Load(rulesFS(src), "g", "")
	require.NoError(t, err)
	return p
}

// loadErr compiles src, which must fail, and returns the error text.
func loadErr(t *testing.T, src string) string {
	t.Helper()
	_, err := Load(rulesFS(src), "g", "")
	require.Error(t, err, "the ruleset should not load")
	return err.Error()
}

// start loads src and starts a game of n players with seed 1.
func start(t *testing.T, src string, n int) *Game {
	t.Helper()
	g, err := NewGame(load(t, src), Config{Players: n, Seed: 1})
	require.NoError(t, err)
	return g
}

// startErr loads src and starts a game that must stop with a
// *RuntimeError, which it returns.
func startErr(t *testing.T, src string, cfg Config) *RuntimeError {
	t.Helper()
	if cfg.Players == 0 {
		cfg.Players = 1
	}
	_, err := NewGame(load(t, src), cfg)
	require.Error(t, err, "the game should stop with an error")
	var re *RuntimeError
	require.True(t, errors.As(err, &re), "want a *RuntimeError, got %T: %v", err, err)
	return re
}

// logs are the texts of the game's log events, in order.
func logs(g *Game) []string {
	var out []string
	for _, e := range g.Events() {
		if e.Kind == EventLog {
			out = append(out, e.Text)
		}
	}
	return out
}

// chances are the game's chance events.
func chances(g *Game) []Event {
	var out []Event
	for _, e := range g.Events() {
		if e.Kind == EventChance {
			out = append(out, e)
		}
	}
	return out
}

// eval evaluates an expression in g and fails the test on error.
func eval(t *testing.T, g *Game, src string) any {
	t.Helper()
	v, err := g.Eval(src)
	require.NoError(t, err, src)
	return v
}

// keys are the option keys of the pending decision.
func keys(t *testing.T, g *Game) []string {
	t.Helper()
	d := g.Pending()
	require.NotNil(t, d, "a decision should be pending")
	out := make([]string, len(d.Options))
	for i, o := range d.Options {
		out[i] = o.Key
	}
	return out
}

// apply takes the given options in order.
func apply(t *testing.T, g *Game, keys ...string) {
	t.Helper()
	for _, k := range keys {
		require.NoError(t, g.Apply(k), "apply %q", k)
	}
}

// marshal is MarshalState that fails the test on error.
func marshal(t *testing.T, g *Game) string {
	t.Helper()
	b, err := g.MarshalState()
	require.NoError(t, err)
	return string(b)
}

// gemsDeck is a card table of five gems in a global zone "deck", with a
// discard pile "pile" and a player zone "hand".
const gemsDeck = `
cards:
  gem:
    zone: deck
    attributes:
      name: {type: string}
      value: {type: int}
    props:
      shiny: {type: bool}
    rows:
      - {id: ruby, name: Ruby, value: 5}
      - {id: opal, name: Opal, value: 2}
      - {id: jade, name: Jade, value: 3}
      - {id: onyx, name: Onyx, value: 1}
      - {id: pearl, name: Pearl, value: 4}
zones:
  deck: {}
  pile: {}
  hand: {owner: player, visibility: owner}
`

// --- limits ---

func TestMaxEffectsStopsALoopThatNeverExits(t *testing.T) {
	re := startErr(t, `
vars:
  x: {type: int}
flow:
  - while: x >= 0
    do:
      - add: x
        by: 1
`, Config{Limits: Limits{MaxEffects: 1000}})
	assert.Contains(t, re.Msg, "more than 1000 effects")
	assert.Contains(t, re.Msg, "MaxEffects")
	// The 1001st effect is an add: the loop's body, line 7.
	assert.Equal(t, rulesFile+":7:9", re.Pos.String())
	assert.Equal(t, "flow", re.Where)
	assert.True(t, strings.HasPrefix(re.Error(), rulesFile+":7:9: "), re.Error())
}

func TestMaxEffectsCountsFromTheLastDecision(t *testing.T) {
	// 3 rounds of 40 effects each, with a decision between rounds: under
	// a limit of 50 per stretch although 120 run in all.
	g, err := NewGame(load(t, `
vars:
  x: {type: int}
flow:
  - repeat: 3
    do:
      - repeat: 40
        do:
          - add: x
            by: 1
      - choose:
          who: 0
          prompt: next
          options: [{key: go}]
`), Config{Players: 1, Limits: Limits{MaxEffects: 50}})
	require.NoError(t, err)
	apply(t, g, "go", "go", "go")
	assert.True(t, g.Over())
	assert.Equal(t, 120, eval(t, g, "x"))
}

func TestWhileWithEmptyBodyHitsMaxEffects(t *testing.T) {
	p := load(t, `
vars:
  x: {type: int}
flow:
  - while: x >= 0
    do: []
`)
	done := make(chan error, 1)
	go func() {
		_, err := NewGame(p, Config{Players: 1, Limits: Limits{MaxEffects: 100}})
		done <- err
	}()
	select {
	case err := <-done:
		require.Error(t, err)
		assert.Contains(t, err.Error(), "MaxEffects")
	case <-time.After(2 * time.Second):
		t.Fatal("NewGame did not return: the empty loop runs forever")
	}
}

// A game past MaxDecisions names the innermost while running, not the
// repeat of a round inside it (a new designer's race whose finish line was
// misspelt: while not over never ended).
func TestMaxDecisionsNamesTheWhile(t *testing.T) {
	g, err := NewGame(load(t, `
vars: {over: {type: bool}}
flow:
  - while: not over
    do:
      - repeat: 2
        do:
          - choose: {who: 0, prompt: again, options: [{key: go}]}
`), Config{Players: 1, Limits: Limits{MaxDecisions: 3}})
	require.NoError(t, err)
	apply(t, g, "go", "go", "go")
	err = g.Apply("go")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 3 decisions (limit MaxDecisions): does the game end? (the innermost while running is at "+rulesFile+":4:5)")
}

func TestMaxDecisions(t *testing.T) {
	g, err := NewGame(load(t, `
flow:
  - repeat: 10
    do:
      - choose:
          who: 0
          prompt: again
          options: [{key: go}]
`), Config{Players: 1, Limits: Limits{MaxDecisions: 3}})
	require.NoError(t, err)
	apply(t, g, "go", "go", "go")
	pos := g.Pending().Pos
	assert.True(t, strings.HasPrefix(pos, rulesFile+":"), pos)
	err = g.Apply("go")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 3 decisions (limit MaxDecisions): does the game end?")
	assert.NotContains(t, err.Error(), "innermost", "no while runs: a repeat is not to blame")
	assert.True(t, strings.HasPrefix(err.Error(), pos+": "), "names the choose: %v", err)
	assert.Equal(t, 3, g.Decisions())
	assert.False(t, g.Over())
}

func TestMaxExprMemoryDefaultStopsAHugeRange(t *testing.T) {
	re := startErr(t, `
vars:
  n: {type: int}
flow:
  - set: n
    to: len(1..10000000)
`, Config{})
	assert.Contains(t, re.Msg, "memory budget exceeded")
	assert.Equal(t, rulesFile, re.Pos.File)
	assert.Equal(t, 6, re.Pos.Line)
}

func TestMaxExprMemoryIsConfigurable(t *testing.T) {
	src := `
vars:
  n: {type: int}
flow:
  - set: n
    to: len(1..1000)
`
	g, err := NewGame(load(t, src), Config{Players: 1, Limits: Limits{MaxExprMemory: 5000}})
	require.NoError(t, err)
	assert.Equal(t, 1000, eval(t, g, "n"))
	re := startErr(t, src, Config{Limits: Limits{MaxExprMemory: 100}})
	assert.Contains(t, re.Msg, "memory budget exceeded")
}

// --- determinism and chance ---

// dealGame shuffles the deck, lets player 0 take cards, then shuffles the
// pile back in.
const dealGame = gemsDeck + `
setup:
  - shuffle: deck
flow:
  - repeat: 2
    do:
      - choose:
          who: 0
          prompt: "Take a gem"
          options:
            - key: take
              for_each: deck
              as: c
              do:
                - move: c
                  into: players[0].hand
      - move: deck[0]
        into: pile
  - shuffle: pile
  - log: "pile {pile}"
`

// playFirst takes the first option until the game is over.
func playFirst(t *testing.T, g *Game) {
	t.Helper()
	for !g.Over() {
		require.NoError(t, g.Apply(g.Pending().Options[0].Key))
	}
}

func TestSameSeedSameDecisionsSameGame(t *testing.T) {
	p := load(t, dealGame)
	run := func() *Game {
		g, err := NewGame(p, Config{Players: 2, Seed: 42})
		require.NoError(t, err)
		playFirst(t, g)
		return g
	}
	a, b := run(), run()
	assert.Equal(t, a.Events(), b.Events())
	assert.Equal(t, marshal(t, a), marshal(t, b))
	assert.Len(t, chances(a), 2)
}

func TestDifferentSeedsShuffleDifferently(t *testing.T) {
	p := load(t, dealGame)
	first := func(seed uint64) []string {
		g, err := NewGame(p, Config{Players: 1, Seed: seed})
		require.NoError(t, err)
		c := chances(g)
		require.Len(t, c, 1)
		assert.Equal(t, "shuffle deck", c[0].Name)
		return c[0].Result
	}
	a := first(1)
	assert.ElementsMatch(t, []string{"ruby", "opal", "jade", "onyx", "pearl"}, a)
	assert.Equal(t, a, first(1))
	differs := false
	for seed := uint64(2); seed < 6; seed++ {
		if !assert.ObjectsAreEqual(a, first(seed)) {
			differs = true
		}
	}
	assert.True(t, differs, "four other seeds all gave the shuffle %v", a)
}

func TestSuppliedOutcomeOverridesTheShuffle(t *testing.T) {
	order := []string{"onyx", "jade", "pearl", "ruby", "opal"}
	for seed := uint64(1); seed <= 3; seed++ {
		g, err := NewGame(load(t, dealGame), Config{Players: 1, Seed: seed,
			Outcomes: []Outcome{{Name: "shuffle deck", Result: order}}})
		require.NoError(t, err)
		assert.Equal(t, order, eval(t, g, "ids(deck)"))
		assert.Equal(t, order, chances(g)[0].Result, "the supplied outcome is logged")
		assert.Equal(t, []string{"take c=onyx", "take c=jade", "take c=pearl", "take c=ruby", "take c=opal"}, keys(t, g))
	}
}

func TestSupplyOutcomesLaterInTheGame(t *testing.T) {
	g, err := NewGame(load(t, dealGame), Config{Players: 1, Seed: 9})
	require.NoError(t, err)
	apply(t, g, g.Pending().Options[0].Key)
	pile := eval(t, g, "ids(pile)").([]string)
	require.Len(t, pile, 1)
	apply(t, g, g.Pending().Options[0].Key)
	pile = eval(t, g, "ids(pile)").([]string)
	require.Len(t, pile, 2)
	// The same game again, with the final pile shuffle supplied after
	// the game started.
	g2, err := NewGame(load(t, dealGame), Config{Players: 1, Seed: 9})
	require.NoError(t, err)
	g2.SupplyOutcomes(Outcome{Name: "shuffle pile", Result: []string{pile[1], pile[0]}})
	playFirst(t, g2)
	assert.Equal(t, []string{pile[1], pile[0]}, eval(t, g2, "ids(pile)"))
}

func TestSuppliedOutcomeErrors(t *testing.T) {
	cases := []struct {
		name string
		out  Outcome
		want string
	}{
		{"wrong name", Outcome{Name: "shuffle pile", Result: []string{"ruby"}},
			`supplied chance outcome is "shuffle pile", but the game needs "shuffle deck"`},
		{"too few cards", Outcome{Name: "shuffle deck", Result: []string{"ruby", "opal", "jade", "onyx"}},
			`supplied outcome for "shuffle deck": lists 4 cards, the zone has 5 (missing: pearl)`},
		{"too many cards", Outcome{Name: "shuffle deck", Result: []string{"ruby", "opal", "jade", "onyx", "pearl", "ruby", "amber"}},
			`supplied outcome for "shuffle deck": lists 7 cards, the zone has 5 (listed twice: ruby; not in the zone: amber)`},
		{"one for another", Outcome{Name: "shuffle deck", Result: []string{"ruby", "opal", "jade", "onyx", "onyx", "amber"}},
			`lists 6 cards, the zone has 5 (missing: pearl; listed twice: onyx; not in the zone: amber)`},
		{"card twice", Outcome{Name: "shuffle deck", Result: []string{"ruby", "opal", "jade", "onyx", "ruby"}},
			`card "ruby" is listed twice`},
		{"unknown card", Outcome{Name: "shuffle deck", Result: []string{"ruby", "opal", "jade", "onyx", "amber"}},
			`card "amber" is not in the zone`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			re := startErr(t, dealGame, Config{Outcomes: []Outcome{tc.out}})
			assert.Contains(t, re.Msg, tc.want)
			assert.Equal(t, "setup", re.Where)
		})
	}
}

func TestRollUsesSuppliedOutcomeAndChecksFaces(t *testing.T) {
	src := `
vars:
  die: {type: int}
flow:
  - roll: die
    faces: 1..6
`
	g, err := NewGame(load(t, src), Config{Players: 1, Outcomes: []Outcome{{Name: "roll die", Result: []string{"4"}}}})
	require.NoError(t, err)
	assert.Equal(t, 4, eval(t, g, "die"))
	assert.Equal(t, []Event{{Kind: EventChance, Name: "roll die", Result: []string{"4"}}}, chances(g))

	re := startErr(t, src, Config{Outcomes: []Outcome{{Name: "roll die", Result: []string{"7"}}}})
	assert.Equal(t, `supplied outcome for "roll die": "7" is not one of the faces [1, 2, 3, 4, 5, 6]`, re.Msg, "a list as a transcript writes it")
	re = startErr(t, src, Config{Outcomes: []Outcome{{Name: "roll die", Result: []string{"4", "5"}}}})
	assert.Equal(t, `supplied outcome for "roll die": lists 2 faces, a roll has one`, re.Msg)

	g, err = NewGame(load(t, src), Config{Players: 1, Seed: 3})
	require.NoError(t, err)
	assert.Contains(t, []any{1, 2, 3, 4, 5, 6}, eval(t, g, "die"))
}

// --- scoring ---

func TestScoringRanksWithTiesAndTiebreaks(t *testing.T) {
	g := start(t, `
player_vars:
  pts: {type: int, init: "[5, 7, 7, 7][me]"}
  tb: {type: int, init: "[9, 1, 1, 0][me]"}
scoring:
  score: players[me].pts
  tiebreak:
    - players[me].tb
    - 0
  details:
    - name: points
      expr: players[me].pts
    - name: twice
      expr: players[me].pts * 2
flow:
  - log: done
`, 4)
	require.True(t, g.Over())
	r := g.Result()
	require.NotNil(t, r)
	var ranks, scores []int
	for _, pr := range r.Players {
		ranks = append(ranks, pr.Rank)
		scores = append(scores, pr.Score)
	}
	assert.Equal(t, []int{5, 7, 7, 7}, scores)
	assert.Equal(t, []int{4, 1, 1, 3}, ranks, "tie-break 9 does not help a lower score; 1 beats 0")
	assert.Equal(t, []int{1, 2}, r.Winners, "a shared win")
	assert.Equal(t, []int{1, 0}, r.Players[1].Tiebreak)
	assert.Equal(t, []NamedValue{{"points", 7}, {"twice", 14}}, r.Players[3].Details)
	assert.Equal(t, 0, r.Decisions)
}

func TestScoringAllEqualShareTheWin(t *testing.T) {
	g := start(t, `
scoring:
  score: 3
flow:
  - log: done
`, 3)
	r := g.Result()
	require.NotNil(t, r)
	assert.Equal(t, []int{0, 1, 2}, r.Winners)
	for _, pr := range r.Players {
		assert.Equal(t, 1, pr.Rank)
	}
}

func TestScoringSecondTiebreakDecides(t *testing.T) {
	g := start(t, `
scoring:
  score: 1
  tiebreak: [0, "me == 2 ? 5 : 4", me]
flow:
  - log: done
`, 3)
	r := g.Result()
	assert.Equal(t, []int{2}, r.Winners)
	assert.Equal(t, []int{3, 2, 1}, []int{r.Players[0].Rank, r.Players[1].Rank, r.Players[2].Rank})
}

func TestScoringErrorIsARuntimeError(t *testing.T) {
	re := startErr(t, `
scoring:
  score: div(10, me)
flow:
  - log: done
`, Config{Players: 2})
	assert.Equal(t, "scoring", re.Where)
	assert.Contains(t, re.Msg, "division by zero")
	assert.Equal(t, 3, re.Pos.Line)
}

func TestNewGameChecksPlayerCount(t *testing.T) {
	_, err := NewGame(load(t, "flow:\n  - log: hi\n"), Config{Players: 5})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is for 1 to 4 players, not 5")
}

func TestNewGameChecksAFixedPlayerCount(t *testing.T) {
	fs := fstest.MapFS{"g/rules.yaml": {Data: []byte("game: g\nplayers: {min: 2, max: 2}\nscoring: {score: 0}\nflow:\n  - log: hi\n")}}
	p, err := Load(fs, "g", "")
	require.NoError(t, err)
	_, err = NewGame(p, Config{Players: 3})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is for 2 players, not 3")
}

func TestApplyAfterTheGameIsOver(t *testing.T) {
	g := start(t, "flow:\n  - log: hi\n", 1)
	require.True(t, g.Over())
	assert.Nil(t, g.Pending())
	err := g.Apply("go")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no decision is pending")
}
