package interpreter

// What a flat game's trigger conditions read and its steps write, by
// group: a variable, a player variable (every seat's), a prop (every
// card's), or the cards' places (every zone and the location column).
// After a step, only the triggers whose conditions read a group it wrote
// are evaluated again; the others keep the value they had (flatgame.go).
// A condition that reads a local is evaluated every time.

// flatGroups is a set of groups, a bit each.
type flatGroups []uint64

// add puts group i in the set.
func (s *flatGroups) add(i int) {
	for len(*s) <= i/64 {
		*s = append(*s, 0)
	}
	(*s)[i/64] |= 1 << (i % 64)
}

// merge adds t's groups to s.
func (s *flatGroups) merge(t flatGroups) {
	for i, w := range t {
		if w != 0 {
			for len(*s) <= i {
				*s = append(*s, 0)
			}
			(*s)[i] |= w
		}
	}
}

// list is s's groups in order.
func (s flatGroups) list() []int {
	var out []int
	for i, w := range s {
		for b := range 64 {
			if w&(1<<b) != 0 {
				out = append(out, 64*i+b)
			}
		}
	}
	return out
}

// has reports whether group i is in s.
func (s flatGroups) has(i int) bool { return i/64 < len(s) && s[i/64]&(1<<(i%64)) != 0 }

// Group numbers: the variables, then the player variables, then the
// props, then the cards' places.
func (l *flatLayout) varGroup(j int) int  { return j }
func (l *flatLayout) pvarGroup(j int) int { return len(l.vars) + j }
func (l *flatLayout) propGroup(j int) int { return len(l.vars) + len(l.pvars) + j }
func (l *flatLayout) placesGroup() int    { return len(l.vars) + len(l.pvars) + len(l.props) }

// read notes that the expression being compiled reads group i, when the
// compiler records (reads is set).
func (fc *flatCompiler) read(i int) {
	if fc.reads != nil {
		fc.reads.add(i)
	}
}

// readsLocal notes that the expression being compiled reads a local.
func (fc *flatCompiler) readsLocal() {
	if fc.reads != nil {
		fc.volatile = true
	}
}

// writes are the groups effect e writes, or nil (locals only, or
// nothing).
func (fp *flatProgram) writes(e *effect) flatGroups {
	var s flatGroups
	l := fp.l
	switch {
	case e.kind == "shuffle" && e.target != nil:
		return fp.writes(&effect{kind: "set", target: e.target})
	case e.kind == "move" || e.kind == "draw" || e.kind == "shuffle":
		s.add(l.placesGroup())
	case e.kind == "phase":
		s.add(l.varGroup(0))
	case e.kind == "set" || e.kind == "add" || e.kind == "roll":
		t := e.target
		if t.kind == targetIndex {
			t = t.base
		}
		switch {
		case t.kind == targetGlobal:
			for j, v := range l.vars {
				if v.name == t.name {
					s.add(l.varGroup(j))
				}
			}
		case t.kind == targetField && t.onCard:
			for j, p := range l.props {
				if p == t.name {
					s.add(l.propGroup(j))
				}
			}
		case t.kind == targetField:
			for j, v := range l.pvars {
				if v.name == t.name {
					s.add(l.pvarGroup(j))
				}
			}
		}
	}
	return s
}
