package schema

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Vocabularies make the words a designer types checkable. A ruleset
// declares named word lists in a top-level `vocabularies:` section;
// attributes and variables refer to one with `values:` (the words a string
// or strings may hold) or `keys:` (the keys an intmap may have). Load then
// checks card rows, defaults and constants against them, and the
// interpreter checks string literals in expressions (see
// interpreter/literals.go).

// Words is a list of allowed words, written either inline as a YAML list
// or as the name of a vocabulary. The zero Words allows anything.
type Words struct {
	Pos Pos
	// Vocabulary names the vocabulary the words come from ("" when they
	// were written inline).
	Vocabulary string
	// List is the words: the inline list, or the vocabulary's words once
	// Validate has resolved the name.
	List []string
}

// IsSet reports whether a list or a vocabulary was given.
func (w Words) IsSet() bool { return w.Vocabulary != "" || len(w.List) > 0 }

// maxListed is how many words a message lists before "… (N in all)".
const maxListed = 10

// String describes the words for messages: "wood, stone" or
// "resources: wood, stone"; a long list is cut after maxListed words.
func (w Words) String() string {
	list := strings.Join(w.List, ", ")
	if len(w.List) > maxListed {
		list = strings.Join(w.List[:maxListed], ", ") + fmt.Sprintf(", … (%d in all)", len(w.List))
	}
	if w.Vocabulary != "" {
		return w.Vocabulary + ": " + list
	}
	return list
}

// words decodes a list of strings or the name of a vocabulary.
func (d *decoder) words(file string, n *yaml.Node) Words {
	w := Words{Pos: nodePos(file, n)}
	switch {
	case isNull(n):
	case n.Kind == yaml.ScalarNode:
		w.Vocabulary = n.Value
	case n.Kind == yaml.SequenceNode:
		w.List = []string{}
		for _, c := range n.Content {
			c = resolve(c)
			if c.Kind != yaml.ScalarNode || isNull(c) {
				d.wrongKind(file, c, "a word")
				continue
			}
			w.List = append(w.List, c.Value)
		}
	default:
		d.wrongKind(file, n, "a list of words or the name of a vocabulary")
	}
	return w
}

// vocabularies checks the declared vocabularies: names, and words that
// are names, non-empty and not repeated.
func (v *validator) vocabularies() {
	for _, name := range v.rs.VocabularyOrder {
		w := v.rs.Vocabularies[name]
		v.ident(w.Pos, "vocabulary", name)
		if w.Vocabulary != "" {
			v.ds.Addf(w.Pos, "vocabulary %s: expected a list of words, got the name %q", name, w.Vocabulary)
			continue
		}
		if len(w.List) == 0 {
			v.ds.Addf(w.Pos, "vocabulary %s has no words", name)
		}
		for i, word := range w.List {
			if word == "" {
				v.ds.Addf(w.Pos, "vocabulary %s: word %d is empty", name, i+1)
			} else if slices.Contains(w.List[:i], word) {
				v.ds.Addf(w.Pos, "vocabulary %s: %q is listed twice", name, word)
			}
		}
	}
}

// resolveWords fills w.List from the vocabulary w names, reporting an
// unknown name. It reports whether w is usable.
func (v *validator) resolveWords(w *Words, what string) bool {
	if w.Vocabulary == "" {
		return true
	}
	voc, ok := v.rs.Vocabularies[w.Vocabulary]
	if !ok {
		v.ds.Addf(w.Pos, "%s: unknown vocabulary %q%s", what, w.Vocabulary, DidYouMean(w.Vocabulary, v.rs.VocabularyOrder))
		return false
	}
	w.List = voc.List
	return true
}

// fieldWords resolves and checks the values: and keys: of an attribute,
// prop or variable of type typ.
// A type that is none is reported where it is written, not here again.
func (v *validator) fieldWords(what, typ string, values, keys *Words) {
	known := slices.Contains(valueTypes(), typ)
	if v.resolveWords(values, what) && values.IsSet() && known && typ != "string" && typ != "strings" {
		v.ds.Addf(values.Pos, "%s: values only apply to string and strings, not %s", what, typ)
	}
	if v.resolveWords(keys, what) && keys.IsSet() && known && typ != "intmap" {
		v.ds.Addf(keys.Pos, "%s: keys only apply to intmap, not %s", what, typ)
	}
}

// wordProblems reports the strings of val outside values and the keys of
// val outside keys.
func (v *validator) wordProblems(val Value, what string, values, keys Words) {
	if len(values.List) > 0 {
		for _, s := range stringsIn(val.V) {
			if !slices.Contains(values.List, s) {
				v.ds.Addf(val.Pos, "%s: %q is not one of %s%s", what, s, values, DidYouMean(s, values.List))
			}
		}
	}
	m, ok := val.V.(map[string]any)
	if !ok || len(keys.List) == 0 {
		return
	}
	for _, k := range sortedKeys(m) {
		if !slices.Contains(keys.List, k) {
			v.ds.Addf(val.KeyPos(k), "%s: unknown key %q%s; keys are %s", what, k, DidYouMean(k, keys.List), keys)
		}
	}
}

// varWords resolves the values: and keys: of every variable.
func (v *validator) varWords() {
	v.eachVar(func(what, name string, x *Var) {
		v.fieldWords(what+" "+name, x.Type, &x.Values, &x.Keys)
	})
}

// constantWords checks constants against the vocabularies they use: a
// constant map most of whose keys (or a list most of whose strings) are
// words of one vocabulary must use only that vocabulary's words. A
// misspelt key is otherwise a new key that no rule reads.
func (v *validator) constantWords() {
	for _, name := range v.rs.ConstantOrder {
		val := v.rs.Constants[name]
		what := "constant " + name
		if m, ok := val.V.(map[string]any); ok {
			if voc := v.mostlyIn(sortedKeys(m)); voc != "" {
				v.wordProblems(val, what, Words{}, v.named(voc))
			}
			continue
		}
		if voc := v.mostlyIn(stringsIn(val.V)); voc != "" {
			v.wordProblems(val, what, v.named(voc), Words{})
		}
	}
}

// named returns the vocabulary name as resolved Words.
func (v *validator) named(name string) Words {
	return Words{Vocabulary: name, List: v.rs.Vocabularies[name].List}
}

// mostlyIn returns the first vocabulary holding more than half of words
// (and at least two of them), or "".
func (v *validator) mostlyIn(words []string) string {
	for _, name := range v.rs.VocabularyOrder {
		in := 0
		for _, w := range words {
			if slices.Contains(v.rs.Vocabularies[name].List, w) {
				in++
			}
		}
		if in >= 2 && 2*in > len(words) {
			return name
		}
	}
	return ""
}

// ConstantKeys returns the vocabulary whose words are all the keys of the
// intmap constant name (the zero Words when there is none): expressions
// indexing the constant with a literal are checked against it.
func (rs *Ruleset) ConstantKeys(name string) Words {
	val, ok := rs.Constants[name]
	if !ok {
		return Words{}
	}
	m, ok := val.V.(map[string]any)
	if !ok || len(m) < 2 {
		return Words{}
	}
	for _, voc := range rs.VocabularyOrder {
		list := rs.Vocabularies[voc].List
		all := true
		for k := range m {
			all = all && slices.Contains(list, k)
		}
		if all {
			return Words{Vocabulary: voc, List: list}
		}
	}
	return Words{}
}

// KeyPos returns the position of key k of a mapping value, or the
// value's position.
func (val Value) KeyPos(k string) Pos {
	if p, ok := val.Keys[k]; ok {
		return p
	}
	return val.Pos
}
