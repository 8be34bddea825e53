package main

import (
	"encoding/json"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// agon --version and agon version print one line naming agon's version and
// the Go that built it; --json the same as an object; an argument is a
// usage error.
func TestVersion(t *testing.T) {
	code, flagOut, stderr := runCLI(t, "", "--version")
	require.Equal(t, exitOK, code, stderr)
	code, cmdOut, stderr := runCLI(t, "", "version")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, flagOut, cmdOut, "--version and version print the same")
	assert.True(t, strings.HasPrefix(cmdOut, "agon "), cmdOut)
	assert.Contains(t, cmdOut, runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH)
	assert.Equal(t, 1, strings.Count(cmdOut, "\n"), "one line")

	code, out, stderr := runCLI(t, "", "version", "--json")
	require.Equal(t, exitOK, code, stderr)
	var v versionInfo
	require.NoError(t, json.Unmarshal([]byte(out), &v), out)
	assert.Equal(t, runtime.Version(), v.Go)
	assert.NotEmpty(t, v.Version)
	assert.Equal(t, "agon "+v.String()+"\n", cmdOut)

	code, _, stderr = runCLI(t, "", "version", "extra")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "version takes no arguments, not 1: extra")
}

// The one-line form shortens the revision and marks a build with changes
// not committed.
func TestVersionLine(t *testing.T) {
	v := versionInfo{Version: "(devel)", Revision: "53e09ec1d8690957a610548ede293a0ed0a5064c", Time: "2026-11-28T22:07:24Z", Modified: true, Go: "go1.26.8", Platform: "linux/amd64"}
	assert.Equal(t, "(devel) 53e09ec1d869+ 2026-11-28T22:07:24Z, go1.26.8 linux/amd64", v.String())
	v = versionInfo{Version: "v1.2.0", Go: "go1.26.8", Platform: "linux/amd64"}
	assert.Equal(t, "v1.2.0, go1.26.8 linux/amd64", v.String())
}
