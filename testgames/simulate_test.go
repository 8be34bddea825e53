package testgames

import (
	"bytes"
	"fmt"
	"io/fs"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/interpreter/transcript"
	"agon/rulesets"
)

// The random-simulation suite: for every shipped game, many seeded games
// by random bots must end without error, and the engine's invariants must
// hold at every step of them:
//   - a clone equals the original (same serialised bytes);
//   - clones taken earlier never change as the original goes on;
//   - the serialised state loads back to the same bytes, and the loaded
//     game plays on exactly like the original;
//   - a recorded transcript replays, and recording twice gives the same
//     bytes.
//
// Checking every step of every game costs a few serialisations per
// decision, so the deep checks run on every deepEvery-th game; the others
// are played to the end and their results checked.

const (
	simGames  = 500 // games per ruleset
	deepEvery = 10  // every deepEvery-th game checks every step
)

// shippedGames lists the rulesets embedded in the binary.
func shippedGames(t testing.TB) []string {
	entries, err := fs.ReadDir(rulesets.FS, ".")
	require.NoError(t, err)
	var out []string
	for _, e := range entries {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	return out
}

func TestSimulationSuite(t *testing.T) {
	for _, game := range shippedGames(t) {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			p, err := interpreter.Load(rulesets.FS, game, "")
			require.NoError(t, err)
			n := simGames
			if testing.Short() {
				n = 50
			}
			for i := 0; i < n; i++ {
				players := p.MinPlayers() + i%(p.MaxPlayers()-p.MinPlayers()+1)
				seed := uint64(1000 + i)
				if i%deepEvery == 0 {
					deepGame(t, p, players, seed)
				} else {
					plainGame(t, p, players, seed)
				}
			}
		})
	}
}

// plainGame plays one game with random bots and checks the result.
func plainGame(t *testing.T, p *interpreter.Program, players int, seed uint64) {
	t.Helper()
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	require.NoError(t, err, "seed %d", seed)
	bots := randomBots(t, players, seed)
	require.NoError(t, interpreter.Play(g, bots), "seed %d, %d players", seed, players)
	checkResult(t, g, players, seed)
}

func randomBots(t *testing.T, players int, seed uint64) []interpreter.Bot {
	bots := make([]interpreter.Bot, players)
	for i := range bots {
		b, err := bot.New("random", bot.SeatSeed(seed, i))
		require.NoError(t, err)
		bots[i] = b
	}
	return bots
}

// checkResult asserts the game ended with a sane result.
func checkResult(t *testing.T, g *interpreter.Game, players int, seed uint64) {
	t.Helper()
	res := g.Result()
	require.True(t, g.Over(), "seed %d: game not over", seed)
	require.NotNil(t, res)
	require.Len(t, res.Players, players)
	require.NotEmpty(t, res.Winners, "seed %d: no winner", seed)
	best := res.Players[res.Winners[0]].Score
	for _, pr := range res.Players {
		require.GreaterOrEqual(t, pr.Score, 0, "seed %d: negative score", seed)
		require.LessOrEqual(t, pr.Score, best, "seed %d: a winner scored less than P%d", seed, pr.Player)
		require.GreaterOrEqual(t, pr.Rank, 1)
	}
}

// snapshot is an earlier clone with the bytes it had when taken.
type snapshot struct {
	g     *interpreter.Game
	state []byte
	step  int
}

// deepGame plays one game checking the invariants at every step.
func deepGame(t *testing.T, p *interpreter.Program, players int, seed uint64) {
	t.Helper()
	where := fmt.Sprintf("seed %d, %d players", seed, players)
	g, err := interpreter.NewGame(p, interpreter.Config{Players: players, Seed: seed})
	require.NoError(t, err, where)
	bots := randomBots(t, players, seed)
	var snaps []snapshot
	var keys []string
	for step := 0; !g.Over(); step++ {
		if deepStep(step) {
			state := marshal(t, g)
			clone := g.Clone()
			require.True(t, bytes.Equal(state, marshal(t, clone)), "%s, step %d: clone differs from original", where, step)
			loaded, err := interpreter.UnmarshalState(p, state)
			require.NoError(t, err, where)
			require.True(t, bytes.Equal(state, marshal(t, loaded)), "%s, step %d: serialised state does not round-trip", where, step)
			if step%7 == 0 {
				snaps = append(snaps, snapshot{clone, state, step})
			}
		}
		d := g.Pending()
		key := d.Options[bots[d.Player].Choose(g, d)].Key
		keys = append(keys, key)
		require.NoError(t, g.Apply(key), "%s, step %d", where, step)
	}
	checkResult(t, g, players, seed)
	final := marshal(t, g)
	for _, s := range snaps {
		require.True(t, bytes.Equal(s.state, marshal(t, s.g)), "%s: the clone taken at step %d changed", where, s.step)
	}
	// An earlier clone and a reloaded copy play on to the same end.
	for _, s := range snaps[len(snaps)/2:] {
		replayFrom(t, s.g, keys[s.step:], where)
		require.True(t, bytes.Equal(final, marshal(t, s.g)), "%s: the clone from step %d ended differently", where, s.step)
		loaded, err := interpreter.UnmarshalState(p, s.state)
		require.NoError(t, err)
		replayFrom(t, loaded, keys[s.step:], where)
		require.True(t, bytes.Equal(final, marshal(t, loaded)), "%s: the state loaded at step %d ended differently", where, s.step)
	}
	checkTranscript(t, p, players, seed, where)
}

// deepStep says at which steps a deep game checks clone and serialisation:
// every one of the first 60, then every third. A state (with its event
// log) grows with the game, so checking every step of a 500-decision game
// costs quadratic time; the early steps, where setup has just built the
// state, and a steady sample after them find the same aliasing bugs.
func deepStep(step int) bool { return step < 60 || step%3 == 0 }

func replayFrom(t *testing.T, g *interpreter.Game, keys []string, where string) {
	t.Helper()
	for i, k := range keys {
		require.NoError(t, g.Apply(k), "%s: replaying decision %d", where, i)
	}
	require.True(t, g.Over(), where)
}

// checkTranscript records a game twice (same bytes) and replays it.
func checkTranscript(t *testing.T, p *interpreter.Program, players int, seed uint64, where string) {
	t.Helper()
	record := func() []byte {
		tr, err := transcript.Record(p, interpreter.Config{Players: players, Seed: seed}, randomBots(t, players, seed))
		require.NoError(t, err, where)
		return tr.Marshal()
	}
	first := record()
	require.Equal(t, string(first), string(record()), "%s: recording twice differs", where)
	tr, err := transcript.Read("sim.yaml", first)
	require.NoError(t, err, where)
	_, err = transcript.Replay(p, tr, transcript.ReplayOptions{Check: interpreter.CheckExpr})
	require.NoError(t, err, where)
}

func marshal(t *testing.T, g *interpreter.Game) []byte {
	t.Helper()
	b, err := g.MarshalState()
	require.NoError(t, err)
	return b
}
