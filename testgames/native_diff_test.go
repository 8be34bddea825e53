package testgames

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/interpreter/transcript"
	"agon/rulesets"
	native "agon/testgames/internal/nativepeloponnes"
)

// TestNativeDifferential plays Peloponnes games on the interpreter, on
// the present runtime and again on the flat one, the rebuilt runtime, and
// drives the hand-written native game (testgames/internal/nativepeloponnes)
// in lockstep with the same chance outcomes (every shuffle the engine
// logs is supplied to the native game) and the same decisions. At every
// decision the deciding player and the legal option keys must be equal,
// in the same order; at the end, the scores and winners, and each player's
// scoring details (population, power points, luxury goods). 1,000 games
// (2-5 players; random bots, with first bots in some seats or all seats);
// -short plays 100.
func TestNativeDifferential(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	if err != nil {
		t.Fatal(err)
	}
	games := 1000
	if testing.Short() {
		games = 100
	}
	for _, flat := range []bool{false, true} {
		decisions := 0
		for i := 0; i < games; i++ {
			players := 2 + i%4
			seed := bot.GameSeed(11, i)
			n, err := diffGame(p, players, seed, diffBots(i, players), native.NoMutation, flat)
			if err != nil {
				t.Fatalf("flat runtime %v: %v", flat, err)
			}
			decisions += n
		}
		t.Logf("%d games, %d decisions compared (flat runtime: %v)", games, decisions, flat)
	}
}

// diffBots are the bot kinds of game i: mostly random; every fifth game
// has a first bot in seat 0 and every tenth first bots in every seat.
func diffBots(i, players int) []string {
	kinds := make([]string, players)
	for s := range kinds {
		kinds[s] = "random"
		if i%10 == 9 || (i%5 == 4 && s == 0) {
			kinds[s] = "first"
		}
	}
	return kinds
}

// diffGame plays one game on both and returns the number of decisions, or
// an error naming the seed, the step and both option lists at the first
// difference. The engine is the present runtime, or the flat one with
// flat.
func diffGame(p *interpreter.Program, players int, seed uint64, kinds []string, m native.Mutation, flat bool) (int, error) {
	where := fmt.Sprintf("seed %d, %d players, bots %v", seed, players, kinds)
	g, err := newDiffEngine(p, players, seed, kinds, flat)
	if err != nil {
		return 0, fmt.Errorf("%s: engine: %v", where, err)
	}
	seen := 0
	outcomes := func() []native.Outcome {
		var out []native.Outcome
		ev := g.Events()
		for _, e := range ev[seen:] {
			if e.Kind == interpreter.EventChance {
				out = append(out, native.Outcome{Name: e.Name, Result: e.Result})
			}
		}
		seen = len(ev)
		return out
	}
	n, err := native.New(native.Config{Players: players, Seed: seed, Outcomes: outcomes(), Mutation: m})
	if err != nil {
		return 0, fmt.Errorf("%s, setup: native: %v", where, err)
	}
	for step := 0; !g.Over(); step++ {
		d := g.Pending()
		want := make([]string, len(d.Options))
		for i, o := range d.Options {
			want[i] = o.Key
		}
		who, _, ok := n.Pending()
		if !ok || who != d.Player || !slices.Equal(n.Keys(), want) {
			return step, fmt.Errorf("%s, step %d (%s):\nengine P%d: [%s]\nnative P%d (pending %v, over %v, err %v): [%s]",
				where, step, d.Pos, d.Player+1, strings.Join(want, ", "), who+1, ok, n.Over(), n.Err(), strings.Join(n.Keys(), ", "))
		}
		i, err := g.choose(d)
		if err != nil {
			return step, fmt.Errorf("%s, step %d: engine's bot: %v", where, step, err)
		}
		key := d.Options[i].Key
		if err := g.Apply(key); err != nil {
			return step, fmt.Errorf("%s, step %d: engine: %v", where, step, err)
		}
		n.Supply(outcomes()...)
		if err := n.ApplyKey(key); err != nil {
			return step, fmt.Errorf("%s, step %d, after %q: native: %v", where, step, key, err)
		}
	}
	r, err := g.result()
	if err != nil {
		return 0, fmt.Errorf("%s: engine: %v", where, err)
	}
	steps := r.Decisions
	if !n.Over() {
		return steps, fmt.Errorf("%s: the engine's game is over after %d decisions, the native one is not (options [%s])", where, steps, strings.Join(n.Keys(), ", "))
	}
	scores := make([]int, players)
	for i, pr := range r.Players {
		scores[i] = pr.Score
	}
	if !slices.Equal(scores, n.Scores()) || !slices.Equal(r.Winners, n.Winners()) {
		return steps, fmt.Errorf("%s: engine scores %v winners %v, native scores %v winners %v", where, scores, r.Winners, n.Scores(), n.Winners())
	}
	for i, pr := range r.Players {
		pop, pow, lux := n.Details(i)
		got := fmt.Sprint([]int{pop, pow, lux})
		want := fmt.Sprint(detailValues(pr.Details))
		if got != want {
			return steps, fmt.Errorf("%s: P%d's population, power points and luxury goods: engine %s, native %s", where, i+1, want, got)
		}
	}
	return steps, nil
}

// diffEngine is the engine's game in a differential game: on the present
// runtime or the flat one, with the seats' bots.
type diffEngine struct {
	Pending func() *interpreter.Decision
	Apply   func(key string) error
	Events  func() []interpreter.Event
	Over    func() bool
	// result is the result with the scoring's details; choose the bot's
	// option at decision d.
	result func() (*interpreter.Result, error)
	choose func(d *interpreter.Decision) (int, error)
}

// newDiffEngine starts a game of p on the present runtime, or on the
// flat one.
func newDiffEngine(p *interpreter.Program, players int, seed uint64, kinds []string, flat bool) (*diffEngine, error) {
	bots := seatBots(kinds, seed)
	if !flat {
		g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
		if err != nil {
			return nil, err
		}
		return &diffEngine{Pending: g.Pending, Apply: g.Apply, Events: g.Events, Over: g.Over,
			result: func() (*interpreter.Result, error) { return g.Result(), nil },
			choose: func(d *interpreter.Decision) (int, error) { return bots[d.Player].Choose(g, d), nil }}, nil
	}
	fp, err := p.Flat()
	if err != nil {
		return nil, err
	}
	g, err := fp.NewGameWithLog(players, seed, nil)
	if err != nil {
		return nil, err
	}
	return &diffEngine{Pending: g.Pending, Apply: g.ApplyKey, Events: g.Events, Over: g.Over, result: g.ResultDetails,
		choose: func(d *interpreter.Decision) (int, error) {
			return bots[d.Player].(interpreter.FlatBot).ChooseFlat(g)
		}}, nil
}

// detailValues are the values of the scoring details (population, power
// points, luxury goods in scoring.yaml).
func detailValues(d []interpreter.NamedValue) []any {
	out := make([]any, len(d))
	for i, v := range d {
		out[i] = v.Value
	}
	return out
}

// TestNativeDifferentialCatchesAWrongRule breaks one rule of the native
// game at a time (a test-only Mutation) and requires the differential
// comparison to report the difference, with the seed, the step and both
// option lists (or both results).
func TestNativeDifferentialCatchesAWrongRule(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []struct {
		name string
		m    native.Mutation
	}{
		{"conquest bonus 2", native.MutateConquestBonus},
		{"2 symbols protect", native.MutateProtection},
	} {
		for _, flat := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/flat=%v", m.name, flat), func(t *testing.T) {
				for i := 0; i < 20; i++ {
					players := 2 + i%4
					seed := bot.GameSeed(11, i)
					_, err := diffGame(p, players, seed, diffBots(i, players), m.m, flat)
					if err == nil {
						continue
					}
					msg := err.Error()
					if !strings.Contains(msg, fmt.Sprintf("seed %d", seed)) || !(strings.Contains(msg, "step ") && strings.Contains(msg, "native P") || strings.Contains(msg, "native scores")) {
						t.Fatalf("the report lacks the seed, step or option lists:\n%s", msg)
					}
					t.Logf("game %d: %s", i, msg)
					return
				}
				t.Fatal("20 games with a wrong rule passed the differential test")
			})
		}
	}
}

// TestNativeDifferentialRareRules compares games that reach rules the
// 1,000 games of TestNativeDifferential miss (found by searching seeds):
// a luxury card freed from the decline at the game's end.
func TestNativeDifferentialRareRules(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		players int
		seed    uint64
		log     string // a log line the game must show
	}{
		{3, 256086149424229030, "P1 recovers the luxury card from the decline"},
		{5, 2426712287213582858, "P1 recovers the luxury card from the decline"},
	} {
		kinds := diffBots(0, c.players)
		for _, flat := range []bool{false, true} {
			if _, err := diffGame(p, c.players, c.seed, kinds, native.NoMutation, flat); err != nil {
				t.Fatal(err)
			}
		}
		tr, err := transcript.Record(p, interpreter.Config{Players: c.players, Seed: c.seed}, seatBots(kinds, c.seed))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(tr.Steps, func(s transcript.Step) bool { return s.Text == c.log }) {
			t.Errorf("seed %d: the game no longer shows %q: find another seed", c.seed, c.log)
		}
	}
}

// seatBots are the bots of a game, seeded as diffGame seeds them.
func seatBots(kinds []string, seed uint64) []interpreter.Bot {
	bots := make([]interpreter.Bot, len(kinds))
	for s := range bots {
		bots[s], _ = bot.New(kinds[s], bot.SeatSeed(seed, s))
	}
	return bots
}
