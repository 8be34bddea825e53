package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"agon/rulesets"
	"agon/schema"
)

// diskRuleset opens a ruleset directory so that positions in messages
// read as the path the user gave (rulesets/x/cards.yaml, /tmp/x/cards.yaml).
func diskRuleset(ref string) (fs.FS, string) {
	if filepath.IsLocal(ref) {
		return os.DirFS("."), filepath.ToSlash(filepath.Clean(ref))
	}
	abs, err := filepath.Abs(ref)
	if err != nil || filepath.VolumeName(abs) != "" {
		return os.DirFS(ref), "."
	}
	return absFS{os.DirFS("/")}, filepath.ToSlash(abs)
}

// absFS opens absolute slash paths ("/tmp/x/a.yaml") in a file system
// rooted at "/", so positions keep the absolute path.
type absFS struct{ root fs.FS }

// Open implements fs.FS.
func (a absFS) Open(name string) (fs.File, error) {
	rel := strings.TrimPrefix(name, "/")
	if rel == "" {
		rel = "." // the root directory itself (agon validate /)
	}
	return a.root.Open(rel)
}

// embeddedGames lists the games built into the binary, sorted.
func embeddedGames() []string {
	entries, _ := fs.ReadDir(rulesets.FS, ".")
	var games []string
	for _, e := range entries {
		if e.IsDir() {
			games = append(games, e.Name())
		}
	}
	sort.Strings(games)
	return games
}

// printLoadError prints why a ruleset did not load, one problem per line,
// and returns the exit code. Given a jsonErrors (a --json run), it also
// prints them as a jsonFailure on stdout.
func printLoadError(w io.Writer, err error) int {
	var u *usageError
	if errors.As(err, &u) {
		return fail(w, err)
	}
	var list schema.ErrorList
	if !errors.As(err, &list) {
		return fail(w, err)
	}
	for _, d := range list {
		fmt.Fprintln(w, d.Error())
	}
	fmt.Fprintf(w, "%d %s\n", len(list), schema.Plural(len(list), "problem", "problems"))
	if j := asJSONErrors(w); j != nil {
		return j.fail(err)
	}
	return exitProblems
}

// count writes n with its noun: "1 decision", "3 decisions".
func count(n int, noun string) string {
	return fmt.Sprintf("%d %s", n, schema.Plural(n, noun, noun+"s"))
}
