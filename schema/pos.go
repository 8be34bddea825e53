package schema

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Pos is a position in a ruleset or transcript file. Line and Col count
// from 1; Col counts runes. The zero Pos is "unknown"; a Pos with only a
// File prints as the file name.
type Pos struct {
	File string
	Line int
	Col  int
}

// IsValid reports whether the position names at least a file.
func (p Pos) IsValid() bool { return p.File != "" || p.Line > 0 }

// String prints file:line:col, leaving out the parts that are not known.
func (p Pos) String() string {
	s := p.File
	if p.Line > 0 {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d", p.Line)
		if p.Col > 0 {
			s += fmt.Sprintf(":%d", p.Col)
		}
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Before orders positions by file, line and column.
func (p Pos) Before(q Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Col < q.Col
}

// ScalarStyle says how an expression was written in YAML, which decides
// whether a column inside the source can be mapped back to the file.
type ScalarStyle int

const (
	// StyleLossy covers folded, quoted-with-escapes and multi-line plain
	// scalars: offsets inside the source cannot be mapped exactly.
	StyleLossy ScalarStyle = iota
	// StylePlain is a single-line plain or quoted scalar: the source starts
	// at Pos (after the opening quote) and runs on that line.
	StylePlain
	// StyleLiteral is a `|` block: source line k is file line Pos.Line+k-1
	// (Pos is the first content line), indented by Indent runes.
	StyleLiteral
)

// Expr is an expression written in a ruleset, with where it was written.
// The zero Expr is "absent".
type Expr struct {
	Pos    Pos
	Src    string
	Style  ScalarStyle
	Indent int // for StyleLiteral: columns of indentation removed by YAML
	// Cut is the YAML indicator that probably ended this plain scalar
	// before the expression did ("#" for a comment, "," "}" "]" in flow
	// style), "" when none: an expression error then says to quote it.
	Cut string
}

// QuoteHint is what an error about an expression that YAML cut at e.Cut
// adds: why, and how to write it ("" when e was not cut).
func (e Expr) QuoteHint() string {
	switch e.Cut {
	case "":
		return ""
	case "#":
		return ` (YAML read " #…" as a comment, which cut this expression: quote this expression, e.g. to: "filter(xs, # > 1)")`
	}
	return fmt.Sprintf(` (YAML ended this expression at the %q of a {…} or […]: quote this expression, e.g. {set: x, to: "max(a, b)"})`, e.Cut)
}

// Target is a place an effect writes to: a variable, a player's variable,
// a card's prop, or a zone. It is written like an expression
// (`players[p].gold`, `c.tapped`, `discard`).
type Target = Expr

// IsSet reports whether the expression was written.
func (e Expr) IsSet() bool { return e.Src != "" }

// At maps a position inside Src (line from 1, column from 0 in runes, as
// expr reports them) to a file position. When the mapping would be a
// guess, it returns the start of the node.
func (e Expr) At(line, col int) Pos {
	switch e.Style {
	case StylePlain:
		if line <= 1 && col >= 0 && col <= utf8.RuneCountInString(e.Src) {
			return Pos{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col + col}
		}
	case StyleLiteral:
		lines := strings.Split(e.Src, "\n")
		if line >= 1 && line <= len(lines) && col >= 0 {
			return Pos{File: e.Pos.File, Line: e.Pos.Line + line - 1, Col: e.Indent + 1 + col}
		}
	}
	return e.Pos
}

// Template is text with {expression} holes, e.g. "Bid {n} on {c.name}".
// A literal brace is written {{ or }}.
type Template = Expr

// Value is a constant or attribute value as written in YAML: an int, bool,
// string, []any or map[string]any (with values of those kinds).
type Value struct {
	Pos Pos
	V   any
	// Keys are the positions of the keys of a mapping value (nil
	// otherwise), so that a wrong key is reported where it is written.
	Keys map[string]Pos
	// Elems are the positions of the elements when V is a list.
	Elems []Pos
}
