package bot

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"agon/schema"
)

// mctsConfig is how an mcts bot searches. The zero value is not useful;
// parseMCTS starts from mctsDefaults.
type mctsConfig struct {
	// playouts is the number of search iterations per decision (each one
	// world, one descent of the tree, one playout); used when budget is 0.
	playouts int
	// budget, when positive, is the wall-clock time per decision instead
	// of playouts: the bot then depends on the machine's speed and is not
	// deterministic.
	budget time.Duration
	// depth is how many decisions with a choice a playout plays at random
	// before the ruleset's heuristic rates the position (0: none, rate the
	// position the tree reached); a playout that reaches the end of the
	// game is rated by the result instead.
	depth int
	// c is UCT's exploration constant (rewards lie in [0, 1]).
	c float64
	// margin is the weight of the normalised margin in a reward, the rest
	// being the win share (see reward.go).
	margin float64
	// searchNorm normalises the heuristic's margins by the largest met in
	// the search (norm=search, the default; reward.go, rateRaw) rather
	// than by the position's own values (norm=values).
	searchNorm bool
	// prior expands a node's options best first by their one-step
	// heuristic rating (prior=heuristic) instead of at random
	// (prior=none); see mcts_prior.go.
	prior bool
	// widen is progressive widening's exponent: a node has at most
	// ceil(visits^widen) children before the search goes deeper (0: every
	// option is tried first, as plain UCT does).
	widen float64
	// sample bounds the options rated for the prior at a node below the
	// root (sample=N; 0: all): the others are expanded after them, in
	// random order. The root rates all of its options.
	sample int
	// greedyPlayout plays the playout's decisions with the one-step best
	// option (policy=greedy) instead of at random (policy=random).
	greedyPlayout bool
}

// mctsDefaults returns the settings of plain "mcts", chosen by
// measurement against greedy in the shipped games (BENCHMARKS.md,
// "Bots"): no random decisions before the heuristic (every random
// decision played made it weaker at this budget: depth 2 and 4 lost
// ground), a low exploration constant (the rewards of neighbouring
// options differ by hundredths) and the margin alone as the reward (the
// win share of a heuristic lead threw away how big the lead is),
// normalised by the largest margin of the search (norm=values lost to
// random in a shipped game whose heuristic is relative; norm=search did
// as well or better in every game). Options are expanded best first by
// their one-step rating with progressive widening (prior=heuristic,
// widen=0.5): with a good one-step heuristic plain UCT at this budget
// only diluted greedy's choice (it lost to greedy in a shipped game, and
// won there with these). Below the root only 8 options are rated
// (sample=8): rating all of them made a game with many options per
// decision 7-8 times slower than plain UCT; 4 made it 2.4 times slower
// but lost the gain against greedy (52.8% instead of 60%). 50 iterations keep a 200-game run of each
// shipped game within tens of minutes on 2 cores.
func mctsDefaults() mctsConfig {
	return mctsConfig{playouts: 50, depth: 0, c: 0.3, margin: 1, searchNorm: true, prior: true, widen: 0.5, sample: 8}
}

// parseMCTS reads an mcts kind: "mcts", then optional colon-separated
// parts: a playout count ("mcts:400"), a time per decision ("mcts:2s",
// "mcts:500ms": not deterministic), and settings depth=N, c=X, margin=X,
// norm=search|values, prior=heuristic|none, widen=A, sample=N,
// policy=random|greedy
// ("mcts:400:depth=8:c=0.5", "mcts:prior=none:widen=0").
func parseMCTS(kind string) (mctsConfig, error) {
	cfg := mctsDefaults()
	parts := strings.Split(kind, ":")
	for _, p := range parts[1:] {
		if err := cfg.set(p); err != nil {
			return cfg, fmt.Errorf("bot %q: %v (mcts[:PLAYOUTS|:DURATION][:depth=N][:c=X][:margin=X][:norm=search|values][:prior=heuristic|none][:widen=A][:sample=N][:policy=random|greedy])", kind, err)
		}
	}
	return cfg, nil
}

// set applies one part of an mcts kind.
func (cfg *mctsConfig) set(p string) error {
	name, value, isSetting := strings.Cut(p, "=")
	if !isSetting {
		return cfg.setBudget(p)
	}
	switch name {
	case "depth":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return fmt.Errorf("depth %q is not a count", value)
		}
		cfg.depth = n
	case "sample":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return fmt.Errorf("sample %q is not a count", value)
		}
		cfg.sample = n
	case "c":
		x, err := parseInRange(name, value, 0, maxC, false)
		if err != nil {
			return err
		}
		cfg.c = x
	case "margin":
		x, err := parseInRange(name, value, 0, 1, false)
		if err != nil {
			return err
		}
		cfg.margin = x
	case "prior":
		if value != "heuristic" && value != "none" {
			return fmt.Errorf("prior %q: heuristic or none", value)
		}
		cfg.prior = value == "heuristic"
	case "widen":
		x, err := parseInRange(name, value, 0, 1, true)
		if err != nil {
			return err
		}
		cfg.widen = x
	case "policy":
		if value != "greedy" && value != "random" {
			return fmt.Errorf("policy %q: greedy or random", value)
		}
		cfg.greedyPlayout = value == "greedy"
	case "norm":
		if value != "search" && value != "values" {
			return fmt.Errorf("norm %q: search or values", value)
		}
		cfg.searchNorm = value == "search"
	default:
		return fmt.Errorf("unknown setting %q%s", name, schema.DidYouMean(name, mctsSettings))
	}
	return nil
}

// maxC is the largest exploration constant c accepted: rewards lie in
// [0, 1], so a larger c only makes the search play every option in turn
// (and an infinite one would make UCT's sums infinite or NaN).
const maxC = 100

// parseInRange reads a float setting that must be a finite number from
// lo to hi (hi itself excluded when hiOpen). The comparisons are written
// so that NaN, which fails every comparison, is refused too.
func parseInRange(name, value string, lo, hi float64, hiOpen bool) (float64, error) {
	x, err := strconv.ParseFloat(value, 64)
	inRange := err == nil && x >= lo && (x < hi || !hiOpen && x == hi)
	if !inRange {
		closing := "]"
		if hiOpen {
			closing = ")"
		}
		return 0, fmt.Errorf("%s %q is not a number in [%g, %g%s", name, value, lo, hi, closing)
	}
	return x, nil
}

// mctsSettings are the names of the settings set accepts.
var mctsSettings = []string{"depth", "sample", "c", "margin", "prior", "widen", "policy", "norm"}

// setBudget reads a playout count or a duration.
func (cfg *mctsConfig) setBudget(p string) error {
	if n, err := strconv.Atoi(p); err == nil {
		if n < 1 {
			return fmt.Errorf("playouts %d: at least 1", n)
		}
		cfg.playouts, cfg.budget = n, 0
		return nil
	}
	d, err := time.ParseDuration(p)
	if err != nil || d <= 0 {
		return fmt.Errorf("budget %q is neither a playout count nor a duration", p)
	}
	cfg.budget = d
	return nil
}
