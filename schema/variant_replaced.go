package schema

import (
	"go.yaml.in/yaml/v3"
)

// What a variant replaced. While LoadVariant merges a patch into the base
// tree it marks the base nodes the patch replaces (tree.replaced): a value
// the patch gives anew (merge), the key of such a value, a card row it
// removes (mergeRows), and a mapping or card row whose every entry it gives
// anew (markIfAllReplaced: the whole of a constant's map, a row whose every
// field but its id is new). A provisional note on such a node, or inside
// one, is on a figure the variant replaced: Ruleset.Replaced. A note on a
// mapping or row the patch changes only in part stays in force.

// markReplaced marks base node n (of file) as replaced by the patch.
func (t *tree) markReplaced(n *yaml.Node, file string) {
	if n == nil {
		return
	}
	if t.replaced == nil {
		t.replaced = map[*yaml.Node]string{}
	}
	t.replaced[n] = file
	if r := resolve(n); r != n {
		t.replaced[r] = file
	}
}

// isReplaced tells whether base node n is marked replaced.
func (t *tree) isReplaced(n *yaml.Node) bool {
	_, ok := t.replaced[n]
	if !ok {
		_, ok = t.replaced[resolve(n)]
	}
	return ok
}

// markIfAllReplaced marks the base mapping n replaced when the patch
// replaced the value of every one of its entries (but a card row's id,
// when row is set: a patch row names its id, it does not give it anew).
func (t *tree) markIfAllReplaced(n *yaml.Node, file string, row bool) {
	if n.Kind != yaml.MappingNode || len(n.Content) == 0 {
		return
	}
	entries := 0
	for i := 0; i+1 < len(n.Content); i += 2 {
		if row && resolve(n.Content[i]).Value == "id" {
			continue
		}
		if !t.isReplaced(n.Content[i+1]) {
			return
		}
		entries++
	}
	if entries > 0 {
		t.markReplaced(n, file)
	}
}

// replacedNotes are the notes that sit on a replaced node or inside one.
func (t *tree) replacedNotes(notes []Note) []Note {
	if len(t.replaced) == 0 || len(notes) == 0 {
		return nil
	}
	at := map[Pos]bool{}
	var walk func(n *yaml.Node, file string)
	walk = func(n *yaml.Node, file string) {
		at[nodePos(file, n)] = true
		for _, c := range n.Content {
			walk(c, file)
		}
	}
	for n, file := range t.replaced {
		walk(n, file)
	}
	var out []Note
	for _, n := range notes {
		if at[n.Pos] {
			out = append(out, n)
		}
	}
	return out
}
