package main

import (
	"errors"
	"fmt"
	"sort"

	"agon/interpreter"
	"agon/schema"
)

// withVariants makes plain `agon validate DIR` check the variant files
// too: when the base loaded and no --variant was asked for, it loads every
// variant and returns their problems (and no program) if any has one.
func withVariants(prm validateParams, p *interpreter.Program, err error) (*interpreter.Program, error) {
	if err != nil || p == nil || prm.Variant != "" {
		return p, err
	}
	if err := checkVariants(prm.Ruleset, p.Variants()); err != nil {
		return nil, err
	}
	return p, nil
}

// variantsNote is what the ok line says about the variants checked with
// the base: " (all 3 variants checked too)", or "".
func variantsNote(prm validateParams, p *interpreter.Program) string {
	n := len(p.Variants())
	if n == 0 || prm.Variant != "" {
		return ""
	}
	return fmt.Sprintf(" (%s checked too)", plural(n, "the variant", fmt.Sprintf("all %d variants", n)))
}

// checkVariants loads every named variant of the ruleset ref and returns
// their problems together, sorted, or nil.
func checkVariants(ref string, variants []string) error {
	var all schema.ErrorList
	for _, name := range variants {
		_, err := loadProgram(ref, name)
		var list schema.ErrorList
		switch {
		case err == nil:
		case errors.As(err, &list):
			all = append(all, list...)
		default:
			return err
		}
	}
	if len(all) == 0 {
		return nil
	}
	// Each list is final (sorted, syntax errors alone): merge, not redo.
	sort.SliceStable(all, func(i, j int) bool { return all[i].Pos.Before(all[j].Pos) })
	return all
}
