package interpreter

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"agon/schema"
)

// A keyed zone family (`keyed_by:` in a zone) is one ordered zone per
// key. In the state it is a map key → list of cards under the zone's
// name; expressions read `stack[key]`. Effects name one zone of the family
// as `stack[KEY]`; inside the engine that zone's location is the string
// "stack[key]", which zoneList, setZone, putCard and removeCard
// understand. A card in a family has zone "stack" and zone_key "key".

// zoneType is the shadow type of a global zone: a list of cards, or a map
// key → list of cards for a family.
func (tc *typeContext) zoneType(z *schema.Zone) reflect.Type {
	if z.KeyedBy != nil {
		return reflect.MapOf(typeString, reflect.SliceOf(tc.card))
	}
	return reflect.SliceOf(tc.card)
}

// familyLoc is the location of the zone of family name at key.
func familyLoc(name, key string) string { return name + "[" + key + "]" }

// splitLoc splits a zone location into the zone name and the family key
// ("" for an ordinary zone).
func splitLoc(loc string) (name, key string, keyed bool) {
	open := strings.IndexByte(loc, '[')
	if open < 0 || !strings.HasSuffix(loc, "]") {
		return loc, "", false
	}
	return loc[:open], loc[open+1 : len(loc)-1], true
}

// family is the map key → cards of a family in the root.
func (g *Game) family(name string) map[string]any {
	m, _ := g.st.root[name].(map[string]any)
	return m
}

// newFamilies lays out every keyed zone family, empty, in root.
func newFamilies(rs *schema.Ruleset, root map[string]any) {
	for _, n := range rs.ZoneOrder {
		keys := rs.ZoneKeys(n)
		if keys == nil {
			continue
		}
		m := make(map[string]any, len(keys))
		for _, k := range keys {
			m[k] = []any{}
		}
		root[n] = m
	}
}

// familyRef compiles ZONE when it names a keyed zone family: NAME[KEY]
// (or NAME.key for a key that is a name) names one zone of it, NAME alone
// is an error. ok is false when src is
// not about a family.
func (c *compiler) familyRef(src schema.Expr, sc *scope) (ref *zoneRef, ok bool) {
	if m := reMember.FindStringSubmatch(src.Src); m != nil && reIdent.MatchString(m[1]) {
		if z, ok := c.rs.Zones[strings.TrimSpace(m[1])]; ok && z.KeyedBy != nil {
			lit := schema.Expr{Pos: memberPos(src, m[2]).Pos, Src: strconv.Quote(m[2])}
			c.checkFamilyKey(lit.Pos, strings.TrimSpace(m[1]), m[2])
			key := c.ec.compile(lit, nil, wantString, "zone key")
			return &zoneRef{name: strings.TrimSpace(m[1]), key: key, src: src}, true
		}
	}
	name := strings.TrimSpace(src.Src)
	open := indexStart(src.Src)
	if open > 0 {
		name = strings.TrimSpace(src.Src[:open])
	}
	z, known := c.rs.Zones[name]
	if open > 0 && reIdent.MatchString(name) && (!known || z.KeyedBy == nil) {
		c.notAFamily(src, name, known)
		return nil, true
	}
	if !known || z.KeyedBy == nil {
		return nil, false
	}
	if open < 0 {
		c.ds.Addf(src.Pos, "%q is a keyed zone family: name one of its zones, %s[KEY]", name, name)
		return nil, true
	}
	body := strings.TrimRight(src.Src, " ")
	keySrc := schema.Expr{Pos: src.At(1, utf8.RuneCountInString(src.Src[:open+1])), Src: body[open+1 : len(body)-1], Style: schema.StyleLossy}
	if src.Style == schema.StylePlain {
		keySrc.Style = schema.StylePlain
	}
	key := c.ec.compile(keySrc, sc, wantString, "zone key")
	if key == nil {
		return nil, true
	}
	if lit, err := strconv.Unquote(strings.TrimSpace(keySrc.Src)); err == nil {
		c.checkFamilyKey(keySrc.Pos, name, lit)
	}
	return &zoneRef{name: name, key: key, src: src}, true
}

// zoneAt resolves a zone reference to its location (the zone name, or
// NAME[key] in a family) and its owner.
func (g *Game) zoneAt(z *zoneRef) (loc string, owner int, err error) {
	if z.key == nil {
		owner, err = g.zoneOwner(z)
		return z.name, owner, err
	}
	v, err := g.eval(z.key)
	if err != nil {
		return "", 0, err
	}
	key, _ := v.(string)
	if _, ok := g.family(z.name)[key]; !ok {
		keys := g.prog.rs.ZoneKeys(z.name)
		return "", 0, &exprError{pos: z.key.src.Pos, msg: fmt.Sprintf("zone family %s has no key %s%s", z.name, describe(v), schema.DidYouMean(key, keys))}
	}
	return familyLoc(z.name, key), -1, nil
}

// zoneLabel names the zone instance zoneAt found (loc, owner) for chance
// outcomes and messages; made only when needed (a shuffle).
func (z *zoneRef) zoneLabel(loc string, owner int) string {
	if z.key != nil {
		return loc
	}
	return z.label(owner)
}

// familyZones lists the non-empty zones of a family, in key order, for
// views.
func (g *Game) familyZones(name string) []string {
	var out []string
	m := g.family(name)
	for _, k := range g.prog.rs.ZoneKeys(name) {
		if xs, _ := m[k].([]any); len(xs) > 0 {
			out = append(out, familyLoc(name, k))
		}
	}
	return out
}

// family encodes a keyed zone family: every key's cards in full.
func (e *stateEncoder) family(v any) map[string]any {
	m, _ := v.(map[string]any)
	out := make(map[string]any, len(m))
	for _, k := range sortedKeys(m) {
		out[k] = e.zone(m[k])
	}
	return out
}

// family rebuilds a saved keyed zone family.
func (d *stateDecoder) family(v any) map[string]any {
	m, _ := v.(map[string]any)
	out := make(map[string]any, len(m))
	for _, k := range sortedKeys(m) {
		out[k] = d.zone(m[k])
	}
	return out
}

// notAFamily reports NAME[KEY] where NAME is no keyed zone family.
func (c *compiler) notAFamily(src schema.Expr, name string, isZone bool) {
	if isZone {
		c.ds.Addf(src.Pos, "zone %s is not keyed: write it without [...] (declare keyed_by to make a family)", name)
		return
	}
	var families []string
	for _, n := range c.rs.ZoneOrder {
		if c.rs.Zones[n].KeyedBy != nil {
			families = append(families, n)
		}
	}
	c.ds.Addf(src.Pos, "unknown keyed zone family %q%s", name, schema.DidYouMean(name, families))
}

// checkFamilyKey reports a key written literally that is not in the
// family.
func (c *compiler) checkFamilyKey(pos schema.Pos, name, key string) {
	keys := c.rs.ZoneKeys(name)
	for _, k := range keys {
		if k == key {
			return
		}
	}
	c.ds.Addf(pos, "zone family %s has no key %q%s", name, key, schema.DidYouMean(key, keys))
}
