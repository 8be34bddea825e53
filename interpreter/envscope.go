package interpreter

import (
	"maps"
	"reflect"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/checker/nature"
	"github.com/expr-lang/expr/conf"
)

// The environment an expression is checked against is the root (every
// global name) plus the locals in scope. expr takes it as a nature: a
// struct type's or a typed map's. A struct type per scope (reflect.StructOf
// with a field per global) cost ~10% of loading, as StructOf spells out the
// type of every field (a zone's is the whole card struct) in the new type's
// name, and expr then looked each name up in that struct afresh in every
// compile. So the environment is given to expr as what expr.Env makes of a
// map: a strict map nature with a nature per name (an unknown name is an
// error, as with a struct), built once per scope type from the globals'
// natures, which are built once.

// envScope is the environment of one scope type: its names (the globals,
// then the locals: what a struct had as fields, in that order) and the
// nature expr checks against.
type envScope struct {
	fields []field
	locals []field
	nature nature.Nature
}

// option gives a compile the environment (expr.Env without building the
// nature again). The nature is shared by every compile of the scope type:
// expr only reads it (its type cache, NtCache, is exprCompiler.natures).
func (e *envScope) option() expr.Option {
	return func(c *conf.Config) {
		c.EnvObject = nil // only ConstExpr reads it; no ruleset uses one
		c.Env = e.nature
		c.Strict = true
	}
}

// names lists the names in scope, for did-you-mean.
func (e *envScope) names() []string {
	out := make([]string, len(e.fields))
	for i, f := range e.fields {
		out[i] = f.name
	}
	return out
}

// env is the environment of the root plus the given locals (later locals
// shadow earlier ones; a local named like a global does not hide it, as
// the struct's first field of a name won: such a local is an error of its
// own). The key is built from the locals' names and their types' numbers,
// so a scope seen before costs no copy of the globals.
func (tc *typeContext) env(locals []field) *envScope {
	merged := mergeLocals(nil, locals)
	var key strings.Builder
	for _, f := range merged {
		key.WriteString(f.name)
		key.WriteByte(':')
		key.WriteString(strconv.Itoa(tc.typeNumber(f.typ)))
		key.WriteByte(';')
	}
	if e, ok := tc.envs[key.String()]; ok {
		return e
	}
	if tc.globalNatures == nil {
		tc.globalNatures = make(map[string]nature.Nature, len(tc.globals))
		for _, f := range tc.globals {
			if _, dup := tc.globalNatures[f.name]; !dup {
				tc.globalNatures[f.name] = nature.FromType(f.typ)
			}
		}
	}
	fields := maps.Clone(tc.globalNatures)
	for _, f := range merged {
		if _, dup := fields[f.name]; !dup {
			fields[f.name] = nature.FromType(f.typ)
		}
	}
	nt := nature.FromType(reflect.TypeFor[map[string]any]())
	nt.TypeData = &nature.TypeData{Fields: fields}
	nt.Strict = true
	e := &envScope{fields: mergeLocals(tc.globals, locals), locals: merged, nature: nt}
	if tc.envs == nil {
		tc.envs = map[string]*envScope{}
	}
	tc.envs[key.String()] = e
	return e
}

// typeNumber numbers the types of locals, for env's keys.
func (tc *typeContext) typeNumber(t reflect.Type) int {
	if n, ok := tc.typeNumbers[t]; ok {
		return n
	}
	if tc.typeNumbers == nil {
		tc.typeNumbers = map[reflect.Type]int{}
	}
	n := len(tc.typeNumbers)
	tc.typeNumbers[t] = n
	return n
}
