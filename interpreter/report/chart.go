package report

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// chartWidth is every chart's width: 624 CSS pixels, readable on a laptop
// and printable on A4.
const chartWidth = 6.5 * vg.Inch

// palette holds the series' colours (Okabe and Ito's, told apart by
// colour-blind readers), in series order.
var palette = [...]color.NRGBA{
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
}

var (
	inkColor  = color.NRGBA{0x33, 0x33, 0x33, 0xFF}
	gridColor = color.NRGBA{0xDD, 0xDD, 0xDD, 0xFF}
)

// seriesColor is series i's colour with the given opacity (0–255).
func seriesColor(i int, alpha uint8) color.NRGBA {
	c := palette[i%len(palette)]
	c.A = alpha
	return c
}

// sans is the Liberation Sans face (metrically Arial's, which the page's
// style falls back to) at the given size in points.
func sans(size vg.Length) font.Font {
	return font.Font{Typeface: "Liberation", Variant: "Sans", Size: size}
}

// newPlot returns a plot with the report's fonts and no title (the
// section's heading is the title).
func newPlot() *plot.Plot {
	p := plot.New()
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans(11)
		a.Tick.Label.Font = sans(10)
		a.Color = inkColor
		a.Tick.Color = inkColor
	}
	p.Legend.TextStyle.Font = sans(10)
	p.Legend.Top = true
	p.Legend.ThumbnailWidth = 0.25 * vg.Inch
	return p
}

// legendRowHeight is the height one legend entry takes, for the headroom
// that keeps the legend off the data.
const legendRowHeight vg.Length = 12

// percentTicks is plot.DefaultTicks with labels in percent, for values
// that are rates or shares.
type percentTicks struct{}

// Ticks implements plot.Ticker.
func (percentTicks) Ticks(lo, hi float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(lo, hi)
	step := math.Inf(1)
	var prev *plot.Tick
	for i := range ts {
		if ts[i].Label == "" {
			continue
		}
		if prev != nil {
			step = min(step, ts[i].Value-prev.Value)
		}
		prev = &ts[i]
	}
	digits := 0
	if !math.IsInf(step, 0) && step > 0 {
		digits = max(0, int(math.Ceil(-math.Log10(step*100)-1e-9)))
	}
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = formatPercent(ts[i].Value, digits)
		}
	}
	return ts
}

// formatPercent writes a rate as a percentage with the given number of
// decimals ("12.5%").
func formatPercent(v float64, digits int) string {
	s := fmt.Sprintf("%.*f%%", digits, v*100)
	if s == "-0%" {
		return "0%"
	}
	return s
}

// renderSVG draws p at the given size and returns the SVG element to
// inline in the page: without the XML prologue, titled (for screen readers
// and tooltips) by title, whose element gets the id titleID.
func renderSVG(p *plot.Plot, w, h vg.Length, title, titleID string) (template.HTML, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", err
	}
	s := buf.String()
	start := strings.Index(s, "<svg")
	const xlink = `xmlns:xlink="http://www.w3.org/1999/xlink">`
	end := strings.Index(s, xlink)
	if start < 0 || end < start {
		return "", fmt.Errorf("report: the SVG that gonum/plot wrote has an unexpected header")
	}
	var out strings.Builder
	out.WriteString(s[start:end])
	fmt.Fprintf(&out, `role="img" aria-labelledby="%s"><title id="%s">%s</title>`,
		titleID, titleID, template.HTMLEscapeString(title))
	out.WriteString(s[end+len(xlink):])
	return template.HTML(out.String()), nil
}

// valueGrid is a light grid along the value axis only.
func valueGrid(vertical bool) *plotter.Grid {
	g := plotter.NewGrid()
	g.Vertical.Color, g.Horizontal.Color = gridColor, gridColor
	g.Vertical.Width, g.Horizontal.Width = vg.Points(0.6), vg.Points(0.6)
	if vertical {
		g.Horizontal.Color = nil
	} else {
		g.Vertical.Color = nil
	}
	return g
}
