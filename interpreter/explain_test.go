package interpreter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// explainRules is a ruleset with a number, a list and a card to check.
const explainRules = gemsDeck + `
vars:
  gold: {type: int, init: 3}
  seen: {type: strings, init: "['flood']"}
flow:
  - {log: start}
`

func TestExplainCheckShowsOperands(t *testing.T) {
	g := start(t, explainRules, 2)
	got := ExplainCheck(g, "gold == 2 && 'drought' in seen")
	assert.Equal(t, `gold == 2 is false (gold is 3); "drought" in seen is false (seen is ["flood"])`, got)

	got = ExplainCheck(g, "not (gold > 1 || len(seen) == 0)")
	assert.Equal(t, `gold > 1 is true (gold is 3); len(seen) == 0 is false (len(seen) is 1)`, got)

	got = ExplainCheck(g, "seen == ['a', 'b']")
	assert.Equal(t, `seen == ["a", "b"] is false (seen is ["flood"])`, got, "literal lists are not repeated")

	got = ExplainCheck(g, "card('ruby').zone == 'hand'")
	assert.Equal(t, `card("ruby").zone == "hand" is false (card("ruby").zone is "deck")`, got)

	assert.Equal(t, "len(seen) is 1", ExplainCheck(g, "len(seen)"), "a non-comparison gives its value")
	assert.Contains(t, ExplainCheck(g, "gold == nosuch"), "gold == nosuch fails: ")
	assert.Equal(t, "", ExplainCheck(g, "gold =="), "no explanation for what does not parse")
}

func TestExplainCheckIsBounded(t *testing.T) {
	g := start(t, explainRules, 2)
	src := "gold == 1"
	for range 20 {
		src += " && gold == 1"
	}
	got := ExplainCheck(g, src)
	assert.Equal(t, maxExplained+1, len(splitParts(got)), got)
	assert.Contains(t, got, "; …")

	long := ExplainCheck(g, "repeat('x', 500) == ''")
	assert.Less(t, len([]rune(long)), 2*maxValueLength+100, "long values are clipped")
}

// splitParts splits an explanation into its parts.
func splitParts(s string) []string {
	var out []string
	start := 0
	for i := 0; i+1 < len(s); i++ {
		if s[i] == ';' && s[i+1] == ' ' {
			out = append(out, s[start:i])
			start = i + 2
		}
	}
	return append(out, s[start:])
}
