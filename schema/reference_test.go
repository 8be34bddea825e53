package schema

import (
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestReferenceDocumentsEveryTopLevelKey: each top-level key of a ruleset
// (the yaml tags of Ruleset) has a row in REFERENCE.md's "Top level"
// table, and the table lists no key the model lacks.
func TestReferenceDocumentsEveryTopLevelKey(t *testing.T) {
	data, err := os.ReadFile("REFERENCE.md")
	if err != nil {
		t.Fatal(err)
	}
	table := topLevelTable(t, string(data))
	model := map[string]bool{}
	rt := reflect.TypeFor[Ruleset]()
	for i := 0; i < rt.NumField(); i++ {
		key := strings.Split(rt.Field(i).Tag.Get("yaml"), ",")[0]
		if key == "" || key == "-" {
			continue
		}
		model[key] = true
		if !table[key] {
			t.Errorf("top-level key %q is not documented in REFERENCE.md's Top level table", key)
		}
	}
	if len(model) < 10 {
		t.Fatalf("found only %d keys in the model", len(model))
	}
	for key := range table {
		if !model[key] {
			t.Errorf("REFERENCE.md's Top level table documents %q, which a ruleset does not have", key)
		}
	}
}

// topLevelTable returns the keys in the first column of the table under
// "## Top level".
func topLevelTable(t *testing.T, text string) map[string]bool {
	t.Helper()
	_, after, ok := strings.Cut(text, "\n## Top level\n")
	if !ok {
		t.Fatal(`REFERENCE.md has no "## Top level" section`)
	}
	section, _, _ := strings.Cut(after, "\n## ")
	keys := map[string]bool{}
	for _, line := range strings.Split(section, "\n") {
		if k, ok := strings.CutPrefix(line, "| `"); ok {
			if name, _, ok := strings.Cut(k, "`"); ok {
				keys[name] = true
			}
		}
	}
	return keys
}
