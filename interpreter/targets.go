package interpreter

import (
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"

	"agon/schema"
)

// targetKind says where an assignment writes.
type targetKind int

const (
	targetLocal  targetKind = iota // a local binding
	targetGlobal                   // a global var
	targetField                    // a field of a map: a player var or a card prop
	targetIndex                    // an element of a list or map held by another target
)

// target is a compiled set/add/roll destination.
type target struct {
	kind targetKind
	name string
	obj  *compiled // targetField: evaluates to the player or card
	typ  string    // declared type ("" for locals: no conversion)
	src  schema.Expr
	// onCard: a targetField's object is a card (else a player).
	onCard bool
	// targetIndex: the list or map, and the key or index.
	base *target
	key  *compiled
	// missing is what a missing key of an intmap reads as (nil: 0).
	missing *int
}

// zoneRef is a compiled zone: a global zone, or a player zone of the
// player obj evaluates to.
type zoneRef struct {
	name string
	obj  *compiled // nil for a global zone
	key  *compiled // the key of a zone of a keyed family (zonefamily.go)
	src  schema.Expr
}

var (
	reIdent  = regexp.MustCompile(`^\s*([A-Za-z_][A-Za-z0-9_]*)\s*$`)
	reMember = regexp.MustCompile(`^(.*\S)\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)\s*$`)
)

// target compiles the destination of set, add or roll.
func (c *compiler) target(src schema.Target, sc *scope) *target {
	if !src.IsSet() {
		return nil
	}
	if m := reIdent.FindStringSubmatch(src.Src); m != nil {
		return c.nameTarget(src, m[1], sc)
	}
	if open := indexStart(src.Src); open > 0 {
		return c.indexTarget(src, open, sc)
	}
	m, obj := c.member(src, sc, "target", "cannot assign to %q: write a variable, players[p].VAR or CARD.PROP")
	if obj == nil {
		return nil
	}
	t := &target{kind: targetField, name: m[2], obj: obj, src: src}
	objType := obj.typ
	if objType == nil || objType.Kind() == reflect.Interface {
		objType = c.guessHolder(t.name) // checked again at run time
	}
	switch objType {
	case c.prog.tc.player:
		v, ok := c.rs.PlayerVars[t.name]
		if !ok {
			c.unknown(memberPos(src, t.name), "player variable", t.name, c.rs.PlayerVarOrder, c.isPlayerZone(t.name))
			return nil
		}
		t.typ = v.Type
	case c.prog.tc.card:
		t.onCard = true
		typ, ok := c.propTypes()[t.name]
		if !ok {
			c.unknownProp(memberPos(src, t.name), t.name)
			return nil
		}
		t.typ = typ
	default:
		c.ds.Addf(src.Pos, "cannot assign to %q: %s is %s, not a player or a card", src.Src, m[1], withArticle(typeName(obj.typ, c.prog.tc)))
		return nil
	}
	return t
}

// guessHolder is the type that has a field called name, for targets whose
// object expr could not type: a player var, else a card prop.
func (c *compiler) guessHolder(name string) reflect.Type {
	if _, ok := c.rs.PlayerVars[name]; ok {
		return c.prog.tc.player
	}
	return c.prog.tc.card
}

func (c *compiler) nameTarget(src schema.Expr, name string, sc *scope) *target {
	if _, ok := sc.lookup(name); ok {
		return &target{kind: targetLocal, name: localKey(name), src: src}
	}
	if v, ok := c.rs.Vars[name]; ok {
		return &target{kind: targetGlobal, name: name, typ: v.Type, src: src}
	}
	candidates := append([]string(nil), c.rs.VarOrder...)
	for _, l := range sc.fields() {
		candidates = append(candidates, l.name)
	}
	if why, ok := c.ec.boundAfter(name); ok {
		c.ds.Addf(src.Pos, "unknown variable %q: %s", name, why)
		return nil
	}
	_, isZone := c.rs.Zones[name]
	c.unknown(src, "variable", name, candidates, isZone)
	return nil
}

func (c *compiler) unknown(src schema.Expr, what, name string, candidates []string, isZone bool) {
	if isZone {
		c.ds.Addf(src.Pos, "%q is a zone: change it with move or draw", name)
		return
	}
	if _, isConst := c.rs.Constants[name]; isConst {
		c.ds.Addf(src.Pos, "%q is a constant and cannot change: declare it under vars", name)
		return
	}
	c.ds.Addf(src.Pos, "unknown %s %q%s", what, name, schema.DidYouMean(name, candidates))
}

func (c *compiler) unknownProp(src schema.Expr, name string) {
	for _, tbl := range c.rs.Cards {
		if _, ok := tbl.Attributes[name]; ok {
			c.ds.Addf(src.Pos, "card attribute %q is printed and cannot change: declare a prop to track it", name)
			return
		}
	}
	props := sortedKeys(c.propTypes())
	c.ds.Addf(src.Pos, "unknown card prop %q%s", name, schema.DidYouMean(name, props))
}

// propTypes maps every prop name of every table to its type.
func (c *compiler) propTypes() map[string]string {
	out := map[string]string{}
	for _, tbl := range c.rs.Cards {
		for n, a := range tbl.Props {
			out[n] = a.Type
		}
	}
	return out
}

func (c *compiler) isPlayerZone(name string) bool {
	z, ok := c.rs.Zones[name]
	return ok && z.Owner == "player"
}

// targetWant is the result kind a value assigned to t must have.
func (c *compiler) targetWant(t *target) wanted {
	if t == nil {
		return wantAny
	}
	return wantFor(t.typ)
}

// checkAddTarget reports an add whose target is not an int (a string
// var, a bool prop, a local list...), which would otherwise fail when
// the game reaches it. A local or field whose type is not known at load
// is checked at run time.
func (c *compiler) checkAddTarget(t *target, sc *scope) {
	if t == nil {
		return
	}
	what := ""
	switch {
	case t.kind == targetLocal:
		typ, _ := sc.lookup(strings.TrimSpace(t.src.Src))
		if typ != nil && typ.Kind() != reflect.Interface && typ.Kind() != reflect.Int {
			what = aGoTypeName(typ.String())
		}
	case t.typ != "" && t.typ != "int" && !c.badType(t.typ):
		what = aDeclaredType(t.typ)
	}
	if what != "" {
		c.ds.Addf(t.src.Pos, "add: %s is %s; add needs an int", strings.TrimSpace(t.src.Src), what)
	}
}

// withArticle puts "a" or "an" before a type's name: "an intmap".
func withArticle(name string) string {
	if name == "any value" || name == "nothing" {
		return name
	}
	if name != "" && strings.ContainsRune("aeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// aDeclaredType names a type declared in a ruleset (a var's, a prop's)
// with its article: "a string", "an intmap", "a list of strings".
func aDeclaredType(typ string) string {
	switch typ {
	case "int", "intmap":
		return "an " + typ
	case "ints", "strings", "intmaps":
		return "a list of " + typ
	}
	return "a " + typ
}

// zoneRef compiles a zone: `name` for a global zone, `PLAYER.name` for a
// player zone.
func (c *compiler) zoneRef(src schema.Expr, sc *scope) *zoneRef {
	if !src.IsSet() {
		return nil
	}
	if ref, isFamily := c.familyRef(src, sc); isFamily {
		return ref
	}
	if m := reIdent.FindStringSubmatch(src.Src); m != nil {
		z, ok := c.rs.Zones[m[1]]
		if !ok || z.Owner == "player" {
			c.unknownZone(src, m[1], false)
			return nil
		}
		return &zoneRef{name: m[1], src: src}
	}
	m, obj := c.member(src, sc, "zone owner", "%q is not a zone: write a zone name or players[p].ZONE")
	if obj == nil {
		return nil
	}
	if obj.typ != c.prog.tc.player && obj.typ.Kind() != reflect.Interface {
		c.ds.Addf(src.Pos, "%q is not a zone: %s is %s, not a player", src.Src, m[1], withArticle(typeName(obj.typ, c.prog.tc)))
		return nil
	}
	if !c.isPlayerZone(m[2]) {
		c.unknownZone(memberPos(src, m[2]), m[2], true)
		return nil
	}
	return &zoneRef{name: m[2], obj: obj, src: src}
}

func (c *compiler) unknownZone(src schema.Expr, name string, player bool) {
	var candidates []string
	for _, n := range c.rs.ZoneOrder {
		if (c.rs.Zones[n].Owner == "player") == player {
			candidates = append(candidates, n)
		}
	}
	sort.Strings(candidates)
	kind := "global zone"
	if player {
		kind = "player zone"
	}
	if z, ok := c.rs.Zones[name]; ok {
		if z.Owner == "player" {
			c.ds.Addf(src.Pos, "%q is a player zone: write players[p].%s", name, name)
		} else {
			c.ds.Addf(src.Pos, "%q is a global zone: write it without a player", name)
		}
		return
	}
	c.ds.Addf(src.Pos, "unknown %s %q%s", kind, name, schema.DidYouMean(name, candidates))
}

// label names a zone instance for chance outcomes and messages.
func (z *zoneRef) label(owner int) string {
	if owner < 0 {
		return z.name
	}
	return fmt.Sprintf("%s[%d]", z.name, owner)
}

// member splits OBJ.name, compiles OBJ and returns the match and OBJ; on
// a source of another shape it reports badShape (a format with one %q).
func (c *compiler) member(src schema.Expr, sc *scope, what, badShape string) ([]string, *compiled) {
	m := reMember.FindStringSubmatch(src.Src)
	if m == nil {
		c.ds.Addf(src.Pos, badShape, src.Src)
		return nil, nil
	}
	return m, c.ec.compile(schema.Expr{Pos: src.Pos, Src: m[1], Style: src.Style, Indent: src.Indent}, sc, wantAny, what)
}

// memberPos is the target src with its position moved to the trailing
// .name, where an unknown name is reported (exact for one-line sources).
func memberPos(src schema.Expr, name string) schema.Expr {
	i := strings.LastIndex(src.Src, name)
	if i < 0 || src.Style != schema.StylePlain {
		return src
	}
	src.Pos = src.At(1, utf8.RuneCountInString(src.Src[:i]))
	return src
}

// indexStart finds the [ that matches a target's final ], or -1.
func indexStart(s string) int {
	t := strings.TrimRight(s, " ")
	if !strings.HasSuffix(t, "]") {
		return -1
	}
	depth := 0
	for i := len(t) - 1; i >= 0; i-- {
		switch t[i] {
		case ']':
			depth++
		case '[':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// indexTarget compiles BASE[KEY]: an element of an ints, strings or intmap
// variable.
func (c *compiler) indexTarget(src schema.Expr, open int, sc *scope) *target {
	baseSrc := src
	baseSrc.Src = strings.TrimRight(src.Src[:open], " ")
	base := c.target(baseSrc, sc)
	if base == nil {
		return nil
	}
	keyStart := utf8.RuneCountInString(src.Src[:open+1])
	keySrc := schema.Expr{Pos: src.At(1, keyStart), Src: strings.TrimRight(src.Src, " ")[open+1 : len(strings.TrimRight(src.Src, " "))-1], Style: schema.StyleLossy}
	if src.Style == schema.StylePlain {
		keySrc.Style = schema.StylePlain
	}
	t := &target{kind: targetIndex, base: base, src: src}
	switch base.typ {
	case "intmap":
		t.typ, t.key = "int", c.ec.compile(keySrc, sc, wantString, "key")
		t.missing = c.targetDefault(base)
	case "ints":
		t.typ, t.key = "int", c.ec.compile(keySrc, sc, wantInt, "index")
	case "strings":
		t.typ, t.key = "string", c.ec.compile(keySrc, sc, wantInt, "index")
	default:
		if !c.badType(base.typ) {
			c.ds.Addf(src.Pos, "cannot assign to an element of %q: only ints, strings and intmap variables have elements", baseSrc.Src)
		}
		return nil
	}
	if t.key == nil {
		return nil
	}
	return t
}

// badType reports whether typ is a declared type that is no type (a
// local's "" is none declared): schema.Validate reports it, and what
// follows from it is not reported again.
func (c *compiler) badType(typ string) bool {
	_, ok := c.prog.tc.valueType(typ)
	return typ != "" && !ok
}
