package testgames

// The reference is tested: every ```yaml block of schema/REFERENCE.md is
// loaded (parsed, validated and compiled) by TestReferenceExamplesLoad, so
// a documented example that stops loading fails the build.
//
// How a block is loaded (the conventions for writers of REFERENCE.md):
//
//   - A block is a fragment: it becomes one file of a ruleset whose other
//     file is a minimal head (game, players, and `flow: []` and
//     `scoring: {score: 0}` unless the fragment or its context has them).
//   - A block whose top level is a list is a list of effects: it is loaded
//     as the `flow`.
//   - A block with a top-level `variant:` key is a variant file: it is
//     applied to the head (and context) as variant-<name>.yaml.
//   - A block is loaded as written, so that it can be pasted: `[...]`
//     (the prose's notation for "some effects") is an error in a block,
//     where `do: [...]` would not load; write the effects, or `[]`.
//   - An HTML comment ending on the line right before the fence either
//     gives the names the example uses without defining them, as YAML
//     loaded as another file:
//
//     <!-- example context:
//     zones: {display: {}}
//     -->
//
//     or opts the block out, with the reason:
//     <!-- example: not loaded, because … -->

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"go.yaml.in/yaml/v3"

	"agon/interpreter"
)

// referenceFile is the reference, relative to this package.
const referenceFile = "../schema/REFERENCE.md"

// example is one ```yaml block of the reference.
type example struct {
	line    int    // of the opening fence, from 1
	src     string // the block's text
	context string // YAML from an "example context" comment
	skip    string // the reason of an "example: not loaded" comment
}

var (
	reContext = regexp.MustCompile(`(?s)^<!--\s*example context:\s*\n(.*)-->$`)
	reSkip    = regexp.MustCompile(`(?s)^<!--\s*example: not loaded, (.+?)\s*-->$`)
)

// commentBefore is the HTML comment that ends right before a fence, or "".
func commentBefore(before string) string {
	before = strings.TrimRight(before, " \t\n")
	i := strings.LastIndex(before, "<!--")
	if i < 0 || !strings.HasSuffix(before, "-->") || strings.Contains(before[i:], "```") {
		return ""
	}
	if j := strings.Index(before[i:], "-->"); j != len(before[i:])-3 {
		return "" // that comment ended earlier; something else follows it
	}
	return before[i:]
}

// referenceExamples extracts the yaml blocks of the reference with the
// comment before each.
func referenceExamples(text string) []example {
	lines := strings.Split(text, "\n")
	var out []example
	for i := 0; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) != "```yaml" {
			continue
		}
		ex := example{line: i + 1}
		c := commentBefore(strings.Join(lines[:i], "\n"))
		if m := reContext.FindStringSubmatch(c); m != nil {
			ex.context = m[1]
		}
		if m := reSkip.FindStringSubmatch(c); m != nil {
			ex.skip = m[1]
		}
		var body []string
		for i++; i < len(lines) && strings.TrimSpace(lines[i]) != "```"; i++ {
			body = append(body, lines[i])
		}
		ex.src = strings.Join(body, "\n") + "\n"
		out = append(out, ex)
	}
	return out
}

// topKeys lists the top-level keys of a YAML mapping ("" for a list, nil
// for anything else or a parse error).
func topKeys(src string) ([]string, bool) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(src), &doc); err != nil || len(doc.Content) == 0 {
		return nil, false
	}
	n := doc.Content[0]
	if n.Kind == yaml.SequenceNode {
		return nil, true
	}
	var keys []string
	for i := 0; i+1 < len(n.Content); i += 2 {
		keys = append(keys, n.Content[i].Value)
	}
	return keys, false
}

// loadExample loads one block as described in the package comment.
func loadExample(ex example) error {
	src := ex.src
	if strings.Contains(src, "[...]") {
		return fmt.Errorf("`[...]` is notation, not YAML: pasted into a ruleset, `do: [...]` gives " +
			"\"expected a mapping, got a string\"; write the effects, or [] for none")
	}
	keys, isList := topKeys(src)
	ctxKeys, _ := topKeys(ex.context)
	has := func(k string) bool {
		for _, x := range append(append([]string(nil), keys...), ctxKeys...) {
			if x == k {
				return true
			}
		}
		return isList && k == "flow"
	}
	if isList {
		src = "flow:\n  " + strings.ReplaceAll(strings.TrimRight(src, "\n"), "\n", "\n  ") + "\n"
	}
	head := "game: example\nplayers: {min: 1, max: 5}\n"
	if !has("scoring") {
		head += "scoring: {score: 0}\n"
	}
	if !has("flow") {
		head += "flow: []\n"
	}
	fsys := fstest.MapFS{
		"example/0head.yaml":    {Data: []byte(head)},
		"example/1context.yaml": {Data: []byte(ex.context)},
	}
	variant := ""
	if has("variant") {
		var v struct{ Variant string }
		if err := yaml.Unmarshal([]byte(src), &v); err != nil || v.Variant == "" {
			return fmt.Errorf("a variant example needs a variant name: %v", err)
		}
		variant = v.Variant
		fsys["example/variant-"+variant+".yaml"] = &fstest.MapFile{Data: []byte(src)}
	} else {
		fsys["example/2example.yaml"] = &fstest.MapFile{Data: []byte(src)}
	}
	_, err := interpreter.Load(fsys, "example", variant)
	return err
}

func TestReferenceExamplesLoad(t *testing.T) {
	data, err := os.ReadFile(referenceFile)
	if err != nil {
		t.Fatal(err)
	}
	examples := referenceExamples(string(data))
	if len(examples) < 10 {
		t.Fatalf("found only %d yaml blocks in %s: is the extraction broken?", len(examples), referenceFile)
	}
	loaded := 0
	for _, ex := range examples {
		if ex.skip != "" {
			t.Logf("%s:%d: not loaded: %s", referenceFile, ex.line, ex.skip)
			continue
		}
		if err := loadExample(ex); err != nil {
			t.Errorf("%s:%d: this example does not load (fix it, give it an <!-- example context: … --> "+
				"comment, or opt it out with <!-- example: not loaded, REASON -->):\n%v", referenceFile, ex.line, err)
			continue
		}
		loaded++
	}
	if loaded < len(examples)*3/4 {
		t.Errorf("only %d of %d examples are loaded: opt-outs are for the exceptions", loaded, len(examples))
	}
}

// TestReferenceExampleLoaderCatchesBadExamples makes sure the loader
// above would notice a broken example of each shape.
func TestReferenceExampleLoaderCatchesBadExamples(t *testing.T) {
	for _, ex := range []example{
		{src: "vars:\n  luxury: {type: int, doc: id of the card, \"\" if none}\n"},
		{src: "vars:\n  x: {type: nit}\n"},
		{src: "- {set: nosuch, to: 1}\n"},
		{src: "functions:\n  f: {returns: int, expr: display}\n"},
		{src: "variant: v\ndescription: x\npatch:\n  flw: []\n"},
		{src: "- {if: true, then: [...]}\n"},
	} {
		if err := loadExample(ex); err == nil {
			t.Errorf("this broken example loads:\n%s", ex.src)
		}
	}
	good := example{src: "- {log: hi}\n", context: "zones: {display: {}}\n"}
	if err := loadExample(good); err != nil {
		t.Errorf("a good effect-list example does not load: %v", err)
	}
}

func TestReferenceExampleMarkers(t *testing.T) {
	text := "x\n<!-- example context:\nzones: {d: {}}\n-->\n```yaml\na: 1\n```\n<!-- example: not loaded, a sketch -->\n```yaml\nb\n```\n```yaml\nc: 1\n```\n"
	exs := referenceExamples(text)
	if len(exs) != 3 {
		t.Fatalf("want 3 blocks, got %d", len(exs))
	}
	if exs[0].context != "zones: {d: {}}\n" || exs[0].skip != "" || exs[0].line != 5 {
		t.Errorf("block 1: %+v", exs[0])
	}
	if exs[1].skip != "a sketch" || exs[1].context != "" {
		t.Errorf("block 2: %+v", exs[1])
	}
	if exs[2].skip != "" || exs[2].context != "" {
		t.Errorf("block 3 must not inherit a marker: %+v", exs[2])
	}
}
