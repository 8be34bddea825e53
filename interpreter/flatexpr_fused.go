package interpreter

// Closures fused over the card attribute columns: a node that reads an
// attribute of the card at a frame slot (a predicate's element, a local:
// flatValue.column) lets the node above it read the column itself, with
// no call of the read's closure: a sum over a card list, a comparison
// with a constant. And the comparison with a constant of any scalar, one
// closure with no call of the operator (compareConst).

// flatColumn is an int attribute column read at frame slot slot.
type flatColumn struct {
	col  []int64
	slot int
}

// compareConst compiles a comparison with a constant right side without
// calling the operator: the commonest condition in a predicate.
func compareConst(op string, lf flatScalar, k int64) flatValue {
	var f flatScalar
	switch op {
	case "==":
		f = func(e *flatEnv) (int64, bool) { a, ok := lf(e); return boolNum(a == k), ok }
	case "!=":
		f = func(e *flatEnv) (int64, bool) { a, ok := lf(e); return boolNum(a != k), ok }
	case "<":
		f = func(e *flatEnv) (int64, bool) { a, ok := lf(e); return boolNum(a < k), ok }
	case "<=":
		f = func(e *flatEnv) (int64, bool) { a, ok := lf(e); return boolNum(a <= k), ok }
	case ">":
		f = func(e *flatEnv) (int64, bool) { a, ok := lf(e); return boolNum(a > k), ok }
	case ">=":
		f = func(e *flatEnv) (int64, bool) { a, ok := lf(e); return boolNum(a >= k), ok }
	}
	return flatValue{kind: fkBool, scalar: f}
}

// compareColumn compiles the comparison of column c, read at its slot,
// with the constant k.
func compareColumn(op string, c *flatColumn, k int64) flatValue {
	col, s := c.col, c.slot
	var f flatScalar
	switch op {
	case "==":
		f = func(e *flatEnv) (int64, bool) { return boolNum(col[e.slots[s]] == k), true }
	case "!=":
		f = func(e *flatEnv) (int64, bool) { return boolNum(col[e.slots[s]] != k), true }
	case "<":
		f = func(e *flatEnv) (int64, bool) { return boolNum(col[e.slots[s]] < k), true }
	case "<=":
		f = func(e *flatEnv) (int64, bool) { return boolNum(col[e.slots[s]] <= k), true }
	case ">":
		f = func(e *flatEnv) (int64, bool) { return boolNum(col[e.slots[s]] > k), true }
	case ">=":
		f = func(e *flatEnv) (int64, bool) { return boolNum(col[e.slots[s]] >= k), true }
	}
	return flatValue{kind: fkBool, scalar: f}
}

// sumCards is sum over a card list, its loop written out (no round
// closure, no call of the operator's function); col is the int
// attribute column the predicate reads of the element (flatValue.column),
// summed with no call of the predicate, or nil.
func (p *predLoop) sumCards(col []int64) flatValue {
	f, pred, elem := p.cards, p.pred, p.elem
	return flatValue{kind: fkInt, scalar: func(e *flatEnv) (int64, bool) {
		xs, ok := f(e)
		if !ok || !e.charge(len(xs)) {
			return 0, false
		}
		s := int64(0)
		for _, x := range xs {
			var v int64
			if col != nil {
				v = col[x]
			} else {
				e.slots[elem] = int64(x)
				if v, ok = pred(e); !ok {
					return 0, false
				}
			}
			t := s + v
			if (t > s) != (v > 0) { // overflow, as + checks it
				return 0, false
			}
			s = t
		}
		return s, true
	}}
}
