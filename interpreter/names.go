package interpreter

import "fmt"

// PlayerName names a player (counted from 0, as in expressions and a
// transcript's decide: steps) the way people read it: P1 … Pn. Every
// message meant for people uses it, so one message never mixes the two
// ways of counting.
func PlayerName(p int) string { return fmt.Sprintf("P%d", p+1) }
