package interpreter

import (
	"fmt"
	"reflect"
	"strconv"

	"github.com/expr-lang/expr"

	"agon/schema"
)

// function is a ruleset-defined function: a typed expression with
// parameters, called from expressions with the environment as a hidden
// first argument.
type function struct {
	name   string
	pos    schema.Pos
	params []schema.Param
	locals []localRef // the parameters as locals
	body   *compiled
	// memo numbers the function among those whose calls a game
	// remembers (callmemo.go), -1 if not one; nest is how deep calls can
	// nest in a call of it.
	memo, nest int
	// index numbers the function in Program.funcOrder.
	index int
	// lookOnly marks the intmap parameters the body only looks into
	// (scratchmaps.go).
	lookOnly []bool
}

// paramKeys are the parameters' local keys, which the body's closure
// binds to its first frame slots.
func (f *function) paramKeys() []string {
	keys := make([]string, len(f.locals))
	for i, l := range f.locals {
		keys[i] = l.key
	}
	return keys
}

// declareFunctions registers the built-in and ruleset functions with the
// compiler. Bodies are compiled afterwards (compileFunctionBodies), so
// functions may call each other.
func (c *exprCompiler) declareFunctions(rs *schema.Ruleset) map[string]*function {
	c.envFuncs = map[string]bool{"card": true}
	c.arity = map[string]int{"card": 1}
	c.declareBuiltins()
	funcs := map[string]*function{}
	for _, name := range rs.FunctionOrder {
		def := rs.Functions[name]
		f := &function{name: name, pos: def.Pos, params: def.Params, memo: -1}
		for _, p := range def.Params {
			f.locals = append(f.locals, c.local(p.Name))
		}
		// A type schema.Validate rejected (or a missing one) is any here:
		// the function is still declared, so its calls are not reported
		// as calls of an unknown function on top of the real error.
		ret := c.tc.valueTypeOrAny(def.Returns)
		in := []reflect.Type{typeAny}
		for _, p := range def.Params {
			in = append(in, paramType(c.tc.valueTypeOrAny(p.Type)))
		}
		f.index = len(funcs)
		funcs[name] = f
		c.envFuncs[name] = true
		c.arity[name] = len(def.Params)
		c.names = append(c.names, name)
		sig := reflect.New(reflect.FuncOf(in, []reflect.Type{ret}, false)).Interface()
		impl := func(args ...any) (any, error) { return callFunction(f, args) }
		c.checkOpts = append(c.checkOpts, expr.Function(name, impl, sig))
		c.runOpts = append(c.runOpts, expr.Function(name, impl))
	}
	c.funcs = funcs
	return funcs
}

// compileFunctionBodies compiles every function body with its parameters
// in scope and checks the result type. Functions may call themselves
// (directly or through others): Limits.MaxCallDepth bounds the nesting at
// run time.
func (c *exprCompiler) compileFunctionBodies(rs *schema.Ruleset, funcs map[string]*function) {
	for _, name := range rs.FunctionOrder {
		f, ok := funcs[name]
		if !ok {
			continue
		}
		def := rs.Functions[name]
		var sc *scope
		for _, p := range def.Params {
			sc = sc.with(p.Name, c.tc.valueTypeOrAny(p.Type))
		}
		f.body = c.compile(def.Expr, sc, wantFor(def.Returns), "function "+name)
		if f.body != nil {
			// The body's closure reads its parameters from frame slots (a
			// copy: the compile may be shared with other places).
			body := *f.body
			fns := c.baseConfig(runConf, c.hidden(sc.fields())).Functions
			body.fast, body.frame, body.fastMiss = fastCompile(body.run.node(), f.paramKeys(), c, fns)
			f.body = &body
		}
	}
}

// paramType is the type a function's signature declares for a parameter:
// lists and maps are accepted in any form (a literal [1, 2] is a
// []interface{} to expr) and converted to the declared type at the call;
// inside the body the parameter has its declared type.
func paramType(t reflect.Type) reflect.Type {
	switch t.Kind() {
	case reflect.Slice, reflect.Map:
		return typeAny
	}
	return t
}

// wantFor is the result kind a declared type requires.
func wantFor(typ string) wanted {
	switch typ {
	case "int":
		return wantInt
	case "bool":
		return wantBool
	case "string":
		return wantString
	case "ints", "strings", "cards":
		return wantList
	}
	return wantAny
}

// callFunction runs a ruleset function: the first argument is the
// environment (inserted by envPatcher), the rest are the parameters.
func callFunction(f *function, args []any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	if f.body == nil {
		return nil, fmt.Errorf("function %s did not compile", f.name)
	}
	if g.callDepth >= g.limits.MaxCallDepth {
		return nil, fmt.Errorf("function %s: more than %d nested function calls (limit MaxCallDepth): does its recursion end?", f.name, g.limits.MaxCallDepth)
	}
	var vals [4]any
	args = args[1:]
	coerced := vals[:0]
	for i, p := range f.params {
		v, err := coerce(p.Type, args[i])
		if err != nil {
			return nil, fmt.Errorf("%s: parameter %s: %v", f.name, p.Name, err)
		}
		coerced = append(coerced, v)
	}
	if err := g.chargeSteps(1); err != nil {
		return nil, err
	}
	if g.counts != nil {
		defer func(steps int) { g.counts.count(f, g.budget.steps-steps+1) }(g.budget.steps)
	}
	if f.body.fast != nil {
		v, ok := g.runFastBody(f.body, coerced)
		if g.fastCount != nil {
			g.fastCount(f.body, ok)
		}
		if ok {
			if g.fastCheck != nil {
				var buf [4]savedLocal
				saved := bindParams(buf[:0], g.st, f, coerced)
				g.fastCheck(f.body, v)
				restoreParams(g.st, saved)
				g.st.syncLocals() // the calling VM reads its locals from the map
			}
			return v, nil
		}
	}
	if f.body.fast == nil && g.fastCount != nil {
		g.fastCount(f.body, false)
	}
	var buf [4]savedLocal
	saved := bindParams(buf[:0], g.st, f, coerced)
	out, err := g.callNested(f.body)
	restoreParams(g.st, saved)
	g.st.syncLocals() // the calling VM reads its own locals from the map again
	return out, err
}

// bindParams binds a function's parameters as locals in the environment
// (for its body on the VM), appending what they bound over to saved.
func bindParams(saved []savedLocal, s *state, f *function, vals []any) []savedLocal {
	for i, p := range f.params {
		saved = append(saved, bindKey(s, p.Name, f.locals[i], vals[i]))
	}
	return saved
}

// restoreParams undoes bindParams, last first.
func restoreParams(s *state, saved []savedLocal) {
	for i := len(saved) - 1; i >= 0; i-- {
		saved[i].restore(s)
	}
}

// gameOf finds the game of a call of an engine function: its first
// argument, $env, is the game (from a closure) or the environment map
// that names it (from the VM).
func gameOf(args []any) (*Game, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("internal: missing environment")
	}
	switch env := args[0].(type) {
	case gameRef: // what a closure passes (fastCompiler.identifier)
		return env.g, nil
	case map[string]any: // what the VM passes: its environment
		if g, ok := gameIn(env); ok {
			return g, nil
		}
		return nil, fmt.Errorf("internal: environment has no game")
	}
	return nil, fmt.Errorf("internal: environment is %T", args[0])
}

// declareBuiltins adds agon's own functions (see REFERENCE.md).
func (c *exprCompiler) declareBuiltins() {
	cards := reflect.SliceOf(c.tc.card)
	sig := func(in []reflect.Type, out reflect.Type) any {
		return reflect.New(reflect.FuncOf(in, []reflect.Type{out}, false)).Interface()
	}
	add := func(name string, impl func(args ...any) (any, error), sigs ...any) {
		c.checkOpts = append(c.checkOpts, expr.Function(name, impl, sigs...))
		c.runOpts = append(c.runOpts, expr.Function(name, impl))
		c.names = append(c.names, name)
	}
	add("card", builtinCard, sig([]reflect.Type{typeAny, typeString}, c.tc.card))
	add("div", builtinDiv(false), new(func(int, int) int))
	add("divUp", builtinDiv(true), new(func(int, int) int))
	// keys takes every map with string keys a ruleset has (an intmap, a
	// constant map or map literal, a keyed zone family, a board's regions
	// or paths): each gives the same sorted list of strings.
	add("keys", builtinKeys,
		new(func(map[string]int) []string),
		new(func(map[string]any) []string),
		new(func(map[string][]string) []string),
		sig([]reflect.Type{reflect.MapOf(typeString, cards)}, typeStrings))
	add("without", builtinWithout,
		sig([]reflect.Type{cards, c.tc.card}, cards),
		sig([]reflect.Type{cards, cards}, cards),
		new(func([]int, int) []int),
		new(func([]string, string) []string),
		new(func([]any, any) []any))
	add("ids", builtinIDs, sig([]reflect.Type{cards}, typeStrings))
	add("plural", builtinPlural, new(func(int, string) string))
	c.declareGraphBuiltins()
	add("has", builtinHas, new(func(map[string]int, string) bool), new(func(map[string]any, string) bool))
}

func builtinCard(args ...any) (any, error) {
	g, err := gameOf(args)
	if err != nil {
		return nil, err
	}
	id, _ := args[1].(string)
	c, ok := g.cardByID(id)
	if !ok {
		return nil, fmt.Errorf("no card with id %q", id)
	}
	return c, nil
}

func builtinDiv(up bool) func(args ...any) (any, error) {
	return func(args ...any) (any, error) {
		a, aok := args[0].(int)
		b, bok := args[1].(int)
		if !aok || !bok {
			return nil, fmt.Errorf("div: expected two ints, got %s and %s", describe(args[0]), describe(args[1]))
		}
		if b == 0 {
			return nil, fmt.Errorf("division by zero")
		}
		if b == -1 {
			return subInts(0, a) // the one quotient that overflows: the minimum int by -1
		}
		q := a / b
		if r := a % b; r != 0 && (r < 0) == (b > 0) {
			q-- // round toward minus infinity
		}
		if up && a%b != 0 {
			q++
		}
		return q, nil
	}
}

func builtinKeys(args ...any) (any, error) {
	switch m := args[0].(type) {
	case map[string]int:
		return sortedKeys(m), nil
	case map[string]any:
		return sortedKeys(m), nil
	case map[string][]string:
		return sortedKeys(m), nil
	}
	return nil, fmt.Errorf("keys: expected a map, got %s", describe(args[0]))
}

func builtinWithout(args ...any) (any, error) {
	drop := map[string]bool{}
	rv := reflect.ValueOf(args[1])
	if rv.Kind() == reflect.Slice {
		for i := 0; i < rv.Len(); i++ {
			drop[identity(rv.Index(i).Interface())] = true
		}
	} else {
		drop[identity(args[1])] = true
	}
	list := reflect.ValueOf(args[0])
	if list.Kind() != reflect.Slice {
		return nil, fmt.Errorf("without: expected a list, got %s", describe(args[0]))
	}
	out := reflect.MakeSlice(list.Type(), 0, list.Len())
	for i := 0; i < list.Len(); i++ {
		if e := list.Index(i); !drop[identity(e.Interface())] {
			out = reflect.Append(out, e)
		}
	}
	return out.Interface(), nil
}

// builtinPlural writes a count with its noun: "1 coin card", "3 coin
// cards" (the plural adds an s).
func builtinPlural(args ...any) (any, error) {
	n, _ := args[0].(int)
	word, _ := args[1].(string)
	if n != 1 {
		return strconv.Itoa(n) + " " + word + "s", nil // one allocation
	}
	return "1 " + word, nil
}

func builtinIDs(args ...any) (any, error) {
	list, ok := args[0].([]any)
	if !ok {
		return nil, fmt.Errorf("ids: expected a list of cards, got %s", describe(args[0]))
	}
	out := make([]string, 0, len(list))
	for _, e := range list {
		out = append(out, identity(e))
	}
	return out, nil
}

// identity is how values compare in without and option keys: cards by id,
// other values by their printed form.
func identity(v any) string {
	if m, ok := v.(map[string]any); ok {
		if id, ok := m["id"].(string); ok {
			return id
		}
	}
	switch x := v.(type) { // as fmt.Sprint, without its boxing
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	}
	return fmt.Sprint(v)
}
