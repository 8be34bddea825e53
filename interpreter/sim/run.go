// Package sim plays batches of games with bots and keeps statistics of
// them that merge exactly: a batch split into shards (on one machine or
// many) and merged gives the statistics of the whole batch, field by
// field.
//
// The model has three layers:
//
//   - Outcome is what one game produced (scores, winners, length, Facts).
//   - Tally is the mergeable statistics of many outcomes: only integer
//     counts, sums and histograms, so that adding outcomes in any order
//     and merging tallies in any grouping give the same Tally.
//   - Summary is what people read, derived from a Tally: rates with
//     Wilson intervals, means and standard deviations, histograms.
//     ComparePaired sets two runs of the same seeds side by side, testing
//     the per-game differences; Compare sets two Summaries side by side
//     as independent samples.
//
// sim may import the core and the bots, never the transcripts.
package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"

	"agon/interpreter"
	"agon/interpreter/bot"
)

// MaxDecisions is the decision limit of a simulated game: a game that
// reaches it is stopped (counted as stopped by a limit, not as failed).
const MaxDecisions = 20000

// Shard selects the games of a batch one process plays: the game indices
// i with i mod Count == Index (Index from 0). The zero Shard plays them
// all.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole reports whether the shard is the whole batch.
func (s Shard) Whole() bool { return s.Count <= 1 }

// String is "i/n" (Index from 0), or "" for the whole batch.
func (s Shard) String() string {
	if s.Whole() {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Overlap counts the games of a batch of games games that both shards
// hold, and gives the first of them (an index from 0); 0 and -1 when they
// share none. The whole batch holds every game.
func (s Shard) Overlap(o Shard, games int) (shared, first int) {
	a, b := s.norm(), o.norm()
	// The games of a that are of b too recur every lcm of the counts,
	// at most b.Count games of a apart, so b.Count games of a show
	// whether there are any.
	for k, g := 0, a.Index; k < b.Count && g < games; k, g = k+1, g+a.Count {
		if g%b.Count == b.Index {
			return (games-1-g)/lcm(a.Count, b.Count) + 1, g
		}
	}
	return 0, -1
}

// norm is the shard with the whole batch written 0/1.
func (s Shard) norm() Shard {
	if s.Whole() {
		return Shard{Index: 0, Count: 1}
	}
	return s
}

// lcm is the least common multiple of two positive integers, or
// math.MaxInt when it is larger.
func lcm(a, b int) int {
	x, y := a, b
	for y != 0 {
		x, y = y, x%y
	}
	if a/x > math.MaxInt/b {
		return math.MaxInt
	}
	return a / x * b
}

// Indices lists the game indices of the shard among games games.
func (s Shard) Indices(games int) []int {
	step, first := max(1, s.Count), 0
	if !s.Whole() {
		first = s.Index
	}
	var out []int
	for i := first; i < games; i += step {
		out = append(out, i)
	}
	return out
}

// Batch is a run of games with bots. Game i uses player count
// Counts[i mod len(Counts)] and seed GameSeed(Seed, i), so every game is
// the same whatever the number of workers or shards.
type Batch struct {
	Program *interpreter.Program
	// Counts are the player counts, used in turn.
	Counts []int
	// Seats are the bot kinds of the seats of the largest game; a game of
	// n players uses the first n.
	Seats []string
	// Games is the number of games of the whole batch (all shards).
	Games int
	// Seed is the seed every game's seed is derived from.
	Seed uint64
	// Workers is how many games are played at once (0: GOMAXPROCS).
	Workers int
	// Shard selects the games this run plays (zero: all).
	Shard Shard
	// Progress, when set, is called after each finished game with the
	// number finished and the number this run plays.
	Progress func(done, total int)
	// Present plays every game on the present runtime, none on the flat
	// one (PlayGame's choice) and none cross-checked: what a user who
	// suspects the flat runtime asks for (simulate --runtime present).
	Present bool
	// Play plays one game (nil: PlayGame, and PlayGameWithText for one
	// game in TextCheckEvery). Tests put failing ones here.
	Play func(p *interpreter.Program, players int, seed uint64, kinds []string) Outcome
}

// Outcome is what one game produced.
type Outcome struct {
	// Index is the game's index in the batch, from 0.
	Index   int
	Players int
	Seed    uint64
	// Scores are the final scores in seat order (nil when the game did
	// not finish).
	Scores []int
	// Winners are the winning seats, from 0.
	Winners []int
	// Decisions is how many decisions the game took.
	Decisions int
	// Stopped reports a game stopped by the decision limit.
	Stopped bool
	// Err is the failure of a game that failed ("" if none). A stopped
	// game's Err says so too.
	Err string
	// Facts are the game's declared attributes, counters and card takes.
	Facts interpreter.Facts
	// EndedBy says what ended a game that finished without a decision
	// (Game.EndedBy), "" for the others.
	EndedBy string
}

// Failed reports a game that failed (not one stopped by the limit).
func (o *Outcome) Failed() bool { return o.Err != "" && !o.Stopped }

// Finished reports a game that ended with a result.
func (o *Outcome) Finished() bool { return o.Err == "" }

// GameSeed is the seed of game i of a batch seeded with seed.
func GameSeed(seed uint64, i int) uint64 { return bot.GameSeed(seed, i) }

// NewBots makes the bots of a game's seats, each with its own seed
// derived from the game's seed.
func NewBots(kinds []string, seed uint64) ([]interpreter.Bot, error) {
	bots := make([]interpreter.Bot, len(kinds))
	for i, kind := range kinds {
		b, err := bot.New(kind, bot.SeatSeed(seed, i))
		if err != nil {
			return nil, err
		}
		bots[i] = b
	}
	return bots, nil
}

// TextCheckEvery spaces the games of a batch played with their text: game
// i is when i is a multiple of it. The others are played as nobody reads
// them (PlayGame: no prompt, no label, no log rendered), which is most of
// the speed of a run; these few render everything, as a game played at
// the terminal or recorded does, so that a label or a log line that fails
// at run time is an error of the run rather than of the first person to
// meet it. The bots choose alike either way (TestKeysOnlyChangesNothing),
// so the statistics are the same; only such a failure can differ.
const TextCheckEvery = 16

// PlayGame plays one game with bots of the given kinds and reports its
// outcome. Nobody reads its text or its log, and it stops after
// MaxDecisions decisions. When every seat's bot can play on the flat
// runtime (interpreter.FlatBot: every kind of package bot) and the flat
// runtime covers the ruleset (Program.Flat), the game is played there,
// 2-3x faster; a game that fails there, or ends before any decision, is
// played again on the present runtime, whose outcome is the one given,
// so only games that finish are ever taken from the flat runtime
// (flat.go).
func PlayGame(p *interpreter.Program, players int, seed uint64, kinds []string) Outcome {
	if o, ok := playFlat(p, players, seed, kinds); ok {
		return o
	}
	return playGame(p, players, seed, kinds, false)
}

// PlayGameWithText plays one game on the present runtime, rendering its
// prompts, labels and log as a game someone watches (see
// TextCheckEvery). When PlayGame would play it on the flat runtime, it
// plays it there too and compares the two outcomes (crossCheck): a
// difference makes the game fail, naming it, so a ruleset the two
// runtimes play differently is caught by the run, not trusted.
func PlayGameWithText(p *interpreter.Program, players int, seed uint64, kinds []string) Outcome {
	o := playGame(p, players, seed, kinds, true)
	if f, ok := playFlat(p, players, seed, kinds); ok {
		crossCheck(&o, &f)
	}
	return o
}

// PlayGamePresent plays one game as PlayGame does, always on the present
// runtime (Batch.Present; the flat runtime's tests compare the two).
func PlayGamePresent(p *interpreter.Program, players int, seed uint64, kinds []string) Outcome {
	return playGame(p, players, seed, kinds, false)
}

// playPresentWithText is PlayGameWithText without the flat runtime's
// cross-check (Batch.Present).
func playPresentWithText(p *interpreter.Program, players int, seed uint64, kinds []string) Outcome {
	return playGame(p, players, seed, kinds, true)
}

// playGame plays one game, with its text or without.
func playGame(p *interpreter.Program, players int, seed uint64, kinds []string, text bool) Outcome {
	o := Outcome{Players: players, Seed: seed}
	bots, err := NewBots(kinds, seed)
	if err != nil {
		o.Err = err.Error()
		return o
	}
	cfg := interpreter.Config{Players: players, Seed: seed, KeysOnly: !text, NoLog: !text, Limits: interpreter.Limits{MaxDecisions: MaxDecisions}}
	g, err := interpreter.NewGame(p, cfg)
	if err != nil {
		o.Err = err.Error()
		return o
	}
	err = interpreter.Play(g, bots)
	o.Decisions = g.Decisions()
	o.Facts = g.Facts()
	if r := g.Result(); err == nil && r != nil {
		o.Scores, o.Winners = scoresOf(r), r.Winners
		if o.Decisions == 0 {
			o.EndedBy = g.EndedBy()
		}
		return o
	}
	if err == nil {
		err = errors.New("the game ended without a result")
	}
	o.Err = err.Error()
	o.Stopped = g.Decisions() >= MaxDecisions
	return o
}

// scoresOf lists the final scores in seat order.
func scoresOf(r *interpreter.Result) []int {
	out := make([]int, len(r.Players))
	for i, p := range r.Players {
		out[i] = p.Score
	}
	return out
}

// Interrupted is Run's error when its context was cancelled before every
// game was played. Run then returns the outcomes of the Done games that
// finished, which are the first Done games of the run (a game is started
// in index order and every game started is finished).
type Interrupted struct {
	// Done is how many games finished, Total how many the run was to play.
	Done, Total int
}

// Error says how far the run went.
func (e *Interrupted) Error() string {
	return fmt.Sprintf("interrupted after %d of %d games", e.Done, e.Total)
}

// Run plays the batch's games (those of its shard) on the workers and
// returns their outcomes in index order, whatever the number of workers.
// A panic in a game (a bug of agon) becomes that game's error: the other
// games' results are kept. A cancelled context stops the run: the games
// being played finish, no other starts, and Run returns the outcomes of
// the games that finished with an *Interrupted.
func Run(ctx context.Context, b Batch) ([]Outcome, error) {
	if len(b.Counts) == 0 {
		return nil, errors.New("no player counts")
	}
	indices := b.Shard.Indices(b.Games)
	outcomes := make([]Outcome, len(indices))
	jobs, done := make(chan int), make(chan int)
	var wg sync.WaitGroup
	for range workers(b.Workers, len(indices)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				outcomes[j] = b.safeGame(indices[j])
				done <- j
			}
		}()
	}
	go feed(ctx, len(indices), jobs)
	go func() { wg.Wait(); close(done) }()
	finished := 0
	for range done {
		finished++
		if b.Progress != nil {
			b.Progress(finished, len(indices))
		}
	}
	if finished < len(indices) {
		// feed hands out the games in order and every game handed out
		// finishes: those that finished are the first ones.
		return outcomes[:finished], &Interrupted{Done: finished, Total: len(indices)}
	}
	return outcomes, nil
}

// workers is the number of worker goroutines.
func workers(w, games int) int {
	if w <= 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return max(1, min(w, games))
}

// feed sends the job numbers until done or cancelled (a cancelled
// context starts no more game, even when a worker is waiting).
func feed(ctx context.Context, n int, jobs chan<- int) {
	defer close(jobs)
	for j := range n {
		if ctx.Err() != nil {
			return
		}
		select {
		case jobs <- j:
		case <-ctx.Done():
			return
		}
	}
}

// safeGame plays game i, turning a panic into the game's error.
func (b *Batch) safeGame(i int) (o Outcome) {
	players := b.Counts[i%len(b.Counts)]
	seed := GameSeed(b.Seed, i)
	defer func() {
		if p := recover(); p != nil {
			o = Outcome{Players: players, Seed: seed,
				Err: fmt.Sprintf("internal error: %v (please report, with --players %d --seed %d)", p, players, seed)}
		}
		o.Index = i
	}()
	return b.playFor(i)(b.Program, players, seed, b.Seats[:players])
}

// playFor is how game i is played: Play when set; else with its text
// one game in TextCheckEvery; on the flat runtime where PlayGame can,
// unless Present.
func (b *Batch) playFor(i int) func(p *interpreter.Program, players int, seed uint64, kinds []string) Outcome {
	switch {
	case b.Play != nil:
		return b.Play
	case i%TextCheckEvery == 0 && b.Present:
		return playPresentWithText
	case i%TextCheckEvery == 0:
		return PlayGameWithText
	case b.Present:
		return PlayGamePresent
	}
	return PlayGame
}
