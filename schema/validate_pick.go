package schema

import "strconv"

// pick checks that a choice has options or a pick (not both) and the
// pick's names and constant bounds.
func (v *validator) pick(c *Choice) {
	p := c.Pick
	switch {
	case p == nil && c.Options == nil:
		v.ds.Addf(c.Pos, "missing required key %q (or pick)", "options")
		return
	case p == nil:
		return
	case c.Options != nil:
		v.ds.Addf(p.Pos, "a choose has options or pick, not both")
	}
	v.deadPick(p)
	if p.As != "" {
		v.ident(p.Pos, "as", p.As)
	}
	if p.Picked != "" {
		v.ident(p.Pos, "picked", p.Picked)
	}
	if p.As != "" && p.As == p.Picked {
		v.ds.Addf(p.Pos, "pick: as and picked are both %q: name the element and the list differently", p.As)
	}
	if p.Key != "" && !isOptionKey(p.Key) {
		v.ds.Addf(p.Pos, "pick key %q: use letters, digits, _ and -", p.Key)
	}
	if p.Key == "done" {
		v.ds.Addf(p.Pos, "pick key %q would clash with the done option", p.Key)
	}
	lo, loOK := constInt(p.Min)
	hi, hiOK := constInt(p.Max)
	if loOK && lo < 0 {
		v.ds.Addf(p.Min.Pos, "pick: min is %d: it must be at least 0", lo)
	}
	if hiOK && hi < 1 {
		v.ds.Addf(p.Max.Pos, "pick: max is %d: it must be at least 1", hi)
	}
	if loOK && hiOK && lo > hi {
		v.ds.Addf(p.Min.Pos, "pick: min (%d) is greater than max (%d)", lo, hi)
	}
	v.list(p.Do)
}

// constInt reads an expression that is an integer literal.
func constInt(e Expr) (int, bool) {
	n, err := strconv.Atoi(e.Src)
	return n, e.IsSet() && err == nil
}
