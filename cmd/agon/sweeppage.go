package main

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"agon/interpreter/report"
	"agon/interpreter/sim"
)

// This file draws the --report page of a --set sweep: simulate's (one run
// per value) and compare's (each value against the ruleset's own).

// maxOverlay is how many runs one chart overlays: as many as the report's
// palette tells apart. A sweep of more values draws a section per value.
const maxOverlay = 6

// sweepPage is the page of simulate --set: a table of every value, then
// the runs' charts overlaid (or a section per value when there are more
// than maxOverlay), then the counters by value.
func sweepPage(sw *sweepReport) report.Page {
	first := sw.Reports[0]
	p := report.Page{Title: fmt.Sprintf("%s: %s, sweep of %s", first.Title, first.VariantName(), sw.title()),
		Subtitle: fmt.Sprintf("%d values of %s, %s each on the same seeds", len(sw.Values), sw.Set, count(first.Games, "game")),
		Meta:     append(metaOf(first), setMeta(sw.Set, sw.Values, sw.Fixed)...)}
	p.Sections = append(p.Sections, sweepTable(sw))
	var runs []namedSummary
	for i, r := range sw.Reports {
		runs = append(runs, namedSummary{sw.Set + "=" + sw.Values[i], r.Summary})
	}
	p.Sections = append(p.Sections, overlaid(runs, len(first.Seats), first.Label)...)
	if t, ok := sweepCounters(sw); ok {
		p.Sections = append(p.Sections, t)
	}
	return p
}

// overlaid draws the runs' win rates and histograms, overlaid when the
// charts tell them apart, else one set of charts per run, its name in the
// titles.
func overlaid(runs []namedSummary, seats int, label func(string) string) []report.Section {
	if len(runs) <= maxOverlay {
		out := []report.Section{seatBars(runs, seats)}
		out = append(out, attributeBars(runs, label)...)
		return append(out, histograms(runs)...)
	}
	var out []report.Section
	for _, r := range runs {
		one := []namedSummary{{"", r.s}}
		sections := []report.Section{seatBars(one, seats)}
		sections = append(sections, attributeBars(one, label)...)
		sections = append(sections, histograms(one)...)
		for _, s := range sections {
			out = append(out, retitled(s, r.name))
		}
	}
	return out
}

// retitled prefixes a chart's title with a run's name.
func retitled(s report.Section, name string) report.Section {
	switch x := s.(type) {
	case report.IntervalBars:
		x.Title = name + ": " + x.Title
		return x
	case report.Histogram:
		x.Title = name + ": " + x.Title
		return x
	}
	return s
}

// sweepTable is printSweepTable's table: a row per value.
func sweepTable(sw *sweepReport) report.Table {
	seats := 0
	for _, r := range sw.Reports {
		seats = max(seats, len(r.WinRateBySeat))
	}
	t := report.Table{Title: "Sweep of " + sw.Set, Caption: "Each value on the same seeds; the charts below give the win rates' 95% Wilson intervals.",
		Header: []string{sw.Set, "games", "errors", "stopped", "mean score", "mean margin", "mean decisions"}}
	for i := range seats {
		t.Header = append(t.Header, fmt.Sprintf("P%d wins", i+1))
	}
	t.Numeric = make([]bool, len(t.Header))
	for i := range t.Numeric {
		t.Numeric[i] = true
	}
	for i, r := range sw.Reports {
		cells := []string{sw.Values[i], strconv.Itoa(r.Games), strconv.Itoa(r.Errors), strconv.Itoa(r.Stopped),
			meanText("%.2f", r.Scores), meanText("%.2f", r.Margins), meanText("%.1f", r.Decisions)}
		for _, sr := range r.WinRateBySeat {
			cells = append(cells, fmt.Sprintf("%.1f%%", 100*sr.Rate.Rate))
		}
		t.Rows = append(t.Rows, report.Row{Cells: cells})
	}
	return t
}

// sweepCounters is a table of the declared counters' means (per seat and
// game), a column per value.
func sweepCounters(sw *sweepReport) (report.Table, bool) {
	first := sw.Reports[0]
	t := report.Table{Title: "Counters by " + sw.Set + " (mean per seat and game)", Header: []string{"counter"}, Numeric: []bool{false}}
	for _, v := range sw.Values {
		t.Header = append(t.Header, sw.Set+"="+v)
		t.Numeric = append(t.Numeric, true)
	}
	for _, c := range byLabel(first.Counters, first.Label) {
		cells := []string{first.Label(c.Name)}
		for _, r := range sw.Reports {
			cell := "–"
			for _, rc := range r.Counters {
				if rc.Name == c.Name {
					cell = fmt.Sprintf("%.2f", rc.All.Mean)
				}
			}
			cells = append(cells, cell)
		}
		t.Rows = append(t.Rows, report.Row{Cells: cells})
	}
	return t, len(t.Rows) > 0
}

// compareSweepPage is the page of compare --set: a line per value, each
// value's most significant differences, and the runs' charts (the
// ruleset's own value first).
func compareSweepPage(sw *compareSweep) report.Page {
	a := sw.Comparisons[0].A
	p := report.Page{Title: fmt.Sprintf("%s: %s, %s against the ruleset's own value", a.Title, a.VariantName(), sw.title()),
		Subtitle: fmt.Sprintf("%d values of %s, %s each on the same seeds as the ruleset's own", len(sw.Values), sw.Set, count(a.Games, "game")),
		Meta:     append(metaOf(a), setMeta(sw.Set, sw.Values, sw.Fixed)...)}
	summary := report.Table{Title: "Sweep of " + sw.Set, Header: []string{sw.Set, "significant differences", "of"}, Numeric: []bool{true, true, true},
		Caption: fmt.Sprintf("Games paired by seed; significant after Holm's correction within each family of statistics: the game's outcomes, the cards, the counters (p < %.2f).", sim.Alpha)}
	runs := []namedSummary{{"A: " + sideName(a), a.Summary}}
	for i, c := range sw.Comparisons {
		summary.Rows = append(summary.Rows, report.Row{Cells: []string{sw.Values[i], strconv.Itoa(c.Significant), strconv.Itoa(len(c.Differences))}})
		runs = append(runs, namedSummary{sw.Set + "=" + sw.Values[i], c.B.Summary})
	}
	p.Sections = append(p.Sections, summary)
	for i, c := range sw.Comparisons {
		title := fmt.Sprintf("%s=%s: differences, most significant first", sw.Set, sw.Values[i])
		note := sameNote(c)
		if u := unpairedNote(c.Unpaired); u != "" {
			note = strings.TrimPrefix(note+". "+u, ". ")
		}
		if len(c.Differences) == 0 {
			p.Sections = append(p.Sections, report.Text{Title: title, Body: cmp.Or(note, "No statistic differs in any game.")})
			continue
		}
		top := topDifferences(differenceTable(c), c.Significant)
		top.Title = title
		if note != "" {
			top.Caption = note + ". " + top.Caption
		}
		p.Sections = append(p.Sections, top)
	}
	p.Sections = append(p.Sections, overlaid(runs, len(a.Seats), labelOf(mergedLabels(a, a)))...)
	return p
}

// setMeta is a sweep's page lines: the swept constant's values, then the
// constants every run sets.
func setMeta(name string, values, fixed []string) []report.Meta {
	out := []report.Meta{{Label: "set", Value: name + " = " + joinValues(values)}}
	if len(fixed) > 0 {
		out = append(out, report.Meta{Label: "in every run", Value: strings.Join(fixed, ", ")})
	}
	return out
}

// joinValues lists the values "1, 2, 3".
func joinValues(values []string) string { return strings.Join(values, ", ") }
