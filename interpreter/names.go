package interpreter

import (
	"fmt"
	"strings"
)

// PlayerName names a player (counted from 0, as in expressions and a
// transcript's decide: steps) the way people read it: P1 … Pn. Every
// message meant for people uses it, so one message never mixes the two
// ways of counting.
func PlayerName(p int) string { return fmt.Sprintf("P%d", p+1) }

// playerList names players for people: [P1 P3].
func playerList(players []int) string {
	names := make([]string, len(players))
	for i, p := range players {
		names[i] = PlayerName(p)
	}
	return "[" + strings.Join(names, " ") + "]"
}
