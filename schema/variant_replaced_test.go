package schema

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVariantReplacedNotes loads variants of a base ruleset with
// provisional notes on a scalar constant, a constant's map and a card row,
// and checks which notes each variant's patch replaced (Ruleset.Replaced):
// a value given anew, every key of a map, a removed row and a row whose
// every field is new replace their note; one key of two, one field of a
// row and an addition do not.
func TestVariantReplacedNotes(t *testing.T) {
	base := sampleFiles()
	a := string(base["g/a.yaml"].Data)
	a = strings.Replace(a, "  hand_size: 3\n", "  hand_size: 3   # provisional: a guess at the hand\n", 1)
	a = strings.Replace(a, "  track: {plague: 4}\n", "  # provisional: the track lengths\n  track: {plague: 4, drought: 3}\n", 1)
	require.Contains(t, a, "# provisional: no card list", "the sample's row note")
	base["g/a.yaml"] = &fstest.MapFile{Data: []byte(a)}

	cases := []struct {
		name, patch string
		replaced    []string // the texts of the replaced notes
	}{
		{"scalar", "patch: {constants: {hand_size: 4}}", []string{"a guess at the hand"}},
		{"whole-map", "patch: {constants: {track: {plague: 3, drought: 2}}}", []string{"the track lengths"}},
		{"one-key", "patch: {constants: {track: {plague: 3}}}", nil},
		{"row-removed", "patch: {cards: {power: {rows: [{id: lion_gate, remove: true}]}}}", []string{"no card list"}},
		{"row-field", "patch: {cards: {power: {rows: [{id: lion_gate, value: 5}]}}}", nil},
		{"row-all-fields", "patch: {cards: {power: {rows: [{id: lion_gate, name: Gate, kind: landscape, value: 1}]}}}", []string{"no card list"}},
		{"adds", "adds: {cards: {power: {rows: [{id: well, name: Well, kind: building}]}}}", nil},
	}
	for _, c := range cases {
		fsys := fstest.MapFS{}
		for k, v := range base {
			fsys[k] = v
		}
		fsys["g/variant-"+c.name+".yaml"] = &fstest.MapFile{Data: []byte("variant: " + c.name + "\n" + c.patch + "\n")}
		rs, ds := LoadVariant(fsys, "g", c.name)
		require.Empty(t, messages(ds), c.name)
		var got []string
		for _, n := range rs.Replaced {
			got = append(got, n.Text)
			assert.Contains(t, rs.Provisional, n, "%s: a replaced note is one of Provisional", c.name)
		}
		assert.Equal(t, c.replaced, got, c.name)
	}
	rs, ds := Load(base, "g")
	require.Empty(t, messages(ds))
	assert.Len(t, rs.Provisional, 3)
	assert.Empty(t, rs.Replaced, "no variant, nothing replaced")
}
