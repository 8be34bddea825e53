package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// validate --variant V --provisional leaves out of the base ruleset's
// notes those on values the variant replaced (a constant given anew, every
// key of a constant's map, a removed card row) and lists them apart, in
// the text and in --json; a note whose value the variant changes only in
// part (one key of a map, one field of a row) stays.
func TestValidateProvisionalLeavesOutWhatTheVariantReplaced(t *testing.T) {
	tmp := withVariantFile(t, "tracks", "variant: tracks\npatch:\n  constants:\n    track_length: {plague: 2, earthquake: 2, tempest: 3, drought: 2, decline: 3}\n")
	variants := map[string]string{
		"one-track": "variant: one-track\npatch:\n  constants:\n    track_length: {plague: 2}\n",
		"income":    "variant: income\npatch:\n  constants:\n    income_table: [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8, 9, 9, 9, 9, 9, 9, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10]\n",
		"no-well":   "variant: no-well\npatch:\n  cards:\n    power:\n      rows:\n        - {id: well, remove: true}\n",
		"well-cost": "variant: well-cost\npatch:\n  cards:\n    power:\n      rows:\n        - {id: well, cost: {wood: 1}}\n",
	}
	for name, src := range variants {
		require.NoError(t, os.WriteFile(filepath.Join(tmp, "variant-"+name+".yaml"), []byte(src), 0o644))
	}
	dir := filepath.ToSlash(tmp)
	tracks, income, well := dir+"/constants.yaml:29", dir+"/constants.yaml:35", dir+"/cards.yaml:60"
	cases := []struct {
		variant  string
		replaced []string // the base notes the variant replaced
	}{
		{"tracks", []string{tracks}},
		{"one-track", nil},
		{"income", []string{income}},
		{"no-well", []string{well}},
		{"well-cost", nil},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, "", "validate", tmp, "--variant", c.variant, "--provisional")
		require.Equal(t, exitOK, code, errOut)
		for _, at := range []string{tracks, income, well} {
			gone := assert.ObjectsAreEqual(c.replaced, []string{at})
			assert.Equal(t, !gone, strings.Contains(out, "\n"+at+": "), "%s: %s listed as in force", c.variant, at)
			assert.Equal(t, gone, strings.Contains(out, "\n"+at+"\n"), "%s: %s listed as replaced", c.variant, at)
		}
		if c.replaced != nil {
			assert.Contains(t, out, "\nvariant "+c.variant+" replaces 1 provisional figure of the base ruleset (not listed above):\n"+c.replaced[0]+"\n")
		} else {
			assert.NotContains(t, out, " replaces ")
		}

		code, out, errOut = runCLI(t, "", "validate", tmp, "--variant", c.variant, "--provisional", "--json")
		require.Equal(t, exitOK, code, errOut)
		var rep validateReport
		require.NoError(t, json.Unmarshal([]byte(out), &rep), out)
		var got []string
		for _, n := range rep.ProvisionalReplaced {
			got = append(got, n.File+":"+strconv.Itoa(n.Line))
		}
		assert.Equal(t, c.replaced, got, c.variant)
		for _, n := range rep.Provisional {
			assert.NotContains(t, c.replaced, n.File+":"+strconv.Itoa(n.Line), "%s: a replaced note is in provisional", c.variant)
		}
	}
}
