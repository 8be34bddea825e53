package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repoRoot is the agon checkout these tests run in.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	return root
}

// copyRuleset copies rulesets/peloponnes into dir, applying edit (old →
// new, once) to the named file.
func copyRuleset(t *testing.T, dir, file, old, new string) {
	t.Helper()
	src := filepath.Join(repoRoot(t), "rulesets", "peloponnes")
	entries, err := os.ReadDir(src)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		require.NoError(t, err)
		if e.Name() == file {
			require.Contains(t, string(data), old)
			data = []byte(strings.Replace(string(data), old, new, 1))
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644))
	}
}

// project makes a temporary agon checkout (go.mod declaring module agon)
// whose rulesets/peloponnes has a misspelt phase, and returns its root.
func project(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module agon\n\ngo 1.26\n"), 0o644))
	copyRuleset(t, filepath.Join(root, "rulesets", "peloponnes"), "flow.yaml", "{phase: bidding}", "{phase: biding}")
	require.NoError(t, os.MkdirAll(filepath.Join(root, "sub", "dir"), 0o755))
	return root
}

func TestGameNameRunsTheProjectsFolder(t *testing.T) {
	root := project(t)
	t.Chdir(root)
	code, _, stderr := runCLI(t, "", "validate", "peloponnes")
	assert.Equal(t, exitProblems, code, "the edited folder runs, not the built-in copy")
	assert.Contains(t, stderr, "ruleset: rulesets/peloponnes\n")
	assert.Contains(t, stderr, `rulesets/peloponnes/flow.yaml:`)
	assert.Contains(t, stderr, `unknown phase "biding"`)

	t.Chdir(filepath.Join(root, "sub", "dir"))
	code, _, stderr = runCLI(t, "", "validate", "peloponnes")
	assert.Equal(t, exitProblems, code, "from below the project root too")
	assert.Contains(t, stderr, "ruleset: "+filepath.ToSlash(filepath.Join(root, "rulesets", "peloponnes"))+"\n")
}

func TestGameNameFallsBackToBuiltIn(t *testing.T) {
	dir := t.TempDir() // no go.mod, no rulesets/
	// A ./peloponnes folder is not the game peloponnes.
	copyRuleset(t, filepath.Join(dir, "peloponnes"), "flow.yaml", "{phase: bidding}", "{phase: biding}")
	t.Chdir(dir)
	code, out, stderr := runCLI(t, "", "validate", "peloponnes")
	require.Equal(t, exitOK, code, stderr)
	assert.Regexp(t, `^ruleset: built-in\nok: `, out)

	code, out, _ = runCLI(t, "", "validate", "peloponnes", "--json")
	require.Equal(t, exitOK, code)
	var rep map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, "built-in", rep["ruleset_source"])

	code, _, stderr = runCLI(t, "", "validate", "./peloponnes")
	assert.Equal(t, exitProblems, code, "./NAME means the folder")
	assert.Contains(t, stderr, "ruleset: peloponnes\n")
}

func TestUnknownNameHintsAtFolder(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.Mkdir("mygame", 0o755))
	code, _, stderr := runCLI(t, "", "validate", "mygame")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, `unknown game "mygame"`)
	assert.Contains(t, stderr, "(to run the folder mygame here, write ./mygame)")
}

func TestProjectFolderMustStayInside(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module agon\n"), 0o644))
	outside := filepath.Join(t.TempDir(), "elsewhere")
	copyRuleset(t, outside, "flow.yaml", "{phase: bidding}", "{phase: biding}")
	require.NoError(t, os.Mkdir(filepath.Join(root, "rulesets"), 0o755))
	require.NoError(t, os.Symlink(outside, filepath.Join(root, "rulesets", "peloponnes")))
	t.Chdir(root)
	code, out, stderr := runCLI(t, "", "validate", "peloponnes")
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "ruleset: built-in\n", "a link out of the project is not followed")
}

func TestOtherModuleIsNotAProject(t *testing.T) {
	root := project(t)
	sub := filepath.Join(root, "sub")
	require.NoError(t, os.WriteFile(filepath.Join(sub, "go.mod"), []byte("module notagon\n"), 0o644))
	assert.Equal(t, root, projectRoot(filepath.Join(sub, "dir")), "the go.mod of another module is passed over")
	plain := t.TempDir()
	assert.Equal(t, plain, projectRoot(plain), "outside a checkout the project is the current directory")
}

// Every command that loads a ruleset names it first, on a load error too.
func TestEveryCommandNamesTheRulesetOnLoadError(t *testing.T) {
	root := project(t)
	t.Chdir(root)
	for _, args := range [][]string{
		{"validate", "peloponnes"},
		{"simulate", "peloponnes", "--players", "3", "--games", "1"},
		{"record", "peloponnes", "--players", "3", "-o", filepath.Join(t.TempDir(), "t.yaml")},
		{"play", "peloponnes", "--seats", "random,random,random"},
		{"bench", "peloponnes", "--players", "3", "--games", "1"},
	} {
		code, _, stderr := runCLI(t, "", args...)
		assert.Equal(t, exitProblems, code, "%v: %s", args, stderr)
		assert.Regexp(t, `^ruleset: rulesets/peloponnes\n`, stderr, "%v", args)
		assert.Contains(t, stderr, `unknown phase "biding"`, "%v", args)
	}
}

// ruleset_source: is the folder relative to the checkout's root, so the
// same seed and decisions give the same bytes from any directory (from
// below the root it was an absolute path).
func TestRecordedSourceIsTheSameFromAnyDirectory(t *testing.T) {
	root := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module agon\n"), 0o644))
	copyRuleset(t, filepath.Join(root, "rulesets", "peloponnes"), "flow.yaml", "{phase: bidding}", "{phase: bidding}")
	require.NoError(t, os.MkdirAll(filepath.Join(root, "sub", "dir"), 0o755))
	out := t.TempDir()
	record := func(dir, ruleset, file string) []byte {
		t.Helper()
		t.Chdir(dir)
		code, _, stderr := runCLI(t, "", "record", ruleset, "--players", "2", "--seed", "3", "-o", filepath.Join(out, file))
		require.Equal(t, exitOK, code, stderr)
		data, err := os.ReadFile(filepath.Join(out, file))
		require.NoError(t, err)
		return data
	}
	fromRoot := record(root, "peloponnes", "a.yaml")
	assert.Contains(t, string(fromRoot), "\nruleset_source: rulesets/peloponnes\n")
	assert.Equal(t, string(fromRoot), string(record(filepath.Join(root, "sub", "dir"), "peloponnes", "b.yaml")), "from below the root")
	assert.Equal(t, string(fromRoot), string(record(out, filepath.Join(root, "rulesets", "peloponnes"), "c.yaml")), "the folder by its path, from outside")
}

// A transcript's ruleset_source: names the same folder whether it is
// relative to the project root or absolute (as older agon record wrote it
// from below the root), seen from any directory.
func TestSameSource(t *testing.T) {
	root := project(t)
	abs := filepath.Join(root, "rulesets", "peloponnes")
	t.Chdir(filepath.Join(root, "sub", "dir"))
	assert.True(t, sameSource("rulesets/peloponnes", abs))
	assert.True(t, sameSource(filepath.ToSlash(abs), abs))
	assert.False(t, sameSource("rulesets/athens", abs))
	assert.False(t, sameSource("built-in", abs))
	t.Chdir(root)
	assert.True(t, sameSource("rulesets/peloponnes", "rulesets/peloponnes"))
	assert.True(t, sameSource(filepath.ToSlash(abs), "rulesets/peloponnes"))
	assert.True(t, sameSource("built-in", builtIn))
}
