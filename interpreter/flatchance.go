package interpreter

import (
	"fmt"
	"slices"
	"strconv"
)

// Chance on the flat state: a shuffle, a draw's refill, a roll and a
// list's shuffle draw from the game's stream as the present runtime
// does (rng.go), or take the next outcome supplied from outside (a
// transcript being replayed: FlatProgram.NewGameWithLog's outcomes),
// which must bear the chance's name and be one the chance could give;
// either way a game with a log logs it. TestFlatReplaysTheGoldens replays
// every golden transcript's decisions and outcomes this way.

// supplied takes the next supplied outcome, which must be named name;
// ok is false when none is left (the stream decides). An outcome that
// cannot be taken is an *OutcomeError, as on the present runtime. A
// look-ahead stops here (errLookaheadStop): every chance asks.
func (g *flatGame) supplied(name string) (res []string, ok bool, err error) {
	if g.look != nil {
		return nil, false, errLookaheadStop // a look-ahead never meets chance
	}
	if len(g.outcomes) == 0 {
		return nil, false, nil
	}
	o := g.outcomes[0]
	if g.partial && o.Name != name {
		return nil, false, nil // a scenario's: it stays queued, the stream decides this one
	}
	g.outcomes = g.outcomes[1:]
	if o.Name != name {
		return nil, false, &OutcomeError{Name: o.Name, Remaining: len(g.outcomes),
			Msg: fmt.Sprintf("supplied chance outcome is %q, but the game needs %q", o.Name, name)}
	}
	return o.Result, true, nil
}

// badOutcome is the error of a supplied outcome for the chance name that
// the chance could not give.
func (g *flatGame) badOutcome(name string, err error) error {
	return &OutcomeError{Name: name, Remaining: len(g.outcomes), Msg: fmt.Sprintf("supplied outcome for %q: %v", name, err)}
}

// zoneLabel is zone z as a shuffle's name gives it: a keyed family's zone
// by its location ("pile[left]") when a shuffle names it, by the family
// when a draw refills it; a player's zone as "hand[1]".
func (g *flatGame) zoneLabel(z int, byLocation bool) string {
	l := g.fp.l
	switch base := len(l.zones); {
	case z < base && l.zones[z].family != "" && !byLocation:
		return l.zones[z].family
	case z < base:
		return l.zones[z].name
	default:
		j := (z - base) % len(l.pzones)
		return fmt.Sprintf("%s[%d]", l.pzones[j], (z-base)/len(l.pzones))
	}
}

// permuted puts list in the order res names its cards by id; an error
// when res is not an order of exactly those cards, as the present
// runtime words it (isPermutation).
func (g *flatGame) permuted(list []int32, res []string) error {
	byID := make(map[string]any, len(list))
	for _, c := range list {
		byID[g.fp.p.cards[c].id] = c
	}
	if err := isPermutation(res, byID); err != nil {
		return err
	}
	for i, id := range res {
		list[i] = byID[id].(int32)
	}
	return nil
}

// roll draws a face from the stream, or takes the supplied one, which
// must be one of faces (numbers of the roll's kind), and logs it.
func (g *flatGame) roll(s *flatStep, faces []int64) (int64, error) {
	res, supplied, err := g.supplied(s.chance)
	if err != nil {
		return 0, err
	}
	face := faces[0]
	if supplied {
		i := slices.IndexFunc(faces, func(f int64) bool { return len(res) == 1 && g.format(s.list.kind, f) == res[0] })
		if i < 0 {
			return 0, g.badOutcome(s.chance, fmt.Errorf("%v is not one of the faces", res))
		}
		face = faces[i]
	} else {
		face = faces[g.rng.intN(len(faces))]
	}
	if g.log != nil {
		g.logChance(s, s.list.kind, []int64{face})
	}
	return face, nil
}

// rearranged is xs in the order res writes its values (each as often as
// xs has it); an error when res is not such an order.
func (g *flatGame) rearranged(xs []int64, k flatKind, res []string) ([]int64, error) {
	keys := make([]string, len(xs))
	for i, x := range xs {
		keys[i] = g.format(k, x)
	}
	if err := isRearrangement(res, keys); err != nil {
		return nil, err // the present runtime's words
	}
	used := make([]bool, len(xs))
	out := make([]int64, len(res))
	for i, r := range res {
		for j := range xs {
			if !used[j] && keys[j] == r {
				used[j], out[i] = true, xs[j]
				break
			}
		}
	}
	return out, nil
}

// format writes a number of kind k (an int, a string, a card, or a list
// of them) as the present runtime writes the value: a card as its id.
func (g *flatGame) format(k flatKind, x int64) string {
	switch k {
	case fkInt, fkInts:
		return strconv.FormatInt(x, 10)
	case fkCard, fkCards:
		return g.fp.p.cards[x].id
	}
	return g.fp.l.str(g.env.fs, x)
}
