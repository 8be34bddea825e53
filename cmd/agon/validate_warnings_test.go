package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The warning about a variant that changes nothing stays when another
// variant has problems (it used to vanish), in the text and in --json.
func TestValidateKeepsTheChangesNothingWarningBesideProblems(t *testing.T) {
	tmp := withVariantFile(t, "t8", "variant: t8\npatch:\n  constants:\n    rounds: 8\n")
	require.NoError(t, os.WriteFile(filepath.Join(tmp, "variant-t7.yaml"), []byte("variant: t7\npatch:\n  constants:\n    rounds: \"7\"\n"), 0o644))
	file := filepath.ToSlash(filepath.Join(tmp, "variant-t8.yaml"))
	warning := "variant t8 changes nothing: its rules equal the base rules"

	code, _, errOut := runCLI(t, "", "validate", tmp)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, errOut, "from variant t7")
	assert.Contains(t, errOut, "\n"+file+": warning: "+warning+"\n")

	code, out, errOut := runCLI(t, "", "validate", tmp, "--json")
	assert.Equal(t, exitProblems, code, errOut)
	var rep validateReport
	require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
	assert.NotEmpty(t, rep.Problems)
	assert.Equal(t, []jsonProblem{{File: file, Variant: "t8", Message: warning}}, rep.Warnings)
}
