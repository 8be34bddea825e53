package report

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite testdata/example.html (and example.png when Chromium is installed)")

// wilson is the Wilson score interval (95%) of wins in n games, for the
// sample's figures.
func wilson(wins, n float64) Interval {
	const z = 1.959964
	p := wins / n
	d := 1 + z*z/n
	c := (p + z*z/(2*n)) / d
	h := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n)) / d
	return Interval{Value: p, Low: c - h, High: c + h}
}

// bell is a rounded normal-shaped histogram of total games over the
// integer bins lo..hi, for the sample's figures.
func bell(total, mean, sd float64, lo, hi int) []float64 {
	out := make([]float64, 0, hi-lo+1)
	for x := lo; x <= hi; x++ {
		z := (float64(x) - mean) / sd
		out = append(out, math.Round(total*math.Exp(-z*z/2)/(sd*math.Sqrt(2*math.Pi))))
	}
	return out
}

// samplePage is a compare report with made-up figures: every kind of
// section, two series overlaid in each chart, a significant row.
func samplePage() Page {
	seats := []string{"seat 1", "seat 2", "seat 3", "seat 4"}
	base := []float64{58, 49, 47, 46}
	variant := []float64{71, 50, 41, 38}
	attrs := []string{"red", "blue", "green", "yellow", "purple", "a long attribute name"}
	baseA := []float64{38, 31, 33, 35, 30, 33}
	variantA := []float64{29, 44, 30, 34, 25, 38}
	seriesOf := func(name string, wins []float64, n float64) BarSeries {
		s := BarSeries{Name: name}
		for _, w := range wins {
			s.Points = append(s.Points, wilson(w, n))
		}
		return s
	}
	return Page{
		Title:    "Sample compare report: base against variant",
		Subtitle: "Made-up figures that show every kind of section.",
		Meta: []Meta{
			{"game", "example"}, {"rulesets", "rulesets/example, rulesets/example/variants/harsh"},
			{"variant", "harsh"}, {"seeds", "1–200 (same seeds for both)"},
			{"bots", "greedy, greedy, greedy, greedy"}, {"date", "2026-11-23"},
		},
		Sections: []Section{
			Text{Title: "Summary", Body: "The variant favours the first seat: its win rate rises from 29% to 36%.\n\nOne difference in ten is significant after the Holm correction."},
			IntervalBars{
				Title: "Win rate by seat", Caption: "Bars are win rates; whiskers are 95% Wilson intervals; the dashed line is a fair share.",
				ValueLabel: "win rate", Percent: true, Categories: seats,
				Series:    []BarSeries{seriesOf("base", base, 200), seriesOf("harsh", variant, 200)},
				Reference: 0.25, ReferenceLabel: "fair share (25%)",
			},
			IntervalBars{
				Title: "Win rate by starting attribute", ValueLabel: "win rate", Percent: true, Categories: attrs,
				Series: []BarSeries{seriesOf("base", baseA, 100), seriesOf("harsh", variantA, 100)},
			},
			Histogram{
				Title: "Final score", Caption: "Share of each run's games by the winner's final score.",
				ValueLabel: "winner's score", Edges: IntegerEdges(4, 22), Normalize: true,
				Series: []HistogramSeries{
					{Name: "base", Counts: bell(200, 13, 3, 4, 22)},
					{Name: "harsh", Counts: bell(200, 11, 3.5, 4, 22)},
				},
			},
			Histogram{
				Title: "Game length", ValueLabel: "rounds", Edges: IntegerEdges(5, 9),
				Series: []HistogramSeries{
					{Name: "base", Counts: []float64{0, 12, 150, 38, 0}},
					{Name: "harsh", Counts: []float64{3, 41, 140, 16, 0}},
				},
			},
			Table{
				Title: "Differences", Caption: "Variant minus base; 95% intervals; p-values adjusted by Holm's method.",
				Header:  []string{"statistic", "base", "harsh", "difference", "interval", "adjusted p"},
				Numeric: []bool{false, true, true, true, true, true},
				Rows: []Row{
					{Cells: []string{"win rate, seat 1", "29.0%", "35.5%", "+6.5%", "+2.1% – +10.9%", "0.004"}, Significant: true},
					{Cells: []string{"mean score", "13.0", "11.0", "−2.0", "−2.6 – −1.4", "0.21"}},
					{Cells: []string{"game length", "7.1", "6.8", "−0.3", "−0.5 – −0.1", "0.38"}},
				},
			},
			Table{Title: "Per-card statistics", Header: []string{"card", "taken", "mean round", "taker's win rate"}, Numeric: []bool{false, true, true, true}},
		},
	}
}

// TestExampleHTML renders the sample page and compares it with
// testdata/example.html, so that a change in the page's layout (or in
// gonum/plot's drawing) shows in review; -update rewrites it.
func TestExampleHTML(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, samplePage()))
	path := filepath.Join("testdata", "example.html")
	if *update {
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
		t.Logf("wrote %s", path)
		screenshot(t, path)
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./interpreter/report -run Example -update")
	assert.True(t, bytes.Equal(want, buf.Bytes()), "%s is stale: run go test ./interpreter/report -run Example -update and read the diff", path)
}

// screenshot writes path's screenshot beside it (.png) when Chromium is
// installed, for the README.
func screenshot(t *testing.T, path string) {
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Logf("no screenshot: %s is not installed", chromiumPath)
		return
	}
	abs, err := filepath.Abs(path)
	require.NoError(t, err)
	png := abs[:len(abs)-len(filepath.Ext(abs))] + ".png"
	_, stderr, err := runChromium(t, "--screenshot="+png, "--window-size=1000,1800", "--hide-scrollbars", "file://"+abs)
	require.NoError(t, err, "%s", stderr)
	t.Logf("wrote %s", png)
}

func ExampleRender() {
	page := Page{
		Title: "Win rates",
		Meta:  []Meta{{"seeds", "1–200"}, {"date", "2026-11-23"}},
		Sections: []Section{
			IntervalBars{
				Title: "Win rate by seat", ValueLabel: "win rate", Percent: true,
				Categories: []string{"seat 1", "seat 2"},
				Series: []BarSeries{
					{Name: "base", Points: []Interval{{0.52, 0.45, 0.59}, {0.48, 0.41, 0.55}}},
					{Name: "variant", Points: []Interval{{0.61, 0.54, 0.67}, {0.39, 0.33, 0.46}}},
				},
				Reference: 0.5, ReferenceLabel: "fair share",
			},
			Table{Title: "Per-card statistics", Header: []string{"card", "taken"}},
		},
	}
	var buf bytes.Buffer
	if err := Render(&buf, page); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bytes.Count(buf.Bytes(), []byte("<svg")), "chart;", bytes.Contains(buf.Bytes(), []byte("No rows.")))
	// Output: 1 chart; true
}
