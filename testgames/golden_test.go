package testgames

// The golden games: every testgames/<game>/*.yaml transcript is replayed
// against the embedded rules of <game> (TestGolden), and the recorded ones
// are recorded again with their bots (TestGoldenRerecord). README.md says
// how to add one and how -update works.

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/interpreter/transcript"
	"agon/rulesets"
)

// goldenUpdate asks TestGolden to rewrite the outputs of recorded
// transcripts; AGON_UPDATE=1 in the environment does the same.
var goldenUpdate = flag.Bool("update", false,
	"rewrite the outputs (logs, chance results, result) of source: recorded transcripts")

// goldenUpdating reports whether goldens are to be rewritten.
func goldenUpdating() bool { return *goldenUpdate || os.Getenv("AGON_UPDATE") == "1" }

// golden is one transcript file, testgames/<game>/<name>.yaml.
type golden struct {
	game string // the directory: the ruleset's name
	path string // relative to this package, e.g. "peloponnes/2p-shared-win.yaml"
	data []byte
	tr   *transcript.Transcript
}

// goldens reads the transcripts of every shipped game, sorted by path:
// testgames/<game>/*.yaml for each directory <game> of agon/rulesets
// (other directories here, such as invalid/, are not goldens). A file
// that does not parse fails the test and is left out, so that the other
// goldens are still checked (one stray edit hid every other failure).
func goldens(t *testing.T) []golden {
	t.Helper()
	games, err := fs.ReadDir(rulesets.FS, ".")
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, g := range games {
		if !g.IsDir() {
			continue
		}
		found, err := filepath.Glob(filepath.Join(g.Name(), "*.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, found...)
	}
	if len(paths) == 0 {
		t.Fatal("no transcripts under testgames/<game>/")
	}
	slices.Sort(paths)
	out := make([]golden, 0, len(paths))
	for _, path := range paths {
		gf, err := parseGolden(filepath.ToSlash(path))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		out = append(out, gf)
	}
	return out
}

// readGolden reads and parses one transcript; an error fails the test.
func readGolden(t *testing.T, path string) golden {
	t.Helper()
	gf, err := parseGolden(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return gf
}

// parseGolden reads and parses one transcript.
func parseGolden(path string) (golden, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return golden{}, err
	}
	tr, err := transcript.Read(path, data)
	if err != nil {
		return golden{}, err
	}
	game, _, _ := strings.Cut(path, "/")
	return golden{game: game, path: path, data: data, tr: tr}, nil
}

// name is the subtest name: game/file without .yaml.
func (gf golden) name() string {
	return gf.game + "/" + strings.TrimSuffix(filepath.Base(gf.path), ".yaml")
}

// goldenPrograms caches the loaded programs by game and variant. The
// golden tests do not run in parallel.
var goldenPrograms = map[[2]string]*interpreter.Program{}

// program loads the golden's game, with its variant, from the embedded
// rulesets.
func (gf golden) program(t *testing.T) *interpreter.Program {
	t.Helper()
	key := [2]string{gf.game, gf.tr.Variant}
	if p := goldenPrograms[key]; p != nil {
		return p
	}
	p, err := interpreter.Load(rulesets.FS, gf.game, gf.tr.Variant)
	if err != nil {
		t.Fatalf("loading %s (variant %q): %v", gf.game, gf.tr.Variant, err)
	}
	goldenPrograms[key] = p
	return p
}

// TestGolden replays every transcript, evaluating its check steps with
// interpreter.CheckExpr (Game.Eval must give true), and fails at the
// first divergence. With -update (or AGON_UPDATE=1) it
// first rewrites the outputs of source: recorded transcripts.
func TestGolden(t *testing.T) {
	for _, gf := range goldens(t) {
		t.Run(gf.name(), func(t *testing.T) {
			p := gf.program(t)
			if goldenUpdating() {
				gf = updateGolden(t, p, gf)
			}
			rep, err := transcript.Replay(p, gf.tr, transcript.ReplayOptions{Check: interpreter.CheckExpr})
			var d *transcript.Divergence
			if errors.As(err, &d) {
				transcript.AddGoldenHint(d, gf.tr)
			}
			if err != nil {
				t.Fatalf("%v", err)
			}
			if rep.Result == nil {
				t.Fatalf("%s: the game did not end", gf.path)
			}
		})
	}
}

// updateGolden rewrites a recorded transcript's outputs when they
// changed, and returns the golden as it now is. Transcripts not marked
// source: recorded are left alone. A decision that is no longer legal
// fails the test and leaves the file as it was.
func updateGolden(t *testing.T, p *interpreter.Program, gf golden) golden {
	t.Helper()
	if gf.tr.Source != transcript.SourceRecorded {
		return refreshHash(t, p, gf)
	}
	fresh, err := rerecordDecisions(p, gf.tr)
	if err != nil {
		t.Fatalf("%s: not rewritten: %v", gf.path, err)
	}
	putBack(fresh, gf.tr)
	fresh.RulesetSource = gf.tr.RulesetSource
	data := fresh.Marshal()
	if bytes.Equal(data, gf.tr.Marshal()) {
		return gf
	}
	if err := os.WriteFile(gf.path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("rewrote %s", gf.path)
	return readGolden(t, gf.path)
}

// refreshHash rewrites only the ruleset: line of a transcript that is not
// source: recorded (its steps are evidence, never rewritten), when the
// hash is stale, keeping every other byte.
func refreshHash(t *testing.T, p *interpreter.Program, gf golden) golden {
	t.Helper()
	if gf.tr.Ruleset == "" || gf.tr.Ruleset == p.Hash() {
		return gf
	}
	re := regexp.MustCompile(`(?m)^(ruleset: *["']?)` + regexp.QuoteMeta(gf.tr.Ruleset) + `(["']?(?: +#.*)? *)$`)
	if len(re.FindAllIndex(gf.data, -1)) != 1 {
		t.Fatalf("%s: cannot find the one ruleset: line to refresh", gf.path)
	}
	data := re.ReplaceAll(gf.data, []byte("${1}"+p.Hash()+"${2}"))
	if err := os.WriteFile(gf.path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("refreshed the ruleset hash of %s", gf.path)
	return readGolden(t, gf.path)
}

// TestGoldenRulesetHashes checks that no shipped golden carries a stale
// ruleset hash, so that agon replay never greets a clean checkout with
// "the ruleset changed since the transcript was recorded". After editing
// a ruleset, `go test ./testgames -run Golden -update` refreshes them.
func TestGoldenRulesetHashes(t *testing.T) {
	for _, gf := range goldens(t) {
		if gf.tr.Ruleset == "" {
			continue
		}
		if now := gf.program(t).Hash(); gf.tr.Ruleset != now {
			t.Errorf("%s: ruleset: %s is stale (the ruleset is now %s); run: go test ./testgames -run Golden -update",
				gf.path, gf.tr.Ruleset, now)
		}
	}
}

// rerecordDecisions plays the transcript's decisions on a new game with
// its seed and records everything else afresh: the chance outcomes the
// seed gives, the logs, the ruleset hash and the result.
func rerecordDecisions(p *interpreter.Program, tr *transcript.Transcript) (*transcript.Transcript, error) {
	s := &decisionScript{file: tr.File}
	for _, st := range tr.Steps {
		if st.Kind == transcript.StepDecide {
			s.steps = append(s.steps, st)
		}
	}
	bots := make([]interpreter.Bot, tr.Players)
	for i := range bots {
		bots[i] = scriptedSeat{s}
	}
	fresh, err := transcript.Record(p, interpreter.Config{Players: tr.Players, Seed: tr.Seed}, bots)
	switch {
	case s.err != nil:
		return nil, s.err
	case err != nil:
		return nil, err
	case s.next < len(s.steps):
		return nil, fmt.Errorf("%s:%d: the game ends before this decision (%d of %d)",
			tr.File, s.steps[s.next].Line, s.next+1, len(s.steps))
	}
	fresh.Seats = slices.Clone(tr.Seats)
	return fresh, nil
}

// decisionScript hands out a transcript's decisions in order, to
// whichever seat is asked. It is not safe for concurrent use.
type decisionScript struct {
	file  string
	steps []transcript.Step // the decide steps
	next  int               // the next decide step to hand out
	err   error             // why a decision could not be followed
}

// choose returns the option index of the next decision, or -1 (and sets
// err) when the transcript has none or it is not legal here.
func (s *decisionScript) choose(d *interpreter.Decision) int {
	if s.next >= len(s.steps) {
		s.err = fmt.Errorf("%s: the transcript's decisions have run out, but P%d is asked %q",
			s.file, d.Player+1, d.Prompt)
		return -1
	}
	st := s.steps[s.next]
	i := d.Find(st.Key)
	if st.Player != d.Player || i < 0 {
		s.err = fmt.Errorf("%s:%d: decision %q by P%d (decide: %d) is no longer legal: P%d is asked %q (legal: %s)",
			s.file, st.Line, st.Key, st.Player+1, st.Player, d.Player+1, d.Prompt, goldenOptionKeys(d))
		return -1
	}
	s.next++
	return i
}

// goldenOptionKeys lists a decision's option keys.
func goldenOptionKeys(d *interpreter.Decision) string {
	keys := make([]string, len(d.Options))
	for i, o := range d.Options {
		keys[i] = o.Key
	}
	return strings.Join(keys, ", ")
}

// scriptedSeat is the interpreter.Bot of one seat: it follows the
// script shared by all seats.
type scriptedSeat struct{ s *decisionScript }

// Choose takes the script's next decision.
func (b scriptedSeat) Choose(_ *interpreter.Game, d *interpreter.Decision) int {
	return b.s.choose(d)
}

// putBack puts into a transcript recorded afresh (rerecordDecisions) what
// people wrote into the old one: its check steps (withChecksBack) and its
// comments (withCommentsBack, and those of the header and result lines).
func putBack(fresh, old *transcript.Transcript) {
	steps, oldSteps, tail := withCommentsBack(fresh.Steps, old.Steps)
	fresh.Steps = withChecksBack(steps, oldSteps)
	fresh.HeadComments = slices.Clone(old.HeadComments)
	fresh.Comments = old.Comments.Clone()
	fresh.Comments.PrependAbove("result", tail...)
	fresh.FootComments = slices.Clone(old.FootComments)
}

// withCommentsBack gives the comments of old's steps to the steps of fresh
// that correspond to them: the k-th decision's to the k-th decision, a log
// or chance step's to the same step (the same text, seen as often before
// it) in the same stretch between decisions. The comments of a log or
// chance step that is gone move above the next decide or check step of
// old, in the returned copy of old (withChecksBack takes its checks from
// it); after the last one, they come back as tail, for above result:.
func withCommentsBack(fresh, old []transcript.Step) (freshOut, oldOut []transcript.Step, tail []string) {
	freshOut, oldOut = slices.Clone(fresh), slices.Clone(old)
	type place struct {
		stretch, seen int
		text          string
	}
	places := func(steps []transcript.Step, f func(i int, p place)) {
		stretch, seen := 0, map[string]int{}
		for i, st := range steps {
			switch st.Kind {
			case transcript.StepDecide:
				stretch++
				clear(seen)
			case transcript.StepCheck:
			default:
				text := fmt.Sprintf("%s\x00%s\x00%q\x00%s", st.Kind, st.Name, st.Result, st.Text)
				f(i, place{stretch, seen[text], text})
				seen[text]++
			}
		}
	}
	at := map[place]int{} // where each log and chance step of fresh is
	places(fresh, func(i int, p place) { at[p] = i })
	var moving []string // comments of gone steps, for the next decision or check
	next := 0           // the next step of old to look at for a decision or check
	takeMoving := func(upTo int) {
		for ; next < upTo && len(moving) > 0; next++ {
			if k := oldOut[next].Kind; k == transcript.StepDecide || k == transcript.StepCheck {
				oldOut[next].Comments = oldOut[next].Comments.Clone()
				oldOut[next].Comments.PrependAbove(k, moving...)
				moving = nil
			}
		}
		next = max(next, upTo)
	}
	places(old, func(i int, p place) {
		takeMoving(i)
		c := old[i].Comments
		if c.IsZero() {
			return
		}
		if j, ok := at[p]; ok {
			freshOut[j].Comments = c.Clone()
			return
		}
		moving = append(moving, c.Lines(old[i].Kind, "result")...)
	})
	takeMoving(len(old))
	var od, fd []int // the decide steps
	for i, st := range oldOut {
		if st.Kind == transcript.StepDecide {
			od = append(od, i)
		}
	}
	for i, st := range freshOut {
		if st.Kind == transcript.StepDecide {
			fd = append(fd, i)
		}
	}
	for k := range min(len(od), len(fd)) {
		freshOut[fd[k]].Comments = oldOut[od[k]].Comments.Clone()
	}
	return freshOut, oldOut, moving
}

// placedCheck is a check step of an old transcript and where it stood:
// after decisions decide steps and offset other steps, right after the
// step after (nil when offset is 0).
type placedCheck struct {
	decisions, offset int
	after             *transcript.Step
	check             transcript.Step
}

// checksOf lists the check steps of steps with their places.
func checksOf(steps []transcript.Step) []placedCheck {
	var out []placedCheck
	var last *transcript.Step // the last step that is not a check
	decisions, offset := 0, 0
	for i, st := range steps {
		switch st.Kind {
		case transcript.StepCheck:
			c := placedCheck{decisions: decisions, offset: offset, check: st}
			if offset > 0 {
				c.after = last
			}
			out = append(out, c)
			continue
		case transcript.StepDecide:
			decisions++
			offset = -1
		}
		last = &steps[i]
		offset++
	}
	return out
}

// withChecksBack returns fresh with the check steps of old re-inserted.
// A check goes after as many decisions as in old: right after the log or
// chance step it followed when that step is still in the stretch before
// the next decision, else as many steps into the stretch as before.
func withChecksBack(fresh, old []transcript.Step) []transcript.Step {
	checks := checksOf(old)
	if len(checks) == 0 {
		return fresh
	}
	at := make([][]transcript.Step, len(fresh)+1) // checks to insert before fresh[i]
	for _, c := range checks {
		i := insertionPoint(fresh, c)
		at[i] = append(at[i], c.check)
	}
	out := make([]transcript.Step, 0, len(fresh)+len(checks))
	for i, st := range fresh {
		out = append(out, at[i]...)
		out = append(out, st)
	}
	return append(out, at[len(fresh)]...)
}

// insertionPoint is the index in fresh before which check c goes.
func insertionPoint(fresh []transcript.Step, c placedCheck) int {
	start, end := stretch(fresh, c.decisions)
	if c.after != nil {
		for j := start; j < end; j++ {
			if sameStepText(*c.after, fresh[j]) {
				return j + 1
			}
		}
	}
	return min(start+c.offset, end)
}

// stretch returns the bounds of the steps after decision n (n = 0: from
// the start) up to the next decision.
func stretch(steps []transcript.Step, n int) (start, end int) {
	start = len(steps)
	if n == 0 {
		start = 0
	}
	seen := 0
	for i, st := range steps {
		if st.Kind != transcript.StepDecide {
			continue
		}
		seen++
		if seen == n {
			start = i + 1
		}
		if seen == n+1 {
			return start, i
		}
	}
	return start, len(steps)
}

// sameStepText reports whether two steps say the same, ignoring their lines
// and labels.
func sameStepText(a, b transcript.Step) bool {
	return a.Kind == b.Kind && a.Name == b.Name && slices.Equal(a.Result, b.Result) &&
		a.Text == b.Text && a.Player == b.Player && a.Key == b.Key && a.Expr == b.Expr
}

// TestGoldenRerecord records every source: recorded transcript again with
// the bots its seats name, seeded as agon record seeds them, and expects
// the same bytes (after dropping hand-written check steps; the ruleset
// hash is not compared, so editing a ruleset's comments does not fail it).
// A transcript whose seats decide by the clock (mcts:2s) is skipped: its
// bots would play another game on each run.
func TestGoldenRerecord(t *testing.T) {
	for _, gf := range goldens(t) {
		if gf.tr.Source != transcript.SourceRecorded {
			continue
		}
		t.Run(gf.name(), func(t *testing.T) {
			if why := notRerecordable(gf.tr); why != "" {
				t.Skipf("%s: %s", gf.path, why)
			}
			bots, err := goldenSeatBots(gf.tr)
			if err != nil {
				t.Skipf("%s: %v", gf.path, err)
			}
			cfg := interpreter.Config{Players: gf.tr.Players, Seed: gf.tr.Seed}
			again, err := transcript.Record(gf.program(t), cfg, bots)
			sameRecording(t, gf, again, err)
		})
	}
}

// sameRecording requires again, gf recorded again, to be gf's bytes but
// for its check steps and comments.
func sameRecording(t *testing.T, gf golden, again *transcript.Transcript, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: recording again: %v", gf.path, err)
	}
	again.RulesetSource = gf.tr.RulesetSource
	if again.Ruleset != gf.tr.Ruleset {
		t.Logf("%s: the ruleset changed since recording (%s, now %s); -update refreshes the hash",
			gf.path, gf.tr.Ruleset, again.Ruleset)
		again.Ruleset = gf.tr.Ruleset
	}
	if msg := firstLineDiff(recordedBytes(gf), again.Marshal()); msg != "" {
		t.Fatalf("%s: recording seed %d with seats %v again gives another transcript: %s",
			gf.path, gf.tr.Seed, gf.tr.Seats, msg)
	}
}

// notRerecordable says why recording the transcript again cannot give
// the same game ("" when it can): seats whose bots decide by the clock
// (bot.UsesClock), whose choices depend on the machine's speed.
func notRerecordable(tr *transcript.Transcript) string {
	var clocked []string
	for i, kind := range tr.Seats {
		if bot.UsesClock(kind) {
			clocked = append(clocked, fmt.Sprintf("%s (%s)", interpreter.PlayerName(i), kind))
		}
	}
	if len(clocked) == 0 {
		return ""
	}
	return "the bots of " + strings.Join(clocked, ", ") + " decide by the clock, so recording again gives another game (TestGolden still replays its decisions)"
}

// goldenSeatBots makes the bots the transcript's seats name, seeded as
// the CLI seeds them.
func goldenSeatBots(tr *transcript.Transcript) ([]interpreter.Bot, error) {
	if len(tr.Seats) != tr.Players {
		return nil, fmt.Errorf("%d seats for %d players; cannot record again", len(tr.Seats), tr.Players)
	}
	bots := make([]interpreter.Bot, tr.Players)
	for i, kind := range tr.Seats {
		b, err := bot.New(kind, bot.SeatSeed(tr.Seed, i))
		if err != nil {
			return nil, err
		}
		bots[i] = b
	}
	return bots, nil
}

// recordedBytes is the file as a recording gives it: its bytes, or,
// when it has check steps or comments, the transcript without them.
func recordedBytes(gf golden) []byte {
	if !slices.ContainsFunc(gf.tr.Steps, isCheckStep) && !hasComments(gf.tr) {
		return gf.data
	}
	tr := *gf.tr
	tr.Steps = slices.DeleteFunc(slices.Clone(tr.Steps), isCheckStep)
	for i := range tr.Steps {
		tr.Steps[i].Comments = transcript.Comments{}
	}
	tr.HeadComments, tr.Comments, tr.FootComments = nil, transcript.Comments{}, nil
	return tr.Marshal()
}

// hasComments reports whether a transcript has comments (besides the
// "# agon transcript" line every transcript starts with).
func hasComments(tr *transcript.Transcript) bool {
	return len(tr.HeadComments) > 0 || !tr.Comments.IsZero() || len(tr.FootComments) > 0 ||
		slices.ContainsFunc(tr.Steps, func(s transcript.Step) bool { return !s.Comments.IsZero() })
}

// isCheckStep reports whether a step is a check step.
func isCheckStep(s transcript.Step) bool { return s.Kind == transcript.StepCheck }

// firstLineDiff describes the first line where want and got differ, ""
// when they are equal.
func firstLineDiff(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; ; i++ {
		wl, gl := quotedLine(w, i), quotedLine(g, i)
		if wl != gl {
			return fmt.Sprintf("line %d: want %s, got %s", i+1, wl, gl)
		}
	}
}

// quotedLine quotes line i, or says the text has ended.
func quotedLine(lines []string, i int) string {
	if i < len(lines) {
		return fmt.Sprintf("%q", lines[i])
	}
	return "the end"
}

// TestGoldenUpdateRestoresOutputs checks the -update machinery without
// writing files: spoiling a recorded golden's outputs and re-recording
// its decisions gives back the golden, check steps in place.
func TestGoldenUpdateRestoresOutputs(t *testing.T) {
	gf := firstRecorded(t)
	spoilt := *gf.tr
	spoilt.Steps = slices.Clone(gf.tr.Steps)
	spoilt.Result = nil
	for i, st := range spoilt.Steps {
		if st.Kind == transcript.StepLog {
			spoilt.Steps[i].Text = "spoilt " + st.Text
		}
	}
	fresh, err := rerecordDecisions(gf.program(t), &spoilt)
	if err != nil {
		t.Fatal(err)
	}
	putBack(fresh, &spoilt)
	fresh.Ruleset = gf.tr.Ruleset
	if msg := firstLineDiff(gf.tr.Marshal(), fresh.Marshal()); msg != "" {
		t.Fatalf("%s: re-recording its decisions does not give it back: %s", gf.path, msg)
	}
}

// TestGoldenUpdateRefusesIllegalDecisions checks that an update stops at
// a decision that is not legal, naming its line.
func TestGoldenUpdateRefusesIllegalDecisions(t *testing.T) {
	gf := firstRecorded(t)
	bad := *gf.tr
	bad.Steps = slices.Clone(gf.tr.Steps)
	i := slices.IndexFunc(bad.Steps, func(s transcript.Step) bool { return s.Kind == transcript.StepDecide })
	bad.Steps[i].Key = "no such option"
	_, err := rerecordDecisions(gf.program(t), &bad)
	want := fmt.Sprintf("%s:%d: decision %q", gf.path, bad.Steps[i].Line, "no such option")
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want an error containing %s", err, want)
	}
}

// TestWithChecksBack checks where re-inserted check steps go: after the
// log they followed, else as far into the stretch as before, and never
// past the next decision.
func TestWithChecksBack(t *testing.T) {
	log := func(s string) transcript.Step { return transcript.Step{Kind: transcript.StepLog, Text: s} }
	check := func(s string) transcript.Step { return transcript.Step{Kind: transcript.StepCheck, Expr: s} }
	decide := func(key string) transcript.Step { return transcript.Step{Kind: transcript.StepDecide, Key: key} }
	old := []transcript.Step{
		check("start"), log("a"), check("after a"), log("b"), check("after b"),
		decide("x"), check("after x"), log("c"), log("d"), check("after d"), log("e"),
	}
	fresh := []transcript.Step{log("b"), log("a"), log("z"), decide("x"), log("C"), log("D"), log("E")}
	got := withChecksBack(fresh, old)
	want := []transcript.Step{
		check("start"), log("b"), check("after b"), log("a"), check("after a"), log("z"),
		decide("x"), check("after x"), log("C"), log("D"), check("after d"), log("E"),
	}
	if !slices.EqualFunc(got, want, sameStepText) {
		t.Fatalf("got %v\nwant %v", got, want)
	}
}

// firstRecorded returns the first source: recorded golden.
func firstRecorded(t *testing.T) golden {
	t.Helper()
	for _, gf := range goldens(t) {
		if gf.tr.Source == transcript.SourceRecorded {
			return gf
		}
	}
	t.Skip("no source: recorded golden")
	return golden{}
}

// TestGoldenRefreshHashKeepsTableTranscripts checks that -update changes
// only the ruleset: line of a source: table transcript, comments and all.
func TestGoldenRefreshHashKeepsTableTranscripts(t *testing.T) {
	p, err := interpreter.Load(rulesets.FS, "peloponnes", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	if err := os.Mkdir("peloponnes", 0o755); err != nil {
		t.Fatal(err)
	}
	old := "# typed in at the table\ngame: peloponnes\nruleset: sha256:0000000000000000 # stale\nplayers: 3\nsource: table\nsteps: []\n"
	if err := os.WriteFile("peloponnes/t.yaml", []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	gf := refreshHash(t, p, readGolden(t, "peloponnes/t.yaml"))
	want := strings.Replace(old, "sha256:0000000000000000", p.Hash(), 1)
	if got, _ := os.ReadFile("peloponnes/t.yaml"); string(got) != want || gf.tr.Ruleset != p.Hash() {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// TestGoldenUpdateKeepsComments runs an update on a commented copy of a
// recorded golden whose log line is out of date (as after a rule change
// of its text): the update restores the line and keeps every comment,
// the changed log's own comment moving above the next decision.
func TestGoldenUpdateKeepsComments(t *testing.T) {
	var gf golden
	for _, g := range goldens(t) {
		if g.tr.Source == transcript.SourceRecorded && slices.ContainsFunc(g.tr.Steps, isCheckStep) {
			gf = g
			break
		}
	}
	if gf.tr == nil {
		t.Skip("no source: recorded golden with a check")
	}
	p := gf.program(t)
	lines := strings.Split(string(gf.data), "\n")
	find := func(from int, ok func(i int) bool) int {
		for i := from; i < len(lines); i++ {
			if ok(i) {
				return i
			}
		}
		t.Fatalf("%s: no such line", gf.path)
		return -1
	}
	isLog := func(i int) bool { return strings.HasPrefix(lines[i], "  - log: ") }
	stays := find(0, isLog)
	changes := find(stays+1, func(i int) bool { return isLog(i) && strings.HasPrefix(lines[i+1], "  - decide: ") })
	decision := changes + 1
	check := find(0, func(i int) bool { return strings.HasPrefix(lines[i], "  - check: ") })
	result := find(0, func(i int) bool { return lines[i] == "result:" })

	// The file as people left it, and as the update should leave it.
	var old, want []string
	for i, l := range lines {
		switch i {
		case 1:
			old = append(old, "# a comment at the top", "")
			want = append(want, "# a comment at the top", "")
		case stays:
			old = append(old, "  # above a log that stays")
			want = append(want, "  # above a log that stays")
		case changes:
			old = append(old, "  # above a log that changes", "  - log: an out-of-date text # on it")
			want = append(want, l)
			continue
		case decision:
			old = append(old, "  # above a decision")
			want = append(want, "  # above a log that changes", "  # on it", "  # above a decision")
			l += " # at the end of a decision"
		case check:
			old = append(old, "  # above a check", "")
			want = append(want, "  # above a check", "")
		case result:
			old = append(old, "# above result:")
			want = append(want, "# above result:")
		}
		old, want = append(old, l), append(want, l)
	}
	t.Chdir(t.TempDir())
	if err := os.Mkdir(gf.game, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(gf.path, []byte(strings.Join(old, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	updateGolden(t, p, readGolden(t, gf.path))
	got, err := os.ReadFile(gf.path)
	if err != nil {
		t.Fatal(err)
	}
	if msg := firstLineDiff([]byte(strings.Join(want, "\n")), got); msg != "" {
		t.Fatalf("%s after an update: %s", gf.path, msg)
	}
}

// TestWithCommentsBack checks where the comments of old steps go: to the
// decision of the same number, to the same log in the same stretch (the
// same one of equal logs), else above the next decision or check, and
// after the last one above result: (tail).
func TestWithCommentsBack(t *testing.T) {
	commented := func(s transcript.Step, c string) transcript.Step {
		s.Comments.AddAbove(s.Kind, c)
		return s
	}
	log := func(s string) transcript.Step { return transcript.Step{Kind: transcript.StepLog, Text: s} }
	check := func(s string) transcript.Step { return transcript.Step{Kind: transcript.StepCheck, Expr: s} }
	decide := func(key string) transcript.Step { return transcript.Step{Kind: transcript.StepDecide, Key: key} }
	old := []transcript.Step{
		log("a"), commented(log("a"), "# the second a"), commented(log("gone"), "# gone 1"), log("b"),
		commented(check("c"), "# c"),
		commented(decide("x"), "# x"),
		commented(log("a"), "# a after x"), commented(log("gone"), "# gone 2"),
		decide("y"),
		commented(log("gone"), "# gone 3"),
	}
	fresh := []transcript.Step{log("a"), log("b"), log("a"), decide("x"), log("A"), log("a"), decide("y"), log("new")}
	gotFresh, gotOld, tail := withCommentsBack(fresh, old)
	comment := func(s transcript.Step) string { return strings.Join(s.Comments.Lines(s.Kind), " ") }
	var got []string
	for _, s := range withChecksBack(gotFresh, gotOld) {
		got = append(got, s.Key+s.Text+s.Expr+": "+comment(s))
	}
	want := []string{"a: ", "b: ", "c: # gone 1 # c", "a: # the second a", "x: # x", "A: ", "a: # a after x",
		"y: # gone 2", "new: "}
	if !slices.Equal(got, want) || !slices.Equal(tail, []string{"# gone 3"}) {
		t.Fatalf("got %q, tail %q\nwant %q, tail [# gone 3]", got, tail, want)
	}
	if comment(old[4]) != "# c" || comment(old[8]) != "" {
		t.Fatal("withCommentsBack changed the old steps")
	}
}
