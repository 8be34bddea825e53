package sim

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/internal/rulestest"
)

// endless never ends: the decision limit stops it.
const endless = `
flow:
  - repeat: 30000
    do:
      - choose:
          who: 0
          prompt: again
          options: [{key: go}]
`

// short asks the first player three decisions; each "a" scores a point.
const short = `
player_vars: {pts: {type: int}}
scoring: {score: "players[me].pts"}
flow:
  - repeat: 3
    do:
      - choose:
          who: 0
          prompt: pick
          options:
            - {key: a, do: [{add: "players[0].pts", by: 1}]}
            - {key: b}
`

func TestPlayGameStopsAtTheDecisionLimit(t *testing.T) {
	o := PlayGame(rulestest.Load(t, endless), 1, 7, []string{"random"})
	assert.True(t, o.Stopped)
	assert.False(t, o.Failed())
	assert.Equal(t, MaxDecisions, o.Decisions)
	assert.Contains(t, o.Err, "limit MaxDecisions")
	s := Collect([]Outcome{o}).Summarize()
	assert.Equal(t, [3]int{1, 0, 1}, [3]int{s.Stopped, s.Errors, len(s.StopMessages)})
}

func TestPlayGameReportsAFailure(t *testing.T) {
	o := PlayGame(rulestest.Load(t, "vars: {x: {type: int}}\nflow:\n  - {set: x, to: \"div(1, x)\"}\n"), 1, 7, []string{"random"})
	assert.Contains(t, o.Err, "division by zero")
	assert.True(t, o.Failed())
	assert.False(t, o.Stopped)
	o = PlayGame(rulestest.Load(t, short), 1, 7, []string{"clever"})
	assert.Contains(t, o.Err, "clever")
}

// Outcomes come in game order, the same for any number of workers, and a
// shard plays its games only.
func TestRunIsDeterministic(t *testing.T) {
	p := rulestest.Load(t, short)
	b := Batch{Program: p, Counts: []int{1, 2}, Seats: []string{"random", "random"}, Games: 12, Seed: 3, Workers: 1}
	one, err := Run(context.Background(), b)
	require.NoError(t, err)
	b.Workers = 4
	calls := 0
	b.Progress = func(done, total int) { calls++; assert.Equal(t, 12, total) }
	many, err := Run(context.Background(), b)
	require.NoError(t, err)
	assert.Equal(t, one, many)
	assert.Equal(t, 12, calls)
	scores := map[int]bool{}
	for i, o := range one {
		scores[o.Scores[0]] = true
		assert.Equal(t, i, o.Index)
		assert.Equal(t, 1+i%2, o.Players)
		assert.Equal(t, GameSeed(3, i), o.Seed)
		assert.Empty(t, o.Err)
	}
	assert.Greater(t, len(scores), 1, "the bots' choices vary the scores")
	b.Shard, b.Progress = Shard{Index: 1, Count: 5}, nil
	part, err := Run(context.Background(), b)
	require.NoError(t, err)
	require.Len(t, part, 3)
	assert.Equal(t, []Outcome{one[1], one[6], one[11]}, part)
}

func TestRunStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	none, err := Run(ctx, Batch{Program: rulestest.Load(t, short), Counts: []int{1}, Seats: []string{"random"}, Games: 50})
	assert.EqualError(t, err, "interrupted after 0 of 50 games")
	assert.Empty(t, none)
	_, err = Run(context.Background(), Batch{Games: 1})
	assert.ErrorContains(t, err, "no player counts")
}

// Cancelled mid-run, Run returns the games that finished, which are the
// first ones of the run, whatever the number of workers.
func TestRunKeepsTheGamesThatFinishedWhenCancelled(t *testing.T) {
	for _, workers := range []int{1, 2, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		b := Batch{Program: rulestest.Load(t, short), Counts: []int{1}, Seats: []string{"random"}, Games: 200, Workers: workers,
			Shard: Shard{Index: 1, Count: 2}}
		b.Progress = func(done, _ int) {
			if done == 7 {
				cancel()
			}
		}
		got, err := Run(ctx, b)
		cancel()
		var stop *Interrupted
		require.ErrorAs(t, err, &stop, "workers %d", workers)
		assert.Equal(t, 100, stop.Total)
		assert.Equal(t, len(got), stop.Done)
		assert.GreaterOrEqual(t, len(got), 7)
		assert.Less(t, len(got), 100)
		for j, o := range got {
			assert.Equal(t, 1+2*j, o.Index, "workers %d: game %d of the shard", workers, j+1)
			assert.Len(t, o.Scores, 1, "a game that finished")
		}
	}
}
