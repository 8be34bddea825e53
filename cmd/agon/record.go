package main

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"agon/interpreter"
)

// recordParams are the inputs of agon record.
type recordParams struct {
	Ruleset string
	Variant string
	Players int
	Seats   string // comma-separated bot kinds; "" = random for all
	Seed    uint64
	Output  string // "" = stdout
}

// runRecord plays a game with bots and writes its transcript. When the
// game fails, the transcript so far is still written.
func runRecord(_ context.Context, prm recordParams, stdout, stderr io.Writer) int {
	p, err := loadProgram(prm.Ruleset, prm.Variant)
	if err != nil {
		return printLoadError(stderr, err)
	}
	bots, err := recordBots(p, prm)
	if err != nil {
		return fail(stderr, err)
	}
	t, playErr := interpreter.Record(p, interpreter.Config{Players: prm.Players, Seed: prm.Seed}, bots)
	if t != nil {
		if err := writeOutput(prm.Output, t.Marshal(), stdout); err != nil {
			return fail(stderr, err)
		}
	}
	if playErr != nil {
		return fail(stderr, playErr)
	}
	if prm.Output != "" {
		fmt.Fprintf(stderr, "wrote %s: %d steps, scores %v\n", prm.Output, len(t.Steps), t.Result.Scores)
	}
	return exitOK
}

// recordBots checks the player count and makes the bots.
func recordBots(p *interpreter.Program, prm recordParams) ([]interpreter.Bot, error) {
	if err := checkPlayers(p, []int{prm.Players}); err != nil {
		return nil, err
	}
	seats, err := parseSeats(prm.Seats, prm.Players, "random", "random", false)
	if err != nil {
		return nil, err
	}
	return newBots(seats, prm.Seed)
}

// writeOutput writes data to the named file, or to stdout for "".
func writeOutput(name string, data []byte, stdout io.Writer) error {
	if name == "" {
		_, err := stdout.Write(data)
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// newRecordCmd wires agon record.
func newRecordCmd(e *env) *cobra.Command {
	var prm recordParams
	cmd := &cobra.Command{
		Use:   "record RULESET",
		Short: "Play a game with bots and write its transcript",
		Long: `record plays one game with bots and writes its transcript: every chance
outcome, log message and decision, and the final result, as YAML a person can read
and edit. agon replay checks a transcript against the rules.`,
		Example: `  agon record peloponnes --players 3 --seed 42 -o game.yaml
  agon record peloponnes --players 2 --seats random,first --seed 1`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			e.code = runRecord(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.IntVar(&prm.Players, "players", 0, "number of players (required)")
	f.StringVar(&prm.Seats, "seats", "", "comma-separated bot kinds, one per seat (default: random)")
	f.Uint64Var(&prm.Seed, "seed", 1, "seed of the game and its bots")
	f.StringVarP(&prm.Output, "output", "o", "", "write the transcript to this file (default: stdout)")
	_ = cmd.MarkFlagRequired("players")
	return cmd
}
