package interpreter

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Views share a line while it fits glanceWidth; a list too long for one
// line is shown an element a line, under its name, and ends its line.
func TestViewLinesWrap(t *testing.T) {
	var l lineGroups
	l.add("round: 1", false)
	l.add("turn order: P1, P2", false)
	long := make([]any, 12)
	for i := range long {
		long[i] = "island " + strings.Repeat("x", 5) + " (value 1, 2 free slots)"
	}
	text, multi := viewText("map", long, nil)
	assert.True(t, multi)
	l.add("map:"+text, multi)
	l.add("bids: "+strings.Repeat("b", 60), false)
	l.add("market: "+strings.Repeat("m", 60), false)
	got := l.text()
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	assert.Equal(t, "round: 1 | turn order: P1, P2", lines[0])
	assert.Equal(t, "map:", lines[1])
	assert.Equal(t, "  island xxxxx (value 1, 2 free slots)", lines[2])
	assert.Len(t, lines, 1+1+12+2, got)
	for _, line := range lines {
		assert.LessOrEqual(t, len(line), glanceWidth, line)
	}

	short, multi := viewText("dice", []any{1, 2}, nil)
	assert.Equal(t, "1, 2", short)
	assert.False(t, multi)
	failed, multi := viewText("map", long, errors.New("boom"))
	assert.Equal(t, "(error: boom)", failed)
	assert.False(t, multi)
	own, multi := viewText("cards", "\n  WAR\n  DRAMA", nil)
	assert.Equal(t, "\n  WAR\n  DRAMA", own)
	assert.True(t, multi)
	var none lineGroups
	assert.Equal(t, "", none.text())
}
