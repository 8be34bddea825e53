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
// Locals are lexically scoped, checked and enforced. Statically, each
// expression is type-checked with exactly the locals visible at its place,
// and a local named like a constant, global var, global zone, card table,
// function or built-in is a load error (player vars, player zones and card
// fields are reached through a player or card, so they cannot be
// shadowed). At run time, a local lives in the environment map under
// localKey(name) ("local x"), a key no global can have, and the runtime
// compile of each expression renames the locals in scope to their keys
// (an expr AST patch, scope.go). So even an unchecked clash cannot make a
// callee read the caller's local instead of a global, lose a write to the
// global, or swallow a card moved into a zone. A frame saves what it
// bound over and restores it when it ends; frames are a strict stack, and
// every read of a local is preceded by its binding in the reader's own
// frames, so a callee never sees its caller's locals (and recursion gets
// fresh locals per level). We chose this over per-frame storage because
// the VM needs one environment map per run and the runtime rebuild will
// replace names by slots anyway.
//
// An intmap var's declared default (what a missing key reads as) needs
// the node types, which only the type-checking compile has; the runtime
// compile of the same text rewrites the nodes that compile found, matched
// by source position, into a hidden call (defaults.go). The same trick is
// available for any rewrite that depends on types.
//
// Load-time lint of expressions (nested.go): a predicate whose body never
// uses its own element while a nested predicate uses # is reported, since
// in expr # is always the innermost element.
//
// Triggers start when setup is over (no trigger is checked while the
// setup frame is on the stack, and they are checked once when it pops):
// derived from the frames, so a clone or a reloaded state needs no flag.
// Triggers are checked after every effect, not only at fixed points, so
// "as soon as the marker reaches the last space" needs no special call.
// While a trigger's effects run, triggers are not checked again; a trigger
// that keeps firing between two decisions hits Limits.MaxTriggerRepeats.
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
