package transcript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"agon/interpreter"
	"agon/rulesets"
)

// The fuzz targets below run their seeds (f.Add and testdata/fuzz/<name>)
// as ordinary tests; fuzz one with e.g.
//
//	go test ./interpreter/transcript -run '^$' -fuzz FuzzReadTranscript -fuzztime 60s
//
// Each finding is kept as a file under testdata/fuzz/<name>.

// fuzzTranscript is a recorded Peloponnes game (3 players, seed 5).
func fuzzTranscript(f *testing.F) []byte {
	data, err := os.ReadFile("../../testgames/invalid/transcripts/wrong_winners.yaml")
	if err != nil {
		f.Fatal(err)
	}
	return data
}

// FuzzReadTranscript parses arbitrary transcript files: a transcript or
// an error, never a panic.
func FuzzReadTranscript(f *testing.F) {
	f.Add(fuzzTranscript(f))
	files, _ := filepath.Glob("../../testgames/invalid/transcripts/*.yaml")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_, _ = Read("t.yaml", data)
	})
}

// FuzzReplayMutated replays a recorded game with one piece of its text
// replaced (at an offset, by some text): the replay may fail, never panic.
func FuzzReplayMutated(f *testing.F) {
	base := fuzzTranscript(f)
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(uint32(0), uint8(0), "")
	f.Add(uint32(strings.Index(string(base), "decide: ")+8), uint8(1), "1")
	f.Add(uint32(strings.Index(string(base), "seed: ")+6), uint8(1), "4")
	f.Add(uint32(strings.Index(string(base), "check")), uint8(5), "check: 'len(deck) > 0'")
	f.Fuzz(func(t *testing.T, at uint32, cut uint8, text string) {
		i := int(at) % (len(base) + 1)
		j := min(len(base), i+int(cut))
		data := append(append(append([]byte(nil), base[:i]...), text...), base[j:]...)
		tr, err := Read("t.yaml", data)
		if err != nil {
			return
		}
		_, _ = Replay(p, tr, ReplayOptions{Check: interpreter.CheckExpr})
	})
}
