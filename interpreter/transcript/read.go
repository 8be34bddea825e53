package transcript

// Reading a transcript: Read parses the YAML into a Transcript and reports
// every problem at once, as file:line:col diagnostics.

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// Read parses a transcript; name is the file name used in
// messages. Problems come back as a schema.ErrorList of file:line:col
// diagnostics, together with whatever could be decoded.
func Read(name string, data []byte) (*Transcript, error) {
	t := &Transcript{File: name}
	doc, err := parseLimited(name, data)
	if err != nil {
		return t, err
	}
	if err := rulesetFile(name, doc); err != nil {
		return t, err
	}
	d := &decoder{file: name}
	d.transcript(doc, t)
	if len(doc.Content) > 0 && doc.Content[0].Kind == yaml.MappingNode {
		readComments(data, doc, t)
	}
	return t, d.ds.Err()
}

// rulesetOnly reports whether key, one of a ruleset's top-level keys
// (schema.RulesetKeys), is one that no transcript or scenario has
// (flow:, procedures:, …).
func rulesetOnly(rulesetKeys []string, key string) bool {
	return slices.Contains(rulesetKeys, key) && !slices.Contains(headerKeys, key) && !slices.Contains(scenarioKeys, key)
}

// rulesetFile is an error when doc is a ruleset's file (it has a ruleset's
// keys and no steps:) given where a transcript was expected: one message
// that says so, rather than every key that is not a transcript's.
func rulesetFile(name string, doc *yaml.Node) error {
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil
	}
	var found []string
	keys := schema.RulesetKeys()
	top := doc.Content[0]
	for i := 0; i+1 < len(top.Content); i += 2 {
		switch k := top.Content[i].Value; {
		case k == "steps":
			return nil
		case rulesetOnly(keys, k):
			found = append(found, k+":")
		}
	}
	if len(found) == 0 {
		return nil
	}
	var ds schema.Diagnostics
	ds.Addf(schema.Pos{File: name, Line: 1, Col: 1}, "this is a ruleset's file (it has %s), not a transcript or scenario: to check the ruleset, run agon validate %s",
		schema.JoinAtMost(found, 3), path.Dir(filepath.ToSlash(name)))
	return ds.Err()
}

// parseLimited parses a transcript or scenario file of at most
// schema.MaxTranscriptNodes YAML nodes, counted before it is parsed
// (schema.PrecheckNodes) and after.
func parseLimited(name string, data []byte) (*yaml.Node, error) {
	var ds schema.Diagnostics
	if d := schema.PrecheckNodes(name, data, schema.MaxTranscriptNodes, "MaxTranscriptNodes"); d != nil {
		ds.Add(*d)
		return nil, ds.Err()
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		ds.Add(schema.SourceSyntaxError(name, data, err))
		return nil, ds.Err()
	}
	if d := schema.CheckNodes(name, &doc, schema.MaxTranscriptNodes, "MaxTranscriptNodes"); d != nil {
		ds.Add(*d)
		return nil, ds.Err()
	}
	return &doc, nil
}

// decoder decodes a transcript's node tree, collecting every problem.
type decoder struct {
	file string
	ds   schema.Diagnostics
	// kinds and keys, when set, replace stepKinds and stepKeys (scenario
	// files have more kinds of step).
	kinds []string
	keys  map[string][]string
	// unfinished is the value of a transcript's unfinished: key.
	unfinished *yaml.Node
	// players and seats are the values of those header keys, decides the
	// players of the decide steps, for checkSeats.
	players, seats *yaml.Node
	decides        []*yaml.Node
	winners        *yaml.Node // the result's winners: list, checked against players
	// resultNode is the value of the result: key, for messages.
	resultNode *yaml.Node
}

// pos is the position of n.
func (d *decoder) pos(n *yaml.Node) schema.Pos {
	return schema.Pos{File: d.file, Line: n.Line, Col: n.Column}
}

// errorf records a problem at n.
func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	d.ds.Addf(d.pos(n), format, args...)
}

// headerKeys are the top-level keys of a transcript.
var headerKeys = []string{"game", "variant", "ruleset", "ruleset_source", "players", "seats", "seed", "source", "unfinished", "steps", "result"}

// transcript decodes the document into t.
func (d *decoder) transcript(doc *yaml.Node, t *Transcript) {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		d.ds.Addf(schema.Pos{File: d.file, Line: 1}, "empty transcript")
		return
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		d.errorf(root, "a transcript must be a mapping (game:, players:, steps:, …)")
		return
	}
	seen := d.fields(root, headerKeys, func(key string, v *yaml.Node) { d.header(key, v, t) })
	if n := len(root.Content); n > 0 {
		t.lastLine = root.Content[n-1].Line
	}
	for _, k := range []string{"game", "players"} {
		if !seen[k] {
			d.errorf(root, "missing %q", k)
		}
	}
	d.checkSeats(t)
	if t.Unfinished && t.Result != nil {
		d.errorf(d.unfinished, "an unfinished game has no result: remove result: or unfinished: true")
	}
	// A result mapping read without one of its keys (ScoresLine and
	// WinnersLine are set when the key is read) would compare nothing.
	if r := t.Result; r != nil && d.resultNode.Kind == yaml.MappingNode && (r.ScoresLine == 0 || r.WinnersLine == 0) {
		d.errorf(d.resultNode, "result needs both scores: (in seat order) and winners: (seats from 0), e.g. scores: [12, 10] and winners: [0]")
	}
}

// gameWhere is where the transcript's game: was read (file:line:col), or
// its file name when that is unknown.
func (t *Transcript) gameWhere() string {
	if t.GamePos.IsValid() {
		return t.GamePos.String()
	}
	return t.File
}

// CheckSeats checks each seat name with known, which returns nil for a
// seat kind the caller knows ("human", a bot kind) and else an error
// saying why not. Seats are optional, but those given must be known: a
// transcript's seats say how it was played (agon's tests record a
// recorded transcript anew with them). Problems come back as a
// schema.ErrorList of file:line:col diagnostics.
func (t *Transcript) CheckSeats(known func(seat string) error) error {
	var ds schema.Diagnostics
	for i, seat := range t.Seats {
		err := known(seat)
		if err == nil {
			continue
		}
		pos := schema.Pos{File: t.File}
		if i < len(t.SeatsPos) {
			pos = t.SeatsPos[i]
		}
		ds.Addf(pos, "seat %d (P%d): %v", i, i+1, err)
	}
	return ds.Err()
}

// checkSeats checks the seats and the deciding players against players:
// a seat for each player, and each decide: a player of the game (from 0).
func (d *decoder) checkSeats(t *Transcript) {
	if d.players == nil {
		return
	}
	if t.Players < 1 {
		if _, err := strconv.Atoi(d.players.Value); err == nil {
			d.errorf(d.players, "players must be at least 1, not %d", t.Players)
		}
		return
	}
	if d.seats != nil && len(t.Seats) != t.Players {
		d.errorf(d.seats, "%d %s for %d %s: give one seat per player", len(t.Seats), schema.Plural(len(t.Seats), "seat", "seats"), t.Players, schema.Plural(t.Players, "player", "players"))
	}
	for _, v := range d.decides {
		n, err := strconv.Atoi(v.Value)
		if err == nil && (n < 0 || n >= t.Players) {
			d.errorf(v, "decide: %d is no player of this game: players are numbered from 0 (P1) to %d (P%d)", n, t.Players-1, t.Players)
		}
	}
	if d.winners != nil && d.winners.Kind == yaml.SequenceNode {
		for _, v := range d.winners.Content {
			n, err := strconv.Atoi(v.Value)
			if err == nil && (n < 0 || n >= t.Players) {
				d.errorf(v, "winners: %d is no player of this game: winners are seats from 0 (P1) to %d (P%d)", n, t.Players-1, t.Players)
			}
		}
	}
}

// fields calls f for each key/value pair of the mapping m, reporting
// unknown and duplicate keys. It returns the keys seen.
func (d *decoder) fields(m *yaml.Node, known []string, f func(key string, v *yaml.Node)) map[string]bool {
	seen := map[string]bool{}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k, v := m.Content[i], m.Content[i+1]
		switch {
		case !contains(known, k.Value):
			d.errorf(k, "unknown key %q%s", k.Value, schema.DidYouMean(k.Value, known))
		case seen[k.Value]:
			d.errorf(k, "duplicate key %q", k.Value)
		default:
			seen[k.Value] = true
			f(k.Value, v)
		}
	}
	return seen
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// header decodes one top-level field.
func (d *decoder) header(key string, v *yaml.Node, t *Transcript) {
	switch key {
	case "game":
		t.Game, t.GamePos = d.str(v), d.pos(v)
	case "variant":
		t.Variant, t.VariantPos = d.str(v), d.pos(v)
	case "ruleset":
		t.Ruleset = d.str(v)
	case "ruleset_source":
		t.RulesetSource = d.str(v)
	case "players":
		t.Players, d.players = d.int(v), v
	case "seats":
		t.Seats, d.seats = d.strs(v), v
		if v.Kind == yaml.SequenceNode {
			for _, it := range v.Content {
				t.SeatsPos = append(t.SeatsPos, d.pos(it))
			}
		}
	case "seed":
		t.Seed = d.uint(v)
	case "source":
		t.Source = d.source(v)
	case "unfinished":
		t.Unfinished, d.unfinished = d.bool(v), v
	case "steps":
		t.Steps = d.steps(v)
	case "result":
		t.Result, d.resultNode = d.result(v), v
	}
}

// source decodes the source field.
func (d *decoder) source(v *yaml.Node) string {
	s := d.str(v)
	if s != "" && s != SourceRecorded && s != SourceTable {
		d.errorf(v, "source must be %q or %q, not %q", SourceRecorded, SourceTable, s)
	}
	return s
}

// str decodes a scalar as a string; null is "".
func (d *decoder) str(v *yaml.Node) string {
	if v.Kind != yaml.ScalarNode {
		d.errorf(v, "expected a string")
		return ""
	}
	if v.Tag == "!!null" {
		return ""
	}
	return v.Value
}

// int decodes a scalar as an int.
func (d *decoder) int(v *yaml.Node) int {
	n, err := strconv.Atoi(v.Value)
	if v.Kind != yaml.ScalarNode || err != nil {
		d.errorf(v, "expected an integer, got %s", nodeText(v))
	}
	return n
}

// nodeText names what a node holds, for messages: a scalar's text, or
// "a mapping" or "a list" (whose Value is empty: they read as got "").
func nodeText(v *yaml.Node) string {
	switch v.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	}
	return strconv.Quote(v.Value)
}

// bool decodes a scalar as true or false.
func (d *decoder) bool(v *yaml.Node) bool {
	if v.Kind != yaml.ScalarNode || (v.Value != "true" && v.Value != "false") {
		d.errorf(v, "expected true or false, got %s", nodeText(v))
		return false
	}
	return v.Value == "true"
}

// uint decodes a scalar as an unsigned 64-bit integer.
func (d *decoder) uint(v *yaml.Node) uint64 {
	n, err := strconv.ParseUint(v.Value, 0, 64)
	if v.Kind != yaml.ScalarNode || err != nil {
		d.errorf(v, "expected an unsigned integer, got %s", nodeText(v))
	}
	return n
}

// list checks that v is a sequence and returns its items.
func (d *decoder) list(v *yaml.Node) []*yaml.Node {
	if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		d.errorf(v, "expected a list")
		return nil
	}
	return v.Content
}

// strs decodes a list of strings.
func (d *decoder) strs(v *yaml.Node) []string {
	items := d.list(v)
	out := make([]string, 0, len(items))
	for _, it := range items {
		out = append(out, d.str(it))
	}
	return out
}

// ints decodes a list of ints.
func (d *decoder) ints(v *yaml.Node) []int {
	items := d.list(v)
	out := make([]int, 0, len(items))
	for _, it := range items {
		out = append(out, d.int(it))
	}
	return out
}

// resultKeys are the keys of the result section.
var resultKeys = []string{"scores", "winners"}

// result decodes the result section.
func (d *decoder) result(v *yaml.Node) *Result {
	r := &Result{Line: v.Line}
	if v.Kind != yaml.MappingNode {
		d.errorf(v, "result must be a mapping with scores: and winners:")
		return r
	}
	d.fields(v, resultKeys, func(key string, v *yaml.Node) {
		if key == "scores" {
			r.Scores, r.ScoresLine = d.ints(v), v.Line
		} else {
			r.Winners, r.WinnersLine = d.ints(v), v.Line
			d.winners = v
		}
	})
	return r
}

// stepKinds are the keys that start a step, and stepKeys the other keys
// each kind allows.
var (
	stepKinds = []string{StepChance, StepLog, StepDecide, StepCheck}
	stepKeys  = map[string][]string{StepChance: {"result"}, StepDecide: {"key", "label"}}
)

// steps decodes the steps section.
func (d *decoder) steps(v *yaml.Node) []Step {
	items := d.list(v)
	out := make([]Step, 0, len(items))
	for _, it := range items {
		if s, ok := d.step(it); ok {
			out = append(out, s)
		}
	}
	return out
}

// step decodes one step.
func (d *decoder) step(v *yaml.Node) (Step, bool) {
	s := Step{Line: v.Line}
	if v.Kind != yaml.MappingNode {
		d.errorf(v, "a step must be a mapping starting with one of %s", strings.Join(d.stepKindList(), ", "))
		return s, false
	}
	s.Kind = d.stepKind(v)
	if s.Kind == "" {
		return s, false
	}
	allowed := append([]string{s.Kind}, d.stepKeysOf(s.Kind)...)
	seen := d.fields(v, allowed, func(key string, v *yaml.Node) { d.stepField(&s, key, v) })
	if s.Kind == StepDecide && !seen["key"] {
		d.errorf(v, "a decide step needs a key:")
	}
	if s.Kind == StepChance && !seen["result"] {
		d.errorf(v, "a chance step needs a result:")
	}
	return s, true
}

// stepKindList is the decoder's list of step kinds.
func (d *decoder) stepKindList() []string {
	if d.kinds != nil {
		return d.kinds
	}
	return stepKinds
}

// stepKeysOf lists the other keys a step of the kind allows.
func (d *decoder) stepKeysOf(kind string) []string {
	if d.keys != nil {
		return d.keys[kind]
	}
	return stepKeys[kind]
}

// stepKind finds the one kind key of a step mapping.
func (d *decoder) stepKind(v *yaml.Node) string {
	stepKinds := d.stepKindList()
	kind := ""
	for i := 0; i+1 < len(v.Content); i += 2 {
		k := v.Content[i].Value
		if !contains(stepKinds, k) {
			continue
		}
		if kind != "" && kind != k {
			d.errorf(v.Content[i], "a step has one of %s, this one has %s and %s", strings.Join(stepKinds, ", "), kind, k)
			return ""
		}
		kind = k
	}
	if kind == "" {
		at, hint := d.misspeltKind(v, stepKinds)
		d.errorf(at, "a step needs one of %s%s", strings.Join(stepKinds, ", "), hint)
	}
	return kind
}

// misspeltKind finds a key of the step mapping v that may be a misspelt
// step kind ("decid" for "decide") and returns it with a did-you-mean
// hint, or v and "" when no key is close to one. Keys a step kind allows
// beside its kind ("key", "result") are passed over.
func (d *decoder) misspeltKind(v *yaml.Node, kinds []string) (*yaml.Node, string) {
	for i := 0; i+1 < len(v.Content); i += 2 {
		k := v.Content[i]
		if d.otherStepKey(k.Value) {
			continue
		}
		if hint := schema.DidYouMean(k.Value, kinds); hint != "" {
			return k, fmt.Sprintf(": %q is no step kind%s", k.Value, hint)
		}
	}
	return v, ""
}

// otherStepKey reports whether key is one a step kind allows beside its
// kind.
func (d *decoder) otherStepKey(key string) bool {
	for _, kind := range d.stepKindList() {
		if contains(d.stepKeysOf(kind), key) {
			return true
		}
	}
	return false
}

// stepField decodes one field of a step.
func (d *decoder) stepField(s *Step, key string, v *yaml.Node) {
	switch key {
	case StepChance:
		s.Name = d.str(v)
	case "result":
		s.Result = d.strs(v)
	case StepLog:
		s.Text = d.str(v)
	case StepDecide:
		s.Player = d.int(v)
		d.decides = append(d.decides, v)
	case "key":
		s.Key = d.str(v)
	case "label":
		s.Label = d.str(v)
	case StepCheck:
		s.Expr = d.str(v)
		s.ExprCol = exprColumn(v, s.Line)
		if st := v.Style & (yaml.DoubleQuotedStyle | yaml.SingleQuotedStyle); st != 0 && v.Kind == yaml.ScalarNode {
			s.ExprStyle = st
		}
	default:
		d.scenarioField(s, key, v)
	}
}
