package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// DidYouMean suggests a near name, not a much shorter one of which
// nothing is kept ("show" of a four-letter word at the play prompt
// suggested the place "E"), but still a name the typed word starts with,
// and one-letter names for one-letter slips.
func TestDidYouMeanSkipsMuchShorterNamesThatShareNothing(t *testing.T) {
	places := []string{"A", "B", "E", "s1_1"}
	assert.Equal(t, "", DidYouMean("mars", places))
	assert.Equal(t, ` (did you mean "int"?)`, DidYouMean("integer", []string{"int", "ints", "bool"}))
	assert.Equal(t, ` (did you mean "p"?)`, DidYouMean("m", []string{"p"}))
	assert.Equal(t, ` (did you mean "len"?)`, DidYouMean("lne", []string{"one", "len"}))
	assert.Equal(t, ` (did you mean "kind"?)`, DidYouMean("kidn", []string{"id", "kind"}))
}
