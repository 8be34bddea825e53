// Package bot has the bots that play a seat of a game: random, first and
// greedy, and mcts (Monte Carlo tree search). A bot is an
// interpreter.Bot; it sees the game through package interpreter's public API only.
// Every bot is an interpreter.FlatBot too: it decides a game of the flat
// runtime as it decides the same game of the present one (lookahead.go).
package bot

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"agon/interpreter"
	"agon/schema"
)

// botStream is the PCG stream constant of the bots' random sources: bots
// and games seeded alike must not draw the same numbers.
const botStream = 0x6a09e667f3bcc908

// Kinds lists the kinds New accepts, sorted. "mcts" also takes settings
// after colons (see parseMCTS): mcts:400, mcts:2s,
// mcts:400:depth=8:c=0.5.
func Kinds() []string { return []string{"first", "greedy", "mcts", "random"} }

// Check reports whether New accepts kind, with the error New would give.
func Check(kind string) error {
	_, err := New(kind, 0)
	return err
}

// New returns a bot of the given kind: "random" chooses uniformly among
// the legal options from its own stream seeded with seed; "first" always
// takes the first option; "greedy" takes the option whose position the
// ruleset's heuristic rates best (see greedyBot); "mcts" searches
// (see mctsBot), "mcts:400" with 400 playouts per decision, "mcts:2s"
// for two seconds per decision (not deterministic), with settings such as
// "mcts:400:depth=8:c=0.5" (see parseMCTS).
func New(kind string, seed uint64) (interpreter.Bot, error) {
	if kind == "mcts" || strings.HasPrefix(kind, "mcts:") {
		cfg, err := parseMCTS(kind)
		if err != nil {
			return nil, err
		}
		return &mctsBot{spec: kind, seed: seed, cfg: cfg, r: interpreter.NewRand(seed ^ mctsStream)}, nil
	}
	switch kind {
	case "random":
		return &randomBot{r: rand.New(rand.NewPCG(seed, botStream))}, nil
	case "first":
		return firstBot{}, nil
	case "greedy":
		return &greedyBot{r: interpreter.NewRand(seed ^ botStream), seed: seed}, nil
	}
	return nil, fmt.Errorf("unknown bot %q%s (bots: %s)", kind, schema.DidYouMean(kind, Kinds()), strings.Join(Kinds(), ", "))
}

// UsesClock reports whether a bot of this kind decides by the clock: an
// mcts kind with a time per decision ("mcts:2s", "mcts:500ms:depth=8"),
// whose choices depend on the machine's speed and load, so that a game it
// played cannot be played again the same way. Every other kind, and a
// kind New rejects, reports false.
func UsesClock(kind string) bool {
	if kind != "mcts" && !strings.HasPrefix(kind, "mcts:") {
		return false
	}
	cfg, err := parseMCTS(kind)
	return err == nil && cfg.budget > 0
}

// randomBot chooses uniformly among the legal options.
type randomBot struct{ r *rand.Rand }

// Choose draws an option index from the bot's stream.
func (b *randomBot) Choose(_ *interpreter.Game, d *interpreter.Decision) int {
	return b.ChooseAmong(len(d.Options))
}

// ChooseFlat is Choose for a game on the flat runtime
// (interpreter.FlatBot): the random bot decides by the options' number.
func (b *randomBot) ChooseFlat(g *interpreter.FlatGame) (int, error) {
	return b.ChooseAmong(g.Options()), nil
}

// ChooseAmong draws one of n options from the bot's stream (none when
// there is one).
func (b *randomBot) ChooseAmong(n int) int {
	if n <= 1 {
		return 0
	}
	return b.r.IntN(n)
}

// String names the bot's kind.
func (b *randomBot) String() string { return "random" }

// firstBot always takes the first option.
type firstBot struct{}

// Choose returns 0.
func (firstBot) Choose(*interpreter.Game, *interpreter.Decision) int { return 0 }

// ChooseFlat takes the first option (interpreter.FlatBot).
func (firstBot) ChooseFlat(*interpreter.FlatGame) (int, error) { return 0, nil }

// String names the bot's kind.
func (firstBot) String() string { return "first" }

// GameSeed is the seed of game i of a run of many games seeded with seed
// (agon simulate and bench): nearby runs and games get unrelated seeds.
func GameSeed(seed uint64, i int) uint64 { return mix(seed ^ mix(uint64(i)+1)) }

// SeatSeed is the seed of the bot in a seat of a game seeded with seed
// (agon record, play and simulate): anyone can rebuild a recorded game's
// bots from its transcript.
func SeatSeed(seed uint64, seat int) uint64 { return mix(mix(seed) + uint64(seat) + 1) }

// mix is the splitmix64 finaliser: it spreads nearby inputs over the
// whole range.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}
