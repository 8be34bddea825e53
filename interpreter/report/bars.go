package report

import (
	"html/template"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Bar chart geometry: each category gets one bar per series and a gap;
// the axes and their labels take the rest.
const (
	barThickness = 0.26 * vg.Inch
	barGap       = 0.22 * vg.Inch
	barOverhead  = 0.75 * vg.Inch
)

// barsEmpty says whether an IntervalBars chart has nothing to draw.
func barsEmpty(b IntervalBars) bool {
	if len(b.Categories) == 0 || len(b.Series) == 0 {
		return true
	}
	for _, s := range b.Series {
		for _, pt := range s.Points {
			if !math.IsNaN(pt.Value) {
				return false
			}
		}
	}
	return true
}

// barsSVG draws b as horizontal bars (category names read across, however
// long and however many), the first category at the top, the series of a
// category side by side with their intervals as whiskers.
func barsSVG(b IntervalBars, titleID string) (template.HTML, error) {
	n, k := len(b.Categories), len(b.Series)
	slot := vg.Length(k)*barThickness + barGap
	p := newPlot()
	p.Add(valueGrid(true))
	names := make([]string, n)
	for i, c := range b.Categories {
		names[n-1-i] = c
	}
	for s, series := range b.Series {
		offset := (vg.Length(k-1)/2 - vg.Length(s)) * barThickness
		if err := addBarSeries(p, series, s, offset, k > 1); err != nil {
			return "", err
		}
	}
	legendRows := 0
	if k > 1 {
		legendRows = k
	}
	if b.ReferenceLabel != "" {
		addReference(p, b.Reference, b.ReferenceLabel, float64(n)-0.5)
		legendRows++
	}
	headroom := 0.0
	if legendRows > 0 {
		headroom = float64(vg.Length(legendRows)*legendRowHeight/slot) + 0.1
	}
	p.NominalY(names...)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5+headroom
	p.X.Min, p.X.Max = valueRange(b)
	p.X.Label.Text = b.ValueLabel
	if b.Percent {
		p.X.Tick.Marker = percentTicks{}
	}
	height := barOverhead + slot*vg.Length(float64(n)+headroom)
	return renderSVG(p, chartWidth, height, b.Title, titleID)
}

// addBarSeries adds series number s's bars and whiskers, shifted by offset
// across the category axis, and its legend entry if legend is set.
func addBarSeries(p *plot.Plot, series BarSeries, s int, offset vg.Length, legend bool) error {
	n := len(series.Points)
	vals := make(plotter.Values, n)
	pts := make([]Interval, n)
	for i, pt := range series.Points {
		pts[n-1-i] = pt
		if !math.IsNaN(pt.Value) {
			vals[n-1-i] = pt.Value
		}
	}
	bars, err := plotter.NewBarChart(vals, barThickness*0.92)
	if err != nil {
		return err
	}
	bars.Horizontal = true
	bars.Offset = offset
	bars.Color = seriesColor(s, 0xFF)
	bars.LineStyle.Width = 0
	p.Add(bars, whiskers{points: pts, offset: offset})
	if legend {
		p.Legend.Add(series.Name, bars)
	}
	return nil
}

// addReference adds a dashed line across the categories at value x, with
// label in the legend.
func addReference(p *plot.Plot, x float64, label string, top float64) {
	line, _ := plotter.NewLine(plotter.XYs{{X: x, Y: -0.5}, {X: x, Y: top}})
	line.Color = inkColor
	line.Width = vg.Points(1)
	line.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(line)
	p.Legend.Add(label, line)
}

// valueRange is the value axis' span: from zero (or the lowest value)
// to a little above the highest value, interval or reference.
func valueRange(b IntervalBars) (lo, hi float64) {
	for _, s := range b.Series {
		for _, pt := range s.Points {
			for _, v := range []float64{pt.Value, pt.Low, pt.High} {
				if !math.IsNaN(v) {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
	}
	if b.ReferenceLabel != "" {
		lo, hi = min(lo, b.Reference), max(hi, b.Reference)
	}
	if hi == lo {
		return lo, lo + 1
	}
	pad := (hi - lo) * 0.04
	if lo < 0 {
		lo -= pad
	}
	return lo, hi + pad
}

// whiskers draws intervals across horizontal bars: point i's from Low to
// High at category i, shifted by offset as its bar is.
type whiskers struct {
	points []Interval
	offset vg.Length
}

// Plot implements plot.Plotter.
func (w whiskers) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	style := draw.LineStyle{Color: inkColor, Width: vg.Points(1.2)}
	capHalf := barThickness * 0.25
	for i, pt := range w.points {
		if math.IsNaN(pt.Value) || math.IsNaN(pt.Low) || math.IsNaN(pt.High) {
			continue
		}
		y := trY(float64(i)) + w.offset
		x0, x1 := trX(pt.Low), trX(pt.High)
		c.StrokeLine2(style, x0, y, x1, y)
		c.StrokeLine2(style, x0, y-capHalf, x0, y+capHalf)
		c.StrokeLine2(style, x1, y-capHalf, x1, y+capHalf)
	}
}
