package interpreter

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"agon/schema"
)

// checkFaces reports a roll whose faces cannot be stored in its target:
// string faces into an int, int faces into a string. expr types a list
// literal as a list of anything, so the faces' own text is read too: a
// literal list's elements and a range a..b (ints). Faces only known at
// run time are checked when the rolled face is written.
func (c *compiler) checkFaces(t *target, faces *compiled, src schema.Expr) {
	if t == nil || faces == nil {
		return
	}
	var want reflect.Kind
	switch t.typ {
	case "int":
		want = reflect.Int
	case "string":
		want = reflect.String
	default:
		return
	}
	// The faces written out first: their message names the face.
	for _, f := range literalFaces(src.Src) {
		if f.kind != want {
			line, col := lineCol(src.Src, f.at)
			what := fmt.Sprintf("face %s is %s", f.text, article(f.kind.String()))
			if f.isRange {
				what = fmt.Sprintf("faces %s are ints", f.text)
			}
			c.ds.Add(c.ec.diag(src, line, col, fmt.Sprintf("%s, but %s is %s", what, t.src.Src, article(t.typ))))
			return
		}
	}
	if elem := elemType(faces); elem.Kind() != reflect.Interface && elem.Kind() != want {
		c.ds.Add(c.ec.diag(src, 1, 0, fmt.Sprintf("faces are %ss, but %s is %s", typeName(elem, c.prog.tc), t.src.Src, article(t.typ))))
	}
}

// literalFace is a face written in the faces expression itself.
type literalFace struct {
	kind    reflect.Kind
	text    string
	at      int
	isRange bool
}

// literalFaces lists the faces a faces expression spells out: the
// elements of a list literal, or the ints of a range.
func literalFaces(src string) []literalFace {
	tree, err := parser.Parse(src)
	if err != nil {
		return nil
	}
	switch n := tree.Node.(type) {
	case *ast.BinaryNode:
		if n.Operator == ".." {
			return []literalFace{{kind: reflect.Int, text: n.Left.String() + ".." + n.Right.String(), at: n.Left.Location().From, isRange: true}}
		}
	case *ast.ArrayNode:
		var out []literalFace
		for _, e := range n.Nodes {
			switch e.(type) {
			case *ast.IntegerNode:
				out = append(out, literalFace{kind: reflect.Int, text: e.String(), at: e.Location().From})
			case *ast.StringNode:
				out = append(out, literalFace{kind: reflect.String, text: e.String(), at: e.Location().From})
			}
		}
		return out
	}
	return nil
}

func article(typ string) string {
	if typ == "int" {
		return "an int"
	}
	return "a " + typ
}

// rolledFace is the face whose printed form the chance outcome names
// (the outcome is text: a transcript's or the random pick's), so a face
// "3" stays a string and 3 an int.
func rolledFace(faces []any, res string) any {
	for _, f := range faces {
		if formatValue(f) == res {
			return f
		}
	}
	return res
}

// checkLiteralKeys reports a value an option group's literal for_each
// list holds twice: both options would have one key (without distinct:).
func (c *compiler) checkLiteralKeys(key, as string, src schema.Expr) {
	seen := map[string]bool{}
	for _, f := range literalFaces(src.Src) {
		if f.isRange {
			return
		}
		if seen[f.text] {
			line, col := lineCol(src.Src, f.at)
			val := strings.Trim(f.text, `"`)
			c.ds.Add(c.ec.diag(src, line, col, fmt.Sprintf("%s is listed twice: two options would have the key %q (keep one, or add distinct:)", f.text, key+" "+as+"="+val)))
			return
		}
		seen[f.text] = true
	}
}
