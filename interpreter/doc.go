// Package interpreter compiles a ruleset (package schema) into a Program
// and runs games of it.
//
// # Data flow
//
//	schema.Load ──▶ schema.Validate ──▶ compileRuleset ──▶ *Program (immutable)
//	NewGame(Program, Config) ──▶ *Game: run() until a decision is pending
//	Pending() / Apply(key) … until Over(); Result(); Events() ──▶ transcript
//
// A Program is shared, read-only and safe for concurrent use; a Game is
// owned by one goroutine. Nothing here prints, reads the clock or uses
// global randomness: the only random source is the PCG generator held in
// the game state, and every chance outcome (shuffle, roll) is logged and
// can be supplied from outside (Config.Outcomes, SupplyOutcomes) instead.
//
// # Design decisions (and why they differ from the guide where they do)
//
// Shadow types for checking, plain maps for running. expr type-checks
// struct fields but not nested map keys, and the guide wants a misspelt
// attribute to be a load-time error. So each expression is compiled twice:
// once against "shadow" struct types built with reflect.StructOf from the
// ruleset's declarations (a Card struct with one field per attribute and
// prop, a Player struct, a root struct with every global name and the
// locals in scope), which gives exact type errors and did-you-mean; and
// once against an empty map environment, which is the program that runs.
// The running environment is the game state itself: a map of constants,
// variables, zones (lists of card maps) and players. State is therefore
// plain data, which makes Clone, MarshalState and equality generic, and
// an effect writes straight into what the next expression reads. The cost
// is map lookups instead of struct field loads (profiled: the VM is about
// a tenth of a simulated game's time).
//
// Every card carries every attribute and prop of every table (zero when
// its table lacks one), matching the union Card shadow type, so an
// expression over mixed cards never meets a missing key.
//
// Ruleset functions run through expr's $env. A function call is patched
// at compile time to pass $env as a hidden first argument; the function
// finds its game there (under a "$" key that is never cloned or
// serialised), binds its parameters as locals and runs its compiled body.
// This keeps functions typed (declared parameter and return types) and
// avoids inlining, whose error positions would point into the wrong text.
//
// An explicit frame stack instead of recursion. Effects run on a stack of
// frames (a block and the index of its next effect, plus loop state and
// the locals it bound). A choose effect stores a pending decision and the
// loop stops; Apply pushes the chosen option's block and the loop goes on.
// So a decision can suspend the game anywhere (inside loops and nested
// procedures, or in a chain of displaced bidders), and the suspended game
// is data that clones and serialises. This stack is the guide's "decision
// stack": an interrupt is simply a procedure call that asks a decision.
//
// Locals are bound dynamically in the environment map and restored when
// their frame ends; scoping is checked statically (each expression is
// compiled with exactly the locals visible at its place), so a procedure
// cannot see its caller's locals even though they are in the map.
//
// Triggers are checked after every effect, not only at fixed points, so
// "as soon as the marker reaches the last space" needs no special call.
// While a trigger's effects run, triggers are not checked again; a trigger
// that keeps firing between two decisions hits Limits.MaxTriggerRepeats.
//
// Scenario files (scenario.go) are replayed by the transcript replayer
// with a few more kinds of step, not by a second runner, so divergence
// messages read the same. A position is written straight into the state
// (not compiled into effects): that checks names and types against the
// ruleset with did-you-mean at the file's own line and column, and sets
// fields no effect can (a card's attributes). At first_decision the
// pending choose is evaluated again after the position is applied,
// because its options were computed for the dealt position.
//
// # Limits
//
// Limits.MaxEffects bounds the effects between two decisions (a loop that
// never exits names the effect where the limit was hit), MaxDecisions the
// decisions of a game, MaxTriggerRepeats a trigger's firings, expr's
// MaxNodes the size of one expression, and a ruleset function's nesting is
// bounded by maxCallDepth. schema bounds YAML alias expansion.
//
// # Errors
//
// Load returns every problem at once as a schema.ErrorList sorted by
// position. Run-time problems are *RuntimeError values naming the ruleset
// position, the block ("phase bidding", "procedure rebid") and the number
// of decisions taken. Library code never recovers panics; only the CLI
// turns a stray one into "internal error".
package interpreter
