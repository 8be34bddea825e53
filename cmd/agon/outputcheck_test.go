package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlayRecordChecksThePathBeforeTheGame(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder", "x.yaml")
	stdin := strings.Repeat("1\n", 50000)
	code, out, stderr := runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seed", "5", "--record", missing)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "--record "+missing+": there is no folder ")
	assert.NotContains(t, out, "Final scores", "no game is played")
	assert.NotContains(t, stderr, ".tmp-")

	dir := t.TempDir()
	code, _, stderr = runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seed", "5", "--record", dir)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "--record "+dir+": not a regular file")

	if os.Getuid() != 0 {
		ro := filepath.Join(dir, "ro")
		assert.NoError(t, os.Mkdir(ro, 0o555))
		t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })
		file := filepath.Join(ro, "x.yaml")
		code, out, stderr = runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seed", "5", "--record", file)
		assert.Equal(t, exitUsage, code, stderr)
		assert.Contains(t, stderr, "--record "+file+": cannot write in folder "+ro+": permission denied")
		assert.NotContains(t, out, "Final scores", "no game is played")
		assertNoTempFiles(t, ro)
	}
}

func TestRecordOutputErrorsNameTheGivenPath(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-folder", "x.yaml")
	code, out, stderr := runCLI(t, "", "record", "peloponnes", "--players", "2", "-o", missing)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "-o "+missing+": there is no folder ")
	assert.NotContains(t, stderr, ".tmp-")
	assert.Empty(t, out)

	err := writeFileAtomic(missing, []byte("x"))
	if assert.Error(t, err) {
		assert.Equal(t, "writing "+missing+": no such file or directory", err.Error())
	}
}
