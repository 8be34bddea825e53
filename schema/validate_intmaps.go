package schema

import "fmt"

// intmapsProblem describes how a value fails to be an intmaps (a list of
// mappings of string to int) and where: at the offending element when its
// position is known, else at the value.
func intmapsProblem(val Value) (Pos, string) {
	list, ok := val.V.([]any)
	if !ok {
		return val.Pos, describeValue(val.V)
	}
	for i, e := range list {
		pos := val.Pos
		if i < len(val.Elems) {
			pos = val.Elems[i]
		}
		if problem := typeProblem(e, "intmap"); problem != "" {
			return pos, fmt.Sprintf("%s as element %d", problem, i+1)
		}
	}
	return Pos{}, ""
}
