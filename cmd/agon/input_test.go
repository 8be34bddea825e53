package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Inputs that could hang agon or exhaust memory are refused at once.
func TestHostileInputsAreUsageOrLoadErrors(t *testing.T) {
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"simulate", "peloponnes", "--players", "3", "--games", "2000000000"}, "--games 2000000000 is more than the 1000000 games one simulate may play"},
		{[]string{"simulate", "peloponnes", "--players", "1-2000000000"}, `bad player count "1-2000000000": at most 1000 players`},
		{[]string{"simulate", "peloponnes", "--players", "999"}, "is for 2–5 players, not 999"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, "", c.args...)
		assert.Equal(t, exitUsage, code, "%v: %s", c.args, stderr)
		assert.Contains(t, stderr, c.msg, c.args)
	}
}

// A transcript that is a device, a FIFO or too large is refused before it
// is read.
func TestReplayRefusesNonRegularAndLargeFiles(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(52<<20)) // sparse: costs no disk
	require.NoError(t, f.Close())
	files := nonRegularFiles(dir, "pipe.yaml")
	files[big] = "big.yaml: 52 MB is larger than the 8 MB a transcript or scenario file may be"
	assertRefused(t, "replay", files)
}

// nonRegularFiles are /dev/zero (where there is one) and a FIFO named
// pipe in dir (where one can be made), with what refusing each says.
func nonRegularFiles(dir, pipe string) map[string]string {
	files := map[string]string{}
	if _, err := os.Stat("/dev/zero"); err == nil {
		files["/dev/zero"] = "/dev/zero: is not a regular file (a device)"
	}
	if mkfifo(filepath.Join(dir, pipe)) == nil {
		files[filepath.Join(dir, pipe)] = pipe + ": is not a regular file (a named pipe)"
	}
	return files
}

// assertRefused runs command on each file and expects it to fail saying
// what files gives for it.
func assertRefused(t *testing.T, command string, files map[string]string) {
	t.Helper()
	for file, msg := range files {
		code, _, stderr := runCLI(t, "", command, file)
		assert.NotEqual(t, exitOK, code, file)
		assert.Contains(t, stderr, msg, file)
	}
}

// merge reads its files as replay does: a FIFO or /dev/zero is refused
// (merge read /dev/zero into memory for ever, and waited on a FIFO), and
// a missing file says it cannot be read.
func TestMergeRefusesNonRegularFiles(t *testing.T) {
	dir := t.TempDir()
	files := nonRegularFiles(dir, "pipe.json")
	none := filepath.Join(dir, "none.json")
	files[none] = "cannot read " + none + ": no such file or directory"
	assertRefused(t, "merge", files)
}
