package schema

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Diagnostic is one problem found in a ruleset or transcript.
type Diagnostic struct {
	Pos Pos
	Msg string
	// Detail is printed indented under the message (e.g. the source line
	// with a caret).
	Detail string
	// Structure marks a YAML syntax error: its file was dropped, so other
	// problems may only follow from it (see heldBack).
	Structure bool
}

// Error formats the diagnostic as "file:line:col: message".
func (d Diagnostic) Error() string {
	s := d.Pos.String() + ": " + d.Msg
	if d.Detail != "" {
		s += "\n" + d.Detail
	}
	return s
}

// Diagnostics is a list of problems. The zero value is an empty list ready
// to use. It is not safe for concurrent use.
type Diagnostics struct {
	list []Diagnostic
}

// Addf records a problem at pos.
func (ds *Diagnostics) Addf(pos Pos, format string, args ...any) {
	ds.list = append(ds.list, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// Add records a diagnostic.
func (ds *Diagnostics) Add(d Diagnostic) { ds.list = append(ds.list, d) }

// Merge appends every diagnostic of other.
func (ds *Diagnostics) Merge(other *Diagnostics) {
	if other != nil {
		ds.list = append(ds.list, other.list...)
	}
}

// Len is the number of problems recorded.
func (ds *Diagnostics) Len() int { return len(ds.list) }

// List returns the problems sorted by position, duplicates removed. When
// there are YAML syntax errors, it returns only those, the first noting
// how many other problems it held back (they may follow from it).
func (ds *Diagnostics) List() []Diagnostic {
	out := append([]Diagnostic(nil), ds.list...)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Pos != out[j].Pos {
			return out[i].Pos.Before(out[j].Pos)
		}
		return out[i].Msg < out[j].Msg
	})
	dedup := out[:0]
	for i, d := range out {
		if i > 0 && d.Pos == out[i-1].Pos && d.Msg == out[i-1].Msg {
			continue
		}
		dedup = append(dedup, d)
	}
	return heldBack(dedup)
}

// Err returns nil when there are no problems, else an ErrorList.
func (ds *Diagnostics) Err() error {
	if len(ds.list) == 0 {
		return nil
	}
	return ErrorList(ds.List())
}

// ErrorList is a sorted list of diagnostics used as an error.
type ErrorList []Diagnostic

// MaxShown is how many problems ErrorList.Error prints before "and N more".
const MaxShown = 50

// Error prints one problem per line, at most MaxShown of them.
func (l ErrorList) Error() string {
	var b strings.Builder
	for i, d := range l {
		if i == MaxShown {
			fmt.Fprintf(&b, "and %d more", len(l)-MaxShown)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(d.Error())
	}
	return b.String()
}

// DidYouMean returns ` (did you mean "x"?)` for the candidate closest to
// name, or "" when none is close enough. Of equally close candidates, one
// that starts like name wins (a slip is likelier inside a word than at its
// start: "lne" is "len", not "one"), then the first listed.
func DidYouMean(name string, candidates []string) string {
	best := Closest(name, candidates)
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

// Closest is the candidate DidYouMean suggests for name, "" for none: the
// nearest (near) within half the name's length and two edits.
func Closest(name string, candidates []string) string {
	lower := strings.ToLower(name)
	best, bestDist, bestStarts := "", len(name)/2+2, false
	for _, c := range candidates {
		lc := strings.ToLower(c)
		d := editDistance(lower, lc)
		starts := sameFirstRune(lower, lc)
		if !near(lower, lc, d) {
			continue
		}
		if d > 1 && starts && abbreviates(lower, lc) {
			d-- // "cnt" is "count" shortened, not "int" misspelt
		}
		if d < bestDist || d == bestDist && best != "" && starts && !bestStarts {
			best, bestDist, bestStarts = c, d, starts
		}
	}
	return best
}

// near reports whether c, at edit distance d from name, is close enough
// to suggest: at most a third of the longer word's letters (and one)
// changed, or the one a prefix of the other ("integer" is "int"), but not
// "once" for "name" nor "E" for "mars".
func near(name, c string, d int) bool {
	longer := max(utf8.RuneCountInString(name), utf8.RuneCountInString(c))
	return d <= longer/3+1 || strings.HasPrefix(name, c) || strings.HasPrefix(c, name)
}

// abbreviates reports whether name, of at least three letters, is c
// with letters left out: its letters appear in c in order ("cnt" of
// "count", "plyrs" of "players").
func abbreviates(name, c string) bool {
	if utf8.RuneCountInString(name) < 3 {
		return false
	}
	rest := c
	for _, r := range name {
		i := strings.IndexRune(rest, r)
		if i < 0 {
			return false
		}
		rest = rest[i+utf8.RuneLen(r):]
	}
	return true
}

// sameFirstRune reports whether a and b start with the same rune.
func sameFirstRune(a, b string) bool {
	ra, _ := utf8.DecodeRuneInString(a)
	rb, _ := utf8.DecodeRuneInString(b)
	return a != "" && b != "" && ra == rb
}

// editDistance is the optimal-string-alignment distance between a and b,
// in runes: insertions, deletions, substitutions and swaps of two
// neighbours each count one ("kidn" is one edit from "kind").
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
