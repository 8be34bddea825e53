package schema

import (
	"fmt"
	"strings"
)

// A YAML syntax error drops the whole file, so every name the file defines
// is missing and every rule elsewhere that uses one is reported too: one
// indentation slip in functions.yaml gave 58 "unknown name" errors, with the
// real one behind them. So a syntax error is marked as a structure error
// (Diagnostic.Structure); Diagnostics.List then shows only the structure
// errors and says how many other problems it held back. yaml.v3 reports a
// bad indentation at the start of the enclosing block; yamlSyntaxError
// looks for the line that breaks the block's indentation and points at it,
// and names a tab in the indentation as such. Transcripts and scenario
// files get the same (SourceSyntaxError).

// SourceSyntaxError turns a yaml.v3 syntax error in the file whose bytes
// are src into a diagnostic positioned as a ruleset's is: at the line whose
// indentation breaks its block (not at the block's start, where yaml.v3
// reports it), with tabs in the indentation named. Transcripts and
// scenario files use it so that a slip in them reads as one in a ruleset.
func SourceSyntaxError(file string, src []byte, err error) Diagnostic {
	return yamlSyntaxError(file, splitLines(src), err)
}

// yamlSyntaxError is SyntaxError with the file's source at hand: it points
// at the line whose indentation is wrong and names tabs, and gives the
// error a column where yaml.v3 gave none (syntaxColumn).
func yamlSyntaxError(file string, src []string, err error) Diagnostic {
	d := placeSyntaxError(file, src, err)
	if d.Pos.Line == 0 {
		d.Pos.Line, d.Pos.Col = unknownAnchor(src, d.Msg)
	}
	if d.Pos.Col == 0 && d.Pos.Line >= 1 && d.Pos.Line <= len(src) {
		var note string
		d.Pos.Col, note = syntaxColumn(src[d.Pos.Line-1], d.Msg, len(src) > 0 && flowDepth(src[0]) > 0)
		d.Msg += note
	}
	return d
}

// placeSyntaxError finds the line of a syntax error: the line whose
// indentation is wrong, with tabs named.
func placeSyntaxError(file string, src []string, err error) Diagnostic {
	d := SyntaxError(file, err)
	d.Structure = true
	if d.Pos.Line < 1 || d.Pos.Line > len(src) {
		return d
	}
	if line, col, ok := tabIndent(src, d.Pos.Line, strings.Contains(d.Msg, "tab character")); ok {
		d.Pos = Pos{File: file, Line: line, Col: col}
		d.Msg = "YAML syntax error: found a tab character where indentation is expected: YAML indents with spaces"
		return d
	}
	if strings.Contains(d.Msg, "mapping values are not allowed") {
		if prev, ok := deeperThanPrevious(src, d.Pos.Line); ok {
			d.Msg += fmt.Sprintf(": this line is indented deeper than line %d, which does not open a block; one of the two is misindented", prev)
		}
		return d
	}
	if !strings.Contains(d.Msg, "did not find expected") {
		return d
	}
	if first, next, ok := unevenItems(src, d.Pos.Line); ok {
		got, want := indentOf(src[first-1]), indentOf(src[next-1])
		d.Msg = fmt.Sprintf("YAML syntax error: this list item is indented by %d %s, but the next item of its list (line %d) by %d: a list's items line up (YAML: %s)",
			got, Plural(got, "space", "spaces"), next, want, strings.TrimPrefix(d.Msg, "YAML syntax error: "))
		d.Pos = Pos{File: file, Line: first, Col: got + 1}
		return d
	}
	if item, key, ok := itemAmongKeys(src, d.Pos.Line); ok && strings.Contains(d.Msg, "did not find expected key") {
		d.Msg = fmt.Sprintf("YAML syntax error: this list item stands among the keys of a mapping (line %d holds one, with its value): "+
			"a list is the value of a key with nothing after its colon (items:, then - a below it); or is this line indented wrong? (YAML: did not find expected key)", key)
		d.Pos = Pos{File: file, Line: item, Col: indentOf(src[item-1]) + 1}
		return d
	}
	if start, line, want, ok := slipLine(src, d.Pos.Line); ok {
		got := indentOf(src[line-1])
		d.Msg = fmt.Sprintf("YAML syntax error: this line is indented by %d %s, but the block that starts at line %d indents by %s (YAML: %s)",
			got, Plural(got, "space", "spaces"), start, want, strings.TrimPrefix(d.Msg, "YAML syntax error: "))
		d.Pos = Pos{File: file, Line: line, Col: got + 1}
	}
	return d
}

// itemAmongKeys finds a list item written at the indentation of a
// mapping's keys, right after a key that has its value on its own line
// (game: g, then - a): yaml.v3 reports "did not find expected key" at the
// mapping's start, or at the item itself when the mapping starts on the
// file's first line. It looks from line n, at n's indentation, until the
// mapping ends, and returns the item's line and the key's line above it.
func itemAmongKeys(src []string, n int) (item, key int, ok bool) {
	if n < 1 || n > len(src) {
		return 0, 0, false
	}
	k := indentOf(src[n-1])
	for m := n; m <= len(src); m++ {
		line := src[m-1]
		switch {
		case !content(line) || indentOf(line) > k:
			continue
		case indentOf(line) < k:
			return 0, 0, false
		}
		if t := stripComment(line); t != "-" && !strings.HasPrefix(t, "- ") {
			continue
		}
		for p := m - 1; p >= 1; p-- {
			if above := src[p-1]; content(above) && indentOf(above) <= k {
				return m, p, indentOf(above) == k && keyWithValue(above)
			}
		}
		return 0, 0, false
	}
	return 0, 0, false
}

// keyWithValue reports whether line is a mapping's key with its value
// on the same line (name: x, not name: alone or a list item).
func keyWithValue(line string) bool {
	t := stripComment(line)
	return !strings.HasPrefix(t, "- ") && strings.Index(t, ": ") > 0 && !opensBlock(line)
}

// slipLine finds the misindented line of a block that yaml.v3 reports at
// line n: a line of that block (misindented), or line n itself when
// yaml.v3 names the slipped line as the block's start (a list item
// dedented below its list, "- decide" by 1 space under items by 2), which
// the file's blocks from its first line show. It returns the start of the
// block that the line breaks, the line and the indentations that fit.
func slipLine(src []string, n int) (start, line int, want string, ok bool) {
	for first := 1; first < n; first++ {
		if content(src[first-1]) {
			if l, w, found := misindented(src, first); found && l == n {
				return first, l, w, true
			}
			break
		}
	}
	line, want, ok = misindented(src, n)
	return n, line, want, ok
}

// deeperThanPrevious reports whether line n is indented deeper than the
// content line before it, which does not open a block, and returns that
// line. A list item's keys start after its "- ": a key under "- name: x"
// lined up with name is not deeper.
func deeperThanPrevious(src []string, n int) (int, bool) {
	for p := n - 1; p >= 1; p-- {
		if prev := src[p-1]; content(prev) {
			return p, indentOf(src[n-1]) > afterItemDashes(prev, indentOf(prev)) && !opensBlock(prev)
		}
	}
	return 0, false
}

// dedentHint suggests an indentation slip when line n is indented less
// than the content line before it, which holds a plain key: value (a
// value of the wrong kind is often a key that slipped out of its block).
func dedentHint(src []string, n int) string {
	if n < 2 || n > len(src) {
		return ""
	}
	for p := n - 1; p >= 1; p-- {
		if !content(src[p-1]) {
			continue
		}
		got, above := indentOf(src[n-1]), indentOf(src[p-1])
		// a line at the left margin is a top-level key written there, not
		// one that slipped out of its block (that would be an unknown key)
		if got > 0 && got < above && !opensBlock(src[p-1]) && !strings.HasPrefix(strings.TrimSpace(src[p-1]), "- ") {
			return fmt.Sprintf(" (is this line indented too little? it has %d spaces, line %d above it %d)", got, p, above)
		}
		return ""
	}
	return ""
}

// Plural picks the word for n: one for 1, many otherwise. Every package
// that writes counts in messages uses it.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// JoinAtMost joins items with ", ", at most n of them, then says how
// many more ("a, b, c and 4 more"): messages that name what is wrong keep
// a long list short. Every package that shortens a list in a message
// uses it.
func JoinAtMost(items []string, n int) string {
	if len(items) <= n {
		return strings.Join(items, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(items[:n], ", "), len(items)-n)
}

// tabIndent finds a tab in the indentation of line n, or of the line
// before it (yaml.v3 may report the line after the tab). When yaml.v3
// names a tab itself (tabError), the line after n is looked at too, before
// the one before: a tab-indented key in a mapping ("found a tab character
// that violates indentation") is reported at the line above it.
func tabIndent(src []string, n int, tabError bool) (int, int, bool) {
	lines := []int{n}
	if tabError {
		lines = append(lines, n+1)
	}
	for _, l := range append(lines, n-1) {
		if l < 1 || l > len(src) {
			continue
		}
		text := src[l-1]
		lead := text[:len(text)-len(strings.TrimLeft(text, " \t"))]
		if i := strings.IndexByte(lead, '\t'); i >= 0 {
			return l, i + 1, true
		}
	}
	return 0, 0, false
}

// indentOf counts the leading spaces of a line.
func indentOf(line string) int { return len(line) - len(strings.TrimLeft(line, " ")) }

// content reports whether a line holds YAML (not blank, not a comment).
func content(line string) bool {
	t := strings.TrimSpace(line)
	return t != "" && !strings.HasPrefix(t, "#")
}

// blockLevel is an indentation open in the block misindented walks, with
// what may stand at it: its kind is that of the block open there now, so
// an earlier block at the same indentation does not decide it.
type blockLevel struct {
	ind  int
	kind levelKind
}

// levelKind is what may stand at a level: only list items (a list
// indented deeper than the key that holds it), only keys (a mapping,
// where an item stands only as a list at its key's own indentation,
// "do:\n- x"), or either (such a list, which keys may follow).
type levelKind int

// The kinds of level.
const (
	either levelKind = iota
	listOnly
	keysOnly
)

// misindented looks, in the mapping or list whose first entry is at line
// start, for the first line indented to a level no enclosing block uses,
// or deeper than the line before it without that line opening a block. It
// returns the line and the indentations that would fit.
func misindented(src []string, start int) (int, string, bool) {
	first := src[start-1]
	levels := []blockLevel{{indentOf(first), keysOnly}}
	if isItem(first) {
		levels[0].kind = listOnly
		if indentlessItem(src, start) {
			levels[0].kind = either // "do:\n- x": keys may follow the list
		}
	}
	opens := opensBlock(first)
	if itemOpensMapping(first) {
		levels = append(levels, blockLevel{levels[0].ind + 2, keysOnly}) // the mapping inside a list item
	}
	for n := start + 1; n <= len(src); n++ {
		line := src[n-1]
		if !content(line) {
			continue
		}
		ind, top := indentOf(line), levels[len(levels)-1].ind
		switch {
		case ind < levels[0].ind && isItem(line) && keyBefore(src, n, ind):
			// "rows:", its items by 6, then "- " by 4: an item at the
			// indentation of a mapping's keys, after the key's block
			return n, fmt.Sprintf("%d (%d only for a key)", levels[0].ind, ind), true
		case ind < levels[0].ind:
			return 0, "", false // the block has ended
		case ind > top && opens:
			kind := keysOnly
			if isItem(line) {
				kind = listOnly
			}
			levels = append(levels, blockLevel{ind, kind})
		case ind > top:
			return n, fmt.Sprint(top), true
		case ind < top:
			above := top
			for levels[len(levels)-1].ind > ind {
				above = levels[len(levels)-1].ind
				levels = levels[:len(levels)-1]
			}
			at := levels[len(levels)-1]
			switch {
			case at.ind != ind:
				return n, fmt.Sprintf("%d or %d", above, at.ind), true
			case at.kind == listOnly && !isItem(line):
				return n, fmt.Sprintf("%d (%d only for a new \"- \" item)", above, ind), true
			case at.kind == keysOnly && isItem(line) && !indentlessItem(src, n):
				return n, fmt.Sprintf("%d (%d only for a key)", above, ind), true
			}
		case len(levels) >= 2 && listItemAmongKeys(src, n):
			return n, fmt.Sprint(levels[len(levels)-2].ind), true
		}
		if itemOpensMapping(line) {
			levels = append(levels, blockLevel{ind + 2, keysOnly}) // the mapping inside a list item
		}
		if opens = opensBlock(line); isBlockScalar(line) {
			n = skipDeeper(src, n, ind)
			opens = false
		} else if depth := flowDepth(line); depth > 0 {
			// "- {id: x, costs: [...]," goes on over the next lines:
			// they are inside the brackets, where indentation is free
			n = skipFlow(src, n, depth)
			opens = false
		}
	}
	return 0, "", false
}

// keyBefore reports whether the content line nearest above line n that is
// indented by ind holds a key ("rows:"), not a list item: a "- " item at
// that indentation after the key's deeper block cannot continue it.
func keyBefore(src []string, n, ind int) bool {
	for p := n - 1; p >= 1; p-- {
		if prev := src[p-1]; content(prev) && indentOf(prev) <= ind {
			return indentOf(prev) == ind && !isItem(prev)
		}
	}
	return false
}

// flowDepth is how many brackets ({ and [) a line leaves open, outside
// quotes and comments.
func flowDepth(line string) int {
	return scanBrackets(stripComment(line), nil)
}

// scanBrackets walks s outside quotes, counting brackets ({ and [ open, }
// and ] close); after each closing one it calls closed (when not nil) with
// its index and the depth it leaves, and stops when closed returns false.
// It returns the depth where it stopped.
func scanBrackets(s string, closed func(i, depth int) bool) int {
	depth := 0
	var quote byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
			if closed != nil && !closed(i, depth) {
				return depth
			}
		}
	}
	return depth
}

// skipFlow returns the line where the brackets line n leaves open (depth)
// are closed, or the last line.
func skipFlow(src []string, n, depth int) int {
	for n < len(src) && depth > 0 {
		depth += flowDepth(src[n])
		n++
	}
	return n
}

// listItemAmongKeys reports whether line n, a list item ("- log: …"), is
// indented like the keys of the mapping it follows, whose last key has
// its value on its own line (so the item cannot be that value): it belongs
// to the list one level out.
func listItemAmongKeys(src []string, n int) bool {
	if !strings.HasPrefix(strings.TrimSpace(src[n-1]), "- ") {
		return false
	}
	for p := n - 1; p >= 1; p-- {
		if prev := src[p-1]; content(prev) {
			return indentOf(prev) == indentOf(src[n-1]) && !opensBlock(prev) &&
				!strings.HasPrefix(strings.TrimSpace(prev), "- ") && !isBlockScalar(prev)
		}
	}
	return false
}

// isItem reports whether a line is a list item ("- x").
func isItem(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "- ") || t == "-"
}

// itemOpensMapping reports whether a list item's lines may go on, one
// level deeper, as keys of a mapping: "- key: value" may, "- {a: 1}",
// "- [1]" and "- 'text'" may not.
func itemOpensMapping(line string) bool {
	if !isItem(line) {
		return false
	}
	rest := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "-"))
	return rest == "" || !strings.ContainsAny(rest[:1], "{[\"'")
}

// indentlessItem reports whether the list item at line n stands at the
// indentation of the key that holds it ("do:" above "- x" at the same
// indentation), where YAML allows keys of that mapping after the list.
func indentlessItem(src []string, n int) bool {
	for p := n - 1; p >= 1; p-- {
		if content(src[p-1]) {
			return indentOf(src[p-1]) == indentOf(src[n-1]) && opensBlock(src[p-1])
		}
	}
	return false
}

// unevenItems finds, in the block yaml.v3 reports at line n, a list's
// first item indented less than the next ("do:" then "- a" by 14 spaces
// and "- b" by 16): YAML takes the first for a list at the key's own
// indentation, and the next, deeper, as a slip. It returns the two lines.
func unevenItems(src []string, n int) (first, next int, ok bool) {
	prev := 0
	for l := n; l <= len(src); l++ {
		if !content(src[l-1]) {
			continue
		}
		if l > n && indentOf(src[l-1]) < indentOf(src[n-1]) {
			return 0, 0, false
		}
		if prev > 0 && isItem(src[prev-1]) && isItem(src[l-1]) && !opensBlock(src[prev-1]) &&
			indentOf(src[l-1]) > indentOf(src[prev-1]) && indentlessItem(src, prev) {
			return prev, l, true
		}
		prev = l
	}
	return 0, 0, false
}

// opensBlock reports whether a line ends with a key whose value follows
// on the next lines ("params:", "- do:").
func opensBlock(line string) bool {
	t := stripComment(line)
	return strings.HasSuffix(t, ":") || t == "-"
}

// isBlockScalar reports whether a line starts a | or > block.
func isBlockScalar(line string) bool {
	t := stripComment(line)
	for _, mark := range []string{"|", "|-", "|+", ">", ">-", ">+"} {
		if strings.HasSuffix(t, ": "+mark) || t == "- "+mark {
			return true
		}
	}
	return false
}

// skipDeeper returns the last line after n indented deeper than ind.
func skipDeeper(src []string, n, ind int) int {
	for n < len(src) && (!content(src[n]) || indentOf(src[n]) > ind) {
		n++
	}
	return n
}

// stripComment removes a trailing " # comment" and spaces (not inside
// quotes, roughly: good enough for a hint).
func stripComment(line string) string {
	if i := strings.Index(line, " #"); i >= 0 && !strings.ContainsAny(line[:i], `"'`) {
		line = line[:i]
	}
	return strings.TrimSpace(line)
}

// heldBack returns the structure errors of list, the first carrying a note
// of how many other problems were held back; without structure errors it
// returns list unchanged.
func heldBack(list []Diagnostic) []Diagnostic {
	var out []Diagnostic
	for _, d := range list {
		if d.Structure {
			out = append(out, d)
		}
	}
	if len(out) == 0 || len(out) == len(list) {
		return list
	}
	n := len(list) - len(out)
	out[0].Msg += fmt.Sprintf(" [%d other %s not shown: %s may follow from this; fix it and validate again]",
		n, Plural(n, "problem", "problems"), Plural(n, "it", "they"))
	return out
}

// quotedThenMoreInBlock reports whether a line of the block that starts
// at line n (it and the lines after it indented at least as deep) holds a
// value that starts with a quote, [ or { and goes on after its closing
// one ("to: 'P' + p"): YAML reads the quoted part as the value and stops.
func quotedThenMoreInBlock(src []string, n int) bool {
	if n < 1 || n > len(src) {
		return false
	}
	for l := n; l <= len(src); l++ {
		if !content(src[l-1]) {
			continue
		}
		if l > n && indentOf(src[l-1]) < indentOf(src[n-1]) {
			return false
		}
		if quotedThenMore(src[l-1]) {
			return true
		}
	}
	return false
}

// quotedThenMore reports whether a line's value (after "key: " or "- ")
// starts with a quote, [ or { and something other than a comment follows
// the quote or bracket that closes it.
func quotedThenMore(line string) bool {
	v := strings.TrimSpace(line)
	v = strings.TrimSpace(strings.TrimPrefix(v, "- "))
	if _, after, found := strings.Cut(v, ": "); found && !strings.ContainsAny(v[:1], "{[\"'") {
		v = strings.TrimSpace(after)
	}
	if v == "" || !strings.ContainsAny(v[:1], "{[\"'") {
		return false
	}
	end := closingIndex(v)
	if end < 0 {
		return false
	}
	rest := strings.TrimSpace(v[end+1:])
	return rest != "" && !strings.HasPrefix(rest, "#")
}

// closingIndex returns the index of the quote or bracket that closes the
// one v starts with (brackets nest; quotes inside them are skipped), or -1.
func closingIndex(v string) int {
	if q := v[0]; q == '"' || q == '\'' {
		if i := strings.IndexByte(v[1:], q); i >= 0 {
			return i + 1
		}
		return -1
	}
	end := -1
	scanBrackets(v, func(i, depth int) bool {
		if depth == 0 {
			end = i
			return false
		}
		return true
	})
	return end
}
