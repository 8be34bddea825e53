package schema

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// This file holds the checks of a variant that look at what the patch
// does rather than at its shape: a constant whose type the patch changes,
// and a variant whose rules come out equal to the base rules.

// checkConstantType reports a patch that gives a constant (or an entry of
// a constant's map, at) a value of another type than the base's: a
// constant's type is its value's, so the rules that use it, which the
// base type-checked, would fail far from the patch ("repeat count must be
// int" in the base's flow) or, for a list, at run time.
func (t *tree) checkConstantType(base, patch *yaml.Node, file string, at []string) {
	was, is := constantType(base), constantType(patch)
	if was == "" || is == "" || sameConstantType(was, is) {
		return
	}
	hint := ""
	if is == "string" && unquotedType(patch) == was {
		hint = fmt.Sprintf(" (write %s without quotes)", patch.Value)
	}
	t.ds.Addf(nodePos(file, patch), "patch changes constant %s from %s to %s: a patch keeps a constant's type, which the base's rules were checked with%s",
		strings.Join(at[1:], "."), was, is, hint)
}

// constantType names the type a constant's value gives it: int, bool,
// string, nothing, map, list, or "list of T" when the elements share a
// type. It is "" for a value the decoder reports as unsupported.
func constantType(n *yaml.Node) string {
	n = resolve(n)
	switch {
	case isNull(n):
		return "nothing"
	case n.Kind == yaml.MappingNode:
		return "map"
	case n.Kind == yaml.SequenceNode:
		elem := ""
		for i, c := range n.Content {
			ct := constantType(c)
			if i > 0 && ct != elem {
				return "list"
			}
			elem = ct
		}
		if elem == "" {
			return "list"
		}
		return "list of " + elem
	}
	switch n.ShortTag() {
	case "!!int":
		return "int"
	case "!!bool":
		return "bool"
	case "!!str":
		return "string"
	}
	return ""
}

// sameConstantType reports whether a value of type is may stand where the
// base had one of type was. An empty or mixed list ("list") goes with any
// list.
func sameConstantType(was, is string) bool {
	if was == is {
		return true
	}
	isList := func(s string) bool { return strings.HasPrefix(s, "list") }
	return isList(was) && isList(is) && (was == "list" || is == "list")
}

// unquotedType is the type a quoted scalar would have without its quotes
// ("7" is an int), "" when it is not quoted.
func unquotedType(n *yaml.Node) string {
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) == 0 {
		return ""
	}
	var plain yaml.Node
	if yaml.Unmarshal([]byte(n.Value), &plain) != nil {
		return ""
	}
	if r := resolve(&plain); r != nil && r.Kind == yaml.ScalarNode {
		return constantType(r)
	}
	return ""
}

// snapshot is a copy of the merged root that later patches leave as it is:
// merge never changes a node it was given, only the root's own entries.
func (t *tree) snapshot() *yaml.Node {
	return t.copyNode(t.root, t.dir)
}

// sameRules reports whether two merged trees hold the same rules: the same
// keys with the same values, whatever their positions, comments, quoting
// or the order of a mapping's keys.
func sameRules(a, b *yaml.Node) bool {
	a, b = resolve(a), resolve(b)
	switch {
	case a == b:
		return true
	case a == nil || b == nil:
		return false
	case isNull(a) || isNull(b):
		return isNull(a) && isNull(b)
	case a.Kind != b.Kind || len(a.Content) != len(b.Content):
		return false
	case a.Kind == yaml.ScalarNode:
		return sameScalar(a, b)
	case a.Kind == yaml.MappingNode:
		return sameMapping(a, b)
	}
	for i := range a.Content {
		if !sameRules(a.Content[i], b.Content[i]) {
			return false
		}
	}
	return true
}

// sameMapping reports whether two mappings of as many entries have the
// same keys with the same values, in any order.
func sameMapping(a, b *yaml.Node) bool {
	for i := 0; i+1 < len(a.Content); i += 2 {
		k := resolve(a.Content[i])
		j := keyIndex(b, k.Value)
		if j < 0 || !sameRules(a.Content[i+1], b.Content[j+1]) {
			return false
		}
	}
	return true
}

// sameScalar compares two scalars by their tag and value: 8 and 0x8 are
// the same int, "8" and 8 are not.
func sameScalar(a, b *yaml.Node) bool {
	if a.ShortTag() != b.ShortTag() {
		return false
	}
	if a.Value == b.Value {
		return true
	}
	switch a.ShortTag() {
	case "!!int", "!!bool", "!!float":
		var va, vb any
		return a.Decode(&va) == nil && b.Decode(&vb) == nil && va == vb
	}
	return false
}
