package interpreter

import (
	"errors"

	"agon/schema"
)

// placedError is a RuntimeError at pos, unless err is an expression error
// that knows its own (more exact) position: then at that one. Either way
// the position is printed once (wrapping the expression error's text
// printed it twice: "f.yaml:2:25: f.yaml:2:25: division by zero").
func placedError(pos schema.Pos, where string, step int, err error) *RuntimeError {
	out := &RuntimeError{Pos: pos, Where: where, Step: step, Msg: err.Error(), Err: err}
	var ee *exprError
	if errors.As(err, &ee) {
		out.Pos, out.Msg = ee.pos, ee.msg
	}
	return out
}
