package testgames

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/rulesets"
)

// politeiaEnd plays a Politeia scenario file to its end and returns its result.
func politeiaEnd(t *testing.T, file string) *interpreter.Result {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	sc, err := transcript.ReadScenario(file, data)
	require.NoError(t, err)
	p, err := transcript.LoadScenario(rulesets.FS, "politeia", sc)
	require.NoError(t, err)
	rep, err := transcript.RunScenario(p, sc)
	require.NoError(t, err)
	require.NotNil(t, rep.Result, "the scenario ends the game")
	return rep.Result
}

// politeiaDetail is a player's score detail of this name (nil if none).
func politeiaDetail(r *interpreter.Result, seat int, name string) any {
	for _, d := range r.Players[seat].Details {
		if d.Name == name {
			return d.Value
		}
	}
	return nil
}

// politeiaDetailsAddUp: the details a person reads at the end give the score
// (2 VP per citizen in Elysion, 1 per top citizen, the vassals' and the
// conquest's VP where the rules have them).
func politeiaDetailsAddUp(t *testing.T, r *interpreter.Result) {
	t.Helper()
	for i, pr := range r.Players {
		sum := 0
		for _, part := range []struct {
			name string
			vp   int
		}{{"elysion", 2}, {"top citizens", 1}, {"vassal VP", 1}, {"conquest VP", 1}} {
			if v, ok := politeiaDetail(r, i, part.name).(int); ok {
				sum += part.vp * v
			}
		}
		assert.Equal(t, pr.Score, sum, "P%d's details add up to the score %d", i+1, pr.Score)
	}
}

// Rulebook 6: "In case of a tie, count first non-top citizens on the board and
// then talents on the hand." The end-of-game example's three 23s are decided
// by 6, 6 and 5 non-top citizens, then Athens' 2 talents: the score details
// name both tie-breaks (they named the talents only, so Korinth's third place
// had no figure to explain it).
func TestPoliteiaDetailsNameTheTieBreaks(t *testing.T) {
	r := politeiaEnd(t, "politeia/scenarios/end-tie-at-23-vp.yaml")
	for seat, want := range []int{6, 6, 5} {
		assert.Equal(t, want, politeiaDetail(r, seat, "non-top citizens"), "P%d", seat+1)
	}
	assert.Equal(t, 2, politeiaDetail(r, 0, "talents"))
	politeiaDetailsAddUp(t, r)
}

// Rulebook 6: Greece conquers Persia, and "The player who ended the game gets
// +1 VP per citizen in Elysion": Athens' score is 2 x 2 + 3 + 2; the details
// said "elysion 2, top citizens 3" beside a score of 9.
func TestPoliteiaDetailsNameTheConquest(t *testing.T) {
	r := politeiaEnd(t, "politeia/scenarios/greece-conquers-persia.yaml")
	assert.Equal(t, 2, politeiaDetail(r, 0, "conquest VP"))
	assert.Equal(t, 0, politeiaDetail(r, 1, "conquest VP"))
	assert.Nil(t, politeiaDetail(r, 0, "vassal VP"), "the base game has no vassals")
	politeiaDetailsAddUp(t, r)
}

// Rulebook 8: "In the game end, the vassal receives 1 VP less": Athens' only
// citizen, a vassal on top of Thebes, scores 1 - 1 = 0; the details said
// "top citizens 1" beside a score of 0.
func TestPoliteiaDetailsNameTheVassals(t *testing.T) {
	r := politeiaEnd(t, "politeia/scenarios/advanced-late-vassal-talent-from-an-empty-supply.yaml")
	assert.Equal(t, -1, politeiaDetail(r, 0, "vassal VP"))
	assert.Equal(t, 1, politeiaDetail(r, 0, "top citizens"))
	politeiaDetailsAddUp(t, r)
}
