package interpreter

import (
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"
)

// FlatProgram is a Program compiled for the typed flat state (doc.go,
// "The typed flat state"): the rebuilt runtime, which plays games the
// same as the present one, decision for decision, faster, with the same
// log, texts and views when asked. It is what simulate, record, play and
// the benchmarks run, with every bot (FlatBot); the Program's Game, the
// present runtime, is the reference they fall back to for what a
// FlatProgram does not cover. A FlatProgram is safe for concurrent use;
// its games are not.
type FlatProgram struct {
	fp *flatProgram
	// starts are the states before setup, by player count: a game
	// starts from a copy (they depend on nothing random).
	starts map[int]*flatState
	// spares are released games' buffers, by player count
	// (flatspare.go).
	spares flatSpares
}

// flatOnce makes a Program's FlatProgram once, for every caller.
type flatOnce struct {
	once sync.Once
	fp   *FlatProgram
	err  error
}

// Flat is p compiled for the flat state, made the first time it is
// asked for; the error says why p has none: the first part of the
// ruleset the flat runtime does not cover yet (and how many more). Safe
// for concurrent use.
func (p *Program) Flat() (*FlatProgram, error) {
	p.flat.once.Do(func() { p.flat.fp, p.flat.err = compileFlat(p) })
	return p.flat.fp, p.flat.err
}

// compileFlat compiles p for the flat state and packs its start states.
func compileFlat(p *Program) (*FlatProgram, error) {
	fp, err := newFlatProgram(p)
	if err != nil {
		return nil, fmt.Errorf("the flat runtime does not cover it yet: %w", err)
	}
	out := &FlatProgram{fp: fp, starts: map[int]*flatState{}}
	for n := p.MinPlayers(); n <= p.MaxPlayers(); n++ {
		g, err := newGame(p, Config{Players: n, NoLog: true, KeysOnly: true})
		if err != nil {
			return nil, err
		}
		if out.starts[n], err = fp.l.packFlat(g); err != nil {
			return nil, err
		}
	}
	out.spares = newFlatSpares(out.starts)
	fp.l.strs.frozen = true // games may run now: a later compile only reads it (flatcheck.go)
	return out, nil
}

// LoadFlat loads a ruleset as Load does and gives it compiled for the
// flat state (Program.Flat).
func LoadFlat(fsys fs.FS, dir, variant string) (*FlatProgram, error) {
	p, err := Load(fsys, dir, variant)
	if err != nil {
		return nil, err
	}
	return p.Flat()
}

// Program is the Program the FlatProgram was compiled from.
func (p *FlatProgram) Program() *Program { return p.fp.p }

// FlatBot is a Bot that can decide a FlatGame's pending decision too
// (package bot's random, first, greedy and mcts). ChooseFlat must give what
// Choose gives for the same decision of the same game on the present
// runtime, drawing the same random numbers; an error says the flat
// runtime could not serve the bot (its look-ahead failed there), and the
// game is to be played on the present runtime.
type FlatBot interface {
	Bot
	ChooseFlat(g *FlatGame) (int, error)
}

// FlatGame is a game on the flat state.
type FlatGame struct {
	g   *flatGame
	err error
	// prog is the program whose NewGame started the game, which Release
	// gives its buffers to; nil for other games.
	prog *FlatProgram
}

// NewGame starts a game of n players with the seed's random stream, as
// NewGame does, and runs it to its first decision. It takes the buffers
// of a game Release gave back, when there is one.
func (p *FlatProgram) NewGame(players int, seed uint64) (*FlatGame, error) {
	if old := p.spares.get(players); old != nil {
		if fs := p.starts[players].freshInto(old.env.fs); fs != nil {
			g, err := p.fp.startGame(p.fp.reuse(old, newRNG(seed)), fs, nil, nil)
			if err != nil {
				return nil, err
			}
			return &FlatGame{g: g, prog: p}, nil
		}
	}
	start, err := p.startState(players, false)
	if err != nil {
		return nil, err
	}
	g, err := p.fp.start(start, newRNG(seed))
	if err != nil {
		return nil, err
	}
	return &FlatGame{g: g, prog: p}, nil
}

// Release ends the game for good and gives its buffers (about half of
// what a game allocates) to a later game its program's NewGame starts
// for as many players, which plays exactly as a game on new buffers
// does. What the game gave before (Result, Facts, Scores, Keys, a
// Decision it filled) stays valid; the game itself must not be used
// after (its clones may: a game that was cloned gives nothing, nor does
// a clone or a game that did not start with NewGame). Releasing is optional: an
// unreleased game is collected as ever. Safe for concurrent games of one
// program.
func (g *FlatGame) Release() {
	fg := g.g
	g.g = nil
	if g.prog != nil && fg != nil {
		g.prog.spares.put(fg)
	}
}

// NewGameWithLog starts a game as NewGame does that keeps a log, as the
// present runtime's games do (Events), and takes its chance outcomes from
// outcomes, in order, while any are left (a transcript being replayed,
// as Config.Outcomes); an error says why the program cannot keep a log
// (a text the flat runtime does not cover yet), or that setup met a
// supplied outcome it could not take.
func (p *FlatProgram) NewGameWithLog(players int, seed uint64, outcomes []Outcome) (*FlatGame, error) {
	start, err := p.startState(players, true)
	if err != nil {
		return nil, err
	}
	g, err := p.fp.startWith(start, newRNG(seed), &flatLog{}, outcomes)
	if err != nil {
		return nil, err
	}
	return &FlatGame{g: g}, nil
}

// startState is a new game's own copy of the program's start state for
// players, or why there is none (a player count the ruleset does not
// take; with log, a text the flat runtime cannot keep in a log yet).
func (p *FlatProgram) startState(players int, log bool) (*flatState, error) {
	if log && p.fp.noLog != "" {
		return nil, fmt.Errorf("the flat runtime cannot keep this ruleset's log yet: %s", p.fp.noLog)
	}
	start, ok := p.starts[players]
	if !ok {
		return nil, fmt.Errorf("%s is not for %d players", p.fp.p.Title(), players)
	}
	return start.fresh(true), nil
}

// Events is the game's log so far (nil for a game that keeps none), as
// Game.Events gives it. The slice must not be modified.
func (g *FlatGame) Events() []Event {
	if g.g.log == nil {
		return nil
	}
	return g.g.log.events
}

// Program is the program the game plays.
func (g *FlatGame) Program() *Program { return g.g.fp.p }

// Over reports whether the game has ended.
func (g *FlatGame) Over() bool { return g.g.over }

// Pending is the pending decision, nil when the game is over: its
// decider, position, prompt and options with their keys and labels, as
// Game.Pending gives them to someone who reads them. A game whose program
// cannot keep a log (NewGameWithLog says why) has no prompt, and its
// labels are its keys; so has one whose texts a closure gave up on.
func (g *FlatGame) Pending() *Decision {
	d, _ := g.PendingText()
	return d
}

// PendingText is Pending, and why its texts are not the present
// runtime's when they are not (the prompt left out, the labels the
// keys): the program cannot keep a log, or a closure gave up on a text.
func (g *FlatGame) PendingText() (*Decision, error) {
	if g.g.over || g.g.pending == nil { // nil: a scenario's start stopped after the setup
		return nil, nil
	}
	d := &Decision{}
	var err error
	if g.g.fp.noLog != "" {
		err = fmt.Errorf("the flat runtime cannot keep this ruleset's log yet: %s", g.g.fp.noLog)
	} else if err = g.g.decisionText(d); err != nil {
		err = fmt.Errorf("%s: the decision's texts: %w", g.g.pending.pos, err)
	}
	if err != nil {
		g.Fill(d)
		d.Pos = g.Pos()
	}
	return d, err
}

// SupplyOutcomes queues chance outcomes to use instead of the random
// source, after those still queued (Game.SupplyOutcomes).
func (g *FlatGame) SupplyOutcomes(o ...Outcome) {
	g.g.outcomes = append(slices.Clip(g.g.outcomes), o...)
}

// ApplyKey takes the pending decision's option with key and runs to the
// next decision, as Game.Apply does.
func (g *FlatGame) ApplyKey(key string) error {
	keys := g.g.keys()
	i := slices.Index(keys, key)
	if i < 0 {
		return fmt.Errorf("%q is not a legal option for %s (legal: %s)", key, PlayerName(int(g.g.who)), strings.Join(keys, ", "))
	}
	return g.Apply(i)
}

// Decisions is the number of decisions taken so far.
func (g *FlatGame) Decisions() int { return g.g.decisions }

// Fill sets d to the pending decision: the decider and the options'
// keys, as Game.Pending gives them (no prompt, no labels, no position).
func (g *FlatGame) Fill(d *Decision) {
	d.Player, d.Prompt, d.Pos = int(g.g.who), "", ""
	keys := g.g.keys()
	d.Options = d.Options[:0]
	for _, k := range keys {
		d.Options = append(d.Options, Option{Key: k, Label: k})
	}
}

// Options is the number of options of the pending decision.
func (g *FlatGame) Options() int { return len(g.g.options) }

// Apply takes option i of the pending decision and runs to the next one.
func (g *FlatGame) Apply(i int) error { return g.g.Apply(i) }

// Players is the number of players.
func (g *FlatGame) Players() int { return g.g.env.fs.players }

// Keys are the pending decision's option keys, in order (nil when the
// game is over), in a slice of the caller's.
func (g *FlatGame) Keys() []string {
	if g.g.over {
		return nil
	}
	return slices.Clone(g.g.keys())
}

// Player is the seat that decides the pending decision.
func (g *FlatGame) Player() int { return int(g.g.who) }

// Result is the final result as Game.Result gives it, but for the
// scoring's details, which the flat game does not read (nil before the
// end).
func (g *FlatGame) Result() *Result {
	if !g.g.over {
		return nil
	}
	res := &Result{Decisions: g.g.decisions}
	for i, row := range g.g.scores {
		pr := PlayerResult{Player: i, Score: int(row[0])}
		for _, tb := range row[1:] {
			pr.Tiebreak = append(pr.Tiebreak, int(tb))
		}
		res.Players = append(res.Players, pr)
	}
	rankPlayers(res)
	return res
}

// Facts are what the game reports for statistics (Game.Facts): the
// seats' attributes once setup is over, their counters once the game is,
// and the cards taken so far.
func (g *FlatGame) Facts() Facts { return g.g.facts() }

// Scores are the players' final scores, in seat order (nil before the
// end).
func (g *FlatGame) Scores() []int {
	if !g.g.over {
		return nil
	}
	out := make([]int, len(g.g.scores))
	for i, row := range g.g.scores {
		out[i] = int(row[0])
	}
	return out
}

// fresh is a copy of fs a game may write: the cells, the location column
// and the headers of the payloads, zones and prop pages are copied; the
// payloads, the zones' arrays and the prop pages are shared, and the copy
// owns none (a write copies what it writes first: flatzones.go). The
// strings made while playing are shared (a clone), or copied for a new
// game (newGame: a Program's start states serve concurrent games, and
// fs itself is only read).
func (fs *flatState) fresh(newGame bool) *flatState {
	c := &flatState{
		cells:       slices.Clone(fs.cells),
		props:       slices.Clone(fs.props),
		lists:       fs.lists, // shared: copied by whichever writes first (setPayload)
		listsShared: true,
		zones:       slices.Clone(fs.zones),
		loc:         slices.Clone(fs.loc),
		made:        fs.made,
		players:     fs.players,
	}
	if newGame {
		c.made = &flatStrings{ids: maps.Clone(fs.made.ids), strs: slices.Clone(fs.made.strs)}
	} else {
		fs.listsShared = true // (a program's start state is never written)
	}
	return c
}
