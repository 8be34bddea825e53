package schema

import (
	"slices"
	"strings"
)

// effects checks every effect list of the ruleset: setup, flow, phases,
// procedures and triggers, and the lists nested in them.
func (v *validator) effects() {
	rs := v.rs
	v.list(rs.Setup)
	v.list(rs.Flow)
	for _, name := range rs.PhaseOrder {
		if p := rs.Phases[name]; p != nil {
			if len(p.Params) > 0 {
				v.ds.Addf(p.Params[0].Pos, "phase %s: a phase takes no params (use a procedure and call:)", name)
			}
			v.list(p.Do)
		}
	}
	for _, name := range rs.ProcedureOrder {
		if p := rs.Procedures[name]; p != nil {
			v.params("procedure "+name, p.Params)
			v.list(p.Do)
		}
	}
	v.triggers()
	v.views()
}

// triggers checks trigger names are unique and their effects.
func (v *validator) triggers() {
	seen := map[string]Pos{}
	for _, t := range v.rs.Triggers {
		if t == nil {
			continue
		}
		if prev, dup := seen[t.Name]; dup && t.Name != "" {
			v.ds.Addf(t.Pos, "trigger %q is already defined at %s", t.Name, prev)
		}
		seen[t.Name] = t.Pos
		v.deadTrigger(t)
		v.list(t.Do)
	}
}

// views checks view names are unique.
func (v *validator) views() {
	seen := map[string]Pos{}
	for _, w := range v.rs.Views {
		if w == nil {
			continue
		}
		if prev, dup := seen[w.Name]; dup && w.Name != "" {
			v.ds.Addf(w.Pos, "view %q is already defined at %s", w.Name, prev)
		}
		seen[w.Name] = w.Pos
		if w.Visibility != "" {
			v.oneOf(w.Pos, "visibility", w.Visibility, []string{"public", "owner"})
		}
		v.viewScope(w)
	}
	if s := v.rs.Scoring; s != nil {
		for _, d := range s.Details {
			if d != nil && d.PerPlace != "" {
				v.ds.Addf(d.Pos, "score detail %q: per_place is for views (a score detail is per player)", d.Name)
			}
		}
	}
}

// viewScope checks what a view is evaluated for: the game, each player
// (per_player) or each node of a board (per_place), and that visibility
// owner goes with per_player only.
func (v *validator) viewScope(w *View) {
	if w.PerPlace != "" {
		if _, ok := v.rs.Boards[w.PerPlace]; !ok {
			v.ds.Addf(w.Pos, "view %q: per_place names unknown board %q%s", w.Name, w.PerPlace, DidYouMean(w.PerPlace, v.rs.BoardOrder))
		}
		if w.PerPlayer {
			v.ds.Addf(w.Pos, "view %q: per_place and per_player cannot go together (a view is evaluated per place or per player); drop one", w.Name)
		}
	}
	switch {
	case w.Visibility != "owner" || w.PerPlayer:
	case w.PerPlace != "":
		v.ds.Addf(w.Pos, "view %q: visibility owner is for per_player views (a place belongs to no player); drop it or use public", w.Name)
	default:
		v.ds.Addf(w.Pos, "view %q: visibility owner needs per_player: true (a view of the whole game belongs to no player)", w.Name)
	}
}

// list checks each effect of a list.
func (v *validator) list(effects []*Effect) {
	for _, e := range effects {
		if e != nil {
			v.effect(e)
		}
	}
}

// effect checks one effect and the lists nested in it.
func (v *validator) effect(e *Effect) {
	switch e.Kind {
	case "call":
		v.call(e)
	case "phase":
		v.phase(e)
	case "while":
		v.while(e)
		v.deadCondition(e)
	case "if":
		v.deadCondition(e)
	case "choose":
		v.choice(e.Choose)
	}
	if e.At != "" {
		v.oneOf(e.Pos, "at", e.At, []string{"top", "bottom"})
	}
	if e.As != "" {
		v.ident(e.Pos, "as", e.As)
	}
	for _, b := range e.Let {
		v.ident(b.Pos, "let name", b.Name)
	}
	v.list(e.Then)
	v.list(e.Else)
	v.list(e.Do)
}

// call checks that a call names a procedure and binds exactly its params.
func (v *validator) call(e *Effect) {
	if e.Call == "" {
		return
	}
	p, ok := v.rs.Procedures[e.Call]
	if !ok || p == nil {
		hint := DidYouMean(e.Call, v.rs.ProcedureOrder)
		if _, isPhase := v.rs.Phases[e.Call]; isPhase {
			hint = " (it is a phase: run it with phase:)"
		}
		v.ds.Addf(e.Pos, "call: unknown procedure %q%s", e.Call, hint)
		return
	}
	names := make([]string, len(p.Params))
	for i, param := range p.Params {
		names[i] = param.Name
	}
	bound := map[string]bool{}
	for _, b := range e.With {
		bound[b.Name] = true
		if !slices.Contains(names, b.Name) {
			v.ds.Addf(b.Pos, "call %s: procedure has no parameter %q%s", e.Call, b.Name, DidYouMean(b.Name, names))
		}
	}
	for _, n := range names {
		if !bound[n] {
			v.ds.Addf(e.Pos, "call %s: missing parameter %q in with:", e.Call, n)
		}
	}
}

// phase checks that a phase effect names a phase.
func (v *validator) phase(e *Effect) {
	if e.Phase == "" {
		return
	}
	if _, ok := v.rs.Phases[e.Phase]; ok {
		return
	}
	hint := DidYouMean(e.Phase, v.rs.PhaseOrder)
	if _, isProc := v.rs.Procedures[e.Phase]; isProc {
		hint = " (it is a procedure: run it with call:)"
	}
	v.ds.Addf(e.Pos, "phase: unknown phase %q%s", e.Phase, hint)
}

// while reports `while: true` loops with no end_game inside.
func (v *validator) while(e *Effect) {
	if strings.TrimSpace(e.While.Src) != "true" {
		return
	}
	if !v.endsGame(e.Do, map[string]bool{}) {
		v.ds.Addf(e.Pos, "loop never exits: while true has no end_game in its do list or the procedures and phases it runs")
	}
}

// endsGame reports whether an end_game effect is reachable in list,
// following calls and phases once each.
func (v *validator) endsGame(list []*Effect, visited map[string]bool) bool {
	for _, e := range list {
		if e != nil && v.effectEndsGame(e, visited) {
			return true
		}
	}
	return false
}

// effectEndsGame reports whether an end_game is reachable from e.
func (v *validator) effectEndsGame(e *Effect, visited map[string]bool) bool {
	switch e.Kind {
	case "end_game":
		return true
	case "call":
		return v.runEndsGame("procedure "+e.Call, v.rs.Procedures[e.Call], visited)
	case "phase":
		return v.runEndsGame("phase "+e.Phase, v.rs.Phases[e.Phase], visited)
	case "choose":
		if e.Choose != nil {
			for _, o := range e.Choose.Options {
				if o != nil && v.endsGame(o.Do, visited) {
					return true
				}
			}
			if p := e.Choose.Pick; p != nil && v.endsGame(p.Do, visited) {
				return true
			}
		}
	}
	return v.endsGame(e.Then, visited) || v.endsGame(e.Else, visited) || v.endsGame(e.Do, visited)
}

// runEndsGame follows a procedure or phase once.
func (v *validator) runEndsGame(key string, p *Procedure, visited map[string]bool) bool {
	if p == nil || visited[key] {
		return false
	}
	visited[key] = true
	return v.endsGame(p.Do, visited)
}

// isOptionKey reports whether s is letters, digits, _ and -.
func isOptionKey(s string) bool {
	for _, r := range s {
		if r != '_' && r != '-' && !(r >= 'a' && r <= 'z') && !(r >= 'A' && r <= 'Z') && !(r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// choice checks option keys and the option groups' modifiers.
func (v *validator) choice(c *Choice) {
	if c == nil {
		return
	}
	v.pick(c)
	if c.Pick == nil && c.Options != nil && len(c.Options) == 0 {
		// options: [] can never offer anything: every game stopped there
		v.ds.Addf(c.Pos, "options: [] offers nothing: a choose needs at least one option (or a pick)")
	}
	seen := map[string]Pos{}
	for _, o := range c.Options {
		if o == nil {
			continue
		}
		if prev, dup := seen[o.Key]; dup {
			v.ds.Addf(o.Pos, "option key %q is already used at %s", o.Key, prev)
		}
		seen[o.Key] = o.Pos
		if o.Key != "" && !isOptionKey(o.Key) {
			v.ds.Addf(o.Pos, "option key %q: use letters, digits, _ and -", o.Key)
		}
		v.option(o)
		v.deadOption(o)
		v.list(o.Do)
	}
}

// option checks that for_each, as and distinct go together.
func (v *validator) option(o *Option) {
	switch {
	case o.ForEach.IsSet() && o.As == "":
		v.ds.Addf(o.Pos, "option %s: for_each needs \"as\"", o.Key)
	case !o.ForEach.IsSet() && o.As != "":
		v.ds.Addf(o.Pos, "option %s: \"as\" needs for_each", o.Key)
	case o.As != "":
		v.ident(o.Pos, "as", o.As)
	}
	if o.Distinct.IsSet() && !o.ForEach.IsSet() {
		v.ds.Addf(o.Pos, "option %s: distinct needs for_each", o.Key)
	}
}
