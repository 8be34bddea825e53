package interpreter

import (
	"fmt"
	"regexp"
	"strings"
)

// reArgType matches expr's message for an argument of the wrong type:
// "cannot use X as argument (type Y) to call F " (with a trailing space).
var reArgType = regexp.MustCompile(`^cannot use (.+) as argument \(type (.+)\) to call (\S+)\s*$`)

// argTakes says what an overloaded built-in takes, where expr's message
// names only its last overload.
var argTakes = map[string]string{
	"keys": "a map (an intmap, a constant map, a keyed zone family, or a board's regions or paths)",
	"has":  "a map (an intmap or a constant map)",
}

// explainArgType rewrites expr's message for an argument of the wrong type
// in the ruleset's words, as "keys takes a map (…), not a list of cards";
// ok is false for any other message. The message's types have had their
// struct types named (prettyTypes).
func explainArgType(msg string) (string, bool) {
	m := reArgType.FindStringSubmatch(msg)
	if m == nil {
		return "", false
	}
	got, want, fn := m[1], m[2], m[3]
	takes, ok := argTakes[fn]
	if !ok {
		takes = aTypeName(want)
	}
	return fmt.Sprintf("%s takes %s, not %s", fn, takes, aTypeName(got)), true
}

// aTypeName names a Go type, as a message prints it, the ruleset's way
// with an article: "an int", "a list of cards", "an intmap (a map of ints)".
func aTypeName(t string) string {
	switch t {
	case "int", "intmap (a map of ints)":
		return "an " + t
	case "interface {}":
		return "any value"
	case "map[string]int":
		return "an intmap (a map of ints)"
	case "[]map[string]int":
		return "intmaps (a list of intmaps)"
	case "environment":
		return "the environment"
	}
	if s, ok := listOrMapName(t); ok {
		return "a " + s
	}
	return "a " + simpleTypeName(t)
}

// typesName names the elements of a list or map of Go type t: "ints",
// "lists of strings".
func typesName(t string) string {
	switch t {
	case "interface {}":
		return "values"
	case "map[string]int":
		return "intmaps"
	}
	if s, ok := listOrMapName(t); ok {
		if first, rest, found := strings.Cut(s, " of "); found {
			return first + "s of " + rest // list of x → lists of x
		}
		return s + "s"
	}
	return simpleTypeName(t) + "s"
}

// listOrMapName names a list or string-keyed map type without article:
// "list of cards", "map of lists of strings", "list" (of any values).
func listOrMapName(t string) (string, bool) {
	var kind, elem string
	switch {
	case strings.HasPrefix(t, "[]"):
		kind, elem = "list", t[2:]
	case strings.HasPrefix(t, "map[string]"):
		kind, elem = "map", t[len("map[string]"):]
	default:
		return "", false
	}
	if elem == "interface {}" {
		return kind, true
	}
	return kind + " of " + typesName(elem), true
}

// simpleTypeName names a type that is no list or map: "float64" is a
// "number"; the others (int, string, bool, card, player, board, node,
// function) are already the ruleset's words.
func simpleTypeName(t string) string {
	if strings.HasPrefix(t, "float") {
		return "number"
	}
	return t
}
