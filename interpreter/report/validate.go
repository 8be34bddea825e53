package report

import (
	"errors"
	"fmt"
	"math"
)

// maxSeries is the number of series a chart can tell apart (the palette's
// size).
const maxSeries = len(palette)

// validate returns every problem of the page's sections at once, in page
// order, each naming its section; nil when the page can be drawn.
func validate(p Page) error {
	var errs []error
	for i, s := range p.Sections {
		for _, msg := range sectionProblems(s) {
			errs = append(errs, fmt.Errorf("report: section %d (%q): %s", i+1, sectionTitle(s), msg))
		}
	}
	return errors.Join(errs...)
}

// sectionProblems lists what is wrong with one section.
func sectionProblems(s Section) []string {
	switch s := deref(s).(type) {
	case IntervalBars:
		return barsProblems(s)
	case Histogram:
		return histogramProblems(s)
	case Table:
		return tableProblems(s)
	case Text:
		return nil
	case nil:
		return []string{"is nil"}
	}
	return []string{fmt.Sprintf("unknown section type %T", s)}
}

// deref turns a pointer to a section into the section (nil for a nil
// pointer), so that the rest of the package sees values only.
func deref(s Section) Section {
	switch p := s.(type) {
	case *IntervalBars:
		if p != nil {
			return *p
		}
	case *Histogram:
		if p != nil {
			return *p
		}
	case *Table:
		if p != nil {
			return *p
		}
	case *Text:
		if p != nil {
			return *p
		}
	default:
		return s
	}
	return nil
}

// sectionTitle is a section's title, "" for a nil one.
func sectionTitle(s Section) string {
	switch s := deref(s).(type) {
	case IntervalBars:
		return s.Title
	case Histogram:
		return s.Title
	case Table:
		return s.Title
	case Text:
		return s.Title
	}
	return ""
}

func barsProblems(b IntervalBars) []string {
	var out []string
	if len(b.Series) > maxSeries {
		out = append(out, fmt.Sprintf("%d series, at most %d can be told apart", len(b.Series), maxSeries))
	}
	if math.IsNaN(b.Reference) || math.IsInf(b.Reference, 0) {
		out = append(out, "reference is not a finite number")
	}
	for _, s := range b.Series {
		if len(s.Points) != len(b.Categories) {
			out = append(out, fmt.Sprintf("series %q has %d points for %d categories", s.Name, len(s.Points), len(b.Categories)))
			continue
		}
		for j, pt := range s.Points {
			if msg := intervalProblem(pt); msg != "" {
				out = append(out, fmt.Sprintf("series %q, category %q: %s", s.Name, b.Categories[j], msg))
			}
		}
	}
	return out
}

// intervalProblem says what is wrong with one point, "" if nothing.
func intervalProblem(pt Interval) string {
	for _, v := range []float64{pt.Value, pt.Low, pt.High} {
		if math.IsInf(v, 0) {
			return "infinite value"
		}
	}
	if math.IsNaN(pt.Value) || math.IsNaN(pt.Low) || math.IsNaN(pt.High) {
		return ""
	}
	const slack = 1e-9
	if pt.Low > pt.Value+slack || pt.Value > pt.High+slack {
		return fmt.Sprintf("interval [%g, %g] does not contain the value %g", pt.Low, pt.High, pt.Value)
	}
	return ""
}

func histogramProblems(h Histogram) []string {
	var out []string
	if len(h.Series) > maxSeries {
		out = append(out, fmt.Sprintf("%d series, at most %d can be told apart", len(h.Series), maxSeries))
	}
	out = append(out, edgesProblems("edges", h.Edges)...)
	for _, s := range h.Series {
		if s.Edges != nil {
			out = append(out, edgesProblems(fmt.Sprintf("series %q: edges", s.Name), s.Edges)...)
		}
		bins := max(len(edgesOf(h, s))-1, 0)
		if len(s.Counts) != bins {
			out = append(out, fmt.Sprintf("series %q has %d counts for %d bins", s.Name, len(s.Counts), bins))
			continue
		}
		for j, c := range s.Counts {
			if !(c >= 0) || math.IsInf(c, 0) {
				out = append(out, fmt.Sprintf("series %q, bin %d: count %g is not a finite number ≥ 0", s.Name, j+1, c))
				break
			}
		}
	}
	return out
}

// edgesProblems says what is wrong with a list of bin edges named what.
func edgesProblems(what string, edges []float64) []string {
	if len(edges) == 1 {
		return []string{what + ": one edge makes no bin: give none or at least two"}
	}
	for i := 1; i < len(edges); i++ {
		if !(edges[i] > edges[i-1]) || math.IsInf(edges[i], 0) || math.IsInf(edges[i-1], 0) {
			return []string{fmt.Sprintf("%s must be finite and increasing: edge %d is %g after %g", what, i+1, edges[i], edges[i-1])}
		}
	}
	return nil
}

func tableProblems(t Table) []string {
	var out []string
	width := len(t.Header)
	for i, r := range t.Rows {
		if width == 0 {
			width = len(r.Cells)
		}
		if len(r.Cells) != width {
			out = append(out, fmt.Sprintf("row %d has %d cells, expected %d", i+1, len(r.Cells), width))
		}
	}
	if width > 0 && len(t.Numeric) > width {
		out = append(out, fmt.Sprintf("numeric marks %d columns of %d", len(t.Numeric), width))
	}
	return out
}
