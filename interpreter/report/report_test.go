package report

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// render renders p, failing the test on an error.
func render(t *testing.T, p Page) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, p))
	return buf.String()
}

// bars is a one-series IntervalBars chart of rates.
func bars(title string, cats ...string) IntervalBars {
	b := IntervalBars{Title: title, ValueLabel: "win rate", Percent: true, Categories: cats}
	s := BarSeries{Name: "only"}
	for i := range cats {
		v := 0.2 + 0.1*float64(i)
		s.Points = append(s.Points, Interval{v, v - 0.05, v + 0.05})
	}
	b.Series = []BarSeries{s}
	return b
}

func TestRenderHasOneTitledSVGPerChart(t *testing.T) {
	page := render(t, samplePage())
	assert.Equal(t, 4, strings.Count(page, "<svg"), "two bar charts and two histograms")
	assert.Equal(t, 4, strings.Count(page, "</svg>"))
	assert.Equal(t, 7, strings.Count(page, "<section"), "one per section")
	for _, title := range []string{"Win rate by seat", "Win rate by starting attribute", "Final score", "Game length"} {
		assert.Regexp(t, `<svg [^>]*role="img" aria-labelledby="(s\d-chart)"><title id="s\d-chart">`+title+`</title>`, page)
	}
	assert.NotContains(t, page, "<?xml", "the SVG prologue does not belong in HTML")
	assert.Contains(t, page, `<dt>variant</dt><dd>harsh</dd>`)
	assert.Contains(t, page, `<tr class="sig">`, "the significant row is marked")
	assert.Equal(t, 1, strings.Count(page, `class="sig"`))
	assert.Contains(t, page, `<td class="num">35.5%</td>`, "numeric columns align right")
	assert.Contains(t, page, "fair share (25%)", "the reference line's legend")
	assert.Contains(t, page, ">40%</text>", "rates are labelled in percent")
}

// The page needs nothing from outside: no address but the SVG namespace,
// no script, stylesheet, image or font to fetch.
func TestRenderIsSelfContained(t *testing.T) {
	page := render(t, samplePage())
	rest := strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, "")
	for _, bad := range []string{"http://", "https://", "<script", "<link", "<img", "<iframe", "url(", "@import", "src=", "href="} {
		assert.NotContains(t, rest, bad)
	}
}

func TestRenderEscapesAllText(t *testing.T) {
	const evil = `<script>alert("x")</script>&`
	b := bars(evil, evil, "b")
	b.Caption, b.ValueLabel, b.ReferenceLabel = evil, evil, evil
	b.Series[0].Name = evil
	b.Series = append(b.Series, BarSeries{Name: evil + "2", Points: b.Series[0].Points})
	page := render(t, Page{
		Title: evil, Subtitle: evil, Meta: []Meta{{evil, evil}},
		Sections: []Section{
			b,
			Histogram{Title: evil, ValueLabel: evil, CountLabel: evil, Edges: []float64{0, 1, 2},
				Series: []HistogramSeries{{Name: evil, Counts: []float64{1, 2}}, {Name: evil, Counts: []float64{2, 1}}}},
			Table{Title: evil, Caption: evil, Header: []string{evil}, Rows: []Row{{Cells: []string{evil}, Significant: true}}},
			Text{Title: evil, Body: evil},
		},
	})
	assert.NotContains(t, page, "<script")
	assert.NotContains(t, page, "</script")
	// Title, h1, subtitle, meta ×2, every section's heading, the charts'
	// accessible titles, captions, axis labels, legends, cells, text.
	assert.GreaterOrEqual(t, strings.Count(page, "&lt;script&gt;"), 20)
}

// The same page renders to the same bytes, also when pages render at the
// same time.
func TestRenderIsDeterministic(t *testing.T) {
	want := render(t, samplePage())
	got := make([]string, 4)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			var buf bytes.Buffer
			if err := Render(&buf, samplePage()); err == nil {
				got[i] = buf.String()
			}
		})
	}
	wg.Wait()
	for i := range got {
		assert.True(t, want == got[i], "render %d differs", i)
	}
}

// Pointers to sections render as the sections do.
func TestRenderTakesPointers(t *testing.T) {
	b, h := bars("rates", "a", "b"), Histogram{Title: "h", Edges: []float64{0, 1}, Series: []HistogramSeries{{Counts: []float64{3}}}}
	tb, tx := Table{Title: "t", Header: []string{"x"}, Rows: []Row{{Cells: []string{"1"}}}}, Text{Body: "words"}
	assert.Equal(t, render(t, Page{Sections: []Section{b, h, tb, tx}}), render(t, Page{Sections: []Section{&b, &h, &tb, &tx}}))
}

func TestRenderEmptySections(t *testing.T) {
	zero := render(t, Page{})
	assert.Contains(t, zero, "<title>Report</title>")
	assert.NotContains(t, zero, "<section")

	nan := math.NaN()
	page := render(t, Page{Sections: []Section{
		IntervalBars{Title: "no categories"},
		IntervalBars{Title: "no series", Categories: []string{"a"}},
		IntervalBars{Title: "no value", Categories: []string{"a"}, Series: []BarSeries{{Points: []Interval{{nan, nan, nan}}}}},
		Histogram{Title: "no bins"},
		Histogram{Title: "nothing counted", Edges: []float64{0, 1, 2}, Series: []HistogramSeries{{Counts: []float64{0, 0}}}},
		Table{Title: "no rows", Header: []string{"card", "taken"}},
		Table{Title: "nothing at all"},
		Text{Title: "no body"},
		Text{},
	}})
	assert.NotContains(t, page, "<svg")
	assert.Equal(t, 5, strings.Count(page, "No data."))
	assert.Equal(t, 2, strings.Count(page, "No rows."))
	assert.Equal(t, 9, strings.Count(page, "<section"))
}

// A category without data draws no bar and no whisker, and its figures
// say so; a point without an interval draws its bar alone.
func TestRenderMissingValues(t *testing.T) {
	nan := math.NaN()
	b := IntervalBars{Title: "rates", Percent: true, Categories: []string{"a", "b", "c"},
		Series: []BarSeries{{Points: []Interval{{0.5, 0.4, 0.6}, {nan, nan, nan}, {0.3, nan, nan}}}}}
	page := render(t, Page{Sections: []Section{b}})
	assert.NotContains(t, page, "NaN")
	assert.Contains(t, page, "<td class=\"num\">no data</td>")
	assert.Contains(t, page, "<td class=\"num\">40.0% – 60.0%</td>")
	// One whisker is three strokes of 1.2pt: a's.
	assert.Equal(t, 3, strings.Count(page, "stroke-width:1.2\""))
	b.Series[0].Points[0] = Interval{0.5, nan, nan}
	assert.NotContains(t, render(t, Page{Sections: []Section{b}}), "stroke-width:1.2\"")
}

// Series are told apart by a legend only when there are several.
func TestRenderLegendOnlyForSeveralSeries(t *testing.T) {
	one := bars("rates", "a", "b")
	one.Series[0].Name = "lonely series"
	svg := regexp.MustCompile(`(?s)<svg.*</svg>`)
	assert.NotContains(t, svg.FindString(render(t, Page{Sections: []Section{one}})), "lonely series")
	two := one
	two.Series = append([]BarSeries{{Name: "other series", Points: one.Series[0].Points}}, one.Series...)
	page := svg.FindString(render(t, Page{Sections: []Section{two}}))
	assert.Contains(t, page, ">lonely series</text>")
	assert.Contains(t, page, ">other series</text>")
}

func TestRenderRejectsBadSections(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	many := make([]BarSeries, 7)
	cases := []struct {
		section Section
		want    string
	}{
		{IntervalBars{Title: "t", Categories: []string{"a", "b"}, Series: []BarSeries{{Name: "s", Points: []Interval{{}}}}},
			`section 1 ("t"): series "s" has 1 points for 2 categories`},
		{IntervalBars{Title: "t", Categories: []string{"a"}, Series: []BarSeries{{Name: "s", Points: []Interval{{0.5, 0.6, 0.7}}}}},
			`series "s", category "a": interval [0.6, 0.7] does not contain the value 0.5`},
		{IntervalBars{Title: "t", Categories: []string{"a"}, Series: []BarSeries{{Name: "s", Points: []Interval{{inf, 0, inf}}}}},
			`category "a": infinite value`},
		{IntervalBars{Title: "t", Reference: nan, ReferenceLabel: "r"}, "reference is not a finite number"},
		{IntervalBars{Title: "t", Series: many}, "7 series, at most 6 can be told apart"},
		{Histogram{Title: "h", Edges: []float64{0, 2, 1}}, "edges must be finite and increasing: edge 3 is 1 after 2"},
		{Histogram{Title: "h", Edges: []float64{0}}, "edges: one edge makes no bin"},
		{Histogram{Title: "h", Series: []HistogramSeries{{Name: "s", Edges: []float64{0, 0}, Counts: []float64{1}}}},
			`series "s": edges must be finite and increasing: edge 2 is 0 after 0`},
		{Histogram{Title: "h", Edges: []float64{0, 1, 2}, Series: []HistogramSeries{{Name: "s", Edges: []float64{0, 1}, Counts: []float64{1, 1}}}},
			`series "s" has 2 counts for 1 bins`},
		{Histogram{Title: "h", Edges: []float64{0, 1}, Series: []HistogramSeries{{Name: "s", Counts: []float64{1, 2}}}},
			`series "s" has 2 counts for 1 bins`},
		{Histogram{Title: "h", Edges: []float64{0, 1}, Series: []HistogramSeries{{Name: "s", Counts: []float64{nan}}}},
			`series "s", bin 1: count NaN is not a finite number ≥ 0`},
		{Table{Title: "tb", Header: []string{"a", "b"}, Rows: []Row{{Cells: []string{"1"}}}}, "row 1 has 1 cells, expected 2"},
		{Table{Title: "tb", Header: []string{"a"}, Numeric: []bool{true, true}}, "numeric marks 2 columns of 1"},
		{nil, "section 1 (\"\"): is nil"},
		{(*Table)(nil), "section 1 (\"\"): is nil"},
	}
	for _, c := range cases {
		var buf bytes.Buffer
		err := Render(&buf, Page{Sections: []Section{c.section}})
		if assert.Error(t, err, c.want) {
			assert.Contains(t, err.Error(), c.want)
		}
		assert.Zero(t, buf.Len(), "nothing is written for a page with problems")
	}
}

// Every problem is reported at once, in page order.
func TestRenderReportsEveryProblem(t *testing.T) {
	err := Render(&bytes.Buffer{}, Page{Sections: []Section{
		Text{Title: "fine"},
		Table{Title: "first", Header: []string{"a"}, Rows: []Row{{Cells: []string{"1", "2"}}, {}}},
		Histogram{Title: "second", Edges: []float64{1, 1}},
	}})
	require.Error(t, err)
	assert.Equal(t, `report: section 2 ("first"): row 1 has 2 cells, expected 1
report: section 2 ("first"): row 2 has 0 cells, expected 1
report: section 3 ("second"): edges must be finite and increasing: edge 2 is 1 after 1`, err.Error())
}

func TestPercentTicks(t *testing.T) {
	labels := func(lo, hi float64) []string {
		var out []string
		for _, tk := range (percentTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				out = append(out, tk.Label)
			}
		}
		return out
	}
	assert.Equal(t, []string{"0%", "20%", "40%"}, labels(0, 0.45))
	assert.Equal(t, []string{"0%", "50%", "100%"}, labels(0, 1))
	assert.Equal(t, []string{"0.0%", "0.5%", "1.0%"}, labels(0, 0.011))
	assert.Equal(t, "0%", formatPercent(-0.0001, 0))
}

// Paragraphs split at blank lines, whatever the line endings.
func TestParagraphs(t *testing.T) {
	assert.Equal(t, []string{"one\nline", "two"}, paragraphs("one\nline\r\n\r\n\n two \n\n"))
	assert.Nil(t, paragraphs("  \n\n "))
}

func TestFormatNumber(t *testing.T) {
	for in, want := range map[float64]string{3: "3", -12: "-12", 0.123456: "0.1235", 1e20: "1e+20", 2.5: "2.5"} {
		assert.Equal(t, want, formatNumber(in))
	}
}

// A regression guard on the chart geometry: the category axis reads top
// to bottom in the categories' order.
func TestBarsKeepCategoryOrder(t *testing.T) {
	page := render(t, Page{Sections: []Section{bars("rates", "first", "second", "third")}})
	ys := map[string]float64{}
	for _, m := range regexp.MustCompile(`<text x="[^"]*" y="([^"]*)"[^>]*>(first|second|third)</text>`).FindAllStringSubmatch(page, -1) {
		var y float64
		_, err := fmt.Sscan(m[1], &y)
		require.NoError(t, err)
		ys[m[2]] = y
	}
	require.Len(t, ys, 3)
	// SVG text is drawn with scale(1,-1): a more negative y is higher up.
	assert.Less(t, ys["first"], ys["second"])
	assert.Less(t, ys["second"], ys["third"])
}

func TestIntegerEdges(t *testing.T) {
	assert.Equal(t, []float64{1.5, 2.5, 3.5, 4.5}, IntegerEdges(2, 4))
	assert.Equal(t, []float64{-0.5, 0.5}, IntegerEdges(0, 0))
	assert.Nil(t, IntegerEdges(3, 2))
}

// WriteFile writes the page, or no file at all when the page has problems.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.html")
	require.NoError(t, WriteFile(good, samplePage()))
	data, err := os.ReadFile(good)
	require.NoError(t, err)
	assert.Equal(t, render(t, samplePage()), string(data))

	bad := filepath.Join(dir, "bad.html")
	err = WriteFile(bad, Page{Sections: []Section{Table{Header: []string{"a"}, Rows: []Row{{}}}}})
	assert.ErrorContains(t, err, "row 1 has 0 cells, expected 1")
	assert.NoFileExists(t, bad)
}

// Series binned apart are drawn on one axis; normalized, as densities, so
// that a bin twice as wide does not look twice as frequent.
func TestHistogramSeriesWithTheirOwnBins(t *testing.T) {
	h := Histogram{Title: "scores", Normalize: true, Series: []HistogramSeries{
		{Name: "narrow", Edges: []float64{0, 1, 2, 3, 4}, Counts: []float64{1, 1, 1, 1}},
		{Name: "wide", Edges: []float64{0, 2, 4, 6}, Counts: []float64{1, 1, 2}},
	}}
	assert.True(t, density(h))
	assert.Equal(t, []float64{0.25, 0.25, 0.25, 0.25}, heights(h, h.Series[0]))
	assert.Equal(t, []float64{0.125, 0.125, 0.25}, heights(h, h.Series[1]))
	page := render(t, Page{Sections: []Section{h}})
	assert.Contains(t, page, ">share of games per unit</text>")
	assert.Contains(t, page, "<tr><td>wide</td><td>[4, 6)</td><td class=\"num\">2 (50.0%)</td></tr>")

	h.Normalize = false
	assert.False(t, density(h))
	assert.Equal(t, []float64{1, 1, 2}, heights(h, h.Series[1]))

	// Shared bins keep plain shares, whichever way they are given.
	shared := Histogram{Normalize: true, Edges: []float64{0, 2, 4, 6}, Series: []HistogramSeries{
		{Counts: []float64{1, 1, 2}}, {Edges: []float64{0, 2, 4, 6}, Counts: []float64{2, 1, 1}}}}
	assert.False(t, density(shared))
	assert.Equal(t, []float64{0.25, 0.25, 0.5}, heights(shared, shared.Series[0]))
	assert.Equal(t, "share of games", countLabel(shared))
	shared.Unit = "seats"
	assert.Equal(t, "share of seats", countLabel(shared), "every seat's score counts seats, not games")
	shared.Normalize = false
	assert.Equal(t, "seats", countLabel(shared))
}
