package interpreter

// bindArgs compiles the start of an inlined call (flatCompiler.call):
// one step charged, then each argument computed into its parameter's
// slot, in order, giving up at the first that gives up. stores puts
// each argument in its slot; when every argument is a scalar (scalars,
// into slots), one to three of them are written out in the closure,
// with no store closure between.
func bindArgs(stores []func(e *flatEnv) bool, scalars []flatScalar, slots []int) func(e *flatEnv) bool {
	if len(scalars) == len(stores) {
		switch len(scalars) {
		case 1:
			f0, s0 := scalars[0], slots[0]
			return func(e *flatEnv) bool {
				if !e.charge(1) { // a call is a step, as the present runtime counts it
					return false
				}
				x, ok := f0(e)
				e.slots[s0] = x
				return ok
			}
		case 2:
			f0, s0, f1, s1 := scalars[0], slots[0], scalars[1], slots[1]
			return func(e *flatEnv) bool {
				if !e.charge(1) {
					return false
				}
				x, ok := f0(e)
				e.slots[s0] = x
				if !ok {
					return false
				}
				x, ok = f1(e)
				e.slots[s1] = x
				return ok
			}
		case 3:
			f0, s0, f1, s1, f2, s2 := scalars[0], slots[0], scalars[1], slots[1], scalars[2], slots[2]
			return func(e *flatEnv) bool {
				if !e.charge(1) {
					return false
				}
				x, ok := f0(e)
				e.slots[s0] = x
				if !ok {
					return false
				}
				x, ok = f1(e)
				e.slots[s1] = x
				if !ok {
					return false
				}
				x, ok = f2(e)
				e.slots[s2] = x
				return ok
			}
		}
	}
	return func(e *flatEnv) bool {
		if !e.charge(1) {
			return false
		}
		for _, s := range stores {
			if !s(e) {
				return false
			}
		}
		return true
	}
}
