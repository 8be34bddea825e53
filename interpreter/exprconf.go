package interpreter

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/builtin"
	"github.com/expr-lang/expr/checker"
	exprcompiler "github.com/expr-lang/expr/compiler"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/optimizer"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"
)

// Loading compiles every expression twice (the shadow-typed check and the
// map runtime), and expr.Compile builds a fresh configuration each time:
// the builtin table, and every ruleset function declared again through
// reflection. The configurations differ only in the environment, the
// patchers and the builtins a name in scope hides, so the function and
// builtin tables are built once per kind and set of hidden builtins and
// shared, read-only (expr's parser, checker and compiler only read them),
// and exprCompile runs expr.Compile's steps on a shallow copy.

// confKind says which of an expression's two compiles a configuration is
// for.
type confKind int

const (
	checkConf confKind = iota // shadow types, functions with signatures
	runConf                   // map environment, runtime functions
)

// baseConfig returns the shared configuration of a kind of compile with
// the given builtins hidden (besides disabledBuiltins). The function lists
// only grow before the first compile, but the key holds their lengths
// anyway, so a late declaration cannot be missed.
func (c *exprCompiler) baseConfig(kind confKind, hidden []string) *conf.Config {
	fns := c.checkOpts
	if kind == runConf {
		fns = c.runOpts
	}
	key := strconv.Itoa(int(kind)) + "/" + strconv.Itoa(len(fns)) + "/" + strings.Join(hidden, ",")
	if cfg, ok := c.confs[key]; ok {
		return cfg
	}
	cfg := conf.CreateNew()
	for _, b := range disabledBuiltins {
		cfg.Disabled[b] = true
	}
	for _, b := range hidden {
		cfg.Disabled[b] = true
	}
	if kind == runConf {
		expr.Function(mapDefaultFunc, builtinMapDefault)(cfg)
	}
	for _, o := range fns {
		o(cfg)
	}
	if kind == runConf {
		for _, o := range checkedArith() {
			o(cfg)
		}
		for _, o := range budgetFunctions() {
			o(cfg)
		}
		for _, o := range cardLocFunctions() {
			o(cfg)
		}
	}
	for name := range cfg.Disabled {
		delete(cfg.Builtins, name)
	}
	cfg.MaxNodes = maxExprNodes
	if c.confs == nil {
		c.confs = map[string]*conf.Config{}
	}
	c.confs[key] = cfg
	return cfg
}

// hiddenBuiltins lists the names in scope that hide an expr builtin of the
// same name (a var called round is the var, not round()), in scope order.
func hiddenBuiltins(names []field) []string {
	var out []string
	for _, f := range names {
		if _, isBuiltin := builtin.Index[f.name]; isBuiltin {
			out = append(out, f.name)
		}
	}
	return out
}

// hidden lists the names in scope (the globals, then locals) that hide
// an expr builtin; the globals' part is computed once.
func (c *exprCompiler) hidden(locals []field) []string {
	if !c.tc.hiddenListed {
		c.tc.hiddenGlobals, c.tc.hiddenListed = hiddenBuiltins(c.tc.globals), true
	}
	more := hiddenBuiltins(locals)
	if len(more) == 0 {
		return c.tc.hiddenGlobals
	}
	return append(append([]string(nil), c.tc.hiddenGlobals...), more...)
}

// configured is a copy of base with opts applied: they may set the
// environment, switches and patchers, never functions or builtins (those
// tables are shared).
func configured(base *conf.Config, opts ...expr.Option) *conf.Config {
	cfg := *base
	cfg.Visitors = nil
	for _, op := range opts {
		op(&cfg)
	}
	// The type cache (cfg.NtCache) is the caller's to share: the check
	// compile passes one per ruleset (exprCompiler.natures).
	cfg.Check()
	return &cfg
}

// exprProgram is expr.Compile on a copy of base (see configured): parse,
// patchers, type check, optimiser and code generation.
func exprProgram(base *conf.Config, input string, opts ...expr.Option) (*vm.Program, error) {
	tree, cfg, err := exprCheck(base, input, opts...)
	if err != nil {
		return nil, err
	}
	return exprcompiler.Compile(tree, cfg)
}

// exprCheck runs expr.Compile's steps up to the code generation (parse,
// patchers, type check, optimiser) on a copy of base, and returns the tree
// and the configuration the code generation would use.
func exprCheck(base *conf.Config, input string, opts ...expr.Option) (*parser.Tree, *conf.Config, error) {
	cfg := configured(base, opts...)
	tree, err := parser.ParseWithConfig(input, cfg)
	if err != nil {
		return nil, nil, err
	}
	if err := patchAndCheck(tree, cfg); err != nil {
		return nil, nil, err
	}
	if cfg.Optimize {
		if err := optimizer.Optimize(&tree.Node, cfg); err != nil {
			var fileError *file.Error
			if errors.As(err, &fileError) {
				return nil, nil, fileError.Bind(tree.Source)
			}
			return nil, nil, err
		}
	}
	return tree, cfg, nil
}

// lazyProgram is an expression's runtime tree and its VM program,
// generated on first use. The closures (fastpath*.go) evaluate every
// expression of the shipped rulesets, so most programs are never needed:
// generating them at load was ~7% of loading, and their check against the
// map environment more (runtree.go). build compiles the text with expr's
// own steps; an expression without a closure has its program built at
// load, where a failure is reported like any compile error. One
// lazyProgram is shared by every place and every game using the
// expression, goroutines included, so the generation runs once, under a
// sync.Once.
type lazyProgram struct {
	tree  ast.Node
	build func() (*vm.Program, error)
	once  sync.Once
	prog  *vm.Program
	err   error
}

// node is the patched and optimised runtime tree, which the closures and
// the trigger analysis read (never change).
func (l *lazyProgram) node() ast.Node { return l.tree }

// program returns the VM program, generating it on the first call.
func (l *lazyProgram) program() (*vm.Program, error) {
	l.once.Do(func() {
		l.prog, l.err = l.build()
		l.build = nil // nothing else calls it
	})
	return l.prog, l.err
}

// repeatablePatcher is how expr recognises a patcher that runs in its
// second pass (envPatcher, typesCleared).
type repeatablePatcher interface {
	Reset()
	ShouldRepeat() bool
}

// recorder is a patcher that only reads the tree (it notes what it finds
// and changes no node): the types a check gave before it are still
// right after it.
type recorder interface{ recordsOnly() }

// untyped is a patcher that reads no type (envPatcher, typesCleared): no
// check is needed before it.
type untyped interface{ readsNoTypes() }

// patchAndCheck is expr's Checker.PatchAndCheck (checker.go) without its
// repeated checks. expr type-checks the tree before each patcher of each
// of its two passes (the non-repeatable patchers, then the repeatable
// ones), whether that patcher runs in the pass or not: 9 to 11 checks of
// an expression, then the final one. A check matters only to the patcher
// that runs next, if that patcher reads types: a check that follows
// another with no patcher run in between leaves the tree as it was (it
// recomputes the same types, and skips the calls whose type it knows),
// and the errors of those checks are thrown away. So a check is made here
// only right before a patcher that runs and reads types, when the tree
// changed since the last one; every such patcher still sees the types of
// a check made after the patcher before it, and the final check sees the
// tree exactly as in expr (typed by a check since the last patcher if
// expr's had one, else not). That is 2 to 4 checks, against expr's 10 to
// 12. A recorder changes nothing, so the tree stays checked after it.
func patchAndCheck(tree *parser.Tree, cfg *conf.Config) error {
	if len(cfg.Visitors) > 0 {
		typed := false // checked since the last patcher ran
		for _, second := range []bool{false, true} {
			for {
				more := false
				for _, visitor := range cfg.Visitors {
					r, repeatable := visitor.(repeatablePatcher)
					if repeatable != second {
						continue
					}
					if _, blind := visitor.(untyped); !typed && !blind {
						_, _ = checker.Check(tree, cfg)
						typed = true
					}
					if repeatable {
						r.Reset()
					}
					ast.Walk(&tree.Node, visitor)
					if _, reads := visitor.(recorder); !reads {
						typed = false
					}
					more = more || (repeatable && r.ShouldRepeat())
				}
				if !more {
					break
				}
			}
		}
	}
	_, err := checker.Check(tree, cfg)
	return err
}
