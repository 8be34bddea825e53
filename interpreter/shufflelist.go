package interpreter

import (
	"fmt"
	"reflect"
	"strings"

	"agon/schema"
)

// Shuffling a list variable: `shuffle: order` where order is an ints or
// strings variable (global, player variable or local). Like a zone
// shuffle it is a chance outcome, named "shuffle LABEL" (LABEL is the
// variable, with the player's index for a player variable: order[1]) and
// listing the elements in their new order; a transcript can supply it.

// listTarget compiles the target of a shuffle when it names a variable
// or local rather than a zone (isVar; the target is nil when it is not a
// list, which is reported); anything else is compiled as a zone.
func (c *compiler) listTarget(src schema.Target, sc *scope) (t *target, isVar bool) {
	if !src.IsSet() {
		return nil, false
	}
	if m := reIdent.FindStringSubmatch(src.Src); m != nil {
		name := m[1]
		if t, ok := sc.lookup(name); ok {
			if t.Kind() != reflect.Slice && t.Kind() != reflect.Interface {
				c.ds.Addf(src.Pos, "shuffle: local %q is of type %s: shuffle a zone or a list", name, typeName(t, c.prog.tc))
			}
			return &target{kind: targetLocal, name: localKey(name), src: src}, true
		}
		if v, ok := c.rs.Vars[name]; ok {
			return c.checkListVar(src, name, v.Type, c.target(src, sc)), true
		}
		return nil, false
	}
	m := reMember.FindStringSubmatch(src.Src)
	if m == nil || c.isPlayerZone(m[2]) {
		return nil, false
	}
	if v, ok := c.rs.PlayerVars[m[2]]; ok {
		return c.checkListVar(src, m[2], v.Type, c.target(src, sc)), true
	}
	return nil, false
}

// checkListVar reports a shuffled variable that is not a list.
func (c *compiler) checkListVar(src schema.Target, name, typ string, t *target) *target {
	if t == nil {
		return nil
	}
	if typ != "ints" && typ != "strings" {
		if c.badType(typ) {
			return nil // reported by schema.Validate
		}
		c.ds.Addf(src.Pos, "shuffle: %q is a variable of type %s: shuffle a zone or an ints or strings variable", name, typ)
		return nil
	}
	return t
}

// shuffleList shuffles a list variable (a chance outcome).
func (g *Game) shuffleList(t *target) error {
	v, err := g.readTarget(t)
	if err != nil {
		return err
	}
	items, err := listItems(v)
	if err != nil {
		return fmt.Errorf("shuffle %s: %v", t.src.Src, err)
	}
	label, err := g.listLabel(t)
	if err != nil {
		return err
	}
	keys := ids(items)
	res, err := g.chance("shuffle "+label, func() []string {
		out := append([]string(nil), keys...)
		for i := len(out) - 1; i > 0; i-- {
			j := g.st.rng.intN(i + 1)
			out[i], out[j] = out[j], out[i]
		}
		return out
	}, func(r []string) error { return isRearrangement(r, keys) })
	if err != nil {
		return err
	}
	return g.writeTarget(t, rearranged(v, items, keys, res))
}

// listItems are the elements of a list value.
func listItems(v any) ([]any, error) {
	switch x := v.(type) {
	case []any:
		return x, nil
	case []int:
		out := make([]any, len(x))
		for i, n := range x {
			out[i] = n
		}
		return out, nil
	case []string:
		out := make([]any, len(x))
		for i, s := range x {
			out[i] = s
		}
		return out, nil
	}
	return nil, fmt.Errorf("expected a list, got %s", describe(v))
}

// listLabel names a shuffled variable: its name, with the player's index
// for a player variable.
func (g *Game) listLabel(t *target) (string, error) {
	switch t.kind {
	case targetLocal:
		return strings.TrimPrefix(t.name, localKey("")), nil
	case targetField:
	default:
		return t.name, nil
	}
	holder, err := g.targetHolder(t)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%s[%v]", t.name, holder["id"]), nil
}

// isRearrangement checks that r lists the same elements as keys (each as
// often), in any order.
func isRearrangement(r, keys []string) error {
	if len(r) != len(keys) {
		return fmt.Errorf("lists %d elements, the list has %d", len(r), len(keys))
	}
	count := map[string]int{}
	for _, k := range keys {
		count[k]++
	}
	for _, k := range r {
		if count[k] == 0 {
			return fmt.Errorf("%q is not in the list (or is listed too often)", k)
		}
		count[k]--
	}
	return nil
}

// rearranged builds the shuffled list, of the same Go type as v, from the
// outcome res: each key takes the first unused element with that key.
func rearranged(v any, items []any, keys, res []string) any {
	used := make([]bool, len(items))
	out := make([]any, len(res))
	for i, k := range res {
		for j := range items {
			if !used[j] && keys[j] == k {
				used[j], out[i] = true, items[j]
				break
			}
		}
	}
	switch v.(type) {
	case []int:
		conv, _ := coerce("ints", out)
		return conv
	case []string:
		conv, _ := coerce("strings", out)
		return conv
	}
	return out
}
