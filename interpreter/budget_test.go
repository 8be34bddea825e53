package interpreter

import (
	"strings"
	"testing"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// budgetCase is a ruleset whose flow sets total to expr, with the given
// functions.
func budgetCase(funcs, expr string) string {
	src := ""
	if funcs != "" {
		src = "functions:\n" + funcs
	}
	return src + "vars:\n  total: {type: int}\nflow:\n  - set: total\n    to: '" + expr + "'\n"
}

// Each hostile expression stops, fast, with an error that names the limit
// and the YAML line of the expression.
func TestExprBudgetStopsHostileExpressions(t *testing.T) {
	cases := []struct {
		name, funcs, expr, msg string
	}{
		{"nested repeat", "", `len(repeat(repeat("a", 999999), 999999))`, "limit MaxExprMemory"},
		{"string doubling in a function", "  dbl:\n    params: {s: string, n: int}\n    returns: string\n    expr: 'n == 0 ? s : dbl(s + s, n - 1)'\n",
			`len(dbl("a", 60))`, "limit MaxExprMemory"},
		{"string doubling in reduce", "", `len(reduce(1..60, #acc + #acc, "ab"))`, "limit MaxExprMemory"},
		{"exponential calls", "  f:\n    params: {n: int}\n    returns: int\n    expr: 'n == 0 ? 1 : f(n - 1) + f(n - 1)'\n",
			`f(40)`, "limit MaxExprSteps"},
		{"nested sums", "", `let r = 1..999; sum(r, let a = #; sum(r, let b = #; sum(r, a + b + #)))`, "limit MaxExpr"},
		{"nested alls", "", `let r = 1..999; all(r, let a = #; all(r, let b = #; all(r, a + b != -#))) ? 1 : 0`, "limit MaxExprSteps"},
		{"list doubling with concat", "", `len(reduce(1..40, concat(#acc, #acc), [1]))`, "limit MaxExprMemory"},
		{"join of a long string", "", `let s = repeat("a", 900000); len(join(map(1..999, s), ""))`, "limit MaxExprMemory"},
		{"string of a long list", "", `let s = repeat("a", 900000); len(string(map(1..999, s)))`, "limit MaxExprMemory"},
		{"string of a concat of a long string", "", `let s = repeat("a", 600000); len(string(concat([s], [s])))`, "limit MaxExprMemory"},
		{"memory shared by calls", "  big:\n    params: {n: int}\n    returns: int\n    expr: len(1..n)\n",
			`big(600000) + big(600000)`, "limit MaxExprMemory"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			re := startErr(t, budgetCase(c.funcs, c.expr), Config{})
			assert.Contains(t, re.Msg, c.msg)
			assert.Equal(t, rulesFile, re.Pos.File, re.Error())
			// A coarse guard, not a timing target: unchecked, each case
			// runs for hours or exhausts memory; stopped by its limit it
			// takes milliseconds. 30 s leaves room for a loaded CI machine
			// (5 s failed at load average 25).
			assert.Less(t, time.Since(start), 30*time.Second)
		})
	}
}

// The same expressions within the limits still work: the budget is per
// top-level evaluation.
func TestExprBudgetAllowsOrdinaryWork(t *testing.T) {
	g := start(t, budgetCase("  big:\n    params: {n: int}\n    returns: int\n    expr: len(1..n)\n", `big(400000) + big(400000)`), 1)
	assert.Equal(t, 800000, eval(t, g, "total"))
	assert.Equal(t, 5000, eval(t, g, `len(repeat("ab", 2500))`))
	assert.Equal(t, 500*500*501, eval(t, g, "let r = 1..500; sum(r, let a = #; sum(r, a + #))"))
	assert.Equal(t, "ab", eval(t, g, `"a" + "b"`))
	assert.Equal(t, "a-b", eval(t, g, `join(["a", "b"], "-")`))
	assert.Equal(t, "ab", eval(t, g, `join(["a", "b"])`))
	assert.Equal(t, []any{1, 2, 3}, eval(t, g, `concat([1], [2, 3])`))
	// concat builds two references to one string: charged two, not the
	// string's bytes again (it was charged when repeat built it).
	assert.Equal(t, 2, eval(t, g, `let s = repeat("a", 600000); len(concat([s], [s]))`))
	assert.Equal(t, "AB", eval(t, g, `upper("ab")`))
}

func TestMaxExprStepsIsConfigurable(t *testing.T) {
	src := budgetCase("", "sum(1..100, #)")
	g, err := NewGame(load(t, src), Config{Players: 1, Limits: Limits{MaxExprSteps: 100}})
	require.NoError(t, err)
	assert.Equal(t, 5050, eval(t, g, "total"))
	re := startErr(t, src, Config{Limits: Limits{MaxExprSteps: 99}})
	assert.Contains(t, re.Msg, "more than 99 steps (limit MaxExprSteps")
}

// vmMemory reads a field expr does not export: if an upgrade of expr
// renames it, this test fails (and the shared memory budget would
// silently count less).
func TestVMMemoryIsReadable(t *testing.T) {
	v := &vm.VM{}
	assert.Equal(t, 0, vmMemory(v))
	prog, err := expr.Compile("len(1..1000)")
	require.NoError(t, err)
	out, err := v.Run(prog, nil)
	require.NoError(t, err)
	assert.Equal(t, 1000, out)
	assert.Equal(t, 1000, vmMemory(v))
}

// An expression too deep for expr's parser (a transcript's check:, an
// inspect) is refused before it is parsed.
func TestEvalRefusesDeepExpression(t *testing.T) {
	g := start(t, budgetCase("", "1"), 1)
	_, err := g.Eval(strings.Repeat("-", 1<<20) + "1")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "expression nests deeper than 100 levels")
	assert.Equal(t, "", ExplainCheck(g, strings.Repeat("(", 1<<20)))
}

// A bounded loop whose every evaluation stays under MaxExprSteps still
// stops, at the expression that passes MaxRunSteps, with the limit named.
func TestMaxRunStepsStopsHeavyEvaluationsWithoutADecision(t *testing.T) {
	re := startErr(t, `
vars:
  x: {type: int}
flow:
  - repeat: 1000
    do:
      - set: x
        to: "count(1..900, # % 7 == 0)"
`, Config{Limits: Limits{MaxRunSteps: 9000}})
	assert.Contains(t, re.Msg, "more than 9000 steps of expression work without a decision")
	assert.Contains(t, re.Msg, "limit MaxRunSteps")
	assert.Equal(t, rulesFile+":8:14", re.Pos.String()) // the expression, inside its quotes
	assert.Equal(t, "flow", re.Where)
}

// The work counts from the last decision, as MaxEffects does.
func TestMaxRunStepsCountsFromTheLastDecision(t *testing.T) {
	g, err := NewGame(load(t, `
vars:
  x: {type: int}
flow:
  - repeat: 3
    do:
      - repeat: 5
        do:
          - set: x
            to: "x + count(1..900, # % 7 == 0)"
      - choose:
          who: 0
          prompt: next
          options: [{key: go}]
`), Config{Players: 1, Limits: Limits{MaxRunSteps: 5000}})
	require.NoError(t, err)
	apply(t, g, "go", "go", "go")
	assert.True(t, g.Over())
	assert.Equal(t, 15*128, eval(t, g, "x"))
}

// Checks (Game.Eval) share one budget for the whole game: many heavy
// checks stop, each light enough alone.
func TestMaxRunStepsBoundsAGamesChecks(t *testing.T) {
	g, err := NewGame(load(t, "flow:\n  - log: hi\n"), Config{Players: 1, Limits: Limits{MaxRunSteps: 5000}})
	require.NoError(t, err)
	for range 5 {
		eval(t, g, "count(1..900, # % 7 == 0)")
	}
	_, err = g.Eval("count(1..900, # % 7 == 0)")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the checks take more than 5000 steps of expression work in all (limit MaxRunSteps")
}
