// Package report turns a plain data model of statistics into one
// self-contained HTML page: inline CSS and inline SVG charts drawn with
// gonum.org/v1/plot, no script, font file or address outside the page, so
// that the page opens offline and travels as one file. It knows nothing
// of games: the caller (the simulate, compare and merge commands) turns
// its statistics into a Page, and this package imports no other agon
// package.
//
// A Page has a title, labelled facts (game, ruleset folder, variant,
// seeds, bots, date — the caller supplies them all; the package never
// reads the clock) and sections in order, each one of:
//
//   - IntervalBars: one value per category with its interval (win rates
//     by seat or by starting attribute with Wilson intervals), one series
//     or several side by side with a legend, optionally as percentages and
//     with a dashed reference line (the fair share);
//   - Histogram: counts in bins (score, margin, game length), one series
//     or several overlaid, optionally as shares of each total (series
//     binned apart are drawn as densities);
//   - Table: text cells with numeric columns aligned right and rows marked
//     significant (a compare report's figures);
//   - Text: paragraphs.
//
// Every chart carries an accessible title and its figures in a folded
// table under it. Render checks the whole page first and reports every
// problem at once; the same Page always renders to the same bytes.
//
// For example, the win rates of a base ruleset and a variant by seat:
//
//	page := report.Page{
//		Title: "A variant against the base game",
//		Meta:  []report.Meta{{"game", "…"}, {"seeds", "1–200"}, {"date", "2026-11-23"}},
//		Sections: []report.Section{
//			report.IntervalBars{
//				Title: "Win rate by seat", ValueLabel: "win rate", Percent: true,
//				Categories: []string{"seat 1", "seat 2"},
//				Series: []report.BarSeries{
//					{Name: "base", Points: []report.Interval{{0.52, 0.45, 0.59}, {0.48, 0.41, 0.55}}},
//					{Name: "variant", Points: []report.Interval{{0.61, 0.54, 0.67}, {0.39, 0.33, 0.46}}},
//				},
//				Reference: 0.5, ReferenceLabel: "fair share",
//			},
//		},
//	}
//	err := report.Render(w, page)
//
// testdata/example.html is a fuller example (go test -run Example -update
// rewrites it, and its screenshot testdata/example.png when Chromium is
// installed).
package report
