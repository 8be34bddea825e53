package report

// Page is one report: a title, a few labelled facts about the run, and
// its sections in order. The zero Page renders as an empty page titled
// "Report". The caller supplies everything shown, dates included: the
// package never reads the clock.
type Page struct {
	Title    string    // the page's heading and window title
	Subtitle string    // one line under the title; optional
	Meta     []Meta    // labelled facts in order: game, ruleset folder, variant, seeds, bots, date…
	Sections []Section // drawn in order
}

// Meta is one labelled fact in the page's header, such as
// {"variant", "harsh"}.
type Meta struct {
	Label, Value string
}

// Section is one part of a page: an IntervalBars, a Histogram, a Table or
// a Text (a value or a pointer to one). The set is closed.
type Section interface {
	section()
}

// IntervalBars is a bar chart of one value per category with its interval
// (a win rate by seat with its Wilson interval, say). Each series draws one
// bar per category; two series are drawn side by side with a legend (a
// compare report's base and variant). A category with no data has a NaN
// Value; a NaN Low or High draws its bar without a whisker.
type IntervalBars struct {
	Title      string // the section's heading and the chart's accessible title
	Caption    string // a sentence under the chart (how intervals were computed…); optional
	ValueLabel string // the value axis' label, e.g. "win rate"
	Percent    bool   // values are rates in [0, 1], shown as percentages
	Categories []string
	Series     []BarSeries // one or two (up to six are drawn)
	// Reference, when ReferenceLabel is not empty, draws a dashed line at
	// that value (the fair share 1/players, say) with ReferenceLabel in
	// the legend.
	Reference      float64
	ReferenceLabel string
}

// BarSeries is one series of an IntervalBars chart: one point per
// category, in the categories' order.
type BarSeries struct {
	Name   string // shown in the legend when there are several series
	Points []Interval
}

// Interval is a value with its interval, Low ≤ Value ≤ High.
type Interval struct {
	Value, Low, High float64
}

// Histogram draws counts in bins (score, margin or game-length
// distributions); several series are overlaid, translucent, with a legend.
// Bars are as tall as their counts whatever the bins' widths.
//
// Series share the chart's Edges unless one gives its own (two runs
// binned apart, say). Normalized series with bins of their own are drawn
// as densities — shares divided by bin widths — so that wider bins do
// not look more frequent; shared bins keep plain shares.
type Histogram struct {
	Title      string    // the section's heading and the chart's accessible title
	Caption    string    // a sentence under the chart; optional
	ValueLabel string    // the horizontal axis' label, e.g. "final score"
	CountLabel string    // the vertical axis' label; Unit (or "share of " Unit) when empty
	Unit       string    // what a count counts, for the axis' label: "games" when empty ("seats" when every seat's score is counted)
	Edges      []float64 // the bins' edges, increasing: bin i is [Edges[i], Edges[i+1])
	Series     []HistogramSeries
	// Normalize draws each series' counts as shares of its total, in
	// percent, so that runs of different sizes compare.
	Normalize bool
}

// HistogramSeries is one series of a Histogram: one count per bin.
type HistogramSeries struct {
	Name   string // shown in the legend when there are several series
	Counts []float64
	// Edges, when not nil, are this series' own bins instead of the
	// chart's Edges.
	Edges []float64
}

// Table is a table of text cells (per-card statistics; a compare report's
// side-by-side figures). Cells are shown as given: format numbers first.
type Table struct {
	Title   string // the section's heading
	Caption string // a sentence under the table; optional
	Header  []string
	Rows    []Row
	// Numeric marks the columns whose cells are numbers, aligned right;
	// it may be shorter than the rows.
	Numeric []bool
}

// Row is one row of a Table. A Significant row is highlighted (and marked
// for readers who do not see colour): a difference that survived the
// correction for multiple comparisons, say.
type Row struct {
	Cells       []string
	Significant bool
}

// Text is a heading (optional) and paragraphs of plain text; a blank line
// in Body separates paragraphs.
type Text struct {
	Title string
	Body  string
}

func (IntervalBars) section() {}
func (Histogram) section()    {}
func (Table) section()        {}
func (Text) section()         {}
