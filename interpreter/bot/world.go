package bot

import "agon/interpreter"

// A bot's look-ahead must not know more than its seat. Playing options on
// plain clones of the game would: a clone carries the game's random
// stream (so the die rolled in the look-ahead is the die the game will
// roll), the true order of hidden piles and the other players' hidden
// hands, and, when a transcript is replayed, the chance outcomes still to
// come. world builds the copy a bot may look at instead.

// lookaheadStream separates the look-ahead streams from every other.
const lookaheadStream = 0x3c6ef372fe94f82b

// world returns a copy of g as seat may imagine it before deciding: its
// own random stream, seeded from the bot's seed and the number of
// decisions taken (never from the game's stream), no supplied outcomes,
// and the cards of every zone seat cannot see dealt anew
// (interpreter.Game.RedealUnseen). The
// same bot seed and game give the same world.
func (b *greedyBot) world(g *interpreter.Game, seat int) *interpreter.Game {
	w := g.Clone()
	w.Reseed(b.worldSeed(g.Decisions()))
	w.RedealUnseen(seat)
	return w
}

// flatWorld is world for a game on the flat runtime: the same stream, the
// same cards dealt anew.
func (b *greedyBot) flatWorld(g *interpreter.FlatGame, seat int) *interpreter.FlatGame {
	w := g.Clone()
	w.Reseed(b.worldSeed(g.Decisions()))
	w.RedealUnseen(seat)
	return w
}

// worldSeed is the seed of the world built after decisions decisions.
func (b *greedyBot) worldSeed(decisions int) uint64 {
	return mix(b.seed^lookaheadStream) ^ mix(uint64(decisions)+1)
}
