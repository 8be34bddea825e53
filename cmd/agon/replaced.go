package main

import (
	"io/fs"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// A ruleset path names a node of the merged ruleset: section, then keys
// (cards.power.rows.lion_gate.cost, constants.track_length), a card row
// by its id. It is written with pathSep between the parts.
const pathSep = "\x1f"

// replacedNotes parts the base ruleset's provisional notes (base, loaded
// with the variant) into those still in force and those on a value the
// variant's patch replaced: a constant it gives anew, a card row it
// removes or a row field it sets. A note on a whole row stays when the
// patch changes only some of the row's fields. With no variant, or when a
// file cannot be read again, every note stays.
func replacedNotes(fsys fs.FS, dir, variant string, base []schema.Note) (kept, replaced []schema.Note) {
	if variant == "" || len(base) == 0 {
		return base, nil
	}
	patch := variantPatch(fsys, variantPath(dir, variant))
	if patch == nil {
		return base, nil
	}
	paths := notePaths(fsys, base)
	t := baseTree{kinds: map[string]yaml.Kind{}, children: map[string][]string{}}
	for _, file := range noteFiles(base) {
		if doc := readYAML(fsys, file); doc != nil {
			walkPaths(doc, nil, t.add)
		}
	}
	var gone []string
	t.patched(patch, nil, &gone)
	for _, n := range base {
		if p, ok := paths[n.Pos]; ok && underAny(p, gone) {
			replaced = append(replaced, n)
		} else {
			kept = append(kept, n)
		}
	}
	return kept, replaced
}

// variantPatch is the patch: mapping of a variant file, or nil.
func variantPatch(fsys fs.FS, file string) *yaml.Node {
	doc := readYAML(fsys, file)
	if doc == nil {
		return nil
	}
	return mapValue(doc, "patch")
}

// readYAML parses file and returns its top mapping, or nil.
func readYAML(fsys fs.FS, file string) *yaml.Node {
	data, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil
	}
	var doc yaml.Node
	if yaml.Unmarshal(data, &doc) != nil || doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil
	}
	if top := doc.Content[0]; top.Kind == yaml.MappingNode {
		return top
	}
	return nil
}

// mapValue is the value of key in mapping m, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// noteFiles lists the files the notes are in, each once.
func noteFiles(notes []schema.Note) []string {
	var out []string
	seen := map[string]bool{}
	for _, n := range notes {
		if !seen[n.Pos.File] {
			seen[n.Pos.File] = true
			out = append(out, n.Pos.File)
		}
	}
	return out
}

// notePaths finds the ruleset path of the node each note is written at
// (its position is that of the node whose comment holds it). Where
// several such nodes start at one place the outermost counts, so that a
// note on a whole row is not taken for a note on its first field.
func notePaths(fsys fs.FS, notes []schema.Note) map[schema.Pos]string {
	want := map[schema.Pos]bool{}
	for _, n := range notes {
		want[n.Pos] = true
	}
	out := map[schema.Pos]string{}
	for _, file := range noteFiles(notes) {
		doc := readYAML(fsys, file)
		if doc == nil {
			continue
		}
		walkPaths(doc, nil, func(at []string, n *yaml.Node) {
			pos := schema.Pos{File: file, Line: n.Line, Col: n.Column}
			if _, done := out[pos]; want[pos] && !done && hasNote(n) {
				out[pos] = strings.Join(at, pathSep)
			}
		})
	}
	return out
}

// hasNote reports whether n carries a provisional comment.
func hasNote(n *yaml.Node) bool {
	return strings.Contains(n.HeadComment+n.LineComment+n.FootComment, "provisional:")
}

// walkPaths calls visit with every node under n and its ruleset path, a
// mapping's key with the path of its value, outer nodes first. Aliases
// are not followed.
func walkPaths(n *yaml.Node, at []string, visit func([]string, *yaml.Node)) {
	if len(at) > 0 {
		visit(at, n)
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := append(append([]string(nil), at...), n.Content[i].Value)
			visit(k, n.Content[i])
			walkPaths(n.Content[i+1], k, visit)
		}
	case yaml.SequenceNode:
		if !isRowsPath(at) {
			return
		}
		for _, row := range n.Content {
			if id := rowID(row); id != "" {
				walkPaths(row, append(append([]string(nil), at...), id), visit)
			}
		}
	}
}

// baseTree is what patched needs to know of the base files: the kind of
// the node at each ruleset path, and the paths of its entries (a
// mapping's keys, a card table's rows), each once.
type baseTree struct {
	kinds    map[string]yaml.Kind
	children map[string][]string
}

// add records the node n at path at (a walkPaths visitor).
func (t baseTree) add(at []string, n *yaml.Node) {
	p := strings.Join(at, pathSep)
	if _, seen := t.kinds[p]; seen {
		if n.Kind != yaml.ScalarNode || t.kinds[p] == yaml.ScalarNode {
			t.kinds[p] = n.Kind // a key node first, then its value
		}
		return
	}
	t.kinds[p] = n.Kind
	parent := strings.Join(at[:len(at)-1], pathSep)
	t.children[parent] = append(t.children[parent], p)
}

// patched appends to gone the path of every value the patch replaces,
// merging as the loader does: a mapping into a mapping key by key (except
// a card row's field, which a patch replaces whole), card rows by id
// (remove: true takes the whole row), anything else replaced. A mapping
// or row whose every entry the patch replaces is replaced too, so that a
// note on a whole table goes with it.
func (t baseTree) patched(patch *yaml.Node, at []string, gone *[]string) {
	p := strings.Join(at, pathSep)
	base, known := t.kinds[p]
	switch {
	case len(at) > 0 && !known:
		return // new in the variant: replaces nothing
	case patch.Kind == yaml.MappingNode && (len(at) == 0 || base == yaml.MappingNode) && !isRowFieldPath(at):
		for i := 0; i+1 < len(patch.Content); i += 2 {
			if key := patch.Content[i].Value; !(len(at) == 4 && key == "id") {
				t.patched(patch.Content[i+1], append(append([]string(nil), at...), key), gone)
			}
		}
	case patch.Kind == yaml.SequenceNode && isRowsPath(at) && base == yaml.SequenceNode:
		for _, row := range patch.Content {
			id := rowID(row)
			if id == "" {
				continue
			}
			rowAt := append(append([]string(nil), at...), id)
			if v := mapValue(row, "remove"); v != nil && v.Value == "true" {
				*gone = append(*gone, strings.Join(rowAt, pathSep))
				continue
			}
			t.patched(row, rowAt, gone)
		}
	default:
		*gone = append(*gone, p)
		return
	}
	if len(at) > 0 && t.allGone(p, *gone) {
		*gone = append(*gone, p)
	}
}

// allGone reports whether every entry of the base node at p (but a
// row's id) is replaced.
func (t baseTree) allGone(p string, gone []string) bool {
	kids := t.children[p]
	n := 0
	for _, k := range kids {
		if strings.HasSuffix(k, pathSep+"id") && isRowFieldPath(strings.Split(k, pathSep)) {
			continue
		}
		if !underAny(k, gone) {
			return false
		}
		n++
	}
	return n > 0
}

// isRowsPath reports whether at is cards.<table>.rows.
func isRowsPath(at []string) bool {
	return len(at) == 3 && at[0] == "cards" && at[2] == "rows"
}

// isRowFieldPath reports whether at is a field of a card row.
func isRowFieldPath(at []string) bool {
	return len(at) == 5 && at[0] == "cards" && at[2] == "rows"
}

// rowID is a card row's id, or "".
func rowID(row *yaml.Node) string {
	if row.Kind != yaml.MappingNode {
		return ""
	}
	if v := mapValue(row, "id"); v != nil && v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return ""
}

// underAny reports whether path p is one of roots or inside one.
func underAny(p string, roots []string) bool {
	for _, r := range roots {
		if p == r || strings.HasPrefix(p, r+pathSep) {
			return true
		}
	}
	return false
}
