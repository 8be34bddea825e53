package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"agon/interpreter"
)

// playParams are the inputs of agon play.
type playParams struct {
	Ruleset string
	Variant string
	Players int    // 0: the number of seats, else the smallest count
	Seats   string // comma-separated seat kinds; "" = human then random
	Seed    uint64
	Record  string // save the game as a transcript to this file ("" = no)
}

// errQuit is returned when the person at the terminal quits.
var errQuit = errors.New("quit")

// player is a game at the terminal: its seats, bots and I/O.
type player struct {
	g     *interpreter.Game
	seats []string
	bots  []interpreter.Bot
	in    *bufio.Scanner
	out   io.Writer
	shown int // events printed so far
}

// runPlay plays an interactive game over stdin and stdout.
func runPlay(_ context.Context, prm playParams, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	pl, err := newPlayer(prm, stdin, stdout)
	if err != nil {
		return printLoadError(stderr, err)
	}
	defer func() { code = savePlayed(prm, pl, code, stderr) }()
	if err := pl.run(); err != nil {
		pl.showEvents()
		if errors.Is(err, errQuit) {
			fmt.Fprintln(stderr, "game abandoned")
			return exitProblems
		}
		return fail(stderr, err)
	}
	pl.showEvents()
	printResult(stdout, pl.g.Result(), pl.seats)
	return exitOK
}

// newPlayer loads the game and sets up the seats.
func newPlayer(prm playParams, stdin io.Reader, stdout io.Writer) (*player, error) {
	p, source, err := loadSourced(prm.Ruleset, prm.Variant)
	if err != nil {
		return nil, err
	}
	n := prm.Players
	if n == 0 && prm.Seats != "" {
		n = len(strings.Split(prm.Seats, ","))
	} else if n == 0 {
		n = p.MinPlayers()
	}
	if err := checkPlayers(p, []int{n}); err != nil {
		return nil, err
	}
	seats, err := parseSeats(prm.Seats, n, humanSeat, "random", true)
	if err != nil {
		return nil, err
	}
	bots, err := newBots(seats, prm.Seed)
	if err != nil {
		return nil, err
	}
	printSource(stdout, source)
	fmt.Fprintf(stdout, "%s, %d players, seed %d\n", p.Title(), n, prm.Seed)
	g, err := interpreter.NewGame(p, interpreter.Config{Players: n, Seed: prm.Seed})
	if err != nil {
		return nil, err
	}
	return &player{g: g, seats: seats, bots: bots, in: bufio.NewScanner(stdin), out: stdout}, nil
}

// run plays until the game is over.
func (pl *player) run() error {
	for !pl.g.Over() {
		pl.showEvents()
		d := pl.g.Pending()
		if d == nil || len(d.Options) == 0 {
			return fmt.Errorf("the game waits for nothing but is not over")
		}
		i, err := pl.choose(d)
		if err != nil {
			return err
		}
		if err := pl.g.Apply(d.Options[i].Key); err != nil {
			return err
		}
	}
	return nil
}

// choose asks the seat's bot or person for an option index.
func (pl *player) choose(d *interpreter.Decision) (int, error) {
	if d.Player < 0 || d.Player >= len(pl.bots) {
		return 0, fmt.Errorf("decision for %s of %d players", interpreter.PlayerName(d.Player), len(pl.bots))
	}
	if b := pl.bots[d.Player]; b != nil {
		i := b.Choose(pl.g, d)
		if i < 0 || i >= len(d.Options) {
			return 0, fmt.Errorf("bot %s chose option %d of %d", seatName(pl.seats, d.Player), i, len(d.Options))
		}
		return i, nil
	}
	return pl.ask(d)
}

// ask shows the player's view and options and reads a choice.
func (pl *player) ask(d *interpreter.Decision) (int, error) {
	if v := strings.TrimRight(pl.g.View(d.Player), "\n"); v != "" {
		fmt.Fprintf(pl.out, "\n%s\n", v)
	}
	fmt.Fprintf(pl.out, "\n%s: %s\n", seatName(pl.seats, d.Player), d.Prompt)
	for i, o := range d.Options {
		fmt.Fprintf(pl.out, "  %d) %s\n", i+1, optionText(o))
	}
	for {
		fmt.Fprintf(pl.out, "choose 1-%d (q to quit): ", len(d.Options))
		if !pl.in.Scan() {
			fmt.Fprintln(pl.out)
			return 0, fmt.Errorf("input ended before the game did")
		}
		answer := strings.TrimSpace(pl.in.Text())
		if answer == "q" || answer == "quit" {
			return 0, errQuit
		}
		if n, err := strconv.Atoi(answer); err == nil && n >= 1 && n <= len(d.Options) {
			return n - 1, nil
		}
		fmt.Fprintf(pl.out, "%q is not an option number\n", answer)
	}
}

// optionText is an option's label, or its key when it has none.
func optionText(o interpreter.Option) string {
	if o.Label != "" {
		return o.Label
	}
	return o.Key
}

// showEvents prints the log messages and decisions not yet shown. Chance
// outcomes stay hidden: they may reveal secret cards.
func (pl *player) showEvents() {
	events := pl.g.Events()
	for _, ev := range events[min(pl.shown, len(events)):] {
		switch ev.Kind {
		case interpreter.EventLog:
			fmt.Fprintln(pl.out, ev.Text)
		case interpreter.EventDecision:
			text := ev.Label
			if text == "" {
				text = ev.Key
			}
			if ev.Secret && pl.seats[ev.Player] != humanSeat {
				text = "(a secret choice)"
			}
			fmt.Fprintf(pl.out, "%s: %s\n", seatName(pl.seats, ev.Player), text)
		}
	}
	pl.shown = len(events)
}

// printResult prints the final scores table and the winners.
func printResult(w io.Writer, r *interpreter.Result, seats []string) {
	if r == nil {
		fmt.Fprintln(w, "the game ended without a result")
		return
	}
	fmt.Fprintln(w, "\nFinal scores")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  seat\tscore\trank\tdetails")
	for _, pr := range r.Players {
		fmt.Fprintf(tw, "  %s\t%d\t%d\t%s\n", seatName(seats, pr.Player), pr.Score, pr.Rank, details(pr.Details))
	}
	_ = tw.Flush()
	names := make([]string, len(r.Winners))
	for i, p := range r.Winners {
		names[i] = seatName(seats, p)
	}
	fmt.Fprintf(w, "%s: %s\n", plural(len(names), "Winner", "Winners"), strings.Join(names, ", "))
}

// details prints a player's named figures.
func details(list []interpreter.NamedValue) string {
	parts := make([]string, len(list))
	for i, nv := range list {
		parts[i] = fmt.Sprintf("%s %v", nv.Name, nv.Value)
	}
	return strings.Join(parts, ", ")
}

// randomSeed draws a seed for a game started without --seed.
func randomSeed() uint64 {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:]) % 1_000_000
}

// newPlayCmd wires agon play.
func newPlayCmd(e *env) *cobra.Command {
	var prm playParams
	cmd := &cobra.Command{
		Use:   "play RULESET",
		Short: "Play a game at the terminal, with people and bots",
		Long: `play runs a game at the terminal. Before each of a person's decisions it shows
what that player may see and the numbered legal options; type a number to choose
(q quits). Bots decide on their own; every decision and log message is printed.
At the end it prints the scores and the winners.

Seats are human or a bot kind (first, greedy, random). Without --seats the first seat is
human and the others are random bots. Without --seed a random seed is drawn and
printed, so the game can be played again. --record FILE saves the game as a
transcript (also an unfinished one, when you quit), which agon replay checks.`,
		Example: `  agon play peloponnes --players 3
  agon play rulesets/peloponnes --seats human,human,random --seed 7
  agon play peloponnes --players 2 --seed 3 --record mygame.yaml`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			if !cmd.Flags().Changed("seed") {
				prm.Seed = randomSeed()
			}
			e.code = runPlay(e.ctx, prm, e.stdin, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.IntVar(&prm.Players, "players", 0, "number of players (default: the number of seats, else the fewest allowed)")
	f.StringVar(&prm.Seats, "seats", "", "comma-separated seats: human or a bot kind ("+strings.Join(interpreter.BotKinds(), ", ")+")")
	f.Uint64Var(&prm.Seed, "seed", 0, "seed of the game's random source (default: random)")
	f.StringVar(&prm.Record, "record", "", "save the game as a transcript to this file")
	return cmd
}
