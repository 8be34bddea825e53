package interpreter

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// figureText is a value as a person at the table reads it (show, a
// card's props in a view): cards by name, lists with commas, maps as
// "key value" pairs in key order ("upper 1, middle 2"), a list of lists
// or maps with semicolons between them ("upper 1; middle 2"). Unlike
// formatValue, which templates use and transcripts record, it never
// falls back to Go's own syntax for a map or a typed list.
func figureText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string, int, float64, bool:
		return formatValue(x)
	case map[string]any:
		if isCardValue(x) {
			return formatValue(x)
		}
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		return figureList(rv)
	case reflect.Map:
		return figureMap(rv)
	}
	return fmt.Sprint(v)
}

// isCardValue reports whether m is a card (it has an id), which prints
// by its name.
func isCardValue(m map[string]any) bool {
	_, ok := m["id"].(string)
	return ok
}

// figureList joins a list's elements with commas, or with semicolons
// when they are lists or maps themselves (an empty one is "(none)").
func figureList(rv reflect.Value) string {
	parts := make([]string, rv.Len())
	sep := ", "
	for i := range parts {
		el := rv.Index(i).Interface()
		parts[i] = figureText(el)
		if isComposite(el) {
			sep = "; "
			parts[i] = orNone(parts[i])
		}
	}
	return strings.Join(parts, sep)
}

// figureMap writes a map as "key value" pairs in key order; a value that
// is a list of several goes in brackets.
func figureMap(rv reflect.Value) string {
	keys := make([]string, 0, rv.Len())
	byKey := map[string]any{}
	for _, k := range rv.MapKeys() {
		ks := fmt.Sprint(k.Interface())
		keys = append(keys, ks)
		byKey[ks] = rv.MapIndex(k).Interface()
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		s := figureText(byKey[k])
		if strings.ContainsAny(s, ",;") {
			s = "(" + s + ")"
		}
		parts[i] = k + " " + s
	}
	return strings.Join(parts, ", ")
}

// isComposite reports whether v is a list or a map that is not a card.
func isComposite(v any) bool {
	if m, ok := v.(map[string]any); ok {
		return !isCardValue(m)
	}
	if v == nil {
		return false
	}
	k := reflect.ValueOf(v).Kind()
	return k == reflect.Slice || k == reflect.Array || k == reflect.Map
}

// zeroFigure reports whether a value says nothing: nil, false, 0, "" or
// an empty list or map.
func zeroFigure(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case bool:
		return !x
	case int:
		return x == 0
	case float64:
		return x == 0
	case string:
		return x == ""
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		return rv.Len() == 0
	}
	return false
}

// flagText is a named value as a card's props show it: a true bool by
// its name, another value as "name value"; "" when it is zero.
func flagText(name string, v any) string {
	switch {
	case zeroFigure(v):
		return ""
	case v == true:
		return name
	}
	return name + " " + figureText(v)
}
