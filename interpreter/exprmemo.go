package interpreter

import (
	"fmt"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/parser"

	"agon/schema"
)

// A ruleset writes the same expression text in many places (a label's
// {c.name}, a condition repeated in each option), and each was compiled
// by expr. The check and the runtime tree depend only on the text and the
// scope's environment type (the globals, which are fixed, and the locals' names
// and types, which the renaming of locals reads too), so a text compiled
// once in a scope type is not compiled again there: the program, the
// result type and the fast path are shared (none is changed after
// compiling) and only the position differs. Only successes are kept, and
// the checks that report at a position and depend on more than the text
// and types (string literals, board literals, the wanted kind) run again
// for each place.

// A text's compile depends on the locals in scope only through the names
// it writes: a local it does not name changes neither its types, nor the
// renaming of locals, nor the builtins hidden from it. So the check and
// the runtime tree see the scope cut down to the locals the text names (namedLocals), and
// a label like {c.name} written under many different sets of locals is
// compiled once (the shipped rulesets: 994 compiles instead of 1,552).
// A text that reads the environment itself ($env) or does not parse keeps
// the whole scope; diagnostics always name every local in scope.

// compileKey identifies a compile: the text and the scope's environment
// (one per scope type, envscope.go).
type compileKey struct {
	src string
	env *envScope
}

// compileMemo is what a successful compile left: its result and the
// checked tree the per-place checks read.
type compileMemo struct {
	out     *compiled
	checked ast.Node
}

// remember keeps a successful compile for the same text in the same scope
// type.
func (c *exprCompiler) remember(key compileKey, out *compiled, checked ast.Node) {
	if c.memo == nil {
		c.memo = map[compileKey]compileMemo{}
	}
	c.memo[key] = compileMemo{out: out, checked: checked}
}

// reuse is compile for a text already compiled in this scope type: the
// per-place checks run again on the kept tree, in compile's order.
func (c *exprCompiler) reuse(m compileMemo, src schema.Expr, sc *scope, want wanted, what string) *compiled {
	c.lits.check(src, m.checked, sc)
	if !c.checkBoardLiterals(src, m.checked, sc) {
		return nil
	}
	if !want.accepts(m.out.typ) {
		c.ds.Add(c.diag(src, 1, 0, fmt.Sprintf("%s must be %s, got %s", what, want, typeName(m.out.typ, c.tc))))
		return nil
	}
	out := *m.out
	out.src = src
	return &out
}

// parsedTree is a text's parse, kept for the checks that only read it,
// with what those checks found out about the text.
type parsedTree struct {
	tree *parser.Tree
	err  error
	// passed: the text passed textChecks, which read nothing but the
	// text, so its other places need not walk it again. A text that
	// failed is checked again at each place, which reports each.
	passed bool
	// names are the names it writes (namedLocals), once asked for.
	names map[string]bool
}

// parsed parses src once for the read-only checks before compiling
// (checkSealed, checkArity, checkNestedPointers): each used to parse the
// text again. Nothing may change the tree it returns, and nothing may keep
// it past the text's compile, which takes it (parseFor).
func (c *exprCompiler) parsed(src string) (*parser.Tree, error) {
	p := c.parsedEntry(src)
	return p.tree, p.err
}

// parsedHolding is the kept parse of src for a text-only check that
// looks for what a text without marker cannot hold ("$" for a "$" name,
// "(" for a call, "{" for a map literal): ok is false, and the text is
// not walked, when src lacks marker or does not parse (expr reports that).
func (c *exprCompiler) parsedHolding(src, marker string) (root ast.Node, ok bool) {
	if !strings.Contains(src, marker) {
		return nil, false
	}
	tree, err := c.parsed(src)
	if err != nil {
		return nil, false
	}
	return tree.Node, true
}

// parsedEntry is src's entry in the parses, made on first use.
func (c *exprCompiler) parsedEntry(src string) *parsedTree {
	if p, ok := c.parses[src]; ok {
		if p.tree == nil && p.err == nil { // given to a compile (parseFor)
			p.tree, p.err = parser.Parse(src)
		}
		return p
	}
	tree, err := parser.Parse(src)
	if c.parses == nil {
		c.parses = map[string]*parsedTree{}
	}
	p := &parsedTree{tree: tree, err: err}
	c.parses[src] = p
	return p
}

// textChecks are the checks of an expression that read only its text (its
// depth, "$" names, calls' argument counts, nested #, comparisons of an
// element with itself and map literals writing a key twice), each
// reported at src. A text is walked once:
// a shipped ruleset writes many texts at several places
// (BENCHMARKS.md, sixteenth round).
func (c *exprCompiler) textChecks(src schema.Expr) bool {
	if p, ok := c.parses[src.Src]; ok && p.passed {
		return true
	}
	// The depth first: a text nested too deep is not parsed.
	if schema.NestsTooDeep(src.Src) {
		c.ds.Addf(src.Pos, "expression nests deeper than %d levels (brackets and prefix operators): split it with let or a function", schema.MaxExprDepth)
		return false
	}
	if !c.checkSealed(src) || !c.checkArity(src) || !c.checkNestedPointers(src) || !c.checkMapKeys(src) {
		return false
	}
	c.parsedEntry(src.Src).passed = true
	return true
}

// parseFor is src parsed under cfg. The parse depends on cfg only where
// a name could be a builtin's: a builtin that cfg disables, or a name of
// cfg's functions or environment, is parsed as a call of a function (or
// a value) instead, and cfg bounds the nodes. So when the parse of the
// read-only checks has no builtin that cfg disables or overrides and is
// well within the bound, it is the same tree, and the text is not parsed
// again: the compile takes the kept tree itself and patches it. Most texts
// are compiled once (961 of the 1,013 in the shipped rulesets); a text that is
// compiled again, or read by a check after its compile, is parsed again
// (parsedEntry), which costs less than copying every tree did.
func (c *exprCompiler) parseFor(src string, cfg *conf.Config) (*parser.Tree, error) {
	p := c.parsedEntry(src)
	if p.err == nil && sameParse(p.tree.Node, cfg) {
		tree := p.tree
		p.tree = nil
		return tree, nil
	}
	return parser.ParseWithConfig(src, cfg)
}

// sameParse says whether n, parsed without a configuration, is what cfg
// would parse.
func sameParse(n ast.Node, cfg *conf.Config) bool {
	nodes, same := 0, true
	ast.Find(n, func(x ast.Node) bool {
		nodes++
		if b, ok := x.(*ast.BuiltinNode); ok && (cfg.Disabled[b.Name] || cfg.IsOverridden(b.Name)) {
			same = false
		}
		return false
	})
	return same && nodes <= int(cfg.MaxNodes)/2
}

// namedLocals is sc cut down to the locals whose names src writes as a
// name, a function or builtin called, a let variable or a pointer
// (#name), in scope order; sc itself when src uses $env or does not
// parse. Anything in src that could mean a local is one of these: a
// member's property (c.name) is a string, never a local.
func (c *exprCompiler) namedLocals(src string, sc *scope) *scope {
	if len(sc.fields()) == 0 {
		return sc
	}
	p := c.parsedEntry(src)
	if p.err != nil {
		return sc
	}
	if p.names == nil {
		p.names = namesWritten(p.tree.Node)
	}
	names := p.names
	if names["$env"] {
		return sc
	}
	var out *scope
	kept := 0
	for _, f := range sc.fields() {
		if names[f.name] {
			out = out.with(f.name, f.typ)
			kept++
		}
	}
	if kept == len(sc.fields()) {
		return sc
	}
	return out
}

// namesWritten are the names a tree writes as a name, a function or
// builtin called, a let variable or a pointer (#name).
func namesWritten(tree ast.Node) map[string]bool {
	names := map[string]bool{}
	ast.Find(tree, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.IdentifierNode:
			names[x.Value] = true
		case *ast.BuiltinNode:
			names[x.Name] = true
		case *ast.VariableDeclaratorNode:
			names[x.Name] = true
		case *ast.PointerNode:
			names[x.Name] = true
		}
		return false
	})
	return names
}
