package main

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"go.yaml.in/yaml/v3"

	"agon/interpreter"
	"agon/interpreter/report"
	"agon/interpreter/sim"
	"agon/schema"
)

// maxSweepValues bounds the values of one --set.
const maxSweepValues = 100

// sweep is a parsed --set NAME=VALUES.
type sweep struct {
	Name   string
	Values []string
}

// sweepReport is simulate --set --json: a report per value.
type sweepReport struct {
	// Set is the swept constant, Values its values.
	Set    string   `json:"set"`
	Values []string `json:"values"`
	// Fixed are the other constants set, one value each ("rounds=6"):
	// every run has them.
	Fixed   []string      `json:"fixed,omitempty"`
	Reports []*sim.Report `json:"reports"`
}

// title is the swept constant, with the others set in brackets.
func (sw *sweepReport) title() string { return sweepTitle(sw.Set, sw.Fixed) }

// sweepTitle is the swept constant name, with the constants fixed in
// brackets: "conquest_bonus (rounds=6)".
func sweepTitle(name string, fixed []string) string {
	if len(fixed) > 0 {
		return name + " (" + strings.Join(fixed, ", ") + ")"
	}
	return name
}

// scalarValue is a value --set may give a constant: a number, a word or
// a boolean.
var scalarValue = regexp.MustCompile(`^[A-Za-z0-9_.+-]+$`)

// parseSweep parses NAME=VALUES, VALUES being a list (1,3,5), a range of
// integers (1..4) or a mix (1..3,8).
func parseSweep(spec string) (sweep, error) {
	name, values, ok := strings.Cut(spec, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(values) == "" {
		return sweep{}, usagef("bad --set %q: write NAME=VALUES, e.g. conquest_bonus=1..4 or conquest_bonus=1,3,5", spec)
	}
	sw := sweep{Name: name}
	for _, part := range strings.Split(values, ",") {
		part = strings.TrimSpace(part)
		vs, err := expandValues(part)
		if err != nil {
			return sweep{}, err
		}
		sw.Values = append(sw.Values, vs...)
		if len(sw.Values) > maxSweepValues {
			return sweep{}, usagef("--set %s: more than %d values", name, maxSweepValues)
		}
	}
	return sw, nil
}

// expandValues expands one part of VALUES: "A..B" or one value.
func expandValues(part string) ([]string, error) {
	if a, b, isRange := strings.Cut(part, ".."); isRange {
		lo, err1 := strconv.Atoi(strings.TrimSpace(a))
		hi, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 != nil || err2 != nil || hi < lo {
			return nil, usagef("bad --set range %q: write A..B with integers A ≤ B", part)
		}
		if hi-lo >= maxSweepValues {
			return nil, usagef("--set range %q: more than %d values", part, maxSweepValues)
		}
		var out []string
		for v := lo; v <= hi; v++ {
			out = append(out, strconv.Itoa(v))
		}
		return out, nil
	}
	if !scalarValue.MatchString(part) {
		return nil, usagef("bad --set value %q: a number, a word or true/false", part)
	}
	return []string{part}, nil
}

// checkConstant reports an unknown constant name, with "did you mean".
func checkConstant(p *interpreter.Program, name string) error {
	names := p.Ruleset().ConstantOrder
	if c, ok := p.Ruleset().Constants[name]; ok {
		switch c.V.(type) {
		case []any, map[string]any:
			return usagef("--set: constant %s is a list or a map (%s); --set gives a number, a word or true/false", name, c.Pos)
		}
		return nil
	}
	return usagef("--set: %s has no constant %q%s (constants --set can give: %s)", p.Game(), name, schema.DidYouMean(name, names), strings.Join(settable(p), ", "))
}

// settable lists the constants --set can give a value: numbers, words and
// booleans, not lists or maps.
func settable(p *interpreter.Program) []string {
	var out []string
	for _, n := range p.Ruleset().ConstantOrder {
		switch p.Ruleset().Constants[n].V.(type) {
		case []any, map[string]any:
		default:
			out = append(out, n)
		}
	}
	return out
}

// patchedProgram loads the simulation's ruleset and variant with every
// constant set, the swept one to value.
func (s *simulation) patchedProgram(st settings, value string) (*interpreter.Program, error) {
	rs, err := resolveRuleset(s.prm.Ruleset)
	if err != nil {
		return nil, err
	}
	patch, err := st.patch(value)
	if err != nil {
		return nil, err
	}
	return interpreter.LoadPatched(rs.fsys, rs.dir, s.prm.Variant, "--set "+st.label(value), patch)
}

// sweepPrograms loads the ruleset once per value of the sweep, before any
// game is played, so that a value the ruleset refuses is reported at once.
// It prints the failure and returns its exit code (0 when all load).
func (s *simulation) sweepPrograms(st settings, stderr io.Writer) ([]*interpreter.Program, int) {
	progs := make([]*interpreter.Program, len(st.values()))
	for i, v := range st.values() {
		p, err := s.patchedProgram(st, v)
		if err != nil {
			fmt.Fprintf(stderr, "%s:\n", st.label(v))
			return nil, printLoadError(stderr, err)
		}
		progs[i] = p
	}
	return progs, exitOK
}

// runSweep plays the simulation once per value of --set, on the same
// seeds, and prints each report and a summary table.
func runSweep(ctx context.Context, s *simulation, stdout, stderr io.Writer) int {
	st, err := parseSettings(s.prm.Set)
	if err == nil {
		err = st.check(s.prog)
	}
	if err == nil && len(st.values()) > 1 && (s.prm.Rows != "" || s.prm.Stats != "") {
		err = usagef("--rows and --stats are for one run, not a sweep of %d values: give one value a run (--set %s=%s --stats FILE); --json has every value's statistics, --report one page of them all", len(st.values()), st.name(), st.values()[0])
	}
	if err != nil {
		return fail(stderr, err)
	}
	progs, code := s.sweepPrograms(st, stderr)
	if progs == nil {
		return code
	}
	out := sweepReport{Set: st.name(), Values: []string{}, Fixed: st.fixed()}
	code, stop := s.playSweep(ctx, st, progs, &out, stdout, stderr)
	if len(out.Reports) == 0 {
		return code
	}
	if s.prm.Report != "" {
		if err := report.WriteFile(s.prm.Report, sweepPage(&out)); err != nil {
			return fail(stderr, err)
		}
	}
	if s.prm.JSON {
		writeJSON(stdout, out)
	} else {
		printSweepTable(stdout, &out)
	}
	if stop != nil {
		fmt.Fprintf(stderr, "note: %v\n", stop)
		return exitInterrupted
	}
	return code
}

// playSweep plays each value's run, writes its files, adds its report to
// out and prints it. It returns the exit code so far and, when a run was
// interrupted, what stopped it (out then holds the runs that finished
// games). With no report in out, it has printed the failure.
func (s *simulation) playSweep(ctx context.Context, st settings, progs []*interpreter.Program, out *sweepReport, stdout, stderr io.Writer) (int, error) {
	code := exitOK
	for i, v := range st.values() {
		s.prog = progs[i]
		s.stage = st.label(v)
		s.after = (len(progs) - 1 - i) * s.runGames()
		rep, outcomes, err := s.report(ctx, stderr, st.label(v))
		var stop error
		if isInterrupted(err) {
			stop = stageError(s.stage, err, unplayed(len(st.values())-i-1))
		}
		if rep == nil {
			if stop == nil || len(out.Reports) == 0 {
				return fail(stderr, cmp.Or(stop, err)), nil
			}
			return code, stop
		}
		if err := s.writeRunFiles(rep, outcomes); err != nil {
			out.Reports = nil
			return fail(stderr, err), nil
		}
		if rep.Errors > 0 {
			code = exitProblems
		}
		out.Values = append(out.Values, v)
		out.Reports = append(out.Reports, rep)
		if !s.prm.JSON {
			printReport(stdout, rep)
			fmt.Fprintln(stdout)
		}
		if stop != nil {
			return code, stop
		}
	}
	return code, nil
}

// unplayed says how many values of a sweep were not played.
func unplayed(n int) string {
	if n == 0 {
		return "it was the last value"
	}
	return fmt.Sprintf("%s after it not played", count(n, "value"))
}

// printSweepTable prints one line per value: games, errors, means and
// each seat's win rate.
func printSweepTable(w io.Writer, sw *sweepReport) {
	seats := 0
	for _, r := range sw.Reports {
		seats = max(seats, len(r.WinRateBySeat))
	}
	fmt.Fprintf(w, "sweep of %s:\n", sw.title())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := []string{sw.Set, "games", "errors", "stopped", "mean score", "mean margin", "mean decisions"}
	for i := range seats {
		head = append(head, fmt.Sprintf("P%d wins", i+1))
	}
	fmt.Fprintf(tw, "  %s\t\n", strings.Join(head, "\t"))
	for i, r := range sw.Reports {
		cells := []string{sw.Values[i], strconv.Itoa(r.Games), strconv.Itoa(r.Errors), strconv.Itoa(r.Stopped),
			meanText("%.1f", r.Scores), meanWithin(r.Margins), meanWithin(r.Decisions)}
		for _, sr := range r.WinRateBySeat {
			cells = append(cells, fmt.Sprintf("%.1f%% [%.1f, %.1f]", 100*sr.Rate.Rate, 100*sr.Rate.Low, 100*sr.Rate.High))
		}
		fmt.Fprintf(tw, "  %s\t\n", strings.Join(cells, "\t"))
	}
	_ = tw.Flush()
	fmt.Fprintln(w, "  (±: 95% interval of a mean of one figure per game; [ ]: 95% Wilson interval of a win rate."+
		" Every value plays the same seeds: compare --set tests each against the ruleset's own value, game by game)")
}

// meanWithin is a per-game figure's mean with its 95% interval's half
// width ("108.9 ±1.9", the normal approximation: games as the unit), or
// "-" when it has no values.
func meanWithin(d sim.DistSummary) string {
	if d.N == 0 {
		return "-"
	}
	if d.N < 2 {
		return fmt.Sprintf("%.1f", d.Mean)
	}
	return fmt.Sprintf("%.1f ±%.1f", d.Mean, 1.96*d.SD/math.Sqrt(float64(d.N)))
}

// ownValue reports whether value (as --set gives it) is the constant's
// value in p, so that setting it changes no rule.
func ownValue(p *interpreter.Program, name, value string) bool {
	c, ok := p.Ruleset().Constants[name]
	if !ok {
		return false
	}
	var v any
	if err := yaml.Unmarshal([]byte(value), &v); err != nil {
		return false
	}
	return fmt.Sprint(v) == fmt.Sprint(c.V)
}

// meanText is a distribution's mean in format, or "-" when it has no
// values (every game of the value failed): not a mean of 0.
func meanText(format string, d sim.DistSummary) string {
	if d.N == 0 {
		return "-"
	}
	return fmt.Sprintf(format, d.Mean)
}
