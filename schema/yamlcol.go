package schema

import (
	"strings"
	"unicode/utf8"
)

// yaml.v3 reports a syntax error's line but not its column ("yaml: line
// 4: mapping values are not allowed in this context"). syntaxColumn finds
// one in the line's text where it can tell: the colon YAML refused, the
// { or [ whose mapping or list is unclosed, the character that cannot
// start a token, the quote never closed, the unknown escape; otherwise
// the line's first character, where the node YAML names starts (or the
// token it could not read, when that node starts on the file's first
// line). A line with no text (the end of the file, a comment) gets none.

// syntaxColumn is the column (from 1, in runes) of the syntax error msg
// that yaml.v3 reports at line (text), or 0, and a note to add to the
// message ("" for none). flowAtStart says the file's first line leaves a
// bracket open: yaml.v3 then names the line of the problem, not that of
// the bracket, so a bracket on it is not the one.
func syntaxColumn(line, msg string, flowAtStart bool) (int, string) {
	code := codeOf(line)
	first := len(code) - len(strings.TrimLeft(code, " \t"))
	if first == len(code) {
		return 0, ""
	}
	at, note := first, ""
	switch {
	case strings.Contains(msg, "mapping values are not allowed"):
		at = refusedColon(code, first)
	case strings.Contains(msg, "did not find expected ',' or '}'") && !flowAtStart:
		at = soleOpener(code, '{', first)
	case strings.Contains(msg, "did not find expected ',' or ']'") && !flowAtStart:
		at = soleOpener(code, '[', first)
	case strings.Contains(msg, "found character that cannot start any token"):
		at = firstTokenStart(code, first, "@`")
	case strings.Contains(msg, "found undefined tag handle"):
		at = firstTokenStart(code, first, "!")
	case strings.Contains(msg, "found unknown escape character"):
		at = badEscape(code, first)
	case strings.Contains(msg, "found unexpected end of stream"):
		if q := openQuote(code); q >= 0 {
			at, note = q, ": the quote opened here is not closed"
		}
	}
	return utf8.RuneCountInString(line[:at]) + 1, note
}

// unknownAnchor places yaml.v3's "unknown anchor 'a' referenced", which
// has no line: at the one alias *a of src, or nowhere (0, 0) when there
// are none or several.
func unknownAnchor(src []string, msg string) (line, col int) {
	name, ok := strings.CutPrefix(msg, "YAML syntax error: unknown anchor '")
	name, ok2 := strings.CutSuffix(name, "' referenced")
	if !ok || !ok2 || name == "" {
		return 0, 0
	}
	found := 0
	for n, text := range src {
		code := codeOf(text)
		tokens(code, func(i int, c byte, start bool) bool {
			end := i + 1 + len(name)
			if c == '*' && start && strings.HasPrefix(code[i+1:], name) && (end == len(code) || strings.IndexByte(" \t,]}", code[end]) >= 0) {
				found++
				line, col = n+1, utf8.RuneCountInString(code[:i])+1
			}
			return true
		})
	}
	if found != 1 {
		return 0, 0
	}
	return line, col
}

// tokens walks the indicators of a line outside quoted scalars: it calls
// f with the index and byte of each {, [, }, ], : and , and of each
// character that starts a token, and stops when f returns false. A quote
// opens a quoted scalar only where a token starts (after a space, an
// indicator or at the line's start), as in YAML: "don't" is plain.
func tokens(code string, f func(i int, c byte, tokenStart bool) bool) {
	var quote byte
	for i := 0; i < len(code); i++ {
		c := code[i]
		if quote != 0 {
			if c == quote {
				quote = 0
			}
			continue
		}
		start := i == 0 || strings.IndexByte(" \t{[,:-?", code[i-1]) >= 0
		if (c == '"' || c == '\'') && start {
			quote = c
		}
		if !f(i, c, start) {
			return
		}
	}
}

// codeOf is line without a trailing comment (a # after a space, outside
// quotes).
func codeOf(line string) string {
	end := len(line)
	tokens(line, func(i int, c byte, start bool) bool {
		if c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t') {
			end = i
			return false
		}
		return true
	})
	return strings.TrimRight(line[:end], " \t")
}

// refusedColon is the index of the mapping colon YAML refuses in code:
// of the colons that end a key (followed by a space or the line's end,
// outside brackets), the second ("expr: turn: 2"), or the only one of a
// line that continues a plain value ("  bar: 2" under "expr: foo"). With
// more than two it cannot tell: first.
func refusedColon(code string, first int) int {
	var colons []int
	depth := 0
	tokens(code, func(i int, c byte, _ bool) bool {
		switch {
		case c == '{' || c == '[':
			depth++
		case c == '}' || c == ']':
			depth--
		case c == ':' && depth == 0 && (i+1 == len(code) || code[i+1] == ' '):
			colons = append(colons, i)
		}
		return true
	})
	switch len(colons) {
	case 1:
		return colons[0]
	case 2:
		return colons[1]
	}
	return first
}

// soleOpener is the index of the one bracket open in code (the { of the
// mapping YAML found unclosed), or first when there are none or several.
func soleOpener(code string, open byte, first int) int {
	at, n := first, 0
	tokens(code, func(i int, c byte, _ bool) bool {
		if c == open {
			at, n = i, n+1
		}
		return true
	})
	if n != 1 {
		return first
	}
	return at
}

// openQuote is the index of the quote a line leaves open, or -1.
func openQuote(code string) int {
	open := -1
	tokens(code, func(i int, c byte, start bool) bool {
		if (c == '"' || c == '\'') && start {
			open = i
		}
		return true
	})
	if open < 0 || closingQuote(code, open) >= 0 {
		return -1
	}
	return open
}

// closingQuote is the index of the quote that closes the one at i, or -1.
func closingQuote(code string, i int) int {
	q := code[i]
	for j := i + 1; j < len(code); j++ {
		switch {
		case q == '"' && code[j] == '\\':
			j++
		case q == '\'' && code[j] == '\'' && j+1 < len(code) && code[j+1] == '\'':
			j++
		case code[j] == q:
			return j
		}
	}
	return -1
}

// badEscape is the index of the first backslash in a double-quoted
// scalar of code that YAML does not know as an escape, or first.
func badEscape(code string, first int) int {
	const known = "0abt\tnvfre \"/\\N_LPxuU"
	in := false
	for i := first; i < len(code); i++ {
		switch c := code[i]; {
		case !in && c == '"' && (i == 0 || strings.IndexByte(" \t{[,:-?", code[i-1]) >= 0):
			in = true
		case in && c == '"':
			in = false
		case in && c == '\\':
			if i+1 < len(code) && strings.IndexByte(known, code[i+1]) < 0 {
				return i
			}
			i++
		}
	}
	return first
}

// afterItemDashes is the index of the mapping a block list item starts
// ("- - key: v": the key), from first.
func afterItemDashes(code string, first int) int {
	i := first
	for strings.HasPrefix(code[i:], "- ") {
		i += 2
		for i < len(code) && code[i] == ' ' {
			i++
		}
	}
	if i >= len(code) {
		return first
	}
	return i
}

// firstTokenStart is the index of the first character of chars that
// starts a token in code, or first.
func firstTokenStart(code string, first int, chars string) int {
	at := first
	tokens(code, func(i int, c byte, start bool) bool {
		if start && strings.IndexByte(chars, c) >= 0 {
			at = i
			return false
		}
		return true
	})
	return at
}
