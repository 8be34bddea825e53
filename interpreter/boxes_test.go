package interpreter

import (
	"fmt"
	"testing"
)

// TestBoxStringReusesBoxes requires boxString to give back the string it
// was given, whatever the table held before (collisions included), and to
// box a string it boxed last time without allocating.
func TestBoxStringReusesBoxes(t *testing.T) {
	g := &Game{}
	for round := 0; round < 2; round++ {
		for i := 0; i < 4*stringBoxSlots; i++ {
			s := fmt.Sprintf("card_%d", i)
			if got := g.boxString(s); got != s {
				t.Fatalf("boxString(%q) = %v", s, got)
			}
		}
	}
	if got := g.boxString(""); got != "" {
		t.Fatalf("boxString(\"\") = %v", got)
	}
	s := fmt.Sprint("wood") // not a constant: boxing it allocates
	g.boxString(s)
	if n := testing.AllocsPerRun(100, func() { _ = g.boxString(s) }); n != 0 {
		t.Errorf("boxString allocates %v times for a string it boxed before", n)
	}
	var fresh Game
	fresh.boxString("x")
	if &fresh.boxes[0] == &g.boxes[0] {
		t.Error("two games share a table")
	}
	if len(g.boxes) != stringBoxSlots {
		t.Errorf("a game that boxed %d strings has a table of %d slots, want %d", 4*stringBoxSlots, len(g.boxes), stringBoxSlots)
	}
	few := &Game{}
	for range 10 {
		for i := range 20 {
			few.boxString(fmt.Sprintf("zone_%d", i))
		}
	}
	if len(few.boxes) != firstBoxSlots {
		t.Errorf("a game that walks 20 strings has a table of %d slots, want %d", len(few.boxes), firstBoxSlots)
	}
	if !start(t, dealGame, 2).Clone().clonedBoxes {
		t.Error("a clone does not get the small table")
	}
	clone := &Game{clonedBoxes: true}
	for i := 0; i < 4*stringBoxSlots; i++ {
		clone.boxString(fmt.Sprintf("card_%d", i))
	}
	if len(clone.boxes) != cloneBoxSlots || &clone.boxes[0] == &g.boxes[0] {
		t.Errorf("a clone's table has %d slots (want its own %d)", len(clone.boxes), cloneBoxSlots)
	}
}

// TestBoxStringKeepsTwoStringsOfOneSet: two strings whose slots collide,
// boxed in turn (a loop over a list holding both), are both kept, so the
// turns allocate nothing; a third of the same set evicts the older.
func TestBoxStringKeepsTwoStringsOfOneSet(t *testing.T) {
	var same []string
	first := boxSet("s0", firstBoxSlots) // a new game's table
	for i := 1; len(same) < 2; i++ {
		if s := fmt.Sprintf("s%d", i); boxSet(s, firstBoxSlots) == first {
			same = append(same, s)
		}
	}
	a, b, c := fmt.Sprint("s0"), same[0], same[1]
	g := &Game{}
	g.boxString(a)
	g.boxString(b)
	if n := testing.AllocsPerRun(100, func() { _, _ = g.boxString(a), g.boxString(b) }); n != 0 {
		t.Errorf("boxing %q and %q in turn allocates %v times", a, b, n)
	}
	if got := g.boxString(c); got != c {
		t.Fatalf("boxString(%q) = %v", c, got)
	}
	for _, s := range []string{a, b, c} {
		if got := g.boxString(s); got != s {
			t.Fatalf("boxString(%q) = %v after a third string of its set", s, got)
		}
	}
}
