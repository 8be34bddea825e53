package transcript

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/schema"
)

// sampleTranscript exercises every step kind and awkward strings.
func sampleTranscript() *Transcript {
	return &Transcript{
		Game: "somegame", Variant: "", Ruleset: "sha256:abc", Players: 3,
		Seats: []string{"random", "random", "first"}, Seed: 42, Source: SourceRecorded,
		Steps: []Step{
			{Kind: StepChance, Name: "shuffle pile", Result: []string{"a", "b,c", "[x]", "123", "", "yes"}},
			{Kind: StepLog, Text: "Round 1"},
			{Kind: StepLog, Text: "a: b # not a comment"},
			{Kind: StepLog, Text: "two\nlines\ttab \"q\""},
			{Kind: StepDecide, Player: 0, Key: "bid c=lion_gate", Label: "Bid on Lion Gate"},
			{Kind: StepDecide, Player: 2, Key: "pass"},
			{Kind: StepCheck, Expr: `players[0].luxury == 2 && name != "x"`},
			{Kind: StepChance, Name: "roll die", Result: []string{}},
			{Kind: StepLog, Text: " leading space"},
			{Kind: StepLog, Text: "- dash"},
			{Kind: StepLog, Text: "Ünïcödé ✓"},
		},
		Result: &Result{Scores: []int{12, 10, -9}, Winners: []int{0}},
	}
}

// withoutLines clears the positions Read fills in.
func withoutLines(t *Transcript) *Transcript {
	c := *t
	c.File = ""
	c.GamePos, c.VariantPos, c.SeatsPos = schema.Pos{}, schema.Pos{}, nil
	c.lastLine = 0
	c.Steps = append([]Step(nil), t.Steps...)
	for i := range c.Steps {
		c.Steps[i].Line, c.Steps[i].ExprCol = 0, 0
	}
	if t.Result != nil {
		r := *t.Result
		r.Line, r.ScoresLine, r.WinnersLine = 0, 0, 0
		c.Result = &r
	}
	return &c
}

func TestTranscriptRoundTrip(t *testing.T) {
	want := sampleTranscript()
	data := want.Marshal()
	got, err := Read("t.yaml", data)
	require.NoError(t, err, string(data))
	assert.Equal(t, want, withoutLines(got))
	assert.Equal(t, string(data), string(got.Marshal()), "byte-identical after a round trip")
	assert.Equal(t, "t.yaml", got.File)
}

func TestTranscriptMarshalLayout(t *testing.T) {
	tr := &Transcript{
		Game: "g", Players: 2, Seats: []string{"human", "random"}, Seed: 7, Source: SourceTable,
		Steps: []Step{
			{Kind: StepChance, Name: "shuffle deck", Result: []string{"x", "w"}},
			{Kind: StepDecide, Player: 1, Key: "take c=x", Label: "Take X"},
		},
		Result: &Result{Scores: []int{3, 4}, Winners: []int{1}},
	}
	want := `# agon transcript
game: g
variant: ""
players: 2
seats: [human, random]
seed: 7
source: table
steps:
  - chance: shuffle deck
    result: [x, w]
  - decide: 1
    key: take c=x
    label: Take X
result:
  scores: [3, 4]
  winners: [1]
`
	assert.Equal(t, want, string(tr.Marshal()))
}

func TestTranscriptLines(t *testing.T) {
	src := `# agon transcript
game: g
players: 2
steps:
  - log: hello
  - decide: 1
    key: pass
result: {scores: [1, 2], winners: [1]}
`
	tr, err := Read("t.yaml", []byte(src))
	require.NoError(t, err)
	require.Len(t, tr.Steps, 2)
	assert.Equal(t, 5, tr.Steps[0].Line)
	assert.Equal(t, 6, tr.Steps[1].Line)
	assert.Equal(t, Step{Line: 6, Kind: StepDecide, Player: 1, Key: "pass"}, tr.Steps[1])
	assert.Equal(t, 8, tr.Result.Line)
	assert.Equal(t, []int{1, 2}, tr.Result.Scores)
}

func TestTranscriptErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"syntax", "game: g\nplayers: 2\nsteps:\n\t- log: x\n", "t.yaml:4:1: YAML syntax error: found a tab character where indentation is expected"},
		{"unknown key", "game: g\nplayers: 2\nsede: 4\n", `t.yaml:3:1: unknown key "sede" (did you mean "seed"?)`},
		{"missing players", "game: g\n", `t.yaml:1:1: missing "players"`},
		{"bad int", "game: g\nplayers: three\n", `t.yaml:2:10: expected an integer, got "three"`},
		{"bad source", "game: g\nplayers: 2\nsource: pub\n", `t.yaml:3:9: source must be "recorded" or "table", not "pub"`},
		{"step without kind", "game: g\nplayers: 2\nsteps:\n  - key: pass\n", "t.yaml:4:5: a step needs one of chance, log, decide, check"},
		{"misspelt kind", "game: g\nplayers: 2\nsteps:\n  - key: pass\n    decid: 0\n",
			`t.yaml:5:5: a step needs one of chance, log, decide, check: "decid" is no step kind (did you mean "decide"?)`},
		{"result without scores", "game: g\nplayers: 2\nsteps: []\nresult:\n  winners: [0]\n",
			"t.yaml:5:3: result needs both scores: (in seat order) and winners: (seats from 0)"},
		{"empty result", "game: g\nplayers: 2\nsteps: []\nresult: {}\n", "t.yaml:4:9: result needs both scores:"},
		{"two kinds", "game: g\nplayers: 2\nsteps:\n  - log: x\n    check: y\n", "t.yaml:5:5: a step has one of"},
		{"stray key", "game: g\nplayers: 2\nsteps:\n  - log: x\n    key: y\n", `t.yaml:5:5: unknown key "key"`},
		{"decide without key", "game: g\nplayers: 2\nsteps:\n  - decide: 0\n", "t.yaml:4:5: a decide step needs a key:"},
		{"duplicate", "game: g\ngame: h\nplayers: 2\n", `t.yaml:2:1: duplicate key "game"`},
		{"not a mapping", "- a\n", "t.yaml:1:1: a transcript must be a mapping"},
		{"empty", "", "t.yaml:1: empty transcript"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read("t.yaml", []byte(c.src))
			require.Error(t, err)
			var list schema.ErrorList
			require.True(t, errors.As(err, &list), "%T", err)
			assert.True(t, strings.HasPrefix(list[0].Error(), c.want), "got %q, want prefix %q", list[0].Error(), c.want)
		})
	}
}

func TestTranscriptAllErrorsAtOnce(t *testing.T) {
	src := "game: g\nplayers: x\nseed: -1\nsteps:\n  - decide: a\n    key: k\n"
	_, err := Read("t.yaml", []byte(src))
	var list schema.ErrorList
	require.True(t, errors.As(err, &list))
	assert.Len(t, list, 3)
}

func TestQuote(t *testing.T) {
	cases := map[string]string{
		"plain":    "plain",
		"a: b":     "'a: b'",
		"123":      `"123"`,
		"":         `""`,
		"two\nl":   `"two\nl"`,
		"bid c=x":  "bid c=x",
		"#hash":    "'#hash'",
		"Lion (3)": "Lion (3)",
	}
	for in, want := range cases {
		assert.Equal(t, want, quote(in, false), in)
	}
	assert.Equal(t, `"a,b"`, quote("a,b", true))
	assert.Equal(t, "a,b", quote("a,b", false))
}

func TestTranscriptRulesetSource(t *testing.T) {
	tr := sampleTranscript()
	tr.RulesetSource = "rulesets/somegame"
	data := string(tr.Marshal())
	assert.Contains(t, data, "ruleset: sha256:abc\nruleset_source: rulesets/somegame\nplayers: 3\n")
	got, err := Read("t.yaml", []byte(data))
	require.NoError(t, err)
	assert.Equal(t, "rulesets/somegame", got.RulesetSource)
	tr.RulesetSource = ""
	assert.NotContains(t, string(tr.Marshal()), "ruleset_source", "not written when unknown, so older transcripts stay byte-identical")
}

func TestReadChecksSeatsAndDecidingPlayers(t *testing.T) {
	bad := map[string]string{
		"game: g\nplayers: 4\nseats: [random, random]\nsteps: []\n": "t.yaml:3:8: 2 seats for 4 players",
		"game: g\nplayers: 2\nseats: [first]\nsteps: []\n":          "t.yaml:3:8: 1 seat for 2 players",
		"game: g\nplayers: 4\nsteps:\n  - decide: 9\n    key: a\n":  "t.yaml:4:13: decide: 9 is no player of this game: players are numbered from 0 (P1) to 3 (P4)",
		"game: g\nsteps:\n  - decide: -1\n    key: a\nplayers: 2\n": "t.yaml:3:13: decide: -1 is no player of this game",
		"game: g\nplayers: 0\nsteps: []\n":                          "t.yaml:2:10: players must be at least 1, not 0",
		// outside reliability audit: winners were not checked ("expected
		// winners [P10]"), and a mapping or list for a number read as ""
		"game: g\nplayers: 2\nsteps: []\nresult:\n  scores: [1, 2]\n  winners: [9]\n": "t.yaml:6:13: winners: 9 is no player of this game: winners are seats from 0 (P1) to 1 (P2)",
		"game: g\nplayers: {n: 2}\nsteps: []\n":                                       "t.yaml:2:10: expected an integer, got a mapping",
		"game: g\nplayers: 2\nseed: [1]\nsteps: []\n":                                 "t.yaml:3:7: expected an unsigned integer, got a list",
	}
	for text, want := range bad {
		_, err := Read("t.yaml", []byte(text))
		require.Error(t, err, text)
		assert.Contains(t, err.Error(), want, text)
	}
	tr, err := Read("t.yaml", []byte("game: g\nplayers: 4\nseats: [a, b, c, d]\nsteps:\n  - decide: 3\n    key: a\n"))
	assert.NoError(t, err, "Read knows no seat kinds: its caller checks them with CheckSeats")
	err = tr.CheckSeats(func(seat string) error {
		if seat == "b" || seat == "d" {
			return errors.New("unknown seat " + strconv.Quote(seat))
		}
		return nil
	})
	require.Error(t, err)
	assert.Equal(t, "t.yaml:3:12: seat 1 (P2): unknown seat \"b\"\nt.yaml:3:18: seat 3 (P4): unknown seat \"d\"", err.Error())
	_, err = ReadScenario("s.yaml", []byte("scenario: s\ngame: g\nplayers: 2\nsteps:\n  - decide: 2\n    key: a\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "s.yaml:5:13: decide: 2 is no player of this game")
}

// A line indented wrongly in a transcript is reported at that line, as in
// a ruleset, not at the start of the list or mapping yaml.v3 names (the
// steps: list, or the header at line 1).
func TestIndentationSlipIsReportedAtTheLine(t *testing.T) {
	head := "game: g\nplayers: 2\nsteps:\n  - log: a\n  - decide: 0\n    key: pass\n"
	for _, c := range []struct{ name, line, want string }{
		{"step indented by 3", "   - decide: 1\n    key: pass\n",
			"t.yaml:7:4: YAML syntax error: this line is indented by 3 spaces, but the block that starts at line 4 indents by 4 or 2"},
		{"step indented by 1", "  - log: b\n - decide: 1\n    key: pass\n",
			"t.yaml:8:2: YAML syntax error: this line is indented by 1 space, but the block that starts at line 1 indents by 2 or 0"},
		{"step among the keys of the one before", "    - log: b\n",
			"t.yaml:7:5: YAML syntax error: this line is indented by 4 spaces, but the block that starts at line 5 indents by 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read("t.yaml", []byte(head+c.line+"  - log: c\n"))
			var list schema.ErrorList
			require.True(t, errors.As(err, &list), "%v", err)
			assert.True(t, strings.HasPrefix(list[0].Error(), c.want), "got  %s\nwant %s", list[0].Error(), c.want)
		})
	}
}

// A scenario file's slip is reported the same way.
func TestScenarioIndentationSlipIsReportedAtTheLine(t *testing.T) {
	src := "scenario: s\ngame: g\nplayers: 2\nsteps:\n  - check: 'true'\n   - decide: 1\n    key: pass\n"
	_, err := ReadScenario("s.yaml", []byte(src))
	var list schema.ErrorList
	require.True(t, errors.As(err, &list), "%v", err)
	assert.True(t, strings.HasPrefix(list[0].Error(),
		"s.yaml:6:4: YAML syntax error: this line is indented by 3 spaces, but the block that starts at line 5 indents by 4 or 2"), list[0].Error())
}

// A ruleset's file given where a transcript belongs says so in one line
// (outside reliability audit: "unknown key procedures (did you mean
// players?)" and missing game and players).
func TestReadARulesetFile(t *testing.T) {
	_, err := Read("r/g/bidding.yaml", []byte("procedures:\n  bid: {do: []}\nflow: []\n"))
	require.Error(t, err)
	assert.Equal(t, "r/g/bidding.yaml:1:1: this is a ruleset's file (it has procedures:, flow:), not a transcript or scenario: to check the ruleset, run agon validate r/g", err.Error())
	_, err = Read("t.yaml", []byte("game: g\nplayers: 2\nsteps: []\nflow: x\n"))
	assert.Contains(t, err.Error(), `unknown key "flow"`, "a transcript with a stray key is still a transcript")
}
