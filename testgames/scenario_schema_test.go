package testgames

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// TestScenarioJSONSchema checks schema/scenario.schema.json (what editors
// use for completion) against every shipped scenario file, and that it
// rejects the mistakes ReadScenario rejects.
func TestScenarioJSONSchema(t *testing.T) {
	const url = "https://agon.invalid/schema/scenario.schema.json"
	data, err := os.ReadFile("../schema/scenario.schema.json")
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource(url, doc))
	sch, err := c.Compile(url)
	require.NoError(t, err)

	files, err := filepath.Glob(filepath.Join("*", "scenarios", "*.yaml"))
	require.NoError(t, err)
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		inst := jsonInstance(t, src)
		if strings.HasPrefix(f, "invalid") {
			continue // broken on purpose, some only at run time
		}
		assert.NoError(t, sch.Validate(inst), f)
	}
	for _, src := range []string{
		"scenario: x\ngame: g\n",
		"scenario: x\ngame: g\nplayers: 2\nstart: first_decison\n",
		"scenario: x\ngame: g\nplayers: 2\nsteps: [{asks: 0, option: [a]}]\n",
		"scenario: x\ngame: g\nplayers: 2\nsteps: [{finished: yes}]\n",
		"scenario: x\ngame: g\nplayers: 2\nsteps: [{check: a, decide: 0}]\n",
	} {
		assert.Error(t, sch.Validate(jsonInstance(t, []byte(src))), src)
	}
}

// jsonInstance decodes YAML into a JSON-compatible value.
func jsonInstance(t *testing.T, src []byte) any {
	t.Helper()
	var v any
	require.NoError(t, yaml.Unmarshal(src, &v))
	data, err := json.Marshal(v)
	require.NoError(t, err)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	require.NoError(t, err)
	return inst
}
