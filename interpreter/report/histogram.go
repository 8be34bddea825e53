package report

import (
	"html/template"
	"math"
	"slices"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// histogramHeight is every histogram's height.
const histogramHeight = 3 * vg.Inch

// edgesOf are series s's bin edges: its own, or the chart's.
func edgesOf(h Histogram, s HistogramSeries) []float64 {
	if s.Edges != nil {
		return s.Edges
	}
	return h.Edges
}

// sharedEdges says whether every series of h has the same bins.
func sharedEdges(h Histogram) bool {
	for _, s := range h.Series {
		if !slices.Equal(edgesOf(h, s), edgesOf(h, h.Series[0])) {
			return false
		}
	}
	return true
}

// density says whether h draws shares per unit of bin width: normalized
// series whose bins differ.
func density(h Histogram) bool {
	return h.Normalize && !sharedEdges(h)
}

// histogramEmpty says whether a Histogram has nothing to draw: no bins,
// no series, or nothing counted.
func histogramEmpty(h Histogram) bool {
	for _, s := range h.Series {
		for _, c := range s.Counts {
			if c > 0 {
				return false
			}
		}
	}
	return true
}

// shares are a series' counts as shares of its total (zeros for none).
func shares(s HistogramSeries) []float64 {
	total := 0.0
	for _, c := range s.Counts {
		total += c
	}
	out := make([]float64, len(s.Counts))
	for i, c := range s.Counts {
		if total > 0 {
			out[i] = c / total
		}
	}
	return out
}

// heights are a series' bar heights: its counts, its shares when h is
// normalized, its shares per unit of bin width when h is a density.
func heights(h Histogram, s HistogramSeries) []float64 {
	switch {
	case density(h):
		out, edges := shares(s), edgesOf(h, s)
		for i := range out {
			out[i] /= edges[i+1] - edges[i]
		}
		return out
	case h.Normalize:
		return shares(s)
	}
	return slices.Clone(s.Counts)
}

// histogramSVG draws h's series overlaid: translucent fills so that each
// shows through the other, outlined in the series' colour.
func histogramSVG(h Histogram, titleID string) (template.HTML, error) {
	p := newPlot()
	p.Add(valueGrid(false))
	several := len(h.Series) > 1
	top, lo, hi := 0.0, math.Inf(1), math.Inf(-1)
	for s, series := range h.Series {
		edges := edgesOf(h, series)
		if len(edges) == 0 {
			continue
		}
		lo, hi = min(lo, edges[0]), max(hi, edges[len(edges)-1])
		hs := heights(h, series)
		bins := make([]plotter.HistogramBin, len(hs))
		for i, v := range hs {
			bins[i] = plotter.HistogramBin{Min: edges[i], Max: edges[i+1], Weight: v}
			top = max(top, v)
		}
		alpha := uint8(0xFF)
		if several {
			alpha = 0x70
		}
		hist := &plotter.Histogram{Bins: bins, FillColor: seriesColor(s, alpha)}
		hist.LineStyle.Color = seriesColor(s, 0xFF)
		hist.LineStyle.Width = vg.Points(1)
		p.Add(hist)
		if several {
			p.Legend.Add(series.Name, hist)
		}
	}
	headroom := 1.05
	if several {
		plotHeight := float64(histogramHeight - 0.75*vg.Inch)
		headroom += float64(vg.Length(len(h.Series))*legendRowHeight) / plotHeight * 1.3
	}
	p.X.Min, p.X.Max = lo, hi
	p.Y.Min, p.Y.Max = 0, top*headroom
	p.X.Label.Text = h.ValueLabel
	p.Y.Label.Text = countLabel(h)
	if h.Normalize {
		p.Y.Tick.Marker = percentTicks{}
	}
	return renderSVG(p, chartWidth, histogramHeight, h.Title, titleID)
}

// countLabel is the vertical axis' label.
func countLabel(h Histogram) string {
	unit := h.Unit
	if unit == "" {
		unit = "games"
	}
	switch {
	case h.CountLabel != "":
		return h.CountLabel
	case density(h):
		return "share of " + unit + " per unit"
	case h.Normalize:
		return "share of " + unit
	}
	return unit
}

// histogramData is the table of a Histogram's counts, each with its share
// of its series' total: one column per series when the bins are shared,
// one row per series and bin when they are not.
func histogramData(h Histogram) *tableView {
	cell := func(s HistogramSeries, sh []float64, i int) string {
		return formatNumber(s.Counts[i]) + " (" + formatPercent(sh[i], 1) + ")"
	}
	bin := func(edges []float64, i int) string {
		return "[" + formatNumber(edges[i]) + ", " + formatNumber(edges[i+1]) + ")"
	}
	if !sharedEdges(h) {
		t := Table{Header: []string{"series", "bin", "games"}, Numeric: []bool{false, false, true}}
		for _, s := range h.Series {
			sh, edges := shares(s), edgesOf(h, s)
			for i := range s.Counts {
				t.Rows = append(t.Rows, Row{Cells: []string{s.Name, bin(edges, i), cell(s, sh, i)}})
			}
		}
		return tableOf(t)
	}
	t := Table{Header: []string{"bin"}, Numeric: []bool{false}}
	all := make([][]float64, len(h.Series))
	for j, s := range h.Series {
		name := s.Name
		if name == "" {
			name = "games"
		}
		t.Header = append(t.Header, name)
		t.Numeric = append(t.Numeric, true)
		all[j] = shares(s)
	}
	edges := edgesOf(h, h.Series[0])
	for i := range len(edges) - 1 {
		row := []string{bin(edges, i)}
		for j, s := range h.Series {
			row = append(row, cell(s, all[j], i))
		}
		t.Rows = append(t.Rows, Row{Cells: row})
	}
	return tableOf(t)
}
