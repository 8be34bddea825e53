package interpreter

import (
	"cmp"
	"fmt"
	"slices"
)

// CallCounts counts, for the games that are given it (Config.Counts), how
// often each ruleset function is called and the steps those calls take:
// one for the call and one for each round of a predicate (any, count,
// filter, sum, …) in it, its callees' included. Those are the steps
// MaxExprSteps bounds, so they say where a ruleset asks the engine for
// work, by function, the same on every machine (agon bench --functions).
// A call a game remembered (callmemo.go) counts what computing it takes.
// It belongs to one Program, and to one game at a time.
type CallCounts struct {
	prog  *Program
	calls []int
	steps []int
	games int
}

// FunctionCalls is one ruleset function's count in a CallCounts.
type FunctionCalls struct {
	Name  string // the function's name
	Pos   string // where it is declared, file:line:col
	Calls int    // calls, in all the games counted
	Steps int    // steps of those calls, their callees' included
}

// Games is the number of games counted.
func (c *CallCounts) Games() int { return c.games }

// Functions lists the functions called at least once, the most steps
// first (then by name).
func (c *CallCounts) Functions() []FunctionCalls {
	var out []FunctionCalls
	for i, f := range c.prog.funcOrder {
		if c.calls[i] > 0 {
			out = append(out, FunctionCalls{Name: f.name, Pos: f.pos.String(), Calls: c.calls[i], Steps: c.steps[i]})
		}
	}
	slices.SortStableFunc(out, func(a, b FunctionCalls) int {
		return cmp.Or(cmp.Compare(b.Steps, a.Steps), cmp.Compare(a.Name, b.Name))
	})
	return out
}

// countFor readies c for a game of p.
func (c *CallCounts) countFor(p *Program) error {
	if c.prog == nil {
		c.prog, c.calls, c.steps = p, make([]int, len(p.funcOrder)), make([]int, len(p.funcOrder))
	}
	if c.prog != p {
		return fmt.Errorf("call counts: kept for another ruleset")
	}
	c.games++
	return nil
}

// count adds a call of f that took steps steps.
func (c *CallCounts) count(f *function, steps int) {
	c.calls[f.index]++
	c.steps[f.index] += steps
}
