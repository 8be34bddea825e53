package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// benchParams are the inputs of agon bench.
type benchParams struct {
	Ruleset string
	Variant string
	Players int
	Games   int
	Seed    uint64
	JSON    bool
	// Functions counts each ruleset function's calls and steps.
	Functions bool
}

// benchReport is what agon bench measured (its --json output). Its
// games/s, allocations and clone are those of the runtime simulate and
// compare play the ruleset's games on (Runtime); Present measures the
// same games on the present runtime, the reference every command falls
// back to for what the flat one does not cover.
type benchReport struct {
	RulesetSource string `json:"ruleset_source,omitempty"`
	Game          string `json:"game"`
	Variant       string `json:"variant"`
	Players       int    `json:"players"`
	Games         int    `json:"games"`
	Seed          uint64 `json:"seed"`
	// Runtime is the runtime the measurements below are of: "flat" (the
	// rebuild, interpreter/doc.go "The typed flat state"), or "present"
	// when the flat runtime does not cover the ruleset yet and simulate
	// plays its games on the present one; RuntimeReason then says what
	// the flat runtime lacks, where.
	Runtime       string `json:"runtime"`
	RuntimeReason string `json:"runtime_reason,omitempty"`
	benchRun
	// Present is what the same games cost on the present runtime.
	Present benchPresent `json:"present"`
	// Load is what loading the ruleset costs.
	Load    benchLoad    `json:"load"`
	Machine benchMachine `json:"machine"`
	// Functions is each ruleset function's work per game (--functions).
	Functions []benchFunction `json:"functions,omitempty"`
}

// benchRun is what one runtime's games cost.
type benchRun struct {
	Decisions int `json:"decisions"`
	// Seconds is the wall time of all the games.
	Seconds            float64 `json:"seconds"`
	GamesPerSecond     float64 `json:"games_per_second"`
	DecisionsPerSecond float64 `json:"decisions_per_second"`
	// AllocsPerGame and BytesPerGame are the heap allocations of one game
	// on average (runtime.MemStats: Mallocs and TotalAlloc).
	AllocsPerGame float64 `json:"allocs_per_game"`
	BytesPerGame  float64 `json:"bytes_per_game"`
	// Clone is what cloning the first game's state halfway through
	// (after half its decisions) costs on average, as the search bots
	// clone it.
	Clone benchClone `json:"clone"`
}

// benchPresent is the present runtime's run of the same games.
type benchPresent struct {
	benchRun
	// Speedup is the report's games per second over these (1 when the
	// report measures the present runtime too).
	Speedup float64 `json:"speedup"`
}

// benchClone is the cost of one clone of a game's state.
type benchClone struct {
	// AfterDecisions is the number of decisions the cloned state had.
	AfterDecisions int     `json:"after_decisions"`
	Clones         int     `json:"clones"`
	Microseconds   float64 `json:"microseconds"`
	Allocs         float64 `json:"allocs"`
	Bytes          float64 `json:"bytes"`
}

// benchLoad is the cost of loading the ruleset: reading, validating and
// compiling it (interpreter.Load), as every command does before it plays.
type benchLoad struct {
	// Loads is how many loads were timed, after the one bench plays with.
	Loads int `json:"loads"`
	// Milliseconds is the median wall time of one load.
	Milliseconds float64 `json:"milliseconds"`
}

// loadsTimed is how many loads bench times for its median.
const loadsTimed = 5

// benchLoadCost loads the ruleset loadsTimed more times and takes the
// median time of one.
func benchLoadCost(prm benchParams) (benchLoad, error) {
	times := make([]float64, loadsTimed)
	for i := range times {
		start := time.Now()
		if _, _, err := loadSourced(prm.Ruleset, prm.Variant); err != nil {
			return benchLoad{}, err
		}
		times[i] = time.Since(start).Seconds() * 1e3
	}
	slices.Sort(times)
	return benchLoad{Loads: loadsTimed, Milliseconds: times[loadsTimed/2]}, nil
}

// benchMachine is where a benchmark ran.
type benchMachine struct {
	// CPU is the processor's model name ("" where it is not known).
	CPU        string `json:"cpu,omitempty"`
	GOOS       string `json:"goos"`
	GOARCH     string `json:"goarch"`
	CPUs       int    `json:"cpus"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	// GOGC is the garbage collector's target percentage (agon's own
	// default, 400, unless the GOGC variable sets another; -1 is off).
	GOGC      int    `json:"gogc"`
	GoVersion string `json:"go_version"`
}

// gcPercent is the garbage collector's current target percentage.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// runBench plays games one after another with random bots, on the
// runtime simulate would play them on and on the present runtime, and
// reports the speed of both.
func runBench(ctx context.Context, prm benchParams, stdout, stderr io.Writer) int {
	stderr = withJSONErrors(prm.JSON, stdout, stderr)
	if prm.Games < 1 {
		return fail(stderr, usagef("--games must be at least 1"))
	}
	p, source, err := loadSourced(prm.Ruleset, prm.Variant)
	if err != nil {
		printSource(stderr, source)
		return printLoadError(stderr, err)
	}
	if err := checkPlayers(p, []int{prm.Players}); err != nil {
		return fail(stderr, err)
	}
	rep, err := bench(ctx, p, prm)
	if err != nil {
		return fail(stderr, err)
	}
	if rep.Load, err = benchLoadCost(prm); err != nil {
		return fail(stderr, err)
	}
	if prm.Functions {
		kinds, _ := parseSeats("", prm.Players, "random", "random", false)
		if rep.Functions, err = benchFunctions(ctx, p, prm, kinds); err != nil {
			return fail(stderr, err)
		}
	}
	rep.RulesetSource = source
	if prm.JSON {
		writeJSON(stdout, rep)
		return exitOK
	}
	printSource(stdout, source)
	printBench(stdout, rep)
	if prm.Functions {
		printFunctions(stdout, rep.Games, rep.Functions)
	}
	return exitOK
}

// printBench prints the measurements for people: first the runtime
// simulate plays the games on, then the present runtime's line.
func printBench(w io.Writer, rep *benchReport) {
	on := "on the flat runtime (the one simulate and compare play on)"
	if rep.Runtime != runtimeFlat {
		on = "on the present runtime (simulate and compare play this ruleset on it: " + rep.RuntimeReason + ")"
	}
	fmt.Fprintf(w, "games %s: %s, %s in %.3fs: %.1f games/s, %.0f decisions/s\n",
		on, count(rep.Games, "game"), count(rep.Decisions, "decision"), rep.Seconds, rep.GamesPerSecond, rep.DecisionsPerSecond)
	fmt.Fprintf(w, "per game: %.0f allocations, %.0f bytes\n", rep.AllocsPerGame, rep.BytesPerGame)
	c := rep.Clone
	fmt.Fprintf(w, "clone after %s: %.1f µs, %.0f allocations, %.0f bytes (%s)\n",
		count(c.AfterDecisions, "decision"), c.Microseconds, c.Allocs, c.Bytes, count(c.Clones, "clone"))
	if rep.Runtime == runtimeFlat {
		pr := rep.Present
		fmt.Fprintf(w, "present runtime (the reference, which every command falls back to), the same games: %.1f games/s (the flat runtime is %.1fx that), %.0f decisions/s, %.0f allocations and %.0f bytes a game, clone %.1f µs\n",
			pr.GamesPerSecond, pr.Speedup, pr.DecisionsPerSecond, pr.AllocsPerGame, pr.BytesPerGame, pr.Clone.Microseconds)
	}
	fmt.Fprintf(w, "load (read, validate, compile the ruleset): %.1f ms (median of %d)\n", rep.Load.Milliseconds, rep.Load.Loads)
	m := rep.Machine
	cpu := m.CPU
	if cpu == "" {
		cpu = "unknown CPU"
	}
	fmt.Fprintf(w, "machine: %s, %s/%s, %d CPUs, GOMAXPROCS %d, GOGC %d, %s\n",
		cpu, m.GOOS, m.GOARCH, m.CPUs, m.GOMAXPROCS, m.GOGC, m.GoVersion)
}

// The runtimes a bench report can measure.
const (
	runtimeFlat    = "flat"
	runtimePresent = "present"
)

// bench plays the games on both runtimes and measures them.
func bench(ctx context.Context, p *interpreter.Program, prm benchParams) (*benchReport, error) {
	kinds, _ := parseSeats("", prm.Players, "random", "random", false)
	present, err := benchPresentCost(ctx, p, prm, kinds)
	if err != nil {
		return nil, err
	}
	rep := &benchReport{
		Game: p.Game(), Variant: prm.Variant, Players: prm.Players, Games: prm.Games, Seed: prm.Seed,
		Runtime: runtimePresent, benchRun: present, Present: benchPresent{benchRun: present, Speedup: 1},
		Machine: benchMachine{CPU: cpuModel(), GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPUs: runtime.NumCPU(),
			GOMAXPROCS: runtime.GOMAXPROCS(0), GOGC: gcPercent(), GoVersion: runtime.Version()},
	}
	flat, reason, err := benchFlatCost(ctx, p, prm, kinds, present)
	switch {
	case err != nil:
		return nil, err
	case reason != "":
		rep.RuntimeReason = reason
	default:
		rep.Runtime, rep.benchRun = runtimeFlat, flat
		rep.Present.Speedup = flat.GamesPerSecond / present.GamesPerSecond
	}
	return rep, nil
}

// benchPresentCost plays the games on the present runtime.
func benchPresentCost(ctx context.Context, p *interpreter.Program, prm benchParams, kinds []string) (benchRun, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start, decisions := time.Now(), 0
	for i := range prm.Games {
		if ctx.Err() != nil {
			return benchRun{}, &sim.Interrupted{Done: i, Total: prm.Games} // exit 130, as simulate
		}
		o := sim.PlayGamePresent(p, prm.Players, gameSeed(prm.Seed, i), kinds)
		if o.Err != "" {
			return benchRun{}, fmt.Errorf("game %d (seed %d): %s", i+1, o.Seed, o.Err)
		}
		decisions += o.Decisions
	}
	run := measured(prm.Games, decisions, time.Since(start), &before, &after)
	var err error
	run.Clone, err = benchCloneCost(p, prm, kinds)
	return run, err
}

// measured is a run's figures from its games, decisions, time and the
// memory statistics read before it (after is read now).
func measured(games, decisions int, took time.Duration, before, after *runtime.MemStats) benchRun {
	runtime.ReadMemStats(after)
	secs, n := max(took.Seconds(), 1e-9), float64(games)
	return benchRun{Decisions: decisions, Seconds: secs,
		GamesPerSecond: n / secs, DecisionsPerSecond: float64(decisions) / secs,
		AllocsPerGame: float64(after.Mallocs-before.Mallocs) / n,
		BytesPerGame:  float64(after.TotalAlloc-before.TotalAlloc) / n}
}

// benchCloneCost plays the first game again on the present runtime up to
// half its decisions and clones that state repeatedly.
func benchCloneCost(p *interpreter.Program, prm benchParams, kinds []string) (benchClone, error) {
	seed := gameSeed(prm.Seed, 0)
	half := sim.PlayGamePresent(p, prm.Players, seed, kinds).Decisions / 2
	bots, err := newBots(kinds, seed)
	if err != nil {
		return benchClone{}, err
	}
	g, err := interpreter.NewGame(p, interpreter.Config{Players: prm.Players, Seed: seed, KeysOnly: true, NoLog: true})
	if err != nil {
		return benchClone{}, err
	}
	for g.Decisions() < half && !g.Over() {
		d := g.Pending()
		i := bots[d.Player].Choose(g, d)
		if err := interpreter.BotError(bots[d.Player]); err != nil {
			return benchClone{}, err
		}
		if err := g.Apply(d.Options[i].Key); err != nil {
			return benchClone{}, err
		}
	}
	return timeClones(g.Decisions(), func() { _ = g.Clone() }), nil
}

// timeClones calls clone for about a tenth of a second (at least ten
// times) and gives what one call cost.
func timeClones(decisions int, clone func()) benchClone {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start, n := time.Now(), 0
	for n < 10 || time.Since(start) < 100*time.Millisecond {
		clone()
		n++
	}
	secs := time.Since(start).Seconds()
	runtime.ReadMemStats(&after)
	return benchClone{AfterDecisions: decisions, Clones: n, Microseconds: secs * 1e6 / float64(n),
		Allocs: float64(after.Mallocs-before.Mallocs) / float64(n),
		Bytes:  float64(after.TotalAlloc-before.TotalAlloc) / float64(n)}
}

// cpuModel is the processor's model name from /proc/cpuinfo (Linux), ""
// elsewhere.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return ""
}

// newBenchCmd wires agon bench.
func newBenchCmd(e *env) *cobra.Command {
	var prm benchParams
	cmd := &cobra.Command{
		Use:   "bench RULESET",
		Short: "Measure how fast games play",
		Long: `bench plays --games games one after another with random bots, on the
runtime simulate and compare play them on: the flat runtime, the rebuild of
the runtime (interpreter/doc.go, "The typed flat state"), or the present
runtime for a ruleset the flat one does not cover yet (the first line then
says what it lacks, where). It reports games per second, decisions per
second, the heap allocations and bytes allocated per game, what cloning the
first game's state halfway through costs (as the search bots clone it),
what loading the ruleset costs (reading, validating and compiling it: the
median of five loads), and the machine (CPU model, GOOS, GOARCH, CPU count,
GOMAXPROCS, GOGC) and Go version, to compare runs. --json prints the same as
JSON ("runtime" names the runtime measured). Run it with GOMAXPROCS=1 to
measure one core.

It also plays the same games (same seeds, same bots) on the present
runtime, the reference every command falls back to for what the flat
runtime does not cover, and prints its
figures and how many times faster the flat runtime is ("present" in the
JSON). The two must take the same decisions; if they do not, bench stops
with an error (a bug to report).

agon runs with the garbage collector's target at 400% (games keep little
memory alive, so collecting less often makes a game take 18-30% less time,
BENCHMARKS.md measured); set the GOGC variable to choose another (GOGC=100 is
Go's default).

--functions plays the games once more, counting each ruleset function's
calls and the steps they take (a call, and a round of any, count, filter,
sum or another predicate; the functions it calls included), per game, the
most first: where the ruleset asks for work, the same on every machine.`,
		Example: `  agon bench peloponnes --players 3 --games 500
  agon bench peloponnes --players 4 --games 50 --json
  agon bench politeia --players 3 --games 50 --functions`,
		Args: positional(1, 1, rulesetArg()),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			e.code = runBench(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "apply the named variant")
	f.IntVar(&prm.Players, "players", 0, "number of players (required)")
	f.IntVar(&prm.Games, "games", 100, "number of games")
	f.Uint64Var(&prm.Seed, "seed", 1, "seed from which every game's seed is derived")
	f.BoolVar(&prm.JSON, "json", false, "print the measurements as JSON")
	f.BoolVar(&prm.Functions, "functions", false, "also count each ruleset function's calls and steps per game")
	_ = cmd.MarkFlagRequired("players")
	return cmd
}
