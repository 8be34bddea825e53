package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/interpreter/transcript"
	"agon/schema"
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

// runRecord plays a game with bots and writes its transcript. The -o file
// is replaced atomically and only by a finished game: when the game fails,
// the file is kept as it was and the transcript so far goes to FILE.partial
// (or to stdout without -o).
func runRecord(ctx context.Context, prm recordParams, stdout, stderr io.Writer) int {
	p, source, err := loadSourced(prm.Ruleset, prm.Variant)
	if err != nil {
		printSource(stderr, source)
		return printLoadError(stderr, err)
	}
	if prm.Players == 0 {
		prm.Players = defaultPlayers(p, prm.Seats)
	}
	bots, seats, err := recordBots(p, prm)
	if err != nil {
		return fail(stderr, err)
	}
	if err := checkOutputFile("-o", prm.Output); err != nil {
		return fail(stderr, err)
	}
	for i, b := range bots {
		bots[i] = interruptible{Bot: b, ctx: ctx} // Ctrl-C stops between decisions
	}
	t, onFlat, playErr := recordFlat(ctx, p, prm.Players, prm.Seed, seats)
	if !onFlat {
		t, playErr = transcript.Record(p, interpreter.Config{Players: prm.Players, Seed: prm.Seed}, bots)
	}
	if t == nil {
		return fail(stderr, playErr)
	}
	t.RulesetSource = recordedSource(source)
	out := prm.Output
	if playErr != nil && out != "" {
		out += ".partial"
	}
	if err := writeOutput(out, t.Marshal(), stdout); err != nil {
		return fail(stderr, err)
	}
	if errors.Is(playErr, errInterrupted) {
		if out != "" {
			fmt.Fprintf(stderr, "interrupted: %s is kept as it was; the transcript so far is in %s\n", prm.Output, out)
		}
		return exitInterrupted
	}
	if playErr != nil {
		if out != "" {
			fmt.Fprintf(stderr, "the game failed: %s is kept as it was; the transcript so far is in %s\n", prm.Output, out)
		}
		return fail(stderr, playErr)
	}
	if out != "" {
		fmt.Fprintf(stderr, "wrote %s: %s, scores %s (ruleset: %s)\n", out, transcriptSize(t), intList(t.Result.Scores), source)
	}
	warnClockSeats(stderr, seats, prm.Seed)
	return exitOK
}

// transcriptSize says how long a transcript is in decisions, as replay
// and explain --step count, then in steps (every entry of steps:, chance
// outcomes and checks too): "121 decisions (292 steps)".
func transcriptSize(t *transcript.Transcript) string {
	return fmt.Sprintf("%s (%s)", count(t.Decisions(), "decision"), count(len(t.Steps), "step"))
}

// intList writes ints as a transcript does: "[4, 4]".
func intList(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = strconv.Itoa(x)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// recordBots checks the player count and makes the bots; it returns
// them with the seats' kinds.
func recordBots(p *interpreter.Program, prm recordParams) ([]interpreter.Bot, []string, error) {
	if err := checkPlayers(p, []int{prm.Players}); err != nil {
		return nil, nil, err
	}
	seats, err := parseSeats(prm.Seats, prm.Players, "random", "random", false)
	if err != nil {
		return nil, nil, err
	}
	bots, err := newBots(seats, prm.Seed)
	return bots, seats, err
}

// recordFlat records the game on the flat runtime, the rebuilt one, as
// simulate plays its games (transcript.RecordFlat: the same transcript,
// byte for byte). ok is false when it did not: the ruleset or a seat's
// bot is not covered there, or the game failed there (the present
// runtime records it again, and says what failed, with the decisions
// before). Ctrl-C stops it between decisions, as it stops Record.
func recordFlat(ctx context.Context, p *interpreter.Program, players int, seed uint64, seats []string) (t *transcript.Transcript, ok bool, err error) {
	defer func() {
		if recover() != nil { // a bug of the flat runtime: the present one records the game
			t, ok, err = nil, false, nil
		}
	}()
	fp, err := p.Flat()
	if err != nil {
		return nil, false, nil
	}
	bots, err := newBots(seats, seed) // bots of their own: their streams start afresh
	if err != nil {
		return nil, false, nil
	}
	flat := make([]interpreter.FlatBot, len(bots))
	for i, b := range bots {
		if _, ok := b.(interpreter.FlatBot); !ok {
			return nil, false, nil
		}
		flat[i] = interruptible{Bot: b, ctx: ctx}
	}
	t, err = transcript.RecordFlat(fp, players, seed, flat)
	if err != nil && !errors.Is(err, errInterrupted) {
		return nil, false, nil
	}
	return t, true, err
}

// warnClockSeats warns, on stderr, of seats whose bots decide by the
// clock (bot.UsesClock: an mcts time budget): the transcript is valid and
// replays, but recording the seed again gives another game, so it cannot
// serve as a golden that TestGoldenRerecord records again.
func warnClockSeats(stderr io.Writer, seats []string, seed uint64) {
	var clocked []string
	for i, kind := range seats {
		if bot.UsesClock(kind) {
			clocked = append(clocked, fmt.Sprintf("%s (%s)", interpreter.PlayerName(i), kind))
		}
	}
	if len(clocked) == 0 {
		return
	}
	fmt.Fprintf(stderr, "warning: %s %s by the clock: the transcript is valid and replays, but recording seed %d again will not give the same game; for one that does, give a number of iterations (mcts:400) instead of a time\n",
		strings.Join(clocked, ", "), schema.Plural(len(clocked), "decides", "decide"), seed)
}

// writeOutput writes data to the named file (atomically, see
// writeFileAtomic), or to stdout for "".
func writeOutput(name string, data []byte, stdout io.Writer) error {
	if name == "" {
		_, err := stdout.Write(data)
		return err
	}
	return writeFileAtomic(name, data)
}

// checkOutputFile checks, before a game is played, that writeFileAtomic
// can write the named file (given with flag): its folder exists and takes
// a new file, and the name is not a folder or a device. The game is not
// lost to a typo in the path at its end. A problem is a usage error, as
// for simulate's output files.
func checkOutputFile(flag, name string) error {
	if name == "" {
		return nil
	}
	dir := filepath.Dir(name)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return usagef("%s %s: there is no folder %s (create it first, or write elsewhere)", flag, name, dir)
	}
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() {
		return usagef("%s %s: not a regular file", flag, name)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return usagef("%s %s: cannot write in folder %s: %v", flag, name, dir, pathCause(err))
	}
	tmp.Close()
	os.Remove(tmp.Name())
	return nil
}

// pathCause is the cause of a file system error without the path it
// names (a temporary file's name means nothing to the user).
func pathCause(err error) error {
	var pe *os.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// writeFileAtomic replaces the named file with data, or leaves it as it
// was: it writes a temporary file in the same directory, syncs it and
// renames it over the target. A new file gets mode 0644; an existing one
// keeps its mode. Errors name the file, not the temporary one.
func writeFileAtomic(name string, data []byte) (err error) {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(name); err == nil {
		if !fi.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", name)
		}
		mode = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, pathCause(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			err = fmt.Errorf("writing %s: %w", name, pathCause(err))
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

// newRecordCmd wires agon record.
func newRecordCmd(e *env) *cobra.Command {
	var prm recordParams
	cmd := &cobra.Command{
		Use:   "record RULESET",
		Short: "Play a game with bots and write its transcript",
		Long: `record plays one game with bots and writes its transcript: every chance
outcome, log message and decision, and the final result, as YAML a person can read
and edit. agon replay checks a transcript against the rules.

The -o file is replaced in one step, and only by a finished game: when the game
fails, the file keeps its old content and the transcript so far is written to
FILE.partial.

The same ruleset, seed and seats give the same transcript, byte for byte, except
with an mcts seat given a time per decision (mcts:2s): it decides by the clock, so
record warns that recording the seed again will not give the same game (the
transcript is valid and replays).`,
		Example: `  agon record peloponnes --players 3 --seed 42 -o game.yaml
  agon record peloponnes --players 2 --seats random,first --seed 1`,
		Args: positional(1, 1, rulesetArg()),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			e.code = runRecord(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.IntVar(&prm.Players, "players", 0, "number of players (default: the number of seats listed, else the fewest allowed)")
	f.StringVar(&prm.Seats, "seats", "", "bot kind for every seat, or a comma-separated kind per seat: "+strings.Join(bot.Kinds(), ", ")+" (default: random)")
	f.Uint64Var(&prm.Seed, "seed", 1, "seed of the game and its bots")
	f.StringVarP(&prm.Output, "output", "o", "", "write the transcript to this file (default: stdout)")
	return cmd
}

// interruptible is a bot that stops the game once ctx has ended (Ctrl-C):
// Play asks its Err after every choice (interpreter.FailingBot).
type interruptible struct {
	interpreter.Bot
	ctx context.Context
}

// String names the bot as the wrapped one names itself (the transcript's
// seats: come from it).
func (b interruptible) String() string {
	if s, ok := b.Bot.(fmt.Stringer); ok {
		return s.String()
	}
	return "bot"
}

// ChooseFlat is the wrapped bot's ChooseFlat (recordFlat wraps only
// bots that have one).
func (b interruptible) ChooseFlat(g *interpreter.FlatGame) (int, error) {
	fb, ok := b.Bot.(interpreter.FlatBot)
	if !ok {
		return 0, fmt.Errorf("the %v bot cannot play on the flat runtime", b)
	}
	return fb.ChooseFlat(g)
}

// Err is errInterrupted once ctx has ended, else the bot's own error.
func (b interruptible) Err() error {
	if b.ctx.Err() != nil {
		return errInterrupted
	}
	return interpreter.BotError(b.Bot)
}
