package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"agon/interpreter/bot"
	"agon/interpreter/report"
	"agon/interpreter/sim"
	"agon/schema"
)

// defaultTop is how many rows compare prints unless --top says otherwise:
// the most significant screenful of the hundreds a game has (per card,
// per counter…); the rest are a --top 0 or --json away.
const defaultTop = 25

// compareParams are the inputs of agon compare.
type compareParams struct {
	simulateParams
	// Other is the second ruleset folder ("" to compare the variant with
	// the base rules).
	Other string
	// Top is how many rows the text prints (0: all).
	Top int
}

// compareReport is compare --json.
type compareReport struct {
	A           *sim.Report      `json:"a"`
	B           *sim.Report      `json:"b"`
	Differences []sim.Difference `json:"differences"`
	// Significant counts the differences significant after Holm's
	// correction.
	Significant int `json:"significant"`
	// Same, when not empty, says why B plays exactly A's rules (the same
	// files, a constant set to its own value, or a variant whose rules
	// equal the base rules): every difference is then chance.
	Same string `json:"same,omitempty"`
	// SameGames is true when B's statistics equal A's in every count and
	// histogram: the change reached no game these seeds played.
	SameGames bool `json:"same_games,omitempty"`
	// Unpaired counts the games both sides finished and those only one
	// did: the differences pair the first only, but for the rates of
	// failed and stopped games, which count every game.
	Unpaired sim.Unpaired `json:"unpaired"`
}

// runCompare plays the two rulesets on the same seeds and compares every
// statistic (once per value of --set).
func runCompare(ctx context.Context, prm compareParams, stdout, stderr io.Writer) int {
	stderr = withJSONErrors(prm.JSON, stdout, stderr)
	if prm.Top < 0 {
		return fail(stderr, usagef("--top %d: give how many of the most significant rows to print, or 0 for all", prm.Top))
	}
	pa, pb, err := compareSides(prm)
	if err != nil {
		return fail(stderr, err)
	}
	if len(prm.Set) > 0 {
		return runCompareSweep(ctx, pa, prm.Top, stdout, stderr)
	}
	var sims [2]*simulation
	for i, p := range []simulateParams{pa, pb} {
		// Both sides load before either plays: a broken B is reported
		// at once, not after all of A's games.
		if sims[i], err = newSimulation(p); err != nil {
			if !isUsage(err) {
				fmt.Fprintf(stderr, "%s: %s (%s) does not load:\n", "AB"[i:i+1], cmp.Or(p.Ruleset, "?"), sideVariant(p.Variant))
			}
			return printLoadError(stderr, err)
		}
		sims[i].stage = "AB"[i:i+1] + " (" + cmp.Or(sims[i].prog.Variant(), "base rules") + ")"
	}
	warnDeadRules(stderr, sims[0].prog, nil, "")
	warnDeadRules(stderr, sims[1].prog, sims[0].prog, sideNote(prm, pb))
	sims[0].after = sims[1].runGames()
	var reps [2]*sim.Report
	var games [2][]sim.Outcome
	side := 0
	for side = range sims {
		if reps[side], games[side], err = sims[side].report(ctx, stderr, ""); err != nil {
			break
		}
	}
	if err != nil && (side == 0 || reps[1] == nil) { // failed, or interrupted before B finished a game
		return fail(stderr, stageError(sims[side].stage, err, "nothing compared"))
	}
	if err != nil {
		// B interrupted: compare the games it finished with A's same games.
		games[0] = games[0][:len(games[1])]
		reps[0] = sims[0].partialReport(games[0])
	}
	out := newCompareReport(reps[0], reps[1], games[0], games[1])
	if sims[0].prog.Hash() == sims[1].prog.Hash() && pa.Variant == pb.Variant {
		out.Same = "B's ruleset files are A's (the same names and contents)"
	}
	if prm.Other == "" && sims[1].prog.Ruleset().SameAsBase {
		out.Same = fmt.Sprintf("variant %s changes nothing (its rules equal the base rules)", pb.Variant)
	}
	if prm.Report != "" {
		if err := report.WriteFile(prm.Report, comparePage(out)); err != nil {
			return fail(stderr, err)
		}
	}
	if prm.JSON {
		writeJSON(stdout, out)
	} else {
		printCompare(stdout, out, prm.Top)
	}
	if err != nil {
		fmt.Fprintf(stderr, "note: %s: %v; A and B are compared on the first %s of each\n", sims[1].stage, err, count(len(games[1]), "game"))
		return exitInterrupted
	}
	return compareCode(out)
}

// partialReport is the report of some of the simulation's games (the
// first ones, when the other side's run was interrupted).
func (s *simulation) partialReport(games []sim.Outcome) *sim.Report {
	rep := sim.NewReport(s.header(""), sim.Collect(games))
	rep.Interrupted = true
	return rep
}

// newCompareReport compares two reports of runs on the same seeds, ga and
// gb their games in order (paired game by game).
func newCompareReport(a, b *sim.Report, ga, gb []sim.Outcome) *compareReport {
	out := &compareReport{A: a, B: b, Differences: sim.ComparePaired(ga, gb, mergedLabels(a, b)), SameGames: sameStats(a, b),
		Unpaired: sim.CountUnpaired(ga, gb)}
	for _, d := range out.Differences {
		if d.Significant {
			out.Significant++
		}
	}
	return out
}

// compareCode is 1 when a game failed on either side.
func compareCode(c *compareReport) int {
	if c.A.Errors+c.B.Errors > 0 {
		return exitProblems
	}
	return exitOK
}

// compareSweep is compare --set --json: a comparison per value.
type compareSweep struct {
	// Set is the swept constant, Values its values.
	Set    string   `json:"set"`
	Values []string `json:"values"`
	// Fixed are the other constants set, one value each ("rounds=6"):
	// every B has them.
	Fixed       []string         `json:"fixed,omitempty"`
	Comparisons []*compareReport `json:"comparisons"`
}

// title is the swept constant, with the others set in brackets.
func (sw *compareSweep) title() string { return sweepTitle(sw.Set, sw.Fixed) }

// runCompareSweep plays the ruleset as given (A) and, for each value of
// --set, the ruleset with the constant set to it (B), on the same seeds.
func runCompareSweep(ctx context.Context, prm simulateParams, top int, stdout, stderr io.Writer) int {
	st, err := parseSettings(prm.Set)
	if err != nil {
		return fail(stderr, err)
	}
	prm.Set = nil
	s, err := newSimulation(prm)
	if err != nil {
		return printLoadError(stderr, err)
	}
	warnDeadRules(stderr, s.prog, nil, "")
	if err := st.check(s.prog); err != nil {
		return fail(stderr, err)
	}
	progs, code := s.sweepPrograms(st, stderr)
	if progs == nil {
		return code
	}
	s.stage = "A (the ruleset's own " + strings.Join(st.names(), ", ") + ")"
	s.after = len(progs) * s.runGames()
	a, ga, err := s.report(ctx, stderr, "")
	if err != nil {
		return fail(stderr, stageError(s.stage, err, "nothing compared"))
	}
	out := compareSweep{Set: st.name(), Values: st.values(), Fixed: st.fixed()}
	base := s.prog
	for i, v := range st.values() {
		s.prog = progs[i]
		s.stage = "B (" + st.label(v) + ")"
		s.after = (len(progs) - 1 - i) * s.runGames()
		b, gb, err := s.report(ctx, stderr, st.label(v))
		if err != nil {
			return fail(stderr, stageError(s.stage, err, "this value and those after it were not compared"))
		}
		c := newCompareReport(a, b, ga, gb)
		if st.own(base, v) {
			c.Same = fmt.Sprintf("%s %s the ruleset's own %s", st.label(v), schema.Plural(len(st.sets), "is", "are"), schema.Plural(len(st.sets), "value", "values"))
		}
		code = max(code, compareCode(c))
		out.Comparisons = append(out.Comparisons, c)
		if !prm.JSON {
			printCompare(stdout, c, top)
			fmt.Fprintln(stdout)
		}
	}
	if prm.Report != "" {
		if err := report.WriteFile(prm.Report, compareSweepPage(&out)); err != nil {
			return fail(stderr, err)
		}
	}
	if prm.JSON {
		writeJSON(stdout, out)
		return code
	}
	fmt.Fprintf(stdout, "sweep of %s against the ruleset's own %s:\n", out.title(), schema.Plural(len(st.sets), "value", "values"))
	for i, c := range out.Comparisons {
		same := ""
		if c.Same != "" {
			same = " (the ruleset's own " + schema.Plural(len(st.sets), "value", "values") + ")"
		}
		fmt.Fprintf(stdout, "  %s: %d of %d differences significant%s\n", st.label(out.Values[i]), c.Significant, len(c.Differences), same)
	}
	return code
}

// stageError names the stage an interruption stopped and says what was
// left undone (rest); other errors name themselves.
func stageError(stage string, err error, rest string) error {
	if isInterrupted(err) {
		return fmt.Errorf("%s: %w; %s", stage, err, rest)
	}
	return err
}

// sideNote names compare's B in the warnings it brings: its variant, or
// the second folder.
func sideNote(prm compareParams, b simulateParams) string {
	if prm.Other == "" {
		return "variant " + b.Variant
	}
	return "B, " + b.Ruleset
}

// compareSides is the simulate parameters of the two sides: A the base
// rules (or the first folder), B the variant (or the second folder).
func compareSides(prm compareParams) (a, b simulateParams, err error) {
	a, b = prm.simulateParams, prm.simulateParams
	switch {
	case len(prm.Set) > 0 && prm.Other != "":
		return a, b, usagef("compare --set compares one ruleset with itself with a constant set: give one ruleset")
	case len(prm.Set) > 0:
		// A is the ruleset (and variant) as given, B the same with the
		// constant set (runCompareSweep).
	case prm.Other == "" && prm.Variant == "":
		return a, b, usagef("compare needs --variant V (the variant against the base rules), --set NAME=VALUES or two ruleset folders%s", variantsHint(a.Ruleset))
	case prm.Other == "":
		a.Variant = ""
	default:
		b.Ruleset = prm.Other
	}
	if a.Players == "" {
		if a.Players, err = allPlayers(a.Ruleset, a.Variant); err != nil {
			return a, b, err
		}
		b.Players = a.Players
	}
	return a, b, nil
}

// printCompare prints the two runs and their differences, most
// significant first (the first top rows when top > 0).
func printCompare(w io.Writer, c *compareReport, top int) {
	a, b := c.A, c.B
	fmt.Fprintf(w, "A: %s (%s)\n", sourceName(a), sideName(a))
	fmt.Fprintf(w, "B: %s (%s)\n", sourceName(b), sideName(b))
	fmt.Fprintf(w, "%s each of %s on the same seeds (players %s, seats %s, seed %d)\n",
		count(a.Games, "game"), a.Title, a.Players, seatsText(a.Seats), a.Seed)
	for i, r := range []*sim.Report{a, b} {
		side := "AB"[i : i+1]
		if r.Errors+r.Stopped > 0 {
			fmt.Fprintf(w, "note: %s: %s failed and %d %s stopped (left out of the statistics but their rates)\n", side, count(r.Errors, "game"), r.Stopped, schema.Plural(r.Stopped, "was", "were"))
			for _, m := range append(append([]string(nil), r.ErrorMessages...), r.StopMessages...) {
				fmt.Fprintf(w, "  %s\n", m)
			}
		}
		if note := runtimeNote(r); note != "" {
			fmt.Fprintf(w, "note: %s: %s\n", side, note)
		}
		if r.GamesWithoutDecisions > 0 {
			fmt.Fprintf(w, "warning: %s: %s ended without a decision (does a trigger or the flow end the game at once?)\n", side, count(r.GamesWithoutDecisions, "game"))
		}
	}
	if b.Interrupted {
		fmt.Fprintf(w, "note: interrupted: A and B are compared on the first %s of each\n", count(b.Games, "game"))
	}
	if note := unpairedNote(c.Unpaired); note != "" {
		fmt.Fprintf(w, "note: %s\n", note)
	}
	if note := pooledNote(a.PooledPlayerCounts); note != "" {
		fmt.Fprintf(w, "note: %s (games are paired within a count); compare one --players count for a seat's chance\n", note)
	}
	if a.Game != b.Game {
		fmt.Fprintf(w, "warning: A is the game %s, B the game %s: the figures of two different games do not compare\n", a.Game, b.Game)
	}
	if note := sameNote(c); note != "" {
		fmt.Fprintf(w, "note: %s\n", note)
	} else if len(c.Differences) == 0 {
		fmt.Fprintf(w, "note: nothing to test: no statistic differs in any of the games paired (or there are fewer than 2 games a side)\n")
	}
	rows := c.Differences
	if top > 0 && top < len(rows) {
		rows = rows[:top]
	}
	if len(rows) > 0 {
		printDifferences(w, rows)
	}
	if hidden := len(c.Differences) - len(rows); hidden > 0 {
		fmt.Fprintf(w, "(%d less significant rows not shown: --top 0 shows all)\n", hidden)
	}
	fmt.Fprintf(w, "%d of %d differences significant (*: p < %.2f after Holm's correction within each family: game, cards, counters; games paired; rates in %%, their differences in points)\n",
		c.Significant, len(c.Differences), sim.Alpha)
}

// printDifferences prints the table of differences.
func printDifferences(w io.Writer, rows []sim.Difference) {
	names := []string{"statistic"}
	for _, d := range rows {
		names = append(names, d.Text())
	}
	names = padRight(names)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s\tA\tB\tB − A\t95%% interval\tp\tHolm p\t\t\n", names[0])
	for i, d := range rows {
		d.Statistic = names[i+1]
		mark := ""
		if d.Significant {
			mark = "*"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t[%s, %s]\t%s\t%s\t%s\t\n", d.Statistic, figure(d.A, d.Rate, false), figure(d.B, d.Rate, false),
			figure(d.Diff, d.Rate, true), figure(d.Low, d.Rate, true), figure(d.High, d.Rate, true), pText(d.P), pText(d.Holm), mark)
	}
	_ = tw.Flush()
}

// sideName is the variant and the constant set: "base rules, NAME=V".
func sideName(r *sim.Report) string {
	if r.Set != "" {
		return r.VariantName() + ", " + r.Set
	}
	return r.VariantName()
}

// figure prints a value: rates as percentages, a signed one with its sign.
func figure(v float64, rate, signed bool) string {
	format := "%.2f"
	if rate {
		v, format = 100*v, "%.1f"
	}
	if signed {
		format = strings.Replace(format, "%", "%+", 1)
	}
	if rate && !signed {
		format += "%%"
	}
	return fmt.Sprintf(format, v)
}

// pText prints a p-value.
func pText(p float64) string {
	if p < 0.0001 {
		return "<0.0001"
	}
	return fmt.Sprintf("%.4f", p)
}

// newCompareCmd wires agon compare.
func newCompareCmd(e *env) *cobra.Command {
	var prm compareParams
	cmd := &cobra.Command{
		Use:   "compare RULESET [RULESET2]",
		Short: "Play a variant (or a second ruleset) against the base on the same seeds and test every difference",
		Long: `compare plays RULESET's base rules (A) and its --variant (B), or two ruleset
folders (A and B, with --variant applied to both when given), on the same seeds
with the same seats, and lists every statistic of simulate side by side: win rate
by seat and by declared attribute, mean score, winning margin and game length,
stopped and failed games, per-card figures and declared counters.

For each it gives B − A with its 95% interval and a two-sided p-value. The tests
pair the games: game i of A and game i of B share their seed, player count and
seats, so each statistic is tested on the per-game differences, which cancels
what both games share (the deal, the dice, the seats' luck) and finds a real
change with far fewer games than independent samples would. With several player
counts the A and B columns pool them (a note says so; in --json each side's
pooled_player_counts). Only the games both sides finished are paired: a game
that failed or was stopped on one side only is
left out of both sides' rows, but for the rates of failed and stopped games,
which count every game (a note says how many). A rate seen once per game (a
seat's win, a card taken, a stopped game) uses the exact McNemar test on the
games whose outcome changed, and Newcombe's interval for paired rates (the
Wilson intervals of A's and B's rates combined with their correlation). That
interval does not invert the test: where p < 0.05 it leaves out 0, but it may
leave out 0 with p a little above 0.05 (with few games changed, the exact test
is the more cautious; * follows the p-value). Any other rate (win rates by
attribute or with shared wins, a card's taker wins) combines the Wilson
intervals of A's and B's rates, paired by game (Newcombe's method as MOVER
generalises it), so that it stays within ±100 points, with the p-value that
inverts that interval. Anything else (scores, margins, game length, counters,
per-card decisions) uses the paired t test on the per-game differences, the game
as the unit (a figure seen several times in a game, like every seat's score, is
a ratio of per-game sums, with the delta method's standard error), and its
interval (t, games − 1 degrees of freedom); when every game moved by the same
amount, the sign test.

The list comes most significant first; a difference is marked * when it stays
below 5% after Holm's correction for the number of comparisons in its family,
so that testing many statistics does not make chance differences look real. The
families are the game's outcomes (win rates, score, margin, length, stopped and
failed games), the per-card figures and the counters: a ruleset's hundred card
rows do not hide a change of balance (each family keeps its chance of any false
mark under 5%, the three together under 15%). Statistics that differ in no game are
left out (identical rules on the same seeds leave nothing to test); the text
shows the 25 most significant (--top N for N, --top 0 for all; --json has all,
with each test's name, its family and the games paired). --players defaults to
every count the game allows.

--set NAME=VALUES compares the ruleset (with --variant when given) as it is (A)
with the same ruleset with the constant set to each value (B), one comparison per
value, then a line per value. Repeat --set to set several constants in B (at
most one with several values): --set rounds=6 --set conquest_bonus=1,5.

--report FILE writes one self-contained HTML page: both runs' charts overlaid
and the differences (with --set: every value's differences and all the runs'
charts on one page).

Before it plays, compare prints on stderr the dead rules agon validate warns of
(a when: false, …): A's, then those only B has, marked (with variant NAME).

To compare an edited copy of a game with the original, give both folders: copy
rulesets/peloponnes to /tmp/mine, edit it, and compare rulesets/peloponnes with
/tmp/mine.`,
		Example: `  agon compare peloponnes --variant harsh-catastrophes --players 4 --games 2000
  agon compare peloponnes --variant harsh-catastrophes --players 4 --games 2000 --top 15
  agon compare peloponnes --set conquest_bonus=1,5 --players 3 --games 1000
  agon compare peloponnes --variant open-conquest --players 3 --games 500 --seats greedy --json`,
		Args: positional(1, 2, rulesetArg()+" (and, to compare two folders, the second)"),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Ruleset = args[0]
			if len(args) == 2 {
				prm.Other = args[1]
			}
			prm.Progress = isTerminal(os.Stderr) // on stderr: --json's stdout stays JSON
			e.code = runCompare(e.ctx, prm, e.stdout, e.stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&prm.Variant, "variant", "", "the variant B plays (A plays the base rules)")
	f.StringVar(&prm.Players, "players", "", "player counts: 3, 2-5 or 2,4 (default: all the game allows)")
	f.IntVar(&prm.Games, "games", 1000, "games on each side")
	f.Uint64Var(&prm.Seed, "seed", 1, "seed from which every game's seed is derived (the same on both sides)")
	f.StringVar(&prm.Bots, "seats", "random", "bot kind for every seat, or a comma-separated kind per seat: "+strings.Join(bot.Kinds(), ", ")+" (mcts:400 = 400 playouts a decision, mcts:400:widen=0:prior=none for plain UCT; see README, Bots)")
	f.BoolVar(&prm.JSON, "json", false, "print both reports and the differences as JSON")
	f.IntVar(&prm.Workers, "workers", 0, "games played at once (default GOMAXPROCS)")
	f.StringVar(&prm.Report, "report", "", "write an HTML page of both runs' charts and the differences to `FILE`")
	f.IntVar(&prm.Top, "top", defaultTop, "print only the `N` most significant rows (0: all; --json has all)")
	f.StringArrayVar(&prm.Set, "set", nil, "compare the ruleset with itself with a constant set: `NAME=VALUES` (1..4 or 1,3,5); repeat it to set several constants, at most one with several values")
	addRuntimeFlag(f, &prm.Runtime)
	return cmd
}

// padRight pads the texts with spaces to the longest one's width, so that
// a right-aligned table keeps them left-aligned.
func padRight(texts []string) []string {
	width := 0
	for _, t := range texts {
		width = max(width, utf8.RuneCountInString(t))
	}
	out := make([]string, len(texts))
	for i, t := range texts {
		out[i] = t + strings.Repeat(" ", width-utf8.RuneCountInString(t))
	}
	return out
}

// variantsHint names the variants a ruleset ships (for compare's usage
// error), or says it ships none; it is empty when the ruleset does not
// load (the run will say why).
func variantsHint(ruleset string) string {
	p, err := loadProgram(ruleset, "")
	if err != nil {
		return ""
	}
	if len(p.Variants()) == 0 {
		return fmt.Sprintf(" (%s ships no variant: try --set with one of its constants)", p.Game())
	}
	return fmt.Sprintf(" (variants of %s: %s)", p.Game(), strings.Join(p.Variants(), ", "))
}

// allPlayers is --players when it is not given: every count the ruleset
// allows ("2-5", or "2" when it allows one).
func allPlayers(ruleset, variant string) (string, error) {
	p, err := loadProgram(ruleset, variant)
	if err != nil {
		return "", err
	}
	if p.MinPlayers() == p.MaxPlayers() {
		return fmt.Sprint(p.MinPlayers()), nil
	}
	return fmt.Sprintf("%d-%d", p.MinPlayers(), p.MaxPlayers()), nil
}

// sameStats reports whether two runs' mergeable statistics are equal in
// every count, sum and histogram.
func sameStats(a, b *sim.Report) bool {
	ja, err1 := json.Marshal(a.Stats)
	jb, err2 := json.Marshal(b.Stats)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// sameNote says when B plays A's rules, or its games came out as A's; it
// is empty otherwise.
func sameNote(c *compareReport) string {
	switch {
	case c.Same != "":
		return c.Same + ": B plays A's rules, so any difference is chance (on the same seeds, games by deterministic bots come out the same)"
	case c.SameGames:
		return "B's statistics equal A's in every count: the change reached no game of these seeds (does it patch something the rules use?)"
	}
	return ""
}

// unpairedNote says how many games one side only finished, which the
// paired rows leave out on both sides; it is empty when there are none.
func unpairedNote(u sim.Unpaired) string {
	if u.LeftOut() == 0 {
		return ""
	}
	var sides []string
	if u.OnlyA > 0 {
		sides = append(sides, count(u.OnlyA, "game")+" only A finished (failed or stopped in B)")
	}
	if u.OnlyB > 0 {
		sides = append(sides, count(u.OnlyB, "game")+" only B finished (failed or stopped in A)")
	}
	return fmt.Sprintf("%s %s left out of both sides' rows but the failed and stopped rates: the other rows pair the %s both sides finished",
		strings.Join(sides, " and "), schema.Plural(u.LeftOut(), "is", "are"), count(u.Paired, "game"))
}

// mergedLabels are both sides' labels, B's where they differ.
func mergedLabels(a, b *sim.Report) map[string]string {
	out := map[string]string{}
	for _, r := range []*sim.Report{a, b} {
		for name, l := range r.Labels {
			out[name] = l
		}
	}
	return out
}

// sourceName is where a side's rules came from: the folder, or "built-in
// GAME".
func sourceName(r *sim.Report) string {
	if r.RulesetSource == builtIn {
		return builtIn + " " + r.Game
	}
	return r.RulesetSource
}

// sideVariant names what a side of compare plays: "variant V" or "base
// rules".
func sideVariant(variant string) string {
	if variant == "" {
		return "base rules"
	}
	return "variant " + variant
}
