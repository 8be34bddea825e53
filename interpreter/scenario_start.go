package interpreter

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"agon/schema"
)

// A scenario starts a game elsewhere than at its beginning: at a position
// written as data (state fields and zone contents by card id, see
// scenario_position.go), applied after the setup, at the first decision
// or when a phase first begins. Package transcript reads scenario files
// and replays their steps; this file starts their games.

// The places a scenario can start.
const (
	// StartSetup applies the position after the setup, before the flow's
	// first effect: the flow then runs to its first decision. Triggers
	// are not checked while the setup runs (a trigger the setup would
	// fire fires at the flow's first effect instead).
	StartSetup = "after_setup"
	// StartDecision runs the setup and the flow to the first decision,
	// applies the position there and asks that decision again, in the
	// new position.
	StartDecision = "first_decision"
	// StartPhase, followed by a phase name ("phase bidding"), applies the
	// position when that phase first begins, before its first effect.
	StartPhase = "phase "
)

// ScenarioStart is where and how a scenario's game starts: what StartAt
// needs of a scenario file.
type ScenarioStart struct {
	// File is the scenario file's name, for messages.
	File string
	// Players and Seed configure the game.
	Players int
	Seed    uint64
	// Start is StartSetup, StartDecision or StartPhase and a phase name;
	// StartLine is its line in File (0 when not given).
	Start     string
	StartLine int
	// Position is the position's mapping node, nil when there is none.
	Position *yaml.Node
}

// StartAt starts a game of p at the scenario's position (its steps are
// not taken): after the setup or at the first decision, as its start
// says. initial are chance outcomes for the setup and the flow up to the
// first decision (nil: the seed decides).
func StartAt(p *Program, sc ScenarioStart, initial []Outcome) (*Game, error) {
	g, err := newGame(p, Config{Players: sc.Players, Seed: sc.Seed, Outcomes: initial})
	if err != nil {
		return nil, err
	}
	g.partialOutcomes = true // chance steps fix only the outcomes they list
	return g, sc.begin(g.startAtDecision, g.startAtPhase, g.startAfterSetup)
}

// begin starts a game at sc's place, with the runtime's way for each:
// at the first decision, when a phase (named) first begins, or after the
// setup.
func (sc ScenarioStart) begin(atDecision func(ScenarioStart) error, atPhase func(ScenarioStart, string) error, afterSetup func(ScenarioStart) error) error {
	switch {
	case sc.Start == StartDecision:
		return atDecision(sc)
	case strings.HasPrefix(sc.Start, StartPhase):
		return atPhase(sc, strings.TrimSpace(strings.TrimPrefix(sc.Start, StartPhase)))
	}
	return afterSetup(sc)
}

// startPhase is the error for a scenario starting at a phase p does not
// have (nil when it has it).
func (p *Program) startPhase(sc ScenarioStart, phase string) error {
	if _, ok := p.phases[phase]; ok {
		return nil
	}
	var ds schema.Diagnostics
	ds.Addf(schema.Pos{File: sc.File, Line: sc.StartLine}, "no phase %q%s", phase, schema.DidYouMean(phase, p.rs.PhaseOrder))
	return ds.Err()
}

// startAtPhase runs the game with a hook that applies the position when
// the phase first begins (decisions before it are taken as usual).
func (g *Game) startAtPhase(sc ScenarioStart, phase string) error {
	if err := g.prog.startPhase(sc, phase); err != nil {
		return err
	}
	g.phaseHook = func(g *Game, name string) error {
		if name != phase {
			return nil
		}
		g.phaseHook = nil
		return applyPosition(g, sc.File, sc.Position)
	}
	g.push(g.prog.flow)
	g.push(g.prog.setup)
	return g.run()
}

// startAfterSetup runs the setup, applies the position and runs the flow
// to its first decision.
func (g *Game) startAfterSetup(sc ScenarioStart) error {
	g.push(g.prog.flow)
	g.st.barrier = &barrier{depth: len(g.st.frames)}
	g.push(g.prog.setup)
	if err := g.run(); err != nil {
		return err
	}
	if d := g.Pending(); d != nil {
		return fmt.Errorf("%s: the setup asks %s (%q): write start: %s", sc.File, PlayerName(d.Player), d.Prompt, StartDecision)
	}
	if err := applyPosition(g, sc.File, sc.Position); err != nil {
		return err
	}
	return g.run()
}

// startAtDecision runs the setup and the flow to the first decision,
// applies the position and asks that decision again in it.
func (g *Game) startAtDecision(sc ScenarioStart) error {
	g.push(g.prog.flow)
	g.push(g.prog.setup)
	if err := g.run(); err != nil {
		return err
	}
	pd := g.st.pending
	if pd == nil {
		return fmt.Errorf("%s: the game ended before its first decision", sc.File)
	}
	if err := applyPosition(g, sc.File, sc.Position); err != nil {
		return err
	}
	g.st.pending = nil
	if err := g.decide(pd.choice); err != nil {
		return &RuntimeError{Pos: pd.choice.pos, Where: "choose (asked again at the scenario's position)", Msg: err.Error(), Err: err}
	}
	if g.st.pending == nil {
		return g.run()
	}
	return nil
}

// keyIndexOf is the index of key name in mapping n's Content, or -1.
func keyIndexOf(n *yaml.Node, name string) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == name {
			return i
		}
	}
	return -1
}
