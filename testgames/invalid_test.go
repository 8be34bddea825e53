package testgames

// The negative corpus: what must go wrong, and how it must be reported.
//
//   - invalid/load/<case>/*.yaml are rulesets that must fail to load (a
//     case whose base loads fails in its variant-<name>.yaml files, each
//     loaded like agon validate does). Each
//     expected error is written beside the line it must be reported on, as
//     a YAML comment holding a Go-quoted regexp ("…" or `…`) matched
//     against the message:
//
//     - {move: c, into: dek}   # ERROR `unknown global zone "dek"`
//
//     One comment may hold several: # ERROR "rx1" ERROR "rx2".
//     ERROR@-1 / ERROR@+1 mean the line before / after the comment (for
//     lines that cannot hold a comment, such as the inside of a | block);
//     ERROR@ruleset means an error about the ruleset as a whole, reported
//     without a file line. A case must produce exactly its expected errors,
//     sorted, formatted file:line:col: message; a column must point into
//     the offending line's text.
//   - invalid/run/<case>/ are rulesets that load but fail at run time; the
//     game is played with every decision taking the first legal option,
//     under small Limits, and the error must match expect.txt (a regexp)
//     and name a position in the ruleset.
//   - invalid/transcripts/<name>.yaml are broken copies of a recorded
//     Peloponnes game; reading or replaying each must fail with an error
//     matching <name>.expect and naming the transcript line.
//
// A case that shows a known engine bug stays in the corpus and is listed in
// invalidKnownBugs: while the bug is there the case is skipped with the bug
// and what happened; once the case passes, the test asks for the entry to
// be removed. No case may panic.

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"agon/interpreter"
	"agon/interpreter/transcript"
	"agon/rulesets"
	"agon/schema"
)

// invalidKnownBugs maps a case ("load/<case>", "run/<case>",
// "transcripts/<name>") to the engine bug it shows.
var invalidKnownBugs = map[string]string{}

// invalidLimits keep the run-time cases fast.
var invalidLimits = interpreter.Limits{MaxEffects: 2000, MaxDecisions: 500, MaxTriggerRepeats: 20}

// invalidCheck runs one case: check returns the problems found (none when
// the case behaves as expected). It turns a panic into a failure naming
// the case and applies invalidKnownBugs.
func invalidCheck(t *testing.T, key string, check func() []string) {
	t.Helper()
	bug, known := invalidKnownBugs[key]
	var problems []string
	func() {
		defer func() {
			if r := recover(); r != nil {
				problems = []string{fmt.Sprintf("case %s panicked: %v\n%s", key, r, debug.Stack())}
				if !known {
					t.Fatalf("case %s panicked: %v\n%s", key, r, debug.Stack())
				}
			}
		}()
		problems = check()
	}()
	switch {
	case len(problems) > 0 && known:
		t.Skipf("known engine bug: %s\n%s", bug, strings.Join(problems, "\n"))
	case len(problems) > 0:
		t.Errorf("%s:\n%s", key, strings.Join(problems, "\n"))
	case known:
		t.Errorf("%s now behaves as expected: remove it from invalidKnownBugs (%s)", key, bug)
	}
}

// invalidDirs lists the subdirectories of dir, sorted.
func invalidDirs(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		t.Fatalf("no cases in %s", dir)
	}
	return names
}

func TestInvalidLoad(t *testing.T) {
	const root = "invalid/load"
	fsys := os.DirFS(root)
	for _, name := range invalidDirs(t, root) {
		t.Run(name, func(t *testing.T) {
			wants := invalidWants(t, fsys, name)
			invalidCheck(t, "load/"+name, func() []string { return invalidLoadProblems(fsys, name, wants) })
		})
	}
}

// invalidWant is one expected load error.
type invalidWant struct {
	file string // "<case>/<file>.yaml", or "<case>" for ERROR@ruleset
	line int    // 0 for ERROR@ruleset
	rx   *regexp.Regexp
	text string // the offending line without the ERROR comment
}

// invalidAnnotation finds an ERROR comment on a line.
var invalidAnnotation = regexp.MustCompile(`(?:^|\s)#\s*ERROR\b`)

// invalidWants reads the ERROR comments of every YAML file of the case.
func invalidWants(t *testing.T, fsys fs.FS, name string) []invalidWant {
	t.Helper()
	files, err := fs.Glob(fsys, name+"/*.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var wants []invalidWant
	for _, file := range files {
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i, line := range lines {
			loc := invalidAnnotation.FindStringIndex(line)
			if loc == nil {
				continue
			}
			ws, err := parseInvalidAnnotation(line[loc[0]:], file, i+1, lines, name)
			if err != nil {
				t.Fatalf("%s:%d: %v", file, i+1, err)
			}
			wants = append(wants, ws...)
		}
	}
	if len(wants) == 0 {
		t.Fatalf("case %s has no ERROR comment", name)
	}
	return wants
}

// parseInvalidAnnotation parses `# ERROR[@±N|@ruleset] "rx" …` found on
// line n of file.
func parseInvalidAnnotation(comment, file string, n int, lines []string, name string) ([]invalidWant, error) {
	rest := strings.TrimLeft(strings.TrimSpace(comment), "# \t")
	var wants []invalidWant
	for rest != "" {
		word, after, _ := strings.Cut(rest, " ")
		w := invalidWant{file: file, line: n}
		switch at, hasAt := strings.CutPrefix(word, "ERROR@"); {
		case word == "ERROR":
		case hasAt && at == "ruleset":
			w.file, w.line = name, 0
		case hasAt:
			off, err := strconv.Atoi(at)
			if err != nil {
				return nil, fmt.Errorf("bad ERROR offset %q", at)
			}
			w.line += off
		default:
			return nil, fmt.Errorf("expected ERROR, got %q", word)
		}
		after = strings.TrimSpace(after)
		quoted, err := strconv.QuotedPrefix(after)
		if err != nil {
			return nil, fmt.Errorf("ERROR needs a quoted regexp: %q", after)
		}
		rx, _ := strconv.Unquote(quoted)
		if w.rx, err = regexp.Compile(rx); err != nil {
			return nil, err
		}
		if w.line > 0 {
			if w.line > len(lines) {
				return nil, fmt.Errorf("ERROR points past the end of the file")
			}
			text := lines[w.line-1]
			if loc := invalidAnnotation.FindStringIndex(text); loc != nil {
				text = text[:loc[0]]
			}
			w.text = strings.TrimRight(text, " \t")
		}
		wants = append(wants, w)
		rest = strings.TrimSpace(after[len(quoted):])
	}
	return wants, nil
}

// invalidFormat is how one diagnostic of a case must print.
func invalidFormat(name string) *regexp.Regexp {
	return regexp.MustCompile(`^` + regexp.QuoteMeta(name) + `(/[\w.-]+\.yaml:\d+(:\d+)?)?: \S`)
}

// invalidLoadProblems loads the case and compares its errors with wants.
func invalidLoadProblems(fsys fs.FS, name string, wants []invalidWant) []string {
	p, err := interpreter.Load(fsys, name, "")
	if err == nil {
		p, err = invalidLoadVariants(fsys, name)
	}
	if err == nil {
		return []string{"loaded without error"}
	}
	var list schema.ErrorList
	if !errors.As(err, &list) {
		return []string{fmt.Sprintf("error is a %T, not a schema.ErrorList: %v", err, err)}
	}
	var problems []string
	if p != nil {
		problems = append(problems, "Load returned a Program together with errors")
	}
	problems = append(problems, invalidListProblems(name, list)...)
	matched := make([]bool, len(wants))
	for _, d := range list {
		i := invalidMatch(d, wants, matched)
		if i < 0 {
			problems = append(problems, "unexpected error: "+d.Error())
			continue
		}
		matched[i] = true
		problems = append(problems, invalidColumnProblems(d, wants[i])...)
	}
	for i, w := range wants {
		if !matched[i] {
			problems = append(problems, fmt.Sprintf("missing error at %s matching %q", schema.Pos{File: w.file, Line: w.line}, w.rx))
		}
	}
	if len(problems) > 0 {
		problems = append(problems, "got:\n"+err.Error())
	}
	return problems
}

// invalidLoadVariants loads every variant-<name>.yaml of a case whose
// base loads, as agon validate does, and returns their errors together.
func invalidLoadVariants(fsys fs.FS, name string) (*interpreter.Program, error) {
	variants, err := schema.Variants(fsys, name)
	if err != nil {
		return nil, err
	}
	ds := &schema.Diagnostics{}
	for _, v := range variants {
		p, err := interpreter.Load(fsys, name, v)
		var list schema.ErrorList
		switch {
		case err == nil:
		case errors.As(err, &list):
			for _, d := range list {
				ds.Add(d)
			}
		default:
			return p, err
		}
	}
	return nil, ds.Err()
}

// invalidListProblems checks that the list is sorted, printed one
// diagnostic after the other and formatted file:line:col: message.
func invalidListProblems(name string, list schema.ErrorList) []string {
	var problems []string
	format := invalidFormat(name)
	var printed []string
	for i, d := range list {
		if i > 0 && d.Pos.Before(list[i-1].Pos) {
			problems = append(problems, fmt.Sprintf("not sorted: %s after %s", d.Pos, list[i-1].Pos))
		}
		if !format.MatchString(d.Error()) {
			problems = append(problems, fmt.Sprintf("not formatted %s/file.yaml:line:col: message: %q", name, d.Error()))
		}
		printed = append(printed, d.Error())
	}
	if len(list) <= schema.MaxShown && list.Error() != strings.Join(printed, "\n") {
		problems = append(problems, "ErrorList.Error() does not print the diagnostics in order")
	}
	return problems
}

// invalidMatch returns the first unmatched want at d's file and line whose
// regexp matches d's message, or -1.
func invalidMatch(d schema.Diagnostic, wants []invalidWant, matched []bool) int {
	for i, w := range wants {
		if !matched[i] && w.file == d.Pos.File && w.line == d.Pos.Line && w.rx.MatchString(d.Msg) {
			return i
		}
	}
	return -1
}

// invalidColumnProblems checks that a column points into the text of the
// offending line, past its indentation.
func invalidColumnProblems(d schema.Diagnostic, w invalidWant) []string {
	if d.Pos.Col == 0 || w.line == 0 {
		return nil
	}
	indent := utf8.RuneCountInString(w.text) - utf8.RuneCountInString(strings.TrimLeft(w.text, " \t"))
	if runes := []rune(w.text); d.Pos.Col <= len(runes) && runes[d.Pos.Col-1] == '\t' {
		return nil // a tab in the indentation is the problem
	}
	if d.Pos.Col <= indent || d.Pos.Col > utf8.RuneCountInString(w.text) {
		return []string{fmt.Sprintf("column %d is outside the text of line %d (%q): %s", d.Pos.Col, w.line, w.text, d.Error())}
	}
	return nil
}

func TestInvalidRun(t *testing.T) {
	const root = "invalid/run"
	fsys := os.DirFS(root)
	for _, name := range invalidDirs(t, root) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path.Join(root, name, "expect.txt"))
			if err != nil {
				t.Fatal(err)
			}
			want := regexp.MustCompile(strings.TrimSpace(string(data)))
			invalidCheck(t, "run/"+name, func() []string { return invalidRunProblems(fsys, name, want) })
		})
	}
}

// invalidRunProblems loads and plays the case, taking the first option of
// every decision, and compares the error with want.
func invalidRunProblems(fsys fs.FS, name string, want *regexp.Regexp) []string {
	p, err := interpreter.Load(fsys, name, "")
	if err != nil {
		return []string{"does not load:\n" + err.Error()}
	}
	err = invalidPlay(p)
	if err == nil {
		return []string{"the game ended without an error"}
	}
	var problems []string
	var re *interpreter.RuntimeError
	if !errors.As(err, &re) {
		problems = append(problems, fmt.Sprintf("error is a %T, not an *interpreter.RuntimeError", err))
	} else if !strings.HasPrefix(re.Pos.File, name+"/") || re.Pos.Line == 0 {
		problems = append(problems, fmt.Sprintf("error does not name a ruleset file:line: Pos is %q", re.Pos))
	}
	if !want.MatchString(err.Error()) {
		problems = append(problems, fmt.Sprintf("error does not match %q", want))
	}
	if len(problems) > 0 {
		problems = append(problems, "got: "+err.Error())
	}
	return problems
}

// invalidPlay plays a game of p with the fewest players, every decision
// taking the first legal option, and returns the first error.
func invalidPlay(p *interpreter.Program) error {
	g, err := interpreter.NewGame(p, interpreter.Config{Players: p.MinPlayers(), Seed: 1, Limits: invalidLimits})
	if err != nil {
		return err
	}
	for !g.Over() {
		d := g.Pending()
		if d == nil || len(d.Options) == 0 {
			return fmt.Errorf("the game is not over but no decision is pending")
		}
		if err := g.Apply(d.Options[0].Key); err != nil {
			return err
		}
	}
	return nil
}

func TestInvalidTranscripts(t *testing.T) {
	const root = "invalid/transcripts"
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	if err != nil {
		t.Fatal(err)
	}
	files, err := fs.Glob(os.DirFS(root), "*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts in %s (%v)", root, err)
	}
	sort.Strings(files)
	for _, file := range files {
		name := strings.TrimSuffix(file, ".yaml")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path.Join(root, file))
			if err != nil {
				t.Fatal(err)
			}
			expect, err := os.ReadFile(path.Join(root, name+".expect"))
			if err != nil {
				t.Fatal(err)
			}
			want := regexp.MustCompile(strings.TrimSpace(string(expect)))
			invalidCheck(t, "transcripts/"+name, func() []string { return invalidTranscriptProblems(p, file, data, want) })
		})
	}
}

// invalidNamesLine matches an error that starts with the transcript's name
// and a line.
var invalidNamesLine = regexp.MustCompile(`^[\w.-]+\.yaml:[1-9]\d*[:]`)

// invalidTranscriptProblems reads and replays the transcript and compares
// the error with want.
func invalidTranscriptProblems(p *interpreter.Program, file string, data []byte, want *regexp.Regexp) []string {
	tr, err := transcript.Read(file, data)
	if err == nil {
		_, err = transcript.Replay(p, tr, transcript.ReplayOptions{Check: interpreter.CheckExpr})
	}
	if err == nil {
		return []string{"the transcript replays without error"}
	}
	var problems []string
	if !strings.HasPrefix(err.Error(), file+":") || !invalidNamesLine.MatchString(err.Error()) {
		problems = append(problems, "the error does not start with the transcript's file:line")
	}
	if !want.MatchString(err.Error()) {
		problems = append(problems, fmt.Sprintf("error does not match %q "+
			"(if rulesets/peloponnes changed, re-record the transcripts: see invalid/README.md)", want))
	}
	if len(problems) > 0 {
		problems = append(problems, "got: "+err.Error())
	}
	return problems
}
