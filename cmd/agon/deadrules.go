package main

import (
	"fmt"
	"io"

	"agon/interpreter"
	"agon/schema"
)

// warnDeadRules prints on w, as agon validate prints them, the dead rules
// the load of p found (Program.Warnings: a condition written as false, an
// end_game every game reaches before anyone decides), so that simulate,
// compare and play tell a designer what validate would: a variant whose
// new rule can never fire is otherwise only seen as "changes nothing".
// With base not nil (compare's B beside its A) it prints only the
// warnings base does not have, each followed by " (with NOTE)"; A's own
// are printed once, for A. The warnings go to stderr, outside --json's
// data.
func warnDeadRules(w io.Writer, p, base *interpreter.Program, note string) {
	var seen []schema.Diagnostic
	if base != nil {
		seen = base.Warnings()
	}
	for _, v := range ownWarnings(note, p.Warnings(), seen) {
		printWarning(w, v.d, note)
	}
}

// warnSameVariant prints on w, as agon validate does, that p's variant
// changes nothing: simulate --variant V (or play) of a patch that sets
// values to what they are reports the base rules under the variant's name.
// compare says it in its report instead.
func warnSameVariant(w io.Writer, p *interpreter.Program) {
	if p.Variant() != "" && p.Ruleset().SameAsBase {
		fmt.Fprintf(w, "warning: %s\n", sameWarning(variantFile{name: p.Variant()}))
	}
}
