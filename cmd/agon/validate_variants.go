package main

import (
	"errors"
	"fmt"
	"path"
	"sort"

	"agon/interpreter"
	"agon/schema"
)

// variantNotes are the provisional notes written in one variant file.
type variantNotes struct {
	name  string
	notes []schema.Note
}

// withVariants makes plain `agon validate DIR` check the variant files
// too: when the base loaded and no --variant was asked for, it loads every
// variant and returns their problems (and no program) if any has one, else
// the provisional notes of each variant file.
func withVariants(prm validateParams, p *interpreter.Program, err error) (*interpreter.Program, []variantNotes, error) {
	if err != nil || p == nil || prm.Variant != "" {
		return p, nil, err
	}
	vnotes, err := checkVariants(prm.Ruleset, p.Variants())
	if err != nil {
		return nil, nil, err
	}
	return p, vnotes, nil
}

// variantsNote is what the ok line says about the variants checked with
// the base: " (all 3 variants checked too)", or "".
func variantsNote(prm validateParams, p *interpreter.Program) string {
	n := len(p.Variants())
	if n == 0 || prm.Variant != "" {
		return ""
	}
	return fmt.Sprintf(" (%s checked too)", schema.Plural(n, "the variant", fmt.Sprintf("all %d variants", n)))
}

// checkVariants loads every named variant of the ruleset ref and returns
// their problems together, sorted; without problems it returns the
// provisional notes of each variant file, in the order of variants.
func checkVariants(ref string, variants []string) ([]variantNotes, error) {
	var all schema.ErrorList
	var vnotes []variantNotes
	for _, name := range variants {
		vp, err := loadProgram(ref, name)
		var list schema.ErrorList
		switch {
		case err == nil:
			_, own := splitNotes(vp.Provisional(), name)
			vnotes = append(vnotes, variantNotes{name: name, notes: own})
		case errors.As(err, &list):
			all = append(all, list...)
		default:
			return nil, err
		}
	}
	if len(all) == 0 {
		return vnotes, nil
	}
	// Each list is final (sorted, syntax errors alone): merge, not redo.
	sort.SliceStable(all, func(i, j int) bool { return all[i].Pos.Before(all[j].Pos) })
	return nil, all
}

// splitNotes parts the notes of a program loaded with a variant into those
// of the base files and those of the variant's own file. Base files never
// start with "variant-", so the file name tells them apart.
func splitNotes(list []schema.Note, variant string) (base, own []schema.Note) {
	if variant == "" {
		return list, nil
	}
	file := "variant-" + variant + ".yaml"
	for _, n := range list {
		if path.Base(n.Pos.File) == file {
			own = append(own, n)
		} else {
			base = append(base, n)
		}
	}
	return base, own
}
