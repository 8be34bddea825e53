package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// agon help TOPIC prints the command's help (exit 0); an unknown topic is
// a usage error (exit 2) that lists the commands, as an unknown command is.
func TestHelpUnknownTopicIsAUsageError(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "help", "simulat")
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, stdout)
	assert.Contains(t, stderr, `error: no help topic "simulat": the commands are bench, compare, explain, merge, play, record, replay, simulate, validate`)

	code, stdout, _ = runCLI(t, "", "help", "simulate")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, stdout, "agon simulate RULESET")
	code, stdout, _ = runCLI(t, "", "help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, stdout, "Available Commands:")
}
