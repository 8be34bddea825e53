package interpreter

import (
	"reflect"
	"testing"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/checker"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/rulesets"
	"agon/schema"
)

// exprsParseCheck is exprCheck's first steps as expr runs them
// (checker.ParseCheck, a check before every patcher), the reference for
// patchAndCheck.
func exprsParseCheck(base *conf.Config, input string, opts ...expr.Option) (*parser.Tree, error) {
	cfg := *base
	cfg.Visitors = nil
	for _, op := range opts {
		op(&cfg)
	}
	cfg.Check()
	return checker.ParseCheck(input, &cfg)
}

// ourParseCheck is the same with patchAndCheck.
func ourParseCheck(base *conf.Config, input string, opts ...expr.Option) (*parser.Tree, error) {
	cfg := *base
	cfg.Visitors = nil
	for _, op := range opts {
		op(&cfg)
	}
	cfg.Check()
	tree, err := parser.ParseWithConfig(input, &cfg)
	if err != nil {
		return nil, err
	}
	return tree, patchAndCheck(tree, &cfg)
}

// treeTypes lists a tree's nodes with their types, in walk order.
func treeTypes(n ast.Node) []string {
	var out []string
	ast.Find(n, func(x ast.Node) bool {
		t := "<nil>"
		if x.Type() != nil {
			t = x.Type().String()
		}
		out = append(out, reflect.TypeOf(x).String()+" "+x.String()+" : "+t)
		return false
	})
	return out
}

// TestPatchAndCheckIsExprs compiles every distinct expression of the
// shipped rulesets (and a few that fail) both ways, with the patchers of
// both compiles, and requires the same trees, types and errors.
func TestPatchAndCheckIsExprs(t *testing.T) {
	compared := 0
	for _, p := range shippedPrograms(t) {
		ec := p.adhoc.ec
		extra := []string{"nosuch + 1", "div(nosuch, 2)", "1 + 'a'", "len(1)"}
		keys := make([]compileKey, 0, len(ec.memo)+len(extra))
		for k := range ec.memo {
			keys = append(keys, k)
		}
		for _, src := range extra {
			keys = append(keys, compileKey{src: src, env: ec.tc.env(nil)})
		}
		for _, k := range keys {
			compareChecks(t, ec, k)
			compared++
		}
	}
	assert.Greater(t, compared, 1000)
}

func compareChecks(t *testing.T, ec *exprCompiler, k compileKey) {
	t.Helper()
	locals := k.env.locals
	hidden := ec.hidden(locals)
	checkOpts := func() ([]expr.Option, *arithRecorder, *defaultFinder) {
		arith := newArithRecorder(ec.tc.card, ec.props)
		opts := []expr.Option{expr.Patch(envPatcher{ec.envFuncs}), k.env.option(), expr.Optimize(false), expr.Patch(arith)}
		var finder *defaultFinder
		if ec.defaults != nil {
			finder = &defaultFinder{d: ec.defaults, player: ec.tc.player, found: map[file.Location]int{}}
			opts = append(opts, expr.Patch(finder))
		}
		return append(opts, expr.Patch(typesCleared{})), arith, finder
	}
	optsA, arithA, finderA := checkOpts()
	optsB, arithB, finderB := checkOpts()
	a, errA := exprsParseCheck(ec.baseConfig(checkConf, hidden), k.src, optsA...)
	b, errB := ourParseCheck(ec.baseConfig(checkConf, hidden), k.src, optsB...)
	require.Equal(t, errA == nil, errB == nil, k.src)
	if errA != nil {
		require.Equal(t, errA.Error(), errB.Error(), k.src)
		return
	}
	require.Equal(t, treeTypes(a.Node), treeTypes(b.Node), k.src)
	require.Equal(t, arithA.at, arithB.at, k.src)
	require.Equal(t, arithA.cards, arithB.cards, k.src)
	if finderA != nil {
		require.Equal(t, finderA.found, finderB.found, k.src)
	}
	sc := (*scope)(nil)
	for _, l := range locals {
		sc = sc.with(l.name, l.typ)
	}
	runOpts := func() []expr.Option {
		opts := []expr.Option{expr.Patch(envPatcher{ec.envFuncs}), expr.Env(map[string]any{}), expr.AllowUndefinedVariables()}
		if r := renamerFor(sc); r != nil {
			opts = append(opts, expr.Patch(*r))
		}
		if finderA != nil && len(finderA.found) > 0 {
			opts = append(opts, expr.Patch(defaultRewriter{finderA.found}))
		}
		return append(opts, expr.Patch(arithA.patcher()), expr.Patch(newBudgetPatcher()))
	}
	ra, errA := exprsParseCheck(ec.baseConfig(runConf, hidden), k.src, runOpts()...)
	rb, errB := ourParseCheck(ec.baseConfig(runConf, hidden), k.src, runOpts()...)
	require.Equal(t, errA == nil, errB == nil, k.src)
	if errA != nil {
		require.Equal(t, errA.Error(), errB.Error(), k.src)
		return
	}
	require.Equal(t, treeTypes(ra.Node), treeTypes(rb.Node), k.src)
}

// TestNamedLocalsShareACompile: a text compiled under two scopes that
// differ only in locals it does not name is compiled once, and an unknown
// name still gets every local in scope as a suggestion.
func TestNamedLocalsShareACompile(t *testing.T) {
	p, err := Load(rulesets.FS, "peloponnes", "")
	require.NoError(t, err)
	ec := p.adhoc.ec
	ec.ds = &schema.Diagnostics{}
	src := schema.Expr{Src: "me == me", Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain}
	sc := (*scope)(nil).with("me", typeInt)
	a := ec.compile(src, sc, wantBool, "test")
	b := ec.compile(src, sc.with("unused_local", typeInt), wantBool, "test")
	require.NotNil(t, a)
	require.NotNil(t, b)
	assert.Same(t, a.run, b.run, "the second scope's compile reuses the first")
	require.NoError(t, ec.ds.Err())

	bad := schema.Expr{Src: "unused_locl + 1", Pos: schema.Pos{File: "<expression>", Line: 1, Col: 1}, Style: schema.StylePlain}
	assert.Nil(t, ec.compile(bad, sc.with("unused_local", typeInt), wantInt, "test"))
	require.Error(t, ec.ds.Err())
	assert.Contains(t, ec.ds.Err().Error(), `did you mean "unused_local"`)

	// A local it names changes the compile.
	c := ec.compile(src, (*scope)(nil).with("me", typeString), wantBool, "test")
	require.NotNil(t, c)
	assert.NotSame(t, a.run, c.run)
}
