package report

import (
	"html/template"

	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// histogramHeight is every histogram's height.
const histogramHeight = 3 * vg.Inch

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

// heights are a series' bar heights: its counts, or its shares of its
// total when h is normalised.
func heights(h Histogram, s HistogramSeries) []float64 {
	out := make([]float64, len(s.Counts))
	total := 0.0
	for _, c := range s.Counts {
		total += c
	}
	for i, c := range s.Counts {
		out[i] = c
		if h.Normalize && total > 0 {
			out[i] = c / total
		}
	}
	return out
}

// histogramSVG draws h's series overlaid: translucent fills so that each
// shows through the other, outlined in the series' colour.
func histogramSVG(h Histogram, titleID string) (template.HTML, error) {
	p := newPlot()
	p.Add(valueGrid(false))
	top := 0.0
	for s, series := range h.Series {
		hs := heights(h, series)
		bins := make([]plotter.HistogramBin, len(hs))
		for i, v := range hs {
			bins[i] = plotter.HistogramBin{Min: h.Edges[i], Max: h.Edges[i+1], Weight: v}
			top = max(top, v)
		}
		alpha := uint8(0xFF)
		if len(h.Series) > 1 {
			alpha = 0x70
		}
		hist := &plotter.Histogram{Bins: bins, FillColor: seriesColor(s, alpha)}
		hist.LineStyle.Color = seriesColor(s, 0xFF)
		hist.LineStyle.Width = vg.Points(1)
		p.Add(hist)
		if len(h.Series) > 1 {
			p.Legend.Add(series.Name, hist)
		}
	}
	headroom := 1.05
	if len(h.Series) > 1 {
		plotHeight := float64(histogramHeight - 0.75*vg.Inch)
		headroom += float64(vg.Length(len(h.Series))*legendRowHeight) / plotHeight * 1.3
	}
	p.X.Min, p.X.Max = h.Edges[0], h.Edges[len(h.Edges)-1]
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
	switch {
	case h.CountLabel != "":
		return h.CountLabel
	case h.Normalize:
		return "share of games"
	}
	return "games"
}
