package schema

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// LoadVariant loads the ruleset in dir like Load, then applies the patch
// and the additions of variant-<name>.yaml before decoding: mappings merge
// key by key, the rows of a card table merge by id (a row {id: x, remove:
// true} deletes x) and a row's field is replaced whole (isRowField),
// anything else replaces the base value. Under patch:
// every name (see isNames) and row id must exist in the base (a misspelt
// name would add something no rule reads); under adds: every new name must
// be new, and
// list sections that concatenate (triggers, views) get elements appended.
// Positions of patched values point into the variant file; a patch that
// changes a constant's type is reported there too. The Ruleset is never
// nil; its SameAsBase says whether the variant left the rules as they were.
func LoadVariant(fsys fs.FS, dir, name string) (*Ruleset, *Diagnostics) {
	ds := &Diagnostics{}
	t := loadTree(fsys, dir, ds)
	names, err := Variants(fsys, dir)
	if err == nil && !slices.Contains(names, name) {
		ds.Addf(Pos{File: dir}, "unknown variant %q%s; available: %s",
			name, DidYouMean(name, names), availableList(names))
	}
	var desc string
	same := false
	if slices.Contains(names, name) {
		base := t.snapshot()
		desc = t.applyVariant(fsys, path.Join(dir, "variant-"+name+".yaml"), name)
		same = sameRules(base, t.root)
	}
	rs := t.decode()
	rs.Variant, rs.VariantDescription, rs.SameAsBase = name, desc, same
	rs.Replaced = t.replacedNotes(rs.Provisional)
	Validate(rs, ds)
	return rs, ds
}

// availableList prints variant names for a message.
func availableList(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// applyVariant reads a variant file, checks its header and applies its
// patch. It returns the description.
func (t *tree) applyVariant(fsys fs.FS, file, name string) string {
	broken := t.broken
	top := t.readFile(fsys, file)
	if top == nil {
		if t.broken == broken { // read, but empty: say what it needs
			t.ds.Addf(Pos{File: file, Line: 1, Col: 1}, "the variant file is empty: write %s and a patch: or adds: (see Variants in schema/REFERENCE.md)", variantLine(name))
		}
		return ""
	}
	var desc string
	var patch, adds *yaml.Node
	named := false
	keys := []string{"variant", "description", "patch", "adds"}
	for _, p := range t.d.pairs(file, top) {
		val := resolve(p.val)
		switch p.name {
		case "variant":
			named = true
			t.checkVariantName(p.file, val, name)
		case "description":
			desc = t.scalarText(p.file, val)
		case "patch":
			patch = val
		case "adds":
			adds = val
		default:
			hint := DidYouMean(p.name, keys)
			if hint == "" { // doc:, as elsewhere in a ruleset, is description: here
				hint = ": its keys are variant:, description:, patch: and adds:"
			}
			t.ds.Addf(nodePos(p.keyFile, p.key), "unknown key %q in a variant file%s", p.name, hint)
		}
	}
	if !named {
		t.ds.Addf(Pos{File: file, Line: 1, Col: 1}, "missing required key %q: add the line %s (the name in the file's name)", "variant", variantLine(name))
	}
	if patch == nil && adds == nil {
		t.ds.Addf(nodePos(file, top), "missing required key %q (or %q)", "patch", "adds")
		return desc
	}
	if patch != nil {
		t.applyPatch(file, patch, modePatch)
	}
	if adds != nil {
		t.applyPatch(file, adds, modeAdds)
	}
	return desc
}

// mergeMode says what a variant section may do to the base.
type mergeMode int

const (
	modePatch mergeMode = iota // change what the base defines
	modeAdds                   // add what the base does not define
)

// section names the variant section of a mode, for messages.
func (m mergeMode) section() string {
	if m == modeAdds {
		return "adds"
	}
	return "patch"
}

// notInBase reports a patch key or row the base does not define.
func (t *tree) notInBase(pos Pos, at []string, name string, have []string) {
	where := "the base ruleset"
	if len(at) > 0 {
		where = strings.Join(at, ".") + " in the base ruleset"
	}
	hint := DidYouMean(name, have)
	if len(have) == 0 {
		hint = fmt.Sprintf(" (it has no %s%s)", strings.Join(at, "."), t.namedElsewhere(name))
	}
	t.ds.Addf(pos, "patch: %q is not in %s%s; a patch only changes what the base defines (put something new under adds:)",
		name, where, hint)
}

// namedElsewhere suggests a name the base defines in another section of
// names, nearly the same as name: `; did you mean "rounds" in vars?`, or
// "".
func (t *tree) namedElsewhere(name string) string {
	var names, sections []string
	for i := 0; i+1 < len(t.root.Content); i += 2 {
		key := resolve(t.root.Content[i]).Value
		if v := resolve(t.root.Content[i+1]); sectionKindOf(key) == sectionMap && v.Kind == yaml.MappingNode {
			for _, n := range mapKeys(v) {
				names, sections = append(names, n), append(sections, key)
			}
		}
	}
	// Names of other sections are suggested only when nearly the same.
	best := Closest(name, names)
	if best == "" || editDistance(strings.ToLower(name), strings.ToLower(best)) > 2 {
		return ""
	}
	return fmt.Sprintf("; did you mean %q in %s?", best, sections[slices.Index(names, best)])
}

// alreadyInBase reports an adds key or row the base already defines.
func (t *tree) alreadyInBase(pos Pos, at []string, name string, basePos Pos) {
	t.ds.Addf(pos, "adds: %q is already in %s (%s); change it under patch:",
		name, strings.Join(at, "."), basePos)
}

// variantLine is the line that names a variant: `variant: NAME`.
func variantLine(name string) string {
	return fmt.Sprintf("`variant: %s`", name)
}

// checkVariantName reports a `variant:` that differs from the file name.
func (t *tree) checkVariantName(file string, val *yaml.Node, name string) {
	if got := t.scalarText(file, val); got != name {
		t.ds.Addf(nodePos(file, val), "variant is %q but the file is variant-%s.yaml: they must match", got, name)
	}
}

// scalarText returns a scalar's text, reporting other kinds.
func (t *tree) scalarText(file string, n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode || isNull(n) {
		t.d.wrongKind(file, n, "a string")
		return ""
	}
	return n.Value
}

// applyPatch merges a patch (or adds) mapping into the merged root.
func (t *tree) applyPatch(file string, patch *yaml.Node, mode mergeMode) {
	if patch.Kind != yaml.MappingNode {
		t.d.wrongKind(file, patch, "a mapping shaped like a ruleset")
		return
	}
	for _, p := range t.d.pairs(file, patch) {
		i, base := t.section(p.name)
		switch {
		case base == nil && mode == modePatch && resolve(p.val).Kind == yaml.MappingNode:
			// A section the base lacks: its names are checked like
			// those of a section the base has.
			t.addSection(file, p.key, t.merge(emptyLike(resolve(p.val), yaml.MappingNode, "!!map"), file, p.val, file, []string{p.name}, mode))
		case base == nil:
			t.addSection(file, p.key, p.val)
		default:
			t.root.Content[i] = t.merge(base, t.d.fileOf(base, t.dir), p.val, file, []string{p.name}, mode)
		}
	}
}

// merge combines a base node (from baseFile) with a patch node (from
// file) and returns the result, leaving both inputs unchanged.
func (t *tree) merge(base *yaml.Node, baseFile string, patch *yaml.Node, file string, at []string, mode mergeMode) *yaml.Node {
	baseFile = t.d.fileOf(base, baseFile)
	b, p := resolve(base), resolve(patch)
	switch {
	case isRows(at) && b.Kind == yaml.SequenceNode && p.Kind == yaml.SequenceNode:
		return t.mergeRows(b, baseFile, p, file, at, mode)
	case b.Kind == yaml.MappingNode && p.Kind == yaml.MappingNode && !isRowField(at):
		return t.mergeMap(b, baseFile, p, file, at, mode)
	case mode == modeAdds && len(at) == 1 && sectionKindOf(at[0]) == sectionConcat && b.Kind == yaml.SequenceNode && p.Kind == yaml.SequenceNode:
		out := t.copyNode(b, baseFile)
		for _, e := range p.Content {
			t.d.files[e] = file
			out.Content = append(out.Content, e)
		}
		return out
	case mode == modeAdds:
		t.ds.Addf(nodePos(file, p), "adds: %s is already in the base ruleset (%s); change it under patch:", strings.Join(at, "."), nodePos(baseFile, b))
		return base
	case at[0] == "constants" && len(at) > 1:
		t.checkConstantType(b, p, file, at)
	}
	t.markReplaced(b, baseFile)
	t.d.files[patch] = file
	return patch
}

// isNames reports whether the mapping at path at holds names a ruleset
// defines (the entries of constants, zones, vars, functions and the other
// mapping sections, the keys of a constant's map, the attributes and props
// of a card table, the report's attributes and counters), rather than the
// fields of one definition. A patch may
// only change names the base defines; it may give a definition a field the
// base left out (say the visibility of a zone).
func isNames(at []string) bool {
	switch {
	case len(at) == 1:
		return sectionKindOf(at[0]) == sectionMap
	case at[0] == "constants":
		return true
	case len(at) == 3 && at[0] == "cards":
		return at[2] == "attributes" || at[2] == "props"
	case len(at) == 2 && at[0] == "report":
		return at[1] == "attributes" || at[1] == "counters"
	}
	return false
}

// isRows reports whether at is cards.<table>.rows.
func isRows(at []string) bool {
	return len(at) == 3 && at[0] == "cards" && at[2] == "rows"
}

// isRowField reports whether at is a field of a card row (cards.T.rows.ID.F):
// a card's figure is one value, so a patch's `cost: {wood: 1}` replaces
// the base's whole cost rather than keeping its other keys (a designer
// reads it as the card's new cost; the audit of the designer's loop found
// the merge kept `stone: 1` unseen).
func isRowField(at []string) bool {
	return len(at) == 5 && at[0] == "cards" && at[2] == "rows"
}

// copyNode makes a shallow copy of n (its own Content slice) that keeps
// baseFile.
func (t *tree) copyNode(n *yaml.Node, baseFile string) *yaml.Node {
	out := *n
	out.Content = slices.Clone(n.Content)
	t.d.files[&out] = baseFile
	return &out
}

// mergeMap merges patch's entries into a copy of base, key by key.
func (t *tree) mergeMap(base *yaml.Node, baseFile string, patch *yaml.Node, file string, at []string, mode mergeMode) *yaml.Node {
	out := t.copyNode(base, baseFile)
	for _, p := range t.d.pairs(file, patch) {
		if i := keyIndex(out, p.name); i >= 0 {
			old := out.Content[i+1]
			out.Content[i+1] = t.merge(old, baseFile, p.val, file, append(slices.Clone(at), p.name), mode)
			if t.isReplaced(old) {
				t.markReplaced(out.Content[i], baseFile) // a note on the key goes with its value
			}
			if out.Content[i+1] == p.val {
				// The patch wrote this entry's value: its key points there
				// too, so a bad value is reported in the patch's file.
				out.Content[i], t.d.files[p.key] = p.key, p.keyFile
			}
			continue
		}
		if mode == modePatch && isNames(at) {
			t.notInBase(nodePos(p.keyFile, p.key), at, p.name, mapKeys(out))
			continue
		}
		t.d.files[p.key], t.d.files[p.val] = file, file
		val := p.val
		if v := resolve(val); mode == modePatch && v.Kind == yaml.MappingNode {
			// A field the base left out that holds names (report:
			// counters:): its names are checked against none.
			val = t.merge(emptyLike(v, yaml.MappingNode, "!!map"), file, v, file, append(slices.Clone(at), p.name), mode)
		}
		out.Content = append(out.Content, p.key, val)
	}
	t.markIfAllReplaced(base, baseFile, isRowField(append(slices.Clone(at), "id")))
	return out
}

// mapKeys lists the keys of mapping n.
func mapKeys(n *yaml.Node) []string {
	var out []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		out = append(out, resolve(n.Content[i]).Value)
	}
	return out
}

// keyIndex is the index of key name in mapping n's Content, or -1.
func keyIndex(n *yaml.Node, name string) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := resolve(n.Content[i]); k.Kind == yaml.ScalarNode && k.Value == name {
			return i
		}
	}
	return -1
}

// mergeRows merges patch card rows into a copy of the base rows by id.
func (t *tree) mergeRows(base *yaml.Node, baseFile string, patch *yaml.Node, file string, at []string, mode mergeMode) *yaml.Node {
	out := t.copyNode(base, baseFile)
	for _, pr := range patch.Content {
		row := resolve(pr)
		id, ok := rowIDOf(row)
		if !ok {
			t.ds.Addf(nodePos(file, row), "a patch row needs an id")
			continue
		}
		remove, rest, bad := splitRemove(row)
		if bad != nil {
			t.ds.Addf(nodePos(file, bad), "remove: expected true or false, got %s%s", describe(bad), quotedValue(bad))
			continue
		}
		i := rowIndex(out, id)
		switch {
		case remove && i < 0:
			t.ds.Addf(nodePos(file, row), "no row %q in %s to remove%s", id, at[1], DidYouMean(id, rowIDs(out)))
		case remove && mode == modeAdds:
			t.ds.Addf(nodePos(file, row), "adds: a row cannot be removed here; remove %q under patch:", id)
		case remove:
			t.markReplaced(out.Content[i], t.d.fileOf(out.Content[i], baseFile))
			out.Content = slices.Delete(out.Content, i, i+1)
		case i >= 0 && mode == modeAdds:
			t.alreadyInBase(nodePos(file, row), at, id, nodePos(t.d.fileOf(out.Content[i], baseFile), resolve(out.Content[i])))
		case i >= 0:
			out.Content[i] = t.mergeMap(resolve(out.Content[i]), t.d.fileOf(out.Content[i], baseFile), rest, file, append(slices.Clone(at), id), mode)
		case mode == modePatch:
			t.ds.Addf(nodePos(file, row), "patch: no row %q in %s to change%s; a patch only changes what the base defines (put a new row under adds:)",
				id, at[1], DidYouMean(id, rowIDs(out)))
		default:
			t.d.files[rest] = file
			out.Content = append(out.Content, rest)
		}
	}
	return out
}

// rowIDOf returns the id of a row mapping.
func rowIDOf(row *yaml.Node) (string, bool) {
	if row.Kind != yaml.MappingNode {
		return "", false
	}
	i := keyIndex(row, "id")
	if i < 0 {
		return "", false
	}
	v := resolve(row.Content[i+1])
	return v.Value, v.Kind == yaml.ScalarNode && v.Value != ""
}

// splitRemove reports whether a patch row says remove: true and returns
// the row without its remove key; bad is a remove value that is neither
// true nor false (remove: 1, remove: yes), which would be ignored.
func splitRemove(row *yaml.Node) (remove bool, rest, bad *yaml.Node) {
	i := keyIndex(row, "remove")
	if i < 0 {
		return false, row, nil
	}
	v := resolve(row.Content[i+1])
	if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!bool" {
		return false, row, v
	}
	r := *row
	r.Content = slices.Delete(slices.Clone(row.Content), i, i+2)
	return strings.EqualFold(v.Value, "true"), &r, nil
}

// quotedValue is ` "x"` for a scalar's text, to show what was written.
func quotedValue(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		return ""
	}
	return fmt.Sprintf(" %q", n.Value)
}

// rowIndex is the index of the row with id in rows, or -1.
func rowIndex(rows *yaml.Node, id string) int {
	for i, r := range rows.Content {
		if got, ok := rowIDOf(resolve(r)); ok && got == id {
			return i
		}
	}
	return -1
}

// rowIDs lists the ids of rows.
func rowIDs(rows *yaml.Node) []string {
	var out []string
	for _, r := range rows.Content {
		if id, ok := rowIDOf(resolve(r)); ok {
			out = append(out, id)
		}
	}
	return out
}
