package transcript

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A transcript or scenario of more YAML nodes than MaxTranscriptNodes is
// refused before it is parsed (400,000 checks took 1.2 GB), at the line
// that passes the limit.
func TestReadRefusesTooManyNodes(t *testing.T) {
	head := "game: g\nplayers: 2\nseed: 1\nsteps:\n"
	steps := strings.Repeat("  - check: \"true\"\n", 150001) // two marks each
	_, err := Read("t.yaml", []byte(head+steps))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "t.yaml:150003:3: more than 300000 YAML nodes in one file (limit MaxTranscriptNodes)")
	_, err = ReadScenario("s.yaml", []byte("scenario: s\n"+head+steps))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "s.yaml:150003:10: more than 300000 YAML nodes in one file (limit MaxTranscriptNodes)")
	assert.False(t, IsScenario([]byte("scenario: s\n"+head+steps)))
}

// Fewer marks can still make more nodes: the parsed file is counted too.
func TestReadCountsTheParsedNodes(t *testing.T) {
	var b strings.Builder
	b.WriteString("game: g\nplayers: 2\nseed: 1\nsteps:\n  - check: \"true\"\nextra:\n")
	for i := range 160000 {
		b.WriteString("  k" + strings.Repeat("x", i%7) + strconv.Itoa(i) + ":\n")
	}
	_, err := Read("t.yaml", []byte(b.String()))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "more than 300000 YAML nodes in one file (limit MaxTranscriptNodes): the file passes the limit here")
}
