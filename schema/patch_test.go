package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// patchNode parses a scenario-like file and returns its patch: node.
func patchNode(t *testing.T, src string) *yaml.Node {
	t.Helper()
	var doc yaml.Node
	require.NoError(t, yaml.Unmarshal([]byte(src), &doc))
	root := doc.Content[0]
	return root.Content[1]
}

func TestLoadPatchedAppliesTheVariantThenThePatch(t *testing.T) {
	fsys := withVariant("short", "variant: short\npatch:\n  cards:\n    power:\n      rows:\n        - {id: lion_gate, value: 5}\n")
	patch := patchNode(t, "patch:\n  cards:\n    power:\n      rows:\n        - {id: lion_gate, value: 7}\n")
	rs, ds := LoadPatched(fsys, "g", "short", "s.yaml", patch)
	require.Empty(t, messages(ds))
	assert.Equal(t, "short", rs.Variant)
	row := rs.Cards["power"].Rows[0]
	assert.Equal(t, 7, row.Fields["value"].V, "the scenario's patch comes last")
	assert.Equal(t, "s.yaml", row.Fields["value"].Pos.File, "a patched value points into the scenario file")

	rs, ds = LoadPatched(fsys, "g", "", "s.yaml", patch)
	require.Empty(t, messages(ds))
	assert.Equal(t, 7, rs.Cards["power"].Rows[0].Fields["value"].V, "a patch without a variant")
}

func TestLoadPatchedUnknownVariant(t *testing.T) {
	_, ds := LoadPatched(withVariant("short", "variant: short\npatch: {}\n"), "g", "shrt", "s.yaml", nil)
	assert.Equal(t, []string{`g: unknown variant "shrt" (did you mean "short"?); available: short`}, messages(ds))
}
