package testgames

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"agon/interpreter/transcript"
	"agon/rulesets"
)

// TestScenarios runs every scenario file, <game>/scenarios/*.yaml for each
// game of agon/rulesets, with
// transcript.RunScenario: each step must hold (see "Scenario files" in
// testgames/README.md).
func TestScenarios(t *testing.T) {
	games, err := fs.ReadDir(rulesets.FS, ".")
	require.NoError(t, err)
	var files []string
	for _, g := range games {
		found, err := filepath.Glob(filepath.Join(g.Name(), "scenarios", "*.yaml"))
		require.NoError(t, err)
		files = append(files, found...)
	}
	require.NotEmpty(t, files, "no scenario files")
	for _, file := range files {
		t.Run(filepath.ToSlash(file), func(t *testing.T) {
			t.Parallel()
			sc, rep := runScenarioFile(t, file)
			require.True(t, rep.Checks > 0 || sc.Result != nil, "a scenario should check something")
		})
	}
}

// runScenarioFile reads, loads and runs one scenario file; a problem
// fails the test.
func runScenarioFile(t *testing.T, file string) (*transcript.Scenario, *transcript.ReplayReport) {
	t.Helper()
	data, err := os.ReadFile(file)
	require.NoError(t, err)
	sc, err := transcript.ReadScenario(filepath.ToSlash(file), data)
	require.NoError(t, err)
	game := filepath.Base(filepath.Dir(filepath.Dir(file)))
	require.Equal(t, game, sc.Game, "a scenario lies in the folder of its game")
	p, err := transcript.LoadScenario(rulesets.FS, game, sc)
	require.NoError(t, err)
	rep, err := transcript.RunScenario(p, sc)
	require.NoError(t, err)
	return sc, rep
}
