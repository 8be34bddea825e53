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
		t.Errorf("a game's table has %d slots, want %d", len(g.boxes), stringBoxSlots)
	}
	if !start(t, dealGame, 2).Clone().clonedBoxes {
		t.Error("a clone does not get the small table")
	}
	clone := &Game{clonedBoxes: true}
	clone.boxString("y")
	if len(clone.boxes) != cloneBoxSlots || &clone.boxes[0] == &g.boxes[0] {
		t.Errorf("a clone's table has %d slots (want its own %d)", len(clone.boxes), cloneBoxSlots)
	}
}
