package interpreter

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/expr-lang/expr/ast"
)

// Typed closures over the flat state: the second piece of the rebuild
// (doc.go, "The typed flat state"). An expression's checked tree, whose
// every node has its type, compiles to closures that read the flat
// layout's cells, zones, prop pages and the Program's attribute columns
// by index and pass ints, bools, strings (as their numbers), cards (as
// their numbers) and players (as their seats) unboxed: no map, no
// reflection and no `any` on the way. A flat game runs them
// (flatgame.go); TestFlatClosuresAgree evaluates them beside the present runtime,
// on the flat packing of the same state, at the evaluations of random
// games of every shipped ruleset, and requires the same value; what they
// do not cover yet is counted there by the reason (flatCompiler.fail).
//
// A closure reports whether it could compute the value, as a fast path
// does (fastpath.go): an overflow, a division by zero, an index out of
// range or a limit reached gives up, so the present runtime's errors stay
// its own until the rebuild takes them over.

// flatKind is the type of a value a typed closure computes.
type flatKind int

const (
	fkNone       flatKind = iota
	fkInt                 // an int64
	fkBool                // 0 or 1
	fkString              // the string's number (flatLayout.intern)
	fkCard                // the card's number
	fkPlayer              // the seat
	fkPlayers             // the players list (only indexed)
	fkCards               // a list of card numbers
	fkInts                // a list of ints
	fkStrings             // a list of string numbers
	fkIntMap              // (key, value) pairs by key
	fkIntMaps             // intmaps: each map's pair count, then its pairs
	fkSeats               // a list of players, as their seats
	fkFamily              // a keyed family of zones (only indexed)
	fkEmpty               // [] whose kind its context gives
	fkBoard               // a board (flatexpr_boards.go)
	fkNode                // a node of a board: its index
	fkNamedLists          // a board's regions or paths: lists by name
	fkStrMap              // a constant map of strings (dense)
	fkRecords             // a constant list of records of string lists
	fkRecord              // one of them: records and the index (scalar)
)

var flatKindNames = [...]string{"none", "int", "bool", "string", "card", "player", "players", "cards", "ints", "strings", "intmap", "intmaps", "players' seats", "family", "empty list", "board", "node", "named lists", "map of strings", "records", "record"}

// String names the kind as a ruleset's type.
func (k flatKind) String() string { return flatKindNames[k] }

// isList reports whether values of k are lists.
func (k flatKind) isList() bool { return k >= fkCards && k <= fkSeats }

// flatScalar computes an int, bool, string, card or player as one number.
type flatScalar func(e *flatEnv) (int64, bool)

// flatNums computes a list of numbers: ints, strings or an intmap's pairs.
type flatNums func(e *flatEnv) ([]int64, bool)

// flatCardList computes a list of card numbers.
type flatCardList func(e *flatEnv) ([]int32, bool)

// flatValue is one compiled node: its kind and the closure of that kind.
type flatValue struct {
	kind   flatKind
	family string            // the family's name, for fkFamily
	board  *flatBoard        // for fkBoard and fkNode
	named  map[int64][]int64 // for fkNamedLists
	// records are fkRecords' records, by index.
	records []map[int64][]int64
	// slot is 1 + the frame slot a scalar is a plain read of (0: none),
	// konst the value of a constant scalar (nil: none): what lets a
	// closure read a column or compare without calling another.
	slot  int
	konst *int64
	// column is the card attribute column a scalar reads at a frame
	// slot (an element's or a local's .name), nil: none: what lets a
	// sum or a comparison read the column itself (flatexpr_fused.go).
	column *flatColumn
	// recursive is a recursive call, before its kind is given
	// (flatrec.go: typedAs).
	recursive func(e *flatEnv) (flatVal, bool)
	// dense is a constant intmap as a table by key number (nil: none).
	dense  *denseMap
	scalar flatScalar
	nums   flatNums
	cards  flatCardList
}

// flatEnv is what the closures read: the state, the frame's slots: the
// expression's free locals, its lets, the parameters of the calls
// inlined in it and the elements of its predicates. One per evaluating loop, reused.
type flatEnv struct {
	fs    *flatState
	slots []int64
	lists [][]int32
	nums  [][]int64
	// locals, localLists and localNums are a flat game's locals, by the
	// number progLocals gives their name (flatgame.go).
	locals     []int64
	localLists [][]int32
	localNums  [][]int64
	// sharedLists: localLists and localNums are shared with a clone, and
	// copied before a write (setListLocal).
	sharedLists bool
	// depth is the nesting of recursive calls running, maxDepth its
	// limit (flatrec.go).
	depth, maxDepth int
	// steps and mem are the work and the memory of the evaluations since
	// the last decision (calls and predicate rounds; the bytes of the
	// lists and strings built), and stepLimit and memLimit their bounds:
	// past them a closure gives up (see limit).
	steps, stepLimit, mem, memLimit int
	// moving is a move's copy of the cards it moves, and seen an option
	// listing's distinct values, reused.
	moving []int32
	seen   []int64
	// text is a string being built (join), reused; rendered is a text
	// being rendered (a label, a prompt, a log line), reused.
	text, rendered []byte
	// versions count each group's writes, and memos and memoLists are
	// the call sites' tables of remembered calls (flatmemo.go); nil
	// outside a flat game.
	versions  []uint64
	memos     [][]flatMemoEntry
	memoLists [][]flatMemoList
	// takes notes the cards players take (flatfacts.go); nil when the
	// report has no takes zone, and outside a flat game.
	takes *flatTakes
	// game is the flat game whose env this is, for an option's
	// legal_if_after, which plays the option on a copy of it
	// (flatlegal.go); nil outside a flat game.
	game *flatGame
}

// charge counts n steps of work; false past the limit.
func (e *flatEnv) charge(n int) bool {
	e.steps += n
	return e.steps <= e.stepLimit
}

// chargeMem counts n bytes built; false past the limit.
func (e *flatEnv) chargeMem(n int) bool {
	e.mem += n
	return e.mem <= e.memLimit
}

// limit gives e the bounds of a flat game's evaluations: the bounds of
// one evaluation (Limits.MaxExprSteps and MaxExprMemory), for all the
// evaluations from one decision to the next. The shipped games' longest
// stretch (a setup) takes 3,353 steps and builds 13.7 KB, so a game
// comes near them only when an expression runs away; the flat
// runtime then gives up at once, and the game is played again on the
// present runtime, which stops it with the limit's own message (or, for
// a stretch that is heavy but legal, plays it to the end).
func (e *flatEnv) limit() {
	l := flatLimits()
	e.maxDepth, e.stepLimit, e.memLimit = l.MaxCallDepth, l.MaxExprSteps, l.MaxExprMemory
}

// setListLocal sets local n's lists, copying the tables first if a clone
// shares them.
func (e *flatEnv) setListLocal(n int, cards []int32, nums []int64) {
	if e.sharedLists {
		e.localLists, e.localNums = slices.Clone(e.localLists), slices.Clone(e.localNums)
		e.sharedLists = false
	}
	e.localLists[n], e.localNums[n] = cards, nums
}

// localNumber is the number of local name in a flat game's tables.
func (fc *flatCompiler) localNumber(name string) int {
	n, ok := fc.progLocals[name]
	if !ok {
		if fc.l.strs.frozen { // the games' tables are made: a check names a local they lack
			fc.fail("the local %s, which no rule binds", name)
			if fc.unbound == "" {
				fc.unbound = name // a binder's (run step effects): fail's note may be reset
			}
			return 0
		}
		n = len(fc.progLocals)
		fc.progLocals[name] = n
	}
	return n
}

// progLocalRead compiles the read of a flat game's local n of kind k.
func progLocalRead(n int, k flatKind) flatValue {
	switch k {
	case fkCards:
		return flatValue{kind: k, cards: func(e *flatEnv) ([]int32, bool) { return e.localLists[n], true }}
	case fkInts, fkStrings, fkIntMap, fkIntMaps, fkSeats:
		return flatValue{kind: k, nums: func(e *flatEnv) ([]int64, bool) { return e.localNums[n], true }}
	}
	return flatValue{kind: k, scalar: func(e *flatEnv) (int64, bool) { return e.locals[n], true }}
}

// flatExpr is a compiled expression: its value and the free locals it
// reads, which the caller puts in their slots before evaluating.
type flatExpr struct {
	value  flatValue
	locals []flatLocal
	// frame sizes: scalar slots, card list slots, number list slots.
	slots, lists, nums int
}

// flatLocal is a local the expression reads, and where it goes.
type flatLocal struct {
	name string
	kind flatKind
	slot int
}

// flatCompiler compiles checked trees of one Program over its layout.
type flatCompiler struct {
	p     *Program
	l     *flatLayout
	attrs map[string]*flatAttr
	// progLocals numbers the locals by name when compiling for a flat
	// game, which keeps them in its own tables (flatEnv.locals …); nil
	// when compiling for the shadow tests, which read each expression's
	// locals into its frame.
	progLocals map[string]int
	// localKinds are the kinds a flat game's binders (for_each, let,
	// call, an option's as) give each local, for the locals the checker
	// types any.
	localKinds map[string]flatKind
	// reads, when set, records the groups the expressions compiled read,
	// and volatile whether one reads a local (flatdeps.go).
	reads    *flatGroups
	volatile bool
	// recs are the outer calls of the functions being inlined, by name
	// (flatrec.go).
	recs map[string]*flatRec
	// defaults are the intmap variables' declared defaults (nil: none).
	defaults *mapDefaults
	// boards are the boards compiled so far (flatexpr_boards.go).
	boards map[string]*flatBoard
	// per expression:
	out    *flatExpr
	scope  []flatBinding // names bound by lets, parameters and locals, innermost last
	locals map[string]reflect.Type
	inline []string // the functions being inlined, outermost first
	// preds are the slots of the elements of the predicates being
	// compiled, innermost last: # reads the last.
	preds []flatBinding
	// accs are the #acc slots of the reduces being compiled
	// (flatexpr_reduce.go).
	accs []flatAcc
	miss string
	// unbound is the first local a compile after load needed and the
	// games lack (localNumber), "" for none.
	unbound string
	// hoist, while an option group's when compiles, hoists what does
	// not depend on the group's element (flatexpr_hoist.go).
	hoist *flatHoist
}

// flatBinding binds a name to a slot of its kind.
type flatBinding struct {
	name string
	kind flatKind
	slot int
}

// newFlatCompiler makes a compiler over p's layout l.
func newFlatCompiler(p *Program, l *flatLayout) *flatCompiler {
	return &flatCompiler{p: p, l: l, attrs: map[string]*flatAttr{}, defaults: newMapDefaults(p.rs)}
}

// compile compiles c's checked tree (every Program keeps them);
// nil and the reason when a part of it is not covered. The compiler
// numbers the strings it meets (literals, names), so every compile comes
// before a state is packed.
func (fc *flatCompiler) compile(c *compiled) (*flatExpr, string) {
	fc.begin()
	v := fc.sub(c)
	if fc.miss == "" && v.scalar == nil && v.cards == nil && v.nums == nil {
		fc.fail("a value of kind %s", v.kind)
	}
	if fc.miss != "" {
		return nil, fc.miss
	}
	fc.out.value = v
	return fc.out, ""
}

// begin starts a frame: the expressions compiled until the next begin
// (an effect's value, target and zones) share its slots and locals.
func (fc *flatCompiler) begin() {
	fc.out, fc.scope, fc.inline, fc.preds, fc.miss = &flatExpr{}, nil, nil, nil, ""
	fc.locals = map[string]reflect.Type{}
}

// sub compiles c into the frame begun.
func (fc *flatCompiler) sub(c *compiled) flatValue {
	if c == nil || c.checked == nil {
		return fc.fail("no checked tree")
	}
	for _, f := range c.checkedLocals {
		fc.locals[f.name] = f.typ
	}
	return fc.node(c.checked)
}

// fail records why a node is not covered (the first reason wins).
func (fc *flatCompiler) fail(format string, args ...any) flatValue {
	if fc.miss == "" {
		fc.miss = fmt.Sprintf(format, args...)
	}
	return flatValue{}
}

// kindOf is the flat kind of a checked type.
func (fc *flatCompiler) kindOf(t reflect.Type) flatKind {
	tc := fc.p.tc
	switch {
	case t == nil:
		return fkNone
	case t == tc.card:
		return fkCard
	case t == tc.player:
		return fkPlayer
	}
	switch t.Kind() {
	case reflect.Int:
		return fkInt
	case reflect.Bool:
		return fkBool
	case reflect.String:
		return fkString
	case reflect.Slice:
		switch t.Elem() {
		case tc.card:
			return fkCards
		case tc.player:
			return fkSeats
		case typeInt:
			return fkInts
		case typeString:
			return fkStrings
		}
	case reflect.Map:
		if t == typeIntMap {
			return fkIntMap
		}
	}
	if t == typeIntMaps {
		return fkIntMaps
	}
	return fkNone
}

// declaredKind is the flat kind of a declared type name.
func declaredKind(typ string) flatKind {
	switch typ {
	case "int":
		return fkInt
	case "bool":
		return fkBool
	case "string":
		return fkString
	case "ints":
		return fkInts
	case "strings":
		return fkStrings
	case "intmap":
		return fkIntMap
	case "intmaps":
		return fkIntMaps
	case "card":
		return fkCard
	case "cards":
		return fkCards
	}
	return fkNone
}

// node compiles n (hoisted, in an option group's when, if it may be:
// flatexpr_hoist.go).
func (fc *flatCompiler) node(n ast.Node) flatValue {
	if fc.miss != "" {
		return flatValue{}
	}
	if fc.hoist != nil && len(fc.inline) == 0 && hoistable(n) {
		return fc.hoistNode(n)
	}
	return fc.nodeOf(n)
}

// nodeOf compiles n by its kind.
func (fc *flatCompiler) nodeOf(n ast.Node) flatValue {
	switch x := n.(type) {
	case *ast.IntegerNode:
		return constScalar(fkInt, int64(x.Value))
	case *ast.BoolNode:
		return constScalar(fkBool, boolNum(x.Value))
	case *ast.StringNode:
		return fc.strConst(x.Value)
	case *ast.IdentifierNode:
		return fc.identifier(x.Value)
	case *ast.MemberNode:
		if x.Optional || x.Method {
			return fc.fail("optional or method member")
		}
		return fc.member(x)
	case *ast.BinaryNode:
		return fc.binary(x)
	case *ast.UnaryNode:
		return fc.unary(x)
	case *ast.ConditionalNode:
		return fc.conditional(x)
	case *ast.BuiltinNode:
		return fc.builtin(x)
	case *ast.PointerNode:
		return fc.pointer(x)
	case *ast.CallNode:
		return fc.call(x)
	case *ast.VariableDeclaratorNode:
		return fc.let(x)
	case *ast.ArrayNode:
		return fc.array(x)
	case *ast.SliceNode:
		return fc.slice(x)
	case *ast.MapNode:
		return fc.mapLiteral(x)
	}
	return fc.fail("%s", nodeKind(n))
}

func boolNum(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// constScalar is a literal.
// strConst compiles the string s. Once the program's games may run (a
// check, a scenario's run step: flatcheck.go), a string no rule names
// has no number of the program's: it is numbered in the game's own table
// when first read, as a string made while playing is.
func (fc *flatCompiler) strConst(s string) flatValue {
	l := fc.l
	if _, ok := l.strs.ids[s]; ok || !l.strs.frozen {
		l.strs.add(s)
		return constScalar(fkString, l.strs.ids[s])
	}
	return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) { return l.intern(e.fs, s), true }}
}

func constScalar(k flatKind, n int64) flatValue {
	return flatValue{kind: k, scalar: func(*flatEnv) (int64, bool) { return n, true }, konst: &n}
}

// denseMap is a constant intmap as a table by key number.
type denseMap struct {
	vals []int64
	has  []bool
}

func newDenseMap(pairs []int64) *denseMap {
	n := int64(0)
	for i := 0; i < len(pairs); i += 2 {
		n = max(n, pairs[i]+1)
	}
	d := &denseMap{vals: make([]int64, n), has: make([]bool, n)}
	for i := 0; i < len(pairs); i += 2 {
		d.vals[pairs[i]], d.has[pairs[i]] = pairs[i+1], true
	}
	return d
}

// get is key k's value; false if the map has no k.
func (d *denseMap) get(k int64) (int64, bool) {
	if k < 0 || k >= int64(len(d.vals)) || !d.has[k] {
		return 0, false
	}
	return d.vals[k], true
}

// constNums is a constant list of numbers.
func constNums(k flatKind, xs []int64) flatValue {
	return flatValue{kind: k, nums: func(*flatEnv) ([]int64, bool) { return xs, true }}
}

// bind gives name a new slot of kind k in the frame.
func (fc *flatCompiler) bind(name string, k flatKind) flatBinding {
	b := flatBinding{name: name, kind: k}
	switch k {
	case fkCards:
		b.slot, fc.out.lists = fc.out.lists, fc.out.lists+1
	case fkInts, fkStrings, fkIntMap, fkIntMaps, fkSeats:
		b.slot, fc.out.nums = fc.out.nums, fc.out.nums+1
	default:
		b.slot, fc.out.slots = fc.out.slots, fc.out.slots+1
	}
	return b
}

// read compiles a read of a bound slot.
func (b flatBinding) read() flatValue {
	slot := b.slot
	switch b.kind {
	case fkCards:
		return flatValue{kind: b.kind, cards: func(e *flatEnv) ([]int32, bool) { return e.lists[slot], true }}
	case fkInts, fkStrings, fkIntMap, fkIntMaps, fkSeats:
		return flatValue{kind: b.kind, nums: func(e *flatEnv) ([]int64, bool) { return e.nums[slot], true }}
	}
	return flatValue{kind: b.kind, scalar: func(e *flatEnv) (int64, bool) { return e.slots[slot], true }, slot: slot + 1}
}

// store compiles the evaluation of v into b's slot.
func (b flatBinding) store(v flatValue) func(e *flatEnv) bool {
	slot := b.slot
	switch {
	case v.cards != nil:
		return func(e *flatEnv) bool {
			xs, ok := v.cards(e)
			e.lists[slot] = xs
			return ok
		}
	case v.nums != nil:
		return func(e *flatEnv) bool {
			xs, ok := v.nums(e)
			e.nums[slot] = xs
			return ok
		}
	}
	return func(e *flatEnv) bool {
		n, ok := v.scalar(e)
		e.slots[slot] = n
		return ok
	}
}

// identifier compiles a name: a bound slot, an expression's free local,
// a constant, the engine's names, a variable or a zone.
func (fc *flatCompiler) identifier(name string) flatValue {
	for i := len(fc.scope) - 1; i >= 0; i-- {
		if fc.scope[i].name == name {
			fc.hoistRead(fc.scope[i])
			return fc.scope[i].read()
		}
	}
	if t, ok := fc.locals[name]; ok && len(fc.inline) == 0 {
		k := fc.kindOf(t)
		if k == fkNone && fc.progLocals != nil {
			k = fc.localKinds[name] // typed any: the kind its binders give it
		}
		if k == fkNone || k == fkPlayers {
			return fc.fail("a local of type %v", t)
		}
		if fc.progLocals != nil { // a running flat game's local (flatgame.go)
			fc.readsLocal()
			return progLocalRead(fc.localNumber(name), k)
		}
		b := fc.bind(name, k)
		fc.out.locals = append(fc.out.locals, flatLocal{name: name, kind: k, slot: b.slot})
		fc.scope = append(fc.scope, b) // read again from the same slot
		return b.read()
	}
	switch name {
	case "players":
		return flatValue{kind: fkPlayers}
	case "player_count":
		return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) { return int64(e.fs.players), true }}
	}
	if v, ok := fc.p.consts[name]; ok {
		return fc.constant(name, v)
	}
	if fc.isFamily(name) {
		return flatValue{kind: fkFamily, family: name}
	}
	for j, v := range fc.l.vars {
		if v.name == name {
			fc.read(fc.l.varGroup(j))
			return cellRead(declaredKind(v.typ), func(*flatEnv, int64) int { return j }, nil)
		}
	}
	for i, z := range fc.l.zones {
		if z.name == name && z.family == "" {
			fc.read(fc.l.placesGroup())
			return flatValue{kind: fkCards, cards: func(e *flatEnv) ([]int32, bool) { return e.fs.zones[i], true }}
		}
	}
	return fc.fail("name %s", name)
}

// constant compiles a ruleset constant.
func (fc *flatCompiler) constant(name string, v any) flatValue {
	switch x := v.(type) {
	case boardValue:
		name, _ := x["name"].(string)
		if b := fc.board(name, x); b != nil {
			return flatValue{kind: fkBoard, board: b}
		}
	case map[string]any:
		if v := fc.constStrMap(x); v.dense != nil {
			return v
		}
	case []any:
		if v := fc.constRecords(x); v.records != nil {
			return v
		}
	case map[string]int:
		_, _, pairs := fc.attrValue(x)
		v := constNums(fkIntMap, pairs)
		v.dense = newDenseMap(pairs)
		return v
	case int:
		return constScalar(fkInt, int64(x))
	case bool:
		return constScalar(fkBool, boolNum(x))
	case string:
		return fc.strConst(x)
	case []int:
		out := make([]int64, len(x))
		for i, n := range x {
			out[i] = int64(n)
		}
		return constNums(fkInts, out)
	case []string:
		out := make([]int64, len(x))
		for i, s := range x {
			fc.l.strs.add(s)
			out[i] = fc.l.strs.ids[s]
		}
		return constNums(fkStrings, out)
	}
	return fc.fail("constant %s of type %T", name, v)
}

// cellRead compiles the read of a cell of kind k, whose index cell gives
// (from the seat, for a player's variable): a scalar as it is, a list as
// its payload.
func cellRead(k flatKind, cell func(e *flatEnv, seat int64) int, seat flatScalar) flatValue {
	at := func(e *flatEnv) (int, bool) {
		var s int64
		if seat != nil {
			var ok bool
			if s, ok = seat(e); !ok {
				return 0, false
			}
		}
		return cell(e, s), true
	}
	switch k {
	case fkInt, fkBool, fkString:
		return flatValue{kind: k, scalar: func(e *flatEnv) (int64, bool) {
			i, ok := at(e)
			if !ok {
				return 0, false
			}
			return e.fs.cells[i], true
		}}
	case fkInts, fkStrings, fkIntMap, fkIntMaps:
		return flatValue{kind: k, nums: func(e *flatEnv) ([]int64, bool) {
			i, ok := at(e)
			if !ok {
				return nil, false
			}
			return e.fs.lists[e.fs.cells[i]], true
		}}
	}
	return flatValue{}
}

// let compiles let name = value; expr.
func (fc *flatCompiler) let(n *ast.VariableDeclaratorNode) flatValue {
	reads, bound := fc.hoistMark()
	value := fc.node(n.Value)
	if fc.miss != "" {
		return flatValue{}
	}
	if value.scalar == nil && value.cards == nil && value.nums == nil {
		return fc.fail("let %s of a %s", n.Name, value.kind) // [] of no known kind: nothing to store
	}
	b := fc.bind(n.Name, value.kind)
	fc.hoistBound(b, fc.hoistVaries(reads, bound))
	store := b.store(value)
	fc.scope = append(fc.scope, b)
	body := fc.node(n.Expr)
	fc.scope = fc.scope[:len(fc.scope)-1]
	if fc.miss != "" {
		return flatValue{}
	}
	return wrapValue(body, func(e *flatEnv) bool { return store(e) })
}

// wrapValue runs before ahead of v, giving up if it does.
func wrapValue(v flatValue, before func(e *flatEnv) bool) flatValue {
	out := flatValue{kind: v.kind}
	switch {
	case v.scalar != nil:
		out.scalar = func(e *flatEnv) (int64, bool) {
			if !before(e) {
				return 0, false
			}
			return v.scalar(e)
		}
	case v.cards != nil:
		out.cards = func(e *flatEnv) ([]int32, bool) {
			if !before(e) {
				return nil, false
			}
			return v.cards(e)
		}
	case v.nums != nil:
		out.nums = func(e *flatEnv) ([]int64, bool) {
			if !before(e) {
				return nil, false
			}
			return v.nums(e)
		}
	}
	return out
}

// pointer compiles # (the element of the innermost predicate).
func (fc *flatCompiler) pointer(p *ast.PointerNode) flatValue {
	if p.Name == "acc" {
		return fc.accumulator()
	}
	if p.Name != "" {
		return fc.fail("#%s", p.Name)
	}
	if len(fc.preds) == 0 {
		return fc.fail("# outside a predicate")
	}
	b := fc.preds[len(fc.preds)-1]
	fc.hoistRead(b)
	return b.read() // the element's kind is the list's (elemOf)
}
