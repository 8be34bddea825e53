package interpreter

import (
	"strconv"
	"strings"
)

// Texts over the flat state: a template (a label, a prompt, a log line)
// rendered from typed closures, formatted as formatValue formats the
// present runtime's values: an int in decimal, a bool as true or false, a
// card by its name (its id when it has none), a list's elements joined
// by ", ", an intmap as "key value" pairs in the keys' order. The first
// piece of the flat runtime's log and texts (doc.go, "The typed flat
// state": what is left); TestFlatTextsAgree renders every template the
// present runtime renders in random games beside it.

// flatTemplate is a compiled template: its literal text and its holes.
type flatTemplate struct {
	parts []flatTextPart
	frame *flatExpr
	l     *flatLayout
	names []int64 // each card's name, or its id when it has none (string numbers)
}

// flatTextPart is literal text or a hole.
type flatTextPart struct {
	text string
	hole flatValue
}

// compileTemplate compiles t's holes in one frame; nil and the reason
// when a part is not covered.
func (fc *flatCompiler) compileTemplate(t *template) (*flatTemplate, string) {
	fc.begin()
	out := &flatTemplate{l: fc.l}
	for _, p := range t.parts {
		if !p.isExpr {
			out.parts = append(out.parts, flatTextPart{text: p.text})
			continue
		}
		v := fc.sub(p.expr)
		if fc.miss == "" && !formattable(v.kind) {
			fc.fail("a text of a %s", v.kind)
		}
		if fc.miss != "" {
			return nil, fc.miss
		}
		out.parts = append(out.parts, flatTextPart{hole: v})
	}
	out.frame = fc.out
	if len(fc.p.cards) > 0 {
		ids := fc.attr("id")
		out.names = append([]int64(nil), ids.scalars...)
		for i := range fc.p.cards {
			if name, ok := fc.p.cards[i].fields["name"].(string); ok && name != "" {
				out.names[i] = fc.str(name)
			}
		}
	}
	return out, ""
}

// formattable reports whether values of kind k have a flat text.
func formattable(k flatKind) bool {
	switch k {
	case fkInt, fkBool, fkString, fkCard, fkCards, fkInts, fkStrings, fkIntMap:
		return true
	}
	return false
}

// text renders the template into the env's reused buffer and gives the
// text as a string (its one allocation); false if a hole gave up.
func (t *flatTemplate) text(e *flatEnv) (string, bool) {
	b, ok := t.render(e, e.rendered[:0])
	e.rendered = b[:0]
	if !ok {
		return "", false
	}
	return string(b), true
}

// render writes the template's text; false if a hole gave up.
func (t *flatTemplate) render(e *flatEnv, b []byte) ([]byte, bool) {
	for _, p := range t.parts {
		if p.hole.kind == fkNone {
			b = append(b, p.text...)
			continue
		}
		v, ok := evalValue(e, p.hole)
		if !ok {
			return b, false
		}
		b = t.appendValue(e, b, p.hole.kind, v)
	}
	return b, true
}

// appendValue appends a value of kind k as formatValue writes it.
func (t *flatTemplate) appendValue(e *flatEnv, b []byte, k flatKind, v flatVal) []byte {
	str := func(n int64) string { return t.l.str(e.fs, n) }
	switch k {
	case fkInt:
		return strconv.AppendInt(b, v.s, 10)
	case fkBool:
		return strconv.AppendBool(b, v.s == 1)
	case fkString:
		return append(b, str(v.s)...)
	case fkCard:
		return append(b, str(t.names[v.s])...)
	case fkCards:
		for i, c := range v.cards {
			if i > 0 {
				b = append(b, ", "...)
			}
			b = append(b, str(t.names[c])...)
		}
	case fkInts, fkStrings:
		for i, x := range v.nums {
			if i > 0 {
				b = append(b, ", "...)
			}
			if k == fkInts {
				b = strconv.AppendInt(b, x, 10)
			} else {
				b = append(b, str(x)...)
			}
		}
	case fkIntMap:
		var parts []string
		for i := 0; i+1 < len(v.nums); i += 2 {
			parts = append(parts, str(v.nums[i])+" "+strconv.FormatInt(v.nums[i+1], 10))
		}
		b = append(b, strings.Join(parts, ", ")...)
	}
	return b
}
