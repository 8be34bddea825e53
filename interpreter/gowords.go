package interpreter

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// expr reports a value it cannot work with the way Go does: a builtin
// panics with a Go type assertion's or reflect's message, an operator
// with the operands' Go types ("invalid operation: int + []interface
// {}"), a division by zero with the runtime's. rulesetWords rewrites
// those messages, at load and at run time, in the ruleset's words (a
// list, a map of ints, nothing), so that no Go type name or Go package
// reaches a ruleset's author.

// goMessages are expr's messages rulesetWords knows, in the order it tries
// them, each with its rewrite (m is the match and its groups).
var goMessages = []struct {
	re      *regexp.Regexp
	rewrite func(m []string) string
}{
	{regexp.MustCompile(`^runtime error: integer divide by zero$`), func([]string) string { return "division by zero" }},
	{regexp.MustCompile(`^unexpected token Operator\("="\)$`),
		func([]string) string {
			return `unexpected "=": use == to compare (a single = only names a value in let x = …;)`
		}},
	{regexp.MustCompile(`^(?:runtime error: index out of range \[(-?\d+)\] with length (\d+)|index out of range: (-?\d+) \(array length is (\d+)\))$`),
		func(m []string) string { return indexOutOfRange(m[1]+m[3], m[2]+m[4]) }},
	{regexp.MustCompile(`^(?:runtime error: slice bounds out of range|reflect(?:: |\.Value\.\w+: )(?:slice )?(?:index|bounds) out of (?:range|bounds))`),
		func([]string) string { return "index out of range" }},
	{regexp.MustCompile(`^interface conversion: interface \{\} is (.+), not (.+)$`),
		func(m []string) string {
			return fmt.Sprintf("expected %s, got %s", aGoTypeName(m[2]), aGoTypeName(m[1]))
		}},
	{regexp.MustCompile(`^reflect[.\w]*: value of type (.+) is not assignable to type (.+)$`),
		func(m []string) string {
			return fmt.Sprintf("expected %s, got %s", aGoTypeName(m[2]), aGoTypeName(m[1]))
		}},
	{regexp.MustCompile(`^reflect: call of reflect\.Value\.(\w+) on (\w+) Value$`), reflectCallWords},
	{regexp.MustCompile(`^invalid operation: (int|float)\((.*)\)$`), convertWords},
	{regexp.MustCompile(`^invalid argument for (\w+) \(type (.+)\)$`),
		func(m []string) string { return fmt.Sprintf("%s cannot take %s", m[1], aGoTypeName(m[2])) }},
	{regexp.MustCompile(`^invalid operation: (\S+) \(mismatched types (.+) and (.+)\)$`),
		func(m []string) string {
			return fmt.Sprintf("cannot apply %s to %s and %s", m[1], aGoTypeName(m[2]), aGoTypeName(m[3]))
		}},
	{regexp.MustCompile(`^invalid operation: (.+?) (\+|-|\*|/|%|\*\*|\^|<|>|<=|>=|\.\.) (.+)$`),
		func(m []string) string {
			return fmt.Sprintf("cannot apply %s to %s and %s", m[2], aGoTypeName(m[1]), aGoTypeName(m[3]))
		}},
	{regexp.MustCompile(`^invalid operation: ([-+]) (.+)$`),
		func(m []string) string { return fmt.Sprintf("cannot apply %s to %s", m[1], aGoTypeName(m[2])) }},
	{regexp.MustCompile(`^(?:array elements can only be selected using an integer \(got|non-integer slice index) (\w+)\)?$`),
		func(m []string) string { return "a list's index must be an int, not " + aGoTypeName(m[1]) }},
}

// goTypeWords name the Go types that may be left in a message none of
// goMessages matched ("cannot reverse <nil>"), longest first.
var goTypeWords = strings.NewReplacer(
	"map[string]interface {}", "map", "[]interface {}", "list", "map[string]int", "intmap",
	"interface {}", "any value", "<nil>", "nothing", "float64", "number")

var (
	reIntLiteral = regexp.MustCompile(`invalid integer literal: strconv\.\w+: parsing "([^"]*)": value out of range`)
	reBadNil     = regexp.MustCompile(`%!\w\(<nil>\)`)
)

// rulesetWords is msg, an error message of expr (or of a function it
// called), in the ruleset's words; a message it does not know comes back
// as it is.
func rulesetWords(msg string) string {
	msg = reBadNil.ReplaceAllString(msg, "<nil>")
	if m := reIntLiteral.FindStringSubmatch(msg); m != nil {
		return strings.Replace(msg, m[0], intLiteralTooLarge(m[1]), 1)
	}
	for _, k := range goMessages {
		if m := k.re.FindStringSubmatch(msg); m != nil {
			return nothingHint(k.rewrite(m))
		}
	}
	if m, ok := explainArgType(msg); ok {
		return m
	}
	return nothingHint(goTypeWords.Replace(msg))
}

// nothingHint adds, to a message about a value that is nothing (nil),
// where such a value comes from: `max(xs) + 1` of an empty list said
// "cannot apply + to an int and nothing" and no more.
func nothingHint(msg string) string {
	if strings.HasSuffix(msg, " nothing") || strings.Contains(msg, " nothing and ") {
		return msg + " (max, min, first and last of an empty list are nothing, and so is findIndex when nothing matches: give a default with ??, as in max(xs) ?? 0)"
	}
	return msg
}

// convertWords rewrites expr's failed int() or float(): of a string that
// is no number expr prints the string, of anything else its Go type.
func convertWords(m []string) string {
	if isGoTypeName(m[2]) {
		return fmt.Sprintf("expected a number, got %s", aGoTypeName(m[2]))
	}
	return fmt.Sprintf("%s(%q): not a number", m[1], m[2])
}

// indexOutOfRange is the message for an index beyond a list or string
// of length n (index and n empty when the message gave neither).
func indexOutOfRange(index, n string) string {
	switch {
	case index == "":
		return "index out of range"
	case n == "0":
		return fmt.Sprintf("index out of range: %s (it is empty)", index)
	}
	return fmt.Sprintf("index out of range: %s (length %s)", index, n)
}

// isGoTypeName tells a Go type's name, as fmt's %T prints the types of
// the values expressions hold, from other text.
func isGoTypeName(s string) bool {
	switch s {
	case "int", "bool", "string", "float64", "<nil>":
		return true
	}
	return strings.HasPrefix(s, "[]") || strings.HasPrefix(s, "map[")
}

// intLiteralTooLarge is the message for an integer literal beyond an
// int's range.
func intLiteralTooLarge(text string) string {
	if strings.HasPrefix(text, "-") {
		return fmt.Sprintf("integer literal %s out of range (the smallest is %d)", text, math.MinInt)
	}
	return fmt.Sprintf("integer literal %s out of range (the largest is %d)", text, math.MaxInt)
}

// aGoTypeName names a Go type as fmt's %T prints it, the ruleset's way
// with an article: "an int", "a list", "a map of ints", "nothing".
func aGoTypeName(t string) string {
	switch t {
	case "<nil>", "nil":
		return "nothing"
	case "map[string]interface {}":
		return "a map"
	case "[]interface {}":
		return "a list"
	case "float64", "float32":
		return "a number"
	case "[]uint8":
		return "a string"
	}
	return aTypeName(t)
}

// reflectCallWords says what a reflect call was given that it cannot
// take: Len takes a list, a map or a string; Index (a builtin walking a
// list by position: map, filter, sum) takes a list only.
func reflectCallWords(m []string) string {
	want := "a list, a map or a string"
	if m[1] == "Index" {
		want = "a list"
	}
	return "expected " + want + ", got " + aGoKindName(m[2])
}

// aGoKindName names a reflect.Kind, as reflect's messages print it.
func aGoKindName(k string) string {
	switch k {
	case "zero", "invalid":
		return "nothing"
	case "slice", "array":
		return "a list"
	case "map":
		return "a map"
	case "struct", "ptr":
		return "a value of another kind"
	}
	if _, err := strconv.Atoi(k); err == nil {
		return k
	}
	return aGoTypeName(k)
}
