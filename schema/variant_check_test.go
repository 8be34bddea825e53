package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A variant whose rules come out as the base's is marked SameAsBase,
// whatever its file looks like; one that changes or adds anything is not.
func TestVariantSameAsBaseComparesTheRules(t *testing.T) {
	for _, tc := range []struct {
		patch string
		same  bool
	}{
		{"patch: {}", true},
		{"patch: {constants: {hand_size: 3}}", true},
		{"patch: {constants: {hand_size: 0x3}}   # the same int", true},
		{"patch: {constants: {track: {plague: 4}}}", true},
		{"patch: {cards: {power: {rows: [{id: lion_gate, kind: building, value: 3}]}}}", true},
		{"patch: {zones: {deck: {refill_from: discard, visibility: hidden}}}   # keys in another order", true},
		{"adds: {triggers: []}", true},
		{"patch: {constants: {hand_size: 4}}", false},
		{"patch: {constants: {track: {plague: 3}}}", false},
		{"patch: {cards: {power: {rows: [{id: field, remove: true}]}}}", false},
		{"patch: {zones: {discard: {visibility: public}}}   # a default written out counts", false},
		{"adds: {constants: {bonus: 1}}", false},
	} {
		rs, ds := LoadVariant(withVariant("v", "variant: v\n"+tc.patch+"\n"), "g", "v")
		require.Empty(t, messages(ds), tc.patch)
		assert.Equal(t, tc.same, rs.SameAsBase, tc.patch)
	}
	rs, _ := Load(sampleFiles(), "g")
	assert.False(t, rs.SameAsBase, "the base rules are no variant")
}

// A patch that gives a constant a value of another type is reported at
// the patch (the rules that use it, checked with the base's type, would
// fail far from it, in a base file).
func TestVariantPatchKeepsConstantTypes(t *testing.T) {
	_, ds := LoadVariant(withVariant("v", `variant: v
patch:
  constants:
    hand_size: "4"
    track: {plague: true}
`), "g", "v")
	assert.Equal(t, []string{
		`g/variant-v.yaml:4:16: patch changes constant hand_size from int to string: a patch keeps a constant's type, which the base's rules were checked with (write 4 without quotes)`,
		`g/variant-v.yaml:5:21: patch changes constant track.plague from int to bool: a patch keeps a constant's type, which the base's rules were checked with`,
	}, messages(ds))

	_, ds = LoadVariant(withVariant("v", "variant: v\npatch: {constants: {track: [4]}}\n"), "g", "v")
	assert.Equal(t, []string{
		`g/variant-v.yaml:2:28: patch changes constant track from map to list of int: a patch keeps a constant's type, which the base's rules were checked with`,
	}, messages(ds))
}

// Lists of another element type are another type; an empty list goes
// with any list.
func TestConstantTypes(t *testing.T) {
	assert.True(t, sameConstantType("list of int", "list"))
	assert.True(t, sameConstantType("list", "list of string"))
	assert.False(t, sameConstantType("list of int", "list of string"))
	assert.False(t, sameConstantType("int", "list"))
}

// A variant file names its variant: without `variant:` (or empty) it is
// an error at its top, saying what to write.
func TestVariantFileNeedsItsName(t *testing.T) {
	_, ds := LoadVariant(withVariant("v", "# a comment\npatch: {constants: {hand_size: 4}}\n"), "g", "v")
	assert.Equal(t, []string{"g/variant-v.yaml:1:1: missing required key \"variant\": add the line `variant: v` (the name in the file's name)"}, messages(ds))

	_, ds = LoadVariant(withVariant("v", "# nothing yet\n"), "g", "v")
	assert.Equal(t, []string{"g/variant-v.yaml:1:1: the variant file is empty: write `variant: v` and a patch: or adds: (see Variants in schema/REFERENCE.md)"}, messages(ds))
}
