package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A transcript cut off before the end (no result:) says how to mark a
// game saved before it ended; one with a result does not.
func TestReplayCutOffSuggestsUnfinished(t *testing.T) {
	const hint = "; if the game was saved before it ended, mark the transcript unfinished: true (a header line)"
	tr := recordFake(t, firstOption)
	tr.Steps, tr.Result = tr.Steps[:5], nil
	d := divergence(t, tr, nil)
	assert.Contains(t, d.Error(), `expected no more steps, got chance "roll die" with [3]`+hint)

	tr = recordFake(t, firstOption)
	tr.Steps, tr.Result = tr.Steps[:2], nil // before the first decision
	assert.Contains(t, divergence(t, tr, nil).Error(), "expected the game to end, got a decision by P1")
	assert.Contains(t, divergence(t, tr, nil).Error(), hint)

	tr = recordFake(t, firstOption)
	tr.Steps = tr.Steps[:5]
	assert.NotContains(t, divergence(t, tr, nil).Error(), "unfinished")
}

// A golden's divergence says how to bring it in line: -update for what a
// recording writes (log, chance, result), not for a decision, and never
// for a source: table transcript.
func TestAddGoldenHint(t *testing.T) {
	const update = "go test ./testgames -run Golden -update rewrites this golden's log lines, chance outcomes and result"
	tr := recordFake(t, firstOption)
	tr.Source = SourceRecorded
	tr.Steps[3].Text = "Turn two"
	d := divergence(t, tr, nil)
	AddGoldenHint(d, tr)
	assert.Contains(t, d.Error(), `expected log "Turn two", got log "Turn 2"; if the rules changed on purpose, `+update)

	tr = recordFake(t, firstOption)
	tr.Source = SourceRecorded
	tr.Result.Scores = []int{9, 9}
	d = divergence(t, tr, nil)
	AddGoldenHint(d, tr)
	assert.Contains(t, d.Error(), update, "the result is an output")

	tr = recordFake(t, firstOption)
	tr.Source = SourceRecorded
	tr.Steps[4].Key = "pass"
	d = divergence(t, tr, nil)
	AddGoldenHint(d, tr)
	assert.NotContains(t, d.Error(), "rewrites")
	assert.Contains(t, d.Error(), "-update never changes a decision or a check: record this golden anew")

	// Cut off after a decision, before the log lines and the decisions
	// that follow it: -update cannot make up the decisions (it said it
	// rewrites the log lines, then refused: "the decisions have run out").
	tr = recordFake(t, firstOption)
	tr.Source = SourceRecorded
	tr.Steps, tr.Result = tr.Steps[:8], nil
	d = divergence(t, tr, nil)
	AddGoldenHint(d, tr)
	assert.Contains(t, d.Error(), `expected no more steps, got log "Turn 4"`)
	assert.NotContains(t, d.Error(), "rewrites")
	assert.Contains(t, d.Error(), "-update never changes a decision or a check: record this golden anew")

	tr = recordFake(t, firstOption)
	tr.Source = SourceTable
	tr.Steps[3].Text = "Turn two"
	d = divergence(t, tr, nil)
	AddGoldenHint(d, tr)
	assert.Contains(t, d.Error(), "this source: table golden is evidence and -update never rewrites it")
}
