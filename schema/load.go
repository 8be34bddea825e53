package schema

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Load reads the ruleset in directory dir of fsys: every *.yaml file in
// name order except variant-*.yaml. It merges their top-level sections,
// decodes the result and runs Validate. The Ruleset is never nil; when the
// Diagnostics are not empty it is partial and must not be run. Positions
// name files as path.Join(dir, name).
func Load(fsys fs.FS, dir string) (*Ruleset, *Diagnostics) {
	ds := &Diagnostics{}
	t := loadTree(fsys, dir, ds)
	rs := t.decode()
	Validate(rs, ds)
	return rs, ds
}

// Variants lists the variant names of the ruleset in dir: the <name> of
// every variant-<name>.yaml file, sorted.
func Variants(fsys fs.FS, dir string) ([]string, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if name, ok := variantName(e.Name()); ok && !e.IsDir() {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names, nil
}

// variantName extracts <name> from variant-<name>.yaml.
func variantName(file string) (string, bool) {
	rest, ok := strings.CutPrefix(file, "variant-")
	if !ok || !strings.HasSuffix(rest, ".yaml") || rest == ".yaml" {
		return "", false
	}
	return strings.TrimSuffix(rest, ".yaml"), true
}

// tree is a ruleset merged at the node level, before decoding.
type tree struct {
	dir   string
	ds    *Diagnostics
	d     *decoder
	root  *yaml.Node // the merged top-level mapping
	read  []string   // files read, in order
	notes []Note     // provisional comments
	// defined says where each top-level section and each entry of a
	// mapping section ("zones/hand") was first defined.
	defined map[string]Pos
	// broken is set when a file could not be read: the sections it would
	// have given are not reported missing.
	broken bool
	// empty says where a top-level key was first written with nothing
	// after it (`flow:`): a required one is reported there, not as
	// missing.
	empty map[string]Pos
	// bytes is the size of the files read so far (MaxRulesetBytes).
	bytes int64
	// nodes is the YAML nodes of the files read so far, aliases expanded
	// (MaxRulesetNodes).
	nodes int
	// replaced are the base nodes a variant's patch replaced, with their
	// files (variant_replaced.go).
	replaced map[*yaml.Node]string
}

// sectionKind says how a top-level section merges across files.
type sectionKind int

const (
	sectionOnce   sectionKind = iota // may appear in one file only
	sectionMap                       // entries merge by key
	sectionConcat                    // lists concatenate
)

// sectionKindOf derives how a top-level key merges from the Ruleset field
// it fills: maps merge, effect lists appear once, other lists concatenate.
func sectionKindOf(key string) sectionKind {
	t := reflect.TypeFor[Ruleset]()
	for i := range t.NumField() {
		f := t.Field(i)
		if strings.Split(f.Tag.Get("yaml"), ",")[0] != key {
			continue
		}
		switch {
		case f.Type.Kind() == reflect.Map:
			return sectionMap
		case f.Type.Kind() == reflect.Slice && f.Type != reflect.TypeFor[[]*Effect]():
			return sectionConcat
		}
	}
	return sectionOnce
}

// mergesAcrossFiles reports whether the top-level key merges across files
// (a mapping or a list other than an effect list).
func mergesAcrossFiles(key string) bool { return sectionKindOf(key) != sectionOnce }

// loadTree reads and merges the base files of dir.
func loadTree(fsys fs.FS, dir string, ds *Diagnostics) *tree {
	t := &tree{
		dir: dir, ds: ds,
		d:       &decoder{ds: ds, files: map[*yaml.Node]string{}, src: map[string][]string{}},
		root:    &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"},
		defined: map[string]Pos{},
	}
	t.d.files[t.root] = dir
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		ds.Addf(Pos{File: dir}, "cannot read the ruleset directory: %v", err)
		return t
	}
	for _, e := range entries {
		name := e.Name()
		if stem, yml := strings.CutSuffix(name, ".yml"); yml && !e.IsDir() {
			// read silently past, its rules would be missing without a word
			ds.Addf(Pos{File: path.Join(dir, name)}, "%s is not read: a ruleset's files end in .yaml (rename it %s.yaml)", name, stem)
			continue
		}
		if e.IsDir() || !strings.HasSuffix(name, ".yaml") || strings.HasPrefix(name, "variant-") {
			continue
		}
		if top := t.readFile(fsys, path.Join(dir, name)); top != nil {
			t.mergeFile(path.Join(dir, name), top)
		}
	}
	if len(t.read) == 0 {
		// Nothing to decode: the required keys are not missing one by one.
		t.broken = true
		ds.Addf(Pos{File: dir}, "no .yaml files in %s: a ruleset is a folder of .yaml files (see rulesets/ for the shipped games)", dir)
	}
	return t
}

// readFile reads and parses one file, collects its provisional notes and
// returns its top-level mapping (nil when empty or broken).
func (t *tree) readFile(fsys fs.FS, file string) *yaml.Node {
	src, err := ReadLimited(fsys, file, min(MaxFileBytes, MaxRulesetBytes-t.bytes), "ruleset file")
	if err != nil && t.bytes > 0 && MaxRulesetBytes-t.bytes < MaxFileBytes {
		err = fmt.Errorf("%v (the ruleset's files may be %s together)", err, byteSize(MaxRulesetBytes))
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("cannot read: %v", err)
		}
		t.ds.Addf(Pos{File: file}, "%v", err)
		t.broken = true
		return nil
	}
	t.bytes += int64(len(src))
	t.read = append(t.read, file)
	t.d.src[file] = splitLines(src)
	doc, ok := parseFile(file, src, t.ds)
	if !ok {
		t.broken = true
		return nil
	}
	if doc == nil {
		return nil
	}
	if !t.countNodes(file, doc) {
		t.broken = true
		return nil
	}
	t.notes = append(t.notes, provisionalNotes(file, doc)...)
	top := resolve(doc)
	if isNull(top) {
		return nil
	}
	if top.Kind != yaml.MappingNode {
		t.d.wrongKind(file, top, "a mapping at the top of the file")
		return nil
	}
	return top
}

// countNodes checks a file's nodes, aliases expanded, against MaxNodes
// and adds them to the ruleset's, checked against MaxRulesetNodes.
func (t *tree) countNodes(file string, doc *yaml.Node) bool {
	n, ok := checkAliases(file, doc, t.ds)
	if !ok {
		return false
	}
	if t.nodes += n; t.nodes > MaxRulesetNodes {
		t.ds.Add(Diagnostic{Pos: Pos{File: file}, Structure: true,
			Msg: fmt.Sprintf("the ruleset's files hold more than %d YAML nodes together (limit MaxRulesetNodes): this file passes the limit", MaxRulesetNodes)})
		return false
	}
	return true
}

// mergeFile adds the top-level sections of one file to the merged root.
func (t *tree) mergeFile(file string, top *yaml.Node) {
	for _, p := range t.d.pairsMerging(file, top, nil, mergesAcrossFiles) {
		val := resolve(p.val)
		if isNull(val) {
			if _, seen := t.empty[p.name]; !seen {
				if t.empty == nil {
					t.empty = map[string]Pos{}
				}
				t.empty[p.name] = nodePos(file, p.key)
			}
			continue
		}
		switch sectionKindOf(p.name) {
		case sectionMap:
			t.mergeEntries(file, p, val)
		case sectionConcat:
			t.concat(file, p, val)
		default:
			t.addOnce(file, p)
		}
	}
}

// section returns the merged value node of a top-level key, or nil.
func (t *tree) section(key string) (int, *yaml.Node) {
	for i := 0; i+1 < len(t.root.Content); i += 2 {
		if resolve(t.root.Content[i]).Value == key {
			return i + 1, t.root.Content[i+1]
		}
	}
	return -1, nil
}

// addSection appends a top-level key with a value node from file.
func (t *tree) addSection(file string, key, val *yaml.Node) {
	t.d.files[key], t.d.files[val] = file, file
	t.root.Content = append(t.root.Content, key, val)
	t.defined[key.Value] = nodePos(file, key)
}

// addOnce adds a section that may be defined in one file only.
func (t *tree) addOnce(file string, p pair) {
	if prev, dup := t.defined[p.name]; dup {
		t.ds.Addf(nodePos(file, p.key), "%q is already defined at %s; it may appear in one file only", p.name, prev)
		return
	}
	t.addSection(file, p.key, p.val)
}

// emptyLike makes a synthetic node of kind at the position of n.
func emptyLike(n *yaml.Node, kind yaml.Kind, tag string) *yaml.Node {
	return &yaml.Node{Kind: kind, Tag: tag, Line: n.Line, Column: n.Column}
}

// mergeEntries adds the entries of a mapping section, reporting names
// defined in two files.
func (t *tree) mergeEntries(file string, p pair, val *yaml.Node) {
	if val.Kind != yaml.MappingNode {
		t.d.wrongKind(file, val, "a mapping")
		return
	}
	_, merged := t.section(p.name)
	if merged == nil {
		merged = emptyLike(val, yaml.MappingNode, "!!map")
		t.addSection(file, p.key, merged)
	}
	for _, e := range t.d.pairs(file, val) {
		id := p.name + "/" + e.name
		if prev, dup := t.defined[id]; dup {
			t.ds.Addf(nodePos(file, e.key), "%q in %s is already defined at %s", e.name, p.name, prev)
			continue
		}
		t.defined[id] = nodePos(file, e.key)
		t.d.files[e.key], t.d.files[e.val] = file, file
		merged.Content = append(merged.Content, e.key, e.val)
	}
}

// concat appends the elements of a list section.
func (t *tree) concat(file string, p pair, val *yaml.Node) {
	if val.Kind != yaml.SequenceNode {
		t.d.wrongKind(file, val, "a list")
		return
	}
	_, merged := t.section(p.name)
	if merged == nil {
		merged = emptyLike(val, yaml.SequenceNode, "!!seq")
		t.addSection(file, p.key, merged)
	}
	for _, e := range val.Content {
		t.d.files[e] = file
		merged.Content = append(merged.Content, e)
	}
}

// decode turns the merged tree into a Ruleset.
func (t *tree) decode() *Ruleset {
	rs := &Ruleset{}
	if t.broken {
		t.d.noRequired = t.root
	}
	if len(t.read) > 0 {
		// The merged root is no file's: a top-level key missing from
		// every file is reported at the start of the first one.
		t.d.root, t.d.emptyRoot = t.root, t.empty
		if t.d.owners == nil {
			t.d.owners = map[*yaml.Node]Pos{}
		}
		t.d.owners[t.root] = Pos{File: t.read[0], Line: 1, Col: 1}
	}
	t.d.decode(t.dir, t.root, reflect.ValueOf(rs).Elem())
	sort.SliceStable(t.notes, func(i, j int) bool { return t.notes[i].Pos.Before(t.notes[j].Pos) })
	rs.Provisional = t.notes
	rs.Files = t.read
	return rs
}

// provisionalNotes collects the comments of a file that start with
// "provisional:", each at the node it belongs to. Aliases are not
// followed, so each comment is seen once.
func provisionalNotes(file string, n *yaml.Node) []Note {
	var out []Note
	var walk func(*yaml.Node)
	walk = func(n *yaml.Node) {
		for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
			for _, text := range provisionalTexts(c) {
				out = append(out, Note{Pos: nodePos(file, n), Text: text})
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(n)
	return out
}

// provisionalTexts returns the notes of a comment block. A note starts
// at a line that begins with "provisional:" or holds "; provisional:"
// (after another remark), and goes on over the following comment lines up
// to a blank comment line or the next note.
func provisionalTexts(comment string) []string {
	if !strings.Contains(comment, "provisional:") {
		return nil // most comments (and most nodes have none)
	}
	var out []string
	cur := -1
	for _, line := range strings.Split(comment, "\n") {
		text := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#"))
		if rest, ok := provisionalStart(text); ok {
			out = append(out, rest)
			cur = len(out) - 1
			continue
		}
		if text == "" {
			cur = -1
		} else if cur >= 0 {
			out[cur] = strings.TrimSpace(out[cur] + " " + text)
		}
	}
	return out
}

// provisionalStart returns the text after the "provisional:" that starts
// a note on this comment line.
func provisionalStart(text string) (string, bool) {
	const mark = "provisional:"
	if rest, ok := strings.CutPrefix(text, mark); ok {
		return strings.TrimSpace(rest), true
	}
	if i := strings.Index(text, "; "+mark); i >= 0 {
		return strings.TrimSpace(text[i+len(mark)+2:]), true
	}
	return "", false
}
