package testgames

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// A transcript re-recorded from its decisions is byte-identical with one
// and with two OS threads, also while another game runs alongside: no
// scheduling, map order or clock reaches a transcript.
func TestReRecordingIsIdenticalAcrossGOMAXPROCS(t *testing.T) {
	gs := goldens(t)
	if len(gs) > 2 {
		gs = gs[:2] // enough to see a difference; keeps the suite fast
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, gf := range gs {
		p := gf.program(t)
		record := func() []byte {
			fresh, err := rerecordDecisions(p, gf.tr)
			if err != nil {
				t.Fatalf("%s: %v", gf.path, err)
			}
			return fresh.Marshal()
		}
		runtime.GOMAXPROCS(1)
		one := record()
		runtime.GOMAXPROCS(2)
		var two [2][]byte
		var wg sync.WaitGroup
		for i := range two {
			wg.Add(1)
			go func() { defer wg.Done(); two[i] = record() }()
		}
		wg.Wait()
		for i, b := range two {
			if !bytes.Equal(one, b) {
				t.Errorf("%s: recording %d with GOMAXPROCS 2 differs from GOMAXPROCS 1", gf.path, i+1)
			}
		}
	}
}

// agon builds for a 32-bit platform (ints of 32 bits), so overflow checks
// and hashes that assume 64 bits show up; where the machine runs 386
// binaries, every golden transcript also replays there. -short or
// AGON_SKIP_386=1 skips it.
func TestBuildsAndReplaysFor386(t *testing.T) {
	if testing.Short() || os.Getenv("AGON_SKIP_386") == "1" {
		t.Skip("builds a 386 binary (the first time ~20-40 s: the standard library for 386)")
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		t.Skipf("no go tool: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "agon386")
	build := exec.Command(goTool, "build", "-o", bin, "agon/cmd/agon")
	build.Env = append(os.Environ(), "GOARCH=386", "GOOS=linux", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("GOARCH=386 go build: %v\n%s", err, out)
	}
	if runtime.GOOS != "linux" || (runtime.GOARCH != "amd64" && runtime.GOARCH != "386") {
		t.Skipf("built; a %s/%s machine does not run linux/386 binaries", runtime.GOOS, runtime.GOARCH)
	}
	args := []string{"replay"}
	for _, gf := range goldens(t) {
		args = append(args, filepath.Join("testgames", gf.path))
	}
	run := exec.Command(bin, args...)
	run.Dir = ".."
	out, err := run.CombinedOutput()
	if isExecFormat(err) {
		t.Skipf("this kernel does not run 386 binaries: %v", err)
	}
	if ok := strings.Count("\n"+string(out), "\nok "); err != nil || ok != len(args)-1 {
		t.Fatalf("replay under 386: %d of %d ok, %v\n%s", ok, len(args)-1, err, out)
	}
}

// isExecFormat reports an error from starting a binary the kernel cannot
// run.
func isExecFormat(err error) bool {
	return err != nil && strings.Contains(err.Error(), "exec format error")
}

// The GOMAXPROCS test passes under the race detector too: two games
// recording at once share nothing mutable (a Program is read-only); and
// so does TestFlatSimulateIsIdenticalAcrossWorkers (workers playing on
// one Program's flat form). It runs those tests in a child `go test -race`; -short or AGON_SKIP_RACE=1
// skips it, and so does a toolchain without the race detector (it needs
// cgo).
func TestDeterminismUnderTheRaceDetector(t *testing.T) {
	if testing.Short() || os.Getenv("AGON_SKIP_RACE") == "1" || os.Getenv("AGON_IN_RACE_CHILD") == "1" {
		t.Skip("runs a child go test -race (about 10 s)")
	}
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goTool); err != nil {
		t.Skipf("no go tool: %v", err)
	}
	cmd := exec.Command(goTool, "test", "-race", "-count=1", "-v", "-run", "^(TestReRecordingIsIdenticalAcrossGOMAXPROCS|TestFlatSimulateIsIdenticalAcrossWorkers)$", ".")
	cmd.Env = append(os.Environ(), "AGON_IN_RACE_CHILD=1", "CGO_ENABLED=1")
	out, err := cmd.CombinedOutput()
	if err != nil && strings.Contains(string(out), "-race requires cgo") {
		t.Skipf("no race detector here: %s", out)
	}
	if err != nil || !strings.Contains(string(out), "--- PASS: TestReRecordingIsIdenticalAcrossGOMAXPROCS") || !strings.Contains(string(out), "--- PASS: TestFlatSimulateIsIdenticalAcrossWorkers") {
		t.Fatalf("go test -race: %v\n%s", err, out)
	}
}
