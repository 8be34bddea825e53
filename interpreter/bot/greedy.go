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
//
// It plays a Game (Choose) and a FlatGame (ChooseFlat: simulate's games
// on the flat runtime) alike, through lookahead: the same worlds, the
// same options played, the same ratings and the same draws from its
// stream (sim.TestFlatOutcomesAgree).
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
	best, _ := b.choose(&presentLook{g: b.world(g, d.Player), d: d}, d.Player, d.Pos, len(d.Options))
	return best
}

// ChooseFlat is Choose for a game on the flat runtime. An error means the
// flat runtime could not play or rate the look-ahead (an option failed,
// or the heuristic could not be evaluated there): the game is to be
// played on the present runtime, which says what went wrong.
func (b *greedyBot) ChooseFlat(g *interpreter.FlatGame) (int, error) {
	n := g.Options()
	if n <= 1 {
		return 0, nil
	}
	return b.choose(flatLook{b.flatWorld(g, g.Player())}, g.Player(), g.Pos(), n)
}

// choose rates each of the n options of player's decision at pos in
// world, and returns the best one's index. On the present runtime an
// option that fails is never preferred; on the flat one it is an error
// (lookahead.strict).
func (b *greedyBot) choose(world lookahead, player int, pos string, n int) (int, error) {
	best, bestValue, ties := 0, 0, 0
	for i := range n {
		v, err := b.rate(world, player, pos, i)
		if err != nil {
			if world.strict() {
				return 0, err
			}
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
	return best, nil
}

// rate plays option i on a clone of the bot's world, then the rest of the
// move, and rates the result for the deciding player.
func (b *greedyBot) rate(world lookahead, player int, pos string, i int) (int, error) {
	c := world.clone()
	if err := c.apply(i); err != nil {
		return 0, err
	}
	if err := finishMove(c, player, pos); err != nil {
		return 0, err
	}
	h, err := c.heuristic(player)
	if !c.strict() {
		b.note(err)
	}
	return h, err
}

// finishMove plays the rest of player's move in c after a decision asked
// at pos: the same player's follow-up decisions (followUp), until another
// player decides or the same question (pos) comes back, at most
// greedyFollowUps of them.
func finishMove(c lookahead, player int, pos string) error {
	for n := 0; n < greedyFollowUps; n++ {
		next, nextPos, over := c.next()
		if over || next != player {
			break
		}
		i, underWay := followUp(c)
		if !underWay && nextPos == pos {
			break
		}
		if err := c.apply(i); err != nil {
			return err
		}
	}
	return nil
}

// followUp is the follow-up the greedy bot plays at c's pending decision:
// the first option, or, for a pick under way (the rest of the same move),
// done as soon as it is offered. underWay reports the latter.
func followUp(c lookahead) (i int, underWay bool) {
	done, underWay := c.pickUnderWay()
	if done >= 0 {
		return done, true
	}
	return 0, underWay
}

// String names the bot's kind.
func (b *greedyBot) String() string { return "greedy" }
