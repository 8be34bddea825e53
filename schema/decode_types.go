package schema

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// This file decodes the model types that are not plain structs:
// expressions, values, parameter and binding mappings, card rows and
// effects.

// expr decodes an expression scalar (a string, int or bool) and records
// where its source text starts. After a problem it reports, it returns
// the zero Expr, which nothing reports again.
func (d *decoder) expr(file string, n *yaml.Node) Expr {
	pos := nodePos(file, n)
	if isNull(n) {
		d.wrongKind(file, n, "an expression")
		return Expr{}
	}
	if n.Kind != yaml.ScalarNode {
		if lit := literalText(n); lit != "" {
			d.ds.Addf(pos, "expected an expression (a string), got %s: an expression is text, so quote the %s to write it as one: %q", describe(n), describe(n)[2:], lit)
			return Expr{}
		}
		d.wrongKind(file, n, "an expression (a string)")
		return Expr{}
	}
	if isLocalTag(n.Tag) {
		d.ds.Addf(pos, "YAML read %q as a tag, not an expression: a plain value cannot start with \"!\"; write \"not %s\" or quote the expression", n.Tag+spaced(n.Value), strings.TrimPrefix(n.Tag, "!")+spaced(n.Value))
		return Expr{}
	}
	if NestsTooDeep(n.Value) {
		d.ds.Addf(pos, "expression nests deeper than %d levels (brackets and prefix operators): split it with let or a function", MaxExprDepth)
		return Expr{}
	}
	switch {
	case n.Style&yaml.LiteralStyle != 0:
		return d.literal(file, n)
	case n.Style&(yaml.SingleQuotedStyle|yaml.DoubleQuotedStyle) != 0:
		return d.quoted(file, n)
	case n.Style == 0:
		return d.plain(file, n)
	}
	return Expr{Pos: pos, Src: n.Value, Style: StyleLossy}
}

// literalText is the expr literal a YAML list of scalars, or a flow
// mapping of scalars, written where an expression goes would be (`faces:
// [1, 2, 3]` for "[1, 2, 3]", `init: {red: 0}` for "{red: 0}"): strings
// single-quoted, as words are. "" for anything else (a block mapping
// there is more often a slip of indentation than a literal) and for a
// text too long to quote in a message.
func literalText(n *yaml.Node) string {
	var parts []string
	switch {
	case n.Kind == yaml.SequenceNode:
		for _, e := range n.Content {
			v, ok := scalarLiteral(e)
			if !ok {
				return ""
			}
			parts = append(parts, v)
		}
	case n.Kind == yaml.MappingNode && n.Style&yaml.FlowStyle != 0:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			val, ok := scalarLiteral(v)
			if k.Kind != yaml.ScalarNode || !IsIdent(k.Value) || !ok {
				return ""
			}
			parts = append(parts, k.Value+": "+val)
		}
	default:
		return ""
	}
	open, closing := "[", "]"
	if n.Kind == yaml.MappingNode {
		open, closing = "{", "}"
	}
	out := open + strings.Join(parts, ", ") + closing
	if len(out) > 60 {
		return ""
	}
	return out
}

// scalarLiteral is a YAML scalar as an expr literal: numbers and bools as
// written, strings in single quotes.
func scalarLiteral(n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode || isNull(n) || strings.ContainsAny(n.Value, "'\\\n") {
		return "", false
	}
	switch n.ShortTag() {
	case "!!int", "!!bool":
		return n.Value, true
	case "!!str":
		return "'" + n.Value + "'", true
	}
	return "", false
}

// isLocalTag reports a YAML tag written in the file (`!b`), not one of
// YAML's own (`!!str`): in an expression it is a `!` YAML took.
func isLocalTag(tag string) bool {
	return strings.HasPrefix(tag, "!") && !strings.HasPrefix(tag, "!!")
}

// spaced is s after a space, or "" when s is empty.
func spaced(s string) string {
	if s == "" {
		return ""
	}
	return " " + s
}

// sourceLine returns line (from 1) of file, if the source is known.
func (d *decoder) sourceLine(file string, line int) (string, bool) {
	lines, ok := d.src[file]
	if !ok || line < 1 || line > len(lines) {
		return "", false
	}
	return lines[line-1], true
}

// plain decodes a plain scalar: exact when it is on one line.
func (d *decoder) plain(file string, n *yaml.Node) Expr {
	e := Expr{Pos: nodePos(file, n), Src: n.Value, Style: StyleLossy}
	if strings.Contains(n.Value, "\n") {
		return e
	}
	line, known := d.sourceLine(file, n.Line)
	if !known || hasTextAt(line, n.Column-1, n.Value) {
		e.Style = StylePlain
	}
	if known && unbalanced(n.Value) {
		e.Cut = cutBy(line, n)
	}
	return e
}

// unbalanced reports whether s opens more brackets than it closes
// (outside quotes): the sign of an expression YAML cut short.
func unbalanced(s string) bool {
	depth := 0
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case strings.ContainsRune("([{", r):
			depth++
		case strings.ContainsRune(")]}", r):
			depth--
		}
	}
	return depth > 0
}

// cutBy is the YAML indicator that ended the plain scalar n on line: a
// comment or a flow-style separator ("" when neither).
func cutBy(line string, n *yaml.Node) string {
	if n.LineComment != "" {
		return "#"
	}
	at, ok := runeOffset(line, n.Column-1+utf8.RuneCountInString(n.Value))
	if !ok {
		return ""
	}
	for _, r := range line[at:] {
		switch {
		case r == ' ':
			continue
		case strings.ContainsRune(",]}", r):
			return string(r)
		}
		break
	}
	return ""
}

// quoted decodes a quoted scalar: exact when it is on one line and has no
// escapes, i.e. the source between the quotes is the value.
func (d *decoder) quoted(file string, n *yaml.Node) Expr {
	e := Expr{Pos: nodePos(file, n), Src: n.Value, Style: StyleLossy}
	quote := `"`
	if n.Style&yaml.SingleQuotedStyle != 0 {
		quote = "'"
	}
	line, known := d.sourceLine(file, n.Line)
	exact := false
	if known {
		exact = hasTextAt(line, n.Column-1, quote) && hasTextAt(line, n.Column, n.Value) &&
			hasTextAt(line, n.Column+utf8.RuneCountInString(n.Value), quote)
	} else {
		exact = !strings.ContainsAny(n.Value, "\n\t\\'\"")
	}
	if exact {
		e.Pos.Col++
		e.Style = StylePlain
	}
	return e
}

// literal decodes a `|` block: Pos is the first content line, at the
// column after the indentation YAML removes.
func (d *decoder) literal(file string, n *yaml.Node) Expr {
	e := Expr{Pos: nodePos(file, n), Src: n.Value, Style: StyleLossy}
	lines := strings.Split(n.Value, "\n")
	for k, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		src, known := d.sourceLine(file, n.Line+1+k)
		if !known {
			return e
		}
		indent := leadingSpaces(src) - leadingSpaces(l)
		if indent < 0 || !hasTextAt(src, indent, l) {
			return e
		}
		e.Pos = Pos{File: file, Line: n.Line + 1, Col: indent + 1}
		e.Style, e.Indent = StyleLiteral, indent
		return e
	}
	return e
}

// hasTextAt reports whether line holds want starting at rune index at
// (YAML's columns count runes).
func hasTextAt(line string, at int, want string) bool {
	off, ok := runeOffset(line, at)
	return ok && strings.HasPrefix(line[off:], want)
}

// runeOffset is the byte offset of rune index i in s; ok is false when s
// has fewer than i runes or i is negative.
func runeOffset(s string, i int) (off int, ok bool) {
	if i < 0 {
		return 0, false
	}
	for off = range s {
		if i == 0 {
			return off, true
		}
		i--
	}
	return len(s), i == 0
}

// leadingSpaces counts the spaces at the start of s.
func leadingSpaces(s string) int {
	return len(s) - len(strings.TrimLeft(s, " "))
}

// value decodes any node into a Value.
func (d *decoder) value(file string, n *yaml.Node) Value {
	val := Value{Pos: nodePos(file, n), V: d.raw(file, n)}
	if r := resolve(n); r != nil && r.Kind == yaml.MappingNode {
		val.Keys = map[string]Pos{}
		for i := 0; i+1 < len(r.Content); i += 2 {
			k := resolve(r.Content[i])
			val.Keys[k.Value] = nodePos(d.fileOf(r.Content[i], file), k)
		}
	} else if r != nil && r.Kind == yaml.SequenceNode {
		for _, c := range r.Content {
			val.Elems = append(val.Elems, nodePos(d.fileOf(c, file), resolve(c)))
		}
	}
	return val
}

// raw converts a node to int, bool, string, []any or map[string]any (nil
// for null).
func (d *decoder) raw(file string, n *yaml.Node) any {
	file = d.fileOf(n, file)
	n = resolve(n)
	if isNull(n) {
		return nil
	}
	switch n.Kind {
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			out = append(out, d.raw(file, c))
		}
		return out
	case yaml.MappingNode:
		out := map[string]any{}
		var buf [8]pair
		for _, p := range d.pairsInto(file, n, buf[:0]) {
			out[p.name] = d.raw(p.file, p.val)
		}
		return out
	}
	return d.scalar(file, n)
}

// scalar converts an int, bool or string scalar; anything else is
// reported and kept as its text.
func (d *decoder) scalar(file string, n *yaml.Node) any {
	switch n.ShortTag() {
	case "!!int":
		var i int
		if n.Decode(&i) == nil {
			return i
		}
	case "!!bool":
		var b bool
		if n.Decode(&b) == nil {
			return b
		}
	case "!!str":
		return n.Value
	case "!!float":
		if i, ok := d.float(file, n); ok {
			return i
		}
	}
	d.ds.Addf(nodePos(file, n), "unsupported value %q (%s): use an int, bool, string, list or mapping; quote it to make it a string",
		n.Value, strings.TrimPrefix(n.ShortTag(), "!!"))
	return n.Value
}

// float reports a number with a fraction (3.5) in one message, that
// numbers are ints, and returns it cut to an int, so that a rule or
// field that wants an int does not report it again as a string.
func (d *decoder) float(file string, n *yaml.Node) (int, bool) {
	var f float64
	if n.Decode(&f) != nil || math.IsNaN(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	lo, hi := int(math.Floor(f)), int(math.Ceil(f))
	if lo == hi {
		d.ds.Addf(nodePos(file, n), "%s: numbers in a ruleset are ints; write %d", n.Value, lo)
	} else {
		d.ds.Addf(nodePos(file, n), "%s is not a whole number: numbers in a ruleset are ints; write %d or %d (count in halves or tenths if you need them), or quote it to make it a string",
			n.Value, lo, hi)
	}
	return int(f), true
}

// params decodes a mapping {name: type} into parameters, in order.
func (d *decoder) params(file string, n *yaml.Node) []Param {
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		d.wrongKind(file, n, "a mapping of parameter names to types")
		return nil
	}
	var out []Param
	for _, p := range d.pairs(file, n) {
		t := resolve(p.val)
		if isNull(t) || t.Kind != yaml.ScalarNode {
			d.ds.Addf(nodePos(p.file, t), "parameter %q: expected a type name, got %s", p.name, describe(t))
		}
		out = append(out, Param{Pos: nodePos(p.keyFile, p.key), Name: p.name, Type: t.Value})
	}
	return out
}

// bindings decodes a mapping {name: expr} into bindings, in order.
func (d *decoder) bindings(file string, n *yaml.Node) []Binding {
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		d.wrongKind(file, n, "a mapping of names to expressions")
		return nil
	}
	var out []Binding
	for _, p := range d.pairs(file, n) {
		v := resolve(p.val)
		if isNull(v) {
			d.ds.Addf(nodePos(p.keyFile, p.key), "%q needs an expression", p.name)
			out = append(out, Binding{Pos: nodePos(p.keyFile, p.key), Name: p.name})
			continue
		}
		out = append(out, Binding{Pos: nodePos(p.keyFile, p.key), Name: p.name, Expr: d.expr(p.file, v)})
	}
	return out
}

// cardRow decodes a row: id and count are fixed keys, every other key is
// a field value.
func (d *decoder) cardRow(file string, n *yaml.Node) CardRow {
	row := CardRow{Pos: nodePos(file, n), Count: 1}
	if n.Kind != yaml.MappingNode {
		d.wrongKind(file, n, "a card row (a mapping with an id)")
		return row
	}
	hasID := false
	var buf [16]pair
	for _, p := range d.pairsInto(file, n, buf[:0]) {
		v := resolve(p.val)
		switch p.name {
		case "id":
			hasID = true
			d.rowID(p.file, v, &row)
		case "count":
			d.rowCount(p.file, v, &row)
		default:
			if row.Fields == nil {
				row.Fields = map[string]Value{}
			}
			row.Fields[p.name] = d.value(p.file, v)
			row.FieldOrder = append(row.FieldOrder, p.name)
		}
	}
	if !hasID {
		d.ds.Addf(row.Pos, "missing required key %q", "id")
	}
	return row
}

// rowID decodes a row's id: a non-empty scalar.
func (d *decoder) rowID(file string, v *yaml.Node, row *CardRow) {
	if isNull(v) || v.Kind != yaml.ScalarNode || v.Value == "" {
		d.wrongKind(file, v, "a card id")
		return
	}
	row.ID = v.Value
}

// rowCount decodes a row's count: an int of at least 1.
func (d *decoder) rowCount(file string, v *yaml.Node, row *CardRow) {
	c, ok := d.integer(file, v)
	switch {
	case !ok:
	case c < 1:
		d.ds.Addf(nodePos(file, v), "count must be at least 1, got %d", c)
	default:
		row.Count = c
	}
}

// EffectKinds lists the kind keys of an effect, in the reference's order.
func EffectKinds() []string {
	return []string{"set", "add", "move", "draw", "shuffle", "roll", "if", "for_each",
		"while", "repeat", "let", "call", "phase", "choose", "log", "end_game", "fail"}
}

// EffectModifiers lists the modifier keys that may go with an effect kind.
func EffectModifiers(kind string) []string {
	switch kind {
	case "set":
		return []string{"to"}
	case "add":
		return []string{"by"}
	case "move":
		return []string{"into", "at"}
	case "draw":
		return []string{"from", "into", "at"}
	case "roll":
		return []string{"faces"}
	case "if":
		return []string{"then", "else"}
	case "for_each", "repeat":
		return []string{"as", "do"}
	case "while":
		return []string{"do"}
	case "call":
		return []string{"with"}
	}
	return nil
}

// requiredModifiers lists the modifiers an effect kind cannot do without.
func requiredModifiers(kind string) []string {
	switch kind {
	case "set":
		return []string{"to"}
	case "add":
		return []string{"by"}
	case "move":
		return []string{"into"}
	case "draw":
		return []string{"from", "into"}
	case "roll":
		return []string{"faces"}
	case "for_each":
		return []string{"as", "do"}
	case "while", "repeat":
		return []string{"do"}
	case "if":
		return []string{"then"}
	}
	return nil
}

// allModifiers lists every modifier key.
func allModifiers() []string {
	return []string{"to", "by", "into", "at", "from", "faces", "then", "else", "as", "do", "with"}
}

// keyAt is one scalar key of a mapping and where it is written.
type keyAt struct {
	name string
	pos  Pos
}

// effectKeys are the keys of an effect's mapping: its own, in order and
// once each, then those its misspelt keys were read as. An effect has a
// few keys, so a scan finds one.
type effectKeys struct {
	all []keyAt
	own int // all[:own] are the mapping's own keys
}

// at returns where key name is written (or, for a key a misspelt one was
// read as, where the misspelt key is).
func (ks effectKeys) at(name string) (Pos, bool) {
	for _, k := range ks.all {
		if k.name == name {
			return k.pos, true
		}
	}
	return Pos{}, false
}

// keyNames lists the scalar keys of mapping n in order, once each, with
// their positions, appending to buf.
func (d *decoder) keyNames(file string, n *yaml.Node, buf []keyAt) effectKeys {
	ks := effectKeys{all: buf}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		rk := resolve(k)
		if _, dup := ks.at(rk.Value); rk.Kind != yaml.ScalarNode || dup {
			continue
		}
		ks.all = append(ks.all, keyAt{rk.Value, nodePos(d.fileOf(k, file), k)})
	}
	ks.own = len(ks.all)
	return ks
}

// effect decodes an effect, sets its Kind and checks that its modifiers
// go with the kind.
func (d *decoder) effect(file string, n *yaml.Node, v reflect.Value) {
	d.structure(file, n, v)
	e := v.Addr().Interface().(*Effect)
	if n.Kind != yaml.MappingNode && !isNull(n) {
		return
	}
	var buf [8]keyAt
	ks := d.keyNames(file, n, buf[:0])
	e.AsPos, _ = ks.at("as")
	var kindBuf [2]string
	kinds := kindBuf[:0]
	for _, k := range ks.all {
		if isEffectKind(k.name) {
			kinds = append(kinds, k.name)
		}
	}
	// A misspelt kind (`shufle:`), reported as an unknown key and read
	// as the kind (structure), is the effect's kind.
	misspelt, ks := misspeltKinds(ks)
	if len(kinds) == 0 {
		kinds = misspelt
	}
	switch len(kinds) {
	case 0:
		d.ds.Addf(e.Pos, "effect has no kind: expected one of %s", strings.Join(EffectKinds(), ", "))
	case 1:
		e.Kind = kinds[0]
		d.checkModifiers(e, ks)
		d.checkEndGame(e, n, ks)
	default:
		e.Kind = kinds[0]
		at, _ := ks.at(kinds[1])
		d.ds.Addf(at, "effect has %s kinds: %s", countWord(len(kinds)), joinAnd(kinds))
	}
}

// isEffectKind reports whether key is an effect kind.
func isEffectKind(key string) bool {
	return slices.Contains(EffectKinds(), key)
}

// isModifier reports whether key is a modifier.
func isModifier(key string) bool {
	return slices.Contains(allModifiers(), key)
}

// misspeltKinds are the effect kinds that keys close to one (two edits
// at most, as structure reads them) stand for. It returns ks with the
// kinds' positions added, and those of misspelt modifiers (`too:`), so that neither
// is reported missing as well.
func misspeltKinds(ks effectKeys) ([]string, effectKeys) {
	var kinds []string
	var known []string
	for _, k := range ks.all[:ks.own] {
		if isEffectKind(k.name) || isModifier(k.name) {
			continue
		}
		if known == nil {
			known = append(EffectKinds(), allModifiers()...)
		}
		m := Closest(k.name, known)
		if m == "" || editDistance(strings.ToLower(k.name), m) > 2 {
			continue
		}
		if _, given := ks.at(m); !given {
			ks.all = append(ks.all, keyAt{m, k.pos})
		}
		if isEffectKind(m) && !slices.Contains(kinds, m) {
			kinds = append(kinds, m)
		}
	}
	return kinds, ks
}

// checkModifiers reports modifiers that do not go with e.Kind and
// required ones that are missing.
func (d *decoder) checkModifiers(e *Effect, ks effectKeys) {
	allowed := EffectModifiers(e.Kind)
	for _, k := range ks.all[:ks.own] {
		if isModifier(k.name) && !slices.Contains(allowed, k.name) {
			d.ds.Addf(k.pos, "%q does not go with %s (%s)", k.name, e.Kind, takes(e.Kind, allowed))
		}
	}
	for _, k := range requiredModifiers(e.Kind) {
		if _, ok := ks.at(k); !ok {
			d.ds.Addf(e.Pos, "%s needs %q", e.Kind, k)
		}
	}
}

// checkEndGame reports `end_game: false`, which would otherwise end the
// game like `end_game: true`: the effect has no false form.
func (d *decoder) checkEndGame(e *Effect, n *yaml.Node, ks effectKeys) {
	if e.Kind != "end_game" || e.EndGame {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), resolve(n.Content[i+1])
		if k.Value == "end_game" && v.ShortTag() == "!!bool" {
			at, _ := ks.at("end_game")
			d.ds.Addf(at, "end_game: false would still end the game: remove it, or write end_game: true under if: to end the game only when a condition holds")
			return
		}
	}
}

// takes says which modifiers a kind takes.
func takes(kind string, allowed []string) string {
	if len(allowed) == 0 {
		return kind + " takes no modifiers"
	}
	return kind + " takes " + joinAnd(allowed)
}

// countWord spells small counts.
func countWord(n int) string {
	if n == 2 {
		return "two"
	}
	return fmt.Sprint(n)
}

// joinAnd joins words as "a, b and c".
func joinAnd(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
