package schema

import (
	"fmt"
	"sort"
	"strings"
)

// Warnings: rules that load and run but can never do anything, which a
// load can see without running the game. A condition written as the
// literal false (when: false, if: false) leaves what it guards dead; an
// end_game that setup always reaches ends every game before anyone
// decides (simulate and play say so after the fact; validate says it at
// the rule). Only literals are read: a constant may be false in the base
// rules and true in a variant, so a condition on one is no mistake.
// Warnings do not fail a load: they go to Ruleset.Warnings, which agon
// validate prints.

// warnf records a warning at pos.
func (v *validator) warnf(pos Pos, format string, args ...any) {
	v.rs.Warnings = append(v.rs.Warnings, Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// sortWarnings sorts the warnings by position.
func (v *validator) sortWarnings() {
	sort.SliceStable(v.rs.Warnings, func(i, j int) bool { return v.rs.Warnings[i].Pos.Before(v.rs.Warnings[j].Pos) })
}

// literally reports whether e is written as the word (true or false).
func literally(e Expr, word string) bool {
	return e.IsSet() && strings.TrimSpace(e.Src) == word
}

// deadCondition warns of an if or while whose condition is a literal
// that leaves one of its lists dead.
func (v *validator) deadCondition(e *Effect) {
	switch {
	case e.Kind == "if" && literally(e.If, "false") && len(e.Then) > 0:
		v.warnf(e.If.Pos, "if false: its then never runs")
	case e.Kind == "if" && literally(e.If, "true") && len(e.Else) > 0:
		v.warnf(e.If.Pos, "if true: its else never runs")
	case e.Kind == "while" && literally(e.While, "false") && len(e.Do) > 0:
		v.warnf(e.While.Pos, "while false: its do never runs")
	}
}

// deadTrigger warns of a trigger that can never fire.
func (v *validator) deadTrigger(t *Trigger) {
	switch {
	case literally(t.When, "false"):
		v.warnf(t.When.Pos, "trigger %q never fires: its when is false", t.Name)
	case literally(t.Active, "false"):
		v.warnf(t.Active.Pos, "trigger %q never fires: its active is false", t.Name)
	}
}

// deadOption warns of an option that is never offered or never legal.
func (v *validator) deadOption(o *Option) {
	switch {
	case literally(o.When, "false"):
		v.warnf(o.When.Pos, "option %s is never offered: its when is false", o.Key)
	case literally(o.LegalIfAfter, "false"):
		v.warnf(o.LegalIfAfter.Pos, "option %s is never legal: its legal_if_after is false", o.Key)
	}
}

// deadPick warns of a pick that never offers a candidate.
func (v *validator) deadPick(p *Pick) {
	if literally(p.When, "false") {
		v.warnf(p.When.Pos, "the pick never offers a candidate: its when is false")
	}
}

// endsBeforeDecision warns of an end_game that every game reaches before
// its first decision: one that setup runs unconditionally (directly, or in
// a phase or procedure it runs), or the flow after it when no trigger can
// ask a decision in between. An effect that may ask a decision, or a
// condition or loop around the end_game, stops the search.
func (v *validator) endsBeforeDecision() {
	s := &deadEndSearch{v: v}
	if s.list(v.rs.Setup, "setup", map[string]bool{}) || s.stopped {
		return
	}
	for _, t := range v.rs.Triggers {
		if t != nil && s.mayDecide(t.Do, map[string]bool{}) {
			return // a trigger may ask a decision before the flow's end_game
		}
	}
	s.list(v.rs.Flow, "the flow", map[string]bool{})
}

// deadEndSearch walks the effects every game runs first, in order.
type deadEndSearch struct {
	v *validator
	// stopped is set at the first effect that may ask a decision or
	// that the search cannot see through.
	stopped bool
}

// list walks an effect list that runs unconditionally; where says what
// runs it. It reports whether it found (and warned of) an end_game.
func (s *deadEndSearch) list(effects []*Effect, where string, visited map[string]bool) bool {
	for _, e := range effects {
		if e == nil || s.stopped {
			return false
		}
		switch e.Kind {
		case "end_game":
			s.v.warnf(e.Pos, "this end_game always runs before anyone decides (%s runs it unconditionally): every game ends at once", where)
			return true
		case "call", "phase":
			key, p := s.v.runOf(e)
			if p == nil || visited[key] {
				s.stopped = true
				return false
			}
			visited[key] = true
			if s.list(p.Do, fmt.Sprintf("%s, through %s at %s,", where, key, e.Pos), visited) {
				return true
			}
		case "let", "set", "add", "move", "draw", "shuffle", "roll", "log":
		default:
			s.stopped = s.mayDecide([]*Effect{e}, map[string]bool{})
		}
	}
	return false
}

// runOf is the procedure or phase a call or phase effect runs, and its
// key for visited sets.
func (v *validator) runOf(e *Effect) (string, *Procedure) {
	if e.Kind == "call" {
		return "procedure " + e.Call, v.rs.Procedures[e.Call]
	}
	return "phase " + e.Phase, v.rs.Phases[e.Phase]
}

// mayDecide reports whether a choose is reachable in list, following
// calls and phases once each.
func (s *deadEndSearch) mayDecide(list []*Effect, visited map[string]bool) bool {
	for _, e := range list {
		if e == nil {
			continue
		}
		switch e.Kind {
		case "choose":
			return true
		case "call", "phase":
			key, p := s.v.runOf(e)
			if p == nil || visited[key] {
				continue
			}
			visited[key] = true
			if s.mayDecide(p.Do, visited) {
				return true
			}
		}
		if s.mayDecide(e.Then, visited) || s.mayDecide(e.Else, visited) || s.mayDecide(e.Do, visited) {
			return true
		}
	}
	return false
}
