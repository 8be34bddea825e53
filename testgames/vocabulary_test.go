package testgames

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/rulesets"
	"agon/schema"
)

// editedCopy copies the Peloponnes ruleset into memory, applying
// edit(file name, text) to every file.
func editedCopy(t *testing.T, edit func(name, text string) string) fstest.MapFS {
	t.Helper()
	out := fstest.MapFS{}
	entries, err := fs.ReadDir(rulesets.FS, "peloponnes")
	require.NoError(t, err)
	for _, e := range entries {
		data, err := fs.ReadFile(rulesets.FS, path.Join("peloponnes", e.Name()))
		require.NoError(t, err)
		out[path.Join("peloponnes", e.Name())] = &fstest.MapFile{Data: []byte(edit(e.Name(), string(data)))}
	}
	return out
}

// Renaming a word in the vocabulary and the card table (stone → marble)
// used to leave every rule asking for 'stone' silently matching nothing.
// Now each of them is an error at load: every line of the rules that still
// says stone, and no other.
func TestRenamedWordFindsEveryRuleStillUsingIt(t *testing.T) {
	fsys := editedCopy(t, func(name, text string) string {
		switch name {
		case "vocabulary.yaml":
			return strings.Replace(text, "[wood, stone, grain", "[wood, marble, grain", 2)
		case "cards.yaml":
			return strings.NewReplacer("stone: ", "marble: ", "back: stone", "back: marble").Replace(text)
		}
		return text
	})
	_, err := interpreter.Load(fsys, "peloponnes", "")
	var list schema.ErrorList
	require.True(t, errors.As(err, &list), "%v", err)
	reported := map[string]bool{}
	for _, d := range list {
		assert.Regexp(t, `^"stone" is not (a key of|a value of)`, d.Msg)
		reported[fmt.Sprintf("%s:%d", d.Pos.File, d.Pos.Line)] = true
	}
	uses := regexp.MustCompile(`'stone'|\.stone\b`)
	want := map[string]bool{}
	for file, f := range fsys {
		if strings.HasPrefix(path.Base(file), "variant-") {
			continue
		}
		for i, line := range strings.Split(string(f.Data), "\n") {
			if code, _, _ := strings.Cut(line, "#"); uses.MatchString(code) {
				want[fmt.Sprintf("%s:%d", file, i+1)] = true
			}
		}
	}
	assert.GreaterOrEqual(t, len(want), 10, "the rules ask for stone in many places")
	assert.Equal(t, want, reported)
}
