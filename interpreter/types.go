package interpreter

import (
	"fmt"
	"math"
	"reflect"
	"sort"

	"github.com/expr-lang/expr/checker/nature"

	"agon/schema"
)

// Expressions are type-checked against "shadow" Go types built with
// reflect.StructOf from the ruleset's declarations (a Card struct with one
// field per attribute, a Player struct) and an environment with every
// global name and the locals in scope (envscope.go). The state itself is
// plain maps and slices; see doc.go.

var (
	typeInt     = reflect.TypeOf(0)
	typeBool    = reflect.TypeOf(false)
	typeString  = reflect.TypeOf("")
	typeInts    = reflect.TypeOf([]int(nil))
	typeStrings = reflect.TypeOf([]string(nil))
	typeIntMap  = reflect.TypeOf(map[string]int(nil))
	typeIntMaps = reflect.TypeOf([]map[string]int(nil))
	typeAny     = reflect.TypeOf((*any)(nil)).Elem()
)

// valueType maps a declared type name to its Go type. card and cards need
// the ruleset's card type.
func (tc *typeContext) valueType(name string) (reflect.Type, bool) {
	switch name {
	case "int":
		return typeInt, true
	case "bool":
		return typeBool, true
	case "string":
		return typeString, true
	case "ints":
		return typeInts, true
	case "strings":
		return typeStrings, true
	case "intmap":
		return typeIntMap, true
	case "intmaps":
		return typeIntMaps, true
	case "card":
		return tc.card, true
	case "cards":
		return reflect.SliceOf(tc.card), true
	case "any":
		return typeAny, true
	}
	return nil, false
}

// valueTypeOrAny is valueType, with any for a type name that is none
// (schema.Validate reports it): what is declared with it is still checked
// as far as it can be.
func (tc *typeContext) valueTypeOrAny(name string) reflect.Type {
	if t, ok := tc.valueType(name); ok {
		return t
	}
	return typeAny
}

// typeContext holds the shadow types of one ruleset.
type typeContext struct {
	card   reflect.Type // struct: built-in card fields + every attribute and prop
	player reflect.Type // struct: id + player vars + player zones
	boards boardTypes   // board and node structs (board.go)
	// globals are the root names in scope everywhere, in a fixed order.
	globals []field
	// envs are the environments of the scope types met, by signature;
	// globalNatures and typeNumbers serve to build them (envscope.go).
	envs          map[string]*envScope
	globalNatures map[string]nature.Nature
	typeNumbers   map[reflect.Type]int
	envKey        []byte // env's buffer for a scope type's key
	// hiddenGlobals are the globals named like an expr builtin (nil:
	// not listed yet; see exprconf.go).
	hiddenGlobals []string
	hiddenListed  bool
}

// field is a named, typed name in scope.
type field struct {
	name string
	typ  reflect.Type
}

// structOf builds a struct type whose fields expr sees under their names.
func structOf(fields []field) reflect.Type {
	sfs := make([]reflect.StructField, len(fields))
	for i, f := range fields {
		sfs[i] = reflect.StructField{
			Name: fmt.Sprintf("F%d", i),
			Type: f.typ,
			Tag:  reflect.StructTag(fmt.Sprintf(`expr:%q`, f.name)),
		}
	}
	return reflect.StructOf(sfs)
}

// builtinCardFields are present on every card.
var builtinCardFields = []field{
	{"id", typeString}, {"def", typeString}, {"table", typeString},
	{"zone", typeString}, {"owner", typeInt}, {"zone_key", typeString},
}

// newTypeContext builds the shadow types of rs. Problems (e.g. the same
// attribute declared with two types) are reported to ds.
func newTypeContext(rs *schema.Ruleset, consts map[string]any, ds *schema.Diagnostics) *typeContext {
	tc := &typeContext{}
	tc.card = structOf(tc.cardFields(rs, ds))
	tc.player = structOf(tc.playerFields(rs))
	tc.boards = newBoardTypes(rs, consts, tc.valueType)
	tc.globals = tc.globalFields(rs, consts)
	return tc
}

func (tc *typeContext) cardFields(rs *schema.Ruleset, ds *schema.Diagnostics) []field {
	fields := append([]field(nil), builtinCardFields...)
	seen := map[string]reflect.Type{}
	for _, f := range fields {
		seen[f.name] = f.typ
	}
	// An attribute of a type that is none (reported by schema.Validate)
	// is any, so that its reads are not unknown fields too; it conflicts
	// with no other declaration.
	badType := map[string]bool{}
	add := func(name string, a *schema.Attribute) {
		t, ok := tc.valueType(a.Type)
		if !ok {
			t = typeAny
		}
		if prev, dup := seen[name]; dup {
			if prev != t && ok && !badType[name] {
				ds.Addf(a.Pos, "%q is declared as %s here and as another type in another table", name, a.Type)
			}
			return
		}
		seen[name], badType[name] = t, !ok
		fields = append(fields, field{name, t})
	}
	for _, tname := range rs.CardOrder {
		tbl := rs.Cards[tname]
		for _, n := range tbl.AttributeOrder {
			add(n, tbl.Attributes[n])
		}
		for _, n := range tbl.PropOrder {
			add(n, tbl.Props[n])
		}
	}
	return fields
}

func (tc *typeContext) playerFields(rs *schema.Ruleset) []field {
	fields := []field{{"id", typeInt}}
	for _, n := range rs.PlayerVarOrder {
		// A var of a type that is none (reported by schema.Validate) is
		// any, so that its reads are not unknown names too.
		fields = append(fields, field{n, tc.valueTypeOrAny(rs.PlayerVars[n].Type)})
	}
	for _, n := range rs.ZoneOrder {
		if rs.Zones[n].Owner == "player" {
			fields = append(fields, field{n, reflect.SliceOf(tc.card)})
		}
	}
	return fields
}

func (tc *typeContext) globalFields(rs *schema.Ruleset, consts map[string]any) []field {
	fields := []field{
		{"players", reflect.SliceOf(tc.player)},
		{"player_count", typeInt},
		{"phase", typeString},
	}
	for _, n := range rs.ConstantOrder {
		fields = append(fields, field{n, constType(consts[n])})
	}
	for _, n := range rs.VarOrder {
		// As for player vars: a var of a type that is none is any (a var
		// named like a builtin would otherwise read as the builtin).
		fields = append(fields, field{n, tc.valueTypeOrAny(rs.Vars[n].Type)})
	}
	for _, n := range rs.ZoneOrder {
		if rs.Zones[n].Owner != "player" {
			fields = append(fields, field{n, tc.zoneType(rs.Zones[n])})
		}
	}
	return append(fields, tc.boardGlobals(rs)...)
}

// mergeLocals appends locals to globals; a local replaces an earlier field
// of the same name.
func mergeLocals(globals, locals []field) []field {
	out := append([]field(nil), globals...)
	for _, l := range locals {
		replaced := false
		for i := len(globals); i < len(out); i++ {
			if out[i].name == l.name {
				out[i] = l
				replaced = true
			}
		}
		if !replaced {
			out = append(out, l)
		}
	}
	return out
}

// constType is the Go type of a converted constant.
func constType(v any) reflect.Type {
	if v == nil {
		return typeAny
	}
	return reflect.TypeOf(v)
}

// convertConst turns a YAML-decoded value into its typed runtime form:
// lists of ints become []int, lists of strings []string, mappings of ints
// map[string]int, and so on recursively; mixed lists stay []any.
func convertConst(v any) any {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			return []int{}
		}
		if ints, ok := allInts(x); ok {
			return ints
		}
		if strs, ok := allStrings(x); ok {
			return strs
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = convertConst(e)
		}
		return out
	case map[string]any:
		if m, ok := intMap(x); ok {
			return m
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = convertConst(e)
		}
		return out
	}
	return v
}

func allInts(xs []any) ([]int, bool) {
	out := make([]int, len(xs))
	for i, e := range xs {
		n, ok := e.(int)
		if !ok {
			return nil, false
		}
		out[i] = n
	}
	return out, true
}

func allStrings(xs []any) ([]string, bool) {
	out := make([]string, len(xs))
	for i, e := range xs {
		s, ok := e.(string)
		if !ok {
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

func intMap(m map[string]any) (map[string]int, bool) {
	out := make(map[string]int, len(m))
	for k, e := range m {
		n, ok := e.(int)
		if !ok {
			return nil, false
		}
		out[k] = n
	}
	return out, true
}

// coerce converts a value computed by an expression to the runtime form of
// a declared type, or reports why it cannot.
func coerce(typ string, v any) (any, error) {
	switch typ {
	case "int":
		switch n := v.(type) {
		case int:
			return v, nil // v, not n: boxing n again would allocate
		case float64:
			if n >= math.MinInt64 && n < math.MaxInt64 && n == float64(int(n)) { // int(n) of others depends on the machine
				return int(n), nil
			}
		}
	case "bool":
		if _, ok := v.(bool); ok {
			return v, nil
		}
	case "string":
		if _, ok := v.(string); ok {
			return v, nil
		}
	case "ints":
		return coerceList(v, func(e any) (int, bool) { n, ok := e.(int); return n, ok })
	case "strings":
		return coerceList(v, func(e any) (string, bool) { s, ok := e.(string); return s, ok })
	case "intmap":
		return coerceIntMap(v)
	case "intmaps":
		return coerceIntMaps(v)
	default:
		return v, nil
	}
	return nil, fmt.Errorf("expected %s, got %s", typ, describe(v))
}

// coerceList converts v to a []T. A v that already is one is returned as
// is: values are never written in place (cow.go), so sharing one is safe,
// and a ruleset function called in a loop would otherwise copy its list
// arguments on every call.
func coerceList[T any](v any, conv func(any) (T, bool)) (any, error) {
	switch xs := v.(type) {
	case []T:
		return v, nil // v, not xs: boxing a slice again allocates its header
	case []any: // what expressions build: converted without reflection
		out := make([]T, len(xs))
		for i, x := range xs {
			e, ok := conv(x)
			if !ok {
				return nil, fmt.Errorf("list element %d: unexpected %s", i, describe(x))
			}
			out[i] = e
		}
		return out, nil
	}
	rv := reflect.ValueOf(v)
	if v == nil {
		return []T{}, nil
	}
	if rv.Kind() != reflect.Slice {
		return nil, fmt.Errorf("expected a list, got %s", describe(v))
	}
	out := make([]T, rv.Len())
	for i := range out {
		e, ok := conv(rv.Index(i).Interface())
		if !ok {
			return nil, fmt.Errorf("list element %d: unexpected %s", i, describe(rv.Index(i).Interface()))
		}
		out[i] = e
	}
	return out, nil
}

// coerceIntMap converts v to a map[string]int; one already is returned as
// is (see coerceList).
func coerceIntMap(v any) (any, error) {
	switch m := v.(type) {
	case map[string]int:
		return m, nil
	case map[string]any:
		out := make(map[string]int, len(m))
		for k, v := range m {
			n, ok := v.(int)
			if !ok {
				return nil, badIntMapValue(m)
			}
			out[k] = n
		}
		return out, nil
	case nil:
		return map[string]int{}, nil
	}
	return nil, fmt.Errorf("expected a map of ints, got %s", describe(v))
}

// badIntMapValue is the error for a map with a value that is not an int:
// the first such key in key order, so that the message does not depend on
// the map's order.
func badIntMapValue(m map[string]any) error {
	for _, k := range sortedKeys(m) {
		if _, ok := m[k].(int); !ok {
			return fmt.Errorf("map value %q: expected int, got %s", k, describe(m[k]))
		}
	}
	return nil
}

// describe names a value's kind for error messages.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing (nil)"
	case int:
		return fmt.Sprintf("int %d", x)
	case float64:
		return fmt.Sprintf("float %g", x)
	case string:
		return fmt.Sprintf("string %q", x)
	case bool:
		return fmt.Sprintf("bool %v", x)
	case map[string]any:
		if id, ok := x["id"].(string); ok {
			return "card " + id
		}
		return "a map"
	}
	return aGoTypeName(reflect.TypeOf(v).String())
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// zeroValue is the runtime zero value of a declared type.
func zeroValue(typ string) any {
	switch typ {
	case "int":
		return 0
	case "bool":
		return false
	case "string":
		return ""
	case "ints":
		return []int{}
	case "strings":
		return []string{}
	case "intmap":
		return map[string]int{}
	case "intmaps":
		return []map[string]int{}
	case "cards":
		return []any{}
	}
	return nil
}
