package transcript

import (
	"io/fs"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/interpreter"
	"agon/schema"
)

// A scenario file is a rules situation written as data: a header like a
// transcript's, a starting position (state fields and zone contents by
// card id), an optional inline variant patch (for card figures), and
// steps. It is replayed by the same code as transcripts. Example:
//
//	scenario: two gold coins do not buy the ruby
//	game: mygame
//	players: 2
//	seed: 6
//	start: first_decision       # or after_setup, or phase NAME
//	patch:                      # optional, shaped like a variant file's patch
//	  cards: {gem: {rows: [{id: ruby, price: 3}]}}
//	position:
//	  empty: [market]           # these zones start empty (a player zone: everyone's)
//	  display: [ruby, opal]     # a global zone: exactly these cards, top first
//	  round: 3                  # a global variable
//	  players:
//	    - hand: [gold_coin, gold_coin]  # a card with copies: the next free copy
//	      gold: 1               # player 0's variable
//	    - {}
//	  cards:
//	    ruby: {shiny: true}     # a card's props or attributes
//	steps:
//	  - run: [{call: buy_turn, with: {p: 0}}]
//	  - asks: 0
//	    not_offers: [buy c=ruby]
//	  - decide: 0
//	    key: pass
//	  - finished: true
//	  - check: players[0].gold == 1

// The kinds of step only scenario files have.
const (
	// StepRun runs Effects (the ruleset's effect language) now, before
	// whatever the game was doing, as interpreter.Game.Exec does.
	StepRun = "run"
	// StepAsks checks the pending decision: Player decides, Prompt is
	// part of its prompt, and its options are Options (exactly), include
	// Offers and exclude NotOffers.
	StepAsks = "asks"
	// StepFinished checks that the effects of the last run step have
	// finished: the game waits again for what it waited for before them.
	StepFinished = "finished"
	// StepLogged checks that a log message so far contains Text.
	StepLogged = "logged"
)

// Scenario is a scenario file. The embedded Transcript holds the header
// (Game, Variant, Players, Seed), the steps and the optional result.
type Scenario struct {
	Transcript
	// Title is the scenario: line, what the scenario shows.
	Title string
	// Start is interpreter.StartSetup (the default), StartDecision or
	// StartPhase and a phase name; StartLine is its line (0 when not
	// given).
	Start     string
	StartLine int
	// Patch is the inline variant patch, nil when there is none.
	Patch *yaml.Node
	// Position is the starting position, nil when there is none.
	Position *yaml.Node
}

// scenarioKeys are the top-level keys of a scenario file.
var scenarioKeys = []string{"scenario", "game", "variant", "players", "seed", "start", "patch", "position", "steps", "result"}

// scenarioStepKinds and scenarioStepKeys are the steps of a scenario file
// and the other keys each allows.
var (
	scenarioStepKinds = []string{StepChance, StepDecide, StepCheck, StepRun, StepAsks, StepFinished, StepLogged}
	scenarioStepKeys  = map[string][]string{
		StepChance: {"result"}, StepDecide: {"key", "label"},
		StepAsks: {"prompt", "options", "offers", "not_offers"}, StepRun: {"expect_error"},
	}
)

// IsScenario reports whether data is a scenario file rather than a
// transcript: its top-level mapping has a scenario: key.
func IsScenario(data []byte) bool {
	var doc yaml.Node
	if schema.PrecheckNodes("", data, schema.MaxTranscriptNodes, "") != nil || yaml.Unmarshal(data, &doc) != nil || len(doc.Content) == 0 {
		return false // Read reports it
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode {
		return false
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value == "scenario" {
			return true
		}
	}
	return false
}

// ReadScenario parses a scenario file; name is the file name used in
// messages. Problems come back as a schema.ErrorList of file:line:col
// diagnostics, together with whatever could be decoded.
func ReadScenario(name string, data []byte) (*Scenario, error) {
	sc := &Scenario{Transcript: Transcript{File: name}, Start: interpreter.StartSetup}
	doc, err := parseLimited(name, data)
	if err != nil {
		return sc, err
	}
	d := &decoder{file: name, kinds: scenarioStepKinds, keys: scenarioStepKeys}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		d.ds.Addf(schema.Pos{File: name, Line: 1}, "a scenario file must be a mapping (scenario:, game:, players:, position:, steps:)")
		return sc, d.ds.Err()
	}
	root := doc.Content[0]
	seen := d.fields(root, scenarioKeys, func(key string, v *yaml.Node) { d.scenarioHeader(key, v, sc) })
	for _, k := range []string{"scenario", "game", "players"} {
		if !seen[k] {
			d.errorf(root, "missing %q", k)
		}
	}
	d.checkSeats(&sc.Transcript)
	return sc, d.ds.Err()
}

// scenarioHeader decodes one top-level field of a scenario file.
func (d *decoder) scenarioHeader(key string, v *yaml.Node, sc *Scenario) {
	switch key {
	case "scenario":
		sc.Title = d.str(v)
	case "start":
		sc.Start = d.str(v)
		if sc.Start != interpreter.StartSetup && sc.Start != interpreter.StartDecision && !strings.HasPrefix(sc.Start, interpreter.StartPhase) {
			d.errorf(v, "start must be %s, %s or phase NAME, not %q%s", interpreter.StartSetup, interpreter.StartDecision, sc.Start,
				schema.DidYouMean(sc.Start, []string{interpreter.StartSetup, interpreter.StartDecision}))
		}
		sc.StartLine = v.Line
	case "patch":
		sc.Patch = v
	case "position":
		if v.Kind != yaml.MappingNode {
			d.errorf(v, "position must be a mapping of names to values (zones, variables, players:, cards:)")
			return
		}
		sc.Position = v
	default:
		d.header(key, v, &sc.Transcript)
	}
}

// scenarioField decodes a field of a step only scenario files have.
func (d *decoder) scenarioField(s *Step, key string, v *yaml.Node) {
	switch key {
	case StepRun:
		s.Effects = d.effects(v)
	case StepAsks:
		s.Player = d.int(v)
	case StepFinished:
		if v.Value != "true" {
			d.errorf(v, "write finished: true")
		}
	case StepLogged:
		s.Text = d.str(v)
	case "prompt":
		s.Prompt = d.str(v)
	case "options":
		s.Options = d.strs(v)
	case "offers":
		s.Offers = d.strs(v)
	case "not_offers":
		s.NotOffers = d.strs(v)
	case "expect_error":
		s.Error = d.str(v)
	}
}

// effects checks a run step's effect list (a single effect becomes a
// list of one).
func (d *decoder) effects(v *yaml.Node) *yaml.Node {
	if v.Kind == yaml.MappingNode {
		return &yaml.Node{Kind: yaml.SequenceNode, Line: v.Line, Column: v.Column, Content: []*yaml.Node{v}}
	}
	if v.Kind != yaml.SequenceNode {
		d.errorf(v, "run needs a list of effects, e.g. [{call: feed, with: {p: 0}}]")
		return nil
	}
	return v
}

// LoadScenario loads the ruleset in dir of fsys for the scenario: with
// its variant and its inline patch applied.
func LoadScenario(fsys fs.FS, dir string, sc *Scenario) (*interpreter.Program, error) {
	if sc.Patch == nil {
		return interpreter.Load(fsys, dir, sc.Variant)
	}
	return interpreter.LoadPatched(fsys, dir, sc.Variant, sc.File, sc.Patch)
}
