package interpreter

import (
	"reflect"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"agon/schema"
)

// Two more places where a designer types a word outside a comparison:
// `set: players[p].mood, to: "'angyr'"` assigns a literal to a
// variable or prop whose values come from a vocabulary, and
// `call: strike, with: {cat: "'tempst'"}` gives a literal to a procedure
// parameter that the procedure's body compares with (or indexes with)
// something whose words are known. Both are checked here, on the effect
// lists, before the effects are compiled.

// effectLists returns every effect list of rs, with the parameters in
// scope (nil outside procedures) and the procedure's name ("" outside).
func effectLists(rs *schema.Ruleset) []effectList {
	out := []effectList{{effs: rs.Setup}, {effs: rs.Flow}}
	for _, n := range rs.PhaseOrder {
		if p := rs.Phases[n]; p != nil {
			out = append(out, effectList{effs: p.Do, params: p.Params})
		}
	}
	for _, n := range rs.ProcedureOrder {
		if p := rs.Procedures[n]; p != nil {
			out = append(out, effectList{effs: p.Do, params: p.Params, proc: n})
		}
	}
	for _, t := range rs.Triggers {
		if t != nil {
			out = append(out, effectList{effs: t.Do})
		}
	}
	return out
}

// effectList is one top-level effect list and what it is part of.
type effectList struct {
	effs   []*schema.Effect
	params []schema.Param
	proc   string
}

// walkEffects calls fn for every effect in effs, options' effects and
// nested lists included.
func walkEffects(effs []*schema.Effect, fn func(*schema.Effect)) {
	for _, e := range effs {
		if e == nil {
			continue
		}
		fn(e)
		walkEffects(e.Then, fn)
		walkEffects(e.Else, fn)
		walkEffects(e.Do, fn)
		if e.Choose != nil {
			for _, o := range e.Choose.Options {
				if o != nil {
					walkEffects(o.Do, fn)
				}
			}
		}
	}
}

// exprsOf lists the expressions an effect writes itself (not those of its
// nested effects).
func exprsOf(e *schema.Effect) []schema.Expr {
	var out []schema.Expr
	v := reflect.ValueOf(e).Elem()
	exprType := reflect.TypeFor[schema.Expr]()
	for i := range v.NumField() {
		if v.Type().Field(i).Type != exprType {
			continue // (Interface() of every field boxed it: ~3% of loading's bytes)
		}
		if x := v.Field(i).Addr().Interface().(*schema.Expr); x.IsSet() {
			out = append(out, *x)
		}
	}
	for _, b := range slices.Concat(e.Let, e.With) {
		out = append(out, b.Expr)
	}
	if c := e.Choose; c != nil {
		out = append(out, c.Who)
		for _, o := range c.Options {
			if o != nil {
				out = append(out, o.ForEach, o.Distinct, o.When)
			}
		}
	}
	return out
}

// localsOf are the names an effect list binds (parameters, let, as):
// they are never the global of the same name.
func localsOf(l effectList) map[string]bool {
	out := map[string]bool{}
	for _, p := range l.params {
		out[p.Name] = true
	}
	walkEffects(l.effs, func(e *schema.Effect) {
		out[e.As] = true
		for _, b := range e.Let {
			out[b.Name] = true
		}
		if e.Choose != nil {
			for _, o := range e.Choose.Options {
				if o != nil {
					out[o.As] = true
				}
			}
		}
	})
	return out
}

// checkEffects infers the words of procedure parameters, then checks the
// literals of set/to and call/with.
func (l *literalChecker) checkEffects(rs *schema.Ruleset) {
	lists := effectLists(rs)
	procWords := map[string][]schema.Words{}
	for _, list := range lists {
		if list.proc != "" {
			procWords[list.proc] = l.inferProcParams(list)
			for _, p := range list.params {
				l.procParams[list.proc] = append(l.procParams[list.proc], p.Name)
			}
		}
	}
	// A parameter passed on (with: {cat: cat}) or stored (set: c.x, to:
	// cat) takes the words of where it goes; a few rounds reach chains of
	// calls.
	for range 4 {
		for _, list := range lists {
			if list.proc != "" {
				l.inferPassedOn(list, procWords)
			}
		}
	}
	for _, list := range lists {
		locals := localSet{names: localsOf(list)}
		walkEffects(list.effs, func(e *schema.Effect) {
			switch e.Kind {
			case "set":
				l.checkSet(e, locals)
			case "call":
				l.checkWith(e, rs.Procedures[e.Call], procWords[e.Call])
			}
		})
	}
}

// inferProcParams gives a procedure's string parameters the words of what
// its expressions compare them with or index with them.
func (l *literalChecker) inferProcParams(list effectList) []schema.Words {
	words := make([]schema.Words, len(list.params))
	if !slices.ContainsFunc(list.params, isStringParam) {
		return words // only a string parameter takes words
	}
	locals := localSet{names: localsOf(list)}
	walkEffects(list.effs, func(e *schema.Effect) {
		for _, x := range exprsOf(e) {
			if tree, err := l.parse(x.Src); err == nil {
				ast.Find(tree.Node, func(n ast.Node) bool {
					l.inferFrom(n, list.params, words, locals)
					return false
				})
			}
		}
	})
	return words
}

// inferPassedOn gives a procedure's parameter the words of the target it
// is assigned to or of the procedure parameter it is passed to.
func (l *literalChecker) inferPassedOn(list effectList, procWords map[string][]schema.Words) {
	words := procWords[list.proc]
	locals := localSet{names: localsOf(list)}
	param := func(src schema.Expr) int {
		tree, err := l.parse(src.Src)
		if err != nil {
			return -1
		}
		id, ok := tree.Node.(*ast.IdentifierNode)
		if !ok {
			return -1
		}
		return slices.IndexFunc(list.params, func(p schema.Param) bool { return p.Name == id.Value && p.Type == "string" })
	}
	walkEffects(list.effs, func(e *schema.Effect) {
		switch {
		case e.Kind == "set":
			if i := param(e.To); i >= 0 && !words[i].IsSet() {
				if target, err := l.parse(e.Set.Src); err == nil {
					words[i], _, _ = l.wordsOf(target.Node, locals, false)
				}
			}
		case e.Kind == "call":
			callee := procWords[e.Call]
			for _, b := range e.With {
				if i := param(b.Expr); i >= 0 && !words[i].IsSet() {
					words[i] = l.calleeWords(e.Call, b.Name, callee)
				}
			}
		}
	})
}

// calleeWords returns the words of parameter name of the procedure whose
// inferred words are callee.
func (l *literalChecker) calleeWords(proc, name string, callee []schema.Words) schema.Words {
	for i, n := range l.procParams[proc] {
		if n == name && i < len(callee) {
			return callee[i]
		}
	}
	return schema.Words{}
}

// checkSet checks a literal assigned to a target with known values.
func (l *literalChecker) checkSet(e *schema.Effect, locals localSet) {
	target, err := parser.Parse(e.Set.Src)
	if err != nil {
		return
	}
	value, err := parser.Parse(e.To.Src)
	if err != nil {
		return
	}
	if w, what, ok := l.wordsOf(target.Node, locals, false); ok {
		l.checkWord(e.To, value.Node, w, "a value of "+what)
	}
}

// checkWith checks the literals given to procedure parameters with known
// words.
func (l *literalChecker) checkWith(e *schema.Effect, proc *schema.Procedure, words []schema.Words) {
	if proc == nil {
		return
	}
	for _, b := range e.With {
		i := slices.IndexFunc(proc.Params, func(p schema.Param) bool { return p.Name == b.Name })
		if i < 0 || i >= len(words) || !words[i].IsSet() {
			continue
		}
		if tree, err := parser.Parse(b.Expr.Src); err == nil {
			l.checkWord(b.Expr, tree.Node, words[i], "a value of parameter "+b.Name+" of "+e.Call)
		}
	}
}
