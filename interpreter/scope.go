package interpreter

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"

	"agon/schema"
)

// Locals (let, as, parameters, `me`) live in the environment map under
// localKey(name), a key no global can have: a local never hides, replaces
// or receives what belongs to a global of the same name, whatever names
// the ruleset (or a later addition to the language) declares. Each
// expression is compiled for the runtime with its in-scope locals renamed
// to their keys (localRenamer); the type-checking compile keeps the
// ruleset's names, so messages speak of "coin_pile", not of its key.

// localKey is the environment key of the local called name.
func localKey(name string) string { return "local " + name }

// meKey is localKey("me").
const meKey = "local me"

// localRenamer rewrites the identifiers that name a local in scope to the
// local's key. (expr refuses `let x = …` inside an expression when x is
// already a name, so an expression's own variables never meet a local.)
type localRenamer struct{ locals map[string]bool }

// Visit implements ast.Visitor.
func (r localRenamer) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		if r.locals[n.Value] {
			n.Value = localKey(n.Value)
		}
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok && strings.HasPrefix(id.Value, localKey("")) {
			id.Value = strings.TrimPrefix(id.Value, localKey("")) // a function, not the local
		}
	}
}

// renamerFor is the renamer for the locals of sc (nil when there are
// none).
func renamerFor(sc *scope) *localRenamer {
	if len(sc.fields()) == 0 {
		return nil
	}
	r := &localRenamer{locals: map[string]bool{}}
	for _, f := range sc.fields() {
		r.locals[f.name] = true
	}
	return r
}

// builtinWords are the names every expression has: agon's built-in names
// and expr's literals and word operators.
var builtinWords = []string{"players", "player_count", "phase", "me",
	"true", "false", "nil", "in", "not", "and", "or", "let", "if", "else",
	"matches", "contains", "startsWith", "endsWith"}

// shadowed says what global name a local called name would hide ("the
// zone \"coin_pile\""), or "" when the name is free. Player vars, player
// zones and card fields are not global names (they are read through a
// player or a card: players[p].gold, c.value), so locals may share them.
func (c *compiler) shadowed(name string) string {
	rs := c.rs
	_, isConst := rs.Constants[name]
	switch {
	case isConst:
		return fmt.Sprintf("the constant %q", name)
	case rs.Vars[name] != nil:
		return fmt.Sprintf("the var %q", name)
	case rs.Zones[name] != nil && rs.Zones[name].Owner != "player":
		return fmt.Sprintf("the zone %q", name)
	case rs.Cards[name] != nil:
		return fmt.Sprintf("the card table %q", name)
	case rs.Functions[name] != nil:
		return fmt.Sprintf("the function %q", name)
	case slices.Contains(builtinWords, name):
		return fmt.Sprintf("the built-in name %q", name)
	case slices.Contains(c.ec.names, name):
		return fmt.Sprintf("the built-in function %q", name)
	}
	if _, ok := builtin.Index[name]; ok {
		return fmt.Sprintf("the built-in function %q", name)
	}
	for _, g := range c.prog.tc.globals {
		if g.name == name {
			return fmt.Sprintf("the global %q", name)
		}
	}
	return ""
}

// declareLocal extends sc with a local bound at pos (what says how: "let",
// "as", "parameter"), reporting a name that would shadow a global.
func (c *compiler) declareLocal(sc *scope, name string, t reflect.Type, pos schema.Pos, what string) *scope {
	c.checkLocalName(name, pos, what)
	return sc.with(name, t)
}

// checkLocalName reports a local whose name is a global's.
func (c *compiler) checkLocalName(name string, pos schema.Pos, what string) {
	if name == "" {
		return
	}
	if g := c.shadowed(name); g != "" {
		c.ds.Addf(pos, "%s %q shadows %s: rename the local (for example to %q)", what, name, g, name+"_1")
	}
}

// checkParams reports parameters of functions and procedures whose names
// are a global's.
func (c *compiler) checkParams() {
	for _, n := range c.rs.FunctionOrder {
		for _, p := range c.rs.Functions[n].Params {
			c.checkLocalName(p.Name, p.Pos, "parameter")
		}
	}
	for _, n := range c.rs.ProcedureOrder {
		for _, p := range c.rs.Procedures[n].Params {
			c.checkLocalName(p.Name, p.Pos, "parameter")
		}
	}
}

// asPos is where an effect's as: is written (the effect, if unknown).
func asPos(e *schema.Effect) schema.Pos {
	if e.AsPos.Line > 0 {
		return e.AsPos
	}
	return e.Pos
}
