package interpreter

import (
	"maps"
	"reflect"
	"slices"
	"strconv"

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
	globals []field // shared by every scope
	locals  []field
	nature  nature.Nature
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
	fields := mergeLocals(e.globals, e.locals)
	out := make([]string, len(fields))
	for i, f := range fields {
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
	tc.envKey = tc.appendEnvKey(tc.envKey[:0], locals)
	if e, ok := tc.envs[string(tc.envKey)]; ok {
		return e
	}
	merged := mergeLocals(nil, locals)
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
	e := &envScope{globals: tc.globals, locals: merged, nature: nt}
	if tc.envs == nil {
		tc.envs = map[string]*envScope{}
	}
	tc.envs[string(tc.envKey)] = e
	return e
}

// appendEnvKey appends the key of the scope type of locals to buf: each
// name once, in the order of its first local, with the type number of
// its last (as mergeLocals orders and shadows them).
func (tc *typeContext) appendEnvKey(buf []byte, locals []field) []byte {
	for i, l := range locals {
		if slices.ContainsFunc(locals[:i], func(f field) bool { return f.name == l.name }) {
			continue
		}
		typ := l.typ
		for _, later := range locals[i+1:] {
			if later.name == l.name {
				typ = later.typ
			}
		}
		buf = append(buf, l.name...)
		buf = append(buf, ':')
		buf = strconv.AppendInt(buf, int64(tc.typeNumber(typ)), 10)
		buf = append(buf, ';')
	}
	return buf
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
