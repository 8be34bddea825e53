package interpreter

import (
	"fmt"
	"strconv"
	"strings"
)

// template is text with {expression} holes.
type template struct {
	parts []tmplPart
}

// tmplPart is literal text or an expression hole.
type tmplPart struct {
	text   string
	isExpr bool
	offset int // rune offset of the hole's source inside the template
	expr   *compiled
}

// parseTemplate splits "a {x} b" into parts; "{{" and "}}" are literal
// braces.
func parseTemplate(src string) (*template, error) {
	t := &template{}
	runes := []rune(src)
	var lit strings.Builder
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch {
		case r == '{' && i+1 < len(runes) && runes[i+1] == '{':
			lit.WriteRune('{')
			i++
		case r == '}' && i+1 < len(runes) && runes[i+1] == '}':
			lit.WriteRune('}')
			i++
		case r == '{':
			end := closingBrace(runes, i+1)
			if end < 0 {
				return nil, fmt.Errorf("template %q: unclosed {", src)
			}
			if strings.TrimSpace(string(runes[i+1:end])) == "" {
				return nil, fmt.Errorf("template %q: a {} hole needs an expression inside; write {{}} for braces", src)
			}
			if lit.Len() > 0 {
				t.parts = append(t.parts, tmplPart{text: lit.String()})
				lit.Reset()
			}
			t.parts = append(t.parts, tmplPart{text: string(runes[i+1 : end]), isExpr: true, offset: i + 1})
			i = end
		case r == '}':
			return nil, fmt.Errorf("template %q: } without {; write }} for a brace", src)
		default:
			lit.WriteRune(r)
		}
	}
	if lit.Len() > 0 {
		t.parts = append(t.parts, tmplPart{text: lit.String()})
	}
	return t, nil
}

// closingBrace finds the } that closes a hole, skipping nested braces
// (map literals) and quoted strings.
func closingBrace(runes []rune, from int) int {
	depth := 0
	var quote rune
	for i := from; i < len(runes); i++ {
		r := runes[i]
		switch {
		case quote != 0:
			if r == '\\' {
				i++
			} else if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == '{':
			depth++
		case r == '}':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// render evaluates the holes and joins the text. The text is joined in
// the game's scratch buffer, so that the one allocation is the string.
func (g *Game) render(t *template) (string, error) {
	if t == nil {
		return "", nil
	}
	buf := g.buffers()
	b := buf.text[:0]
	buf.text = nil // a hole's evaluation renders nothing, but if it did it would not share b
	for _, p := range t.parts {
		if !p.isExpr {
			b = append(b, p.text...)
			continue
		}
		v, err := g.eval(p.expr)
		if err != nil {
			buf.text = b
			return "", err
		}
		b = appendValue(b, v)
	}
	buf.text = b
	text := buf.texts.text(b) // textarena.go
	if buf.renderCheck != nil {
		buf.renderCheck(t, text)
	}
	return text, nil
}

// appendValue appends formatValue(v) to b.
func appendValue(b []byte, v any) []byte {
	switch x := v.(type) {
	case string:
		return append(b, x...)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	}
	return append(b, formatValue(v)...)
}

// formatValue prints a value for people: cards by name, lists joined.
func formatValue(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case map[string]any:
		if name, ok := x["name"].(string); ok && name != "" {
			return name
		}
		if id, ok := x["id"].(string); ok {
			return id
		}
		// Any other map (a literal like {a: 1} given to an intmap
		// parameter) reads as an intmap does: "a 1, b 2".
		keys := sortedKeys(x)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = k + " " + formatValue(x[k])
		}
		return strings.Join(parts, ", ")
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = formatValue(e)
		}
		return strings.Join(parts, ", ")
	case []string:
		return strings.Join(x, ", ")
	case map[string]int:
		keys := sortedKeys(x)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = fmt.Sprintf("%s %d", k, x[k])
		}
		return strings.Join(parts, ", ")
	case []int:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = strconv.Itoa(e)
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}
