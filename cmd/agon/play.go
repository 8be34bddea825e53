package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/interpreter/transcript"
	"agon/schema"
)

// playParams are the inputs of agon play.
type playParams struct {
	Ruleset string // "" with From: the scenario's game
	Variant string
	Players int    // 0: the number of seats, else the smallest count
	Seats   string // comma-separated seat kinds; "" = human then random
	Seed    uint64
	// SeedDrawn is set when Seed was drawn (no --seed was given).
	SeedDrawn bool
	Record    string // save the game as a transcript to this file ("" = no)
	// From is a scenario file to start from (its position, not its steps).
	From string
}

// errQuit is returned when the person at the terminal quits.
var errQuit = errors.New("quit")

// taken is a decision taken in the game, for undo.
type taken struct {
	player int
	key    string
}

// player is a game at the terminal: its seats, bots and I/O.
type player struct {
	g     playSession
	start func() (playSession, error) // the game at its start, for undo
	// presentStart starts it on the present runtime, for what the flat
	// one cannot do (toPresent).
	presentStart func() (playSession, error)
	seats        []string
	bots         []interpreter.Bot
	// botSeed seeds the bots (newBots), again after an undo.
	botSeed uint64
	in      *lineReader
	out     io.Writer
	taken   []taken  // every decision so far
	seen    []int    // per seat: the events that seat has been shown
	queue   []string // answers typed ahead by seat queueBy
	queueBy int      // the seat that typed queue
	shown   int      // events printed so far when no seat is human
}

// runPlay plays an interactive game over stdin and stdout.
func runPlay(ctx context.Context, prm playParams, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	p, sc, source, err := loadPlayProgram(prm)
	if err != nil {
		printSource(stderr, source)
		return printLoadError(stderr, err)
	}
	warnDeadRules(stderr, p, nil, "")
	warnSameVariant(stderr, p)
	if err := checkOutputFile("--record", prm.Record); err != nil {
		return fail(stderr, err)
	}
	pl, err := newPlayer(prm, p, sc, source, stdin, stdout)
	if err != nil {
		return printLoadError(stderr, err)
	}
	defer func() { code = savePlayed(prm, pl, code, stderr) }()
	// Ctrl-C stops the game at the prompt or between the bots' decisions,
	// and the game is saved (--record) as when it is quit.
	defer pl.in.watch(ctx)()
	if err := pl.run(); err != nil {
		pl.showRest()
		switch {
		case errors.Is(err, errQuit):
			// Quitting is the person's choice, not a problem found.
			fmt.Fprintln(stderr, "game abandoned")
			return exitOK
		case errors.Is(err, errInterrupted):
			fmt.Fprintln(stderr, "game interrupted")
			return exitInterrupted
		}
		return fail(stderr, err)
	}
	pl.showRest()
	printResult(stdout, pl.result(), pl.seats)
	if pl.g.Decisions() == 0 && prm.From == "" {
		// As simulate warns: nobody was asked anything.
		fmt.Fprintf(stderr, "warning: the game ended before anyone decided: %s\n", pl.g.EndedBy())
	}
	return exitOK
}

// newPlayer sets up the seats of a game of p (from scenario sc, when
// not nil) and prints its header.
func newPlayer(prm playParams, p *interpreter.Program, sc *transcript.Scenario, source string, stdin io.Reader, stdout io.Writer) (*player, error) {
	n, err := playerCount(prm, p, sc)
	if err != nil {
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
	start := func() (playSession, error) { return startSession(p, sc, n, prm.Seed, true) }
	presentStart := func() (playSession, error) { return startSession(p, sc, n, prm.Seed, false) }
	fmt.Fprintln(stdout, playHeader(prm, p, sc, n, hasBot(bots)))
	g, err := start()
	if g == nil {
		return nil, err
	}
	pl := &player{g: g, start: start, presentStart: presentStart, seats: seats, bots: bots, botSeed: prm.Seed,
		in: newLineReader(stdin), out: stdout, seen: make([]int, n)}
	// A scenario's position replaces the game the setup dealt: its log
	// would tell of cards and hands that are no longer there.
	pl.shown = g.PositionEvents()
	for i := range pl.seen {
		pl.seen[i] = pl.shown
	}
	if err != nil {
		// A game that fails before its first decision: its log so far
		// comes before the error, as after a decision.
		pl.showRest()
		return nil, err
	}
	return pl, nil
}

// playHeader is the line that starts a game: the game, its variant, the
// players and the seeds. From a scenario the game's chance follows the
// scenario's seed and the bots follow --seed (or the drawn one), so both
// are printed, the bots' with how to play them again.
func playHeader(prm playParams, p *interpreter.Program, sc *transcript.Scenario, n int, bots bool) string {
	title := p.Title()
	if v := p.Variant(); v != "" {
		title += " (variant " + v + ")"
	}
	if sc == nil {
		return fmt.Sprintf("%s, %s, seed %d", title, count(n, "player"), prm.Seed)
	}
	line := fmt.Sprintf("%s, %s, from %s (%s), seed %d", title, count(n, "player"), prm.From, sc.Title, sc.Seed)
	if !bots {
		return line
	}
	line += fmt.Sprintf("; the bots' seed %d", prm.Seed)
	if prm.SeedDrawn {
		line += fmt.Sprintf(" (drawn: --seed %d plays them again)", prm.Seed)
	}
	return line
}

// hasBot reports whether any seat is a bot.
func hasBot(bots []interpreter.Bot) bool {
	for _, b := range bots {
		if b != nil {
			return true
		}
	}
	return false
}

// loadPlayProgram loads the ruleset, or the scenario file and its ruleset.
func loadPlayProgram(prm playParams) (*interpreter.Program, *transcript.Scenario, string, error) {
	if prm.From == "" {
		p, source, err := loadSourced(prm.Ruleset, prm.Variant)
		return p, nil, source, err
	}
	if prm.Variant != "" {
		return nil, nil, "", usagef("--variant and --from: a scenario file names its variant itself")
	}
	if prm.Record != "" {
		return nil, nil, "", usagef("--record and --from: a transcript starts from setup, not from a scenario's position")
	}
	if t := readTranscriptFile(prm.From); t != nil {
		return nil, nil, "", usagef("%s is a transcript, not a scenario: --from starts from a scenario file's position; "+
			"agon replay %s checks the game, and agon explain %s --step N shows the position at its decision N%s",
			prm.From, prm.From, prm.From, decisionRange(t))
	}
	sc, p, source, err := openScenario(prm.From, prm.Ruleset, nil)
	return p, sc, source, err
}

// decisionRange says which decisions a transcript has, for messages.
func decisionRange(t *transcript.Transcript) string {
	switch n := t.Decisions(); n {
	case 0:
		return ""
	case 1:
		return " (it has decision 1 only)"
	default:
		return fmt.Sprintf(" (1 to %d)", n)
	}
}

// playerCount is the number of players: the scenario's, --players, the
// number of seats (when --seats lists one per seat), or the fewest the
// game allows.
func playerCount(prm playParams, p *interpreter.Program, sc *transcript.Scenario) (int, error) {
	n := prm.Players
	switch {
	case sc != nil && n != 0 && n != sc.Players:
		return 0, usagef("--players %d, but the scenario is for %s", n, count(sc.Players, "player"))
	case sc != nil:
		if err := checkPlayers(p, []int{sc.Players}); err != nil {
			// The file is wrong, not the command line: exit 1, as replay.
			return 0, fmt.Errorf("%s: players: %d, but %s is for %s", sc.File, sc.Players, p.Game(), playerRange(p))
		}
		n = sc.Players
	case n == 0:
		n = defaultPlayers(p, prm.Seats)
	}
	return n, checkPlayers(p, []int{n})
}

// defaultPlayers is the player count when --players is not given: the
// number of seats when --seats lists one per seat, else the fewest the
// game allows.
func defaultPlayers(p *interpreter.Program, seats string) int {
	if strings.Contains(seats, ",") {
		return len(strings.Split(seats, ","))
	}
	return p.MinPlayers()
}

// hasHuman reports whether a person plays any seat.
func (pl *player) hasHuman() bool {
	for _, b := range pl.bots {
		if b == nil {
			return true
		}
	}
	return false
}

// run plays until the game is over.
func (pl *player) run() error {
	for !pl.g.Over() {
		if pl.in.ctx != nil && pl.in.ctx.Err() != nil {
			return errInterrupted // Ctrl-C while bots decide
		}
		if !pl.hasHuman() {
			pl.stream()
		}
		d := pl.g.Pending()
		if d == nil || len(d.Options) == 0 {
			return fmt.Errorf("the game waits for nothing but is not over")
		}
		pl.keepQueueFor(d)
		key, err := pl.choose(d)
		if errors.Is(err, errUndo) {
			continue
		}
		if err != nil {
			return err
		}
		if err := pl.g.Apply(key); err != nil {
			if !pl.g.flat() {
				return err
			}
			// The present runtime takes it, or says what is wrong.
			if err := pl.toPresent(); err != nil {
				return err
			}
			if err := pl.g.Apply(key); err != nil {
				return err
			}
		}
		pl.taken = append(pl.taken, taken{player: d.Player, key: key})
	}
	return nil
}

// choose asks the seat's bot or person for an option key.
func (pl *player) choose(d *interpreter.Decision) (string, error) {
	if d.Player < 0 || d.Player >= len(pl.bots) {
		return "", fmt.Errorf("decision for %s of %s", interpreter.PlayerName(d.Player), count(len(pl.bots), "player"))
	}
	if b := pl.bots[d.Player]; b != nil {
		i, err := pl.g.botChoice(b, d)
		if err != nil && pl.g.flat() {
			if err := pl.toPresent(); err != nil {
				return "", err
			}
			d = pl.g.Pending()
			i, err = pl.g.botChoice(pl.bots[d.Player], d)
		}
		if err != nil {
			return "", fmt.Errorf("the bot of %s: %w", interpreter.PlayerName(d.Player), err)
		}
		if i < 0 || i >= len(d.Options) {
			return "", fmt.Errorf("bot %s chose option %d of %d", seatName(pl.seats, d.Player), i, len(d.Options))
		}
		return d.Options[i].Key, nil
	}
	return pl.ask(d)
}

// optionText is an option's label, or its key when it has none.
func optionText(o interpreter.Option) string {
	if o.Label != "" {
		return o.Label
	}
	return o.Key
}

// eventText is an event as seat viewer (-1: an onlooker) may read it:
// "" for chance outcomes, which may reveal hidden cards, and for the
// viewer's own decisions; another seat's secret decision shows only that
// a choice was made.
func (pl *player) eventText(ev interpreter.Event, viewer int) string {
	switch ev.Kind {
	case interpreter.EventLog:
		return ev.Text
	case interpreter.EventDecision:
		text := optionText(interpreter.Option{Key: ev.Key, Label: ev.Label})
		if ev.Player == viewer {
			return "" // the seat knows what it chose
		}
		if ev.Secret {
			text = "(a secret choice)"
		}
		return seatName(pl.seats, ev.Player) + ": " + text
	}
	return ""
}

// stream prints the events not yet printed, for games of bots only.
func (pl *player) stream() {
	events := pl.g.Events()
	for _, ev := range events[min(pl.shown, len(events)):] {
		if text := pl.eventText(ev, -1); text != "" {
			fmt.Fprintln(pl.out, text)
		}
	}
	pl.shown = len(events)
}

// showRest prints, at the end, what happened since the last seat's last
// decision.
func (pl *player) showRest() {
	if !pl.hasHuman() {
		pl.stream()
		return
	}
	last := 0
	for i, n := range pl.seen {
		if pl.bots[i] == nil {
			last = max(last, n)
		}
	}
	events := pl.g.Events()
	for _, ev := range events[min(last, len(events)):] {
		if text := pl.eventText(ev, -1); text != "" {
			fmt.Fprintln(pl.out, text)
		}
	}
}

// result is the game's result; one the flat runtime cannot give (a
// score detail it does not cover) the present runtime gives.
func (pl *player) result() *interpreter.Result {
	r := pl.g.Result()
	if r == nil && pl.g.Over() && pl.g.flat() && pl.toPresent() == nil {
		r = pl.g.Result()
	}
	return r
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
	if len(names) > 1 && len(names) == len(r.Players) {
		fmt.Fprintf(w, "A draw: every player shares the win (%s)\n", strings.Join(names, ", "))
		return
	}
	fmt.Fprintf(w, "%s: %s\n", schema.Plural(len(names), "Winner", "Winners"), strings.Join(names, ", "))
}

// details prints a player's named figures.
func details(list []interpreter.NamedValue) string {
	parts := make([]string, len(list))
	for i, nv := range list {
		text, ok := nv.Value.(string)
		if !ok {
			text = interpreter.ShowValue(nv.Value)
		}
		parts[i] = nv.Name + " " + text
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
		Use:   "play [RULESET]",
		Short: "Play a game at the terminal, with people and bots",
		Long: `play runs a game at the terminal. Before each of a person's decisions it shows
what happened since that seat's last decision, a compact view of what the seat
sees (its own zones, the cards on display, one line per other player) and the
numbered legal options. Type a number to choose (several numbers, "2 1", answer
the next questions of that seat too, until another seat, a person or a bot,
decides in between: then the rest are dropped), or a command: show CARD (a
card's figures; those that are zero or empty are named together on one line),
show PLACE (a place on a board, by node id or name: its figures, the
ruleset's per_place views for it, its neighbours, the keyed zones it holds and
the values keyed by it that the seat may see),
state (everything the seat may see), undo (back to the seat's previous
decision), help, quit (exit code 0: a choice, not a problem). Bots decide on
their own. At the end it prints the scores and the winners (and a warning naming
the end_game that ended a game before anyone decided).

--from starts from a scenario file's position (see testgames/README.md); the
ruleset is then the scenario's game unless given. What the setup logged before
the position was applied is not shown: the position replaced that game.

Seats are human or a bot kind (` + strings.Join(bot.Kinds(), ", ") + `; mcts:400 searches
400 iterations a decision, see README, Bots): one kind for every seat (--seats
human: people only) or one per seat. Without --seats the first seat is human and
the others are random bots. Without --seed a random seed is drawn and
printed, so the game can be played again. From a scenario, the game's chance
follows the scenario's seed and --seed seeds the bots only: the header prints
both (the bots' as "the bots' seed N"). --record FILE saves the game as a
transcript, which agon replay checks; a game you quit (or whose input ends) is
saved too, marked unfinished, and replay checks it up to where it stops. The
--record folder is checked before the game starts.`,
		Example: `  agon play peloponnes --players 3
  agon play rulesets/peloponnes --seats human,human,random --seed 7
  agon play peloponnes --players 2 --seed 3 --record mygame.yaml
  agon play --from testgames/peloponnes/scenarios/displacement-chain-and-withdraw.yaml`,
		Args: positional(0, 1, rulesetArg()),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && prm.From == "" {
				return usagef("play needs a RULESET (a built-in game or a directory) or --from FILE")
			}
			if len(args) == 1 {
				prm.Ruleset = args[0]
			}
			if !cmd.Flags().Changed("seed") {
				prm.Seed = randomSeed()
				prm.SeedDrawn = true
			}
			e.code = runPlay(e.ctx, prm, e.stdin, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.IntVar(&prm.Players, "players", 0, "number of players (default: the number of seats listed, else the fewest allowed)")
	f.StringVar(&prm.Seats, "seats", "", "seat kind for every seat, or a comma-separated kind per seat: human or a bot kind ("+strings.Join(bot.Kinds(), ", ")+")")
	f.Uint64Var(&prm.Seed, "seed", 0, "seed of the game's random source (default: random; with --from, the bots' only)")
	f.StringVar(&prm.From, "from", "", "start from a scenario file's position")
	f.StringVar(&prm.Record, "record", "", "save the game as a transcript to this file")
	return cmd
}
