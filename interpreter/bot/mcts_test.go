package bot

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
	"agon/rulesets"
)

// nim: two players take 1 or 2 from a pile of 5 in turn; who takes the
// last wins. The heuristic is flat, so only the search can tell the
// moves apart: the first player wins by taking 2 (leaving 3).
const nim = `
vars:
  pile: {type: int, init: "5"}
  last: {type: int, init: "-1"}
flow:
  - while: pile > 0
    do:
      - for_each: "[0, 1]"
        as: p
        do:
          - if: pile > 0
            then:
              - choose:
                  who: p
                  prompt: take
                  options:
                    - key: take
                      for_each: "[1, 2]"
                      as: n
                      when: n <= pile
                      do:
                        - {add: pile, by: -n}
                        - {set: last, to: p}
scoring:
  score: "last == me ? 1 : 0"
bots:
  heuristic: "0"
`

// firstChoice returns the key a bot of kind seeded with seed chooses at
// nim's first decision.
func firstChoice(t *testing.T, kind string, seed uint64) string {
	t.Helper()
	g := rulestest.Start(t, nim, 2)
	b, err := New(kind, seed)
	require.NoError(t, err)
	d := g.Pending()
	return d.Options[b.Choose(g, d)].Key
}

func TestMCTSFindsTheWinningMove(t *testing.T) {
	randomMissed := false
	for seed := uint64(1); seed <= 20; seed++ {
		assert.Equal(t, "take n=2", firstChoice(t, "mcts", seed), "seed %d", seed)
		assert.Equal(t, "take n=2", firstChoice(t, "mcts:norm=values", seed), "seed %d", seed)
		randomMissed = randomMissed || firstChoice(t, "random", seed) != "take n=2"
	}
	assert.True(t, randomMissed, "random misses the winning move")
}

func TestMCTSWinsNimAgainstRandom(t *testing.T) {
	p := rulestest.Load(t, nim)
	for seed := uint64(1); seed <= 10; seed++ {
		g, err := interpreter.NewGame(p, interpreter.Config{Players: 2, Seed: seed})
		require.NoError(t, err)
		m, _ := New("mcts:100", SeatSeed(seed, 0))
		r, _ := New("random", SeatSeed(seed, 1))
		require.NoError(t, interpreter.Play(g, []interpreter.Bot{m, r}))
		assert.Equal(t, []int{0}, g.Result().Winners, "seed %d", seed)
	}
}

// mctsGame plays the first decisions of a shipped game at its smallest
// player count with mcts bots of kind and returns the keys they chose;
// every chosen index is checked against the options.
func mctsGame(t *testing.T, game, kind string, seed uint64, decisions int) []string {
	t.Helper()
	p, err := interpreter.Load(rulesets.FS, game, "")
	require.NoError(t, err)
	g, err := interpreter.NewGame(p, interpreter.Config{Players: p.MinPlayers(), Seed: seed, KeysOnly: true})
	require.NoError(t, err)
	bots := make([]interpreter.Bot, p.MinPlayers())
	for s := range bots {
		bots[s], err = New(kind, SeatSeed(seed, s))
		require.NoError(t, err)
	}
	var keys []string
	for len(keys) < decisions && !g.Over() {
		d := g.Pending()
		i := bots[d.Player].Choose(g, d)
		require.True(t, i >= 0 && i < len(d.Options), "index %d of %d options", i, len(d.Options))
		keys = append(keys, d.Options[i].Key)
		require.NoError(t, g.Apply(d.Options[i].Key))
	}
	return keys
}

// Same seeds, same choices; the search never looks at the game's own
// stream or hidden cards, so this holds in a game with both.
func TestMCTSIsDeterministic(t *testing.T) {
	a := mctsGame(t, "peloponnes", "mcts:12", 5, 25)
	assert.Equal(t, a, mctsGame(t, "peloponnes", "mcts:12", 5, 25))
	assert.NotEqual(t, a, mctsGame(t, "peloponnes", "mcts:12", 6, 25), "another seed, another game")
}

func TestMCTSChoosesLegalOptionsInEveryGame(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the shipped games")
	}
	for _, game := range []string{"peloponnes", "athens", "politeia", "cyclades"} {
		keys := mctsGame(t, game, "mcts:6:depth=2", 3, 40)
		assert.NotEmpty(t, keys, game)
	}
}

// The budget: exactly the playouts asked per decision with a choice,
// none for a decision with one option, and a time budget stops in time.
func TestMCTSBudget(t *testing.T) {
	g := rulestest.Start(t, nim, 2)
	b := &mctsBot{seed: 1, cfg: mctsConfig{playouts: 7, depth: 4, c: 0.7}, r: interpreter.NewRand(1)}
	root := b.search(g, g.Pending())
	assert.Equal(t, 7, root.visits)
	one := &interpreter.Decision{Options: []interpreter.Option{{Key: "only"}}}
	assert.Equal(t, 0, b.Choose(nil, one), "one option: no search (a nil game would panic)")

	timed, err := New("mcts:30ms", 1)
	require.NoError(t, err)
	start := time.Now()
	timed.Choose(g, g.Pending())
	took := time.Since(start)
	assert.GreaterOrEqual(t, took, 30*time.Millisecond)
	assert.Less(t, took, 2*time.Second, "stops soon after the time is up")
}

// The search does not peek: guessing another player's hidden card it
// does no better than chance, and with the card shown it always finds it.
func TestMCTSDoesNotPeek(t *testing.T) {
	hits := func(src string) int {
		p := rulestest.Load(t, src)
		n := 0
		for seed := uint64(1); seed <= 60; seed++ {
			g, err := interpreter.NewGame(p, interpreter.Config{Players: 2, Seed: seed})
			require.NoError(t, err)
			b, _ := New("mcts:60", SeatSeed(seed, 0))
			d := g.Pending()
			require.NoError(t, g.Apply(d.Options[b.Choose(g, d)].Key))
			n += g.Result().Players[0].Score
		}
		return n
	}
	assert.Less(t, hits(guessCard(1, "owner")), 25, "hidden: near 10 of 60 by chance")
	assert.Equal(t, 60, hits(guessCard(1, "public")))
}

func TestMCTSKinds(t *testing.T) {
	d := mctsDefaults()
	with := func(f func(*mctsConfig)) mctsConfig {
		cfg := mctsDefaults()
		f(&cfg)
		return cfg
	}
	for kind, want := range map[string]mctsConfig{
		"mcts":                  d,
		"mcts:400":              with(func(c *mctsConfig) { c.playouts = 400 }),
		"mcts:2s:depth=0:c=1.5": with(func(c *mctsConfig) { c.budget, c.c = 2*time.Second, 1.5 }),
		"mcts:c=100:margin=1":   with(func(c *mctsConfig) { c.c = 100 }),
		"mcts:50:margin=0:depth=9:c=0:prior=none:widen=0:sample=0": {playouts: 50, depth: 9, searchNorm: true},
		"mcts:norm=values":           with(func(c *mctsConfig) { c.searchNorm = false }),
		"mcts:widen=0.25":            with(func(c *mctsConfig) { c.widen = 0.25 }),
		"mcts:policy=greedy:depth=2": with(func(c *mctsConfig) { c.greedyPlayout, c.depth = true, 2 }),
	} {
		cfg, err := parseMCTS(kind)
		require.NoError(t, err, kind)
		assert.Equal(t, want, cfg, kind)
		b, err := New(kind, 1)
		require.NoError(t, err)
		assert.Equal(t, kind, b.(interface{ String() string }).String())
	}
	for kind, msg := range map[string]string{
		"mcts:0":        `bot "mcts:0": playouts 0: at least 1`,
		"mcts:fast":     `bot "mcts:fast": budget "fast" is neither a playout count nor a duration`,
		"mcts:depth=x":  `bot "mcts:depth=x": depth "x" is not a count`,
		"mcts:margin=2": `bot "mcts:margin=2": margin "2" is not a number in [0, 1]`,
		// NaN fails every comparison, so each bound must be written to
		// refuse it (it crashed every game); infinities and huge values
		// are out of range too.
		"mcts:c=nan":       `bot "mcts:c=nan": c "nan" is not a number in [0, 100]`,
		"mcts:c=inf":       `bot "mcts:c=inf": c "inf" is not a number in [0, 100]`,
		"mcts:c=1e308":     `bot "mcts:c=1e308": c "1e308" is not a number in [0, 100]`,
		"mcts:c=-1":        `bot "mcts:c=-1": c "-1" is not a number in [0, 100]`,
		"mcts:margin=nan":  `bot "mcts:margin=nan": margin "nan" is not a number in [0, 1]`,
		"mcts:margin=-inf": `bot "mcts:margin=-inf": margin "-inf" is not a number in [0, 1]`,
		"mcts:widen=NaN":   `bot "mcts:widen=NaN": widen "NaN" is not a number in [0, 1)`,
		"mcts:width=3":     `bot "mcts:width=3": unknown setting "width" (did you mean "widen"?)`,
		"mcts:depht=3":     `bot "mcts:depht=3": unknown setting "depht" (did you mean "depth"?)`,
		"mcts:zzzzz=3":     `bot "mcts:zzzzz=3": unknown setting "zzzzz"`,
		"mcts:norm=x":      `bot "mcts:norm=x": norm "x": search or values`,
		"mcts:policy=x":    `bot "mcts:policy=x": policy "x": greedy or random`,
		"mcts:sample=x":    `bot "mcts:sample=x": sample "x" is not a count`,
		"mcts:prior=x":     `bot "mcts:prior=x": prior "x": heuristic or none`,
		"mcts:widen=1":     `bot "mcts:widen=1": widen "1" is not a number in [0, 1)`,
		"mcts:widen=-1":    `bot "mcts:widen=-1": widen "-1" is not a number in [0, 1)`,
		"mctsx":            `unknown bot "mctsx" (did you mean "mcts"?) (bots: first, greedy, mcts, random)`,
	} {
		assert.EqualError(t, Check(kind), msg+map[bool]string{true: " (mcts[:PLAYOUTS|:DURATION][:depth=N][:c=X][:margin=X][:norm=search|values][:prior=heuristic|none][:widen=A][:sample=N][:policy=random|greedy])", false: ""}[kind != "mctsx"], kind)
	}
}

func TestMCTSRewards(t *testing.T) {
	// Two seats, the first ahead by a third of the larger value.
	r := blend([]float64{30, 20}, []bool{true, false}, 0.5)
	assert.InDelta(t, 0.5*1+0.5*(0.5+0.5/3), r[0], 1e-9)
	assert.InDelta(t, 0.5*0+0.5*(0.5-0.5/3), r[1], 1e-9)
	assert.Equal(t, []float64{0.5, 0.5}, blend([]float64{7, 7}, leaders([]float64{7, 7}), 0), "a tie shares the win")
	assert.Equal(t, []float64{0, 0.5, 0.5}, failed(3, 0))
}

func TestMCTSLeavesTheGameUntouched(t *testing.T) {
	g := rulestest.Start(t, guessCard(1, "owner"), 2)
	before, err := g.MarshalState()
	require.NoError(t, err)
	b, _ := New("mcts:20", 1)
	b.Choose(g, g.Pending())
	after, err := g.MarshalState()
	require.NoError(t, err)
	assert.Equal(t, string(before), string(after))
}

// With norm=search the margin is left raw, for the search to divide by
// the largest it meets: a relative heuristic (values of both signs) no
// longer saturates.
func TestMCTSRawMargins(t *testing.T) {
	g := rulestest.Start(t, `
vars:
  points: {type: ints, init: "[3, -3]"}
flow:
  - choose: {who: 0, prompt: p, options: [{key: a}, {key: b}]}
scoring:
  score: points[me]
`, 2)
	rewards, raw, top := rateRaw(&presentLook{g: g}, 0.5, &heuristicError{})
	assert.Equal(t, []float64{0.75, 0.25}, rewards)
	assert.Equal(t, []float64{1.5, -1.5}, raw)
	assert.Equal(t, 6.0, top)
	assert.Equal(t, []float64{1, 0}, rate(&presentLook{g: g}, 1, &heuristicError{}), "per position, 6 of 3 saturates")
}
