package bot

import (
	"math"
	"time"

	"agon/interpreter"
)

// mctsBot chooses by Monte Carlo tree search (UCT) over the engine's
// Clone and Apply, on either runtime (lookahead.go; on the flat one, a
// failure in the search makes ChooseFlat give up the game to the present
// runtime). Hidden information is handled by determinization, as
// in information-set MCTS with a single observer: each iteration starts
// from a world of its own (a clone of the game with its own random
// stream and every card the deciding seat cannot see dealt anew, see
// world.go), descends one tree shared by all iterations, whose edges are
// option keys (an edge not legal in this iteration's world is skipped;
// a child's availability counts the iterations in which it was legal),
// expands one option (by default the best untried by its one-step
// rating, and only while the node has fewer than ceil(visits^0.5)
// children: mcts_prior.go), plays a playout (cfg.depth random decisions, by
// default none, then the rest of the last mover's move) and rates where
// it stops (reward.go). Decisions with one option are played through and
// never become nodes. Each node keeps, per seat, the sum of the rewards
// backed up through it, and the seat that chose its edge selects by its
// own reward: every seat maximises its own outcome.
//
// The chosen option is the root's most visited child (ties: the better
// mean reward for the deciding seat, then the earlier option). With a
// playout budget the choices depend only on the bot's seed and the game
// (the worlds are seeded from the seed, the decision number and the
// iteration; the tree's and the playouts' random choices from the bot's
// own stream); with a time budget they also depend on the machine.
type mctsBot struct {
	spec string
	seed uint64
	cfg  mctsConfig
	r    *interpreter.Rand
	// scale is, with norm=search, the largest raw margin met in the
	// current search (see reward.go).
	scale float64
	// abort is the first failure of a strict look-ahead (the flat
	// runtime's) in the current search: the search stops and ChooseFlat
	// returns it.
	abort error
	heuristicError
}

// mctsStream separates the mcts worlds' streams from every other.
const mctsStream = 0xbb67ae8584caa73b

// mctsNode is a node of the search tree: the position after its edge's
// option was taken (in some world).
type mctsNode struct {
	key    string    // the option key of the edge into the node
	mover  int       // the seat that chose key
	visits int       // iterations through the node
	avail  int       // iterations in which key was legal at the parent
	reward []float64 // per seat, the sum of rewards of those iterations
	raw    []float64 // with norm=search: per seat, the sum of raw margin terms
	kids   []*mctsNode
	order  []string // with prior=heuristic: the option keys, best first (mcts_prior.go)
}

// child returns n's child for key, nil when there is none.
func (n *mctsNode) child(key string) *mctsNode {
	for _, k := range n.kids {
		if k.key == key {
			return k
		}
	}
	return nil
}

// Choose searches from the pending decision d and returns the chosen
// option's index. A decision with one option costs nothing.
func (b *mctsBot) Choose(g *interpreter.Game, d *interpreter.Decision) int {
	if len(d.Options) <= 1 {
		return 0
	}
	dec := decisionOf(d)
	return b.best(b.search(g, d), dec)
}

// ChooseFlat is Choose for a game on the flat runtime
// (interpreter.FlatBot): the same worlds, tree and playouts. An error is
// the first failure of the search there (an option that fails, a
// heuristic the flat runtime cannot evaluate): the game is to be played
// on the present runtime.
func (b *mctsBot) ChooseFlat(g *interpreter.FlatGame) (int, error) {
	if g.Options() <= 1 {
		return 0, nil
	}
	dec := &decision{player: g.Player(), pos: g.Pos(), keys: g.Keys()}
	root := b.searchWorlds(g.Players(), func(i int) lookahead { return flatLook{b.flatWorld(g, dec.player, i)} })
	if b.abort != nil {
		return 0, b.abort
	}
	return b.best(root, dec), nil
}

// search runs the iterations of the budget from decision d of g and
// returns the tree's root.
func (b *mctsBot) search(g *interpreter.Game, d *interpreter.Decision) *mctsNode {
	return b.searchWorlds(g.Players(), func(i int) lookahead { return &presentLook{g: b.world(g, d.Player, i)} })
}

// searchWorlds runs the iterations of the budget, iteration i in world(i),
// and returns the tree's root; it stops at a strict world's failure
// (b.abort).
func (b *mctsBot) searchWorlds(players int, world func(i int) lookahead) *mctsNode {
	root := &mctsNode{mover: -1, reward: make([]float64, players), raw: make([]float64, players)}
	b.scale, b.abort = 0, nil
	var deadline time.Time
	if b.cfg.budget > 0 {
		deadline = time.Now().Add(b.cfg.budget)
	}
	for i := 0; ; i++ {
		if b.cfg.budget > 0 {
			if i > 0 && !time.Now().Before(deadline) {
				break
			}
		} else if i >= b.cfg.playouts {
			break
		}
		b.iterate(root, world(i))
		if b.abort != nil {
			break
		}
	}
	return root
}

// world is the game as seat may imagine it in iteration i (see
// greedyBot.world): its own stream, no supplied outcomes, and what seat
// cannot see dealt anew.
func (b *mctsBot) world(g *interpreter.Game, seat, i int) *interpreter.Game {
	w := g.Clone()
	w.Reseed(b.worldSeed(g.Decisions(), i))
	w.RedealUnseen(seat)
	return w
}

// flatWorld is world for a game on the flat runtime.
func (b *mctsBot) flatWorld(g *interpreter.FlatGame, seat, i int) *interpreter.FlatGame {
	w := g.Clone()
	w.Reseed(b.worldSeed(g.Decisions(), i))
	w.RedealUnseen(seat)
	return w
}

// worldSeed is the seed of iteration i's world after decisions
// decisions.
func (b *mctsBot) worldSeed(decisions, i int) uint64 {
	return mix(mix(b.seed^mctsStream)^mix(uint64(decisions)+1)) + uint64(i)
}

// failedIn reports a failure met in world w: in a strict world (the flat
// runtime's) it aborts the search, and true is returned so that the
// iteration stops there.
func (b *mctsBot) failedIn(w lookahead, err error) bool {
	if w.strict() && b.abort == nil {
		b.abort = err
	}
	return w.strict()
}

// iterate runs one iteration in world w: selection and expansion in the
// tree, a playout, and the backup of its rewards along the path.
func (b *mctsBot) iterate(root *mctsNode, w lookahead) {
	path := []*mctsNode{root}
	node := root
	var rewards, raw []float64
	var last *decision // the last decision with a choice taken
	for rewards == nil {
		if w.options() == 1 {
			player, _, _ := w.next()
			if err := w.apply(0); err != nil {
				if b.failedIn(w, err) {
					return
				}
				rewards = failed(w.players(), player)
			}
			continue
		}
		d := w.pending()
		if d == nil {
			break
		}
		next, expanded := b.selectChild(node, w, d)
		last = d
		path = append(path, next)
		node = next
		if err := w.apply(d.find(next.key)); err != nil {
			if b.failedIn(w, err) {
				return
			}
			rewards = failed(w.players(), d.player)
		} else if expanded {
			break
		}
	}
	if rewards == nil {
		if rewards, raw = b.playout(w, last); b.abort != nil {
			return
		}
	}
	for _, n := range path {
		n.visits++
		for s, r := range rewards {
			n.reward[s] += r
		}
		for s, r := range raw {
			n.raw[s] += r
		}
	}
}

// selectChild returns node's child to descend to at decision d in world
// w: an option never tried yet (expanded is then true; see nextUntried
// for which, and widenMore for when), else the legal child with the best
// UCT value for the deciding seat. Every legal child's availability is
// counted.
func (b *mctsBot) selectChild(node *mctsNode, w lookahead, d *decision) (next *mctsNode, expanded bool) {
	var best *mctsNode
	bestValue := math.Inf(-1)
	for _, key := range d.keys {
		k := node.child(key)
		if k == nil {
			continue
		}
		k.avail++
		if v := b.uct(k); v > bestValue {
			best, bestValue = k, v
		}
	}
	if b.widenMore(node, best != nil) {
		if key := b.nextUntried(node, w, d); key != "" {
			k := &mctsNode{key: key, mover: d.player, avail: 1,
				reward: make([]float64, len(node.reward)), raw: make([]float64, len(node.reward))}
			node.kids = append(node.kids, k)
			return k, true
		}
	}
	return best, false
}

// uct is a child's UCT value for the seat that chooses it.
func (b *mctsBot) uct(k *mctsNode) float64 {
	if k.visits == 0 {
		return math.Inf(1)
	}
	return b.mean(k, k.mover) + b.cfg.c*math.Sqrt(math.Log(float64(k.avail))/float64(k.visits))
}

// mean is a child's mean reward for seat s, its raw margin terms
// normalised by the search's scale.
func (b *mctsBot) mean(k *mctsNode, s int) float64 {
	sum := k.reward[s]
	if b.scale > 0 {
		sum += k.raw[s] / b.scale
	}
	return sum / float64(k.visits)
}

// playout plays at most cfg.depth decisions with a choice (at random, or
// with policy=greedy the one-step best, playoutKey) from
// w's position, where last (nil at the root) was the last decision with a
// choice taken, then the rest of the move of whoever took the last one
// (finishMove, as the greedy bot does: the heuristic rates positions
// between moves, not a bid without its payment), and rates where it stops
// (raw: the raw margin terms, with norm=search).
func (b *mctsBot) playout(w lookahead, last *decision) (rewards, raw []float64) {
	for n := 0; n < b.cfg.depth; {
		player, pos, over := w.next()
		if over {
			break
		}
		i := 0
		if w.options() > 1 {
			i = b.playoutOption(w)
			n++
			last = &decision{player: player, pos: pos}
		}
		if err := w.apply(i); err != nil {
			if b.failedIn(w, err) {
				return nil, nil
			}
			return failed(w.players(), player), nil
		}
	}
	if _, _, over := w.next(); last != nil && !over {
		if err := finishMove(w, last.player, last.pos); err != nil {
			if b.failedIn(w, err) {
				return nil, nil
			}
			return failed(w.players(), last.player), nil
		}
	}
	if _, _, over := w.next(); !b.cfg.searchNorm || over {
		return b.rate(w), nil
	}
	fail, local := &b.heuristicError, heuristicError{}
	if w.strict() {
		fail = &local
	}
	rewards, raw, top := rateRaw(w, b.cfg.margin, fail)
	if local.err != nil {
		b.failedIn(w, local.err)
		return nil, nil
	}
	b.scale = math.Max(b.scale, top)
	return rewards, raw
}

// rate rates w's position (reward.go's rate); a strict world's failure
// aborts the search.
func (b *mctsBot) rate(w lookahead) []float64 {
	if !w.strict() {
		return rate(w, b.cfg.margin, &b.heuristicError)
	}
	var fail heuristicError
	out := rate(w, b.cfg.margin, &fail)
	if fail.err != nil {
		b.failedIn(w, fail.err)
		return nil
	}
	return out
}

// best returns the index in d's options of the root's most visited child.
func (b *mctsBot) best(root *mctsNode, d *decision) int {
	best, bestVisits, bestMean := 0, -1, 0.0
	for i, key := range d.keys {
		k := root.child(key)
		if k == nil {
			continue
		}
		mean := 0.0
		if k.visits > 0 {
			mean = b.mean(k, d.player)
		}
		if k.visits > bestVisits || (k.visits == bestVisits && mean > bestMean) {
			best, bestVisits, bestMean = i, k.visits, mean
		}
	}
	return best
}

// String names the bot's kind as it was given.
func (b *mctsBot) String() string { return b.spec }
