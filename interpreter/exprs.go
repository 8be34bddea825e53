package interpreter

import (
	"errors"
	"fmt"
	"github.com/expr-lang/expr/checker/nature"
	"reflect"
	"regexp"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/conf"
	"github.com/expr-lang/expr/file"

	"agon/schema"
)

// compiled is one expression, checked against the shadow types and
// compiled for the runtime (map) environment.
type compiled struct {
	src schema.Expr
	// run is the runtime tree and its VM program, made on first use
	// (exprconf.go); shared by the copies of a memoised compile.
	run *lazyProgram
	typ reflect.Type // the checked result type (interface{} when unknown)
	// fast evaluates the expression without the VM (fastpath.go); nil
	// when it has a part closures do not cover, which fastMiss names.
	fast     fastFunc
	frame    int // the frame slots fast needs (parameters, let variables)
	fastMiss string
	// checked is the type-checked tree and checkedLocals the locals it
	// names, kept for the typed closures over the flat state
	// (flatexpr.go; measured, the four shipped Programs hold 12.2 MB
	// with the trees and without).
	checked       ast.Node
	checkedLocals []field
}

// listPreserving are expr builtins whose result lists hold elements of
// their first argument's type, though expr types them []interface{}.
var listPreserving = map[string]bool{"filter": true, "concat": true, "reverse": true, "uniq": true, "take": true, "sort": true, "sortBy": true}

// inferType refines expr's result type of a node: a list built by a
// list-preserving builtin keeps its argument's element type, a range is a
// list of ints, cond ? list : [] is a list of the list's type, and first,
// last, min, max, map and list literals have the type their arguments
// give (builtinType).
func inferType(n ast.Node) reflect.Type {
	t := n.Type()
	anyList := t != nil && t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Interface
	if !anyList && (t == nil || t.Kind() != reflect.Interface) {
		return t
	}
	switch x := n.(type) {
	case *ast.BinaryNode:
		if x.Operator == ".." {
			return typeInts // expr types a range []interface{}; it only holds ints
		}
	case *ast.BuiltinNode:
		if listPreserving[x.Name] && len(x.Arguments) > 0 {
			first := inferType(x.Arguments[0])
			if first != nil && first.Kind() == reflect.Slice {
				return first
			}
		}
		if r := builtinType(x); r != nil {
			return r
		}
	case *ast.ArrayNode:
		if e := sameType(x.Nodes); e != nil {
			return reflect.SliceOf(e) // [a, b] of one concrete type
		}
	case *ast.VariableDeclaratorNode:
		return inferType(x.Expr)
	case *ast.ConditionalNode:
		a, b := inferType(x.Exp1), inferType(x.Exp2)
		switch {
		case a != nil && a == b:
			return a
		case isEmptyList(x.Exp2) && a != nil && a.Kind() == reflect.Slice:
			return a // cond ? list : []
		case isEmptyList(x.Exp1) && b != nil && b.Kind() == reflect.Slice:
			return b
		}
	}
	return t
}

// builtinType refines the result type of first, last, min, max and map
// from their arguments: an element of a typed list; an int of ints; a
// list of what the predicate gives. nil: no refinement.
func builtinType(b *ast.BuiltinNode) reflect.Type {
	if len(b.Arguments) == 0 {
		return nil
	}
	arg := inferType(b.Arguments[0])
	switch b.Name {
	case "first", "last":
		if len(b.Arguments) == 1 && arg != nil && arg.Kind() == reflect.Slice && arg.Elem().Kind() != reflect.Interface {
			return arg.Elem()
		}
	case "min", "max":
		if len(b.Arguments) == 1 && arg == typeInts {
			return typeInt
		}
		if len(b.Arguments) > 1 && sameType(b.Arguments) == typeInt {
			return typeInt
		}
	case "map":
		if p, ok := b.Arguments[len(b.Arguments)-1].(*ast.PredicateNode); ok && len(b.Arguments) == 2 {
			if e := inferType(p.Node); e != nil && e.Kind() != reflect.Interface {
				return reflect.SliceOf(e)
			}
		}
	}
	return nil
}

// sameType is the one concrete type every node has, or nil.
func sameType(nodes []ast.Node) reflect.Type {
	var t reflect.Type
	for _, n := range nodes {
		nt := inferType(n)
		if nt == nil || nt.Kind() == reflect.Interface || t != nil && nt != t {
			return nil
		}
		t = nt
	}
	return t
}

// isEmptyList reports whether n is the literal [].
func isEmptyList(n ast.Node) bool {
	a, ok := n.(*ast.ArrayNode)
	return ok && len(a.Nodes) == 0
}

// scope is the set of locals visible at a point of the ruleset. It is
// immutable: with returns an extended copy.
type scope struct {
	locals []field
}

func (s *scope) with(name string, t reflect.Type) *scope {
	var locals []field
	if s != nil {
		locals = append(locals, s.locals...)
	}
	return &scope{locals: append(locals, field{name, t})}
}

func (s *scope) lookup(name string) (reflect.Type, bool) {
	if s == nil {
		return nil, false
	}
	for i := len(s.locals) - 1; i >= 0; i-- {
		if s.locals[i].name == name {
			return s.locals[i].typ, true
		}
	}
	return nil, false
}

func (s *scope) fields() []field {
	if s == nil {
		return nil
	}
	return s.locals
}

// exprCompiler compiles expressions of one ruleset.
type exprCompiler struct {
	tc *typeContext
	// props are the cards' prop columns: a read of one on a card reads
	// the state's column (cardprops.go).
	props *propColumns
	// attrs are the cards' attribute columns (cardattrs.go).
	attrs *cardAttrs
	// colls are told of every whole read of an intmap variable
	// (collwrites.go).
	colls *collWrites
	// pfields are the player fields with a slot (playerslots.go).
	pfields *playerFields
	ds      *schema.Diagnostics
	// checkOpts declare functions with shadow types; runOpts declare the
	// same functions for the map environment.
	checkOpts, runOpts []expr.Option
	// envFuncs are the function names that receive the environment as a
	// hidden first argument.
	envFuncs map[string]bool
	// names are every name an expression may use, for did-you-mean.
	names []string
	// arity is the parameter count of each function called with the
	// environment (checked before expr sees the call).
	arity map[string]int
	// lits checks the string literals of each expression (literals.go);
	// nil checks nothing.
	lits *literalChecker
	// defaults are the intmap vars' declared defaults (nil: none).
	defaults *mapDefaults
	// funcs are the ruleset's functions, which fast paths call directly;
	// consts its constants, which they read without the environment.
	funcs  map[string]*function
	consts map[string]any
	// confs are the shared expr configurations (exprconf.go).
	confs map[string]*conf.Config
	// memo holds each expression text compiled in each scope type
	// (exprmemo.go).
	memo map[compileKey]compileMemo
	// funcValues finds functions named without a call (funcvalues.go).
	funcValues funcValueFinder
	// parses are the texts parsed for the read-only checks (exprmemo.go).
	parses  map[string]*parsedTree
	natures nature.Cache
	// slots number the root names closures read (rootslots.go).
	slots *rootSlotTable
	// boxes are the boxed twins of the constant string lists closures
	// walk (fastpath_const.go).
	boxes constBoxes
	// rest holds, for each effect list being compiled (outermost first),
	// the effects after the one being compiled: a name one of their lets
	// binds is "bound after its use", not unknown (boundAfter).
	rest [][]*schema.Effect
	// letAfter are the bindings of the let being compiled that follow the
	// one being compiled: a let binds its names in order.
	letAfter []schema.Binding
	// picks are the picks whose parts are being compiled, innermost
	// last: "picked" used where the pick names its list otherwise is
	// explained (pickedName).
	picks []*schema.Pick
	// nodeLocals are the locals in scope known to hold node ids of a
	// board, innermost last (nodewords.go).
	nodeLocals []nodeLocal
	nodeBuf    []nodeLocal // nodeLocalsIn's result, reused
	// assigned are the names some set: of the ruleset writes as a bare
	// name (nil: not listed yet): such a local may hold any string, not
	// only node ids (nodewords.go).
	assigned map[string]bool
}

// wanted is the kind of result an expression must have.
type wanted int

const (
	wantAny wanted = iota
	wantBool
	wantInt
	wantString
	wantList
)

// String implements fmt.Stringer: the type as a ruleset names it.
func (w wanted) String() string {
	return [...]string{"any", "bool", "int", "string", "a list"}[w]
}

func (w wanted) accepts(t reflect.Type) bool {
	if t == nil || t.Kind() == reflect.Interface {
		return true // checked at run time
	}
	switch w {
	case wantBool:
		return t.Kind() == reflect.Bool
	case wantInt:
		return t.Kind() == reflect.Int
	case wantString:
		return t.Kind() == reflect.String
	case wantList:
		return t.Kind() == reflect.Slice || t.Kind() == reflect.Array
	}
	return true
}

// envPatcher gives functions that need the game the environment as their
// first argument.
type envPatcher struct{ names map[string]bool }

// Visit implements ast.Visitor. It also forgets the types that expr's
// pre-patch checks stored in every node: the final check skips a call
// whose type is known, so an unknown name inside its arguments (`div(x,
// 2)` with no x) would go unreported.
func (p envPatcher) Visit(node *ast.Node) {
	(*node).SetType(nil)
	call, ok := (*node).(*ast.CallNode)
	if !ok {
		return
	}
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok || !p.names[id.Value] {
		return
	}
	if len(call.Arguments) > 0 {
		if first, ok := call.Arguments[0].(*ast.IdentifierNode); ok && first.Value == "$env" {
			return
		}
	}
	call.Arguments = append([]ast.Node{&ast.IdentifierNode{Value: "$env"}}, call.Arguments...)
}

// Reset and ShouldRepeat make envPatcher a "repeatable" patcher, which
// expr runs last, right before its final check (so the types Visit forgets
// are not stored again in between). It runs once.
func (p envPatcher) Reset() {}

// ShouldRepeat implements expr's repeatable patcher: one pass is enough.
func (p envPatcher) ShouldRepeat() bool { return false }

// readsNoTypes marks envPatcher as matching names only (patchAndCheck).
func (p envPatcher) readsNoTypes() {}

// typesCleared forgets the types a patcher's pre-check stored. expr
// checks the tree before each patcher and skips the arguments of a call
// whose type is already known in the final check, so the last patcher
// must leave no types behind, or an unknown name inside a call would go
// unreported. expr runs "repeatable" patchers after the others, each
// after a fresh check, so typesCleared is repeatable and comes last.
type typesCleared struct{}

// Visit implements ast.Visitor.
func (typesCleared) Visit(node *ast.Node) { (*node).SetType(nil) }

// Reset implements expr's repeatable patcher.
func (typesCleared) Reset() {}

// ShouldRepeat implements expr's repeatable patcher: one pass is enough.
func (typesCleared) ShouldRepeat() bool { return false }

// readsNoTypes marks typesCleared as reading no type (patchAndCheck).
func (typesCleared) readsNoTypes() {}

// disabledBuiltins would let the clock or Go map order reach outcomes.
var disabledBuiltins = []string{"now", "date", "duration", "keys", "values", "toPairs", "fromPairs", "timezone"}

// compile checks src in scope sc and compiles it for the runtime. It
// reports problems to the diagnostics and returns nil on failure.
func (c *exprCompiler) compile(src schema.Expr, sc *scope, want wanted, what string) *compiled {
	if strings.TrimSpace(src.Src) == "" {
		// Written but blank (`if: ""`): an absent expression has no
		// position, and the decoder reports `if:` with nothing after it.
		if src.Pos.Line > 0 {
			c.ds.Addf(src.Pos, "%s needs a value: write an expression", what)
		}
		return nil
	}
	if !c.textChecks(src) {
		return nil
	}
	// The compiles see only the locals the text names (exprmemo.go);
	// diagnostics list every name in scope.
	full := sc
	sc = c.namedLocals(src.Src, sc)
	env := c.tc.env(sc.fields())
	memoKey := compileKey{src: src.Src, env: env}
	if m, ok := c.memo[memoKey]; ok {
		return c.reuse(m, src, full, want, what)
	}
	// The check compile is not run: unoptimised, its tree keeps every
	// literal where it was written (for literals.go).
	hidden := c.hidden(sc.fields())
	arith := newArithRecorder(c.tc.card, c.props)
	var finder *defaultFinder
	if c.defaults != nil {
		finder = &defaultFinder{d: c.defaults, player: c.tc.player, found: map[file.Location]int{}}
	}
	checkCfg := configured(c.baseConfig(checkConf, hidden), c.checkOptions(env, arith, finder)...)
	checkCfg.NtCache = c.natures
	defer func() { c.natures = checkCfg.NtCache }()
	checked, err := c.parseFor(src.Src, checkCfg)
	if err != nil {
		c.report(src, err, c.tc.env(full.fields()))
		return nil
	}
	// The runtime tree starts from the same parse (runtree.go).
	parsed, copied := copyNode(checked.Node)
	// The checked tree is kept for the per-place checks; no program is
	// made from it.
	if err := patchAndCheck(checked, checkCfg); err != nil {
		c.report(src, err, c.tc.env(full.fields()))
		return nil
	}
	c.colls.scan(checked.Node, c.envFuncs)
	typ := inferType(checked.Node)
	c.lits.check(src, checked.Node, full)
	if !c.checkBoardLiterals(src, checked.Node, full) || !c.checkListArgs(src, checked.Node) || !c.checkFunctionValues(src, checked.Node) {
		return nil
	}
	if !want.accepts(typ) {
		c.ds.Add(c.diag(src, 1, 0, fmt.Sprintf("%s must be %s, got %s", what, want, typeName(typ, c.tc))))
		return nil
	}
	if !copied {
		parsed = nil // parsed again
	}
	out, err := c.forRuntime(src, sc, hidden, parsed, checked.Source, checkCfg, arith, finder)
	if err != nil {
		c.report(src, err, c.tc.env(full.fields()))
		return nil
	}
	out.typ = typ
	out.checked, out.checkedLocals = checked.Node, sc.fields()
	c.remember(memoKey, out, checked.Node)
	return out
}

// checkOptions are the check compile's patchers, in expr's order of
// running: envPatcher and the recorders (which read the types of a check
// made after it) are "repeatable" and run after finder; typesCleared runs
// last so that the final check types every node again (see envPatcher).
func (c *exprCompiler) checkOptions(env *envScope, arith *arithRecorder, finder *defaultFinder) []expr.Option {
	opts := []expr.Option{expr.Patch(envPatcher{c.envFuncs}), env.option(), expr.Optimize(false), expr.Patch(arith)}
	if finder != nil {
		opts = append(opts, expr.Patch(finder))
	}
	return append(opts, expr.Patch(typesCleared{}))
}

// runOptions are the runtime compile's options and patchers, new ones
// each call (the budget patcher keeps state): the map environment, $env,
// the local keys, the intmap defaults and the checked arithmetic the
// check compile found, and the budget's counting calls.
func (c *exprCompiler) runOptions(sc *scope, arith *arithRecorder, finder *defaultFinder) []expr.Option {
	opts := []expr.Option{expr.Patch(envPatcher{c.envFuncs}), expr.Env(map[string]any{}), expr.AllowUndefinedVariables()}
	if r := renamerFor(sc); r != nil {
		opts = append(opts, expr.Patch(*r))
	}
	if finder != nil && len(finder.found) > 0 {
		opts = append(opts, expr.Patch(defaultRewriter{finder.found}))
	}
	return append(opts, expr.Patch(arith.patcher()), expr.Patch(newBudgetPatcher()))
}

// checkArity reports calls of ruleset functions (and card) with the wrong
// number of arguments: expr cannot, as the environment argument is added
// behind its back.
func (c *exprCompiler) checkArity(src schema.Expr) bool {
	root, parsed := c.parsedHolding(src.Src, "(")
	if !parsed {
		return true
	}
	ok := true
	ast.Find(root, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallNode)
		if !isCall {
			return false
		}
		id, isIdent := call.Callee.(*ast.IdentifierNode)
		if !isIdent {
			return false
		}
		if want, known := c.arity[id.Value]; known && len(call.Arguments) != want {
			line, col := lineCol(src.Src, call.Location().From)
			c.ds.Add(c.diag(src, line, col, fmt.Sprintf("%s takes %d %s, got %d", id.Value, want, pluralArgs(want), len(call.Arguments))))
			ok = false
		}
		return false
	})
	return ok
}

// lineCol turns a rune offset into src into a line (from 1) and a column
// (from 0), as expr reports positions.
func lineCol(src string, offset int) (int, int) {
	line, col := 1, 0
	for i, r := range []rune(src) {
		if i >= offset {
			break
		}
		if r == '\n' {
			line, col = line+1, 0
		} else {
			col++
		}
	}
	return line, col
}

func pluralArgs(n int) string {
	if n == 1 {
		return "argument"
	}
	return "arguments"
}

var (
	reNoField   = regexp.MustCompile(`^type (.*) has no field (\w+)$`)
	reNoName    = regexp.MustCompile(`^unknown name (\w+)$`)
	reNoFunc    = regexp.MustCompile(`^unknown func (\w+)$`)
	reStructTyp = regexp.MustCompile(`struct \{[^{}]*\}`)
)

// report turns an expr compile error into a diagnostic at the right
// column, with a message that names ruleset concepts instead of Go types.
// maxExprNodes is the most nodes one expression's tree may have (expr's
// MaxNodes; MaxExprNodes in REFERENCE.md's limits).
const maxExprNodes = 5000

func (c *exprCompiler) report(src schema.Expr, err error, env *envScope) {
	if c.reportUnknownCallees(src, env) {
		return // the root cause of expr's error, whatever it says
	}
	var fe *file.Error
	if !errors.As(err, &fe) {
		c.ds.Addf(src.Pos, "%v%s", err, src.QuoteHint())
		return
	}
	if c.reportFunctionValues(src, fe.Message, env) {
		return
	}
	if strings.Contains(fe.Message, "exceeds maximum allowed nodes") {
		// At its start and not echoed: such an expression is thousands
		// of characters long.
		c.ds.Addf(src.Pos, "expression has more than %d nodes (limit MaxExprNodes): split it with let or a function", maxExprNodes)
		return
	}
	c.ds.Add(c.diag(src, fe.Line, fe.Column, c.explain(fe.Message, env)+src.QuoteHint()))
}

func (c *exprCompiler) explain(msg string, env *envScope) string {
	if m := reNoField.FindStringSubmatch(msg); m != nil {
		owner, candidates := c.describeStruct(m[1], env)
		if owner == "" {
			return fmt.Sprintf("%s has no field %q", aGoTypeName(c.prettyTypes(m[1])), m[2])
		}
		return fmt.Sprintf("unknown %s field %q%s", owner, m[2], schema.DidYouMean(m[2], candidates))
	}
	if m := reNoName.FindStringSubmatch(msg); m != nil {
		if why, ok := c.boundAfter(m[1]); ok {
			return fmt.Sprintf("unknown name %q: %s", m[1], why)
		}
		if why, ok := c.pickedName(m[1]); ok {
			return fmt.Sprintf("unknown name %q: %s", m[1], why)
		}
		return fmt.Sprintf("unknown name %q%s", m[1], schema.DidYouMean(m[1], c.namesIn(env)))
	}
	if m := reNoFunc.FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf("unknown function %q%s", m[1], schema.DidYouMean(m[1], c.namesIn(env)))
	}
	msg = c.prettyTypes(msg)
	if m, ok := explainArgType(msg); ok {
		return m
	}
	return rulesetWords(msg)
}

// prettyTypes replaces shadow struct type names in a message by "card",
// "player", "board", "node" or "environment", and Go function types by
// "function". The named types go first, whole: a player's type holds the
// card's (its zones), so the card's alone would leave a struct behind.
func (c *exprCompiler) prettyTypes(msg string) string {
	if strings.Contains(msg, "struct {") {
		for _, n := range []struct {
			t    reflect.Type
			name string
		}{{c.tc.player, "player"}, {c.tc.card, "card"}, {c.tc.boards.board, "board"}, {c.tc.boards.node, "node"}} {
			if n.t != nil {
				msg = strings.ReplaceAll(msg, n.t.String(), n.name)
			}
		}
		msg = reStructTyp.ReplaceAllString(msg, "environment")
	}
	return reGoFunc.ReplaceAllString(msg, "function")
}

func (c *exprCompiler) describeStruct(typeStr string, env *envScope) (string, []string) {
	switch typeStr {
	case c.tc.card.String():
		return "card", fieldNames(c.tc.card)
	case c.tc.player.String():
		return "player", fieldNames(c.tc.player)
	case c.tc.boards.board.String():
		return "board", fieldNames(c.tc.boards.board)
	case c.tc.boards.node.String():
		return "node", fieldNames(c.tc.boards.node)
	}
	return "", env.names()
}

// boundAfter explains a name used before a let binds it: a later key of
// the let being compiled, or a let further down an effect list being
// compiled (the innermost first). False when nothing binds it later.
func (c *exprCompiler) boundAfter(name string) (string, bool) {
	for _, b := range c.letAfter {
		if b.Name == name {
			return fmt.Sprintf("the let's key at %s binds it after this use; a let binds its keys in order: write that key first", b.Pos), true
		}
	}
	for i := len(c.rest) - 1; i >= 0; i-- {
		for _, e := range c.rest[i] {
			for _, b := range e.Let { // only a let has bindings
				if b.Name == name {
					return fmt.Sprintf("the let at %s binds it after this use; a let binds for the effects after it in its list: move the let up", b.Pos), true
				}
			}
		}
	}
	return "", false
}

// pickedName explains "picked" used inside a pick whose picked: key
// names the list otherwise (picked: gone): the key is not the name.
func (c *exprCompiler) pickedName(name string) (string, bool) {
	if name != "picked" || len(c.picks) == 0 {
		return "", false
	}
	p := c.picks[len(c.picks)-1]
	if p.Picked == "" || p.Picked == name {
		return "", false
	}
	return fmt.Sprintf("this pick names its list of picked elements %s (picked: %s): write %s", p.Picked, p.Picked, p.Picked), true
}

func (c *exprCompiler) namesIn(env *envScope) []string {
	return append(env.names(), c.names...)
}

func fieldNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		out = append(out, t.Field(i).Tag.Get("expr"))
	}
	return out
}

// typeName names a shadow type for messages.
func typeName(t reflect.Type, tc *typeContext) string {
	switch {
	case t == nil:
		return "nothing"
	case t == tc.card:
		return "card"
	case t == tc.player:
		return "player"
	case t == tc.boards.board:
		return "board"
	case t == tc.boards.node:
		return "node"
	case t.Kind() == reflect.Slice && t.Elem() == tc.card:
		return "list of cards"
	case t.Kind() == reflect.Slice && t.Elem() == tc.player:
		return "list of players"
	}
	return goTypeInWords(t.String())
}

// goTypeInWords names a Go type in the ruleset's words, without article:
// "intmap", "list of ints", "number".
func goTypeInWords(t string) string {
	switch t {
	case "map[string]int":
		return "intmap"
	case "interface {}":
		return "any value"
	}
	if s, ok := listOrMapName(t); ok {
		return s
	}
	return simpleTypeName(t)
}

// diag builds a diagnostic at a position inside an expression, with the
// source line and a caret when the column is exact.
func (c *exprCompiler) diag(src schema.Expr, line, col int, msg string) schema.Diagnostic {
	pos := src.At(line, col)
	d := schema.Diagnostic{Pos: pos, Msg: msg}
	lines := strings.Split(src.Src, "\n")
	if line >= 1 && line <= len(lines) && pos != src.Pos || (line <= 1 && col == 0) {
		text := lines[max(line, 1)-1]
		d.Detail = "\t" + text + "\n\t" + strings.Repeat(" ", max(col, 0)) + "^"
	}
	return d
}
