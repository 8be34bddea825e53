package interpreter

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser/lexer"

	"agon/schema"
)

// A misspelt function name makes expr's own errors unhelpful: expr parses
// the predicate shorthand (`.field`, `#`) only inside the calls of its
// builtins, so `cuont(hand, .back == b)` fails with "unexpected token
// Operator(".")" at the dot, and a call of an unknown name is reported as
// an unknown name with suggestions drawn from the variables. When an
// expression fails to compile, its calls of names that are no function
// are reported first, with a suggestion drawn from the callable names.

// nameAt is a name in an expression and where it starts.
type nameAt struct {
	name   string
	offset int // in runes, where the name starts
}

// unknownCallees lists the names src calls (an identifier directly
// followed by "(", not a member's name after "." or "?.") that are
// neither an expr builtin agon keeps, an engine function, a ruleset
// function nor a name in scope (a name in scope is expr's to report). It
// reads the tokens, so names inside strings are not calls.
func (c *exprCompiler) unknownCallees(src string, env *envScope) []nameAt {
	tokens, err := lexer.Lex(file.NewSource(src))
	if err != nil {
		return nil
	}
	var out []nameAt
	for i, t := range tokens {
		if t.Kind != lexer.Identifier || i+1 >= len(tokens) || !tokens[i+1].Is(lexer.Bracket, "(") {
			continue
		}
		if i > 0 && tokens[i-1].Is(lexer.Operator, ".", "?.") {
			continue
		}
		if c.callable(t.Value) || slices.Contains(env.names(), t.Value) {
			continue
		}
		out = append(out, nameAt{t.Value, t.From})
	}
	return out
}

// callable reports whether name is a function an expression may call.
func (c *exprCompiler) callable(name string) bool {
	if slices.Contains(c.names, name) {
		return true
	}
	_, isBuiltin := builtin.Index[name]
	return isBuiltin && !slices.Contains(disabledBuiltins, name)
}

// callableNames are the names an expression may call: expr's builtins
// that agon keeps, then the engine's and the ruleset's functions.
func (c *exprCompiler) callableNames() []string {
	var out []string
	for _, b := range builtin.Builtins {
		if !slices.Contains(disabledBuiltins, b.Name) && !slices.Contains(out, b.Name) {
			out = append(out, b.Name)
		}
	}
	for _, n := range c.names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// reportUnknownCallees reports src's calls of unknown functions, and
// whether there was one. The hint of a text YAML cut is kept: what was cut
// may hold more errors.
func (c *exprCompiler) reportUnknownCallees(src schema.Expr, env *envScope) bool {
	callees := c.unknownCallees(src.Src, env)
	if len(callees) == 0 {
		return false
	}
	names := c.callableNames()
	for _, u := range callees {
		line, col := lineCol(src.Src, u.offset)
		c.ds.Add(c.diag(src, line, col, fmt.Sprintf("unknown function %q%s", u.name, schema.DidYouMean(u.name, names))+src.QuoteHint()))
	}
	return true
}

// functionValues lists the functions src names without calling them
// (`len + 1`): a callable name not in scope, not a member's name and not
// followed by "(" or by ":" (a map key, or a ternary's branch: not
// told apart).
func (c *exprCompiler) functionValues(src string, env *envScope) []nameAt {
	tokens, err := lexer.Lex(file.NewSource(src))
	if err != nil {
		return nil
	}
	var out []nameAt
	for i, t := range tokens {
		if t.Kind != lexer.Identifier || !c.callable(t.Value) || slices.Contains(env.names(), t.Value) {
			continue
		}
		if i+1 < len(tokens) && (tokens[i+1].Is(lexer.Bracket, "(") || tokens[i+1].Is(lexer.Operator, ":")) {
			continue
		}
		if i > 0 && tokens[i-1].Is(lexer.Operator, ".", "?.") {
			continue
		}
		out = append(out, nameAt{t.Value, t.From})
	}
	return out
}

// reportFunctionValues reports the functions src uses as values when
// expr's message names a Go function type (the type of a function used as
// a value), and whether it reported one.
func (c *exprCompiler) reportFunctionValues(src schema.Expr, msg string, env *envScope) bool {
	if !strings.Contains(msg, "func(") {
		return false
	}
	names := c.functionValues(src.Src, env)
	for _, u := range names {
		line, col := lineCol(src.Src, u.offset)
		c.ds.Add(c.diag(src, line, col, fmt.Sprintf("%s is a function, not a value: call it, as in %s(…)", u.name, u.name)+src.QuoteHint()))
	}
	return len(names) > 0
}

// reGoFunc matches a Go function type in a message (after prettyTypes has
// named the struct types), with its results.
var reGoFunc = regexp.MustCompile(`func\([^()]*\)(?: \([^()]*\)| interface \{\}| [\w\[\]]+)?`)
