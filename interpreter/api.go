package interpreter

// This file is the interpreter's public surface: what the CLI, the bots,
// the transcript code and the tests use. Everything else is internal.

// Limits bound the work a game may do. The zero value means the defaults.
type Limits struct {
	// MaxEffects is the most effects one Advance may run between two
	// decisions (default 200000). It catches loops that never exit.
	MaxEffects int
	// MaxDecisions is the most decisions a game may take (default 20000).
	MaxDecisions int
	// MaxTriggerRepeats is how often one trigger may fire in a row while
	// its condition stays true (default 100).
	MaxTriggerRepeats int
	// MaxExprMemory bounds what one expression evaluation may allocate,
	// in expr's units (elements of ranges, maps and lists, and bytes of
	// strings built with + or repeat; default 1e6). The ruleset functions
	// an evaluation calls share its budget.
	MaxExprMemory int
	// MaxExprSteps bounds the work of one expression evaluation: ruleset
	// function calls and iterations of builtin predicates (filter, map,
	// sum, all, …), across every nested call (default 1e6).
	MaxExprSteps int
	// MaxRunSteps bounds the expression work between two decisions: the
	// MaxExprSteps steps of every evaluation run from one decision to the
	// next, added up (default 1e7). It stops a bounded loop whose every
	// evaluation is heavy but legal. Game.Eval (transcript and scenario
	// checks) has a budget of its own of the same size for the whole game.
	MaxRunSteps int
	// MaxLogBytes bounds the text a game's log effects may write in all
	// (default 16 MB).
	MaxLogBytes int
	// MaxCallDepth is how deeply ruleset function calls may nest (default
	// 64): it stops a recursive function whose recursion does not end.
	MaxCallDepth int
}

func (l Limits) withDefaults() Limits {
	if l.MaxEffects <= 0 {
		l.MaxEffects = 200000
	}
	if l.MaxDecisions <= 0 {
		l.MaxDecisions = 20000
	}
	if l.MaxTriggerRepeats <= 0 {
		l.MaxTriggerRepeats = 100
	}
	if l.MaxExprMemory <= 0 {
		l.MaxExprMemory = 1000000
	}
	if l.MaxExprSteps <= 0 {
		l.MaxExprSteps = 1000000
	}
	if l.MaxRunSteps <= 0 {
		l.MaxRunSteps = 10000000
	}
	if l.MaxLogBytes <= 0 {
		l.MaxLogBytes = 16 << 20
	}
	if l.MaxCallDepth <= 0 {
		l.MaxCallDepth = 64
	}
	return l
}

// Config says how to start a game.
type Config struct {
	// Players is the number of players; it must be in the ruleset's range.
	Players int
	// Seed seeds the game's random source.
	Seed uint64
	// Limits bound the game's work.
	Limits Limits
	// Outcomes are chance outcomes to use, in order, before the random
	// source (e.g. a transcript's shuffles).
	Outcomes []Outcome
	// KeysOnly skips the decision text nobody reads when bots play
	// unobserved (simulate, bench): a decision's prompt and its options'
	// labels are not rendered when it is listed, so Pending returns an
	// empty Prompt and empty Labels. The taken option's label is rendered
	// when it is taken, for the log, so the log, the result and every
	// choice of the bots are those of the same game played without it.
	// What differs is only when text fails: an unrendered prompt or label
	// cannot fail, and a taken label that fails does so at Apply (see
	// doc.go, "Decision text on demand"). Clones keep the setting;
	// MarshalState saves the text as listed (empty).
	KeysOnly bool
	// NoLog keeps no log when bots play unobserved and nobody reads it
	// (simulate, compare, bench): log effects are not rendered, the taken
	// option's label is not rendered, and no event is kept, so Events
	// returns nil and the game cannot be recorded as a transcript. Every
	// choice, every chance outcome and the result are those of the same
	// game played with a log (TestKeysOnlyChangesNothing). What differs
	// is only that a log text or a taken label that would fail at run
	// time does not (load has type-checked it; a game played with a log,
	// a transcript recorded or the random-simulation suite meets such a
	// failure), and that the log's size limit (MaxLogBytes) is not
	// checked. Clones keep the setting.
	NoLog bool
	// Counts, when set, counts the calls of each ruleset function and the
	// steps they take (CallCounts); it must belong to the same Program
	// and serve one game at a time. Clones do not count.
	Counts *CallCounts
}

// Decision is the pending decision of a game: who decides, the prompt and
// the legal options, in the order the ruleset lists them.
type Decision struct {
	// Player is the deciding player's index.
	Player int
	// Prompt is the rendered prompt.
	Prompt string
	// Options are the legal options; Key is stable across runs and is what
	// transcripts record.
	Options []Option
	// Pos is the ruleset position of the choose effect.
	Pos string
}

// Option is one legal option of a Decision.
type Option struct {
	// Key identifies the option, e.g. "bid c=lion_gate" or "pass".
	Key string
	// Label is the readable text shown to people.
	Label string
}

// Find returns the index of the option with the given key, or -1.
func (d *Decision) Find(key string) int {
	for i, o := range d.Options {
		if o.Key == key {
			return i
		}
	}
	return -1
}

// EventKind classifies entries of a game's log.
type EventKind string

// The kinds of log entry.
const (
	// EventDecision is a decision taken: Player chose Key.
	EventDecision EventKind = "decide"
	// EventChance is a chance outcome: Name says what (e.g. "shuffle
	// power_pile", "roll die"), Result lists the outcome (card ids in the
	// new order from the top, or the rolled value).
	EventChance EventKind = "chance"
	// EventLog is a message from a log effect or the engine (phases).
	EventLog EventKind = "log"
)

// Event is one entry of a game's log, in the order things happened.
type Event struct {
	Kind   EventKind
	Player int      // EventDecision: who decided
	Key    string   // EventDecision: the option key
	Label  string   // EventDecision: the option label
	Name   string   // EventChance: what was random
	Result []string // EventChance: the outcome
	Text   string   // EventLog: the message
	Step   int      // the number of decisions taken before this event
	// Secret marks a decision the other players must not see (the
	// choose said secret: true); show them only that a choice was made.
	Secret bool
}

// Outcome is a chance outcome supplied from outside (a transcript), used
// instead of the random source. Name must match the chance effect's name.
type Outcome struct {
	Name   string
	Result []string
}

// PlayerResult is one player's final result.
type PlayerResult struct {
	Player   int
	Score    int
	Tiebreak []int
	// Rank is 1 for the winner(s); equal ranks are shared.
	Rank    int
	Details []NamedValue
}

// NamedValue is a labelled figure for display.
type NamedValue struct {
	Name  string
	Value any
}

// Result is the outcome of a finished game.
type Result struct {
	// Players are in seat order.
	Players []PlayerResult
	// Winners are the seats with rank 1.
	Winners []int
	// Decisions is how many decisions the game took.
	Decisions int
}
