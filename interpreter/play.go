package interpreter

import "fmt"

// Bot chooses options for the decisions of one seat. A Bot keeps its own
// state (its random stream), so each seat of each game needs its own Bot;
// a Bot is not safe for concurrent use. Package bot has the bots (random,
// first, greedy); package transcript records games they play.
type Bot interface {
	// Choose returns the index of the chosen option in d.Options. d is the
	// game's pending decision and has at least one option; in a game
	// started with Config.KeysOnly its Prompt and Labels are empty (a
	// label-less option's Label is its Key), so such a Bot decides by keys.
	// d is the Bot's to read until Choose returns: Play fills the same
	// Decision for the next decision (a Bot that keeps a decision copies
	// it, or asks g.Pending for one of its own).
	Choose(g *Game, d *Decision) int
}

// FailingBot is a Bot that can meet an error of the ruleset while it
// decides: the search bots evaluate the ruleset's bots.heuristic, and one
// that cannot be evaluated is a ruleset error like any other, not a
// reason to play blind. Err is the first such error (nil if none); Play
// stops the game with it after the decision that met it.
type FailingBot interface {
	Bot
	Err() error
}

// BotError is b's error when b is a FailingBot that met one, else nil.
func BotError(b Bot) error {
	if fb, ok := b.(FailingBot); ok {
		return fb.Err()
	}
	return nil
}

// Play runs g to its end, with bots[i] deciding for seat i.
func Play(g *Game, bots []Bot) error {
	players := len(bots)
	d := &Decision{} // filled again for each decision (see Bot)
	for !g.Over() {
		pd := g.st.pending
		if pd == nil {
			return fmt.Errorf("the game is not over but no decision is pending")
		}
		g.fillDecision(d, pd)
		if d.Player < 0 || d.Player >= players || len(d.Options) == 0 {
			return fmt.Errorf("bad decision: %s, %d options (%s)", PlayerName(d.Player), len(d.Options), d.Pos)
		}
		i := bots[d.Player].Choose(g, d)
		if err := BotError(bots[d.Player]); err != nil {
			return fmt.Errorf("the bot of %s: %w", PlayerName(d.Player), err)
		}
		if i < 0 || i >= len(d.Options) {
			return fmt.Errorf("bot for %s chose option %d of %d", PlayerName(d.Player), i, len(d.Options))
		}
		if err := g.Apply(d.Options[i].Key); err != nil {
			return err
		}
	}
	return nil
}
