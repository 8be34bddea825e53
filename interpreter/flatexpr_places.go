package interpreter

import (
	"slices"
	"sort"
	"strconv"

	"github.com/expr-lang/expr/ast"
)

// More typed closures (flatexpr.go): a keyed family's zones, a card's
// location, sortBy, card(id), string() and + of strings.

// familyZone compiles family[key]: the zone of a keyed family's key (a
// key the layout does not number gives up).
func (fc *flatCompiler) familyZone(family string, key flatValue) flatValue {
	at := fc.familyAt(family, key)
	if at == nil {
		return flatValue{}
	}
	return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) {
		z, ok := at(e)
		if !ok {
			return nil, false
		}
		return e.fs.zones[z], true
	}}
}

// familyAt compiles the number of the zone of family[key].
func (fc *flatCompiler) familyAt(family string, key flatValue) func(e *flatEnv) (int, bool) {
	fc.read(fc.l.placesGroup())
	if key.kind != fkString {
		fc.fail("family %s[%s]", family, key.kind)
		return nil
	}
	// by string number, -1 where no key: a slice, not a map, at run time
	table := make([]int32, len(fc.l.strs.strs))
	for i := range table {
		table[i] = -1
	}
	for i, z := range fc.l.zones {
		if z.family == family {
			table[fc.l.strs.ids[z.key]] = int32(i)
		}
	}
	kf := key.scalar
	return func(e *flatEnv) (int, bool) {
		k, ok := kf(e)
		if !ok || k < 0 || k >= int64(len(table)) || table[k] < 0 {
			return 0, false
		}
		return int(table[k]), true
	}
}

// isFamily reports whether name is a keyed family of zones.
func (fc *flatCompiler) isFamily(name string) bool {
	for _, z := range fc.l.zones {
		if z.family == name {
			return true
		}
	}
	return false
}

// location compiles a card's zone, zone_key and owner from the state's
// location column (flatState.loc): the zone's name (a family's name),
// its key ("" outside a family) and its owner (-1 for a global zone).
func (fc *flatCompiler) location(card flatScalar, field string) flatValue {
	l := fc.l
	zoneName, zoneKey := make([]int64, len(l.zones)), make([]int64, len(l.zones))
	for i, z := range l.zones {
		name := z.name
		if z.family != "" {
			name = z.family
		}
		zoneName[i], zoneKey[i] = fc.placeName(name), fc.placeName(z.key)
	}
	pzoneName := make([]int64, len(l.pzones))
	for j, z := range l.pzones {
		pzoneName[j] = fc.placeName(z)
	}
	if field != "owner" && (slices.Contains(zoneName, -1) || slices.Contains(zoneKey, -1) || slices.Contains(pzoneName, -1)) {
		return fc.lateLocation(card, field)
	}
	kind := fkString
	if field == "owner" {
		kind = fkInt
	}
	fc.read(l.placesGroup())
	global, per := len(l.zones), len(l.pzones)
	return flatValue{kind: kind, scalar: func(e *flatEnv) (int64, bool) {
		c, ok := card(e)
		if !ok {
			return 0, false
		}
		z := int(e.fs.loc[c])
		switch {
		case z < 0:
			return 0, false
		case z < global && field == "zone":
			return zoneName[z], true
		case z < global && field == "zone_key":
			return zoneKey[z], true
		case z < global:
			return -1, true
		case field == "zone":
			return pzoneName[(z-global)%per], true
		case field == "zone_key":
			return 0, true // ""
		}
		return int64((z - global) / per), true
	}}
}

// placeName is the number of a zone's name or key, -1 for one no rule
// names once the program's games may run (lateLocation reads those).
func (fc *flatCompiler) placeName(s string) int64 {
	l := fc.l
	if _, ok := l.strs.ids[s]; ok || !l.strs.frozen {
		l.strs.add(s)
		return l.strs.ids[s]
	}
	return -1
}

// lateLocation is location of a zone or zone_key for a compile after
// the program's games may run (a check) that meets a zone whose name no
// rule names: the names are numbered in the game's own table when read,
// as strConst's are.
func (fc *flatCompiler) lateLocation(card flatScalar, field string) flatValue {
	l := fc.l
	fc.read(l.placesGroup())
	global, per := len(l.zones), len(l.pzones)
	return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
		c, ok := card(e)
		if !ok {
			return 0, false
		}
		z := int(e.fs.loc[c])
		var s string
		switch {
		case z < 0:
			return 0, false
		case z < global && field == "zone" && l.zones[z].family != "":
			s = l.zones[z].family
		case z < global && field == "zone":
			s = l.zones[z].name
		case z < global:
			s = l.zones[z].key
		case field == "zone":
			s = l.pzones[(z-global)%per]
		}
		return l.intern(e.fs, s), true
	}}
}

// sortByOf compiles sortBy(list, key[, order]) of int or string keys,
// sorted by expr's own sorter (sort.Sort over the same swaps), so that
// equal keys end in the same order as the present runtime's.
func (fc *flatCompiler) sortByOf(b *ast.BuiltinNode, list flatValue, p predLoop, key flatValue) flatValue {
	desc := false
	if len(b.Arguments) == 3 {
		o, ok := b.Arguments[2].(*ast.StringNode)
		if !ok || o.Value != "asc" && o.Value != "desc" {
			return fc.fail("sortBy with an order that is no literal")
		}
		desc = o.Value == "desc"
	}
	if key.kind != fkInt && key.kind != fkString {
		return fc.fail("sortBy with a %s key", key.kind)
	}
	l, byString := fc.l, key.kind == fkString
	kind := list.kind
	if kind == fkPlayers {
		kind = fkSeats
	}
	if kind != fkCards && kind != fkInts && kind != fkStrings && kind != fkSeats {
		return fc.fail("sortBy of a %s", list.kind)
	}
	sorted := func(e *flatEnv) ([]int64, bool) {
		s := &flatSortBy{desc: desc}
		ok := p.walk(e, func(x int64) (bool, bool) {
			k, ok := p.test(e, x)
			s.elems, s.keys = append(s.elems, x), append(s.keys, k)
			return false, ok
		})
		if !ok {
			return nil, false
		}
		if byString {
			s.strs = make([]string, len(s.keys))
			for i, k := range s.keys {
				s.strs[i] = l.str(e.fs, k)
			}
		}
		sort.Sort(s)
		return s.elems, true
	}
	if kind == fkCards {
		return flatValue{kind: kind, cards: func(e *flatEnv) ([]int32, bool) {
			xs, ok := sorted(e)
			out := make([]int32, len(xs))
			for i, x := range xs {
				out[i] = int32(x)
			}
			return out, ok
		}}
	}
	return flatValue{kind: kind, nums: sorted}
}

// flatSortBy is runtime.SortBy over numbers: the elements and their keys
// (ints, or strings compared as strings), swapped together.
type flatSortBy struct {
	desc  bool
	elems []int64
	keys  []int64
	strs  []string
}

func (s *flatSortBy) Len() int { return len(s.elems) }

func (s *flatSortBy) Swap(i, j int) {
	s.elems[i], s.elems[j] = s.elems[j], s.elems[i]
	s.keys[i], s.keys[j] = s.keys[j], s.keys[i]
	if s.strs != nil {
		s.strs[i], s.strs[j] = s.strs[j], s.strs[i]
	}
}

func (s *flatSortBy) Less(i, j int) bool {
	if s.desc {
		i, j = j, i
	}
	if s.strs != nil {
		return s.strs[i] < s.strs[j]
	}
	return s.keys[i] < s.keys[j]
}

// cardByID compiles card(id): the card of that id (an id the layout does
// not number gives up, as a missing card is the present runtime's error).
func (fc *flatCompiler) cardByID(id flatValue) flatValue {
	if id.kind != fkString {
		return fc.fail("card of a %s", id.kind)
	}
	ids := fc.attr("id")
	if ids == nil {
		return flatValue{}
	}
	table := make([]int32, len(fc.l.strs.strs))
	for i := range table {
		table[i] = -1
	}
	for c, s := range ids.scalars {
		table[s] = int32(c)
	}
	f := id.scalar
	return flatValue{kind: fkCard, scalar: func(e *flatEnv) (int64, bool) {
		k, ok := f(e)
		if !ok || k < 0 || k >= int64(len(table)) || table[k] < 0 {
			return 0, false
		}
		return int64(table[k]), true
	}}
}

// toString compiles string(x) of an int, a string or a bool: a string
// made while playing is numbered in the state's own table.
func (fc *flatCompiler) toString(x flatValue) flatValue {
	l, f := fc.l, x.scalar
	switch x.kind {
	case fkString:
		return x
	case fkInt:
		return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
			n, ok := f(e)
			return l.intern(e.fs, strconv.FormatInt(n, 10)), ok
		}}
	case fkBool:
		return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
			b, ok := f(e)
			return l.intern(e.fs, strconv.FormatBool(b == 1)), ok
		}}
	}
	return fc.fail("string of a %s", x.kind)
}

// joinStrings compiles a + b of two strings.
func (fc *flatCompiler) joinStrings(a, b flatValue) flatValue {
	l, af, bf := fc.l, a.scalar, b.scalar
	return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
		x, ok := af(e)
		y, ok2 := bf(e)
		if !ok || !ok2 {
			return 0, false
		}
		xs, ys := l.str(e.fs, x), l.str(e.fs, y)
		if !e.chargeMem(len(xs) + len(ys)) {
			return 0, false
		}
		b := append(append(e.text[:0], xs...), ys...) // in the env's buffer: a string known already is not made again
		e.text = b
		return l.internBytes(e.fs, b), true
	}}
}
