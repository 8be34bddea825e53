package interpreter

import (
	"strings"
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
	assert.Equal(t, `gold == 2 is false (gold is 3); "drought" in seen not evaluated (gold == 2 is false)`, got)

	got = ExplainCheck(g, "gold == 3 && 'drought' in seen")
	assert.Equal(t, `gold == 3 is true (gold is 3); "drought" in seen is false (seen is ["flood"])`, got)

	got = ExplainCheck(g, "not (gold > 1 || len(seen) == 0)")
	assert.Equal(t, `gold > 1 is true (gold is 3); len(seen) == 0 not evaluated (gold > 1 is true)`, got)

	got = ExplainCheck(g, "not (gold > 5 or len(seen) == 0)")
	assert.Equal(t, `gold > 5 is false (gold is 3); len(seen) == 0 is false (len(seen) is 1)`, got)

	got = ExplainCheck(g, "seen == ['a', 'b']")
	assert.Equal(t, `seen == ["a", "b"] is false (seen is ["flood"])`, got, "literal lists are not repeated")

	got = ExplainCheck(g, "card('ruby').zone == 'hand'")
	assert.Equal(t, `card("ruby").zone == "hand" is false (card("ruby").zone is "deck")`, got)

	assert.Equal(t, "len(seen) is 1", ExplainCheck(g, "len(seen)"), "a non-comparison gives its value")
	assert.Contains(t, ExplainCheck(g, "gold == nosuch"), "gold == nosuch fails: ")
	assert.Equal(t, "", ExplainCheck(g, "gold =="), "no explanation for what does not parse")
}

func TestExplainCheckSkipsShortCircuitedOperands(t *testing.T) {
	g := start(t, explainRules, 2)
	// The right side would fail (index out of range); the rules never
	// evaluate it, so neither does the explanation.
	got := ExplainCheck(g, "len(seen) > 5 and seen[7] == 'x'")
	assert.Equal(t, `len(seen) > 5 is false (len(seen) is 1); seen[7] == "x" not evaluated (len(seen) > 5 is false)`, got)
	assert.NotContains(t, got, "fails")

	got = ExplainCheck(g, "gold > 1 || gold > 2 || gold > 3")
	assert.Equal(t, `gold > 1 is true (gold is 3); gold > 2, gold > 3 not evaluated (gold > 1 is true)`, got, "a chain says once what it left out")

	got = ExplainCheck(g, "gold > 5 || gold > 2 and len(seen) > 3 and len(seen) > 4")
	assert.Equal(t, `gold > 5 is false (gold is 3); gold > 2 is true (gold is 3); len(seen) > 3 is false (len(seen) is 1); len(seen) > 4 not evaluated (len(seen) > 3 is false)`, got, "chains nest")

	got = ExplainCheck(g, "(first(seen) ?? 'none') == 'flood'")
	assert.Equal(t, `(first(seen) ?? "none") == "flood" is true (first(seen) ?? "none" is "flood")`, got)
	assert.Equal(t, `first(seen) ?? seen[9] is "flood" (first(seen) is "flood", seen[9] not evaluated)`, ExplainCheck(g, "first(seen) ?? seen[9]"))
	assert.Equal(t, `first([]) ?? gold is 3 (first([]) is nil, gold is 3)`, ExplainCheck(g, "first([]) ?? gold"))
}

// A per-player view with nothing to show (an empty text, an empty list)
// is left out of the position, as a global one is, rather than printed as
// a name with no value ("cubes  |").
func TestGlanceLeavesOutEmptyPlayerViews(t *testing.T) {
	g := start(t, explainRules+`
player_vars:
  note: {type: string}
  pts: {type: int, init: 2}
views:
  - {name: note, expr: "players[me].note", per_player: true}
  - {name: points, expr: "players[me].pts", per_player: true}
`, 2)
	got := g.Glance(0)
	assert.NotContains(t, got, "note")
	assert.Contains(t, got, "P1 (you): points 2")
	assert.Contains(t, got, "P2: points 2")
}

func TestExplainCheckIsBounded(t *testing.T) {
	g := start(t, explainRules, 2)
	src := "gold == 3"
	for range 20 {
		src += " && gold == 3"
	}
	got := ExplainCheck(g, src)
	assert.Equal(t, maxExplained+1, len(splitParts(got)), got)
	assert.Contains(t, got, "; …")

	skipped := ExplainCheck(g, "gold == 1"+strings.Repeat(" && gold == 2", 20))
	assert.Equal(t, `gold == 1 is false (gold is 3); gold == 2, gold == 2, gold == 2, and 17 more not evaluated (gold == 1 is false)`, skipped)
	four := ExplainCheck(g, "gold == 1"+strings.Repeat(" && gold == 2", 4))
	assert.Equal(t, `gold == 1 is false (gold is 3); gold == 2, gold == 2, gold == 2, gold == 2 not evaluated (gold == 1 is false)`, four, "never 'and 1 more'")

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
