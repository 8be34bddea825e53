package interpreter

import "strings"

// glanceWidth is how wide a line of the views may grow before Glance
// starts another (a terminal's width, roughly): views are joined with
// " | " while they fit, and a list too long for one line is shown an
// element a line.
const glanceWidth = 100

// viewText is a view's value as a glance or View writes it after the
// view's name: formatted on one line when that fits glanceWidth (or the
// value is not a list of several elements), else on its own lines, one
// element each, indented under the name; a text that starts with a line
// break is on lines of its own as it is. multi tells which.
func viewText(name string, v any, err error) (text string, multi bool) {
	s := valueOrError(v, err)
	if strings.HasPrefix(s, "\n") { // a text the ruleset wrote on lines of its own
		return s, true
	}
	list, ok := v.([]any)
	if err != nil || !ok || len(list) < 2 || len(name)+2+len(s) <= glanceWidth {
		return s, false
	}
	var b strings.Builder
	for _, e := range list {
		b.WriteString("\n  ")
		b.WriteString(formatValue(e))
	}
	return b.String(), true
}

// named is a view's text (viewText) after its name: "name: text", or
// "name:" and the text's own lines.
func named(name, text string, multi bool) string {
	if multi {
		return name + ":" + text
	}
	return name + ": " + text
}

// lineGroups packs parts into lines joined with " | " while a line fits
// glanceWidth; a part on lines of its own (multi) ends its line.
type lineGroups struct {
	lines []string
	cur   []string
	width int
}

// add appends one part.
func (l *lineGroups) add(part string, multi bool) {
	if len(l.cur) > 0 && (l.width+3+len(part) > glanceWidth || multi) {
		l.flush()
	}
	l.cur = append(l.cur, part)
	l.width += len(part)
	if len(l.cur) > 1 {
		l.width += 3
	}
	if multi {
		l.flush()
	}
}

// flush ends the line being packed.
func (l *lineGroups) flush() {
	if len(l.cur) > 0 {
		l.lines = append(l.lines, strings.Join(l.cur, " | "))
	}
	l.cur, l.width = nil, 0
}

// text is the lines, each ending in a newline ("" for none).
func (l *lineGroups) text() string {
	l.flush()
	if len(l.lines) == 0 {
		return ""
	}
	return strings.Join(l.lines, "\n") + "\n"
}
