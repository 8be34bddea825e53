package interpreter

// Remembered calls in a flat game, as the present runtime remembers
// them (callmemo.go): a ruleset function the present runtime would
// remember (function.memo), with at most memoArgs parameters, whose
// reads the compile knows (flatdeps.go: its body reads no local), gives
// the same value for the same arguments until a step writes a group it
// reads. Each function has a small direct-mapped table per game
// (flatEnv.memos, by function.memo), shared by its call sites (each
// inlines the same body), keyed by the arguments and stamped with the sum of
// the versions of the groups the body reads (flatEnv.versions, bumped by
// every step that writes a group: they only grow, so a changed sum is a
// write). Evaluations outside a flat game (no versions: the shadow
// tests) compute.

// flatMemoSlots is the size of a call site's table (a power of two).
const flatMemoSlots = 8

// flatMemoEntry is a remembered call.
type flatMemoEntry struct {
	used  bool
	args  [memoArgs]int64
	stamp uint64
	s     int64
	cards []int32
	nums  []int64
}

// remembered wraps an inlined call's body (bind puts the arguments in
// their slots) with the call site's table; ok is false for a call it
// does not cover (an argument that is a list).
func (fc *flatCompiler) remembered(site int, body flatValue, bind func(*flatEnv) bool, params []flatBinding, reads flatGroups) (flatValue, bool) {
	for _, p := range params {
		if p.kind.isList() {
			return flatValue{}, false
		}
	}
	groups := reads.list()
	slots := make([]int, len(params))
	for i, p := range params {
		slots[i] = p.slot
	}
	// lookup binds the arguments and finds the entry: hit reports
	// whether it holds the value.
	lookup := func(e *flatEnv) (ent *flatMemoEntry, hit, ok bool) {
		if !bind(e) {
			return nil, false, false
		}
		if e.versions == nil {
			return nil, false, true
		}
		var key [memoArgs]int64
		h := uint64(site)
		for i, s := range slots {
			key[i] = e.slots[s]
			h = h*31 + uint64(key[i])
		}
		var stamp uint64
		for _, g := range groups {
			stamp += e.versions[g]
		}
		if site >= len(e.memos) {
			e.memos = append(e.memos, make([][]flatMemoEntry, site+1-len(e.memos))...) // a clone starts with none
		}
		if e.memos[site] == nil {
			e.memos[site] = make([]flatMemoEntry, flatMemoSlots)
		}
		ent = &e.memos[site][h&(flatMemoSlots-1)]
		if ent.used && ent.stamp == stamp && ent.args == key {
			return ent, true, true
		}
		*ent = flatMemoEntry{used: true, args: key, stamp: stamp}
		return ent, false, true
	}
	out := flatValue{kind: body.kind}
	switch {
	case body.scalar != nil:
		f := body.scalar
		out.scalar = func(e *flatEnv) (int64, bool) {
			ent, hit, ok := lookup(e)
			switch {
			case !ok:
				return 0, false
			case hit:
				return ent.s, true
			}
			v, ok := f(e)
			if ent != nil {
				ent.s, ent.used = v, ok
			}
			return v, ok
		}
	case body.cards != nil:
		f := body.cards
		out.cards = func(e *flatEnv) ([]int32, bool) {
			ent, hit, ok := lookup(e)
			switch {
			case !ok:
				return nil, false
			case hit:
				return ent.cards, true
			}
			v, ok := f(e)
			if ent != nil {
				ent.cards, ent.used = v, ok
			}
			return v, ok
		}
	case body.nums != nil:
		f := body.nums
		out.nums = func(e *flatEnv) ([]int64, bool) {
			ent, hit, ok := lookup(e)
			switch {
			case !ok:
				return nil, false
			case hit:
				return ent.nums, true
			}
			v, ok := f(e)
			if ent != nil {
				ent.nums, ent.used = v, ok
			}
			return v, ok
		}
	default:
		return flatValue{}, false
	}
	return out, true
}
