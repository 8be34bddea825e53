package schema

import (
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A file of more marks that start a node than MaxNodes is refused before
// yaml.v3 parses it (a list of four million 1s took a gigabyte), at the
// mark that passes the limit, and alone: the file was dropped.
func TestLoadRefusesTooManyNodesBeforeParsing(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/x.yaml"] = &fstest.MapFile{Data: []byte("extra: [" + strings.Repeat("1,", MaxNodes) + "1]\n")}
	_, ds := Load(fsys, "g")
	msgs := messages(ds)
	require.Len(t, msgs, 1, strings.Join(msgs, "\n"))
	// the marks are ':' at 1:6, '[' at 1:8, then a ',' every 2 columns:
	// the 100001st is the 99999th comma, at 8 + 2*99999
	assert.Contains(t, msgs[0], "g/x.yaml:1:200006: more than 100000 YAML nodes in one file (limit MaxNodes): the file passes 100000 of the marks that start a node (- : ? , [ {) here, so it was not read; split it into several files")
}

// Fewer marks than the limit can still make more nodes (a key without a
// value is two): the parsed file is counted exactly.
func TestLoadRefusesTooManyNodesAfterParsing(t *testing.T) {
	var b strings.Builder
	b.WriteString("extra:\n")
	for i := range 60000 {
		b.WriteString("  k" + strconv.Itoa(i) + ":\n")
	}
	fsys := sampleFiles()
	fsys["g/x.yaml"] = &fstest.MapFile{Data: []byte(b.String())}
	_, ds := Load(fsys, "g")
	requireMessage(t, ds, "g/x.yaml:", "more than 100000 YAML nodes in one file (limit MaxNodes): the file passes the limit here")
}

// The files of a ruleset share MaxRulesetNodes.
func TestLoadRefusesTooManyNodesInARuleset(t *testing.T) {
	fsys := sampleFiles()
	list := "[" + strings.Repeat("1, ", 90000) + "1]\n"
	for _, f := range []string{"x1", "x2", "x3"} {
		fsys["g/"+f+".yaml"] = &fstest.MapFile{Data: []byte(f + ": " + list)}
	}
	_, ds := Load(fsys, "g")
	msgs := messages(ds)
	require.Len(t, msgs, 1, strings.Join(msgs, "\n"))
	assert.True(t, strings.HasPrefix(msgs[0], "g/x3.yaml: the ruleset's files hold more than 250000 YAML nodes together (limit MaxRulesetNodes)"), msgs[0])
}

// An alias bomb drops its file like a syntax error, so the names it
// defines are missing elsewhere: its error is shown alone, first.
func TestAliasBombIsReportedAlone(t *testing.T) {
	src := "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g"} {
		src += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 9) + "*" + prev + "]\n"
		prev = name
	}
	fsys := sampleFiles()
	fsys["g/x.yaml"] = &fstest.MapFile{Data: []byte("zones:\n  pool: {}\nconstants:\n  lol:\n    " + indent(src) + "\n")}
	fsys["g/y.yaml"] = &fstest.MapFile{Data: []byte("cards:\n  token:\n    zone: pool\n    rows: [{id: t1}]\n")}
	_, ds := Load(fsys, "g")
	msgs := messages(ds)
	require.Len(t, msgs, 1, strings.Join(msgs, "\n"))
	assert.Contains(t, msgs[0], "YAML aliases expand to more than 100000 nodes (limit MaxNodes) [")
	assert.Contains(t, msgs[0], "[1 other problem not shown: it may follow from this")
}

// An alias inside its own anchor's value says so.
func TestAliasToItself(t *testing.T) {
	fsys := sampleFiles()
	fsys["g/x.yaml"] = &fstest.MapFile{Data: []byte("x: &x [1, *x]\n")}
	_, ds := Load(fsys, "g")
	msgs := messages(ds)
	require.Len(t, msgs, 1, strings.Join(msgs, "\n"))
	assert.Equal(t, "g/x.yaml:1:11: YAML alias *x refers to itself: it is inside the value its anchor &x (line 1) names", msgs[0])
}
