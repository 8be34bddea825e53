package interpreter

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// treeShape lists a tree's nodes with their kinds and texts (and a
// constant's value), in walk order, without types.
func treeShape(n ast.Node) []string {
	var out []string
	ast.Find(n, func(x ast.Node) bool {
		s := reflect.TypeOf(x).String() + " " + x.String()
		if c, ok := x.(*ast.ConstantNode); ok {
			s += fmt.Sprintf(" = %#v", c.Value)
		}
		out = append(out, s)
		return false
	})
	return out
}

// TestRuntimeTreeIsExprs: for every distinct compile of the shipped
// rulesets, the checked tree made from a copy of the read-only checks'
// parse (parseFor) is the one made from the text; the runtime tree made from a copy of the check's parse
// without checks (runtree.go) is the tree expr's own steps make (parse,
// patchers with their checks, optimiser) but where the optimiser read a
// type the unchecked tree does not have; and every VM program builds.
func TestRuntimeTreeIsExprs(t *testing.T) {
	compared, differ := 0, 0
	for _, p := range shippedPrograms(t) {
		ec := p.adhoc.ec
		for k, m := range ec.memo {
			var sc *scope
			for _, l := range k.env.locals {
				sc = sc.with(l.name, l.typ)
			}
			hidden := ec.hidden(k.env.locals)
			arith := newArithRecorder(ec.tc.card, ec.props)
			var finder *defaultFinder
			if ec.defaults != nil {
				finder = &defaultFinder{d: ec.defaults, player: ec.tc.player, found: map[file.Location]int{}}
			}
			checkCfg := configured(ec.baseConfig(checkConf, hidden), ec.checkOptions(k.env, arith, finder)...)
			tree, err := parser.ParseWithConfig(k.src, checkCfg)
			require.NoError(t, err, k.src)
			parsed, ok := copyNode(tree.Node)
			require.True(t, ok, k.src)
			require.NoError(t, patchAndCheck(tree, checkCfg), k.src)
			assert.Equal(t, treeTypes(tree.Node), treeTypes(m.checked), "%s: the memo's checked tree (from a copy of the checks' parse)", k.src)
			runBase := ec.baseConfig(runConf, hidden)
			ours, err := runtimeTree(parsed, tree.Source, runBase, ec.runOptions(sc, arith, finder))
			require.NoError(t, err, k.src)
			exprs, _, err := exprCheck(runBase, k.src, ec.runOptions(sc, arith, finder)...)
			require.NoError(t, err, k.src)
			assert.Equal(t, treeShape(m.out.run.node()), treeShape(ours), "%s: the memo's tree", k.src)
			if !assert.ObjectsAreEqual(treeShape(exprs.Node), treeShape(ours)) {
				differ++
				assert.True(t, optimisedByType(exprs.Node), "%s: the trees differ where no type decides:\n%v\n%v", k.src, treeShape(exprs.Node), treeShape(ours))
			}
			_, err = m.out.run.program()
			require.NoError(t, err, k.src)
			compared++
		}
	}
	t.Logf("%d compiles, %d differ where the optimiser read a type", compared, differ)
	assert.Greater(t, compared, 900)
}

// optimisedByType says whether expr's optimiser made a node it makes only
// when it knows an operand is an int: an int set for `in`, or a range
// test.
func optimisedByType(n ast.Node) bool {
	found := false
	ast.Find(n, func(x ast.Node) bool {
		if c, ok := x.(*ast.ConstantNode); ok {
			if _, ints := c.Value.(map[int]struct{}); ints {
				found = true
			}
		}
		return false
	})
	return found
}
