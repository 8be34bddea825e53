package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestJSONSchemaPick checks the schema's pick and legal_if_after keys.
func TestJSONSchemaPick(t *testing.T) {
	sch := compileSchema(t)
	ok := `flow:
  - choose:
      who: 0
      prompt: p
      pick: {from: deck, as: c, picked: cs, min: 1, max: 3, key: take, distinct: c.def, done_when: "true", do: []}
  - choose:
      who: 0
      prompt: p
      options:
        - {key: buy, for_each: deck, as: c, legal_if_after: "true"}
`
	assert.NoError(t, sch.Validate(yamlInstance(t, []byte(ok))))
	for _, bad := range []string{
		"flow:\n  - choose: {who: 0, prompt: p}\n",
		"flow:\n  - choose: {who: 0, prompt: p, options: [{key: a}], pick: {from: d, as: c, picked: cs}}\n",
		"flow:\n  - choose: {who: 0, prompt: p, pick: {from: d, as: c}}\n",
		"flow:\n  - choose: {who: 0, prompt: p, pick: {from: d, as: c, picked: cs, count: 2}}\n",
	} {
		assert.Error(t, sch.Validate(yamlInstance(t, []byte(bad))), bad)
	}
}
