package interpreter

import (
	"io/fs"
	"iter"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/rulesets"
)

// shippedPrograms loads every shipped ruleset, in name order.
func shippedPrograms(t *testing.T) iter.Seq2[string, *Program] {
	t.Helper()
	entries, err := fs.ReadDir(rulesets.FS, ".")
	require.NoError(t, err)
	return func(yield func(string, *Program) bool) {
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			p, err := Load(rulesets.FS, e.Name(), "")
			require.NoError(t, err, e.Name())
			if !yield(e.Name(), p) {
				return
			}
		}
	}
}
