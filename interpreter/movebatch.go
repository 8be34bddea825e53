package interpreter

import (
	"fmt"
	"slices"
)

// Moving a list of cards at once.
//
// A move of k cards is, by definition, k moves of one card in the list's
// order: each card leaves the zone it lies in and is put into the
// destination (on top, in reverse, so that the list keeps its order
// there). One at a time, each removal copies its source zone's list and
// searches it from the start, so moving a third of a hundred-card zone
// (a setup's `move: filter(box, …)`) copies and searches it thirty times.
//
// moveBatch does the same in one pass per zone: it groups the cards by
// the zone they lie in, rebuilds each source list once without them and
// the destination's once with them. The result is the one-at-a-time
// result, card for card and zone for zone, whenever no card is moved
// twice: a card that already lies in the destination leaves it and comes
// back after the cards before it in both (the sources are rebuilt before
// the destination), and a card's take is noted before it moves in both.
// A move that names a card twice goes one card at a time. The same names
// are touched, so triggers and remembered calls see the same writes.

// moveBatchMin is the fewest cards moved as a batch.
const moveBatchMin = 2

// moveSource is a zone location cards are taken from, and which.
type moveSource struct {
	zone, key string // the zone, and its key in a family ("" for none)
	owner     int
	nums      []int // the moved cards' numbers, in the move's order
}

// moveCards moves cards (in the order they are processed: reversed for
// top) into zone location into of owner.
func (g *Game) moveCards(cards []any, into string, owner int, top bool) error {
	if nums, ok := g.batchable(cards); ok {
		return g.moveBatch(cards, nums, into, owner, top)
	}
	return g.moveEach(cards, into, owner, top)
}

// moveEach moves cards one at a time: what a move is by definition.
func (g *Game) moveEach(cards []any, into string, owner int, top bool) error {
	for _, x := range cards {
		c, ok := x.(map[string]any)
		if !ok || !g.isCard(c) {
			return fmt.Errorf("move: %s is not a card", describe(x))
		}
		g.noteTake(c, into, owner)
		if err := g.removeCard(c); err != nil {
			return err
		}
		g.putCard(c, into, owner, top)
	}
	return nil
}

// batchable gives the card numbers of cards when moving them at once is
// moving them one at a time: at least moveBatchMin cards of the game,
// each once.
func (g *Game) batchable(cards []any) ([]int, bool) {
	if len(cards) < moveBatchMin {
		return nil, false
	}
	nums := make([]int, len(cards))
	var seen []bool
	if len(cards) > 16 {
		seen = make([]bool, len(g.st.cards))
	}
	for k, x := range cards {
		c, ok := x.(map[string]any)
		if !ok {
			return nil, false
		}
		i, ok := g.cardNumOf(c)
		if !ok || g.st.cards[i] == nil {
			return nil, false
		}
		if seen != nil {
			if seen[i] {
				return nil, false
			}
			seen[i] = true
		} else {
			for _, j := range nums[:k] {
				if j == i {
					return nil, false
				}
			}
		}
		nums[k] = i
	}
	return nums, true
}

// moveBatch moves the cards of numbers nums (batchable) into zone
// location into of owner: the takes noted, each source zone rebuilt once,
// then the destination.
func (g *Game) moveBatch(cards []any, nums []int, into string, owner int, top bool) error {
	var buf [2]moveSource
	sources := buf[:0]
	from := make([]int, len(cards))
	for k, x := range cards {
		g.noteTake(x.(map[string]any), into, owner)
		l := g.st.loc[nums[k]]
		j := 0
		for j < len(sources) && !l.at(sources[j].zone, sources[j].key, sources[j].owner) {
			j++
		}
		if j == len(sources) {
			zone, _ := l.zone.(string)
			key, _ := l.key.(string)
			sources = append(sources, moveSource{zone: zone, key: key, owner: l.owner})
		}
		from[k] = j
	}
	for j, s := range sources {
		s.nums = nums // the usual move: every card from one zone
		if len(sources) > 1 {
			s.nums = nil
			for k, n := range nums {
				if from[k] == j {
					s.nums = append(s.nums, n)
				}
			}
		}
		where := s.zone
		if s.key != "" {
			where = familyLoc(s.zone, s.key)
		}
		list, err := g.withoutAll(g.zoneList(where, s.owner), s.nums)
		if err != nil {
			return fmt.Errorf("internal: card %v not found in its zone %s", err, where)
		}
		g.setZone(where, s.owner, list)
	}
	g.putCards(nums, into, owner, top)
	return nil
}

// withoutAll is list without the cards of numbers nums (every one in
// it), in a new array unless they are its first or its last cards (lists
// are never written in place: cow.go). The error is the id of a card not
// found. A card is known by its number (cardNumOf: its map's address for
// a Program's card), not by its id read from its map.
func (g *Game) withoutAll(list []any, nums []int) ([]any, error) {
	var set []bool
	if len(nums) > 8 {
		set = make([]bool, len(g.st.cards))
		for _, n := range nums {
			set[n] = true
		}
	}
	moved := func(e any) bool {
		c, _ := e.(map[string]any)
		n, ok := g.cardNumOf(c)
		if !ok {
			return false
		}
		if set != nil {
			return set[n]
		}
		return slices.Contains(nums, n)
	}
	first, last, found := -1, -1, 0
	for i, e := range list {
		if moved(e) {
			if first < 0 {
				first = i
			}
			last, found = i, found+1
		}
	}
	if found != len(nums) {
		return nil, g.missingID(list, nums)
	}
	n, k := len(list), len(nums)
	switch {
	case first == 0 && last == k-1:
		return list[k:], nil
	case first == n-k && last == n-1:
		return list[: n-k : n-k], nil
	}
	out := make([]any, 0, n-k)
	for _, e := range list {
		if !moved(e) {
			out = append(out, e)
		}
	}
	return out, nil
}

// missingID is the id of the first of the cards of numbers nums that list
// lacks, for the error.
func (g *Game) missingID(list []any, nums []int) error {
	for _, n := range nums {
		found := false
		for _, e := range list {
			if c, _ := e.(map[string]any); c != nil {
				if m, ok := g.cardNumOf(c); ok && m == n {
					found = true
					break
				}
			}
		}
		if !found {
			return fmt.Errorf("%v", g.st.cards[n]["id"])
		}
	}
	return fmt.Errorf("%v", g.st.cards[nums[0]]["id"]) // a card listed twice in its zone
}

// drawAtOnce draws the first n cards of list, the cards of zone location
// from of owner fromOwner, into zone location into of owner, as n single
// draws would: the source zone is cut once and the cards put at once
// (putCards keeps their order, on top each above the last). It does
// nothing and reports false when they are not cards to move at once
// (batchable). The caller makes sure no refill is needed and that the
// two zones differ (a draw onto the top of its own zone puts every card
// back where it was).
func (g *Game) drawAtOnce(list []any, n int, from string, fromOwner int, into string, owner int, top bool) bool {
	drawn := list[:n]
	nums, ok := g.batchable(drawn)
	if !ok {
		return false
	}
	g.setZone(from, fromOwner, list[n:]) // the rest is shared (cow.go)
	for _, x := range drawn {
		g.noteTake(x.(map[string]any), into, owner)
	}
	g.putCards(nums, into, owner, top)
	return true
}

// putCards puts the cards of numbers nums (the order they are processed
// in) into zone location into of owner, as putCard one at a time does: at
// the bottom in that order, or on top each above the last.
func (g *Game) putCards(nums []int, into string, owner int, top bool) {
	list, mark := g.zoneList(into, owner), g.zoneMark(into, owner)
	var out []any
	switch {
	case top:
		out = make([]any, 0, listRoom(len(list)+len(nums)))
		for k := len(nums) - 1; k >= 0; k-- {
			out = append(out, g.st.cards[nums[k]])
		}
		out = append(out, list...)
	case len(list)+len(nums) <= cap(list) && g.appendable(list, mark):
		out = list // past every holder's end (zonetail.go)
	default:
		out = append(make([]any, 0, listRoom(len(list)+len(nums))), list...)
	}
	if !top {
		for _, i := range nums {
			out = append(out, g.st.cards[i])
		}
	}
	for _, i := range nums {
		g.setLocOf(i, into, owner)
	}
	g.touch(cardsToken)
	g.setZone(into, owner, out)
	if mark >= 0 {
		g.marks()[mark] = true // the list is on an array this state made, whole
	}
}

// at reports whether the location is zone location zone (key in a
// family, "" for none) of owner, without building its name.
func (l *cardLoc) at(zone, key string, owner int) bool {
	z, _ := l.zone.(string)
	k, _ := l.key.(string)
	return z == zone && k == key && l.owner == owner
}
