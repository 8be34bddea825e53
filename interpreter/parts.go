package interpreter

import "slices"

// parts is a column of the state kept in parts (the prop column's pages
// of cards, the player slots' rows of players), so that a write after a
// clone copies the list of parts and the one part it writes, not the
// whole column. A clone shares its original's parts; either makes a part
// its own at its first write to it (writable), as owned says, and every
// ownership goes at the state's next write after a clone (unshare).
type parts struct {
	list  [][]any
	own   bool   // list is this state's alone
	owned []bool // by part, while own
}

// writable makes part i the state's own before a write, and returns it.
func (p *parts) writable(s *state, i int) []any {
	if !p.own || s.clones.Load() != s.ownedAt {
		s.unshare()
		p.list, p.own = slices.Clone(p.list), true
		p.owned = make([]bool, len(p.list))
	}
	if !p.owned[i] {
		p.list[i], p.owned[i] = slices.Clone(p.list[i]), true
	}
	return p.list[i]
}

// shared is p as a clone takes it: the same parts, none its own.
func (p *parts) shared() parts { return parts{list: p.list} }

// ownedAll is a column of the given parts, all the state's own (a state
// that built them itself).
func ownedAll(list [][]any) parts {
	owned := make([]bool, len(list))
	for i := range owned {
		owned[i] = true
	}
	return parts{list: list, own: true, owned: owned}
}
