package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/sim"
)

// Interrupted (Ctrl-C), simulate clears its progress line, reports the
// games that finished, writes --rows and --stats for them, says so and
// exits 130; merge refuses the interrupted shard.
func TestInterruptedSimulateReportsTheGamesThatFinished(t *testing.T) {
	dir := t.TempDir()
	rows, stats := filepath.Join(dir, "g.csv"), filepath.Join(dir, "s.json")
	s, err := newSimulation(simulateParams{Ruleset: "peloponnes", Players: "3", Games: 40, Seed: 1, Bots: "random", Workers: 1,
		Rows: rows, Stats: stats, Progress: true})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	played := 0
	s.play = func(p *interpreter.Program, players int, seed uint64, kinds []string) sim.Outcome {
		if played++; played == 5 {
			cancel() // Ctrl-C during the fifth game
		}
		return sim.PlayGame(p, players, seed, kinds)
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitInterrupted, s.run(ctx, &stdout, &stderr), stderr.String())

	m := regexp.MustCompile(`games[^\r]*\r\x1b\[Knote: interrupted after (\d+) of 40 games; the report is of the (\d+) games that finished\n$`).FindStringSubmatch(stderr.String())
	require.NotNil(t, m, "the progress line is cleared before the note: %q", stderr.String())
	done, _ := strconv.Atoi(m[1])
	assert.Equal(t, m[1], m[2])
	assert.GreaterOrEqual(t, done, 5)
	assert.Less(t, done, 40)
	assert.Contains(t, stdout.String(), "\n"+m[1]+" games of Peloponnes Card Game (base rules; players 3")
	assert.Contains(t, stdout.String(), "\nnote: interrupted after "+m[1]+" of 40 games: these are the statistics of the games that finished\n")

	csv := readCSV(t, rows)
	require.Len(t, csv, done+1, "a row per finished game")
	assert.Equal(t, strconv.Itoa(done), csv[done][0], "the first games of the run")
	var rep map[string]any
	data, err := os.ReadFile(stats)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &rep))
	assert.Equal(t, true, rep["interrupted"])
	assert.InDelta(t, done, rep["games"], 0)

	code, _, errOut := runCLI(t, "", "merge", stats)
	assert.Equal(t, exitProblems, code)
	assert.Contains(t, errOut, "error: "+stats+" is of an interrupted run (only its first games finished): merged, it would stand for all the games of its shard; run that shard again\n")
}

// Interrupted before any game finished, simulate, compare and bench exit 130
// and write nothing.
func TestInterruptedBeforeAnyGame(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rows := filepath.Join(t.TempDir(), "g.csv")
	for args, want := range map[string]string{
		"simulate peloponnes --players 3 --games 4 --rows " + rows:              "error: interrupted after 0 of 4 games\n",
		"simulate peloponnes --players 3 --games 4 --set conquest_bonus=1,2":    "error: conquest_bonus=1: interrupted after 0 of 4 games; 1 value after it not played\n",
		"compare peloponnes --variant harsh-catastrophes --players 3 --games 4": "error: A (base rules): interrupted after 0 of 4 games; nothing compared\n",
		"compare peloponnes --set conquest_bonus=1,2 --players 3 --games 4":     "error: A (the ruleset's own conquest_bonus): interrupted after 0 of 4 games; nothing compared\n",
		// bench exited 1 (outside reliability audit)
		"bench peloponnes --players 3 --games 4": "error: interrupted after 0 of 4 games\n",
	} {
		var stdout, stderr bytes.Buffer
		code := run(ctx, strings.Fields(args), strings.NewReader(""), &stdout, &stderr)
		assert.Equal(t, exitInterrupted, code, args)
		assert.True(t, strings.HasSuffix(stderr.String(), want), "%s: %q", args, stderr.String())
		assert.NotContains(t, stdout.String(), "games of", args)
	}
	assert.NoFileExists(t, rows)
}

// cancelOn is a stderr that cancels the run when a text is written to it
// (a progress line of a given stage).
type cancelOn struct {
	mu     sync.Mutex
	buf    bytes.Buffer
	text   string
	cancel context.CancelFunc
}

func (w *cancelOn) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if bytes.Contains(p, []byte(w.text)) {
		w.cancel()
	}
	return w.buf.Write(p)
}

// compare interrupted while B plays compares B's finished games with the
// same games of A, says so and exits 130.
func TestInterruptedCompareComparesTheGamesBothFinished(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stderr := &cancelOn{text: "\rB (harsh-catastrophes) [", cancel: cancel}
	var stdout bytes.Buffer
	prm := compareParams{simulateParams: simulateParams{Ruleset: "peloponnes", Variant: "harsh-catastrophes", Players: "3", Games: 30, Seed: 1,
		Bots: "random", Workers: 1, Progress: true, JSON: true}}
	require.Equal(t, exitInterrupted, runCompare(ctx, prm, &stdout, stderr), stderr.buf.String())
	var c compareReport
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &c))
	assert.True(t, c.A.Interrupted)
	assert.True(t, c.B.Interrupted)
	assert.Equal(t, c.A.Games, c.B.Games, "the same games on each side")
	assert.Less(t, c.B.Games, 30)
	assert.Regexp(t, `\r\x1b\[Knote: B \(harsh-catastrophes\): interrupted after \d+ of 30 games; A and B are compared on the first (1 game|\d+ games) of each\n$`, stderr.buf.String()) // 1 when the interruption comes at B's first progress line
}

// Ctrl-C stops play and record (outside reliability audit: the first did
// nothing, the second killed agon and nothing was kept): play saves the
// unfinished game as quitting does, record keeps FILE.partial, both exit
// 130.
func TestPlayAndRecordStopAtCtrlC(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir := t.TempDir()
	played, recorded := filepath.Join(dir, "p.yaml"), filepath.Join(dir, "r.yaml")
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"play", "peloponnes", "--players", "2", "--seed", "3", "--record", played}, strings.NewReader("1\n"), &stdout, &stderr)
	assert.Equal(t, exitInterrupted, code, stderr.String())
	assert.Contains(t, stderr.String(), "game interrupted\nwrote "+played+": the unfinished game")
	stderr.Reset()
	code = run(ctx, []string{"record", "peloponnes", "--players", "2", "-o", recorded}, strings.NewReader(""), &stdout, &stderr)
	assert.Equal(t, exitInterrupted, code, stderr.String())
	assert.Contains(t, stderr.String(), "interrupted: "+recorded+" is kept as it was; the transcript so far is in "+recorded+".partial")
	assert.FileExists(t, recorded+".partial")
	assert.NoFileExists(t, recorded)
}

// Ctrl-C while play waits for a line at its prompt stops it too.
func TestPlayStopsAtCtrlCWhileWaitingForALine(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in, w := io.Pipe() // a terminal nobody types at
	defer w.Close()
	stdout := &cancelOn{text: "choose 1-", cancel: cancel} // Ctrl-C at the prompt
	var stderr bytes.Buffer
	code := run(ctx, []string{"play", "peloponnes", "--players", "2", "--seed", "3"}, in, stdout, &stderr)
	assert.Equal(t, exitInterrupted, code, stderr.String())
	assert.Contains(t, stderr.String(), "game interrupted")
}
