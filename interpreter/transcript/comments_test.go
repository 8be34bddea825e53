package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// commented is a transcript with comments everywhere people write them,
// in the layout Marshal writes (so a round trip gives the same bytes).
const commented = `# agon transcript
# found with: agon record somegame --seed 7

# a second paragraph after a blank line
game: somegame
variant: ""
players: 2
seed: 7 # the seed that shows it
source: recorded
steps:
  # above a chance step
  - chance: shuffle deck
    result: [a, b#1] # the order matters
  - log: 'Round 1 # not a comment'
  # a comment yaml.v3 makes a foot comment of the step before

  # above a decision, after a blank line
  - decide: 0 # trailing on a decision
    # above a decision's key
    key: take c=a # trailing on a key
    label: Take A
  - check: "players[0].cards == 1 && round == 1" # trailing on a check
  - check: 'name != "x"'
  - log: Round 2
# after the last step
# above result
result:
  scores: [1, 2] # a tie on cards
  winners: [1]
# the end
`

func TestTranscriptKeepsComments(t *testing.T) {
	tr, err := Read("t.yaml", []byte(commented))
	require.NoError(t, err)
	assert.Equal(t, []string{"# found with: agon record somegame --seed 7", "", "# a second paragraph after a blank line"}, tr.HeadComments)
	assert.Equal(t, "# the seed that shows it", tr.Comments.End["seed"])
	assert.Equal(t, []string{"# after the last step", "# above result"}, tr.Comments.Above["result"])
	assert.Equal(t, "# a tie on cards", tr.Comments.End["scores"])
	assert.Equal(t, []string{"# the end"}, tr.FootComments)
	require.Len(t, tr.Steps, 6)
	assert.Equal(t, Comments{Above: map[string][]string{"chance": {"# above a chance step"}},
		End: map[string]string{"result": "# the order matters"}}, tr.Steps[0].Comments)
	assert.True(t, tr.Steps[1].Comments.IsZero(), "%+v", tr.Steps[1].Comments)
	assert.Equal(t, "Round 1 # not a comment", tr.Steps[1].Text)
	assert.Equal(t, Comments{
		Above: map[string][]string{
			"decide": {"# a comment yaml.v3 makes a foot comment of the step before", "", "# above a decision, after a blank line"},
			"key":    {"# above a decision's key"},
		},
		End: map[string]string{"decide": "# trailing on a decision", "key": "# trailing on a key"},
	}, tr.Steps[2].Comments)
	assert.Equal(t, "# trailing on a check", tr.Steps[3].Comments.End["check"])
	assert.Equal(t, yaml.DoubleQuotedStyle, tr.Steps[3].ExprStyle)
	assert.Equal(t, yaml.SingleQuotedStyle, tr.Steps[4].ExprStyle)
	assert.Equal(t, commented, string(tr.Marshal()), "a round trip keeps every comment in place, and the checks' quotes")
}

func TestTranscriptCommentsOfMissingLines(t *testing.T) {
	tr, err := Read("t.yaml", []byte(commented))
	require.NoError(t, err)
	tr.Steps[2].Label = "" // its line is gone: its comments go above the step
	tr.Steps[2].Comments.AddAbove("label", "# above the label")
	tr.Steps[2].Comments.addEnd("label", "# on the label")
	tr.Result = nil // the result's comments go to the end
	tr.Comments.AddAbove("ruleset", "# above a ruleset: line, not written")
	tr.Comments.AddAbove("players", "# above players")
	out := string(tr.Marshal())
	assert.Contains(t, out, "\nvariant: \"\"\n# above a ruleset: line, not written\n# above players\nplayers: 2\n")
	assert.Contains(t, out, `
  # above a decision, after a blank line
  # above the label
  # on the label
  - decide: 0 # trailing on a decision
    # above a decision's key
    key: take c=a # trailing on a key
  - check:`)
	assert.Contains(t, out, `
  - log: Round 2
# after the last step
# above result
# a tie on cards
# the end
`)
}

func TestTranscriptCommentLikeText(t *testing.T) {
	src := "game: g\nplayers: 1\nsteps:\n  - log: |\n      # not a comment\n      two lines\n  # a comment\n  - log: x\n"
	tr, err := Read("t.yaml", []byte(src))
	require.NoError(t, err)
	require.Len(t, tr.Steps, 2)
	assert.Equal(t, "# not a comment\ntwo lines\n", tr.Steps[0].Text)
	assert.True(t, tr.Steps[0].Comments.IsZero(), "%+v", tr.Steps[0].Comments)
	assert.Equal(t, []string{"# a comment"}, tr.Steps[1].Comments.Above["log"])
}
