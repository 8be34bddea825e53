package interpreter

import (
	"fmt"
	"slices"
	"strings"

	"agon/schema"
)

// Variables get their values in declaration order: every global var (its
// init evaluated once), then each player's player vars, player by player.
// An init that reads a var not set yet (a later one, itself, a cycle, or
// from a global init any player var) read nothing and failed at run time
// ("expected two ints, got nothing"), after validate said ok; it is a load
// error at the init. What an init reads is found as for triggers
// (triggerdeps.go), through the ruleset functions it calls; an init the
// analysis cannot follow is not checked.

// checkInitOrder reports the inits that read a var without a value yet.
func (p *Program) checkInitOrder(pure []string, ds *schema.Diagnostics) {
	a := newReadAnalyzer(p, pure)
	reads := func(v varInit) []string {
		rs := &readSet{names: map[string]bool{}}
		a.reads(v.init, rs)
		if v.init == nil || rs.all {
			return nil
		}
		names := make([]string, 0, len(rs.names))
		for n := range rs.names {
			names = append(names, n)
		}
		slices.Sort(names) // one message, the same every time
		return names
	}
	globals := indexOfVars(p.vars)
	for i, v := range p.vars {
		for _, n := range reads(v) {
			if msg := globalInitRead(v.name, n, i, globals, p, reads); msg != "" {
				ds.Addf(v.init.src.Pos, "%s", msg)
				break
			}
		}
	}
	players := indexOfVars(p.playerVars)
	for i, v := range p.playerVars {
		for _, n := range reads(v) {
			f, ok := strings.CutPrefix(n, playerFieldPrefix)
			if j, isVar := players[f]; ok && isVar && j >= i {
				ds.Addf(v.init.src.Pos, "%s", laterVar("player var", v.name, f, i, j, reads(p.playerVars[j]), playerFieldPrefix+v.name))
				break
			}
		}
	}
}

// globalInitRead is the problem of global var name (the i-th) reading
// state name n, or "".
func globalInitRead(name, n string, i int, globals map[string]int, p *Program, reads func(varInit) []string) string {
	if j, ok := globals[n]; ok && j >= i {
		return laterVar("var", name, n, i, j, reads(p.vars[j]), name)
	}
	if f, ok := strings.CutPrefix(n, playerFieldPrefix); ok {
		if _, isVar := indexOfVars(p.playerVars)[f]; isVar {
			return fmt.Sprintf("var %s's init reads the player var %s, which has no value yet: global vars are set before player vars; compute it from what the player vars' inits compute", name, f)
		}
	}
	return ""
}

// laterVar says that var name (the i-th of its kind) reads other (the
// j-th, j >= i), whose init reads theirs; self is how other's reads name
// name.
func laterVar(kind, name, other string, i, j int, theirs []string, self string) string {
	switch {
	case i == j:
		return fmt.Sprintf("%s %s's init reads %s itself, which has no value yet", kind, name, name)
	case slices.Contains(theirs, self):
		return fmt.Sprintf("%s %s's init reads %s, whose init reads %s: a cycle, and neither has a value yet; give one of them an init that does not read the other", kind, name, other, name)
	}
	return fmt.Sprintf("%s %s's init reads %s, which is set after it (inits run in declaration order): declare %s first", kind, name, other, other)
}

// indexOfVars maps each var to its place in vars.
func indexOfVars(vars []varInit) map[string]int {
	out := make(map[string]int, len(vars))
	for i, v := range vars {
		out[v.name] = i
	}
	return out
}
