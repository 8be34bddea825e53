package interpreter

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"agon/schema"
)

// rng is the game's one random source: a PCG generator held by value, so
// copying the state copies the stream. Bounded numbers use our own
// rejection sampling so results never depend on library internals.
type rng struct {
	pcg rand.PCG
}

func newRNG(seed uint64) rng {
	return rng{pcg: *rand.NewPCG(seed, 0x9e3779b97f4a7c15)}
}

// intN returns a uniform number in [0, n).
func (r *rng) intN(n int) int {
	if n <= 1 {
		return 0
	}
	bound := uint64(n)
	limit := ^uint64(0) - (^uint64(0)%bound+1)%bound
	for {
		x := r.pcg.Uint64()
		if x <= limit {
			return int(x % bound)
		}
	}
}

// chance produces a random outcome: the next supplied outcome when there
// is one (it must be named name and pass check), else natural(). Either
// way the outcome is logged. In a scenario (partialOutcomes) a supplied
// outcome of another name stays queued and natural() decides this one.
func (g *Game) chance(name string, natural func() []string, check func([]string) error) ([]string, error) {
	if g.look != nil {
		return nil, errLookaheadStop // a look-ahead never meets chance
	}
	var res []string
	if len(g.st.outcomes) > 0 && (!g.partialOutcomes || g.st.outcomes[0].Name == name) {
		o := g.st.outcomes[0]
		g.st.outcomes = g.st.outcomes[1:]
		if o.Name != name {
			return nil, &OutcomeError{Name: o.Name, Remaining: len(g.st.outcomes),
				Msg: fmt.Sprintf("supplied chance outcome is %q, but the game needs %q", o.Name, name)}
		}
		if err := check(o.Result); err != nil {
			return nil, &OutcomeError{Name: name, Remaining: len(g.st.outcomes),
				Msg: fmt.Sprintf("supplied outcome for %q: %v", name, err)}
		}
		res = append([]string(nil), o.Result...)
	} else {
		res = natural()
	}
	g.logEvent(Event{Kind: EventChance, Name: name, Result: res})
	return res, nil
}

// shuffleZone shuffles a zone (a chance outcome named "shuffle LABEL").
func (g *Game) shuffleZone(name string, owner int, label string) error {
	list := append([]any(nil), g.zoneList(name, owner)...)
	var byID map[string]any // the cards by id, for a supplied outcome only
	res, err := g.chance("shuffle "+label, func() []string {
		for i := len(list) - 1; i > 0; i-- {
			j := g.st.rng.intN(i + 1)
			list[i], list[j] = list[j], list[i]
		}
		return ids(list)
	}, func(r []string) error {
		byID = make(map[string]any, len(list))
		for _, c := range list {
			byID[identity(c)] = c
		}
		return isPermutation(r, byID)
	})
	if err != nil {
		return err
	}
	if byID != nil { // a supplied order: the cards it names
		for i, id := range res {
			list[i] = byID[id]
		}
	}
	g.setZone(name, owner, list)
	return nil
}

func ids(list []any) []string {
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = identity(c)
	}
	return out
}

// isPermutation checks that r names every card of the zone exactly once.
func isPermutation(r []string, byID map[string]any) error {
	if len(r) != len(byID) {
		return fmt.Errorf("lists %d cards, the zone has %d (%s)", len(r), len(byID), cardDifference(r, byID))
	}
	seen := map[string]bool{}
	for _, id := range r {
		if _, ok := byID[id]; !ok {
			return fmt.Errorf("card %q is not in the zone", id)
		}
		if seen[id] {
			return fmt.Errorf("card %q is listed twice", id)
		}
		seen[id] = true
	}
	return nil
}

// cardDifference names what an outcome r that lists too few or too many
// cards gets wrong about the zone: "missing: coin_wood#4", "listed twice:
// port", "not in the zone: amber", joined by "; " (sorted, at most
// shownCards names each).
func cardDifference(r []string, byID map[string]any) string {
	seen := map[string]int{}
	var twice, foreign, missing []string
	for _, id := range r {
		seen[id]++
		switch _, ok := byID[id]; {
		case !ok && seen[id] == 1:
			foreign = append(foreign, id)
		case ok && seen[id] == 2:
			twice = append(twice, id)
		}
	}
	for id := range byID {
		if seen[id] == 0 {
			missing = append(missing, id)
		}
	}
	slices.Sort(missing) // map order must not reach a message
	var parts []string
	for _, p := range []struct {
		what string
		ids  []string
	}{{"missing", missing}, {"listed twice", twice}, {"not in the zone", foreign}} {
		if len(p.ids) > 0 {
			parts = append(parts, p.what+": "+schema.JoinAtMost(p.ids, shownCards))
		}
	}
	return strings.Join(parts, "; ")
}

// shownCards is how many card ids cardDifference names of each kind.
const shownCards = 5

// OutcomeError is a supplied chance outcome the game cannot use. Remaining
// is how many supplied outcomes were still queued after it, which tells a
// replayer which of its chance steps was wrong.
type OutcomeError struct {
	Name      string
	Msg       string
	Remaining int
}

// Error implements error.
func (e *OutcomeError) Error() string { return e.Msg }
