package interpreter

import (
	"maps"
	"reflect"
	"slices"
	"sync/atomic"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// Intmap element writes in place.
//
// Lists and maps are values: `add: players[p].fleets[c]` sets the element
// in a copy of the map and stores the copy, so that whatever held the
// old map keeps it (cow.go). A game that writes one map's elements again
// and again copies it every time: a fifth of the bytes of a game that
// keeps its pieces in intmaps.
//
// The copy is needed only when something else may hold the map. A map
// the state made itself, by such a copy, since its last clone (a clone
// shares every value), is held by its variable and by nothing else —
// unless an expression has read the variable's whole value: a let, an
// argument, a list, a result can keep it past the evaluation, and so can
// a Go caller of Eval. So the compile notes, for every intmap variable
// (global, or a player's), whether any expression of the Program reads it
// whole (collWrites.scan); reads that only look into it — m[k], m.k, len,
// keys, `k in m` — do not count. A variable no expression reads whole is
// written in place when its map is one the state made (state.fresh); any
// other is copied as before, and the copy is the state's.
//
// Expressions compiled after Load (Eval, Exec, scenario checks) are
// scanned too, and a whole read among them stops the in-place writes of
// that variable from then on (an atomic flag: the Program is shared by
// the games of a simulation). A read the scan cannot place — a computed
// key on what may be a player, $env used as a value — counts as a whole
// read of every variable it could reach.

// collWrites are a Program's intmap variables and whether each may be
// read whole.
type collWrites struct {
	globals, players map[string]*atomic.Bool
	player           reflect.Type // the players' shadow type
	// everyPlayer and every are the flags of every player variable and of
	// every variable, for a read that may reach any of them.
	everyPlayer, every []*atomic.Bool
}

// newCollWrites lists rs's intmap variables, none read whole yet.
func newCollWrites(rs *schema.Ruleset, player reflect.Type) *collWrites {
	cw := &collWrites{globals: map[string]*atomic.Bool{}, players: map[string]*atomic.Bool{}, player: player}
	for n, v := range rs.Vars {
		if v.Type == "intmap" {
			cw.globals[n] = &atomic.Bool{}
		}
	}
	for n, v := range rs.PlayerVars {
		if v.Type == "intmap" {
			cw.players[n] = &atomic.Bool{}
			cw.everyPlayer = append(cw.everyPlayer, cw.players[n])
		}
	}
	cw.every = slices.Collect(maps.Values(cw.globals))
	cw.every = append(cw.every, cw.everyPlayer...)
	return cw
}

// inPlace reports whether intmap variable t (a global or a player's) is
// read whole by no expression, so that a map of the state's own may be
// written in place.
func (cw *collWrites) inPlace(t *target) bool {
	if cw == nil {
		return false
	}
	var flag *atomic.Bool
	switch {
	case t.kind == targetGlobal:
		flag = cw.globals[t.name]
	case t.kind == targetField && !t.onCard:
		flag = cw.players[t.name]
	}
	return flag != nil && !flag.Load()
}

// scan notes the whole reads of a checked expression tree. envFuncs
// are the functions given $env as their first argument (the engine's
// card and the ruleset's functions, whose bodies are scanned themselves).
// Most trees read no intmap variable: they cost one walk and nothing
// allocated.
func (cw *collWrites) scan(root ast.Node, envFuncs map[string]bool) {
	if cw == nil || (len(cw.globals) == 0 && len(cw.players) == 0) {
		return
	}
	type read struct {
		n     ast.Node
		flags []*atomic.Bool
	}
	var reads []read // the nodes that may read a variable whole
	ast.Find(root, func(n ast.Node) bool {
		if flags := cw.mayReadWhole(n); flags != nil {
			reads = append(reads, read{n, flags})
		}
		return false
	})
	if len(reads) == 0 {
		return
	}
	looked := map[ast.Node]bool{} // nodes whose value is only looked into
	ast.Find(root, func(n ast.Node) bool {
		for _, c := range lookedInto(n) {
			looked[c] = true
		}
		if call, ok := n.(*ast.CallNode); ok && envFuncs[calleeName(call)] && len(call.Arguments) > 0 {
			looked[call.Arguments[0]] = true // $env, given by the compile
		}
		return false
	})
	for _, r := range reads {
		if !looked[r.n] {
			for _, f := range r.flags {
				f.Store(true)
			}
		}
	}
}

// mayReadWhole gives the flags of the variables n reads whole unless its
// parent only looks into its value; nil for none.
func (cw *collWrites) mayReadWhole(n ast.Node) []*atomic.Bool {
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if x.Value == "$env" {
			return cw.every // the environment as a value: anything may be read
		}
		if f := cw.globals[x.Value]; f != nil {
			return []*atomic.Bool{f}
		}
	case *ast.MemberNode:
		if x.Method || len(cw.players) == 0 || !cw.mayBePlayer(x.Node.Type()) {
			return nil
		}
		s, ok := x.Property.(*ast.StringNode)
		if !ok {
			return cw.everyPlayer // a computed key may name any
		}
		if f := cw.players[s.Value]; f != nil {
			return []*atomic.Bool{f}
		}
	case *ast.BuiltinNode:
		if x.Name == "get" {
			return cw.every
		}
	}
	return nil
}

// lookedInto are n's operands whose value n only looks into: the object
// of a member or index, the argument of len and keys, the map of `in`.
func lookedInto(n ast.Node) []ast.Node {
	switch x := n.(type) {
	case *ast.MemberNode:
		if !x.Method {
			return []ast.Node{x.Node}
		}
	case *ast.BinaryNode:
		if x.Operator == "in" || x.Operator == "not in" {
			return []ast.Node{x.Right}
		}
	case *ast.BuiltinNode:
		if (x.Name == "len" || x.Name == "keys") && len(x.Arguments) == 1 {
			return x.Arguments[:1]
		}
	case *ast.CallNode:
		if (calleeName(x) == "keys" || calleeName(x) == "has") && len(x.Arguments) > 0 {
			return x.Arguments[:1]
		}
	}
	return nil
}

// mayBePlayer reports whether a value of type t may be a player's map.
func (cw *collWrites) mayBePlayer(t reflect.Type) bool {
	return t == nil || t == cw.player || t.Kind() == reflect.Interface
}

// freshRoom is how many maps of its own a state remembers (a dropped one
// is copied at its next write, and the copy remembered).
const freshRoom = 16

// ownsIntMap reports whether m is a map this state made (since its last
// clone), which nothing but its variable holds.
func (s *state) ownsIntMap(m map[string]int) bool {
	if s.clones.Load() != s.ownedAt {
		return false // a clone shares it (unshare drops the list)
	}
	p := reflect.ValueOf(m).Pointer()
	for _, f := range s.fresh {
		if reflect.ValueOf(f).Pointer() == p {
			return true
		}
	}
	return false
}

// madeIntMap remembers that the state made m, a copy it stores in an
// intmap variable. The list holds the maps, so no address is reused
// while it is remembered.
func (s *state) madeIntMap(m map[string]int) {
	s.unshare()
	if len(s.fresh) == freshRoom {
		s.fresh = append(s.fresh[:0:0], s.fresh[1:]...)
	}
	s.fresh = append(s.fresh, m)
}
