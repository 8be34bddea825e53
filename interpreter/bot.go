package interpreter

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Bot chooses options for the decisions of one seat. A Bot keeps its own
// state (its random stream), so each seat of each game needs its own Bot;
// a Bot is not safe for concurrent use.
type Bot interface {
	// Choose returns the index of the chosen option in d.Options. d is the
	// game's pending decision and has at least one option.
	Choose(g *Game, d *Decision) int
}

// botStream is the PCG stream constant of the bots' random sources: bots
// and games seeded alike must not draw the same numbers.
const botStream = 0x6a09e667f3bcc908

// BotKinds lists the kinds NewBot accepts, sorted.
func BotKinds() []string { return []string{"first", "random"} }

// NewBot returns a bot of the given kind: "random" chooses uniformly among
// the legal options from its own stream seeded with seed; "first" always
// takes the first option.
func NewBot(kind string, seed uint64) (Bot, error) {
	switch kind {
	case "random":
		return &randomBot{r: rand.New(rand.NewPCG(seed, botStream))}, nil
	case "first":
		return firstBot{}, nil
	}
	return nil, fmt.Errorf("unknown bot %q (bots: %s)", kind, strings.Join(BotKinds(), ", "))
}

// randomBot chooses uniformly among the legal options.
type randomBot struct{ r *rand.Rand }

// Choose draws an option index from the bot's stream.
func (b *randomBot) Choose(_ *Game, d *Decision) int {
	if len(d.Options) <= 1 {
		return 0
	}
	return b.r.IntN(len(d.Options))
}

// String names the bot's kind.
func (b *randomBot) String() string { return "random" }

// firstBot always takes the first option.
type firstBot struct{}

// Choose returns 0.
func (firstBot) Choose(*Game, *Decision) int { return 0 }

// String names the bot's kind.
func (firstBot) String() string { return "first" }
