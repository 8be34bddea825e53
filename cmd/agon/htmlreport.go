package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"agon/interpreter/report"
	"agon/interpreter/sim"
)

// This file turns simulate's and compare's statistics (interpreter/sim)
// into report Pages for --report FILE.

// simulatePage is the page of one simulate (or merge) report.
func simulatePage(rep *sim.Report) report.Page {
	p := report.Page{Title: rep.Title + ": " + rep.VariantName(), Subtitle: headerLine(rep), Meta: metaOf(rep)}
	runs := []namedSummary{{"", rep.Summary}}
	p.Sections = append(p.Sections, seatBars(runs, len(rep.Seats)))
	p.Sections = append(p.Sections, attributeBars(runs, rep.Label)...)
	p.Sections = append(p.Sections, histograms(runs)...)
	if t, ok := cardTable(rep.Summary); ok {
		p.Sections = append(p.Sections, t)
	}
	if t, ok := counterTable(rep.Summary, rep.Label); ok {
		p.Sections = append(p.Sections, t)
	}
	return p
}

// comparePage is the page of a compare: both runs overlaid, then the
// differences.
func comparePage(c *compareReport) report.Page {
	a, b := c.A, c.B
	p := report.Page{
		Title:    fmt.Sprintf("%s: %s against %s", a.Title, sideName(b), sideName(a)),
		Subtitle: fmt.Sprintf("%s each on the same seeds", count(a.Games, "game")),
		Meta:     metaOf(a),
	}
	p.Meta[1] = report.Meta{Label: "rulesets", Value: "A " + a.RulesetSource + ", B " + b.RulesetSource}
	p.Meta[2] = report.Meta{Label: "variant", Value: "A " + sideName(a) + ", B " + sideName(b)}
	runs := []namedSummary{{"A: " + sideName(a), a.Summary}, {"B: " + sideName(b), b.Summary}}
	for _, note := range []string{sameNote(c), unpairedNote(c.Unpaired)} {
		if note != "" {
			p.Sections = append(p.Sections, report.Text{Title: "Note", Body: note})
		}
	}
	all := differenceTable(c)
	top := topDifferences(all, c.Significant)
	p.Sections = append(p.Sections, top, seatBars(runs, len(a.Seats)))
	p.Sections = append(p.Sections, attributeBars(runs, labelOf(mergedLabels(a, b)))...)
	p.Sections = append(p.Sections, histograms(runs)...)
	if len(top.Rows) < len(all.Rows) {
		all.Title = "All differences, most significant first"
		p.Sections = append(p.Sections, all)
	}
	return p
}

// pageTopRows is how many differences the top of a compare page lists
// (more when more are significant); the rest wait below the charts, so
// that the charts are not pages of rows away.
const pageTopRows = 20

// topDifferences is the first rows of the differences: every significant
// one, and at least pageTopRows.
func topDifferences(all report.Table, significant int) report.Table {
	n := max(pageTopRows, significant)
	if n >= len(all.Rows) {
		return all
	}
	top := all
	top.Rows = all.Rows[:n]
	top.Caption += fmt.Sprintf(" The %d most significant of %d are shown here; the last table has all.", n, len(all.Rows))
	return top
}

// namedSummary is a run's summary with its legend name.
type namedSummary struct {
	name string
	s    *sim.Summary
}

// metaOf lists what was played.
func metaOf(rep *sim.Report) []report.Meta {
	meta := []report.Meta{
		{Label: "game", Value: rep.Title}, {Label: "ruleset", Value: rep.RulesetSource},
		{Label: "variant", Value: rep.VariantName()}, {Label: "players", Value: rep.Players},
		{Label: "seats", Value: seatsText(rep.Seats)}, {Label: "seed", Value: strconv.FormatUint(rep.Seed, 10)},
		{Label: "games", Value: strconv.Itoa(rep.Games)},
	}
	if rep.Interrupted {
		meta = append(meta, report.Meta{Label: "interrupted", Value: fmt.Sprintf("after %d of %d games", rep.Games, plannedGames(rep))})
	}
	if rep.Runtime == sim.RuntimePresent {
		meta = append(meta, report.Meta{Label: "runtime", Value: "present: " + rep.RuntimeReason})
	}
	return meta
}

// interval is a rate as a report point.
func interval(r sim.Rate) report.Interval {
	return report.Interval{Value: r.Rate, Low: r.Low, High: r.High}
}

// seatBars draws the win rate by seat with the fair share of the largest
// game.
func seatBars(runs []namedSummary, seats int) report.IntervalBars {
	bars := report.IntervalBars{Title: "Win rate by seat", ValueLabel: "win rate", Percent: true,
		Caption: "95% Wilson intervals; a win shared by k winners counts 1/k."}
	for i := range seats {
		bars.Categories = append(bars.Categories, fmt.Sprintf("P%d", i+1))
	}
	for _, r := range runs {
		s := report.BarSeries{Name: r.name}
		for i := range seats {
			pt := report.Interval{Value: math.NaN(), Low: math.NaN(), High: math.NaN()}
			if i < len(r.s.WinRateBySeat) {
				pt = interval(r.s.WinRateBySeat[i].Rate)
			}
			s.Points = append(s.Points, pt)
		}
		bars.Series = append(bars.Series, s)
	}
	if seats > 0 {
		bars.Reference, bars.ReferenceLabel = 1/float64(seats), "fair share"
	}
	return bars
}

// labelOf is the heading of a report attribute or counter: its label in
// labels, or the name.
func labelOf(labels map[string]string) func(string) string {
	return func(name string) string {
		if l, ok := labels[name]; ok {
			return l
		}
		return name
	}
}

// attributeBars draws a chart per declared attribute, titled by label.
func attributeBars(runs []namedSummary, label func(string) string) []report.Section {
	var names []string
	values := map[string][]string{}
	for _, r := range runs {
		for _, a := range r.s.WinRateByAttribute {
			if _, ok := values[a.Name]; !ok {
				names = append(names, a.Name)
			}
			if !containsString(values[a.Name], a.Value) {
				values[a.Name] = append(values[a.Name], a.Value)
			}
		}
	}
	var out []report.Section
	for _, name := range names {
		bars := report.IntervalBars{Title: "Win rate by " + label(name), ValueLabel: "win rate", Percent: true,
			Categories: values[name], Caption: "Seats with each value; 95% Wilson intervals."}
		for _, r := range runs {
			s := report.BarSeries{Name: r.name}
			for _, v := range values[name] {
				pt := report.Interval{Value: math.NaN(), Low: math.NaN(), High: math.NaN()}
				for _, a := range r.s.WinRateByAttribute {
					if a.Name == name && a.Value == v {
						pt = interval(a.Rate)
					}
				}
				s.Points = append(s.Points, pt)
			}
			bars.Series = append(bars.Series, s)
		}
		out = append(out, bars)
	}
	return out
}

// containsString reports whether list holds s.
func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// histograms draws the scores, margins and game lengths.
func histograms(runs []namedSummary) []report.Section {
	charts := []struct {
		title, label, unit string
		dist               func(*sim.Summary) sim.DistSummary
	}{
		{"Final scores", "final score (every seat)", "seats", func(s *sim.Summary) sim.DistSummary { return s.Scores }},
		{"Winning margin", "best score minus the next", "games", func(s *sim.Summary) sim.DistSummary { return s.Margins }},
		{"Game length", "decisions per game", "games", func(s *sim.Summary) sim.DistSummary { return s.Decisions }},
	}
	var out []report.Section
	for _, c := range charts {
		h := report.Histogram{Title: c.title, ValueLabel: c.label, Unit: c.unit, Normalize: len(runs) > 1}
		for _, r := range runs {
			d := c.dist(r.s)
			if len(d.Histogram) == 0 {
				continue
			}
			s := report.HistogramSeries{Name: r.name}
			for _, b := range d.Histogram {
				s.Edges = append(s.Edges, b.Low-0.5)
				s.Counts = append(s.Counts, float64(b.Count))
			}
			s.Edges = append(s.Edges, d.Histogram[len(d.Histogram)-1].High-0.5)
			h.Series = append(h.Series, s)
			h.Caption += strings.TrimSpace(fmt.Sprintf("%s mean %.2f, sd %.2f, median %g.", r.name, d.Mean, d.SD, d.Median)) + " "
		}
		if len(h.Series) > 0 {
			h.Caption = strings.TrimSpace(h.Caption)
			out = append(out, h)
		}
	}
	return out
}

// cardTable is the per-card table (none when no card was taken).
func cardTable(s *sim.Summary) (report.Table, bool) {
	t := report.Table{Title: "Cards taken", Header: []string{"card", "in games", "times", "mean decision", "taker win rate", "95% interval"},
		Numeric: []bool{false, true, true, true, true, true}}
	for _, c := range s.Cards {
		t.Rows = append(t.Rows, report.Row{Cells: []string{c.Card, fmt.Sprintf("%.1f%%", 100*c.Taken.Rate), strconv.Itoa(c.Times),
			fmt.Sprintf("%.1f", c.Decision.Mean), fmt.Sprintf("%.1f%%", 100*c.TakerWins.Rate),
			fmt.Sprintf("%.1f%% – %.1f%%", 100*c.TakerWins.Low, 100*c.TakerWins.High)}})
	}
	return t, len(t.Rows) > 0
}

// counterTable is the declared counters' table, a row per counter headed
// by its label.
func counterTable(s *sim.Summary, label func(string) string) (report.Table, bool) {
	t := report.Table{Title: "Counters (mean per seat and game)", Header: []string{"counter", "all", "sd", "winners", "others"},
		Numeric: []bool{false, true, true, true, true}}
	for _, c := range byLabel(s.Counters, label) {
		t.Rows = append(t.Rows, report.Row{Cells: []string{label(c.Name), fmt.Sprintf("%.2f", c.All.Mean), fmt.Sprintf("%.2f", c.All.SD),
			fmt.Sprintf("%.2f", c.Winners.Mean), fmt.Sprintf("%.2f", c.Others.Mean)}})
	}
	return t, len(t.Rows) > 0
}

// differenceTable lists compare's differences, most significant first.
func differenceTable(c *compareReport) report.Table {
	t := report.Table{Title: "Differences, most significant first",
		Caption: fmt.Sprintf("%d of %d differences significant after Holm's correction within each family of statistics: the game's outcomes, the cards, the counters (p < %.2f); rates in %%, their differences in points.",
			c.Significant, len(c.Differences), sim.Alpha),
		Header:  []string{"statistic", "A", "B", "B − A", "95% interval", "p", "Holm p"},
		Numeric: []bool{false, true, true, true, true, true, true}}
	for _, d := range c.Differences {
		t.Rows = append(t.Rows, report.Row{Significant: d.Significant, Cells: []string{d.Text(),
			figure(d.A, d.Rate, false), figure(d.B, d.Rate, false), figure(d.Diff, d.Rate, true),
			figure(d.Low, d.Rate, true) + " – " + figure(d.High, d.Rate, true), pText(d.P), pText(d.Holm)}})
	}
	return t
}
