package interpreter

import (
	"go/build"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The layers (see doc.go): the core (this package) imports neither bot
// nor transcript, and those two do not import each other; test support
// (internal/rulestest) is for tests only. The compiler refuses the first
// rule's breaches as import cycles only while bot and transcript import
// the core; this test states the rules outright.
var layerRules = []struct {
	pkg    string   // a package of the module
	forbid []string // packages it may not reach through its non-test imports
}{
	{"agon/interpreter", []string{"agon/interpreter/bot", "agon/interpreter/transcript", "agon/interpreter/internal/rulestest"}},
	{"agon/interpreter/bot", []string{"agon/interpreter/transcript", "agon/interpreter/internal/rulestest"}},
	{"agon/interpreter/transcript", []string{"agon/interpreter/bot", "agon/interpreter/internal/rulestest"}},
	// report draws pages from plain data: it knows no other agon package.
	{"agon/interpreter/report", []string{"agon/interpreter", "agon/schema", "agon/interpreter/bot", "agon/interpreter/transcript", "agon/interpreter/sim", "agon/interpreter/internal/rulestest"}},
	// sim plays batches with the bots and keeps their statistics.
	{"agon/interpreter/sim", []string{"agon/interpreter/transcript", "agon/interpreter/internal/rulestest"}},
}

// reaches lists the module packages (import paths under module) that pkg
// imports directly or indirectly, reading the non-test Go files of the
// module tree at root.
func reaches(root, module, pkg string) ([]string, error) {
	seen := map[string]bool{}
	var walk func(string) error
	walk = func(p string) error {
		dir := filepath.Join(root, strings.TrimPrefix(strings.TrimPrefix(p, module), "/"))
		bp, err := build.ImportDir(dir, 0)
		if err != nil {
			return err
		}
		for _, imp := range bp.Imports {
			if (imp == module || strings.HasPrefix(imp, module+"/")) && !seen[imp] {
				seen[imp] = true
				if err := walk(imp); err != nil {
					return err
				}
			}
		}
		return nil
	}
	err := walk(pkg)
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	slices.Sort(out)
	return out, err
}

func TestLayersImportOnlyDownward(t *testing.T) {
	for _, r := range layerRules {
		deps, err := reaches("..", "agon", r.pkg)
		require.NoError(t, err, r.pkg)
		for _, f := range r.forbid {
			assert.NotContains(t, deps, f, "%s must not import %s (directly or not): see interpreter/doc.go", r.pkg, f)
		}
	}
	deps, err := reaches("..", "agon", "agon/interpreter/transcript")
	require.NoError(t, err)
	assert.Contains(t, deps, "agon/interpreter", "transcript builds on the core")
}

// reaches sees an import however deep it is: a core that reached the
// transcripts through a third package would be caught.
func TestReachesFindsIndirectImports(t *testing.T) {
	root := t.TempDir()
	write := func(dir, src string) {
		require.NoError(t, os.MkdirAll(filepath.Join(root, dir), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, dir, "x.go"), []byte(src), 0o644))
	}
	write("core", "package core\nimport _ \"m/helper\"\n")
	write("helper", "package helper\nimport _ \"m/core/transcript\"\n")
	write("core/transcript", "package transcript\nimport _ \"fmt\"\n")
	deps, err := reaches(root, "m", "m/core")
	require.NoError(t, err)
	assert.Equal(t, []string{"m/core/transcript", "m/helper"}, deps)
}

// The report package draws pages from plain data and imports no agon
// package at all, so that any command can feed it.
func TestReportImportsNoAgonPackage(t *testing.T) {
	deps, err := reaches("..", "agon", "agon/interpreter/report")
	require.NoError(t, err)
	assert.Empty(t, deps)
}
