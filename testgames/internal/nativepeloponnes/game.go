// Package nativepeloponnes is the Peloponnes Card Game written by hand in
// plain Go: a yardstick for the interpreter's speed and an oracle for its
// rules. It implements the base ruleset of rulesets/peloponnes/*.yaml
// (no variant) and nothing else; the YAML is the specification, and the
// differential test in agon/testgames (native_diff_test.go) plays the two
// side by side and requires the same legal options at every decision and
// the same result.
//
// It is used only by tests: nothing under cmd/ or interpreter/ may import
// it (the package is internal to testgames).
//
// The state is a single value of flat arrays, so Clone is one copy and a
// move allocates nothing. The rules run on an explicit stack of frames
// (flow.go), one frame per running procedure of the ruleset, so that the
// game can stop at any decision and resume when it is taken. A decision
// whose choose says auto: true and that has exactly one legal option is
// taken at once and never shown, as in the interpreter.
//
// Chance works as in the interpreter: a shuffle uses the next supplied
// Outcome (same name and result format as a transcript's chance steps)
// and otherwise the game's own random source.
package nativepeloponnes

import "fmt"

// Sizes and rule figures (constants.yaml).
const (
	nPower   = 48 // power cards
	nCiv     = 10 // civilization cards
	nCards   = nPower + nCiv
	nCoins   = 72 // coin cards
	nBacks   = 4  // coin backs
	nCats    = 5  // catastrophes
	maxP     = 5  // players
	maxTab   = 12 // tableau cards: the civilization and at most one card a round
	maxOpts  = 96 // at most 90 (coins n=0..89)
	maxStack = 8  // the deepest: flow, reveal, catastrophe, strike, pick, cover, pay

	rounds           = 8
	cardsPerRound    = 6
	conquestBonus    = 3
	passDraw         = 3
	protectionSymbol = 3
	luxuryMax        = 17
	luxuryMaxDecl    = 3
	luxIncomeMinInh  = 11
	coinsPerPower    = 6
)

// Coin backs, in the order of the vocabulary coin_backs.
const (
	backWood = iota
	backStone
	backGrain
	backInh
)

// Catastrophes, in the order of catastrophe_names.
const (
	catPlague = iota
	catEarthquake
	catTempest
	catDrought
	catDecline
)

// Luxury card states.
const (
	luxActive = iota
	luxCovered
	luxRemoved
)

// Zones a power or civilization card can be in.
const (
	zBox = iota
	zPile
	zDisplay
	zConquest
	zTableau
)

var (
	backNames   = [nBacks]string{"wood", "stone", "grain", "inhabitants"}
	catNames    = [nCats]string{"plague", "earthquake", "tempest", "drought", "decline"}
	trackLength = [nCats]int{3, 3, 4, 3, 4}
	incomeTable = [...]int{
		1, 1, 1, 2, 2, 2, 3, 3, 3, 3,
		4, 4, 4, 4, 5, 5, 5, 5, 5, 6,
		6, 6, 6, 6, 6, 7, 7, 7, 7, 7,
		7, 7, 8, 8, 8, 8, 8, 8, 8, 8,
		8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
		8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
		8}
	luxuryIncome = [...]int{
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 1, 1, 1, 1, 2, 2, 2, 2, 2,
		3, 3, 3, 3, 3, 3, 4, 4, 4, 4,
		4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
		4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
		4, 4, 4, 4, 4, 4, 4, 4, 4, 4,
		4}
	luxTrackInh   = [luxuryMax + 1]int{0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4}
	luxTrackPower = [luxuryMax + 1]int{0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4}
)

// Outcome is a chance outcome supplied from outside, as a transcript
// records it: Name is e.g. "shuffle coin_pile", Result the card ids in
// their new order from the top.
type Outcome struct {
	Name   string
	Result []string
}

// Mutation deliberately breaks one rule, so that a test can show that
// the differential test notices a wrong rule. The zero value plays the
// real rules.
type Mutation int

// The mutations.
const (
	// NoMutation plays the rules as written.
	NoMutation Mutation = iota
	// MutateConquestBonus makes conquest-row cards cost 2 more instead of 3.
	MutateConquestBonus
	// MutateProtection makes 2 matching symbols protect instead of 3.
	MutateProtection
)

// Config says how to start a game.
type Config struct {
	Players  int       // 2 to 5
	Seed     uint64    // seeds the game's random source
	Outcomes []Outcome // shuffles to use, in order, before the random source
	Mutation Mutation  // for tests of the differential test only
}

// player is one player's part of the state.
type player struct {
	tab      [maxTab]int8 // tableau, in order (card indices)
	hand     [nCoins]int8 // coin backs in hand, in order
	bid      [nCoins]int8 // coin backs in the current bid, in order
	handN    [nBacks]int  // coin cards in hand per back
	nTab     int
	nHand    int
	nBid     int
	luxury   int
	luxCard  int // luxActive, luxCovered, luxRemoved
	luxCover int // back of the coin card covering the luxury card, -1 if none
	bidCard  int // card bid on, -1 if none
	bidCoins int
	lastCard int // card just outbid on, -1 if none
	gained   int // card gained this round, -1 if none
	orderPos int
	passed   bool
	luxUsed  bool
}

// Game is a game of Peloponnes. Its zero value is not usable; call New.
type Game struct {
	np int
	pl [maxP]player

	// Per card (power cards, then civilization cards).
	zone         [nCards]int8
	owner        [nCards]int8
	covered      [nCards]bool
	constructing [nCards]bool
	coveredBy    [nCards]int8 // catastrophe, -1 if none
	beneath      [nCards]int8 // back of the coin card beneath a building under construction, -1
	cover        [nCards]int8 // back of the coin card covering the card, -1

	powerPile [nPower]int8
	ppHead    int
	display   [maxP]int8
	conquest  [cardsPerRound]int8
	nDisplay  int
	nConquest int

	coinPile [nCoins]int8 // backs; the pile is coinPile[cpHead:cpLen], top first
	cpHead   int
	cpLen    int
	discard  [nBacks]int // coin cards in the discard, per back

	round     int
	markers   [nCats]int
	occurred  [nCats]bool
	turnOrder [maxP]int
	supplyDue bool

	// The running procedures and the pending decision.
	stack    [maxStack]frame
	sp       int
	opts     [maxOpts]opt
	nOpts    int
	who      int
	auto     bool
	consList [rounds]int8 // buildings under construction being asked about
	nCons    int

	decisions int
	over      bool
	err       error
	scores    [maxP]int
	tiebreak  [maxP][2]int

	rng      rng
	outcomes []Outcome
	mutation Mutation
}

// New sets a game up and runs it to its first decision.
func New(cfg Config) (*Game, error) {
	if cfg.Players < 2 || cfg.Players > maxP {
		return nil, fmt.Errorf("players: %d, want 2 to 5", cfg.Players)
	}
	g := &Game{np: cfg.Players, rng: newRNG(cfg.Seed), outcomes: cfg.Outcomes, mutation: cfg.Mutation}
	g.setup()
	if g.err == nil {
		g.push(frame{kind: kFlow})
		g.run()
	}
	return g, g.err
}

// Clone returns an independent copy of the game (supplied outcomes not
// yet used are shared, read-only).
func (g *Game) Clone() *Game {
	n := *g
	return &n
}

// Players is the number of players.
func (g *Game) Players() int { return g.np }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Err is the error that stopped the game (a supplied outcome that does
// not fit, or a decision with no legal option), nil if none.
func (g *Game) Err() error { return g.err }

// Decisions is the number of decisions taken (not counting decisions
// taken automatically because they had one option).
func (g *Game) Decisions() int { return g.decisions }

// Supply queues chance outcomes to use instead of the random source.
func (g *Game) Supply(o ...Outcome) { g.outcomes = append(g.outcomes, o...) }

// Pending is the player who must decide and the number of legal options;
// ok is false when the game is over.
func (g *Game) Pending() (player, options int, ok bool) {
	if g.over || g.nOpts == 0 {
		return 0, 0, false
	}
	return g.who, g.nOpts, true
}

// Apply takes option i of the pending decision and runs to the next one.
func (g *Game) Apply(i int) error {
	if g.over || i < 0 || i >= g.nOpts {
		return fmt.Errorf("option %d of %d", i, g.nOpts)
	}
	g.decisions++
	g.take(i)
	g.run()
	return g.err
}

// ApplyKey takes the option with the given key (as the interpreter keys
// it) and runs to the next decision.
func (g *Game) ApplyKey(key string) error {
	for i := 0; i < g.nOpts; i++ {
		if g.Key(i) == key {
			return g.Apply(i)
		}
	}
	return fmt.Errorf("%q is not a legal option (legal: %v)", key, g.Keys())
}

// Scores are the final scores in seat order (nil before the end).
func (g *Game) Scores() []int {
	if !g.over || g.err != nil {
		return nil
	}
	return append([]int(nil), g.scores[:g.np]...)
}

// Winners are the seats ranked first, ascending (nil before the end).
func (g *Game) Winners() []int {
	if !g.over || g.err != nil {
		return nil
	}
	var w []int
	for i := 0; i < g.np; i++ {
		if g.rank(i) == 1 {
			w = append(w, i)
		}
	}
	return w
}

// rank is 1 plus the number of players with a better result.
func (g *Game) rank(i int) int {
	r := 1
	for j := 0; j < g.np; j++ {
		if g.better(j, i) {
			r++
		}
	}
	return r
}

func (g *Game) better(a, b int) bool {
	if g.scores[a] != g.scores[b] {
		return g.scores[a] > g.scores[b]
	}
	for k := range g.tiebreak[a] {
		if g.tiebreak[a][k] != g.tiebreak[b][k] {
			return g.tiebreak[a][k] > g.tiebreak[b][k]
		}
	}
	return false
}

// fail stops the game with an error.
func (g *Game) fail(format string, args ...any) {
	if g.err == nil {
		g.err = fmt.Errorf(format, args...)
	}
	g.over = true
	g.nOpts = 0
	g.sp = 0
}

// Details are a player's scoring figures at the end, as the ruleset's
// scoring details name them: population, power points and luxury goods.
func (g *Game) Details(p int) (population, power, luxury int) {
	return g.population(p), g.powerPoints(p), g.pl[p].luxury
}
