package transcript

import (
	"bytes"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Comments in a transcript file are kept as data, so that a tool that
// reads a transcript and writes it again with Marshal (testgames'
// -update) keeps the comments people wrote in it. They are placed by
// lines: Read gives each comment line to the next line of the file that
// starts with a key (a header key, a step's first or other key, a key of
// result:), and each comment at the end of such a line to that line's
// key; Marshal writes them back at the lines it writes for those keys.
// The format itself is unchanged: comments still mean nothing to replay.

// marshalHead is the comment line Marshal writes first. Read leaves it
// out of HeadComments, so that it is not written twice.
const marshalHead = "# agon transcript"

// Comments are the comments of one part of a transcript file (a step, or
// the header and result of the transcript), by the key that starts the
// line they belong to ("decide", "key", "seed", "scores", …). Each
// comment is its text as written, "#" included; a blank line before,
// between or after comment lines above a line is "". The zero value has
// no comments.
type Comments struct {
	// Above are the comment lines above a key's line.
	Above map[string][]string
	// End is the comment at the end of a key's line.
	End map[string]string
}

// IsZero reports whether there are no comments.
func (c Comments) IsZero() bool { return len(c.Above) == 0 && len(c.End) == 0 }

// AddAbove adds comment lines above the key's line, after those there.
func (c *Comments) AddAbove(key string, lines ...string) {
	if len(lines) == 0 {
		return
	}
	if c.Above == nil {
		c.Above = map[string][]string{}
	}
	c.Above[key] = append(c.Above[key], lines...)
}

// PrependAbove adds comment lines above the key's line, before those
// there.
func (c *Comments) PrependAbove(key string, lines ...string) {
	if len(lines) == 0 {
		return
	}
	if c.Above == nil {
		c.Above = map[string][]string{}
	}
	c.Above[key] = append(slices.Clone(lines), c.Above[key]...)
}

// addEnd adds a comment at the end of the key's line.
func (c *Comments) addEnd(key, text string) {
	if c.End == nil {
		c.End = map[string]string{}
	}
	if old := c.End[key]; old != "" {
		text = old + " " + text
	}
	c.End[key] = text
}

// Lines returns every comment as comment lines, for moving them above
// another line: keys in order first (each key's lines above, then its
// end comment), then any other keys sorted.
func (c Comments) Lines(order ...string) []string {
	var out []string
	for _, k := range allKeys(c, order) {
		out = append(out, c.Above[k]...)
		if e := c.End[k]; e != "" {
			out = append(out, e)
		}
	}
	return out
}

// Clone returns a copy that shares nothing with c.
func (c Comments) Clone() Comments {
	var out Comments
	for k, v := range c.Above {
		out.AddAbove(k, v...)
	}
	for k, v := range c.End {
		out.addEnd(k, v)
	}
	return out
}

// allKeys lists the keys c has comments for: those of order first, in
// that order, then the others sorted.
func allKeys(c Comments, order []string) []string {
	keys := slices.Clone(order)
	var more []string
	for k := range c.Above {
		if !slices.Contains(keys, k) && !slices.Contains(more, k) {
			more = append(more, k)
		}
	}
	for k := range c.End {
		if !slices.Contains(keys, k) && !slices.Contains(more, k) {
			more = append(more, k)
		}
	}
	slices.Sort(more)
	return append(keys, more...)
}

// stepKeyOrder lists the keys a step of the kind may have, its kind first.
func stepKeyOrder(kind string) []string {
	return append([]string{kind}, stepKeys[kind]...)
}

// transcriptKeyOrder lists the keys of the header and result lines in the
// order Marshal writes them.
var transcriptKeyOrder = append(slices.Clone(headerKeys), resultKeys...)

// line is one line Marshal writes: the key it starts with, the indent of
// comment lines above it, its text.
type line struct{ key, indent, text string }

// writeLines writes lines with their comments. Comments of keys that have
// no line go above the next line that has one; those after the last line
// go to rest (nil: above the first line instead). after, if not nil, is
// called after each line with its key.
func writeLines(b *bytes.Buffer, c Comments, order []string, lines []line, rest *[]string, after func(key string)) {
	written := map[string]bool{}
	for _, l := range lines {
		written[l.key] = true
	}
	before := map[string][]string{} // carried comments, by the key of the line they go above
	var carry, late []string        // late: carried above the first line, after its own
	for _, k := range allKeys(c, order) {
		if written[k] {
			before[k], carry = carry, nil
			continue
		}
		carry = append(carry, c.Above[k]...)
		if e := c.End[k]; e != "" {
			carry = append(carry, e)
		}
	}
	if len(carry) > 0 {
		if rest != nil {
			*rest = append(carry, *rest...)
		} else {
			late = carry
		}
	}
	for i, l := range lines {
		above := append(slices.Clone(before[l.key]), c.Above[l.key]...)
		if i == 0 {
			above = append(above, late...)
		}
		for _, cl := range above {
			writeCommentLine(b, l.indent, cl)
		}
		b.WriteString(l.text)
		if e := c.End[l.key]; e != "" {
			b.WriteString(" " + e)
		}
		b.WriteByte('\n')
		if after != nil {
			after(l.key)
		}
	}
}

// writeCommentLine writes one comment line ("" is a blank line).
func writeCommentLine(b *bytes.Buffer, indent, text string) {
	if text != "" {
		b.WriteString(indent + text)
	}
	b.WriteByte('\n')
}

// anchor is a line comments can belong to: a key of a part.
type anchor struct {
	c    *Comments
	key  string
	head bool // the file's first key: comments above it are HeadComments
}

// readComments fills in the comments of t from the file's text and its
// node tree (doc, whose top mapping is already decoded into t).
func readComments(data []byte, doc *yaml.Node, t *Transcript) {
	root := doc.Content[0]
	anchors := map[int]anchor{}
	var lines []int // the anchors' lines, ascending
	add := func(n *yaml.Node, a anchor) {
		if _, ok := anchors[n.Line]; !ok {
			anchors[n.Line] = a
			lines = append(lines, n.Line)
		}
	}
	var ends []func() // set the end comments, once anchors are known
	pairs := func(m *yaml.Node, c *Comments, first bool) {
		for i := 0; i+1 < len(m.Content); i += 2 {
			k, v := m.Content[i], m.Content[i+1]
			add(k, anchor{c: c, key: k.Value, head: first && i == 0})
			ends = append(ends, func() {
				if k.LineComment != "" {
					c.addEnd(k.Value, k.LineComment)
				}
				if v.LineComment != "" && v.Line == k.Line && v.Kind != yaml.MappingNode {
					c.addEnd(k.Value, v.LineComment)
				}
			})
		}
	}
	stepAt := map[int]int{} // a step's line → its index in t.Steps
	for i := len(t.Steps) - 1; i >= 0; i-- {
		stepAt[t.Steps[i].Line] = i
	}
	pairs(root, &t.Comments, true)
	for i := 0; i+1 < len(root.Content); i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch {
		case k.Value == "steps" && v.Kind == yaml.SequenceNode:
			for _, item := range v.Content {
				if j, ok := stepAt[item.Line]; ok && item.Kind == yaml.MappingNode {
					pairs(item, &t.Steps[j].Comments, false)
				}
			}
		case k.Value == "result" && v.Kind == yaml.MappingNode:
			pairs(v, &t.Comments, false)
		}
	}
	slices.Sort(lines)

	// What yaml.v3 found, to tell comment lines from text that looks like
	// one (in a block scalar), and to keep the comments found elsewhere.
	found := map[string]int{} // comment lines (trimmed) → how many
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		for _, s := range []string{n.HeadComment, n.LineComment, n.FootComment} {
			for _, l := range strings.Split(s, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					found[l]++
				}
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(doc)
	placed := map[string]int{}

	// Comment lines, each given to the next anchor line, with the blank
	// lines around them (one for several).
	var pending []string
	give := func(a anchor) {
		if a.head {
			t.HeadComments = append(t.HeadComments, pending...)
		} else {
			a.c.AddAbove(a.key, pending...)
		}
		pending = nil
	}
	for i, text := range strings.Split(string(data), "\n") {
		l := strings.TrimSpace(text)
		switch {
		case l == "":
			if len(pending) == 0 || pending[len(pending)-1] != "" {
				pending = append(pending, "")
			}
		case strings.HasPrefix(l, "#") && found[l] > placed[l]:
			placed[l]++
			pending = append(pending, l)
		default:
			if !hasComment(pending) {
				pending = nil
			} else if a, ok := anchors[i+1]; ok {
				give(a)
			}
		}
	}
	if !hasComment(pending) {
		pending = nil
	}
	for len(pending) > 0 && pending[len(pending)-1] == "" {
		pending = pending[:len(pending)-1]
	}
	t.FootComments = pending
	for _, f := range ends {
		f()
	}
	for _, c := range allComments(t) {
		for _, e := range c.End {
			placed[strings.TrimSpace(e)]++
		}
	}

	// Comments yaml.v3 found that are neither: above the next anchor.
	var keep func(n *yaml.Node)
	keep = func(n *yaml.Node) {
		for _, s := range []string{n.HeadComment, n.LineComment, n.FootComment} {
			for _, l := range strings.Split(s, "\n") {
				if l = strings.TrimSpace(l); l == "" || placed[l] > 0 {
					if l != "" {
						placed[l]--
					}
					continue
				}
				j, _ := slices.BinarySearch(lines, n.Line)
				if j == len(lines) {
					t.FootComments = append(t.FootComments, l)
					continue
				}
				pending = []string{l}
				give(anchors[lines[j]])
			}
		}
		for _, c := range n.Content {
			keep(c)
		}
	}
	keep(doc)
	if len(t.HeadComments) > 0 && t.HeadComments[0] == marshalHead {
		t.HeadComments = t.HeadComments[1:]
	}
	if !hasComment(t.HeadComments) {
		t.HeadComments = nil
	}
}

// hasComment reports whether lines has a comment line, not only blank
// ones.
func hasComment(lines []string) bool {
	return slices.ContainsFunc(lines, func(l string) bool { return l != "" })
}

// allComments lists the comments of the transcript and its steps.
func allComments(t *Transcript) []*Comments {
	out := []*Comments{&t.Comments}
	for i := range t.Steps {
		out = append(out, &t.Steps[i].Comments)
	}
	return out
}
