package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// DidYouMean suggests a near name: at most a third of the letters (and
// one) changed, or a prefix. Not a much shorter one of which nothing is
// kept ("show" of a four-letter word at the play prompt suggested the
// place "E"), nor "name" for "once" (a new designer's misspelt key got
// it), nor "bool" for "void"; still a name the typed word starts with,
// and one-letter names for one-letter slips.
func TestDidYouMeanSkipsMuchShorterNamesThatShareNothing(t *testing.T) {
	places := []string{"A", "B", "E", "s1_1"}
	assert.Equal(t, "", DidYouMean("mars", places))
	assert.Equal(t, ` (did you mean "int"?)`, DidYouMean("integer", []string{"int", "ints", "bool"}))
	assert.Equal(t, ` (did you mean "p"?)`, DidYouMean("m", []string{"p"}))
	assert.Equal(t, ` (did you mean "len"?)`, DidYouMean("lne", []string{"one", "len"}))
	assert.Equal(t, ` (did you mean "kind"?)`, DidYouMean("kidn", []string{"id", "kind"}))
	assert.Equal(t, "", DidYouMean("once", []string{"name", "id"}))
	assert.Equal(t, "", DidYouMean("void", []string{"int", "bool", "string"}))
	assert.Equal(t, ` (did you mean "attributes"?)`, DidYouMean("atributes", []string{"attributes", "props"}))
	assert.Equal(t, ` (did you mean "returns"?)`, DidYouMean("retruns", []string{"params", "returns"}))
}

// A name written short, its letters in order and its first one kept, is
// taken for the long name before a misspelling one edit away that starts
// otherwise: "cnt" suggested "int" where the designer meant count.
func TestDidYouMeanPrefersTheWordANameAbbreviates(t *testing.T) {
	funcs := []string{"int", "count", "sum"}
	assert.Equal(t, ` (did you mean "count"?)`, DidYouMean("cnt", funcs))
	assert.Equal(t, ` (did you mean "players"?)`, DidYouMean("plyrs", []string{"payers", "players"}))
	assert.Equal(t, ` (did you mean "int"?)`, DidYouMean("imt", funcs))
	assert.Equal(t, "", DidYouMean("ct", []string{"count"}))
}
