package schema

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

const schemaURL = "https://agon.invalid/schema/ruleset.schema.json"

// compileSchema compiles JSONSchema.
func compileSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(JSONSchema))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource(schemaURL, doc))
	sch, err := c.Compile(schemaURL)
	require.NoError(t, err)
	return sch
}

// yamlInstance decodes YAML into a JSON-compatible value.
func yamlInstance(t *testing.T, src []byte) any {
	t.Helper()
	var v any
	require.NoError(t, yaml.Unmarshal(src, &v))
	data, err := json.Marshal(v)
	require.NoError(t, err)
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	require.NoError(t, err)
	return inst
}

func TestJSONSchemaAcceptsSample(t *testing.T) {
	sch := compileSchema(t)
	for name, f := range sampleFiles() {
		assert.NoError(t, sch.Validate(yamlInstance(t, f.Data)), name)
	}
	variant := []byte("variant: short\ndescription: x\npatch:\n  cards:\n    power:\n      rows:\n        - {id: a, remove: true}\n")
	assert.NoError(t, sch.Validate(yamlInstance(t, variant)))
	adds := []byte("variant: more\nadds:\n  constants: {extra: 2}\n  vocabularies: {colours: [red, blue]}\n")
	assert.NoError(t, sch.Validate(yamlInstance(t, adds)))
	vocab := []byte("vocabularies: {goods: [wood]}\ncards: {t: {zone: box, attributes: {g: {type: intmap, keys: goods}, k: {type: string, values: [a, b]}}, rows: []}}\n")
	assert.NoError(t, sch.Validate(yamlInstance(t, vocab)))
}

func TestJSONSchemaRejects(t *testing.T) {
	sch := compileSchema(t)
	for _, src := range []string{
		"titel: x\n",
		"players: {min: 0, max: 2}\n",
		"flow:\n  - {set: x, move: y, to: 1}\n",
		"flow:\n  - {set: x, by: 1}\n",
		"flow:\n  - {log: x, then: []}\n",
		"zones: {hand: {owner: players}}\n",
		"vars: {x: {type: nit}}\n",
		"variant: x\npatch: {flw: []}\n",
		"variant: x\ndescription: neither patch nor adds\n",
		"vocabularies: {goods: wood}\n",
		"cards: {t: {zone: box, rows: [{name: no id}]}}\n",
		"boards: {b: {edges: {land: [[a, b, c]]}}}\n",
		"boards: {b: {grid: {rows: 4}}}\n",
		"zones: {z: {keyed_by: 3}}\n",
	} {
		assert.Error(t, sch.Validate(yamlInstance(t, []byte(src))), src)
	}
}

// TestJSONSchemaMatchesDecoder keeps the schema's effect kinds and
// modifiers in step with EffectKinds and EffectModifiers.
func TestJSONSchemaMatchesDecoder(t *testing.T) {
	var doc struct {
		Defs struct {
			Effect struct {
				Properties map[string]json.RawMessage `json:"properties"`
				OneOf      []struct {
					Required   []string                   `json:"required"`
					Properties map[string]json.RawMessage `json:"properties"`
				} `json:"oneOf"`
			} `json:"effect"`
		} `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(JSONSchema, &doc))
	var kinds []string
	for _, alt := range doc.Defs.Effect.OneOf {
		kind := alt.Required[0]
		kinds = append(kinds, kind)
		assert.ElementsMatch(t, requiredModifiers(kind), alt.Required[1:], kind)
		for _, m := range allModifiers() {
			banned := string(alt.Properties[m]) == "false"
			assert.Equal(t, !slices.Contains(EffectModifiers(kind), m), banned, "%s with %s", kind, m)
		}
	}
	assert.Equal(t, EffectKinds(), kinds)
	assert.Len(t, doc.Defs.Effect.Properties, len(EffectKinds())+len(allModifiers()))
	for _, alt := range doc.Defs.Effect.OneOf {
		for _, k := range EffectKinds() {
			banned := string(alt.Properties[k]) == "false"
			assert.Equal(t, k != alt.Required[0], banned, "%s with %s", alt.Required[0], k)
		}
	}
}

// TestShippedRulesetsMatchJSONSchema checks every file under ../rulesets.
func TestShippedRulesetsMatchJSONSchema(t *testing.T) {
	sch := compileSchema(t)
	files, err := filepath.Glob("../rulesets/*/*.yaml")
	require.NoError(t, err)
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.NoError(t, sch.Validate(yamlInstance(t, src)), file)
	}
}

// A variant's patch: and adds: take every top-level key of a ruleset (the
// engine merges any of them): the schema's lists follow the Ruleset type.
// boards was missing, so an editor flagged a variant the engine accepts.
func TestJSONSchemaVariantSectionsAreTheRulesetKeys(t *testing.T) {
	var doc struct {
		Defs struct {
			Variant struct {
				Properties map[string]struct {
					PropertyNames struct {
						Enum []string `json:"enum"`
					} `json:"propertyNames"`
				} `json:"properties"`
			} `json:"variantFile"`
		} `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(JSONSchema, &doc))
	var keys []string
	rt := reflect.TypeFor[Ruleset]()
	for i := range rt.NumField() {
		if key := strings.Split(rt.Field(i).Tag.Get("yaml"), ",")[0]; key != "" && key != "-" {
			keys = append(keys, key)
		}
	}
	for _, section := range []string{"patch", "adds"} {
		assert.ElementsMatch(t, keys, doc.Defs.Variant.Properties[section].PropertyNames.Enum, section)
	}
}
