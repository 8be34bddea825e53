package bot

import "agon/interpreter"

// greedyBot looks one move ahead. For each legal option it plays the
// option on a clone of the game, then keeps answering the same player's
// follow-up decisions with their first option (a bid's amount, the coin
// cards to pay with: the rest of the move) until another player decides or
// the same question (the same choose) comes back (a pick under way is
// finished instead, with done as soon as it is offered), and rates the position
// with the ruleset's bots.heuristic expression for the deciding player
// (without one, the score expression). The best-rated option wins; ties
// are broken by the bot's own random stream. It knows nothing of any game:
// how well it plays depends on the heuristic the designer writes.
//
// It sees only what its seat sees: the look-ahead runs in a world of its
// own (see world.go) with its own random stream and every card the
// seat cannot see dealt anew, so it cannot peek at a die that is rolled
// later or at the order of a hidden pile.
type greedyBot struct {
	r    *interpreter.Rand
	seed uint64
	heuristicError
}

// greedyFollowUps bounds the follow-up decisions played per option.
const greedyFollowUps = 12

// Choose rates every option and returns the best one's index.
func (b *greedyBot) Choose(g *interpreter.Game, d *interpreter.Decision) int {
	if len(d.Options) <= 1 {
		return 0
	}
	world := b.world(g, d.Player)
	best, bestValue, ties := 0, 0, 0
	for i, o := range d.Options {
		v, err := b.rate(world, d, o.Key)
		if err != nil {
			continue // an option that fails is never preferred
		}
		switch {
		case ties == 0 || v > bestValue:
			best, bestValue, ties = i, v, 1
		case v == bestValue:
			ties++
			if b.r.IntN(ties) == 0 { // reservoir sampling: uniform among equals
				best = i
			}
		}
	}
	return best
}

// rate plays key on a clone of the bot's world, then the rest of the
// move, and rates the result for the deciding player.
func (b *greedyBot) rate(g *interpreter.Game, d *interpreter.Decision, key string) (int, error) {
	c := g.Clone()
	if err := c.Apply(key); err != nil {
		return 0, err
	}
	if err := finishMove(c, d.Player, d.Pos); err != nil {
		return 0, err
	}
	h, err := c.Heuristic(d.Player)
	b.note(err)
	return h, err
}

// finishMove plays the rest of player's move in c after a decision asked
// at pos: the same player's follow-up decisions (followUp), until another
// player decides or the same question (pos) comes back, at most
// greedyFollowUps of them.
func finishMove(c *interpreter.Game, player int, pos string) error {
	for n := 0; n < greedyFollowUps; n++ {
		next := c.Pending()
		if next == nil || next.Player != player {
			break
		}
		key, underWay := followUp(c, next)
		if !underWay && next.Pos == pos {
			break
		}
		if err := c.Apply(key); err != nil {
			return err
		}
	}
	return nil
}

// followUp is the follow-up the greedy bot plays at c's pending decision
// next: the first option, or, for a pick under way (the rest of the same
// move), done as soon as it is offered. underWay reports the latter.
func followUp(c *interpreter.Game, next *interpreter.Decision) (key string, underWay bool) {
	done, underWay := c.PickUnderWay()
	if done != "" {
		return done, true
	}
	return next.Options[0].Key, underWay
}

// String names the bot's kind.
func (b *greedyBot) String() string { return "greedy" }
