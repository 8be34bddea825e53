package main

import (
	"errors"
	"fmt"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"agon/interpreter"
	"agon/schema"
)

// variantNotes are the provisional notes written in one variant file.
type variantNotes struct {
	name  string
	notes []schema.Note
}

// variantCheck is what checking the variant files found besides problems.
type variantCheck struct {
	// notes are the provisional notes of each variant file, in the order
	// of the variants.
	notes []variantNotes
	// same are the variants whose rules equal the base rules (with their
	// files), which validate warns about.
	same []variantFile
	// warnings are the dead rules each variant brings (those the base
	// rules do not have), in the order of the variants.
	warnings []variantWarning
}

// variantWarning is a warning of the load (Program.Warnings) that a
// variant brings.
type variantWarning struct {
	variant string
	d       schema.Diagnostic
}

// variantFile names a variant and its file as messages print it.
type variantFile struct {
	name, file string
}

// variantPath is the file of a variant of the ruleset in dir.
func variantPath(dir, name string) string {
	return path.Join(dir, "variant-"+name+".yaml")
}

// variantProblems is the error of a validate whose variants have
// problems: those of the base rules, then each variant's own. A problem a
// variant causes in a base file (a constant it turns into a string, used
// in the base's flow) is listed under the variant, so that it does not
// read as the base's.
type variantProblems struct {
	base     schema.ErrorList
	variants []variantList
}

// variantList is the problems one variant brings.
type variantList struct {
	variantFile
	list schema.ErrorList
}

// Error prints the problems, each variant's under a heading.
func (e *variantProblems) Error() string {
	var b strings.Builder
	e.print(&b)
	return strings.TrimSuffix(b.String(), "\n")
}

// count is the number of problems.
func (e *variantProblems) count() int {
	n := len(e.base)
	for _, v := range e.variants {
		n += len(v.list)
	}
	return n
}

// print writes the problems of the base, then a heading and the problems
// of each variant, then a summary line.
func (e *variantProblems) print(w *strings.Builder) {
	if len(e.base) > 0 {
		fmt.Fprintf(w, "base rules: %s\n", count(len(e.base), "problem"))
	}
	for _, d := range e.base {
		fmt.Fprintln(w, d.Error())
	}
	for _, v := range e.variants {
		fmt.Fprintf(w, "variant %s (%s): %s with it applied\n", v.name, v.file, count(len(v.list), "problem"))
		for _, d := range v.list {
			fmt.Fprintln(w, d.Error())
		}
	}
	fmt.Fprintln(w, e.summary())
}

// summary is the last line: how many problems, and whose.
func (e *variantProblems) summary() string {
	var names []string
	n := 0
	for _, v := range e.variants {
		names = append(names, v.name)
		n += len(v.list)
	}
	which := schema.Plural(len(names), "variant ", "variants ") + strings.Join(names, ", ")
	if len(e.base) == 0 {
		return fmt.Sprintf("%s, all from %s (the base rules have none)", count(n, "problem"), which)
	}
	return fmt.Sprintf("%s: %d in the base rules, %d from %s", count(e.count(), "problem"), len(e.base), n, which)
}

// withVariants makes plain `agon validate DIR` check the variant files
// too: when the base loaded and no --variant was asked for, it loads every
// variant and returns their problems (and no program) if any has one, else
// what the check found. With --variant it tells that variant's problems
// from the base's, and whether its rules equal the base's.
func withVariants(prm validateParams, p *interpreter.Program, err error) (*interpreter.Program, variantCheck, error) {
	if prm.Variant != "" {
		return p, sameAsBase(prm, p), ownProblems(prm, err)
	}
	if err != nil || p == nil {
		return p, variantCheck{}, err
	}
	check, err := checkVariants(prm.Ruleset, p.Variants(), p.Warnings())
	if err != nil {
		return nil, check, err
	}
	return p, check, nil
}

// sameAsBase is the check of a program loaded with --variant: whether its
// rules equal the base rules.
func sameAsBase(prm validateParams, p *interpreter.Program) variantCheck {
	if p == nil || !p.Ruleset().SameAsBase {
		return variantCheck{}
	}
	rs, err := resolveRuleset(prm.Ruleset)
	if err != nil {
		return variantCheck{}
	}
	return variantCheck{same: []variantFile{{prm.Variant, variantPath(rs.dir, prm.Variant)}}}
}

// ownProblems parts the problems of a ruleset loaded with --variant into
// those the base rules have too and the variant's own. It returns err as
// it is when the variant does not exist or brings no problem.
func ownProblems(prm validateParams, err error) error {
	var list schema.ErrorList
	if !errors.As(err, &list) {
		return err
	}
	rs, rerr := resolveRuleset(prm.Ruleset)
	if rerr != nil {
		return err
	}
	if names, _ := schema.Variants(rs.fsys, rs.dir); !slices.Contains(names, prm.Variant) {
		return err
	}
	inBase := map[string]bool{}
	var baseList schema.ErrorList
	if _, berr := interpreter.Load(rs.fsys, rs.dir, ""); errors.As(berr, &baseList) {
		for _, d := range baseList {
			inBase[d.Error()] = true
		}
	}
	out := &variantProblems{}
	own := variantList{variantFile: variantFile{prm.Variant, variantPath(rs.dir, prm.Variant)}}
	for _, d := range list {
		if inBase[d.Error()] {
			out.base = append(out.base, d)
		} else {
			own.list = append(own.list, d)
		}
	}
	if len(own.list) == 0 {
		return err
	}
	out.variants = []variantList{own}
	return out
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
// their problems together, each variant's sorted under its name, and the
// variants whose rules equal the base's (with or without problems);
// without problems it returns the provisional notes of each variant file
// too, in the order of variants, and the warnings each brings that the
// base rules (whose warnings are base) do not have.
func checkVariants(ref string, variants []string, base []schema.Diagnostic) (variantCheck, error) {
	rs, err := resolveRuleset(ref)
	if err != nil {
		return variantCheck{}, err
	}
	loaded := loadVariants(rs, variants)
	var check variantCheck
	all := &variantProblems{}
	for i, name := range variants {
		vp, err := loaded[i].p, loaded[i].err
		vf := variantFile{name, variantPath(rs.dir, name)}
		var list schema.ErrorList
		switch {
		case err == nil:
			_, own := splitNotes(vp.Provisional(), name)
			check.notes = append(check.notes, variantNotes{name: name, notes: own})
			if vp.Ruleset().SameAsBase {
				check.same = append(check.same, vf)
			}
			check.warnings = append(check.warnings, ownWarnings(name, vp.Warnings(), base)...)
		case errors.As(err, &list):
			all.variants = append(all.variants, variantList{vf, list})
		default:
			return variantCheck{}, err
		}
	}
	if len(all.variants) > 0 {
		// The other variants' warnings stay: a variant that changes
		// nothing is worth saying beside another's problems.
		return variantCheck{same: check.same}, all
	}
	return check, nil
}

// variantLoad is one variant's program or the error loading it gave.
type variantLoad struct {
	p   *interpreter.Program
	err error
}

// loadVariants loads the named variants of rs, as many at once as Go may
// run (GOMAXPROCS): the loads share nothing, and validate loads every
// variant on each run of a designer's edit-and-check loop (Peloponnes:
// seven). The results are in the order of names.
func loadVariants(rs ruleset, names []string) []variantLoad {
	out := make([]variantLoad, len(names))
	slots := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for i, name := range names {
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			p, err := interpreter.Load(rs.fsys, rs.dir, name)
			out[i] = variantLoad{p, err}
		})
	}
	wg.Wait()
	return out
}

// ownWarnings are the warnings of a variant's program that the base
// rules' (base) do not have.
func ownWarnings(variant string, list, base []schema.Diagnostic) []variantWarning {
	var out []variantWarning
	for _, d := range list {
		if !slices.ContainsFunc(base, func(b schema.Diagnostic) bool { return b.Error() == d.Error() }) {
			out = append(out, variantWarning{variant, d})
		}
	}
	return out
}

// sameWarning is the warning about a variant whose rules equal the base's.
func sameWarning(v variantFile) string {
	return fmt.Sprintf("variant %s changes nothing: its rules equal the base rules", v.name)
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
