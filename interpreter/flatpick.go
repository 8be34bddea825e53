package interpreter

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
)

// Pick decisions in a flat game (pick.go): a multi-select asked as a
// series of steps of one choose, each offering the remaining candidates
// ("KEY AS=identity") and, once enough are picked, "done"; its do runs
// with the picked list bound. Every rule of the present runtime's steps
// is kept: a candidate that would reach max must leave done_when true, a
// step with one candidate of an automatic choose is taken at once, the
// candidates keep the set's order (pickInSetOrder), and reaching max ends
// the pick.

// flatPick is a compiled pick.
type flatPick struct {
	from           flatValue
	min, max       flatScalar // nil: 0 and the set's size
	when, doneWhen flatScalar // nil: always
	distinct       flatScalar // nil: none
	distinctK      flatKind
	as, picked     int // their locals
	elemK          flatKind
	prefix         string
	label          *flatTemplate // for the log (flatlog.go); nil: the key
	body           *flatBlock
	ids            []int64 // the cards' ids, for keys
	l              *flatLayout
}

// flatPickProgress is a pick under way.
type flatPickProgress struct {
	items    flatVal // the set, as the pick started
	n        int
	picked   []int
	min, max int
}

// compilePick compiles a choose's pick.
func (fp *flatProgram) compilePick(s *flatStep, ch *choice) error {
	ps, fc := ch.pick, fp.fc
	p := &flatPick{prefix: ps.keyPrefix, l: fp.l}
	var err error
	if p.from, err = fp.expr(ps.from); err != nil {
		return err
	}
	if k := p.from.kind; k != fkCards && k != fkInts && k != fkStrings {
		return fmt.Errorf("%s: a pick from a %s", ch.pos, k)
	}
	p.elemK = elemKind(p.from.kind)
	p.as, p.picked = fc.localNumber(ps.as), fc.localNumber(ps.picked)
	fp.binds(ps.as, p.elemK)
	fp.binds(ps.picked, p.from.kind)
	opt := func(c *compiled, k flatKind) (flatScalar, error) {
		if c == nil {
			return nil, nil
		}
		return fp.scalarOf(c, k)
	}
	if p.min, err = opt(ps.min, fkInt); err != nil {
		return err
	}
	if p.max, err = opt(ps.max, fkInt); err != nil {
		return err
	}
	if p.when, err = opt(ps.when, fkBool); err != nil {
		return err
	}
	if p.doneWhen, err = opt(ps.doneWhen, fkBool); err != nil {
		return err
	}
	if ps.distinct != nil {
		d, err := fp.expr(ps.distinct)
		if err != nil {
			return err
		}
		if d.scalar == nil || d.kind == fkBool || d.kind == fkPlayer {
			return fmt.Errorf("%s: distinct of a %s", ch.pos, d.kind)
		}
		p.distinct, p.distinctK = d.scalar, d.kind
	}
	if p.body, err = fp.block(ps.body); err != nil {
		return err
	}
	if len(fp.p.cards) > 0 {
		p.ids = fc.attr("id").scalars
	}
	s.pick = p
	if s.choice, err = fp.whoOnly(ch); err != nil {
		return err
	}
	return nil
}

// whoOnly compiles a pick's choose: only who (its groups are the pick's).
func (fp *flatProgram) whoOnly(ch *choice) (*flatChoice, error) {
	who, err := fp.integer(ch.who)
	if err != nil {
		return nil, err
	}
	return &flatChoice{who: who, auto: ch.auto, l: fp.l}, nil
}

// item is element i of the set.
func (pr *flatPickProgress) item(i int) int64 {
	if pr.items.cards != nil {
		return int64(pr.items.cards[i])
	}
	return pr.items.nums[i]
}

// pickedList is the list of the elements picked, in order.
func (pr *flatPickProgress) pickedList(picked []int) flatVal {
	if pr.items.cards != nil {
		out := make([]int32, len(picked))
		for k, i := range picked {
			out[k] = pr.items.cards[i]
		}
		return flatVal{cards: out}
	}
	out := make([]int64, len(picked))
	for k, i := range picked {
		out[k] = pr.items.nums[i]
	}
	return flatVal{nums: out}
}

// setLocal binds local n to v for an evaluation; restore undoes it.
func (g *flatGame) setLocal(n int, v flatVal) (restore func()) {
	e := &g.env
	s, c, m := e.locals[n], e.localLists[n], e.localNums[n]
	e.locals[n] = v.s
	e.setListLocal(n, v.cards, v.nums)
	return func() {
		e.locals[n] = s
		e.setListLocal(n, c, m)
	}
}

// startPick evaluates a pick's set and bounds and asks its first step.
func (g *flatGame) startPick(s *flatStep, who int64) error {
	p, e := s.pick, &g.env
	items, ok := g.eval(p.from)
	if !ok {
		return errGaveUp
	}
	n := len(items.cards) + len(items.nums)
	lo, hi := int64(0), int64(n)
	if p.min != nil {
		if lo, ok = p.min(e); !ok {
			return errGaveUp
		}
	}
	if p.max != nil {
		if hi, ok = p.max(e); !ok {
			return errGaveUp
		}
	}
	switch { // as the present runtime words them (Game.startPick)
	case lo < 0:
		return fmt.Errorf("pick: min is %d: it must be at least 0", lo)
	case p.max != nil && lo > hi:
		return fmt.Errorf("pick: min (%d) is greater than max (%d)", lo, hi)
	case lo > int64(n):
		return fmt.Errorf("pick: at least %d to pick, but the set has %s", lo, countOf(n, "element"))
	}
	pr := &flatPickProgress{items: items, n: n, min: int(lo), max: int(min(hi, int64(n)))}
	g.pending, g.who, g.pick = s, who, pr
	return g.pickStep()
}

// pickStep asks the pick's next step, or ends it (Game.pickStep).
func (g *flatGame) pickStep() error {
	s, pr := g.pending, g.pick
	for {
		if len(pr.picked) >= pr.max {
			ok, err := g.pickDoneHolds(pr.picked)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("pick: done_when does not hold and max is reached")
			}
			return g.finishPick()
		}
		opts, err := g.pickOptions()
		if err != nil {
			return err
		}
		switch {
		case len(opts) == 0:
			return fmt.Errorf("pick: no option left")
		case len(opts) == 1 && opts[0].group == pickDone:
			return g.finishPick()
		case len(opts) == 1 && s.choice.auto:
			pr.picked = append(pr.picked, int(opts[0].elem))
			continue
		}
		g.options = opts
		return nil
	}
}

// pickDoneHolds evaluates done_when with picked bound.
func (g *flatGame) pickDoneHolds(picked []int) (bool, error) {
	p, pr := g.pending.pick, g.pick
	if p.doneWhen == nil {
		return true, nil
	}
	restore := g.setLocal(p.picked, pr.pickedList(picked))
	t, ok := p.doneWhen(&g.env)
	restore()
	if !ok {
		return false, errGaveUp
	}
	return t == 1, nil
}

// pickOptions lists a step's options (Game.pickOptions): candidates, in
// the set's order, then done.
func (g *flatGame) pickOptions() ([]flatOption, error) {
	p, pr := g.pending.pick, g.pick
	restore := g.setLocal(p.picked, pr.pickedList(pr.picked))
	defer restore()
	out := g.options[:0]
	var seen []string
	for i := range pr.n {
		if slices.Contains(pr.picked, i) {
			continue
		}
		ok, err := g.pickCandidate(i)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		key, err := g.pickKey(i)
		if err != nil {
			return nil, err
		}
		if slices.Contains(seen, key) {
			continue
		}
		seen = append(seen, key)
		out = append(out, flatOption{group: pickCandidate, elem: int64(i)})
	}
	if err := g.pickInSetOrder(out); err != nil {
		return nil, err
	}
	if len(pr.picked) < pr.min {
		return out, nil
	}
	ok, err := g.pickDoneHolds(pr.picked)
	if err != nil || !ok {
		return out, err
	}
	return append(out, flatOption{group: pickDone}), nil
}

// pickCandidate reports whether element i passes when (and done_when,
// when picking it reaches max).
func (g *flatGame) pickCandidate(i int) (bool, error) {
	p, pr := g.pending.pick, g.pick
	restore := g.setLocal(p.as, flatVal{s: pr.item(i)})
	defer restore()
	if p.when != nil {
		t, ok := p.when(&g.env)
		if !ok {
			return false, errGaveUp
		}
		if t == 0 {
			return false, nil
		}
	}
	if p.doneWhen != nil && len(pr.picked)+1 >= pr.max {
		return g.pickDoneHolds(append(pr.picked[:len(pr.picked):len(pr.picked)], i))
	}
	return true, nil
}

// pickKey is element i's key: the prefix and the identity of the element
// or of its distinct value.
func (g *flatGame) pickKey(i int) (string, error) {
	p, pr := g.pending.pick, g.pick
	k, x := p.elemK, pr.item(i)
	if p.distinct != nil {
		restore := g.setLocal(p.as, flatVal{s: x})
		d, ok := p.distinct(&g.env)
		restore()
		if !ok {
			return "", errGaveUp
		}
		k, x = p.distinctK, d
	}
	switch k {
	case fkInt:
		return p.prefix + strconv.FormatInt(x, 10), nil
	case fkCard:
		return p.prefix + p.l.str(g.env.fs, p.ids[x]), nil
	}
	return p.prefix + p.l.str(g.env.fs, x), nil
}

// pickInSetOrder sorts a step's candidates as the present runtime does: a
// candidate stands where the first element with its key stands.
func (g *flatGame) pickInSetOrder(out []flatOption) error {
	pr := g.pick
	if len(pr.picked) == 0 || len(out) < 2 {
		return nil
	}
	first := map[string]int{}
	for _, i := range pr.picked {
		key, err := g.pickKey(i)
		if err != nil {
			return err
		}
		if r, ok := first[key]; !ok || i < r {
			first[key] = i
		}
	}
	rank := map[int64]int{}
	for _, o := range out {
		key, err := g.pickKey(int(o.elem))
		if err != nil {
			return err
		}
		r := int(o.elem)
		if f, ok := first[key]; ok && f < r {
			r = f
		}
		rank[o.elem] = r
	}
	slices.SortFunc(out, func(a, b flatOption) int { return cmp.Compare(rank[a.elem], rank[b.elem]) })
	return nil
}

// finishPick ends the pick: its do runs with the picked list bound.
func (g *flatGame) finishPick() error {
	s, pr := g.pending, g.pick
	g.pending, g.pick = nil, nil
	f := g.push(s.pick.body)
	g.bind(f, s.pick.picked, pr.pickedList(pr.picked))
	return nil
}

// takePick applies a step's option: done ends the pick, a candidate is
// added and the next step asked.
func (g *flatGame) takePick(i int) error {
	o := g.options[i]
	if o.group == pickDone {
		return g.finishPick()
	}
	g.pick.picked = append(g.pick.picked, int(o.elem))
	return g.pickStep()
}

// pickKeys are a pending pick step's keys, in the slice keys reuses.
func (g *flatGame) pickKeys() []string {
	out := g.keyBuf[:0]
	for _, o := range g.options {
		if o.group == pickDone {
			out = append(out, pickDoneKey)
			continue
		}
		k, _ := g.pickKey(int(o.elem))
		out = append(out, k)
	}
	g.keyBuf = out
	return out
}
