package transcript

import (
	"fmt"

	"agon/interpreter"
	"agon/schema"
)

// RecordFlat plays a game to the end on the flat runtime, the rebuilt one
// (interpreter.FlatProgram), with bots[i] deciding for seat i, and
// returns its transcript, as Record does on the present runtime: the same
// bots, seed and ruleset give the same transcript, byte for byte
// (TestRecordFlatAgrees). When the game fails part way, RecordFlat
// returns the transcript so far with the error; a failure of the flat
// runtime (a closure giving up, a log it cannot keep) is such an error
// too, and the present runtime, which says what went wrong, records the
// game again (agon record does).
func RecordFlat(fp *interpreter.FlatProgram, players int, seed uint64, bots []interpreter.FlatBot) (*Transcript, error) {
	if len(bots) != players {
		return nil, fmt.Errorf("record: %d %s for %d %s", len(bots), schema.Plural(len(bots), "bot", "bots"), players, schema.Plural(players, "player", "players"))
	}
	p := fp.Program()
	g, err := fp.NewGameWithLog(players, seed, nil)
	if err != nil {
		return nil, err
	}
	seats := make([]interpreter.Bot, len(bots))
	for i, b := range bots {
		seats[i] = b
	}
	t := &Transcript{
		Game: p.Game(), Variant: p.Variant(), Ruleset: p.Hash(),
		Players: players, Seats: seatNames(seats), Seed: seed, Source: SourceRecorded,
	}
	err = playFlat(g, bots)
	t.Steps = stepsFromEvents(g.Events())
	if err == nil {
		t.Result = transcriptResult(g.Result())
	}
	return t, err
}

// playFlat plays g to its end with bots[i] deciding for seat i, as
// interpreter.Play does on the present runtime.
func playFlat(g *interpreter.FlatGame, bots []interpreter.FlatBot) error {
	for !g.Over() {
		who := g.Player()
		if who < 0 || who >= len(bots) || g.Options() == 0 {
			return fmt.Errorf("bad decision: %s, %d options", interpreter.PlayerName(who), g.Options())
		}
		i, err := bots[who].ChooseFlat(g)
		if err == nil {
			err = interpreter.BotError(bots[who])
		}
		if err != nil {
			return fmt.Errorf("the bot of %s: %w", interpreter.PlayerName(who), err)
		}
		if i < 0 || i >= g.Options() {
			return fmt.Errorf("bot for %s chose option %d of %d", interpreter.PlayerName(who), i, g.Options())
		}
		if err := g.Apply(i); err != nil {
			return err
		}
	}
	return nil
}
