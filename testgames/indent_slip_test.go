package testgames

import (
	"errors"
	"io/fs"
	"path"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
	"agon/schema"
)

// slipCopy copies the Peloponnes ruleset into memory with line n of file
// replaced by edit(line).
func slipCopy(t *testing.T, file string, n int, edit func(string) string) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	entries, err := fs.ReadDir(rulesets.FS, "peloponnes")
	require.NoError(t, err)
	for _, e := range entries {
		data, err := fs.ReadFile(rulesets.FS, path.Join("peloponnes", e.Name()))
		require.NoError(t, err)
		if e.Name() == file {
			lines := strings.Split(string(data), "\n")
			lines[n-1] = edit(lines[n-1])
			data = []byte(strings.Join(lines, "\n"))
		}
		out[path.Join("peloponnes", e.Name())] = &fstest.MapFile{Data: data}
	}
	return out
}

// One indentation slip in functions.yaml used to give dozens of "unknown
// name" errors in the other files (the file was dropped, so every function
// it defines was missing), with the real error far down the list and
// pointing at the start of the block. Now the real error is the only one
// shown, at the slipped line, and it says how many it held back.
func TestIndentationSlipInPeloponnesComesFirst(t *testing.T) {
	const line = 9 // "    returns: cards" of the function active
	for _, c := range []struct {
		name, indent, want string
	}{
		{"dedented", "   ", `peloponnes/functions.yaml:9:4: YAML syntax error: this line is indented by 3 spaces, but the block that starts at line 6 indents by 4 or 2`},
		{"indented", "     ", `peloponnes/functions.yaml:9:6: YAML syntax error: this line is indented by 5 spaces, but the block that starts at line 7 indents by 4`},
		{"tab", "\t", `peloponnes/functions.yaml:9:1: YAML syntax error: found a tab character where indentation is expected: YAML indents with spaces`},
	} {
		t.Run(c.name, func(t *testing.T) {
			fsys := slipCopy(t, "functions.yaml", line, func(s string) string {
				require.True(t, strings.HasPrefix(s, "    returns: cards"), s)
				return c.indent + strings.TrimLeft(s, " ")
			})
			_, err := interpreter.Load(fsys, "peloponnes", "")
			var list schema.ErrorList
			require.True(t, errors.As(err, &list), "%v", err)
			require.Len(t, list, 1, err.Error())
			assert.True(t, strings.HasPrefix(list[0].Error(), c.want), "got %s", list[0].Error())
			assert.Regexp(t, `\[\d+ other problems not shown: they may follow from this; fix it and validate again\]$`, list[0].Msg)
		})
	}
}
