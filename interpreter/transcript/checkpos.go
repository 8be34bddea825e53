package transcript

import (
	"errors"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/interpreter"
	"agon/schema"
)

// exprColumn is the column of the first character of check expression v
// on line (the step's), 0 when a column in the expression would not be
// one in the file: a value on another line, a block scalar, or a quoted
// one with an escape inside.
func exprColumn(v *yaml.Node, line int) int {
	if v.Kind != yaml.ScalarNode || v.Line != line {
		return 0
	}
	switch v.Style {
	case 0:
		return v.Column
	case yaml.SingleQuotedStyle:
		if strings.Contains(v.Value, "'") {
			return 0 // written ''
		}
		return v.Column + 1
	case yaml.DoubleQuotedStyle:
		if strings.ContainsFunc(v.Value, func(r rune) bool { return r == '"' || r == '\\' || r < ' ' }) {
			return 0 // written with a backslash
		}
		return v.Column + 1
	}
	return 0
}

// placeCheckError puts a check's compile error at the check's own place
// in the transcript: a problem the core reports at <expression>:1:N is at
// file:line:col of the expression's Nth character. Other errors, and
// those of a check whose column is not known, are returned as they are.
func placeCheckError(err error, file string, s Step) error {
	var list schema.ErrorList
	if s.ExprCol == 0 || file == "" || !errors.As(err, &list) {
		return err
	}
	out := make(schema.ErrorList, len(list))
	for i, d := range list {
		if d.Pos.File == interpreter.ExprFile && d.Pos.Line == 1 && d.Pos.Col > 0 {
			d.Pos = schema.Pos{File: file, Line: s.Line, Col: s.ExprCol + d.Pos.Col - 1}
		}
		out[i] = d
	}
	return out
}
