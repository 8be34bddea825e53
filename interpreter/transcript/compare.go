package transcript

import (
	"fmt"
	"slices"
	"strings"

	"agon/interpreter"
	"agon/schema"
)

// OptionDifference is the first decision of a transcript at which two
// rulesets (a base and a variant) offer different options.
type OptionDifference struct {
	Step     int // index of the decide step in the transcript
	Decision int // its number among the decide steps, from 1 (as agon explain --step counts)
	Line     int // its line
	Player   int
	// OnlyA and OnlyB are the option keys offered by one ruleset only.
	OnlyA, OnlyB []string
	// OptionsA and OptionsB are every option key each ruleset offers, in
	// the order offered.
	OptionsA, OptionsB []string
	// PlayerA and PlayerB are who decides under each ruleset; they
	// differ when the options are the same but the deciding player is
	// not.
	PlayerA, PlayerB int
}

// describedOptions is how many option keys Describe lists of a side
// before it says how many more there are.
const describedOptions = 6

// Describe says what differs, for people: file is the transcript's name,
// a and b name the two rulesets in the plural ("the base rules", "the
// variant's rules"). It names the keys only one side offers and then what
// each side offers (at most describedOptions keys each); when the deciding
// player differs it names both.
func (d *OptionDifference) Describe(file, a, b string) string {
	pa, pb := interpreter.PlayerName(d.PlayerA), interpreter.PlayerName(d.PlayerB)
	listA, listB := shortKeys(d.OptionsA), shortKeys(d.OptionsB)
	var what string
	switch {
	case d.PlayerA != d.PlayerB && len(d.OnlyA) == 0 && len(d.OnlyB) == 0:
		what = fmt.Sprintf("%s ask %s where %s ask %s, with the same options (%s)", a, pa, b, pb, listA)
	case d.PlayerA != d.PlayerB:
		what = fmt.Sprintf("%s ask %s to choose from %s where %s ask %s to choose from %s", a, pa, listA, b, pb, listB)
	case len(d.OnlyA) == 0:
		what = fmt.Sprintf("%s also offer %s (%s offer %s; %s offer %s)", b, strings.Join(d.OnlyB, ", "), a, listA, b, listB)
	case len(d.OnlyB) == 0:
		what = fmt.Sprintf("%s no longer offer %s (%s offer %s; %s offer %s)", b, strings.Join(d.OnlyA, ", "), a, listA, b, listB)
	default:
		what = fmt.Sprintf("%s offer %s where %s offer %s (in all, %s offer %s; %s offer %s)",
			a, strings.Join(d.OnlyA, ", "), b, strings.Join(d.OnlyB, ", "), a, listA, b, listB)
	}
	who := ", " + interpreter.PlayerName(d.Player)
	if d.PlayerA != d.PlayerB {
		who = ""
	}
	return fmt.Sprintf("%s:%d: decision %d (step %d%s): %s", file, d.Line, d.Decision, d.Step+1, who, what)
}

// shortKeys lists option keys for a message: at most describedOptions,
// then how many more.
func shortKeys(keys []string) string {
	if len(keys) == 0 {
		return "nothing"
	}
	return schema.JoinAtMost(keys, describedOptions)
}

// FirstOptionDifference plays the transcript's decisions and chance
// outcomes on two programs in lockstep and returns the first decision at
// which their legal options differ, or nil when they never do (up to the
// end of the transcript or the first decision one of them rejects). A
// replay tells whether a variant changes what happened; this tells where
// it changes what a player could have done.
func FirstOptionDifference(a, b *interpreter.Program, t *Transcript) (*OptionDifference, error) {
	initial := chanceBefore(t, 0)
	ga, err := interpreter.NewGame(a, interpreter.Config{Players: t.Players, Seed: t.Seed, Outcomes: initial})
	if err != nil {
		return nil, err
	}
	gb, err := interpreter.NewGame(b, interpreter.Config{Players: t.Players, Seed: t.Seed, Outcomes: initial})
	if err != nil {
		return nil, err
	}
	decision := 0
	for i, s := range t.Steps {
		if s.Kind != StepDecide {
			continue
		}
		decision++
		da, db := ga.Pending(), gb.Pending()
		if da == nil || db == nil {
			return nil, nil
		}
		if diff := compareOptions(da, db); diff != nil {
			diff.Step, diff.Decision, diff.Line, diff.Player = i, decision, s.Line, s.Player
			return diff, nil
		}
		next := chanceBefore(t, i+1)
		ga.SupplyOutcomes(next...)
		gb.SupplyOutcomes(next...)
		if ga.Apply(s.Key) != nil || gb.Apply(s.Key) != nil {
			return nil, nil // the replay reports that
		}
	}
	return nil, nil
}

// chanceBefore collects the chance steps from index i up to the next
// decide step.
func chanceBefore(t *Transcript, i int) []interpreter.Outcome {
	var out []interpreter.Outcome
	for ; i < len(t.Steps) && t.Steps[i].Kind != StepDecide && t.Steps[i].Kind != StepRun; i++ {
		if s := t.Steps[i]; s.Kind == StepChance {
			out = append(out, interpreter.Outcome{Name: s.Name, Result: slices.Clone(s.Result)})
		}
	}
	return out
}

// compareOptions returns the keys only one decision offers, or nil.
func compareOptions(a, b *interpreter.Decision) *OptionDifference {
	keys := func(d *interpreter.Decision) []string {
		out := make([]string, len(d.Options))
		for i, o := range d.Options {
			out[i] = o.Key
		}
		return out
	}
	ka, kb := keys(a), keys(b)
	var onlyA, onlyB []string
	for _, k := range ka {
		if !slices.Contains(kb, k) {
			onlyA = append(onlyA, k)
		}
	}
	for _, k := range kb {
		if !slices.Contains(ka, k) {
			onlyB = append(onlyB, k)
		}
	}
	if onlyA == nil && onlyB == nil && a.Player == b.Player {
		return nil
	}
	return &OptionDifference{OnlyA: onlyA, OnlyB: onlyB, OptionsA: ka, OptionsB: kb, PlayerA: a.Player, PlayerB: b.Player}
}
