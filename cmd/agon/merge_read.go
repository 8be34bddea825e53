package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
)

// mergeInputHint ends merge's messages about a file it cannot use.
const mergeInputHint = "merge reads simulate --stats or --json files as written: run that simulate again"

// reportJSONProblem words why a file is not a simulate report as JSON: the
// field and what it should hold, rather than the Go types that
// encoding/json names ("Go struct field Report.Header.seed of type
// uint64").
func reportJSONProblem(file string, data []byte, err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case len(strings.TrimSpace(string(data))) == 0:
		return fmt.Errorf("%s is empty: %s", file, mergeInputHint)
	case errors.As(err, &typeErr) && typeErr.Field != "":
		field := strings.TrimPrefix(typeErr.Field, "Header.")
		return fmt.Errorf("%s: field %s: %s is not %s (%s)", file, field, typeErr.Value, jsonTypeWords(typeErr.Type.String()), mergeInputHint)
	case errors.As(err, &typeErr):
		return fmt.Errorf("%s: the file holds a JSON %s, not a simulate report (an object with game:, stats:, ...)", file, typeErr.Value)
	case err.Error() == "unexpected end of JSON input":
		return fmt.Errorf("%s ends before its JSON does (cut short?): %s", file, mergeInputHint)
	case errors.As(err, &syntaxErr):
		line := 1 + strings.Count(string(data[:min(int(syntaxErr.Offset), len(data))]), "\n")
		return fmt.Errorf("%s:%d: not JSON: %v (%s)", file, line, err, mergeInputHint)
	}
	return fmt.Errorf("%s: not a simulate --json or --stats file: %v", file, err)
}

// jsonTypeWords says what a Go type holds, in words.
func jsonTypeWords(goType string) string {
	switch goType {
	case "uint64":
		return fmt.Sprintf("a whole number from 0 to %d", uint64(math.MaxUint64))
	case "int":
		return fmt.Sprintf("a whole number from %d to %d", math.MinInt, math.MaxInt)
	case "float64":
		return "a number"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "[]string":
		return "a list of strings"
	}
	if strings.HasPrefix(goType, "[]") {
		return "a list"
	}
	if strings.HasPrefix(goType, "map[") {
		return "an object"
	}
	return "the kind of value simulate writes there"
}
