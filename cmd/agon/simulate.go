package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/interpreter/report"
	"agon/interpreter/sim"
)

// simulateParams are the inputs of agon simulate.
type simulateParams struct {
	Ruleset  string
	Variant  string
	Players  string // "3", "2-5", "2,4"
	Games    int
	Seed     uint64
	Bots     string // one bot kind for every seat, or one per seat (--seats, --bots)
	JSON     bool
	Workers  int      // 0: GOMAXPROCS
	Progress bool     // draw a progress bar on stderr
	Rows     string   // --rows FILE: one CSV row per game
	Stats    string   // --stats FILE: the JSON report, for merge
	Shard    string   // --shard i/n
	Set      []string // --set NAME=VALUES, once per constant: a sweep
	Report   string   // --report FILE: an HTML page of charts
	Runtime  string   // --runtime: "auto" (the flat runtime where it covers the ruleset) or "present"
}

// maxGames bounds --games: every game's outcome is kept for the report.
const maxGames = 1000000

// simulation is a prepared run of simulated games.
type simulation struct {
	prog   *interpreter.Program
	source string // the ruleset's folder, or "built-in"
	counts []int
	bots   []string
	shard  sim.Shard
	prm    simulateParams
	// stage names the run on the progress line when several run in turn
	// ("A", "B", "conquest_bonus=3"; "" for one run).
	stage string
	// after is how many games the runs after this one will play (B's
	// while A plays, the next values' in a sweep): the time left on the
	// progress line covers them too.
	after int
	// play plays one game (nil: as sim.Batch chooses; a test may put a
	// failing one here).
	play func(p *interpreter.Program, players int, seed uint64, kinds []string) sim.Outcome
}

// runSimulate plays many games with bots and prints statistics (one report
// per value of a --set sweep).
func runSimulate(ctx context.Context, prm simulateParams, stdout, stderr io.Writer) int {
	stderr = withJSONErrors(prm.JSON, stdout, stderr)
	var s *simulation
	var err error
	if prm.Players == "" {
		prm.Players, err = allPlayers(prm.Ruleset, prm.Variant)
	}
	if err == nil {
		s, err = newSimulation(prm)
	}
	if err != nil {
		if rs, rerr := resolveRuleset(prm.Ruleset); rerr == nil && !isUsage(err) {
			printSource(stderr, rs.Source)
		}
		return printLoadError(stderr, err)
	}
	warnDeadRules(stderr, s.prog, nil, "")
	warnSameVariant(stderr, s.prog)
	if len(prm.Set) > 0 {
		return runSweep(ctx, s, stdout, stderr)
	}
	return s.run(ctx, stdout, stderr)
}

// run plays the simulation's games, writes its files and prints its
// report. Interrupted (Ctrl-C), it reports the games that finished and
// returns exitInterrupted.
func (s *simulation) run(ctx context.Context, stdout, stderr io.Writer) int {
	rep, outcomes, err := s.report(ctx, stderr, "")
	if rep == nil {
		return fail(stderr, err)
	}
	if err := s.writeFiles(rep, outcomes); err != nil {
		return fail(stderr, err)
	}
	if s.prm.JSON {
		writeJSON(stdout, rep)
	} else {
		printReport(stdout, rep)
	}
	if !s.shard.Whole() && s.prm.Stats == "" && !s.prm.JSON && err == nil {
		fmt.Fprintf(stderr, "note: this is shard %s of the batch; to merge it with the others, write its statistics with --stats FILE (or --json) and give the files to agon merge\n", s.shard)
	}
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "note: %v; the report is of the %s that finished\n", err, count(rep.Games, "game"))
		return exitInterrupted
	case rep.Errors > 0:
		return exitProblems
	case rep.Games > 0 && rep.Finished() == 0:
		// every game stopped by the decision limit: no result at all
		return exitProblems
	}
	return exitOK
}

// report plays the games and builds their report; set names the
// constants --set gives ("" for none). Interrupted, it returns the
// report of the games that finished (nil when none did) with the
// *sim.Interrupted; any other error comes alone.
func (s *simulation) report(ctx context.Context, stderr io.Writer, set string) (*sim.Report, []sim.Outcome, error) {
	start := time.Now()
	outcomes, err := sim.Run(ctx, s.batch(stderr))
	if s.prm.Progress {
		fmt.Fprint(stderr, "\r\033[K") // the progress line goes before anything else is printed
	}
	if err != nil && (!isInterrupted(err) || len(outcomes) == 0) {
		return nil, nil, err
	}
	rep := sim.NewReport(s.header(set), sim.Collect(outcomes))
	rep.Interrupted = err != nil
	secs := time.Since(start).Seconds()
	rep.Seconds = &secs
	return rep, outcomes, err
}

// writeFiles writes --rows, --stats and --report.
func (s *simulation) writeFiles(rep *sim.Report, outcomes []sim.Outcome) error {
	if err := s.writeRunFiles(rep, outcomes); err != nil {
		return err
	}
	if s.prm.Report != "" {
		return report.WriteFile(s.prm.Report, simulatePage(rep))
	}
	return nil
}

// writeRunFiles writes --rows and --stats (one run's files).
func (s *simulation) writeRunFiles(rep *sim.Report, outcomes []sim.Outcome) error {
	if s.prm.Rows != "" {
		if err := writeRowsFile(s.prm.Rows, rep, outcomes); err != nil {
			return err
		}
	}
	if s.prm.Stats != "" {
		return writeJSONFile(s.prm.Stats, rep)
	}
	return nil
}

// writeJSONFile writes v as indented JSON to file.
func writeJSONFile(file string, v any) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	writeJSON(f, v)
	return f.Close()
}

// batch is the simulation as a sim.Batch, drawing progress on stderr when
// asked.
func (s *simulation) batch(stderr io.Writer) sim.Batch {
	b := sim.Batch{Program: s.prog, Counts: s.counts, Seats: s.bots, Games: s.prm.Games, Seed: s.prm.Seed,
		Workers: s.prm.Workers, Shard: s.shard, Play: s.play, Present: s.prm.Runtime == "present"}
	if s.prm.Progress {
		start := time.Now()
		b.Progress = func(done, total int) {
			if done == total || done%max(1, total/200) == 0 {
				drawProgress(stderr, s.stage, done, total, s.after, time.Since(start))
			}
		}
	}
	return b
}

// header names what the simulation plays.
func (s *simulation) header(set string) sim.Header {
	h := sim.Header{Game: s.prog.Game(), Title: s.prog.Title(), RulesetSource: s.source, Variant: s.prog.Variant(),
		RulesetHash: s.prog.Hash(), Set: set, Players: s.prm.Players, Seats: s.bots, Seed: s.prm.Seed, BatchGames: s.prm.Games}
	if labels := s.prog.ReportLabels(); len(labels) > 0 {
		h.Labels = labels
	}
	h.Runtime, h.RuntimeReason = sim.RuntimeOf(s.prog, s.bots, s.prm.Runtime == "present")
	if !s.shard.Whole() {
		h.Shards = []sim.Shard{s.shard}
	}
	return h
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
	if prm.Workers < 0 {
		return nil, usagef("--workers %d: give a number of games played at once, or 0 for one per core (GOMAXPROCS, the default)", prm.Workers)
	}
	if prm.Runtime != "" && prm.Runtime != "auto" && prm.Runtime != "present" {
		return nil, usagef("--runtime %q: give auto (the flat runtime, where it covers the ruleset) or present", prm.Runtime)
	}
	if prm.Games > maxGames {
		return nil, usagef("--games %d is more than the %d games one simulate may play (run several with different --seed)", prm.Games, maxGames)
	}
	shard, err := parseShard(prm.Shard)
	if err != nil {
		return nil, err
	}
	if err := checkOutputs(map[string]string{"--rows": prm.Rows, "--stats": prm.Stats, "--report": prm.Report}); err != nil {
		return nil, err
	}
	p, source, err := loadSourced(prm.Ruleset, prm.Variant)
	if err != nil {
		return nil, err
	}
	if err := checkPlayerSpec(p, prm.Players, counts); err != nil {
		return nil, err
	}
	bots, err := botList(prm.Bots, slicesMax(counts))
	if err != nil {
		return nil, err
	}
	return &simulation{prog: p, source: source, counts: counts, bots: bots, shard: shard, prm: prm}, nil
}

// parseShard parses --shard i/n (i from 0); "" is the whole batch.
func parseShard(spec string) (sim.Shard, error) {
	if spec == "" {
		return sim.Shard{}, nil
	}
	a, b, ok := strings.Cut(spec, "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(a))
	n, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return sim.Shard{}, usagef("bad --shard %q: write i/n with 0 ≤ i < n, e.g. 0/4", spec)
	}
	return sim.Shard{Index: i, Count: n}, nil
}

// botList parses --seats (--bots): one kind for all seats, or one per
// seat of the largest game (no more: a bot that would never play is a
// mistake).
func botList(spec string, seats int) ([]string, error) {
	kinds := strings.Split(spec, ",")
	if len(kinds) == 1 {
		kind := strings.TrimSpace(spec)
		if err := checkSeat(kind, false); err != nil {
			return nil, err
		}
		return parseSeats("", seats, kind, kind, false)
	}
	if len(kinds) != seats {
		return nil, usagef("--seats lists %d bots, the largest game has %d seats: give one kind for every seat, or one per seat", len(kinds), seats)
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

// runGames is how many games one run of the simulation plays (those of
// its shard).
func (s *simulation) runGames() int { return len(s.shard.Indices(s.prm.Games)) }

// drawProgress draws a one-line progress bar, after the stage's name when
// there is one, with the rate and the time left for the stage's games and
// the after games of the stages that follow, in whole seconds rounded up
// (only on a terminal: the clock never reaches results).
func drawProgress(w io.Writer, stage string, done, total, after int, elapsed time.Duration) {
	const width = 40
	full := done * width / total
	if stage != "" {
		stage += " "
	}
	line := fmt.Sprintf("\r%s[%s%s] %d/%d games", stage, strings.Repeat("=", full), strings.Repeat(" ", width-full), done, total)
	if secs := elapsed.Seconds(); secs > 0 && done > 0 {
		rate := float64(done) / secs
		left := time.Duration(math.Ceil(float64(total-done+after)/rate)) * time.Second
		line += fmt.Sprintf("  %.1f/s  %s left", rate, left)
	}
	fmt.Fprint(w, line+"\033[K")
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// newSimulateCmd wires agon simulate.
func newSimulateCmd(e *env) *cobra.Command {
	var prm simulateParams
	var seats string
	cmd := &cobra.Command{
		Use:   "simulate RULESET",
		Short: "Play many games with bots and report statistics",
		Long: `simulate plays --games games with bots and reports, for the game, ruleset folder
and variant named in its header:

  - failed games, and games stopped by the decision limit (20000);
  - each seat's win rate with a 95% Wilson interval (a shared win counts 1/k for
    each of k winners), and the win rate by each starting attribute the ruleset's
    report section declares (e.g. a role or faction);
  - scores and winning margins (best score minus the next), game length in
    decisions: mean, sd, median, range (the JSON adds histograms);
  - per card taken: in how many games, how often, how early (mean decision) and
    the win rate of its takers; per declared counter: the mean per seat and game,
    for winners and for the others.

Game i uses the i-th player count of --players (default: every count the game
allows) in turn and a seed derived from --seed and i, so the report is the same
for any number of --workers. With several player counts the statistics of all
games come first, with a note that their win rates pool the counts (in --json:
pooled_player_counts), then those of each count (by_players).

--seats gives the bot of every seat (one kind) or of each seat of the largest
game (a list; --bots is its older name). --rows FILE writes one CSV row per game
(seed, players, variant, scores, winners, decisions, status, attributes,
counters) for spreadsheets.

--shard i/n plays only the games whose index is i modulo n (i from 0: the shards
interleave, so each plays every player count alike); --stats FILE (or --json)
writes the shard's statistics, and 'agon merge' combines the shard files into
the report one run of all the games would print, exactly.

--set NAME=VALUES sweeps a constant of the ruleset over VALUES (1..4 or 1,3,5):
one report per value, on the same seeds, then a summary table; with --report
FILE, one page of them all (the values' charts overlaid, up to six; a section
per value beyond). --rows and --stats are for one run: give --set NAME=V once
per value for those. Repeat --set to set several constants: every run has them
all (--set rounds=6 --set conquest_bonus=1..4 sweeps conquest_bonus with
rounds=6 in every run); at most one --set may give several values.

Before it plays, simulate prints on stderr what agon validate warns of: dead
rules (a when: false, an end_game every game reaches before anyone decides) and
a --variant that changes nothing (its rules equal the base rules).

--report FILE writes one self-contained HTML page (no network needed to view
it): win rates by seat and by attribute with their intervals, the score, margin
and length histograms, the per-card and counter tables.

The games are played on the flat runtime, the rebuild of the runtime, where it
covers the ruleset: the same games, decision for decision, about twice as fast
(interpreter/doc.go, "The typed flat state"). A ruleset it does not cover yet
is played on the present runtime, and a note under the header says so and
what the flat runtime lacks, where ("runtime" and "runtime_reason" in the
JSON). A game that fails there is played again on the present runtime, which
reports the error, and one game in 16 is played on both and compared: a
difference fails that game, naming it. --runtime present plays every game on
the present runtime.

Ctrl-C stops the run: the games being played finish, then simulate reports the
games that finished (the first ones), writes its files for them, says that it
was interrupted after N of M games ("interrupted": true in the JSON; merge
refuses such a file) and exits 130. A second Ctrl-C stops at once.`,
		Example: `  agon simulate peloponnes --players 2-5 --games 1000
  agon simulate rulesets/peloponnes --players 2,4 --games 200 --seed 7 --json
  agon simulate peloponnes --players 4 --games 500 --seats greedy,random,random,random
  agon simulate peloponnes --players 3 --games 200 --rows games.csv
  agon simulate peloponnes --players 4 --games 1000 --shard 0/4 --stats shard-0.json
  agon simulate peloponnes --players 3 --games 100 --set conquest_bonus=1..4
  agon simulate peloponnes --players 3 --games 200 --set conquest_bonus=1..4 --report sweep.html
  agon simulate peloponnes --players 3 --games 100 --set rounds=6 --set conquest_bonus=1..4`,
		Args: positional(1, 1, rulesetArg()),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			prm.Progress = isTerminal(os.Stderr) // on stderr: --json's stdout stays JSON
			if cmd.Flags().Changed("seats") {
				if cmd.Flags().Changed("bots") {
					return usagef("give --seats or --bots (its older name), not both")
				}
				prm.Bots = seats
			}
			e.code = runSimulate(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.StringVar(&prm.Players, "players", "", "player counts: 3, 2-5 or 2,4 (default: all the game allows)")
	f.IntVar(&prm.Games, "games", 100, "number of games (of all shards)")
	f.Uint64Var(&prm.Seed, "seed", 1, "seed from which every game's seed is derived")
	f.StringVar(&seats, "seats", "random", "bot kind for every seat, or a comma-separated kind per seat: "+strings.Join(bot.Kinds(), ", ")+" (mcts:400 = 400 playouts a decision, mcts:400:widen=0:prior=none for plain UCT; see README, Bots)")
	f.StringVar(&prm.Bots, "bots", "random", "older name of --seats")
	f.BoolVar(&prm.JSON, "json", false, "print the statistics as JSON (mergeable: see merge)")
	f.IntVar(&prm.Workers, "workers", 0, "games played at once (0: one per core, GOMAXPROCS)")
	f.StringVar(&prm.Rows, "rows", "", "write one CSV row per game to `FILE`")
	f.StringVar(&prm.Stats, "stats", "", "write the JSON statistics to `FILE` (for agon merge)")
	f.StringVar(&prm.Shard, "shard", "", "play shard `i/n` of the games: those whose index is i mod n")
	f.StringVar(&prm.Report, "report", "", "write an HTML page of charts to `FILE` (self-contained, viewable offline)")
	f.StringArrayVar(&prm.Set, "set", nil, "set a constant: `NAME=VALUES`, e.g. conquest_bonus=1..4 or 1,3,5 (a sweep); repeat it to set several constants, at most one with several values")
	addRuntimeFlag(f, &prm.Runtime)
	return cmd
}

// addRuntimeFlag adds --runtime, which simulate and compare share.
func addRuntimeFlag(f *pflag.FlagSet, runtime *string) {
	f.StringVar(runtime, "runtime", "auto", "`auto`: play on the flat runtime where it covers the ruleset (the same results, faster); present: every game on the present runtime")
}

// checkOutputs reports an output file (flag → path, "" for none) that
// cannot be written (no such folder, not a regular file, a folder it may
// not write in), before any game is played rather than after.
func checkOutputs(files map[string]string) error {
	seen := map[string]string{} // cleaned path → the flag that named it
	for _, flag := range []string{"--rows", "--stats", "--report"} {
		if err := checkOutputFile(flag, files[flag]); err != nil {
			return err
		}
		if files[flag] == "" {
			continue
		}
		path := filepath.Clean(files[flag])
		if other, dup := seen[path]; dup {
			// the second would overwrite the first: a CSV lost for a JSON
			return usagef("%s and %s both name %s: give each its own file", other, flag, files[flag])
		}
		seen[path] = flag
	}
	return nil
}
