package schema

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"
)

// A file that is not a regular file is refused before it is opened: a
// FIFO would block the load for ever, /dev/zero would never end.
func TestLoadRefusesNonRegularFiles(t *testing.T) {
	for mode, kind := range map[fs.FileMode]string{fs.ModeNamedPipe: "a named pipe", fs.ModeDevice | fs.ModeCharDevice: "a device", fs.ModeSocket: "a socket"} {
		fsys := sampleFiles()
		fsys["g/zz.yaml"] = &fstest.MapFile{Mode: mode}
		_, ds := Load(fsys, "g")
		requireMessage(t, ds, "g/zz.yaml: is not a regular file ("+kind+"): only ordinary files are read")
	}
}

// A real FIFO in a ruleset folder (where the system has them) gives the
// error at once instead of hanging.
func TestLoadRealFIFO(t *testing.T) {
	dir := t.TempDir()
	if err := mkfifo(filepath.Join(dir, "pipe.yaml")); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.yaml"), []byte("game: g\n"), 0o644))
	_, ds := Load(os.DirFS(dir), ".")
	requireMessage(t, ds, "pipe.yaml: is not a regular file (a named pipe)")
}

// A file larger than MaxFileBytes is refused from its size, before it is
// read or parsed.
func TestLoadRefusesLargeFile(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/big.yaml"] = &fstest.MapFile{Data: bytes.Repeat([]byte("#"), MaxFileBytes+1)}
	_, ds := Load(fsys, "g")
	requireMessage(t, ds, "g/big.yaml: 9 MB is larger than the 8 MB a ruleset file may be")
}

// The files of a ruleset together may be MaxRulesetBytes.
func TestLoadRefusesLargeRuleset(t *testing.T) {
	fsys := sampleFiles()
	comment := bytes.Repeat([]byte("#"), MaxFileBytes-1)
	for _, name := range []string{"g/w1.yaml", "g/w2.yaml", "g/w3.yaml", "g/w4.yaml"} {
		fsys[name] = &fstest.MapFile{Data: comment}
	}
	_, ds := Load(fsys, "g")
	requireMessage(t, ds, "is larger than the", "(the ruleset's files may be 32 MB together)")
}

func TestExprDepth(t *testing.T) {
	cases := map[string]int{
		"1 + 2":                     0,
		"-x":                        1,
		"a - b":                     0,
		"f(g(x), [1, 2])":           2,
		"'((((' + x":                0,
		`"\"(((" + x`:               0,
		"not not a":                 2,
		"a and not b":               1,
		"((((-1))))":                5,
		"let x = -1; x - -2":        1,
		"x[0].y in [1, -2] ? 1 : 0": 2,
	}
	for src, want := range cases {
		require.Equal(t, want, ExprDepth(src), src)
	}
}

// NestsTooDeep scans only a text longer than MaxExprDepth, and says what
// ExprDepth says of every text.
func TestNestsTooDeepAgreesWithExprDepth(t *testing.T) {
	for _, n := range []int{MaxExprDepth - 1, MaxExprDepth, MaxExprDepth + 1} {
		for _, unit := range []string{"(", "-", "not ", "!", "[", "{"} {
			src := strings.Repeat(unit, n) + "x"
			require.Equal(t, ExprDepth(src) > MaxExprDepth, NestsTooDeep(src), "%d × %q", n, unit)
		}
	}
	require.True(t, NestsTooDeep(strings.Repeat("-", MaxExprDepth+1)))
	require.False(t, NestsTooDeep(strings.Repeat("-", MaxExprDepth)))
}

// A megabyte of nested brackets (or 90,000 minus signs: a megabyte of
// them passes MaxNodes's count of the marks that start a YAML node) is
// refused before expr's parser sees it (which would overflow the stack).
func TestLoadRefusesDeepExpressions(t *testing.T) {
	for _, deep := range []string{strings.Repeat("(", 1<<20) + "1", strings.Repeat("-", 90000) + "1", strings.Repeat("!", 1<<19) + "true"} {
		fsys := sampleFiles()
		fsys["g/deep.yaml"] = &fstest.MapFile{Data: []byte("constants:\n  deep: 1\nvars:\n  deep_var: {type: int, init: '" + deep + "'}\n")}
		_, ds := Load(fsys, "g")
		requireMessage(t, ds, "g/deep.yaml:4:", "expression nests deeper than 100 levels")
	}
}
