package main

import (
	"bufio"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/rulesets"
	"agon/schema"
)

// Where a RULESET argument (and a transcript's game:) is looked for:
//
//   - A path (it holds a slash, or is ".", "..", or absolute) is a folder
//     on disk, read as given.
//   - A bare NAME is a game. It runs PROJECT/rulesets/NAME when that folder
//     exists, where PROJECT is the nearest directory, from the current one
//     upwards, holding a go.mod that declares `module agon` (an agon
//     checkout), or else the current directory. The folder must lie inside
//     PROJECT once symbolic links are followed. Only when it does not exist
//     does NAME run the copy built into the binary.
//   - A folder ./NAME in the current directory is never taken for the game
//     NAME: write ./NAME to mean it.
//
// Every command says which it ran: the folder's path as positions print it,
// or "built-in".

// builtIn is the source of a ruleset embedded in the binary.
const builtIn = "built-in"

// ruleset is a resolved RULESET argument: where its files are and how
// commands name that place.
type ruleset struct {
	fsys fs.FS
	dir  string
	// Source is the folder's path as messages print it, or builtIn.
	Source string
}

// loadSourced resolves ref and loads it with the variant, returning the
// program and where it came from.
func loadSourced(ref, variant string) (*interpreter.Program, string, error) {
	rs, err := resolveRuleset(ref)
	if err != nil {
		return nil, "", err
	}
	p, err := interpreter.Load(rs.fsys, rs.dir, variant)
	return p, rs.Source, err
}

// loadProgram loads a ruleset named either as a folder on disk or as a
// game (see resolveRuleset). An unknown name is a usage error that lists
// the built-in games.
func loadProgram(ref, variant string) (*interpreter.Program, error) {
	p, _, err := loadSourced(ref, variant)
	return p, err
}

// resolveRuleset finds the ruleset a RULESET argument names.
func resolveRuleset(ref string) (ruleset, error) {
	if isPath(ref) {
		fi, err := os.Stat(ref)
		switch {
		case err == nil && fi.Mode().IsRegular():
			return ruleset{}, notAFolder(ref)
		case err != nil || !fi.IsDir():
			return ruleset{}, usagef("no ruleset folder %s", ref)
		}
		return diskSource(ref), nil
	}
	return resolveGame(ref)
}

// resolveGame finds the game NAME: the project's rulesets/NAME folder,
// else the built-in copy.
func resolveGame(name string) (ruleset, error) {
	if isPath(name) || name == "" {
		return ruleset{}, usagef("%q is not a game name", name)
	}
	if dir, ok := projectFolder(name); ok {
		return diskSource(dir), nil
	}
	games := embeddedGames()
	for _, g := range games {
		if g == name {
			return ruleset{fsys: rulesets.FS, dir: name, Source: builtIn}, nil
		}
	}
	hint := ""
	if fi, err := os.Stat(name); err == nil && fi.IsDir() {
		hint = fmt.Sprintf(" (to run the folder %s here, write ./%s)", name, name)
	} else if err == nil && fi.Mode().IsRegular() {
		return ruleset{}, notAFolder(name)
	}
	return ruleset{}, usagef("unknown game %q%s: built-in games are %s, or give a ruleset directory%s",
		name, schema.DidYouMean(name, games), strings.Join(games, ", "), hint)
}

// fileGame resolves the game: of a transcript or scenario file (what: "a
// transcript") strictly as a game name, never a path, so that a file
// cannot point agon at files outside the project. A wrong name is a
// problem in the file, reported at its game: line, not a usage error.
func fileGame(name string, pos schema.Pos, what, folderHint string) (ruleset, error) {
	if folderHint == "" {
		folderHint = "to use a folder, give it with --ruleset"
	}
	var ds schema.Diagnostics
	if isPath(name) || name == "" {
		ds.Addf(pos, "game %q is not a game name: %s names its game (e.g. %s); %s",
			name, what, firstOr(embeddedGames(), "mygame"), folderHint)
		return ruleset{}, ds.Err()
	}
	rs, err := resolveGame(name)
	if isUsage(err) {
		games := embeddedGames()
		ds.Addf(pos, "unknown game %q%s: built-in games are %s (%s)",
			name, schema.DidYouMean(name, games), strings.Join(games, ", "), folderHint)
		return ruleset{}, ds.Err()
	}
	return rs, err
}

// fileVariant checks the variant: of a transcript or scenario file
// against the variants of the ruleset rs of game, at its line in the file.
func fileVariant(rs ruleset, game, variant string, pos schema.Pos) error {
	if variant == "" {
		return nil
	}
	names, err := schema.Variants(rs.fsys, rs.dir)
	if err != nil || slices.Contains(names, variant) {
		return nil // Load reports it
	}
	available := "none"
	if len(names) > 0 {
		available = strings.Join(names, ", ")
	}
	var ds schema.Diagnostics
	ds.Addf(pos, "unknown variant %q%s of %s; available: %s", variant, schema.DidYouMean(variant, names), game, available)
	return ds.Err()
}

// firstOr is the first of list, or def when it is empty.
func firstOr(list []string, def string) string {
	if len(list) == 0 {
		return def
	}
	return list[0]
}

// isPath reports whether a RULESET argument is a path rather than a name.
func isPath(ref string) bool {
	return strings.ContainsAny(ref, `/\`) || ref == "." || ref == ".." || filepath.IsAbs(ref)
}

// diskSource opens a folder on disk.
func diskSource(path string) ruleset {
	fsys, dir := diskRuleset(path)
	return ruleset{fsys: fsys, dir: dir, Source: dir}
}

// projectFolder returns PROJECT/rulesets/name (relative to the current
// directory when it lies below it) when that folder exists inside the
// project.
func projectFolder(name string) (string, bool) {
	wd, err := os.Getwd()
	if err != nil {
		return "", false
	}
	root := projectRoot(wd)
	dir := filepath.Join(root, "rulesets", name)
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() || !inside(root, dir) {
		return "", false
	}
	if rel, err := filepath.Rel(wd, dir); err == nil && filepath.IsLocal(rel) {
		return rel, true
	}
	return dir, true
}

// projectRoot is the nearest directory from wd upwards whose go.mod
// declares module agon, else wd.
func projectRoot(wd string) string {
	if root, ok := moduleRoot(wd); ok {
		return root
	}
	return wd
}

// moduleRoot is the nearest directory from dir upwards whose go.mod
// declares module agon (an agon checkout), if there is one.
func moduleRoot(dir string) (string, bool) {
	for {
		if isAgonModule(filepath.Join(dir, "go.mod")) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// isAgonModule reports whether the file is a go.mod declaring module agon.
func isAgonModule(gomod string) bool {
	f, err := os.Open(gomod)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" {
			return strings.Trim(fields[1], `"`) == "agon"
		}
	}
	return false
}

// inside reports whether path lies inside root once symbolic links are
// followed.
func inside(root, path string) bool {
	r, err1 := filepath.EvalSymlinks(root)
	p, err2 := filepath.EvalSymlinks(path)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(r, p)
	return err == nil && filepath.IsLocal(rel)
}

// printSource prints the header line that says which ruleset a command
// runs: "ruleset: rulesets/peloponnes" or "ruleset: built-in". It prints
// nothing when the ruleset was not found.
func printSource(w io.Writer, source string) {
	if source != "" {
		fmt.Fprintf(w, "ruleset: %s\n", source)
	}
}

// recordedSource is how a transcript's ruleset_source: names the ruleset
// copy source (a ruleset's Source) so that it does not depend on the
// current directory: "built-in" as it is; a folder inside an agon
// checkout relative to the checkout's root, with slashes
// ("rulesets/peloponnes"), from the root or any folder below it; the
// project's rulesets/NAME outside a checkout (see projectFolder) as
// "rulesets/NAME"; any other folder by its absolute path. The same seed
// and decisions then give the same bytes wherever agon record runs.
func recordedSource(source string) string {
	if source == builtIn || source == "" {
		return source
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return source
	}
	if root, ok := moduleRoot(abs); ok {
		if rel, ok := projectRelative(root, abs); ok {
			return rel
		}
	}
	if wd, err := os.Getwd(); err == nil && filepath.Dir(abs) == filepath.Join(projectRoot(wd), "rulesets") {
		return "rulesets/" + filepath.Base(abs)
	}
	return filepath.ToSlash(abs)
}

// projectRelative is path relative to the project root, with slashes,
// when path lies inside it once symbolic links are followed.
func projectRelative(root, path string) (string, bool) {
	r, err1 := filepath.EvalSymlinks(root)
	p, err2 := filepath.EvalSymlinks(path)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, err := filepath.Rel(r, p)
	if err != nil || !filepath.IsLocal(rel) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// sameSource reports whether a transcript's ruleset_source: names the
// ruleset copy source: a relative value is relative to the project root
// (as recordedSource writes it), an absolute one (as agon record wrote
// from below the project root before) is compared as the folder it is.
func sameSource(recorded, source string) bool {
	if recorded == builtIn || source == builtIn {
		return recorded == source
	}
	if filepath.IsAbs(recorded) {
		recorded = recordedSource(recorded)
	}
	return path.Clean(recorded) == recordedSource(source)
}

// notAFolder says that a RULESET argument is a file, and what to do with
// it: a transcript is replayed, a scenario played with --from, and a
// ruleset's file is given by its folder.
func notAFolder(file string) error {
	w := shellWord(file)
	if data, err := readInput(file); err == nil && transcript.IsScenario(data) {
		return usagef("%s is a scenario file, not a ruleset: agon play --from %s starts from its position, agon replay %s checks it", file, w, w)
	}
	if readTranscriptFile(file) != nil {
		return usagef("%s is a transcript, not a ruleset: agon replay %s checks it, agon explain %s --step N shows its decision N", file, w, w)
	}
	return usagef("%s is a file: a ruleset is a folder of YAML files; give the folder that holds it, %s",
		file, shellWord(filepath.Dir(file)))
}
