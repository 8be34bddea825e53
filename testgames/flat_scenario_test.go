package testgames

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"testing"

	"agon/interpreter/transcript"
	"agon/rulesets"
)

// flatScenarioGaps are the scenario files the flat runtime does not run
// as the present one does yet, each with the reason: a text the
// difference must contain. TestFlatRunsTheScenarios fails when one of
// them starts to agree (take it off the list), differs for another
// reason, or when a file not listed does not agree.
var flatScenarioGaps = map[string]string{}

// TestFlatRunsTheScenarios runs every scenario file, those of every game
// and the broken ones of invalid/scenarios, on the flat runtime with
// transcript.RunScenarioFlat and on the present one with RunScenario:
// the report (decisions, checks that held, the result's scores and
// winners) must be the same, and so must the error of a scenario that
// fails. The positions, the partial chance outcomes and the run steps'
// effects are the flat runtime's own (interpreter/flatscenario.go).
func TestFlatRunsTheScenarios(t *testing.T) {
	files := flatScenarioFiles(t)
	agree := 0
	for _, file := range files {
		problem := flatScenarioDifference(file)
		why, listed := flatScenarioGaps[file]
		switch {
		case problem != "" && !listed:
			t.Errorf("%s: the flat runtime runs it otherwise: %s", file, problem)
		case problem == "" && listed:
			t.Errorf("%s: listed in flatScenarioGaps (%s), but the flat runtime runs it as the present one does: take it off the list", file, why)
		case listed && !strings.Contains(problem, why):
			t.Errorf("%s: listed in flatScenarioGaps for %q, but the difference is another: %s", file, why, problem)
		case problem == "":
			agree++
		}
	}
	for file := range flatScenarioGaps {
		if !slices.Contains(files, file) {
			t.Errorf("%s: listed in flatScenarioGaps, but there is no such scenario file", file)
		}
	}
	t.Logf("%d of %d scenario files run on the flat runtime as on the present one", agree, len(files))
}

// flatScenarioFiles lists the scenario files: every game's, then the
// broken ones.
func flatScenarioFiles(t *testing.T) []string {
	t.Helper()
	games, err := fs.ReadDir(rulesets.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, g := range games {
		found, err := filepath.Glob(filepath.Join(g.Name(), "scenarios", "*.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	broken, err := filepath.Glob(filepath.Join("invalid", "scenarios", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, broken...)
	for i := range files {
		files[i] = filepath.ToSlash(files[i])
	}
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatal("no scenario files")
	}
	return files
}

// flatScenarioDifference runs the file on both runtimes and says how
// they differ ("" when they do not).
func flatScenarioDifference(file string) (problem string) {
	defer func() {
		if r := recover(); r != nil {
			problem = fmt.Sprintf("the flat runtime panicked: %v\n%s", r, debug.Stack())
		}
	}()
	data, err := os.ReadFile(file)
	if err != nil {
		return err.Error()
	}
	sc, err := transcript.ReadScenario(file, data)
	if err != nil {
		return "" // read before either runtime runs it: the same for both
	}
	p, err := transcript.LoadScenario(rulesets.FS, sc.Game, sc)
	if err != nil {
		return ""
	}
	want, wantErr := transcript.RunScenario(p, sc)
	fp, err := p.Flat()
	if err != nil {
		return "the program has no flat form: " + err.Error()
	}
	got, gotErr := transcript.RunScenarioFlat(fp, sc)
	switch {
	case wantErr != nil || gotErr != nil:
		if fmt.Sprint(wantErr) != fmt.Sprint(gotErr) {
			return fmt.Sprintf("the error is\n\t%v\nnot\n\t%v", gotErr, wantErr)
		}
		return ""
	case want.Decisions != got.Decisions || want.Checks != got.Checks || want.Skipped != got.Skipped:
		return fmt.Sprintf("%d decisions and %d checks (%d skipped), not %d and %d (%d)", got.Decisions, got.Checks, got.Skipped, want.Decisions, want.Checks, want.Skipped)
	case (want.Result == nil) != (got.Result == nil):
		return fmt.Sprintf("the result is %v, not %v", got.Result, want.Result)
	case want.Result != nil && !slices.Equal(want.Result.Winners, got.Result.Winners):
		return fmt.Sprintf("the winners are %v, not %v", got.Result.Winners, want.Result.Winners)
	case want.Result != nil:
		for i, pr := range want.Result.Players {
			if got.Result.Players[i].Score != pr.Score {
				return fmt.Sprintf("P%d scores %d, not %d", i+1, got.Result.Players[i].Score, pr.Score)
			}
		}
	}
	return ""
}
