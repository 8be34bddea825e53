package schema

import (
	"fmt"

	"go.yaml.in/yaml/v3"
)

// A ruleset, transcript or scenario comes from anyone, and yaml.v3 builds
// a node of about 200 bytes for every value of a file before agon sees
// any: a list of four million 1s (8 MB) took a gigabyte. So the nodes a
// file may hold are bounded, and counted before the file is parsed: every
// node but a document's root comes after one of the marks - : ? , [ { and
// one mark brings at most three nodes (a mapping, a key and its value), so
// a file with no more marks than the limit parses into at most three times
// the limit's nodes. The exact count (aliases expanded) is checked after.
const (
	// MaxNodes is the most YAML nodes a ruleset file may hold, aliases
	// expanded ("billion laughs" bombs are stopped before decoding).
	MaxNodes = 100000
	// MaxRulesetNodes is the most YAML nodes the base files of a ruleset
	// may hold together.
	MaxRulesetNodes = 250000
	// MaxTranscriptNodes is the most YAML nodes a transcript or scenario
	// file may hold (a game of MaxDecisions decisions writes about 11 per
	// decision).
	MaxTranscriptNodes = 300000
)

// PrecheckNodes reports, before src is parsed, a file with more of the
// marks that start a YAML node (- : ? , [ {) than limit nodes: parsing it
// could take far more memory than its size. The diagnostic is at the mark
// that passes the limit; name is the limit's name for the message. It
// returns nil for a file within the limit.
func PrecheckNodes(file string, src []byte, limit int, name string) *Diagnostic {
	marks, line, start := 0, 1, 0
	for i, c := range src {
		switch c {
		case '\n':
			line, start = line+1, i+1
		case '-', ':', '?', ',', '[', '{':
			if marks++; marks > limit {
				return &Diagnostic{Pos: Pos{File: file, Line: line, Col: i - start + 1}, Structure: true,
					Msg: fmt.Sprintf("more than %d YAML nodes in one file (limit %s): the file passes %d of the marks that start a node (- : ? , [ {) here, so it was not read%s", limit, name, limit, splitHint(name))}
			}
		}
	}
	return nil
}

// CheckNodes reports a parsed file of more than limit nodes (not counting
// what aliases expand to) at the node that passes the limit; nil if
// within it.
func CheckNodes(file string, doc *yaml.Node, limit int, name string) *Diagnostic {
	if n, _ := countNodes(doc); n <= limit {
		return nil
	}
	return &Diagnostic{Pos: nodePos(file, nthNode(doc, limit+1)), Structure: true,
		Msg: fmt.Sprintf("more than %d YAML nodes in one file (limit %s): the file passes the limit here%s", limit, name, splitHint(name))}
}

// splitHint is how to fix a file over the limit name: a ruleset's file
// can be split.
func splitHint(name string) string {
	if name == "MaxNodes" {
		return "; split it into several files"
	}
	return ""
}

// nthNode is the n-th node of root's tree in document order (1 is root),
// or the last one.
func nthNode(root *yaml.Node, n int) *yaml.Node {
	stack, last := []*yaml.Node{root}, root
	for len(stack) > 0 && n > 0 {
		last = stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n--
		for i := len(last.Content) - 1; i >= 0; i-- {
			stack = append(stack, last.Content[i])
		}
	}
	return last
}

// selfAlias finds an alias inside the node its anchor names (x: &x [*x]),
// which would expand forever, and returns it with that anchor's node;
// above holds the nodes above n.
func selfAlias(n *yaml.Node, above map[*yaml.Node]bool) (alias, anchor *yaml.Node) {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		if above[n.Alias] {
			return n, n.Alias
		}
		return nil, nil
	}
	if above == nil {
		above = map[*yaml.Node]bool{}
	}
	above[n] = true
	defer delete(above, n)
	for _, c := range n.Content {
		if a, b := selfAlias(c, above); a != nil {
			return a, b
		}
	}
	return nil, nil
}
