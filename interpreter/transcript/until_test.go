package transcript

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/internal/rulestest"
)

// untilRules shuffles at the start and after every decision, so that a
// replay must feed the transcript's outcomes at the right places.
const untilRules = `
cards:
  gem:
    zone: deck
    attributes: {value: {type: int}}
    rows:
      - {id: ruby, value: 5}
      - {id: opal, value: 2}
      - {id: jade, value: 3}
      - {id: onyx, value: 1}
zones:
  deck: {}
  hand: {owner: player}
setup:
  - {shuffle: deck}
flow:
  - repeat: 2
    do:
      - repeat: player_count
        as: p
        do:
          - choose:
              who: p
              prompt: "take a gem"
              options:
                - key: take
                  for_each: deck
                  as: c
                  do:
                    - {move: c, into: "players[p].hand"}
                    - {log: "P{p + 1} takes {c.id}"}
          - {shuffle: deck}
`

// untilTranscript plays a game of untilRules with the first option taken
// each time and returns its transcript, read back from its text.
func untilTranscript(t *testing.T) (*interpreter.Program, *Transcript) {
	t.Helper()
	p := rulestest.Load(t, untilRules)
	cfg := interpreter.Config{Players: 2, Seed: 4}
	g, err := interpreter.NewGame(p, cfg)
	require.NoError(t, err)
	rulestest.PlayFirst(t, g)
	tr, err := Read("t.yaml", Of(g, cfg, nil).Marshal())
	require.NoError(t, err)
	return p, tr
}

func TestReplayUntilStopsBeforeEachDecision(t *testing.T) {
	p, tr := untilTranscript(t)
	require.Equal(t, 4, tr.Decisions())
	for n := 1; n <= 4; n++ {
		g, idx, err := ReplayUntil(p, tr, n, ReplayOptions{})
		require.NoError(t, err, "decision %d", n)
		s := tr.Steps[idx]
		require.Equal(t, StepDecide, s.Kind)
		assert.Equal(t, n-1, g.Decisions(), "decision %d: the decisions before it are taken", n)
		d := g.Pending()
		require.NotNil(t, d)
		assert.Equal(t, s.Player, d.Player)
		assert.GreaterOrEqual(t, d.Find(s.Key), 0, "decision %d: the transcript's key is legal there", n)
		// The game goes on as the transcript says with the outcomes after it.
		g.SupplyOutcomes(tr.OutcomesAfter(idx + 1)...)
		require.NoError(t, g.Apply(s.Key))
		if next := tr.DecisionStep(n + 1); next >= 0 {
			assert.Equal(t, tr.Steps[next].Key, g.Pending().Options[0].Key, "decision %d: the next shuffle is the transcript's", n)
		}
	}
}

func TestReplayUntilOutOfRange(t *testing.T) {
	p, tr := untilTranscript(t)
	for _, n := range []int{0, -1, 5} {
		_, _, err := ReplayUntil(p, tr, n, ReplayOptions{})
		var oor *StepOutOfRangeError
		require.True(t, errors.As(err, &oor), "step %d: %v", n, err)
		assert.Equal(t, 4, oor.Decisions)
		assert.Contains(t, err.Error(), "t.yaml has decisions 1 to 4")
	}
}

func TestReplayUntilReportsAnEarlierDivergence(t *testing.T) {
	p, tr := untilTranscript(t)
	first := tr.DecisionStep(1)
	for i := first + 1; i < len(tr.Steps); i++ {
		if tr.Steps[i].Kind == StepLog {
			tr.Steps[i].Text = "P1 takes nothing"
			break
		}
	}
	_, _, err := ReplayUntil(p, tr, 1, ReplayOptions{})
	require.NoError(t, err, "decision 1 comes before the changed log")
	_, _, err = ReplayUntil(p, tr, 3, ReplayOptions{})
	var d *Divergence
	require.True(t, errors.As(err, &d), "%v", err)
	assert.Contains(t, err.Error(), `expected log "P1 takes nothing"`)
}

// One decision is "only decision 1", not "decisions 1 to 1".
func TestStepOutOfRangeOneDecision(t *testing.T) {
	err := &StepOutOfRangeError{File: "t.yaml", Step: 2, Decisions: 1}
	assert.Equal(t, "t.yaml has only decision 1; there is no decision 2", err.Error())
}
