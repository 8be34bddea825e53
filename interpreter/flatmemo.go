package interpreter

// Remembered calls in a flat game, as the present runtime remembers
// them (callmemo.go): a ruleset function the present runtime would
// remember (function.memo), with at most memoArgs parameters, whose
// reads the compile knows (flatdeps.go: its body reads no local), gives
// the same value for the same arguments until a step writes a group it
// reads. Each function has a small direct-mapped table per game
// (flatEnv.memos for a scalar, flatEnv.memoLists for a list, by
// function.memo), shared by its call sites (each inlines the same body),
// keyed by the arguments and stamped with the sum of the versions of the
// groups the body reads (flatEnv.versions, bumped by every step that
// writes a group: they only grow, so a changed sum is a write). A scalar
// table holds no pointer (the collector neither scans it nor guards its
// writes). Evaluations outside a flat game (no versions: the shadow
// tests) compute.

// flatMemoBits is the size of a call site's table, as a power of two,
// for a function of n parameters: one entry for none, else 8. (Larger
// tables found more in the longest shipped games and cost more than they
// saved in the shortest: a game makes its tables. BENCHMARKS.md,
// "Twenty-third round (perf23)".)
func flatMemoBits(n int) uint {
	if n == 0 {
		return 0
	}
	return 3
}

// flatMemoKey is what an entry is found by: the arguments and the stamp;
// used is false for an empty entry and while its value is computed.
type flatMemoKey struct {
	args  [memoArgs]int64
	stamp uint64
	used  bool
}

// flatMemoEntry is a remembered call giving a scalar.
type flatMemoEntry struct {
	flatMemoKey
	s int64
}

// flatMemoList is a remembered call giving a list.
type flatMemoList struct {
	flatMemoKey
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
	bits := flatMemoBits(len(params))
	slots := make([]int, len(params))
	for i, p := range params {
		slots[i] = p.slot
	}
	// key gives, after the arguments are bound, what the entry is found
	// by and its index in the table.
	key := func(e *flatEnv) (k flatMemoKey, i int) {
		var h uint64
		for i, s := range slots {
			k.args[i] = e.slots[s]
			h = (h + uint64(k.args[i])) * 0x9e3779b97f4a7c15
		}
		for _, g := range groups {
			k.stamp += e.versions[g]
		}
		k.used = true
		return k, int(h >> (64 - bits))
	}
	out := flatValue{kind: body.kind}
	switch {
	case body.scalar != nil:
		f := body.scalar
		out.scalar = func(e *flatEnv) (int64, bool) {
			if !bind(e) {
				return 0, false
			}
			if e.versions == nil {
				return f(e)
			}
			var args [memoArgs]int64
			var h uint64
			for i, s := range slots {
				args[i] = e.slots[s]
				h = (h + uint64(args[i])) * 0x9e3779b97f4a7c15
			}
			var stamp uint64
			for _, g := range groups {
				stamp += e.versions[g]
			}
			if site >= len(e.memos) || e.memos[site] == nil {
				e.memoTable(site, bits)
			}
			ent := &e.memos[site][h>>(64-bits)]
			if ent.used && ent.stamp == stamp && ent.args == args {
				return ent.s, true
			}
			ent.used = false // while the body runs
			v, ok := f(e)
			if ok {
				ent.args, ent.stamp, ent.s, ent.used = args, stamp, v, true
			}
			return v, ok
		}
	case body.cards != nil, body.nums != nil:
		fcards, fnums := body.cards, body.nums
		// look gives the list (cards or numbers, as the body gives).
		look := func(e *flatEnv) (cards []int32, nums []int64, ok bool) {
			if !bind(e) {
				return nil, nil, false
			}
			var ent *flatMemoList
			var k flatMemoKey
			if e.versions != nil {
				var i int
				k, i = key(e)
				ent = &e.memoListTable(site, bits)[i]
				if ent.flatMemoKey == k {
					return ent.cards, ent.nums, true
				}
				ent.used = false // while the body runs
			}
			if fcards != nil {
				cards, ok = fcards(e)
			} else {
				nums, ok = fnums(e)
			}
			if ok && ent != nil {
				*ent = flatMemoList{flatMemoKey: k, cards: cards, nums: nums}
			}
			return cards, nums, ok
		}
		if fcards != nil {
			out.cards = func(e *flatEnv) ([]int32, bool) {
				xs, _, ok := look(e)
				return xs, ok
			}
		} else {
			out.nums = func(e *flatEnv) ([]int64, bool) {
				_, xs, ok := look(e)
				return xs, ok
			}
		}
	default:
		return flatValue{}, false
	}
	return out, true
}

// memoTable is site's table of scalars, of 1 << bits entries, made at
// its first use (a clone starts with none).
func (e *flatEnv) memoTable(site int, bits uint) []flatMemoEntry {
	return tableAt(&e.memos, site, bits)
}

// memoListTable is site's table of lists, made at its first use.
func (e *flatEnv) memoListTable(site int, bits uint) []flatMemoList {
	return tableAt(&e.memoLists, site, bits)
}

// tableAt is (*tables)[site], made with 1 << bits entries at its first
// use.
func tableAt[T any](tables *[][]T, site int, bits uint) []T {
	if site >= len(*tables) {
		*tables = append(*tables, make([][]T, site+1-len(*tables))...)
	}
	if (*tables)[site] == nil {
		(*tables)[site] = make([]T, 1<<bits)
	}
	return (*tables)[site]
}
