// Package transcript reads and writes games as text: transcripts (a
// game's chance outcomes, log and decisions, written by Record or by
// hand) and scenario files (a position and steps that check a rules
// situation). Replay and RunScenario play them on a game of package
// interpreter and report the first divergence; FirstOptionDifference
// compares two rulesets along a transcript. It uses package
// interpreter's exported API only and knows no bot: Record plays any
// interpreter.Bot.
package transcript

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// A transcript is a game written as YAML a person can read and write by
// hand: a header, one step per chance outcome, log message, decision or
// state check, and the final result. Example:
//
//	# agon transcript
//	game: mygame
//	variant: ""
//	ruleset: sha256:…
//	ruleset_source: built-in
//	players: 3
//	seats: [random, random, first]
//	seed: 42
//	source: recorded
//	steps:
//	  - chance: shuffle power_pile
//	    result: [lion_gate, well]
//	  - log: Round 1
//	  - decide: 0
//	    key: bid c=lion_gate
//	    label: Bid on Lion Gate
//	  - check: players[0].gold == 2
//	result:
//	  scores: [12, 10, 9]
//	  winners: [0]
//
// A game saved before it ended has "unfinished: true" after source: and
// no result; it may end anywhere, even between a decision and its log
// lines, and replay compares it up to its last step. Every other
// transcript ends with its result, scores: and winners: both given.
// seats: is optional; Read does not check its names (see CheckSeats).

// The kinds of transcript step.
const (
	// StepChance is a chance outcome: Name and Result.
	StepChance = "chance"
	// StepLog is a log message: Text.
	StepLog = "log"
	// StepDecide is a decision: Player took Key (Label is informational).
	StepDecide = "decide"
	// StepCheck is a state check: Expr must hold.
	StepCheck = "check"
)

// The sources of a transcript.
const (
	// SourceRecorded marks a transcript written by Record; tools may
	// rewrite it.
	SourceRecorded = "recorded"
	// SourceTable marks a game typed in from a real table, with its real
	// chance outcomes; tools never rewrite it.
	SourceTable = "table"
)

// Transcript is a recorded or hand-written game. The zero value is an
// empty transcript.
type Transcript struct {
	// File is where the transcript was read from, for messages; it is not
	// written by Marshal.
	File string
	// Game is the ruleset's name.
	Game string
	// Variant is the variant played, "" for the base rules.
	Variant string
	// Ruleset is Program.Hash() at recording time.
	Ruleset string
	// RulesetSource says which copy of the ruleset was played: a folder's
	// path (agon record writes a folder inside the agon checkout relative
	// to the checkout's root, rulesets/NAME, whatever the current
	// directory) or "built-in" (informational: replay never plays it, only
	// names it in a note; "" when not written).
	RulesetSource string
	// Players is the number of players.
	Players int
	// Seats names who played each seat: "human" or a bot kind (see
	// CheckSeats).
	Seats []string
	// SeatsPos are where the seats were read, one per seat, for messages
	// about them; they are not written by Marshal.
	SeatsPos []schema.Pos
	// Seed is the game's seed.
	Seed uint64
	// Source is SourceRecorded, SourceTable or "".
	Source string
	// Steps are the game's steps in order.
	Steps []Step
	// Result is the expected final result, nil when not given.
	Result *Result
	// GamePos and VariantPos are where the game: and variant: values were
	// read, for messages about them; they are not written by Marshal.
	GamePos, VariantPos schema.Pos
	// Unfinished marks a game saved before it ended (a player quit): its
	// replay stops after the last step instead of expecting the game to
	// end there. Such a transcript has no result.
	Unfinished bool
	// HeadComments are the comment lines at the top of the file, after the
	// "# agon transcript" Marshal writes ("" for a blank line between two).
	HeadComments []string
	// Comments are the comments of the header and result lines, by key
	// ("seed", "result", "scores", …; see Comments).
	Comments Comments
	// FootComments are the comment lines after the last line.
	FootComments []string
	// lastLine is the line of the header's last value (Read sets it): a
	// divergence after the last step of a transcript with neither steps
	// nor a result points there.
	lastLine int
}

// Step is one step of a transcript. Which fields mean something depends
// on Kind (see the Step* constants).
type Step struct {
	// Line is the step's line in the transcript file, 0 when unknown.
	Line int
	// Kind is StepChance, StepLog, StepDecide or StepCheck.
	Kind   string
	Name   string   // chance: what was random
	Result []string // chance: the outcome
	Text   string   // log: the message
	Player int      // decide: who decided (from 0)
	Key    string   // decide: the option key
	Label  string   // decide: the option label (informational)
	Expr   string   // check: an expression that must hold
	// ExprCol is the column of Expr's first character on Line, 0 when
	// unknown (a block scalar, or a value over several lines).
	ExprCol int
	// ExprStyle is how Expr was written (yaml.DoubleQuotedStyle,
	// yaml.SingleQuotedStyle or 0 for plain), so that Marshal writes a
	// hand-written check as it was; 0 lets Marshal choose.
	ExprStyle yaml.Style
	// Scenario steps (see scenario.go).
	Effects   *yaml.Node // run: the effect list
	Prompt    string     // asks: a text the prompt must contain
	Options   []string   // asks: exactly these option keys, in any order
	Offers    []string   // asks: at least these option keys
	NotOffers []string   // asks: none of these option keys
	Error     string     // run: the effects must fail with an error containing this
	// Comments are the step's comments, by the key of the line they are
	// on or above: Comments.Above[Kind] are the lines above the step.
	// Read fills them in for transcripts, and Marshal writes them.
	Comments Comments
}

// Result is a transcript's expected final result.
type Result struct {
	// Line is the line of the result section, 0 when unknown.
	Line int
	// Scores are the final scores in seat order.
	Scores []int
	// Winners are the winning seats.
	Winners []int
	// ScoresLine and WinnersLine are the lines of the two keys, 0 when
	// unknown.
	ScoresLine, WinnersLine int
}

// Marshal writes the transcript as YAML. The output depends only on the
// transcript, so the same game always gives the same bytes. Comments
// (HeadComments, Comments, the steps' Comments, FootComments) are written
// where Read found them.
func (t *Transcript) Marshal() []byte {
	var b bytes.Buffer
	b.WriteString(marshalHead + "\n")
	for _, c := range t.HeadComments {
		writeCommentLine(&b, "", c)
	}
	var header []line
	add := func(key, format string, args ...any) {
		header = append(header, line{key: key, text: key + ": " + fmt.Sprintf(format, args...)})
	}
	add("game", "%s", quote(t.Game, false))
	add("variant", "%s", quote(t.Variant, false))
	if t.Ruleset != "" {
		add("ruleset", "%s", quote(t.Ruleset, false))
	}
	if t.RulesetSource != "" {
		add("ruleset_source", "%s", quote(t.RulesetSource, false))
	}
	add("players", "%d", t.Players)
	if len(t.Seats) > 0 {
		add("seats", "%s", flowStrings(t.Seats))
	}
	add("seed", "%d", t.Seed)
	if t.Source != "" {
		add("source", "%s", quote(t.Source, false))
	}
	if t.Unfinished {
		add("unfinished", "true")
	}
	if len(t.Steps) == 0 {
		header = append(header, line{key: "steps", text: "steps: []"})
	} else {
		header = append(header, line{key: "steps", text: "steps:"})
	}
	var result []line
	if r := t.Result; r != nil {
		result = []line{
			{key: "result", text: "result:"},
			{key: "scores", indent: "  ", text: "  scores: " + flowInts(r.Scores)},
			{key: "winners", indent: "  ", text: "  winners: " + flowInts(r.Winners)},
		}
	}
	// The header and result lines are one part, the steps come after the
	// steps: line.
	foot := slices.Clone(t.FootComments)
	writeLines(&b, t.Comments, transcriptKeyOrder, append(header, result...), &foot, func(key string) {
		if key == "steps" {
			for _, s := range t.Steps {
				writeStep(&b, s)
			}
		}
	})
	for _, c := range foot {
		writeCommentLine(&b, "", c)
	}
	return b.Bytes()
}

// writeStep writes one step as a list item.
func writeStep(b *bytes.Buffer, s Step) {
	var lines []line
	add := func(key, indent, format string, args ...any) {
		lines = append(lines, line{key: key, indent: indent, text: fmt.Sprintf(format, args...)})
	}
	switch s.Kind {
	case StepChance:
		add(StepChance, "  ", "  - chance: %s", quote(s.Name, false))
		add("result", "    ", "    result: %s", flowStrings(s.Result))
	case StepLog:
		add(StepLog, "  ", "  - log: %s", quote(s.Text, false))
	case StepDecide:
		add(StepDecide, "  ", "  - decide: %d", s.Player)
		add("key", "    ", "    key: %s", quote(s.Key, false))
		if s.Label != "" {
			add("label", "    ", "    label: %s", quote(s.Label, false))
		}
	case StepCheck:
		add(StepCheck, "  ", "  - check: %s", quoteAs(s.Expr, s.ExprStyle))
	default:
		add(s.Kind, "  ", "  - unknown: %s", quote(s.Kind, false))
	}
	writeLines(b, s.Comments, stepKeyOrder(s.Kind), lines, nil, nil)
}

// quote returns s as a YAML scalar, quoted only when it has to be. In a
// flow list (flow) the flow indicators ,[]{} need quoting too.
func quote(s string, flow bool) string {
	out, err := yaml.Marshal(s)
	q := strings.TrimSuffix(string(out), "\n")
	if err != nil || strings.Contains(q, "\n") {
		return strconv.Quote(s)
	}
	plain := q == s
	if flow && plain && strings.ContainsAny(s, ",[]{}") {
		return strconv.Quote(s)
	}
	if strings.HasPrefix(q, "'") && strings.Contains(s, "'") {
		return strconv.Quote(s) // "Potters' Quarter" reads better than 'Potters'' Quarter'
	}
	return q
}

// quoteAs returns s as a YAML scalar in the style given (double or single
// quoted), or as quote does when it is another or cannot be read back.
func quoteAs(s string, style yaml.Style) string {
	if style != yaml.DoubleQuotedStyle && style != yaml.SingleQuotedStyle {
		return quote(s, false)
	}
	out, err := yaml.Marshal(&yaml.Node{Kind: yaml.ScalarNode, Style: style, Value: s})
	q := strings.TrimSuffix(string(out), "\n")
	var back string
	if err != nil || strings.Contains(q, "\n") || yaml.Unmarshal(out, &back) != nil || back != s {
		return quote(s, false)
	}
	return q
}

// flowStrings writes a flow list of strings: [a, b].
func flowStrings(list []string) string {
	parts := make([]string, len(list))
	for i, s := range list {
		parts[i] = quote(s, true)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// flowInts writes a flow list of ints: [1, 2].
func flowInts(list []int) string {
	parts := make([]string, len(list))
	for i, n := range list {
		parts[i] = strconv.Itoa(n)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
