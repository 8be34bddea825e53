package bot

import (
	"math"
	"slices"
	"sort"
)

// Greedy-ordered expansion and progressive widening (mcts settings
// prior=heuristic and widen=A). Plain UCT tries every option of a node,
// in random order, before it goes deeper, and a node's mean then averages
// the rewards of all its children, good and bad: with a budget of tens of
// iterations and a good one-step heuristic, the search mostly dilutes the
// greedy bot's choice (a bid's value becomes the mean over every amount
// and every reply tried once). With prior=heuristic a node, the first
// time the search needs its children, rates every option as the greedy
// bot does (the option, then the rest of the mover's move, rated by the
// mover's margin on the heuristic, in the iteration's world) and expands
// them best first: the first child of every node is the one-step best
// move of whoever decides there, so the mean of a bid is, to begin with,
// its value after the opponent's greedy reply. With widen=A a node has at
// most ceil(visits^A) children before it goes deeper (A = 0.5: 1 child at
// the first visit, 3 after 5, 8 after 50); every legal child is still
// tried when none of those is legal in the iteration's world. Rating is
// a clone and a move per option, so below the root sample=N rates only N
// options drawn at random (the best of them first, then the others in
// random order): the root, rated once per decision, rates all.

// nextUntried returns the next option of d to expand at node in world w,
// "" when every legal option has a child. With prior=heuristic the
// options are expanded in the order of their one-step rating (computed
// the first time, in w), options that were not legal then after them in
// d's order; otherwise one of the untried at random.
func (b *mctsBot) nextUntried(node *mctsNode, w lookahead, d *decision) string {
	if !b.cfg.prior {
		var untried []string
		for _, key := range d.keys {
			if node.child(key) == nil {
				untried = append(untried, key)
			}
		}
		if len(untried) == 0 {
			return ""
		}
		return untried[b.r.IntN(len(untried))]
	}
	if node.order == nil {
		limit := b.cfg.sample
		if node.mover < 0 {
			limit = 0 // the root: every option, once per decision
		}
		node.order = b.order(w, d, limit)
	}
	for _, key := range node.order {
		if node.child(key) == nil && d.find(key) >= 0 {
			return key
		}
	}
	for _, key := range d.keys {
		if node.child(key) == nil && !slices.Contains(node.order, key) {
			return key
		}
	}
	return ""
}

// widenMore reports whether node, with legal children already among its
// kids (legal), may get another child: always without widening, else
// while it has fewer than ceil(visits^A) children.
func (b *mctsBot) widenMore(node *mctsNode, legal bool) bool {
	if b.cfg.widen == 0 || !legal {
		return true
	}
	return float64(len(node.kids)) < math.Ceil(math.Pow(float64(node.visits), b.cfg.widen))
}

// order rates the options of d in world w for the mover, as the greedy
// bot does (the option, the rest of the move, then the mover's heuristic
// less the best other seat's), and returns the keys best first (ties and
// failing options in d's order, the failing ones last). With limit > 0
// and more options than that, only limit of them, drawn from the bot's
// stream, are rated; the others follow in random order.
func (b *mctsBot) order(w lookahead, d *decision, limit int) []string {
	type rated struct {
		key   string
		value float64
		ok    bool
	}
	idx := make([]int, len(d.keys))
	for i := range idx {
		idx[i] = i
	}
	n := len(idx)
	if limit > 0 && n > limit {
		for i := range idx { // a random order; the first limit are rated
			j := i + b.r.IntN(n-i)
			idx[i], idx[j] = idx[j], idx[i]
		}
		n = limit
		slices.Sort(idx[:n])
	}
	rs := make([]rated, n)
	for i, at := range idx[:n] {
		v, err := b.oneStep(w, d, at)
		rs[i] = rated{d.keys[at], v, err == nil}
	}
	sort.SliceStable(rs, func(i, j int) bool {
		if rs[i].ok != rs[j].ok {
			return rs[i].ok
		}
		return rs[i].value > rs[j].value
	})
	keys := make([]string, 0, len(idx))
	for _, r := range rs {
		keys = append(keys, r.key)
	}
	for _, at := range idx[n:] {
		keys = append(keys, d.keys[at])
	}
	return keys
}

// oneStep plays option i of d on a clone of w, then the rest of the
// mover's move, and returns the mover's margin there: its heuristic (at
// the end of the game, its score) less the best other seat's. A strict
// world's failure aborts the search (failedIn).
func (b *mctsBot) oneStep(w lookahead, d *decision, i int) (float64, error) {
	v, err := oneStep(w, d, i, &b.heuristicError)
	if err != nil {
		b.failedIn(w, err)
	}
	return v, err
}

// oneStep is mctsBot.oneStep; a heuristic's failure is noted in fail
// (not in a strict world: the present runtime will say it).
func oneStep(w lookahead, d *decision, i int, fail *heuristicError) (float64, error) {
	c := w.clone()
	if err := c.apply(i); err != nil {
		return 0, err
	}
	if _, _, over := c.next(); !over {
		if err := finishMove(c, d.player, d.pos); err != nil {
			return 0, err
		}
	}
	values := make([]float64, c.players())
	if res := c.result(); res != nil {
		for _, p := range res.Players {
			values[p.Player] = float64(p.Score)
		}
	} else {
		for s := range values {
			h, err := c.heuristic(s)
			if err != nil {
				if !c.strict() {
					fail.note(err)
				}
				return 0, err
			}
			values[s] = float64(h)
		}
	}
	return values[d.player] - bestOther(values, d.player), nil
}

// playoutOption is the option a playout plays at w's pending decision
// (of more than one option): the one-step best (policy=greedy) or one at
// random.
func (b *mctsBot) playoutOption(w lookahead) int {
	if b.cfg.greedyPlayout {
		d := w.pending()
		return d.find(b.order(w, d, 0)[0])
	}
	return b.r.IntN(w.options())
}
