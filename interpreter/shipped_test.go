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
	return eachShipped(t, func(name string) (*Program, error) { return Load(rulesets.FS, name, "") })
}

// shippedVariants loads every shipped ruleset and each of its variants,
// named "GAME+VARIANT" ("GAME+" for the base rules), in name order.
func shippedVariants(t *testing.T) iter.Seq2[string, *Program] {
	t.Helper()
	return func(yield func(string, *Program) bool) {
		for name, base := range shippedPrograms(t) {
			for _, v := range append([]string{""}, base.Variants()...) {
				p, err := Load(rulesets.FS, name, v)
				require.NoError(t, err, "%s+%s", name, v)
				if !yield(name+"+"+v, p) {
					return
				}
			}
		}
	}
}

// eachShipped yields every shipped ruleset, in name order, as load makes
// its Program.
func eachShipped(t testing.TB, load func(name string) (*Program, error)) iter.Seq2[string, *Program] {
	entries, err := fs.ReadDir(rulesets.FS, ".")
	require.NoError(t, err)
	return func(yield func(string, *Program) bool) {
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			p, err := load(e.Name())
			require.NoError(t, err, e.Name())
			if !yield(e.Name(), p) {
				return
			}
		}
	}
}
