package interpreter

// Appending to a zone in place. A zone's list is never written where
// anything can see it (cow.go), so putting a card into a zone used to
// copy the whole list, the discard pile's fifty cards for one more. Yet
// writing past a list's end is unseen: every other holder of the same
// array (a local, a frame's saved locals, a pending decision, a clone's
// zone) holds a list no longer than the zone's was when it read it, so
// it sees none of the slots after that. What must hold is that nothing
// holds a longer list of the array than the zone's own — that the
// zone's list ends where the array's used part does — and that no other
// state may append to the array too.
//
// The state keeps that as one more ownership mark per zone location
// (zoneMark; keyed families are left out): the zone's list is on an
// array this state made (a list putCard built, with room to grow, or
// grew in place) and nothing holds more of it. putCard appends in place
// only under the mark, and sets it after storing what it built; every
// other write of a zone's list (setZone, putZoneList: a draw's rest, a
// removal, a shuffle, a re-deal, a card's new version) clears it, since
// that list may be a part of a longer one; and a clone takes every mark
// away from both games (marks), as it does the cards' and players'.
// Removing the last card (without) caps the list, so that a held longer
// list is never appended over even by a later put that found the mark.

// zoneMarks numbers the zone locations that have an append mark: every
// zone that is not a keyed family, one location for a global zone and
// one per player for a player zone (zoneMark).
type zoneMarks struct {
	ord   map[string]int // zone name → its number
	count int
}

// newZoneMarks numbers p's zones that are not keyed families.
func newZoneMarks(p *Program) zoneMarks {
	z := zoneMarks{ord: map[string]int{}}
	for _, n := range p.rs.ZoneOrder {
		if p.rs.ZoneKeys(n) == nil {
			z.ord[n] = z.count
			z.count++
		}
	}
	return z
}

// zoneMark is the index in state.owned of the append mark of zone name
// of owner (-1 for a global zone), or -1 for a location without one (a
// keyed family's).
func (g *Game) zoneMark(name string, owner int) int {
	ord, ok := g.prog.cow.zones.ord[name]
	if !ok {
		return -1
	}
	return g.st.listMark(g.prog) + 1 + ord*(g.st.playerCount+1) + owner + 1
}

// markCount is the length of state.owned: the cards, players, families
// and players list (listMark), then the zones' append marks.
func (s *state) markCount(prog *Program) int {
	return s.listMark(prog) + 1 + prog.cow.zones.count*(s.playerCount+1)
}

// appendable reports whether a card may be appended to zone name of
// owner in place: list (its cards) has room and carries the mark.
func (g *Game) appendable(list []any, mark int) bool {
	return mark >= 0 && len(list) < cap(list) && g.marks()[mark]
}

// listRoom is the capacity of a new zone list of n cards: room for a
// few more puts before the next copy.
func listRoom(n int) int { return n + n/2 + 2 }

// dropZoneMark clears the append mark of zone name of owner, whose list
// is about to be replaced by one the state may not append to.
func (g *Game) dropZoneMark(name string, owner int) {
	if mark := g.zoneMark(name, owner); mark >= 0 {
		if owned := g.marks(); owned[mark] {
			owned[mark] = false
		}
	}
}
