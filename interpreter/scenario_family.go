package interpreter

import (
	"slices"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// family sets zones of a global keyed zone family: `NAME[KEY]: [ids]`
// sets one zone, `NAME: {KEY: [ids], ...}` several. It reports whether
// k names a keyed family (or one of its zones).
func (ps *positioner) family(k, v *yaml.Node) bool {
	rs := ps.prog.rs
	name, key, keyed := splitLoc(k.Value)
	keys := rs.ZoneKeys(name)
	if keys == nil || rs.Zones[name].Owner == "player" {
		return false
	}
	if keyed {
		ps.familyZone(k, name, key, keys, v)
		return true
	}
	if v.Kind != yaml.MappingNode {
		ps.errorf(v, "%s is a keyed zone family: write %s[KEY]: [ids] or %s: {KEY: [ids]}", name, name, name)
		return true
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		ps.familyZone(v.Content[i], name, v.Content[i].Value, keys, v.Content[i+1])
	}
	return true
}

// familyZone sets the zone of family name at key, if key is one of keys.
func (ps *positioner) familyZone(at *yaml.Node, name, key string, keys []string, v *yaml.Node) {
	if !slices.Contains(keys, key) {
		ps.errorf(at, "%s has no zone %q%s", name, key, schema.DidYouMean(key, keys))
		return
	}
	ps.zone(familyLoc(name, key), -1, v)
}

// emptyFamily empties every zone of a global keyed zone family; it
// reports whether name is one.
func (ps *positioner) emptyFamily(name string) bool {
	keys := ps.prog.rs.ZoneKeys(name)
	if keys == nil || ps.prog.rs.Zones[name].Owner == "player" {
		return false
	}
	none := &yaml.Node{Kind: yaml.SequenceNode}
	for _, key := range keys {
		ps.zone(familyLoc(name, key), -1, none)
	}
	return true
}
