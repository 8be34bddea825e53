package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/sim"
)

var updateJSONFields = flag.Bool("update-json-fields", false, "rewrite cmd/agon/testdata/json/*.txt from the Go types")

// jsonOutputs are the Go types each command prints with --json, named as
// the files of testdata/json that list their fields.
var jsonOutputs = []struct {
	name string
	v    any
}{
	{"validate", validateReport{}},
	{"simulate", sim.Report{}},      // also merge, and simulate --stats files
	{"simulate-set", sweepReport{}}, // simulate --set
	{"compare", compareReport{}},
	{"compare-set", compareSweep{}}, // compare --set
	{"bench", benchReport{}},
	{"replay", replayJSON{}},
	{"replay-files", replaySummary{}}, // several files
	{"explain", explainJSON{}},
	{"failure", jsonFailure{}}, // any --json command that fails
	{"version", versionInfo{}},
}

// TestJSONFieldsArePinned lists every field path of each command's --json
// output, from its Go type, and compares the list with testdata/json:
// renaming, removing or adding a field people may script against fails
// here until the file is rewritten on purpose (go test ./cmd/agon -run
// JSONFields -update-json-fields) and the change read in its diff. The
// files are also the reference of the fields (README, "JSON output").
func TestJSONFieldsArePinned(t *testing.T) {
	for _, o := range jsonOutputs {
		got := strings.Join(jsonPaths(reflect.TypeOf(o.v)), "\n") + "\n"
		file := filepath.Join("testdata", "json", o.name+".txt")
		if *updateJSONFields {
			require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
			continue
		}
		want, err := os.ReadFile(file)
		require.NoError(t, err, "%s: run go test ./cmd/agon -run JSONFields -update-json-fields", o.name)
		assert.Equal(t, string(want), got, "%s's --json fields changed: if on purpose, rewrite %s with -update-json-fields and say why in the commit", o.name, file)
	}
}

// jsonPaths lists the field paths encoding/json writes for type t, sorted:
// "a.b" for a field b of an object a, "a[]" for the elements of a list,
// "a{}" for the values of a map (keys are data: card ids, seats, names).
func jsonPaths(t reflect.Type) []string {
	set := map[string]bool{}
	walkJSON(t, "", set, map[reflect.Type]int{})
	out := make([]string, 0, len(set))
	for p := range set {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// walkJSON adds the paths under prefix for type t (seen counts the
// structs being walked, to end recursion).
func walkJSON(t reflect.Type, prefix string, set map[string]bool, seen map[reflect.Type]int) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return // []byte: a string
		}
		set[prefix+"[]"] = true
		walkJSON(t.Elem(), prefix+"[]", set, seen)
	case reflect.Map:
		set[prefix+"{}"] = true
		walkJSON(t.Elem(), prefix+"{}", set, seen)
	case reflect.Struct:
		if seen[t] >= 2 {
			return // a type inside itself (a Summary's by_players) is listed one level down
		}
		seen[t]++
		defer func() { seen[t]-- }()
		for i := range t.NumField() {
			walkField(t.Field(i), prefix, set, seen)
		}
	}
}

// walkField adds a struct field's paths: its JSON name, or its own
// fields when it is embedded without a name (encoding/json lifts them).
func walkField(f reflect.StructField, prefix string, set map[string]bool, seen map[reflect.Type]int) {
	tag := f.Tag.Get("json")
	name, _, _ := strings.Cut(tag, ",")
	if name == "-" || (!f.IsExported() && !f.Anonymous) {
		return
	}
	ft := f.Type
	for ft.Kind() == reflect.Pointer {
		ft = ft.Elem()
	}
	if f.Anonymous && name == "" && ft.Kind() == reflect.Struct {
		walkJSON(ft, prefix, set, seen)
		return
	}
	if !f.IsExported() {
		return
	}
	if name == "" {
		name = f.Name
	}
	path := name
	if prefix != "" {
		path = prefix + "." + name
	}
	set[path] = true
	if _, custom := reflect.New(ft).Interface().(json.Marshaler); custom && ft.Kind() != reflect.Struct {
		return // written its own way
	}
	walkJSON(ft, path, set, seen)
}

// TestJSONOutputsMatchTheirFields runs every command with --json on a
// small case and requires every field of what it prints to be in its
// testdata/json list, so that the lists are the real outputs' fields and
// not only their Go types'.
func TestJSONOutputsMatchTheirFields(t *testing.T) {
	game := recordGame(t)
	second := filepath.Join(t.TempDir(), "second.yaml")
	data, err := os.ReadFile(game)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(second, data, 0o644))
	small := []string{"--players", "2", "--games", "4", "--seed", "1", "--json"}
	runs := []struct {
		name string
		args []string
	}{
		{"validate", []string{"validate", "peloponnes", "--provisional", "--json"}},
		{"simulate", append([]string{"simulate", "peloponnes"}, small...)},
		{"simulate-set", append([]string{"simulate", "peloponnes", "--set", "rounds=6,7"}, small...)},
		{"compare", append([]string{"compare", "peloponnes", "--variant", "harsh-catastrophes"}, small...)},
		{"compare-set", append([]string{"compare", "peloponnes", "--set", "rounds=6"}, small...)},
		{"bench", []string{"bench", "peloponnes", "--players", "2", "--games", "3", "--functions", "--json"}},
		{"replay", []string{"replay", game, "--json"}},
		{"replay-files", []string{"replay", game, second, "--json"}},
		{"explain", []string{"explain", game, "--step", "3", "--json"}},
		{"failure", []string{"simulate", "nosuchgame", "--json"}},
		{"version", []string{"version", "--json"}},
	}
	for _, r := range runs {
		_, out, stderr := runCLI(t, "", r.args...)
		var v any
		require.NoError(t, json.Unmarshal([]byte(out), &v), "%s: %s\n%s", r.name, out, stderr)
		want, err := os.ReadFile(filepath.Join("testdata", "json", r.name+".txt"))
		require.NoError(t, err)
		fields := map[string]bool{}
		for _, p := range strings.Fields(string(want)) {
			fields[p] = true
		}
		var unknown []string
		seenFields(v, "", fields, &unknown)
		assert.Empty(t, unknown, "%s: fields printed that testdata/json/%s.txt does not list", r.name, r.name)
	}
}

// seenFields walks a decoded JSON value and appends to unknown each path
// whose field the list does not have (a map's keys match "{}").
func seenFields(v any, prefix string, fields map[string]bool, unknown *[]string) {
	join := func(name string) string {
		if prefix == "" {
			return name
		}
		return prefix + "." + name
	}
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch {
			case fields[join(k)]:
				seenFields(e, join(k), fields, unknown)
			case fields[prefix+"{}"]:
				seenFields(e, prefix+"{}", fields, unknown)
			default:
				*unknown = append(*unknown, join(k))
			}
		}
	case []any:
		for _, e := range x {
			seenFields(e, prefix+"[]", fields, unknown)
		}
	}
}
