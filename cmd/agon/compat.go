package main

import (
	"agon/interpreter"
	"agon/schema"
)

// The functions here reach Program methods the interpreter core is adding.
// They compile against the current API and use the methods as soon as
// they exist.
//
// TODO(core): once Program has Variants and Provisional, call them
// directly and delete this file.

// variants lists the program's ruleset variants.
func variants(p *interpreter.Program) []string {
	if v, ok := any(p).(interface{ Variants() []string }); ok {
		return v.Variants()
	}
	return nil
}

// provisional lists the provisional notes of the program's ruleset.
func provisional(p *interpreter.Program) []schema.Note {
	if v, ok := any(p).(interface{ Provisional() []schema.Note }); ok {
		return v.Provisional()
	}
	if rs := p.Ruleset(); rs != nil {
		return rs.Provisional
	}
	return nil
}

// checker is the evaluator for transcript check steps, nil while the core
// provides none.
//
// TODO(core): wire the core's expression evaluator here.
func checker(*interpreter.Program) func(g *interpreter.Game, expr string) (bool, error) {
	return nil
}
