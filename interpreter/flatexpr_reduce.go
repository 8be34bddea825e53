package interpreter

import (
	"strings"

	"github.com/expr-lang/expr/ast"
)

// flatAcc is the slot of #acc, the accumulator of the reduce whose
// predicate is the depth-th being compiled (flatCompiler.preds).
type flatAcc struct {
	depth int
	b     flatBinding
}

// reduceOf compiles reduce(list, predicate) and reduce(list, predicate,
// initial) to a number, bool or string: # is the element's slot and #acc
// the accumulator's, as for any predicate. Without an initial value the
// accumulator starts as the first element and the walk at the second; of
// an empty list that is expr's error, and the closure gives up. Every
// round is a step of the evaluation's budget, as predLoop charges.
func (fc *flatCompiler) reduceOf(b *ast.BuiltinNode) flatValue {
	if len(b.Arguments) != 2 && len(b.Arguments) != 3 {
		return fc.fail("reduce with %d arguments", len(b.Arguments))
	}
	list := fc.node(b.Arguments[0])
	p, isPred := b.Arguments[1].(*ast.PredicateNode)
	if fc.miss != "" {
		return flatValue{}
	}
	if !isPred || !list.kind.isList() || list.kind == fkIntMap || list.kind == fkIntMaps {
		return fc.fail("reduce of a %s", list.kind)
	}
	ek, ak := elemOf(list.kind), elemOf(list.kind)
	var initial flatScalar
	if len(b.Arguments) == 3 {
		v := fc.node(b.Arguments[2])
		if fc.miss != "" {
			return flatValue{}
		}
		initial, ak = v.scalar, v.kind
	}
	if ak.isList() || ak == fkNone || len(b.Arguments) == 3 && initial == nil {
		return fc.fail("reduce to a %s", ak)
	}
	elem := fc.bind("#", ek)
	fc.hoistBound(elem, true)
	acc := fc.bind("#acc", ak)
	fc.hoistBound(acc, true)
	fc.preds = append(fc.preds, elem)
	fc.accs = append(fc.accs, flatAcc{depth: len(fc.preds), b: acc})
	pred := fc.node(p.Node)
	fc.preds, fc.accs = fc.preds[:len(fc.preds)-1], fc.accs[:len(fc.accs)-1]
	if fc.miss != "" {
		return flatValue{}
	}
	if pred.scalar == nil || pred.kind != ak {
		return fc.fail("reduce to a %s with a %s predicate", ak, pred.kind)
	}
	loop := predLoop{elem: elem.slot, pred: pred.scalar, cards: list.cards, nums: list.nums, seats: list.kind == fkPlayers}
	accSlot, pf := acc.slot, pred.scalar
	return flatValue{kind: ak, scalar: func(e *flatEnv) (int64, bool) {
		var v int64
		started := initial != nil
		if started {
			var ok bool
			if v, ok = initial(e); !ok {
				return 0, false
			}
		}
		ok := loop.walk(e, func(x int64) (bool, bool) {
			if !started {
				v, started = x, true
				return false, true
			}
			e.slots[loop.elem], e.slots[accSlot] = x, v
			var ok bool
			v, ok = pf(e)
			return false, ok
		})
		return v, ok && started
	}}
}

// accumulator compiles #acc: the accumulator of the reduce whose
// predicate is the innermost.
func (fc *flatCompiler) accumulator() flatValue {
	if n := len(fc.accs); n == 0 || fc.accs[n-1].depth != len(fc.preds) {
		return fc.fail("#acc outside a reduce")
	}
	b := fc.accs[len(fc.accs)-1].b
	fc.hoistRead(b)
	return b.read()
}

// repeatString compiles repeat(s, n) of a string: its bytes are charged
// to the evaluation's memory before it is built, as the present runtime
// charges them; a negative count is expr's error (the closure gives up).
func (fc *flatCompiler) repeatString(s, n flatValue) flatValue {
	if s.kind != fkString || n.kind != fkInt {
		return fc.fail("repeat of a %s and a %s", s.kind, n.kind)
	}
	l, sf, nf := fc.l, s.scalar, n.scalar
	return flatValue{kind: fkString, scalar: func(e *flatEnv) (int64, bool) {
		x, ok := sf(e)
		k, ok2 := nf(e)
		if !ok || !ok2 || k < 0 {
			return 0, false
		}
		str := l.str(e.fs, x)
		if k > 0 && int64(len(str)) > int64(e.memLimit)/k || !e.chargeMem(len(str)*int(k)) {
			return 0, false
		}
		return l.intern(e.fs, strings.Repeat(str, int(k))), true
	}}
}
