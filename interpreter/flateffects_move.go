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
			e.moving = append(e.moving[:0], int32(c)) // copied below into itself: no allocation
			return e.moving, ok
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
		// a copy: the list may be a zone the moves edit in place
		xs = append(e.moving[:0], xs...)
		e.moving = xs
		fs := e.fs
		for k := range xs {
			c := xs[k]
			if top {
				c = xs[len(xs)-1-k]
			}
			if e.takes != nil {
				e.takes.note(fs, c, z)
			}
			if !fs.takeCard(c) {
				return false
			}
			put(fs, z, c, top)
		}
		return true
	}
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
