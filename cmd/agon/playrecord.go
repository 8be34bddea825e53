package main

import (
	"fmt"
	"io"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// savePlayed writes the game played at the terminal as a transcript to
// prm.Record (nothing for ""), atomically, finished or not, and returns
// the exit code: code, or 1 when the file could not be written.
func savePlayed(prm playParams, pl *player, code int, stderr io.Writer) int {
	file := prm.Record
	if file == "" || pl == nil {
		return code
	}
	cfg := interpreter.Config{Players: len(pl.seats), Seed: prm.Seed}
	t := transcript.Of(pl.g, cfg, pl.seats)
	if rs, err := resolveRuleset(prm.Ruleset); err == nil {
		t.RulesetSource = recordedSource(rs.Source)
	}
	if err := writeFileAtomic(file, t.Marshal()); err != nil {
		return fail(stderr, fmt.Errorf("saving the game: %w", err))
	}
	state := "the game"
	if t.Result == nil {
		state = "the unfinished game"
	}
	fmt.Fprintf(stderr, "wrote %s: %s, %s\n", file, state, transcriptSize(t))
	return code
}
