package interpreter

import (
	"fmt"
	"reflect"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// A ruleset function's list and map parameters accept any form of list or
// map (a literal [1, 2] is a list of any to expr: paramType), so expr's
// checker lets any value through them, and a call passing an int where
// the function declares strings failed only when it ran. After the check,
// each call of a ruleset function is looked at again: an argument whose
// type is known and is no list (for a list parameter) or no map (for a
// map parameter) is a load error at the argument.

// listArgChecker finds the arguments of ruleset-function calls that
// cannot be what their list or map parameter declares.
type listArgChecker struct {
	funcs map[string]*function
	tc    *typeContext
	bad   []badArg
}

// badArg is an argument a call should not pass, and why.
type badArg struct {
	at  int // where the argument starts, in runes
	msg string
}

// Visit implements ast.Visitor.
func (v *listArgChecker) Visit(node *ast.Node) {
	call, ok := (*node).(*ast.CallNode)
	if !ok {
		return
	}
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok {
		return
	}
	f := v.funcs[id.Value]
	if f == nil {
		return
	}
	args := call.Arguments
	if len(args) == len(f.params)+1 {
		args = args[1:] // the environment the envPatcher put first
	}
	if len(args) != len(f.params) {
		return // expr reports a wrong count
	}
	for i, p := range f.params {
		want, ok := v.tc.valueType(p.Type)
		if !ok {
			continue
		}
		got := args[i].Type()
		if got == nil || got.Kind() == reflect.Interface || fits(want, got) {
			continue
		}
		v.bad = append(v.bad, badArg{at: args[i].Location().From,
			msg: fmt.Sprintf("%s: parameter %s is %s, not %s", f.name, p.Name, p.Type, v.aName(got))})
	}
}

// aName names type t the ruleset's way, with an article: "an int", "a
// list of strings", "a card".
func (v *listArgChecker) aName(t reflect.Type) string {
	switch n := typeName(t, v.tc); n {
	case "card", "player", "board", "node", "list of cards", "list of players":
		return "a " + n
	}
	return aTypeName(t.String())
}

// fits reports whether a value of type got may be passed for a list or
// map parameter of type want (any list for a list, any map for a map);
// parameters of other types are expr's to check.
func fits(want, got reflect.Type) bool {
	switch want.Kind() {
	case reflect.Slice:
		return got.Kind() == reflect.Slice
	case reflect.Map:
		return got.Kind() == reflect.Map
	}
	return true
}

// checkListArgs reports the calls in node that pass what a list or map
// parameter cannot take, and whether there was none.
func (c *exprCompiler) checkListArgs(src schema.Expr, node ast.Node) bool {
	v := &listArgChecker{funcs: c.funcs, tc: c.tc}
	ast.Walk(&node, v)
	for _, b := range v.bad {
		line, col := lineCol(src.Src, b.at)
		c.ds.Add(c.diag(src, line, col, b.msg))
	}
	return len(v.bad) == 0
}
