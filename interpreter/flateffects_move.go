package interpreter

// move over the flat state (flateffects.go).

// move compiles a move of a card or a list of cards into a zone: each
// card leaves the zone its location names and goes on top of the zone
// (index 0) or under it, in the order the present runtime moves them
// (execMove: a list put on top keeps its order there).
func (fc *flatCompiler) move(ef *effect) func(e *flatEnv) bool {
	what := fc.sub(ef.a)
	into := fc.zoneOf(ef.into)
	if fc.miss != "" {
		return nil
	}
	var cards flatCardList
	switch what.kind {
	case fkCards:
		cards = what.cards
	case fkCard:
		one := what.scalar
		cards = func(e *flatEnv) ([]int32, bool) {
			c, ok := one(e)
			return []int32{int32(c)}, ok
		}
	default:
		fc.fail("move of a %s", what.kind)
		return nil
	}
	top := ef.atTop
	return func(e *flatEnv) bool {
		xs, ok := cards(e)
		z, ok2 := into(e)
		if !ok || !ok2 {
			return false
		}
		fs := e.fs
		for k := range xs {
			c := xs[k]
			if top {
				c = xs[len(xs)-1-k]
			}
			if !fs.takeCard(c) {
				return false
			}
			if top {
				fs.zones[z] = append(append(make([]int32, 0, len(fs.zones[z])+1), c), fs.zones[z]...)
			} else {
				fs.zones[z] = append(fs.zones[z][:len(fs.zones[z]):len(fs.zones[z])], c)
			}
			fs.loc[c] = int32(z)
		}
		return true
	}
}

// takeCard removes card c from the zone its location names (a new list:
// zones' arrays may be shared); false if it is not there.
func (fs *flatState) takeCard(c int32) bool {
	z := fs.loc[c]
	if z < 0 {
		return false
	}
	list := fs.zones[z]
	for i, x := range list {
		if x == c {
			out := make([]int32, 0, len(list)-1)
			fs.zones[z] = append(append(out, list[:i]...), list[i+1:]...)
			fs.loc[c] = -1
			return true
		}
	}
	return false
}

// zoneOf compiles a zone reference: its number in the layout.
func (fc *flatCompiler) zoneOf(r *zoneRef) func(e *flatEnv) (int, bool) {
	l := fc.l
	if r == nil {
		fc.fail("no zone")
		return nil
	}
	if r.key != nil {
		key := fc.sub(r.key)
		if fc.miss != "" {
			return nil
		}
		return fc.familyAt(r.name, key)
	}
	if r.obj == nil {
		for i, z := range l.zones {
			if z.name == r.name && z.family == "" {
				return func(*flatEnv) (int, bool) { return i, true }
			}
		}
		fc.fail("zone %s", r.name)
		return nil
	}
	obj := fc.sub(r.obj)
	if fc.miss != "" {
		return nil
	}
	if obj.kind != fkPlayer && obj.kind != fkInt {
		fc.fail("the zone %s of a %s", r.name, obj.kind)
		return nil
	}
	for j, z := range l.pzones {
		if z == r.name {
			seat := obj.scalar
			return func(e *flatEnv) (int, bool) {
				s, ok := seat(e)
				if !ok || s < 0 || s >= int64(e.fs.players) {
					return 0, false
				}
				return l.pzone(int(s), j), true
			}
		}
	}
	fc.fail("player zone %s", r.name)
	return nil
}
