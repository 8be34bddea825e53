package interpreter

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// Expressions are sealed off from Go. An expression sees only data: the
// names its shadow environment declares (type-checked at load) and the
// values they hold (maps, lists, ints, strings, bools). Two things keep it
// so:
//
//   - A ruleset's or a transcript's expression may not use a name that
//     starts with "$" (expr's $env, or a $-key of the environment): the
//     whole environment is not data the language offers, and the only
//     $env an expression runs with is the one envPatcher inserts as the
//     hidden first argument of agon's own functions.
//   - The game those functions need is kept under gameKey, a key no
//     expression can name (it is not an identifier), as a gameRef: a
//     value with no methods and no exported fields, so that even a route
//     we did not think of could neither call into the game nor print an
//     address. That is where the VM's calls find it (the VM passes its
//     environment as $env, and a clone makes the map its own, naming
//     itself, before it runs the VM: Game.vmEnv); a closure passes the
//     gameRef itself as $env, since a clone shares its original's map
//     until it writes it.

// gameKey is where the environment keeps its game, for the functions that
// need it. It is not an identifier, so no expression can name it; keys
// starting with "$" are never cloned or serialised.
const gameKey = "$ game"

// gameRef is how the environment holds its game: opaque to expressions.
type gameRef struct{ g *Game }

// gameIn returns the game an environment belongs to.
func gameIn(env map[string]any) (*Game, bool) {
	ref, ok := env[gameKey].(gameRef)
	return ref.g, ok && ref.g != nil
}

// checkSealed reports every "$" name an expression uses (an identifier,
// or a let binding that would shadow one).
func (c *exprCompiler) checkSealed(src schema.Expr) bool {
	root, ok := c.parsedHolding(src.Src, "$")
	if !ok {
		return true
	}
	v := &sealVisitor{}
	ast.Walk(&root, v)
	for _, n := range v.found {
		line, col := lineCol(src.Src, n.at)
		c.ds.Add(c.diag(src, line, col, sealedMessage(n.name)))
	}
	return len(v.found) == 0
}

// sealedMessage explains why a "$" name is refused.
func sealedMessage(name string) string {
	if name == "$env" {
		return "$env is not available in expressions: name the variable, zone or player field you need directly"
	}
	return fmt.Sprintf("names starting with $ are reserved (%s): name the variable, zone or player field you need directly", name)
}

type sealedName struct {
	name string
	at   int
}

// sealVisitor collects the "$" names of an expression tree.
type sealVisitor struct{ found []sealedName }

// Visit implements ast.Visitor.
func (v *sealVisitor) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		if strings.HasPrefix(n.Value, "$") {
			v.found = append(v.found, sealedName{n.Value, n.Location().From})
		}
	case *ast.VariableDeclaratorNode:
		if strings.HasPrefix(n.Name, "$") {
			v.found = append(v.found, sealedName{n.Name, n.Location().From})
		}
	}
}
