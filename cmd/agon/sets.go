package main

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/interpreter"
)

// settings are every --set of a command line, in the order given. At most
// one sweeps (gives several values); every other one sets its constant to
// one value in every run.
type settings struct {
	sets []sweep
	// swept indexes the set whose values the runs go through: the one
	// with several values, else the last one given.
	swept int
}

// parseSettings parses the --set flags. A constant given twice, or a
// second --set with several values, is a usage error.
func parseSettings(specs []string) (settings, error) {
	st := settings{swept: len(specs) - 1}
	sweeping := -1
	for i, spec := range specs {
		sw, err := parseSweep(spec)
		if err != nil {
			return settings{}, err
		}
		if k := slices.IndexFunc(st.sets, func(o sweep) bool { return o.Name == sw.Name }); k >= 0 {
			return settings{}, usagef("--set %s is given twice (--set %s and --set %s): set each constant once", sw.Name, specs[k], spec)
		}
		if len(sw.Values) > 1 {
			if sweeping >= 0 {
				return settings{}, usagef("--set %s and --set %s both give several values: one --set may sweep over values, the others give one value each (run the sweep once per value of the other)", specs[sweeping], spec)
			}
			sweeping, st.swept = i, i
		}
		st.sets = append(st.sets, sw)
	}
	return st, nil
}

// name is the swept constant's name.
func (st settings) name() string { return st.sets[st.swept].Name }

// names lists every constant set, in the order given.
func (st settings) names() []string {
	out := make([]string, len(st.sets))
	for i, s := range st.sets {
		out[i] = s.Name
	}
	return out
}

// values are the swept constant's values: one run each.
func (st settings) values() []string { return st.sets[st.swept].Values }

// fixed lists the other constants set, "NAME=VALUE" each, in the order
// given.
func (st settings) fixed() []string {
	var out []string
	for i, s := range st.sets {
		if i != st.swept {
			out = append(out, s.Name+"="+s.Values[0])
		}
	}
	return out
}

// label names every constant set in the run where the swept one is
// value: "rounds=6, conquest_bonus=2", in the order given.
func (st settings) label(value string) string {
	parts := make([]string, len(st.sets))
	for i, s := range st.sets {
		v := s.Values[0]
		if i == st.swept {
			v = value
		}
		parts[i] = s.Name + "=" + v
	}
	return strings.Join(parts, ", ")
}

// check reports a constant the program has not, or cannot be set.
func (st settings) check(p *interpreter.Program) error {
	for _, s := range st.sets {
		if err := checkConstant(p, s.Name); err != nil {
			return err
		}
	}
	return nil
}

// patch is the ruleset patch of the run where the swept constant is
// value: every constant set at once.
func (st settings) patch(value string) (*yaml.Node, error) {
	var b strings.Builder
	b.WriteString("constants: {")
	for i, s := range st.sets {
		v := s.Values[0]
		if i == st.swept {
			v = value
		}
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s: %s", s.Name, v)
	}
	b.WriteString("}\n")
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(b.String()), &doc); err != nil {
		return nil, usagef("bad --set %s: %v", st.label(value), err)
	}
	return doc.Content[0], nil
}

// own reports whether every constant of the run where the swept one is
// value keeps its value in p: the run changes no rule.
func (st settings) own(p *interpreter.Program, value string) bool {
	for i, s := range st.sets {
		v := s.Values[0]
		if i == st.swept {
			v = value
		}
		if !ownValue(p, s.Name, v) {
			return false
		}
	}
	return true
}
