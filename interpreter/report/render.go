package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// Render writes p as one self-contained HTML page: inline CSS and inline
// SVG, no script, font or address outside the page, so that it opens
// offline and can be mailed as one file. All text is escaped. The same
// page always gives the same bytes. Render is safe for concurrent use.
//
// A page whose sections cannot be drawn (a series with fewer points than
// categories, bins out of order, a ragged table…) gives an error listing
// every problem, and nothing is written. Sections with nothing to show
// (no categories, no counts, no rows) say so instead of drawing a chart.
func Render(w io.Writer, p Page) error {
	if err := validate(p); err != nil {
		return err
	}
	v, err := pageOf(p)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, v); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// WriteFile renders p into the file at path (mode 0644), which it
// creates or truncates; a page with problems writes no file.
func WriteFile(path string, p Page) error {
	var buf bytes.Buffer
	if err := Render(&buf, p); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// pageView is a Page ready for the template.
type pageView struct {
	Title, Subtitle string
	Meta            []Meta
	Sections        []sectionView
}

// sectionView is one section ready for the template: a chart (SVG and the
// figures behind it), a table, or paragraphs.
type sectionView struct {
	ID         string
	Title      string
	Caption    string
	Empty      string        // shown instead of the chart or table when there is nothing to show
	SVG        template.HTML // the chart, when the section is one
	Data       *tableView    // a chart's figures, folded under it
	Table      *tableView
	Paragraphs []string
}

// tableView is a table ready for the template.
type tableView struct {
	Header      []cellView
	Rows        [][]cellView
	Significant []bool // per row
	AnyMarked   bool   // some row is significant: explain the mark
}

// cellView is one cell with its alignment.
type cellView struct {
	Text    string
	Numeric bool
}

func pageOf(p Page) (pageView, error) {
	v := pageView{Title: p.Title, Subtitle: p.Subtitle, Meta: p.Meta}
	if v.Title == "" {
		v.Title = "Report"
	}
	for i, s := range p.Sections {
		sv, err := sectionOf(deref(s), fmt.Sprintf("s%d", i+1))
		if err != nil {
			return pageView{}, fmt.Errorf("report: section %d (%q): %w", i+1, sectionTitle(s), err)
		}
		v.Sections = append(v.Sections, sv)
	}
	return v, nil
}

// sectionOf builds the view of one section (validated, not a pointer).
func sectionOf(s Section, id string) (sectionView, error) {
	switch s := s.(type) {
	case IntervalBars:
		v := sectionView{ID: id, Title: s.Title, Caption: s.Caption}
		if barsEmpty(s) {
			v.Empty = "No data."
			return v, nil
		}
		v.Data = barsData(s)
		svg, err := barsSVG(s, id+"-chart")
		v.SVG = svg
		return v, err
	case Histogram:
		v := sectionView{ID: id, Title: s.Title, Caption: s.Caption}
		if histogramEmpty(s) {
			v.Empty = "No data."
			return v, nil
		}
		v.Data = histogramData(s)
		svg, err := histogramSVG(s, id+"-chart")
		v.SVG = svg
		return v, err
	case Table:
		v := sectionView{ID: id, Title: s.Title, Caption: s.Caption, Table: tableOf(s)}
		if len(s.Rows) == 0 {
			v.Empty = "No rows."
		}
		return v, nil
	case Text:
		return sectionView{ID: id, Title: s.Title, Paragraphs: paragraphs(s.Body)}, nil
	}
	return sectionView{}, fmt.Errorf("unknown section type %T", s)
}

// tableOf lays out a Table.
func tableOf(t Table) *tableView {
	numeric := func(j int) bool { return j < len(t.Numeric) && t.Numeric[j] }
	v := &tableView{}
	for j, h := range t.Header {
		v.Header = append(v.Header, cellView{h, numeric(j)})
	}
	for _, r := range t.Rows {
		row := make([]cellView, len(r.Cells))
		for j, c := range r.Cells {
			row[j] = cellView{c, numeric(j)}
		}
		v.Rows = append(v.Rows, row)
		v.Significant = append(v.Significant, r.Significant)
		v.AnyMarked = v.AnyMarked || r.Significant
	}
	return v
}

// barsData is the table of an IntervalBars chart's figures.
func barsData(b IntervalBars) *tableView {
	t := Table{Header: []string{"category"}, Numeric: []bool{false}}
	for _, s := range b.Series {
		name := s.Name
		if name != "" {
			name += " "
		}
		t.Header = append(t.Header, name+"value", name+"interval")
		t.Numeric = append(t.Numeric, true, true)
	}
	for i, c := range b.Categories {
		row := []string{c}
		for _, s := range b.Series {
			pt := s.Points[i]
			row = append(row, formatValue(pt.Value, b.Percent), formatInterval(pt, b.Percent))
		}
		t.Rows = append(t.Rows, Row{Cells: row})
	}
	return tableOf(t)
}

// formatValue writes a value, as a percentage if it is a rate; "no data"
// for NaN.
func formatValue(v float64, percent bool) string {
	switch {
	case math.IsNaN(v):
		return "no data"
	case percent:
		return formatPercent(v, 1)
	}
	return formatNumber(v)
}

// formatInterval writes a point's interval, "" when it has none.
func formatInterval(pt Interval, percent bool) string {
	if math.IsNaN(pt.Value) || math.IsNaN(pt.Low) || math.IsNaN(pt.High) {
		return ""
	}
	return formatValue(pt.Low, percent) + " – " + formatValue(pt.High, percent)
}

// IntegerEdges are the edges of bins centred on the integers lo..hi
// (lo-0.5, lo+0.5, …, hi+0.5), for a Histogram of whole numbers such as
// scores or game lengths; nil when hi < lo.
func IntegerEdges(lo, hi int) []float64 {
	if hi < lo {
		return nil
	}
	out := make([]float64, 0, hi-lo+2)
	for x := lo; x <= hi+1; x++ {
		out = append(out, float64(x)-0.5)
	}
	return out
}

// formatNumber writes integers whole and other numbers with four
// significant digits.
func formatNumber(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// paragraphs splits text at blank lines.
func paragraphs(body string) []string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
