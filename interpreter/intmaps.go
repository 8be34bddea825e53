package interpreter

import (
	"fmt"
	"reflect"
)

// intmaps is the type of a list of int maps ([]map[string]int at run
// time): card attributes such as costs with alternatives,
// `costs: [{wood: 1}, {stone: 2}]`.

// coerceIntMaps converts a list of maps of ints to []map[string]int.
func coerceIntMaps(v any) (any, error) {
	if _, ok := v.([]map[string]int); ok { // as is, and v, not boxed again: see coerceList
		return v, nil
	}
	if v == nil {
		return []map[string]int{}, nil
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Slice {
		return nil, fmt.Errorf("expected a list of maps of ints, got %s", describe(v))
	}
	out := make([]map[string]int, rv.Len())
	for i := range out {
		m, err := coerceIntMap(rv.Index(i).Interface())
		if err != nil {
			return nil, fmt.Errorf("list element %d: %v", i, err)
		}
		out[i] = m.(map[string]int)
	}
	return out, nil
}

// cloneIntMaps copies a list of int maps deeply.
func cloneIntMaps(xs []map[string]int) []map[string]int {
	if xs == nil {
		return nil
	}
	out := make([]map[string]int, len(xs))
	for i, m := range xs {
		c := make(map[string]int, len(m))
		for k, n := range m {
			c[k] = n
		}
		out[i] = c
	}
	return out
}
