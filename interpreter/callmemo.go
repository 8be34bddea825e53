package interpreter

import (
	"github.com/expr-lang/expr/ast"
)

// Remembered calls. Listing a decision's options calls the same ruleset
// functions with the same arguments option after option (a count of the
// player's tiles of a class, for every card's every cost alternative: ten
// calls per distinct one in a shipped game). A function whose parameters are ints, strings or
// bools, whose reads of the state the read analysis knows (triggerdeps.go)
// and that iterates (a predicate over a list, itself or in a function it
// calls) gives the same value for the same arguments until a state name it
// reads is written; so a game remembers what such a call gave, and a write
// to a name the function reads forgets it (touch, which marks the triggers
// reading the name dirty the same way). Only closures remember and reuse:
// a call the VM makes is computed, as before.
//
// A reused value is the value computing gives (TestRememberedCallsAreWhat
// ComputingGives computes every reuse again in random games of every
// shipped ruleset); what must stay as it was is everything else a call
// does:
//   - the budget: a reuse charges the steps and memory the computation
//     charged, and where they would not fit it computes instead (and meets
//     the limit, or gives up to the VM, as before);
//   - the call depth: a value is reused only where every call nested in
//     the function could have been made (its static nesting below the
//     limit); functions that can call themselves are never remembered;
//   - sharing: a reused value is shared, which is safe for what is never
//     written in place (ints, bools, strings, lists, cards: cow.go), so
//     only functions returning one of those are remembered.
//
// A game remembers a function's calls in a small direct-mapped table of
// its own (memoSlots entries, made on the function's first call), keyed by
// the arguments; a collision replaces the entry. Remembering costs a look-
// up and a store per call, which a short function's reuse does not repay
// when most values go stale before they are asked again (a trigger's
// condition after each effect), so each function's reuses and
// computations are counted per game, and after memoTrial computations a
// function reused less than memoPays says is computed from then on.
// Like the triggers' memory this is not part of the state: a clone and a
// reloaded game start with nothing remembered; it carries over from one
// run (one decision) to the next, forgotten only by forgetReads; and like
// the triggers' conditions, calls are remembered only while effects run
// (Game.running), where every write touches what it wrote: an evaluation
// from outside (Eval, a scenario's check after its position, a bot's
// heuristic after a re-deal) computes.

// memoArgs is the most parameters a remembered function has; memoSlots
// the size of a function's table (a power of two), cloneMemoSlots that of
// a clone's (a search bot's clones play a few steps each: a full table
// for each function was a fifth of the bytes a clone and its step
// allocated); memoTrial the computations after which a function's reuse
// is judged.
const (
	memoArgs       = 3
	memoSlots      = 16
	cloneMemoSlots = 4
	memoTrial      = 48
)

// memoEntry is one remembered call: its arguments, the value, the
// function's stamp when it was computed, and what computing charged.
type memoEntry struct {
	args       [memoArgs]any
	v          any
	stamp      uint32
	steps, mem int32
}

// funcMemo is a game's memory of one function's calls. Its entries hold
// while their stamp is the function's: a write to a name it reads moves
// the stamp on (callMemo.invalidate), and so does forget.
type funcMemo struct {
	stamp    uint32
	off      bool // not worth it in this game (memoPays)
	reused   int32
	computed int32
	steps    int64 // the steps its computations charged, in all
	entries  []memoEntry
}

// callMemo is a game's memory of calls, by memo number (function.memo).
type callMemo struct {
	fns []funcMemo
}

// invalidate forgets the calls of the functions in fns.
func (m *callMemo) invalidate(fns []int) {
	if m.fns == nil {
		return
	}
	for _, f := range fns {
		m.fns[f].stamp++
	}
}

// forget forgets every call.
func (m *callMemo) forget() {
	for i := range m.fns {
		m.fns[i].stamp++
	}
}

// memoPays reports whether remembering a function's calls has paid so
// far: a reuse saves a computation (its average steps, each an iteration
// or a call), and every call costs a look-up, a computed one a store too:
// about a third of a step.
func (f *funcMemo) memoPays() bool {
	if f.computed < memoTrial {
		return true
	}
	return 3*int64(f.reused)*f.steps >= int64(f.computed)*int64(f.computed+f.reused)
}

// memoHash mixes a call's arguments (ints, strings, bools) into a table
// index; equal arguments hash alike, and a collision only replaces.
func memoHash(args []any) (uint32, bool) {
	h := uint32(2166136261)
	for _, a := range args {
		switch x := a.(type) {
		case int:
			h = (h ^ uint32(x) ^ uint32(x>>32)) * 16777619
		case bool:
			if x {
				h = (h ^ 1) * 16777619
			}
			h = (h ^ 2) * 16777619
		case string:
			h = (h ^ uint32(len(x))) * 16777619
			for i := 0; i < len(x) && i < 16; i++ {
				h = (h ^ uint32(x[len(x)-1-i])) * 16777619
			}
		default:
			return 0, false
		}
	}
	return h, true
}

// rememberedCall runs a call of f, whose arguments are on x's stack from
// base, or reuses the value it gave before.
func (g *Game) rememberedCall(x *fastCtx, f *function, base int) (any, bool) {
	if g.memo.fns == nil {
		g.memo.fns = make([]funcMemo, g.prog.memoCount)
	}
	fm := &g.memo.fns[f.memo]
	if fm.off || !g.running {
		return x.enter(f.body, base)
	}
	args := x.stack[base : base+len(f.params)]
	h, ok := memoHash(args)
	if !ok {
		return x.enter(f.body, base)
	}
	if fm.entries == nil {
		size := memoSlots
		if g.clonedBoxes {
			size = cloneMemoSlots
		}
		fm.entries = make([]memoEntry, size)
	}
	e := &fm.entries[h&uint32(len(fm.entries)-1)]
	if e.stamp == fm.stamp && e.v != nil && sameArgs(e.args[:len(args)], args) && g.reusable(x, f, e) {
		if g.memoCheck != nil {
			saved := g.budget
			v, ok := x.enter(f.body, base)
			g.budget = saved
			g.memoCheck(f, e.v, v, ok)
		}
		x.stack = x.stack[:base]
		g.budget.steps += int(e.steps)
		g.budget.mem += int(e.mem)
		fm.reused++
		return e.v, true
	}
	stamp, steps, mem := fm.stamp, g.budget.steps, g.budget.mem
	var kept [memoArgs]any
	copy(kept[:], args)
	v, ok := x.enter(f.body, base)
	fm.computed++
	fm.steps += int64(g.budget.steps - steps)
	if ok && v != nil && g.budget.steps >= steps && g.budget.mem >= mem {
		*e = memoEntry{args: kept, v: v, stamp: stamp, steps: int32(g.budget.steps - steps), mem: int32(g.budget.mem - mem)}
	}
	if fm.computed >= memoTrial && !fm.memoPays() {
		fm.off, fm.entries = true, nil
	}
	return v, ok
}

// sameArgs reports whether two calls' arguments are equal (ints, strings
// and bools, compared as values).
func sameArgs(a, b []any) bool {
	for i := range b {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// reusable reports whether a call at x's depth may reuse e: the calls
// nested in it are within the depth limit, and what it charged fits in
// what is left of the budget (the checks the computation makes as it
// goes, made at once on the totals; the memory's is the stricter one the
// closures make, chargeVM).
func (g *Game) reusable(x *fastCtx, f *function, e *memoEntry) bool {
	return g.callDepth+x.depth-1+f.nest < g.limits.MaxCallDepth &&
		g.budget.steps+int(e.steps) <= g.limits.MaxExprSteps &&
		(e.mem == 0 || g.memoryUsed()+int(e.mem) < g.limits.MaxExprMemory)
}

// sharedResult reports whether values of the declared result type typ are
// never written in place, so that a remembered one can be shared.
func sharedResult(typ string) bool {
	switch typ {
	case "int", "bool", "string", "card", "cards", "ints", "strings":
		return true
	}
	return false
}

// planMemo numbers the functions whose calls a game may remember (sets
// f.memo, f.nest and p.memoCount) and records, for every state name,
// those that read it (readers[name].calls).
func (p *Program) planMemo(a *readAnalyzer, readers map[string]*nameReaders) {
	shapes := map[*function]callShape{}
	for _, name := range p.rs.FunctionOrder {
		f := p.funcs[name]
		if f == nil {
			continue
		}
		f.memo = -1
		s := p.shape(f, shapes, map[*function]bool{})
		if !s.ok || !s.iterates || !p.memoizable(f) {
			continue
		}
		rs := &readSet{names: map[string]bool{}}
		a.reads(f.body, rs)
		if rs.all {
			continue
		}
		f.memo, f.nest = p.memoCount, s.nest
		p.memoCount++
		for n := range rs.names {
			r := readerEntry(readers, n)
			r.calls = append(r.calls, f.memo)
		}
	}
}

// memoizable reports whether f's calls may be remembered, by its
// signature and body.
func (p *Program) memoizable(f *function) bool {
	def := p.rs.Functions[f.name]
	if def == nil || !sharedResult(def.Returns) || len(f.params) > memoArgs || f.body == nil || f.body.fast == nil || f.body.run == nil {
		return false
	}
	for _, prm := range f.params {
		switch prm.Type {
		case "int", "string", "bool":
		default:
			return false
		}
	}
	return true
}

// callShape is what a function's calls can do: how many calls of
// ruleset functions can nest in one (0 for a body that calls none), and
// whether one iterates (a predicate over a list, in its body or in a
// function it calls). ok is false for a function that can call itself.
type callShape struct {
	nest         int
	iterates, ok bool
}

// shape computes f's callShape, with known holding the shapes found so
// far and visiting the functions being walked.
func (p *Program) shape(f *function, known map[*function]callShape, visiting map[*function]bool) callShape {
	if s, ok := known[f]; ok {
		return s
	}
	if visiting[f] || f.body == nil || f.body.run == nil {
		return callShape{}
	}
	visiting[f] = true
	out := callShape{ok: true}
	visitAll(f.body.run.node(), func(n ast.Node) {
		id, isID := n.(*ast.IdentifierNode)
		switch {
		case !isID:
		case id.Value == stepFunc:
			out.iterates = true
		case p.funcs[id.Value] != nil:
			s := p.shape(p.funcs[id.Value], known, visiting)
			out.ok = out.ok && s.ok
			out.iterates = out.iterates || s.iterates
			out.nest = max(out.nest, s.nest+1)
		}
	})
	delete(visiting, f)
	known[f] = out
	return out
}
