package testgames

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"regexp"
	"sort"
	"strings"
	"testing"

	"agon/interpreter/transcript"
	"agon/rulesets"
)

// TestInvalidScenarios runs the broken scenario files of
// invalid/scenarios/<name>.yaml: reading, loading or running each must
// fail with an error matching <name>.expect (a regexp) that starts with
// the file's name and line.
func TestInvalidScenarios(t *testing.T) {
	const root = "invalid/scenarios"
	files, err := fs.Glob(os.DirFS(root), "*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios in %s (%v)", root, err)
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
			invalidCheck(t, "scenarios/"+name, func() []string { return invalidScenarioProblems(file, data, want) })
		})
	}
}

// invalidScenarioProblems reads, loads and runs the scenario and compares
// the error with want.
func invalidScenarioProblems(file string, data []byte, want *regexp.Regexp) []string {
	err := runInvalidScenario(file, data)
	if err == nil {
		return []string{"the scenario runs without error"}
	}
	var problems []string
	if !strings.HasPrefix(err.Error(), file+":") || !invalidNamesLine.MatchString(err.Error()) {
		problems = append(problems, "the error does not start with the scenario's file:line")
	}
	if !want.MatchString(err.Error()) {
		problems = append(problems, fmt.Sprintf("error does not match %q", want))
	}
	if len(problems) > 0 {
		problems = append(problems, "got: "+err.Error())
	}
	return problems
}

// runInvalidScenario reads, loads and runs a scenario file.
func runInvalidScenario(file string, data []byte) error {
	sc, err := transcript.ReadScenario(file, data)
	if err != nil {
		return err
	}
	p, err := transcript.LoadScenario(rulesets.FS, sc.Game, sc)
	if err != nil {
		return err
	}
	_, err = transcript.RunScenario(p, sc)
	return err
}
