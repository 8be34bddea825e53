package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"agon/interpreter"
)

// simulateParams are the inputs of agon simulate.
type simulateParams struct {
	Ruleset  string
	Variant  string
	Players  string // "3", "2-5", "2,4"
	Games    int
	Seed     uint64
	Bots     string // one bot kind for every seat, or one per seat
	JSON     bool
	Workers  int  // 0: GOMAXPROCS
	Progress bool // draw a progress bar on stderr
}

// maxGames bounds --games: every game's outcome is kept for the report.
const maxGames = 1000000

// simulation is a prepared run of simulated games.
type simulation struct {
	prog   *interpreter.Program
	source string // the ruleset's folder, or "built-in"
	counts []int
	bots   []string
	prm    simulateParams
	// play plays one game (playOne; a test may put a failing one here).
	play func(p *interpreter.Program, players int, seed uint64, kinds []string) gameOutcome
}

// runSimulate plays many games with bots and prints statistics.
func runSimulate(ctx context.Context, prm simulateParams, stdout, stderr io.Writer) int {
	sim, err := newSimulation(prm)
	if err != nil {
		if rs, rerr := resolveRuleset(prm.Ruleset); rerr == nil && !isUsage(err) {
			printSource(stderr, rs.Source)
		}
		return printLoadError(stderr, err)
	}
	start := time.Now()
	outcomes, err := sim.run(ctx, stderr)
	if err != nil {
		return fail(stderr, err)
	}
	s := aggregate(outcomes)
	s.RulesetSource = sim.source
	secs := time.Since(start).Seconds()
	s.Seconds = &secs
	if prm.JSON {
		writeJSON(stdout, s)
	} else {
		printSummary(stdout, s, sim)
	}
	if s.Errors > 0 {
		return exitProblems
	}
	return exitOK
}

// newSimulation checks the parameters and loads the ruleset.
func newSimulation(prm simulateParams) (*simulation, error) {
	counts, err := parsePlayers(prm.Players)
	if err != nil {
		return nil, err
	}
	if prm.Games < 1 {
		return nil, usagef("--games must be at least 1")
	}
	if prm.Games > maxGames {
		return nil, usagef("--games %d is more than the %d games one simulate may play (run several with different --seed)", prm.Games, maxGames)
	}
	bots, err := botList(prm.Bots, slicesMax(counts))
	if err != nil {
		return nil, err
	}
	p, source, err := loadSourced(prm.Ruleset, prm.Variant)
	if err != nil {
		return nil, err
	}
	if err := checkPlayers(p, counts); err != nil {
		return nil, err
	}
	return &simulation{prog: p, source: source, counts: counts, bots: bots, prm: prm, play: playOne}, nil
}

// botList parses --bots: one kind for all seats, or one per seat of the
// largest game.
func botList(spec string, seats int) ([]string, error) {
	kinds := strings.Split(spec, ",")
	if len(kinds) == 1 {
		kind := strings.TrimSpace(spec)
		if err := checkSeat(kind, false); err != nil {
			return nil, err
		}
		return parseSeats("", seats, kind, kind, false)
	}
	if len(kinds) < seats {
		return nil, usagef("--bots lists %d bots, the largest game has %d seats", len(kinds), seats)
	}
	return parseSeats(spec, len(kinds), "", "", false)
}

// slicesMax is the largest count.
func slicesMax(counts []int) int {
	m := 0
	for _, n := range counts {
		m = max(m, n)
	}
	return m
}

// run plays the games on the workers; outcome i is game i's whatever the
// number of workers. A panic in a game (a bug of agon) becomes that game's
// error: the other games' results are kept.
func (sim *simulation) run(ctx context.Context, stderr io.Writer) ([]gameOutcome, error) {
	n := sim.prm.Games
	outcomes := make([]gameOutcome, n)
	panics := make([]any, n)
	jobs, done := make(chan int), make(chan int)
	var wg sync.WaitGroup
	for range sim.workers() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				outcomes[i], panics[i] = sim.safeGame(i)
				done <- i
			}
		}()
	}
	go sim.feed(ctx, jobs)
	go func() { wg.Wait(); close(done) }()
	finished := sim.collect(done, stderr)
	for i, p := range panics {
		if p != nil {
			// A bug of agon in one game: that game's error row, the
			// others' results kept.
			outcomes[i].Err = fmt.Sprintf("internal error: %v (please report, with --players %d --seed %d)", p, outcomes[i].Players, outcomes[i].Seed)
		}
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("interrupted after %d of %d games", finished, n)
	}
	return outcomes, nil
}

// workers is the number of worker goroutines.
func (sim *simulation) workers() int {
	w := sim.prm.Workers
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return max(1, min(w, sim.prm.Games))
}

// feed sends the game indices until done or cancelled.
func (sim *simulation) feed(ctx context.Context, jobs chan<- int) {
	defer close(jobs)
	for i := range sim.prm.Games {
		select {
		case jobs <- i:
		case <-ctx.Done():
			return
		}
	}
}

// collect counts finished games, drawing progress when asked.
func (sim *simulation) collect(done <-chan int, stderr io.Writer) int {
	finished, n := 0, sim.prm.Games
	start := time.Now()
	for range done {
		finished++
		if sim.prm.Progress && (finished == n || finished%max(1, n/200) == 0) {
			drawProgress(stderr, finished, n, time.Since(start))
		}
	}
	if sim.prm.Progress {
		fmt.Fprint(stderr, "\r\033[K")
	}
	return finished
}

// drawProgress draws a one-line progress bar with the rate and the time
// left (only on a terminal: the clock never reaches results).
func drawProgress(w io.Writer, done, total int, elapsed time.Duration) {
	const width = 40
	full := done * width / total
	line := fmt.Sprintf("\r[%s%s] %d/%d games", strings.Repeat("=", full), strings.Repeat(" ", width-full), done, total)
	if secs := elapsed.Seconds(); secs > 0 && done > 0 {
		rate := float64(done) / secs
		left := time.Duration(float64(total-done)/rate) * time.Second
		line += fmt.Sprintf("  %.1f/s  %s left", rate, left.Round(time.Second))
	}
	fmt.Fprint(w, line+"\033[K")
}

// safeGame plays game i, catching a panic so that run can report it as
// the game's error.
func (sim *simulation) safeGame(i int) (o gameOutcome, p any) {
	players := sim.counts[i%len(sim.counts)]
	seed := gameSeed(sim.prm.Seed, i)
	o = gameOutcome{Players: players, Seed: seed}
	defer func() { p = recover() }()
	return sim.play(sim.prog, players, seed, sim.bots[:players]), nil
}

// playOne plays one game with bots and reports its outcome.
func playOne(p *interpreter.Program, players int, seed uint64, kinds []string) gameOutcome {
	o := gameOutcome{Players: players, Seed: seed}
	bots, err := newBots(kinds, seed)
	if err == nil {
		var g *interpreter.Game
		if g, err = interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed, KeysOnly: true}); err == nil {
			err = interpreter.Play(g, bots)
			o.Decisions = g.Decisions()
			if r := g.Result(); err == nil && r != nil {
				o.Scores, o.Winners = scoresOf(r), r.Winners
			}
		}
	}
	if err != nil {
		o.Err = err.Error()
	}
	return o
}

// scoresOf lists the final scores in seat order.
func scoresOf(r *interpreter.Result) []int {
	out := make([]int, len(r.Players))
	for i, p := range r.Players {
		out[i] = p.Score
	}
	return out
}

// printSummary prints the statistics for people.
func printSummary(w io.Writer, s *summary, sim *simulation) {
	rate := float64(s.Games) / max(*s.Seconds, 1e-9)
	printSource(w, sim.source)
	fmt.Fprintf(w, "%d games of %s (players %s, bots %s, seed %d) in %.2fs: %.1f games/s\n",
		s.Games, sim.prog.Title(), sim.prm.Players, sim.prm.Bots, sim.prm.Seed, *s.Seconds, rate)
	printSection(w, s, "")
	if len(s.ByPlayers) > 1 {
		for _, n := range sim.sortedCounts() {
			sub := s.ByPlayers[fmt.Sprint(n)]
			if sub == nil { // fewer games than player counts
				fmt.Fprintf(w, "\n%d players: no games\n", n)
				continue
			}
			fmt.Fprintf(w, "\n%d players: %d games\n", n, sub.Games)
			printSection(w, sub, "  ")
		}
	}
}

// sortedCounts lists the distinct player counts in ascending order.
func (sim *simulation) sortedCounts() []int {
	out := slices.Clone(sim.counts)
	slices.Sort(out)
	return slices.Compact(out)
}

// printSection prints errors, scores, lengths and win rates.
func printSection(w io.Writer, s *summary, indent string) {
	fmt.Fprintf(w, "%serrors: %d\n", indent, s.Errors)
	for _, m := range s.ErrorMessages {
		fmt.Fprintf(w, "%s  %s\n", indent, m)
	}
	if s.GamesWithoutDecisions > 0 {
		fmt.Fprintf(w, "%swarning: %d games ended without a decision (does a trigger or the flow end the game at once?)\n", indent, s.GamesWithoutDecisions)
		for _, m := range s.Warnings {
			fmt.Fprintf(w, "%s  %s\n", indent, m)
		}
	}
	fmt.Fprintf(w, "%sscores: mean %.1f, min %d, max %d\n", indent, s.Scores.Mean, s.Scores.Min, s.Scores.Max)
	fmt.Fprintf(w, "%sdecisions per game: mean %.1f, min %d, max %d\n", indent, s.Decisions.Mean, s.Decisions.Min, s.Decisions.Max)
	fmt.Fprintf(w, "%swin rate by seat (95%% interval):\n", indent)
	for _, r := range s.WinRateBySeat {
		fmt.Fprintf(w, "%s  P%d: %5.1f%%  [%.1f%%, %.1f%%]  of %d games\n", indent, r.Seat, 100*r.Rate, 100*r.Low, 100*r.High, r.Games)
	}
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// newSimulateCmd wires agon simulate.
func newSimulateCmd(e *env) *cobra.Command {
	var prm simulateParams
	cmd := &cobra.Command{
		Use:   "simulate RULESET",
		Short: "Play many games with bots and report statistics",
		Long: `simulate plays --games games with bots and reports failed games, scores, game
length in decisions, and each seat's win rate with a 95% Wilson interval (a shared
win counts 1/k for each of k winners). Game i uses the i-th player count of
--players in turn and a seed derived from --seed and i, so the report is the same
for any number of --workers.`,
		Example: `  agon simulate peloponnes --players 2-5 --games 1000
  agon simulate rulesets/peloponnes --players 2,4 --games 200 --seed 7 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			prm.Progress = !prm.JSON && isTerminal(os.Stderr)
			e.code = runSimulate(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.StringVar(&prm.Players, "players", "", "player counts: 3, 2-5 or 2,4 (required)")
	f.IntVar(&prm.Games, "games", 100, "number of games")
	f.Uint64Var(&prm.Seed, "seed", 1, "seed from which every game's seed is derived")
	f.StringVar(&prm.Bots, "bots", "random", "bot kind for every seat, or a comma-separated kind per seat")
	f.BoolVar(&prm.JSON, "json", false, "print the statistics as JSON")
	f.IntVar(&prm.Workers, "workers", 0, "games played at once (default GOMAXPROCS)")
	_ = cmd.MarkFlagRequired("players")
	return cmd
}
