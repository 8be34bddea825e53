package schema

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// Decode decodes node into out, which must be a non-nil pointer to a model
// type (e.g. *Ruleset, *Effect), recording every problem in ds. It keeps
// going after errors and leaves a partial result. Positions name file.
//
// Decode has no access to the source text, so it cannot tell a folded
// multi-line scalar from a single-line one, nor how far a `|` block is
// indented: such expressions get StyleLossy. Use DecodeBytes or Load for
// exact positions.
func Decode(file string, node *yaml.Node, out any, ds *Diagnostics) {
	d := &decoder{ds: ds}
	d.run(file, node, out)
}

// DecodeBytes parses src (one YAML document) and decodes it into out like
// Decode, with exact expression positions. A syntax error is reported in
// ds at its line.
func DecodeBytes(file string, src []byte, out any, ds *Diagnostics) {
	doc, ok := parseFile(file, src, ds)
	if !ok || doc == nil {
		return
	}
	d := &decoder{ds: ds, src: map[string][]string{file: splitLines(src)}}
	d.run(file, doc, out)
}

// decoder turns yaml.Node trees into model structs. files names the file
// of nodes that come from another file than their parent (merged or
// patched trees); src holds source lines by file, when known.
type decoder struct {
	ds    *Diagnostics
	files map[*yaml.Node]string
	src   map[string][]string
	// owners maps a mapping's node (or an empty value's) to the position
	// of the key that holds it, where a missing key of the mapping is
	// reported.
	owners map[*yaml.Node]Pos
	// root is the merged top-level mapping of a ruleset's files, whose
	// missing keys may be written in any of them.
	root *yaml.Node
	// noRequired is a mapping whose missing keys are not reported (the
	// merged top level when a file could not be parsed).
	noRequired *yaml.Node
	// emptyRoot says where a top-level key of root was written with
	// nothing after it.
	emptyRoot map[string]Pos
	// structs are the decodable fields of each struct type met, listed
	// once per decoder (an Effect has dozens, and a ruleset thousands of
	// effects).
	structs map[reflect.Type]*structInfo
}

// structInfo is a struct type's decodable fields, in order and by key.
type structInfo struct {
	fields []field
	byKey  map[string]int // index into fields
}

// structOf returns t's decodable fields, listing them on first use.
func (d *decoder) structOf(t reflect.Type) *structInfo {
	if info, ok := d.structs[t]; ok {
		return info
	}
	fields := structFields(t)
	info := &structInfo{fields: fields, byKey: make(map[string]int, len(fields))}
	for i, f := range fields {
		info.byKey[f.key] = i
	}
	if d.structs == nil {
		d.structs = map[reflect.Type]*structInfo{}
	}
	d.structs[t] = info
	return info
}

// run checks out and the alias expansion, then decodes.
func (d *decoder) run(file string, node *yaml.Node, out any) {
	v := reflect.ValueOf(out)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		d.ds.Addf(Pos{File: file}, "internal error: Decode needs a non-nil pointer, got %T", out)
		return
	}
	if node == nil {
		return
	}
	if _, ok := checkAliases(file, node, d.ds); !ok {
		return
	}
	d.decode(file, node, v.Elem())
}

// checkAliases reports a tree of more than MaxNodes nodes, aliases
// expanded, or an alias inside its own anchor, as a structure error (the
// file is dropped). It returns the tree's expanded size.
func checkAliases(file string, node *yaml.Node, ds *Diagnostics) (int, bool) {
	n, aliases := countNodes(node)
	if !aliases {
		if n <= MaxNodes {
			return n, true // a plain tree: its size is its count
		}
		ds.Add(Diagnostic{Pos: nodePos(file, nthNode(node, MaxNodes+1)), Structure: true,
			Msg: fmt.Sprintf("more than %d YAML nodes in one file (limit MaxNodes): the file passes the limit here%s", MaxNodes, splitHint("MaxNodes"))})
		return n, false
	}
	if alias, anchor := selfAlias(node, nil); alias != nil {
		ds.Add(Diagnostic{Pos: nodePos(file, alias), Structure: true,
			Msg: fmt.Sprintf("YAML alias *%s refers to itself: it is inside the value its anchor &%s (line %d) names", alias.Value, anchor.Anchor, anchor.Line)})
		return 0, false
	}
	size := expansionSizer(MaxNodes)
	if s := size(node); s <= MaxNodes {
		return s, true
	}
	ds.Add(Diagnostic{Pos: nodePos(file, aliasCulprit(node, size, MaxNodes)), Structure: true,
		Msg: fmt.Sprintf("YAML aliases expand to more than %d nodes (limit MaxNodes)", MaxNodes)})
	return 0, false
}

// countNodes counts the nodes of n's tree, and says whether it has an
// alias (then the count is not its expanded size).
func countNodes(n *yaml.Node) (int, bool) {
	count, aliases := 1, n.Kind == yaml.AliasNode || n.Alias != nil
	for _, c := range n.Content {
		k, a := countNodes(c)
		count, aliases = count+k, aliases || a
	}
	return count, aliases
}

// aliasCulprit walks down from n, while one child alone is too big, to
// the node that expands too far: a list or mapping of aliases, or one
// alias.
func aliasCulprit(n *yaml.Node, size func(*yaml.Node) int, limit int) *yaml.Node {
	for {
		var next *yaml.Node
		for _, c := range n.Content {
			if size(c) > limit {
				next = c
				break
			}
		}
		if next == nil {
			return n
		}
		if next.Kind == yaml.AliasNode {
			return next
		}
		n = next
	}
}

// expansionSizer returns a memoised counter of expanded node sizes.
func expansionSizer(limit int) func(*yaml.Node) int {
	memo := map[*yaml.Node]int{}
	var size func(*yaml.Node) int
	size = func(n *yaml.Node) int {
		if n == nil {
			return 0
		}
		if s, ok := memo[n]; ok {
			return s
		}
		memo[n] = limit + 1 // a cycle counts as too big
		s := 1 + size(n.Alias)
		for _, c := range n.Content {
			if s += size(c); s > limit {
				s = limit + 1
				break
			}
		}
		memo[n] = s
		return s
	}
	return size
}

// parseFile parses one YAML document. It returns (nil, true) for an empty
// file and (nil, false) after reporting a syntax error.
func parseFile(file string, src []byte, ds *Diagnostics) (*yaml.Node, bool) {
	if d := PrecheckNodes(file, src, MaxNodes, "MaxNodes"); d != nil {
		ds.Add(*d)
		return nil, false
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, true
		}
		lines := splitLines(src)
		ds.Add(withQuoteHint(yamlSyntaxError(file, lines, err), lines))
		return nil, false
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		ds.Addf(nodePos(file, &extra), "a ruleset file holds one YAML document; remove the second one")
	} else if !errors.Is(err, io.EOF) {
		ds.Add(yamlSyntaxError(file, splitLines(src), err))
	}
	return &doc, true
}

// SyntaxError turns yaml.v3's "yaml: line N: msg" into a diagnostic.
// yaml.v3 numbers lines from 1 for scanner errors but, for parser errors
// ("did not find expected …"), gives the 0-based line where the enclosing
// mapping or list starts: those point at that start, and say so.
func SyntaxError(file string, err error) Diagnostic {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	pos := Pos{File: file}
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		num, text, found := strings.Cut(rest, ": ")
		if n := atoi(num); found && n >= 0 {
			pos.Line, msg = n, text
			if parserError(text) {
				pos.Line = n + 1 // yaml.v3 counts a parser error's line from 0
			}
			if strings.HasPrefix(text, "did not find expected") {
				msg = text + " in the mapping or list that starts here"
			}
		}
	}
	return Diagnostic{Pos: pos, Msg: "YAML syntax error: " + msg}
}

// parserError reports whether yaml.v3's message is one of its parser's
// (not its scanner's), whose line it counts from 0.
func parserError(msg string) bool {
	return strings.HasPrefix(msg, "did not find expected") || msg == "found undefined tag handle" ||
		strings.HasPrefix(msg, "found duplicate %") || msg == "found incompatible YAML document"
}

// withQuoteHint adds, to the YAML errors that an expression holding
// ",", ": ", " #" or brackets inside a {…} or […] causes, how to avoid them.
func withQuoteHint(d Diagnostic, src []string) Diagnostic {
	if strings.Contains(d.Msg, " is indented by ") || strings.Contains(d.Msg, "tab character") || strings.Contains(d.Msg, " is indented deeper than ") {
		return d // yamlSyntaxError found the slip: the hint would mislead
	}
	if strings.Contains(d.Msg, "did not find expected ',' or") && d.Pos.Line >= 1 && d.Pos.Line <= len(src) {
		line := src[d.Pos.Line-1]
		if m := reBracketValue.FindStringSubmatchIndex(line); m != nil {
			// `{move: c, into: players[p].basket}`: YAML reads no [ in
			// an unquoted value of a {…}.
			d.Pos.Col = utf8.RuneCountInString(line[:m[4]]) + 1
			yamlSaid := strings.TrimSuffix(strings.TrimPrefix(d.Msg, "YAML syntax error: "), " in the mapping or list that starts here")
			d.Msg = fmt.Sprintf("YAML syntax error: inside {…} an unquoted value cannot hold a [: quote this expression, %s: %q (YAML: %s)", line[m[2]:m[3]], strings.TrimSpace(line[m[4]:m[5]]), yamlSaid)
			return d
		}
	}
	for _, m := range []string{"did not find expected ',' or", "did not find expected node content", "mapping values are not allowed"} {
		if strings.Contains(d.Msg, m) {
			d.Msg += `; if an expression holds ",", ": ", " #" or brackets, quote this expression, e.g. {set: x, to: "a ? b : c"}`
			return d
		}
	}
	if strings.Contains(d.Msg, "did not find expected key") && quotedThenMoreInBlock(src, d.Pos.Line) {
		d.Msg += `; if an expression starts with a quote, [ or { and goes on after it, quote this expression, e.g. to: "[1, 2][0]" or to: "'P' + p"`
	}
	return d
}

// reBracketValue finds, in a {…} on one line, a plain value with a [ in
// it after its first character (`into: players[p].basket`): the key and
// the value.
var reBracketValue = regexp.MustCompile(`[{,]\s*([A-Za-z_]\w*):\s+([^\s"'\[{,}][^,}"']*\[[^,}"']*)`)

// atoi parses a positive decimal number, or returns -1.
func atoi(s string) int {
	if s == "" || len(s) > 9 {
		return -1
	}
	n := 0
	for _, r := range s {
		if r < '0' || r > '9' {
			return -1
		}
		n = n*10 + int(r-'0')
	}
	return n
}

// splitLines splits source text into lines without their line ends.
func splitLines(src []byte) []string {
	lines := strings.Split(string(src), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// nodePos is the position of n in file.
func nodePos(file string, n *yaml.Node) Pos {
	return Pos{File: file, Line: n.Line, Col: n.Column}
}

// fileOf is the file n comes from, given its parent's file.
func (d *decoder) fileOf(n *yaml.Node, parent string) string {
	if f, ok := d.files[n]; ok {
		return f
	}
	return parent
}

// resolve skips document nodes and follows aliases.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil {
		switch {
		case n.Kind == yaml.DocumentNode && len(n.Content) == 1:
			n = n.Content[0]
		case n.Kind == yaml.AliasNode && n.Alias != nil:
			n = n.Alias
		default:
			return n
		}
	}
	return n
}

// isNull reports an absent value: `key:` or `key: null`, or an empty
// document.
func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == 0 || n.Kind == yaml.DocumentNode ||
		(n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

// describe names the kind of a node for "expected X, got Y" messages.
func describe(n *yaml.Node) string {
	if isNull(n) {
		return "nothing"
	}
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	switch n.ShortTag() {
	case "!!int":
		return "an integer"
	case "!!bool":
		return "a bool"
	case "!!float":
		return "a number"
	}
	return "a string"
}

// wrongKind reports a node of the wrong kind.
func (d *decoder) wrongKind(file string, n *yaml.Node, want string) {
	d.ds.Addf(nodePos(file, n), "expected %s, got %s%s", want, describe(n), dedentHint(d.src[file], n.Line))
}

// decode decodes n into v, dispatching on v's type. v is addressable.
func (d *decoder) decode(file string, n *yaml.Node, v reflect.Value) {
	file = d.fileOf(n, file)
	n = resolve(n)
	switch p := v.Addr().Interface().(type) {
	case *Expr:
		*p = d.expr(file, n)
	case *Value:
		*p = d.value(file, n)
	case *Words:
		*p = d.words(file, n)
	case *[]Param:
		*p = d.params(file, n)
	case *Name:
		*p = d.name(file, n)
	case *Label:
		*p = d.label(file, n)
	case *[]Binding:
		*p = d.bindings(file, n)
	case *CardRow:
		*p = d.cardRow(file, n)
	case *Effect:
		d.effect(file, n, v)
	default:
		d.decodeKind(file, n, v)
	}
}

// decodeKind decodes n into v by v's kind.
func (d *decoder) decodeKind(file string, n *yaml.Node, v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		d.decode(file, n, p.Elem())
		v.Set(p)
	case reflect.Struct:
		d.structure(file, n, v)
	case reflect.Slice:
		d.list(file, n, v)
	case reflect.Map:
		d.mapping(file, n, v, reflect.Value{})
	case reflect.String:
		d.str(file, n, v)
	case reflect.Int:
		if i, ok := d.integer(file, n); ok {
			v.SetInt(int64(i))
		}
	case reflect.Bool:
		d.boolean(file, n, v)
	default:
		d.ds.Addf(nodePos(file, n), "internal error: cannot decode into %s", v.Type())
	}
}

// str decodes any scalar's text.
func (d *decoder) str(file string, n *yaml.Node, v reflect.Value) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.ScalarNode {
		d.wrongKind(file, n, "a string")
		return
	}
	v.SetString(n.Value)
}

// integer decodes an int scalar.
func (d *decoder) integer(file string, n *yaml.Node) (int, bool) {
	var i int
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || n.Decode(&i) != nil {
		d.wrongKind(file, n, "an integer")
		return 0, false
	}
	return i, true
}

// boolean decodes a bool scalar.
func (d *decoder) boolean(file string, n *yaml.Node, v reflect.Value) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || n.Decode(&b) != nil {
		d.wrongKind(file, n, "true or false")
		return
	}
	v.SetBool(b)
}

// list decodes a sequence into a slice; null leaves it empty.
func (d *decoder) list(file string, n *yaml.Node, v reflect.Value) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.SequenceNode {
		d.wrongKind(file, n, "a list")
		return
	}
	// Decoded in place: an element decoded into a new value and then
	// appended was allocated twice (an effect's struct is large).
	s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
	for i, c := range n.Content {
		d.decode(file, c, s.Index(i))
	}
	v.Set(s)
}

// pair is one key/value of a mapping node with the key's text and files.
type pair struct {
	key, val      *yaml.Node
	name          string
	keyFile, file string
}

// pairs lists the entries of mapping n, reporting non-scalar and
// duplicate keys (which are skipped).
func (d *decoder) pairs(file string, n *yaml.Node) []pair {
	return d.pairsInto(file, n, nil)
}

// pairsInto is pairs appending to buf[:0]: a caller that only walks the
// entries passes an array of its own, so that decoding a mapping
// allocates no list of its entries.
func (d *decoder) pairsInto(file string, n *yaml.Node, buf []pair) []pair {
	return d.pairsMerging(file, n, buf, nil)
}

// pairsMerging is pairsInto for a file's top level, where a section that
// merges across files (functions:, triggers:) written twice is still an
// error, but its second value is kept (merges says which keys): its
// entries are read as if written under the first, so that the names it
// defines are not reported unknown wherever they are used.
func (d *decoder) pairsMerging(file string, n *yaml.Node, buf []pair, merges func(key string) bool) []pair {
	out := buf[:0]
	if cap(out) < len(n.Content)/2 {
		out = make([]pair, 0, len(n.Content)/2)
	}
	// Duplicates are found by a scan of the few keys of a small mapping,
	// by a map in a large one.
	var seen map[string]int // index into out
	if len(n.Content) > 32 {
		seen = make(map[string]int, len(n.Content)/2)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, val := n.Content[i], n.Content[i+1]
		kf := d.fileOf(k, file)
		rk := resolve(k)
		if rk.Kind != yaml.ScalarNode {
			d.ds.Addf(nodePos(kf, k), "expected a name as key, got %s", describe(rk))
			continue
		}
		prev, dup := seen[rk.Value]
		if seen == nil {
			prev = slices.IndexFunc(out, func(p pair) bool { return p.name == rk.Value })
			dup = prev >= 0
		}
		if dup && merges != nil && merges(rk.Value) {
			d.ds.Addf(nodePos(kf, k), "duplicate key %q (first at %s): write its entries under the first %s: (they are read as if they were)", rk.Value, nodePos(out[prev].keyFile, out[prev].key), rk.Value)
		} else if dup {
			d.ds.Addf(nodePos(kf, k), "duplicate key %q (first at %s)", rk.Value, nodePos(out[prev].keyFile, out[prev].key))
			continue
		}
		if seen != nil && !dup {
			seen[rk.Value] = len(out)
		}
		// Only a mapping's or an empty value's owner is ever looked up
		// (a missing key, a blank label): other values are not kept.
		if rv := resolve(val); rv != nil && (rv.Kind == yaml.MappingNode || isNull(rv)) {
			if d.owners == nil {
				d.owners = map[*yaml.Node]Pos{}
			}
			d.owners[rv] = nodePos(kf, k)
		}
		out = append(out, pair{key: k, val: val, name: rk.Value, keyFile: kf, file: d.fileOf(val, kf)})
	}
	return out
}

// mapping decodes a mapping into a map[string]T, appending the keys to
// order (a []string) when it is valid.
func (d *decoder) mapping(file string, n *yaml.Node, m, order reflect.Value) {
	if isNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		d.wrongKind(file, n, "a mapping")
		return
	}
	if m.IsNil() {
		m.Set(reflect.MakeMap(m.Type()))
	}
	var buf [8]pair
	for _, p := range d.pairsInto(file, n, buf[:0]) {
		e := reflect.New(m.Type().Elem()).Elem()
		d.decode(p.file, p.val, e)
		m.SetMapIndex(reflect.ValueOf(p.name), e)
		if order.IsValid() {
			order.Set(reflect.Append(order, reflect.ValueOf(p.name)))
		}
	}
}

// field describes one decodable struct field.
type field struct {
	index    int
	key      string
	required bool
	order    int // index of the <Name>Order field of a map, or -1
}

// maxKeysNamed is how many keys a "expected a mapping" message names.
const maxKeysNamed = 6

// keysTaken names the keys a mapping of fields takes, for a message about
// something else written in its place (" (keys: score, tiebreak,
// details)"),
// "" when there are more than maxKeysNamed.
func keysTaken(fields []field) string {
	if len(fields) == 0 || len(fields) > maxKeysNamed {
		return ""
	}
	keys := make([]string, len(fields))
	for i, f := range fields {
		keys[i] = f.key
	}
	return " (keys: " + strings.Join(keys, ", ") + ")"
}

// structFields lists t's decodable fields in declaration order.
func structFields(t reflect.Type) []field {
	var out []field
	for i := range t.NumField() {
		f := t.Field(i)
		key := strings.Split(f.Tag.Get("yaml"), ",")[0]
		if key == "" || key == "-" || !f.IsExported() {
			continue
		}
		out = append(out, field{index: i, key: key, required: f.Tag.Get("agon") == "required", order: orderField(t, f)})
	}
	return out
}

// orderField finds the []string field that keeps a map field's key order:
// Cards → CardOrder, Props → PropOrder, Fields → FieldOrder.
func orderField(t reflect.Type, f reflect.StructField) int {
	if f.Type.Kind() != reflect.Map {
		return -1
	}
	singular := strings.TrimSuffix(f.Name, "s")
	if stem, ok := strings.CutSuffix(f.Name, "ies"); ok {
		singular = stem + "y" // Vocabularies → VocabularyOrder
	}
	for _, name := range []string{singular + "Order", f.Name + "Order"} {
		if o, ok := t.FieldByName(name); ok && o.Type == reflect.TypeFor[[]string]() {
			return o.Index[0]
		}
	}
	return -1
}

// RulesetKeys are the top-level keys of a ruleset's files, from Ruleset's
// fields (a new section is listed without more code).
func RulesetKeys() []string {
	return keysOf(structFields(reflect.TypeFor[Ruleset]()))
}

// keysOf lists the YAML keys of fields.
func keysOf(fields []field) []string {
	keys := make([]string, len(fields))
	for i, f := range fields {
		keys[i] = f.key
	}
	return keys
}

// setPos stores pos in v's Pos field, if it has one.
func setPos(v reflect.Value, pos Pos) {
	if f := v.FieldByName("Pos"); f.IsValid() && f.CanAddr() {
		if p, ok := f.Addr().Interface().(*Pos); ok {
			*p = pos
		}
	}
}

// structure decodes a mapping into a struct by yaml tags. A null node is
// an empty mapping.
func (d *decoder) structure(file string, n *yaml.Node, v reflect.Value) {
	setPos(v, nodePos(file, n))
	info := d.structOf(v.Type())
	if !isNull(n) && n.Kind != yaml.MappingNode {
		d.wrongKind(file, n, "a mapping"+keysTaken(info.fields))
		return
	}
	fields := info.fields
	var seen [64]bool // which fields the mapping sets
	present := seen[:]
	if len(fields) > len(seen) {
		present = make([]bool, len(fields))
	}
	var meant []string // the keys the unknown ones were suggested for
	var misspelt []pair
	var buf [8]pair
	for _, p := range d.pairsInto(file, n, buf[:0]) {
		i, ok := info.byKey[p.name]
		if !ok {
			meant = append(meant, d.unknownKey(n, p, fields, v.Type()))
			misspelt = append(misspelt, p)
			continue
		}
		present[i] = true
		d.structField(p, fields[i], v)
	}
	// A misspelt key ("atributes") is read as the key it was suggested
	// for, when the mapping does not give that key itself: what it holds
	// is then declared, and its uses (every row's fields, every rule that
	// reads them) are not reported too. The unknown key is the error.
	// Only a close guess (two edits at most: not "once" for "name").
	for j, p := range misspelt {
		i, ok := info.byKey[meant[j]]
		if ok && !present[i] && editDistance(strings.ToLower(p.name), meant[j]) <= 2 {
			present[i] = true
			d.structField(p, fields[i], v)
		}
	}
	for i, f := range fields {
		// A required key an unknown key was taken for ("retruns": did
		// you mean "returns"?) is not reported missing as well.
		if f.required && !present[i] && n != d.noRequired && !slices.Contains(meant, f.key) {
			pos, owned := d.owners[n]
			if !owned {
				pos = nodePos(file, n)
			}
			where := ""
			if n == d.root {
				where = ": write it in one of the ruleset's files"
				if at, written := d.emptyRoot[f.key]; written {
					d.ds.Addf(at, "%q needs a value: nothing follows it", f.key)
					continue
				}
			}
			d.ds.Addf(pos, "missing required key %q%s", f.key, where)
		}
	}
}

// structField decodes one entry into its struct field.
func (d *decoder) structField(p pair, f field, v reflect.Value) {
	fv := v.Field(f.index)
	// An expression key written with nothing after it (`if:`) is no
	// expression at all: it would otherwise read as absent.
	if isNull(resolve(p.val)) && (f.required || fv.Type() == reflect.TypeFor[Expr]()) {
		d.ds.Addf(nodePos(p.file, p.val), "%q needs a value", p.name)
		return
	}
	if f.order >= 0 {
		d.mapping(p.file, resolve(p.val), fv, v.Field(f.order))
		return
	}
	d.decode(p.file, p.val, fv)
}

// unknownKey reports a key structure does not know. In a {…} mapping, a
// key that is no name is most likely the rest of an expression that a
// comma split: the message says to quote it instead of guessing a key.
// It returns the key it suggests, if any.
func (d *decoder) unknownKey(n *yaml.Node, p pair, fields []field, t reflect.Type) (meant string) {
	if n.Style&yaml.FlowStyle != 0 && !IsIdent(p.name) {
		d.ds.Addf(nodePos(p.keyFile, p.key), "unknown key %q: inside {…} a comma ends a value, so YAML split an expression here; quote this expression, e.g. {set: x, to: \"max(a, b)\"}", p.name)
		return ""
	}
	if hint, ok := whenHint(t, p.name); ok {
		d.ds.Addf(nodePos(p.keyFile, p.key), "unknown key %q: %s", p.name, hint)
		return ""
	}
	keys := keysOf(fields)
	hint := DidYouMean(p.name, keys)
	if hint == "" {
		if homes := nestedHomes(t, p.name); len(homes) > 0 {
			hint = fmt.Sprintf(": %s is written under %s, not here", p.name, joinOr(homes))
		}
	}
	d.ds.Addf(nodePos(p.keyFile, p.key), "unknown key %q%s", p.name, hint)
	return Closest(p.name, keys)
}

// whenHint explains a when: written on an effect, a phase or a
// procedure: triggers and options have one, these do not (and "then",
// one edit away, would mislead).
func whenHint(t reflect.Type, key string) (string, bool) {
	switch {
	case key != "when":
		return "", false
	case t == reflect.TypeFor[Effect]():
		return "an effect has no when; to run it only when a condition holds, write it under an if: {if: COND, then: [EFFECT]}", true
	case t == reflect.TypeFor[Procedure]():
		return "a phase or procedure has no when; to run it only when a condition holds, put the phase: or call: that runs it under an if: (or begin its do with one)", true
	}
	return "", false
}

// nestedHomes are the keys of t whose value (a mapping, or a list or
// mapping of them) has key: `distinct:` written on a choose belongs under
// its options: or its pick:.
func nestedHomes(t reflect.Type, key string) []string {
	var out []string
	for _, f := range structFields(t) {
		ft := t.Field(f.index).Type
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice || ft.Kind() == reflect.Map {
			ft = ft.Elem()
		}
		if ft.Kind() != reflect.Struct || ft == t {
			continue
		}
		for _, g := range structFields(ft) {
			if g.key == key {
				out = append(out, f.key+":")
				break
			}
		}
	}
	return out
}

// joinOr joins words as "a", "a or b", "a, b or c".
func joinOr(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
