// Package interpreter compiles a ruleset (package schema) into a Program
// and runs games of it.
//
// # Data flow
//
//	schema.Load ──▶ schema.Validate ──▶ compileRuleset ──▶ *Program (immutable)
//	NewGame(Program, Config) ──▶ *Game: run() until a decision is pending
//	Pending() / Apply(key) … until Over(); Result(); Events() ──▶ transcript
//	Play(Game, []Bot): bots take the decisions until Over()
//
// A Program is shared, read-only and safe for concurrent use; a Game is
// owned by one goroutine. Nothing here prints, reads the clock or uses
// global randomness: the only random source is the PCG generator held in
// the game state, and every chance outcome (shuffle, roll) is logged and
// can be supplied from outside (Config.Outcomes, SupplyOutcomes) instead.
//
// # Layers
//
// Three packages, each importing only downward (layers_test.go holds them
// to it):
//
//	interpreter/transcript  transcripts and scenario files: read, write,
//	                        Record, Replay, RunScenario, FirstOptionDifference
//	interpreter/bot         the bots: random, first, greedy and its world,
//	                        mcts (tree search over such worlds)
//	interpreter             the core: compile, run (Bot, Play), state,
//	                        serialisation, scenario positions (StartAt)
//
// bot and transcript import the core and not each other: Record plays any
// interpreter.Bot, whoever made it (a bot, a person at the terminal, a
// test's script). The core imports neither; it knows no file format but
// the ruleset's and its own state's. What the two need of the core beyond
// api.go is in export.go, each door named for its one use (the greedy
// bot's Heuristic and PickUnderWay, its world's Reseed and RedealUnseen,
// a scenario's ExecNode, ExecWaiting, BeforeStartPhase, KeepStartHook and
// LoadPatched; the flat runtime's FlatGame has the scenario's doors too,
// in flatscenario.go). internal/rulestest builds the small test games of the
// tests above the core; no package code imports it.
//
// interpreter/sim sits beside transcript, on the core and the bots: it
// plays batches of bot games (Run) and keeps their statistics as Tallies
// of integer counts and histograms, so that shards of a batch merge into
// exactly the statistics of one run; Summary and Compare derive what
// people read. It does not import transcript.
//
// # Design decisions (and why they differ from the guide where they do)
//
// Shadow types for checking, plain maps for running. expr type-checks
// struct fields but not nested map keys, and the guide wants a misspelt
// attribute to be a load-time error. So each expression is type-checked
// once against "shadow" types built from the ruleset's declarations (a
// Card struct with one field per attribute and prop and a Player struct,
// both made with reflect.StructOf, and an environment holding every
// global name and the locals in scope, envscope.go), which gives exact
// type errors and did-you-mean; and it runs against a map environment:
// the closures and the VM program are made from its runtime tree (the
// same parse with the runtime patches, runtree.go), not from the checked
// one. The running environment is the game state itself: a map of
// constants, variables, zones (lists of card maps) and players. State is therefore
// plain data, which makes MarshalState and equality generic, and an
// effect writes straight into what the next expression reads. The cost
// is map lookups instead of struct field loads. After the changes below
// (dirty triggers, then closures instead of the VM), the map state is the
// ceiling (BENCHMARKS.md, "Where the time goes"), for the effects as much
// as for the expressions: 36-60% of a game is spent outside expression
// evaluation, so typed expressions over a map state would make a game at
// most 1.5-2x faster; the effects have to run over numbered state too
// (BENCHMARKS.md, "Nineteenth round", and its yardsticks
// BenchmarkPredicateRound and BenchmarkMoveRound). Clones do not copy that
// state but share it, copying on write (below, "Cheap clones").
//
// Every card carries every attribute and prop of every table (zero when
// its table lacks one), matching the union Card shadow type, so an
// expression over mixed cards never meets a missing key. (Its location
// and props are read from the state's columns: cardloc.go, cardprops.go.)
//
// Loading parses and type-checks each expression once (exprconf.go,
// exprmemo.go, runtree.go): expr's function and builtin tables are built
// once per kind of configuration and shared read-only (expr only reads
// them); the environment of a scope type is one strict map nature built
// once (no struct type per scope); an expression text is compiled once
// per scope type and reused at its other places (the checks that report
// per place run again there; failures are never kept); the read-only
// checks before compiling share one parse of the text, and the check
// works on a copy of it when its configuration cannot parse the text
// differently; the check makes only the type checks a patcher that reads
// types needs (patchAndCheck). The checks that read only a text (depth,
// "$" names, argument counts, nested #) pass it once (textChecks), and
// expr's type cache is shared by one ruleset's check compiles, so the
// shadow types' fields are looked up once per load, not per compile. The runtime tree is that parse copied
// before the check patches it, with the runtime patchers (local keys,
// $env, checked arithmetic, intmap defaults, budget) and expr's optimiser
// run on it, without expr's checks against the map environment: no
// runtime patcher reads a type, and the closures read the tree's shape
// only (TestRuntimeTreeIsExprs: the trees are expr's own for every compile
// of the shipped rulesets). The VM program is compiled from the text by
// expr's own steps on first use (at load for an expression without a
// closure). BENCHMARKS.md, "Fourth round: loading", has the figures.
//
// Ruleset functions run through expr's $env. A function call is patched
// at compile time to pass $env as a hidden first argument; the function
// finds its game there, binds its parameters as locals and runs its
// compiled body. This keeps functions typed (declared parameter and return
// types) and avoids inlining, whose error positions would point into the
// wrong text.
//
// Expressions see data only (sealed.go). A ruleset's or a transcript's
// expression may not name $env or any "$" name (a load-time error): the
// only $env is the patched-in argument. The game sits in the environment
// under a key that is not an identifier ("$ game", never cloned or
// serialised) as an opaque value without methods, so no expression can
// call Eval, Exec or Apply or print an address.
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
// A multi-select decision (choose: {pick: …}) is not a loop of chooses
// in the ruleset but one choose asked in steps: the progress (the set,
// evaluated once, and the indices picked) is part of the pending decision,
// so nothing happens in the game until done, option keys stay readable
// (pick c=coin_wood#3, done) and the legal options stay few (n candidates
// per step instead of one option per subset). See pick.go.
//
// Decision text on demand (lazytext.go). A prompt and its options'
// labels are text for people; when bots play unobserved (simulate, bench:
// Config.KeysOnly) nobody reads them, so a KeysOnly game lists options by
// key alone and renders only the taken option's label, when it is taken,
// for the log. A pending decision suspends the game, so the label reads
// the same state and locals the listing saw (the option's as is bound
// again to its value; a pick's picked list likewise): logs, results and
// the bots' choices are those of the eager game (TestKeysOnlyChangesNothing
// plays every game both ways in lockstep). Only failures move: a prompt or
// an untaken label that cannot be rendered goes unnoticed, and a taken
// label that fails does so at Apply. That is why recording, agon play,
// explain and replay stay eager: a broken label must fail there, at the
// decision that lists it.
//
// No log when nobody reads it (Config.NoLog, as the issue asked: log
// lines formatted only when someone reads them). simulate, compare and
// bench never read a game's log, and a search bot's clones inherit the
// setting, so their games render no log effect and no taken label and
// keep no event: 8-19% of a random game's time and 15-27% of its bytes
// (BENCHMARKS.md, thirteenth round).
// A log line is not a label: it reads state the next effects change, so
// it cannot be rendered later from the state; it is not rendered at all.
// The failures that move are those of KeysOnly, one step further: a log
// text or a taken label that would fail at run time does not fail in such
// a game. Load has type-checked every text, and every game played with a
// log (recording, agon play, the random-simulation suite's 500 games of
// each ruleset) renders all of them; so does one game in
// sim.TextCheckEvery of every simulate and compare run, so that such a
// failure is an error of the run (the bots choose alike either way).
//
// Legality by look-ahead (legal_if_after) runs the option on a Clone,
// which is plain data, up to the end of its do, the next decision or the
// next chance step. Stopping before chance, rather than giving the copy a
// random stream of its own, keeps legality from depending on (or
// revealing) an outcome that has not happened. See lookahead.go.
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
// the VM needs one environment map per run. Ruleset function parameters
// and an expression's let variables are the exception: in closures they
// live in frame slots (see Closures below), and reach the map only when
// a function body falls back to the VM.
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
// A trigger's optional active: is evaluated before its when (which is
// skipped while active is false); like when, it is state, not a flag.
//
// Literals are checked against vocabularies on the shadow-typed tree
// (literals.go). A misspelt string is not a type error: c.kind ==
// 'landscpe' type-checks and is always false. The check compile keeps the
// unoptimised tree (expr folds x in ['a', 'b'] into a constant map) and
// walks it for string literals compared with, indexing, or passed to
// something whose words the ruleset declared (schema: vocabularies,
// values:, keys:), and for card ids given to card(...). Function and
// procedure parameters take the words of what their bodies compare them
// with; this is inferred from the source, not declared, so a designer
// writes the words once, in the vocabulary.
//
// Bots see only their seat's view (package bot, world.go; the re-deal
// itself is the core's, redeal.go, as it rewrites cards and zones). The
// greedy bot rates
// options on copies of a "world": a clone with its own random stream
// (seeded from the bot's seed and the decision number, never the game's
// stream), no supplied outcomes, and the cards of every zone the seat
// cannot see re-dealt among those zones within their card table. All
// options of one decision are rated in the same world, so they compare
// fairly, and the same seed gives the same choices.
//
// The mcts bot (mcts.go, reward.go) is information-set MCTS with one
// observer: every iteration draws its own world (as greedy's, seeded from
// the bot's seed, the decision number and the iteration), and all worlds
// share one tree whose edges are option keys, so an option illegal in
// some worlds is simply skipped there (UCT uses availability counts).
// Rewards are per seat and each seat selects by its own; a playout plays
// a set number of random decisions (by default none), finishes the last
// mover's move as the greedy bot does, and rates the position with the
// ruleset's heuristic rather than playing to the end, because a whole
// game costs tens to hundreds of clones' worth of work on this engine and
// the heuristic is what the designer says a position is worth (measured:
// random decisions before the rating made the bot weaker at its budget).
// The reward is the seat's margin over the best other seat, divided by
// the largest margin the search has met (nodes keep raw sums, so the
// scale may grow during the search): dividing by the position's own
// values instead saturated with a heuristic that is itself relative.
// Forced decisions (one option) never become nodes and cost no search.
// A node's options are expanded best first by the greedy bot's one-step
// rating, with progressive widening (mcts_prior.go): plain UCT, trying
// every option once in random order, averaged a move over every reply
// and follow-up tried once and lost to greedy where the heuristic is good.
//
// Triggers are checked after every effect, not only at fixed points, so
// "as soon as the marker reaches the last space" needs no special call.
// While a trigger's effects run, triggers are not checked again; a trigger
// that keeps firing between two decisions hits Limits.MaxTriggerRepeats.
//
// Dirty triggers (triggerdeps.go). Checking is cheap because a condition
// is re-evaluated only when state it reads has changed. At load, each
// trigger's active and when are walked (their runtime trees, through the
// bodies of the ruleset functions they call) for the state names they
// read: global vars, global zones, keyed zone families, "players.NAME"
// for a player's field read as players[E].NAME, "players" for the players
// read any other way (map(players, …), a player's map as a value), "phase",
// and a "$cards" token for anything that can reach a card's fields (any
// zone, the players, card()). Constants and
// pure built-ins read nothing that changes. The walk includes the maps
// expr's optimiser folds into filters (visitAll, runwalk.go), which
// ast.Walk skips, and skips the branches a constant decides are never
// taken (`advanced && …` with advanced false reads nothing: deadBranches).
// The analysis is conservative:
// a name it does not know (an expression's own let variable, say) makes
// the trigger "always", evaluated every time as before. At run time every
// write touches the name it wrote: writeTarget (the var, "players" and
// "players.NAME" for a player field: touchPlayer, "$cards" for a card
// prop), setZone (the zone, family, or for a player's zone the same two),
// putCard and refill ("$cards": a card's location), the
// phase effect. A touched name marks its readers unknown; a known trigger
// reuses its last value, which is what evaluating it would give, since a
// condition is a pure function of what it reads (and a failed evaluation
// stops the game). The memory carries over from one decision to the
// next: between runs the state changes only by taking the decision (a
// local and the pending decision, which no condition reads) and by what
// changes it from outside the effects without touching — a scenario
// position (applyPosition) and a bot's re-deal — which forget everything
// (forgetReads). (Forgetting at the start of every run instead made a
// shipped game 10% slower: its option lists ask the same calls at every
// decision.) A reloaded state is a new game, and the memory is not part
// of the state, so a clone starts with nothing known.
// TestTriggerCacheChangesNothing plays every shipped game with and
// without the memory and requires the same log;
// TestKnownReadsCarryOverDecisions re-evaluates every reused condition
// and call, across decisions and re-deals.
//
// Closures (fastpath*.go). The state is still maps, but expr's VM is off
// the hot path: every expression's runtime tree (after the patches: local
// keys, $env, checked arithmetic, $step, $plus, …) is compiled at load to
// a Go closure, which runs instead of the VM. The closures cover what the
// shipped rulesets evaluate in play — names, literals, member, index and
// slice reads, comparisons, logic, ?:, ??, in, let, list and map
// literals, ranges, checked and unchecked integer arithmetic, the loop
// builtins (any, all, none, one, count, filter, map, find, findIndex,
// findLast, findLastIndex, sum, sortBy), len, first, last, min, max, abs,
// string, concat/flatten (expr's own implementations), the engine's
// functions (card, div, node, neighbours, …, called directly with their
// arguments on the frame stack) and calls of ruleset functions. That is
// every evaluation of a random game of each shipped ruleset
// (TestFastPathCoverage lists what falls back, by node kind, and requires
// at least 99%). The closures read maps and lists with type
// switches where the VM's runtime.Fetch reflects and copies, and a
// constant's name is its (immutable) value, without a map lookup.
//
// A ruleset function called from a closure gets a frame on the game's
// frame stack (fastCtx.stack: its parameters by position, then the let
// variables of its body, each a slot fixed at load): nothing is written
// to the environment map. The body's closure is compiled with the
// parameters' local keys mapped to slots (functions.go; a copy of the
// shared compile). The call converts its arguments as callFunction does,
// charges one step and counts its level against MaxCallDepth exactly as
// the VM would at that point (fastCtx.depth beyond g.callDepth). When the
// VM calls a function whose body has a closure, callFunction runs that
// closure in a frame too and binds the parameters in the environment
// only if it gives up.
//
// A closure reports whether it could compute the value; when it meets
// anything it is not sure of — another kind of value, an index out of
// range, an overflow, a division by zero, a limit (steps, memory, call
// depth), a callee without a closure — it gives up, and the VM evaluates
// the whole expression again, so values and error messages are exactly
// the VM's (expressions are pure, so nothing happens twice). A closure
// charges what the VM charges: a step per function call and per
// predicate iteration, the engine's memory charges (strings built by +,
// $sized, $elems), and expr's own memory count of the lists it builds (filter,
// map, literals, ranges, sortBy, concat), with a margin (it gives up at
// used + n >= limit), so it never succeeds where the VM would fail. One
// that gives up returns what it charged, so the VM meets the same budget.
// TestFastPathsAgreeWithTheVM evaluates every closure value again on the
// VM in games of every shipped ruleset; TestClosuresAgreeWithTheVM
// compares values, steps and errors with a VM-only program. The context
// (environment, predicate elements and indices, frames) is one per game
// and reused, so an int or bool evaluation allocates nothing
// (TestClosureEvaluationsDoNotAllocate); lists built and strings boxed
// still allocate, as on the VM. expr stays the parser, the type checker
// and the fallback; the fallback's VM program is compiled on the first
// evaluation that needs it, once (lazyProgram, exprconf.go), as the
// closures leave most programs unused. The closures are compiled from the
// runtime tree made from the checked text's parse (runtree.go); the next
// step of the roadmap is state in typed slots (then closures read slots
// instead of maps, and could use the checked types).
//
// The root names a closure reads (zones, variables, the players, phase,
// locals) are slots too (rootslots.go): the Program numbers them as it
// compiles, a state keeps their values in state.vals beside the root map,
// and a closure reads the slot instead of hashing the name. For a global
// the map stays the record (the VM reads it): every write goes through
// setRoot or unsetRoot, which write both, and a new, reloaded or
// positioned state fills the slots from the map (syncVals). A player's
// variables and zones have slots the same way (playerslots.go): a
// closure reading players[E].NAME reads state.pvals, and every write of
// a player field goes through setPlayerField. A local
// lives in its slot alone (bound with its localRef, whose slot is found
// at load; state.bound says whether it is bound): binding and unbinding
// one, for every option listed and every round of a loop, writes no map,
// and the map gets the locals when the VM or a saved state reads it
// (syncLocals). The slot table is frozen when the Program is compiled:
// an expression or effect compiled later (Eval, a scenario's run:) reads
// and binds the names it has no slot for in the map. A clone shares the
// slots until either game writes one (setVal, like a card's copy on
// write). TestRootSlotsMirrorTheEnvironment checks map and slots after
// every decision of random games of every shipped ruleset, in clones and
// after a reload. The next step of the same kind is to make the map of
// the globals derived too (built for the VM on demand): a clone would
// then copy no map, a third of its time today.
//
// Remembered calls (callmemo.go): a ruleset function whose parameters
// are ints, strings or bools, whose state reads the read analysis knows
// and that iterates gives the same value for the same arguments until a
// name it reads is written; a game keeps what such calls gave in a small
// table per function, and touch forgets a function's values with the
// triggers' conditions that read the same name. A reuse charges what the
// computation charged (steps, memory) and is refused where the nested
// calls could pass the depth limit, so budgets and errors are as
// before. Values are remembered and reused only while effects run (as
// the triggers' conditions are cached only there): a scenario's position
// and a bot's re-deal write the state around touch, and an evaluation
// from outside a run (Eval, a scenario's check, a bot's heuristic)
// computes. A first version (one map keyed by function and arguments, every
// such function remembered) cost about what it saved: most calls come
// after a write (a trigger's condition after each effect), so most
// values were stale, and a map look-up costs what a short call does. The
// table is direct-mapped, and a function whose reuse has not paid for its
// look-ups after memoTrial computations is computed from then on in that
// game. A ruleset whose functions search a map of islands and seas
// gains 10% (BENCHMARKS.md); the others are within noise. Boxing a
// []string's elements once per list (instead of per loop) was measured
// and dropped: it moved time out of boxString without changing a game's
// time.
//
// Measured and dropped: routing the VM's member reads through a hidden
// function ($fetch, a type switch) instead of runtime.Fetch. expr gives
// each run of a program that calls functions an argument buffer sized by
// its call sites and allocates per call once the buffer is used up (in a
// predicate's loop), so the patch cost more bytes than the reflective
// reads it saved (+20% bytes per game in the predicate-heavy ruleset);
// see BENCHMARKS.md.
//
// Allocation. Card instances are built once per Program (cardproto.go),
// and every game starts with those very maps. What changes about a card
// is kept in columns of the state, not in its map: where it lies
// (cardloc.go) and its props (cardprops.go), so play never writes a card
// map, and a game or a clone shares them all. (Only a scenario position
// that sets an attribute copies the card's map, ownCard.) An intmap
// variable that no expression of the Program reads whole (only m[k],
// m.k, len, keys, in) has its elements written in place once the state
// has made its own copy since the last clone (collwrites.go): nothing
// else can hold that map. Option keys and rendered texts are written
// into chunks of a per-game arena (textarena.go), one allocation for a
// hundred texts; a clone starts its own. A loop over a range a..b walks
// it without building the list (listSource.ranged). Pointer writes cost
// more than they look: with Go's default GOGC on one core the collector
// marks about half the time, and every pointer written then goes through
// a write barrier; so the hot paths write a pointer only where it
// changes (fastCtx.bindState, recycle) and write an option once
// (options). A clone shares the supplied outcomes,
// which are only appended to: capped at their length, an append to either
// copy moves that copy to a new array. It shares the event log as a frozen
// segment and appends to a tail of its own (eventlog.go), so that its
// first event does not copy a long log; a game's own log, once its first
// array is full, goes on in chunks frozen the same way, so it never
// copies itself to grow either. The log keeps compact entries and makes
// the Events when someone reads them (bots' games never do). Function
// parameters' local keys are computed at load; coerce returns the value
// it was given rather than boxing it again; a loop over keys(m) walks the
// sorted keys on a stack of the closures' context instead of a new list
// (fastpath_keys.go); a predicate or sum whose condition or value is made
// of the element, its fields and indices, comparisons and logic, and
// sides that do not read the element runs as one loop without the
// element stack, those sides evaluated once before it (fastpath_cond.go).
// BENCHMARKS.md records each step with its measurements.
//
// Steady play allocates little besides the state's own new lists
// (BENCHMARKS.md, "Fourth round: allocations"). Every local's key
// (effects' as, let and with bindings, option groups, picks) and every
// option group's key prefix ("KEY AS=") is computed at load, and a
// choice keeps its position as text for Decision.Pos. A frame holds its
// first bound locals inline (frame.first; a clone's copy of a frame gets
// its own copy of it), and the run loop keeps the frames it pops for the
// next push (Game.spareFrames): only the frame stack points to a frame,
// so a popped one is nobody's. A frame that binds more keeps the array
// it made for them, emptied, for its next binds (frame.savedAt) — unless a
// clone was taken since (state.clones), since the clone shares it. A decision's options are gathered in a
// buffer the game reuses and copied once at their exact size. Strings
// put in an `any` (a list's element walked by a loop, a for_each list, a
// card's zone) are boxed through a two-way table per game that grows
// when it misses much, starting where the last game's grew to (boxes.go,
// sizes.go; a look-ahead copy, which runs in its game's stead, uses its
// game's), and ints through boxInt. None of these is part of the
// state: a clone starts without them. A move of several cards rebuilds
// each zone they leave once and the destination once (movebatch.go),
// which is moving them one at a time, card for card; a map or list
// literal given for a typed parameter is built in the parameter's type
// (intMapLiteral) instead of built and then converted; given to an intmap
// parameter the function only looks into, it fills a scratch map from the
// game's spare list, given back when the call returns (scratchmaps.go).
// A member read of literal keys on a constant is read when compiling, and
// a loop over a constant list of strings takes its elements from a twin
// boxed once at load (fastpath_const.go). Texts (log lines, taken labels)
// are joined in a reused buffer; these buffers sit behind one pointer
// (gameScratch), so a clone's Game struct stays small. A few nestings whose inner list
// only feeds the outer call run as one closure that never builds it
// (fastpath_fused.go): join(ids(cards), sep), and x in [a, b, …]; each
// charges the budget as the calls it replaces and gives up where they
// fail. A filter of a []any that keeps every element returns that very
// list (lists are never written in place, so sharing it is as safe as
// reading it), and one that keeps nothing a shared empty list.
//
// The fifth round (BENCHMARKS.md, "Fifth round: fewer copies") follows
// the same rule — values are never written in place, so share them:
// coerce returns a list or map already of its declared type as is (a
// function called in a loop copied its arguments on every call);
// drawing or removing the first or last card of a zone shares the rest
// of its list (without); concat and flatten charge one per element built
// ($elems), not the printed size of elements that exist already;
// join(ids(…), sep) compared with == or != is decided without building
// the string, and a checked int sum of a map or a filter adds its terms
// without building the list (fusedSum); a re-deal for a bot's world
// copies only the cards that change place. A new game also starts with the log and environment sizes
// of the Program's last finished game (sizes.go): capacities only, so
// nothing a game computes depends on them.
//
// Cheap clones (cow.go, cow_clone.go): a clone shares the state with its
// original and copies on write, so cloning costs a copy of the frame
// structs and the pending decision (~7 allocations, whatever the number
// of cards; search bots clone per playout). The root map and its slots
// are shared too, until either game writes one (writableRoot,
// writableVals): the root map's shallow copy was a third of a clone's
// time, and a clone that never writes a root name never makes it. The map names its
// game for the VM's engine calls (gameKey), so a clone runs the VM on a
// map of its own (Game.vmEnv); closures pass the game itself as $env. Zone
// lists and variables' values are never written in place where anyone
// can see them (a move builds new lists or appends past the end of
// every holder's list, under a per-zone append mark that a clone clears:
// zonetail.go; an element write copies the collection), so they are
// shared as they are. The maps that are written in place — cards, players'
// maps, keyed families and the players list — carry an ownership mark
// per game (state.owned, cards kept by number): cloning clears the
// original's marks and the clone has none, so the first write to such a
// map in either game copies it, and every write path asks for the
// game's own map first (ownCard, ownPlayer, ownFamily, ownContainer).
// Because a copy is a new map, it replaces the old one in every place of
// its game that can hold one — the card's zone list, the players list,
// the locals, the frames' lists and saved locals, the pending decisions
// (replaceRefs) — so a card is one map wherever a game holds it, as a
// write through a local must be seen through the zone. Reads are
// unchanged: expressions and the fast paths read the same maps and lists
// as before. A caller that keeps a card across effects in a Go variable
// must look it up again (removeCard does; the look-ahead restores its
// kept locals with currentCards). TestClonesShareNothing plays originals
// and clones (and clones of clones) of every shipped game on in turns and
// requires each untouched by the others and equal to a fresh replay.
//
// Boards are immutable data compiled once (board.go): a graph with node
// indices, sorted adjacency lists per edge kind and grid cells. Each board
// is stored with the constants as a named map type (boardValue) that
// expressions read like any map, that clones share and that
// serialisation leaves out. The graph built-ins
// (graph.go) return lists in board order, never in Go map order. A
// "predicate" such as reachable's is a list of node ids the caller
// computes with filter, since expr has no function values.
//
// A keyed zone family (zonefamily.go) is a map key → list of cards under
// the zone's name, so expressions read stack[c]; like a player's map it
// is copied on write (cow.go). Effects address one of its zones by the location string
// "stack[c]", which the zone helpers split; a card's location keeps the
// key (zone_key), so removing it needs no search.
//
// Card locations are columns (cardloc.go): where each card lies (zone,
// zone_key, owner) is a slot of state.loc by card number, not a key of
// its map, so moving a card writes one slot and never copies the card's
// map (which a new game shares with its Program and a clone with its
// original). The check compile, which knows which member reads may read
// a card (the object typed card or any), records them, and the runtime
// compile turns them into $loc(...); builtins that print or count a whole
// card (string, toJSON, len, get, keys, has, in) see it with its location
// filled in ($full), as do Eval's callers and the serialised state, so no
// ruleset, transcript or saved state can tell. Equality (==) is the one
// place that does not look: two versions of one card differ only while a
// stale one is held, and replaceRefs keeps the game from holding one.
//
// Card attributes are columns too, of the Program (cardattrs.go): the
// maps hold only what play never writes, so each attribute is kept once
// more as a column by card number, with the maps' own values. A closure
// that reads a field named like an attribute (c.kind, `.polis == pol` in
// a predicate, a card's id for a key) finds the card's number by its
// map's address in an open-addressing table and reads the column; a map
// the table does not know (a player, a node, a card a scenario position
// copied) is read by key. This is the first half of "card tables as rows
// of typed columns"; the other half, a card value that is its number,
// needs every Go path that handles a card as a map changed (BENCHMARKS.md,
// "The rebuild, in stages").
//
// Scenario files (package transcript, scenario.go) are replayed by the
// transcript replayer with a few more kinds of step, not by a second
// runner, so divergence messages read the same; the core starts their
// games (StartAt, scenario_start.go) and writes their positions
// (scenario_position.go). A position is written straight into the state
// (not compiled into effects): that checks names and types against the
// ruleset with did-you-mean at the file's own line and column, and sets
// fields no effect can (a card's attributes). At first_decision the
// pending choose is evaluated again after the position is applied,
// because its options were computed for the dealt position.
//
// # The typed flat state: the rebuilt runtime, which every command runs
//
// Everything above is the present runtime: a state of maps and boxed
// values with slots, columns and copy-on-write laid over it, ~50x slower
// than the native reference game (BENCHMARKS.md, "Where things stand").
// Twenty rounds of measurement said why: no part of the map state is the
// cost, all of it together is, for the effects as much as the
// expressions. The runtime that replaces it is built, in flat*.go: every
// Program makes it when first asked (Program.Flat), and simulate,
// compare, bench, record, play, replay and explain run on it, with every
// kind of bot. It plays, logs, renders, shows, explains, saves and
// replays as the present runtime does, decision for decision and byte for
// byte (the agreement tests named below; the goldens; the differential
// against the native reference game, played on both).
//
// Two tiers, on purpose. The present runtime stays, as the reference and
// the fallback, as a tiered VM keeps its interpreter beside its compiled
// code: where the flat runtime does not cover a ruleset (a form its
// compile refuses: simulate, bench and replay --json say which, and
// where) or stops mid-game (a closure that gives up: a runaway
// expression's budget, a failure it leaves to the present runtime to
// word), the command plays the game again on the present runtime, from
// the start with the same decisions, and the user sees the same output
// either way (cmd/agon: recordFlat, playSession.toPresent, explainOnFlat,
// transcript.FlatFallback; sim.PlayGame). Why not delete the present
// runtime: every failure's words, with its block and decision count, are
// written once, there; the agreement tests compare the two on every
// shipped ruleset, the strongest check of the flat runtime after the
// goldens; and the rare forms the flat compile refuses (a list literal of
// intmaps, string of a list, a player's value in a check) would cost more
// to write twice than they are worth. The price: a new primitive is
// written for both (one written for the present runtime only still works,
// slower), and the start state of a game is the present runtime's new
// game, packed once per player count at load (packFlat). What it is:
//
// The layout (flatlayout.go), computed by the Program at load:
//   - Strings are numbers: every string the ruleset can name is interned
//     at load (card ids, words, node ids, phases, keys, and the literals
//     the compile meets); a string made while playing (string(n), +,
//     join, plural) is interned in the state's own table. So every
//     compile comes before a state is packed.
//   - int, bool and string variables are int64 cells of one slice: the
//     globals at fixed indices, a player's at base + seat * stride. A
//     list-typed variable (ints, strings, intmap, intmaps) is the index of
//     its payload, a []int64 never written in place (a write makes a new
//     payload), every empty one sharing payload 0. An intmap's payload is
//     its (key, value) pairs in the keys' string order.
//   - A card is its number. Attributes are typed columns of the Program
//     (never written); props are int64 cells of the state, in pages of 16
//     cards; where a card lies is the location column (loc: its zone).
//   - A zone is a list of card numbers: global zone i, each keyed family's
//     zones, then player zone j of seat p at base + p * stride.
//   - Boards stay Program data: a node is its index, its attributes
//     columns, neighbours and moves lists computed at load for every node.
//
// The typed closures (flatexpr*.go) compile an expression's checked tree
// (kept by a load that asks, compileOptions.keepChecked; only tests do
// today, so games keep no trees): every node of the tree has its type, so
// a closure passes an int, bool, string, card or player as an int64 and a
// list as []int32 or []int64, with no map, no reflection and no any. A
// ruleset function is inlined, its parameters and lets in frame slots; a
// function that calls itself runs its own body again, saving the frame
// range it uses (flatrec.go). A predicate's element is a slot; a field of
// a slot reads its column directly, and a comparison of it with a
// constant or a sum over cards of it reads the column itself
// (flatexpr_fused.go); a comparison with a constant is one closure; a
// range in a predicate is walked unbuilt; a filter that keeps one run of
// its list gives that part of the list, not a copy; join(ids(cards))
// joins the ids from the id column, with no list of ids made. What expr gives as
// nil, the closures give as their right side under ?? (find, findIndex,
// first and last of nothing) or give up on; a missing intmap key reads as
// the variable's default, else 0, as expr reads a Go map. Where the
// checker says any (the elements of concat, a local bound from a
// constant) the closure takes the kind from what it knows: the list's
// kind, the kind the local's binders give it. Why closures and not a
// bytecode of our own: the checked tree is a tree, a closure per node is
// the shortest path from it to native calls, and the two yardsticks said
// it is enough (4.7 ns a predicate round against 24 now and 1.0 native).
//
// The writes (flateffects*.go, flatzones.go): set and add write a cell, a
// prop, a key of an intmap or an element of a list (a new payload); move
// takes each card from the zone its location names and puts it on top or
// under. A zone's array is written in place while the state owns it
// alone: made by this state, shared with no clone, and no holder (a local
// or a loop bound to a list lying in it) keeps a part of it; otherwise a
// write makes a new array, which the zone then owns.
//
// The game (flatgame*.go, flatchoice.go, flatpick.go): the run loop of
// exec.go over compiled steps: frames with a program counter, loops,
// locals numbered by name as the present runtime keys them (a frame saves
// what it binds and restores it when it ends), the first trigger whose
// condition holds after each effect, decisions listed with their keys
// ("KEY AS=identity"), picks step by step, draws refilled and shuffles,
// rolls and list shuffles made with the same generator and algorithm, and
// the score and tie-breaks at the end. What a trigger's condition reads
// and what a step writes are known at compile time as groups (flatdeps.go:
// a variable, a player variable, a prop, the cards' places), so a
// condition is evaluated again only after a step wrote a group it reads,
// and no trigger is checked after a step that wrote nothing (unless a
// condition reads a local); a function the present runtime remembers is
// remembered per game, stamped with the write counts of the groups its
// body reads (flatmemo.go). In an option group's when, a call that
// depends neither on the group's element nor on a predicate's # is
// computed once per listing, at its first use (flatexpr_hoist.go), and
// the options' keys are made once per program. An option group's
// legal_if_after plays each option that passes its when on a clone of the
// game, in scratch slots of its own, up to the end of its do, the next
// decision or chance step, or the end of the game, and evaluates the
// condition there with the choose's locals as listed (flatlegal.go); an
// error in the option gives up, so the present runtime names it.
// It keeps the present runtime's limits: MaxEffects between decisions and
// MaxDecisions are errors; past MaxCallDepth, or past one evaluation's
// bounds (MaxExprSteps steps, MaxExprMemory bytes built) in all the
// evaluations since the last decision, a closure gives up, and simulate
// plays the game again on the present runtime, which says which limit a
// runaway expression hit (the shipped games' heaviest stretch is 3,353
// steps and 13.7 KB, a three-hundredth of the bounds). A clone
// (flatclone.go) shares the state's arrays and owns none of them; it
// shares the header of the list payloads too until one of the two writes
// a list variable (a new game shares its program's start state's the
// same way), and the frames below the top one, which neither writes:
// each game copies a shared frame as a pop makes it its top frame
// (flatGame.shared).
// A game given back when done (FlatGame.Release: simulate's games and
// the benchmarks' are) lends its buffers to the next game its program
// starts for as many players (flatspare.go): the scratch slots, the
// locals' and remembered calls' tables, the frames, the state's cells
// and headers, and the prop pages and zone arrays it owned, cleared; a
// game that was cloned, or a clone, gives nothing
// (TestFlatReleasedGamesPlayAlike).
//
// Texts (flattext.go): a label, prompt or log line renders from the same
// closures, formatted as formatValue formats (TestFlatTextsAgree: every
// text of random games of the four games but a few, identical).
//
// Facts (flatfacts.go): the report's attributes, one-hole templates read
// as setup ends; its counters, read as the game ends; the cards taken,
// noted by move and draw before the card leaves its zone, as the present
// runtime notes them (not within a zone, not during setup).
//
// A bot's look-ahead (flatlook.go): Reseed, RedealUnseen, Pos,
// PickUnderWay and Heuristic, as the present Game has them, so package
// bot's greedy and mcts bots search the same on either runtime through
// one small interface (bot's lookahead.go; TestFlatGamesAgree,
// TestFlatLookAheadLeavesTheGameAlone).
//
// The log (flatlog.go): a game started with one (NewGameWithLog) logs what
// the present runtime logs, made as it is made (TestFlatLogsAgree), and
// takes supplied chance outcomes as Config.Outcomes gives them
// (flatchance.go). A transcript's checks compile after load, under the
// program's lock, to the same closures (flatcheck.go: the program's
// strings and locals are frozen once its games may run). So
// transcript.ReplayFlat replays a transcript with the replayer Replay
// uses (TestFlatReplaysTheGoldens: every golden, from another seed).
//
// FlatGame.Pending renders the prompt and every option's label when
// asked, as Game.Pending gives them.
//
// Views (flatview.go, flatglance.go, flatdescribe.go): View, Glance,
// Describe, CardInfo and the scoring's details (ResultDetails) are the
// present runtime's texts, the ruleset's views evaluated by their
// closures and turned into the Go values the present runtime's
// expressions give, so the same functions write them (TestFlatViewsAgree,
// TestFlatDescribeAgrees).
//
// Scenarios (flatscenario.go): FlatProgram.StartAt starts a game at a
// scenario's position (after the setup, at the first decision, when a
// phase begins), its chance steps fixing only the outcomes they list;
// the position is read and checked by the present runtime's positioner
// and written into the flat state (positionState), and a run step's
// effects compile after load as a check does (FlatGame.ExecNode). A flat
// run error is a *RuntimeError with the present runtime's place, block,
// decision count and, for the limits and the common failures, words
// (flatGame.runError). TestFlatRunsTheScenarios runs every scenario file
// on both runtimes: the same report or error.
//
// Explanations (flatexplain.go): FlatGame.ExplainDecision and
// TraceTriggers give what Game's give, by the same code (explainDecision
// over a decisionState); a part of a condition the flat runtime cannot
// evaluate is said so (ErrFlatCheck), not guessed (TestFlatExplainAgrees,
// TestFlatExplainsTheGoldens).
//
// Saved games (flatsave.go, flatload.go): FlatGame.MarshalState writes
// the layout's slices as they are, with the frames, the pending decision,
// the random stream, the log and the facts (blocks and steps by their
// index in the program), and UnmarshalFlatState loads them into the
// program that saved them, checking sizes, places and numbers as it reads
// (TestFlatSaveAndLoad: 630 saves of random games loaded, saved again to
// the same bytes, and played on to the same end).
//
// What is left: speed (BENCHMARKS.md, "Where things stand": the issue's
// reference game at 4 players plays ~3,200 games/s of the 5,000 aimed
// at, the other games 160 to 1,400), and the forms the flat compile still
// refuses.
//
// # Limits
//
// Limits.MaxEffects bounds the effects between two decisions (a loop that
// never exits names the effect where the limit was hit and the innermost
// loop running), MaxDecisions the decisions of a game (naming that loop
// too), MaxTriggerRepeats a trigger's firings, expr's
// MaxNodes (maxExprNodes) the size of one expression, and a ruleset function's nesting is
// bounded by Limits.MaxCallDepth. schema bounds YAML alias expansion.
//
// One top-level expression evaluation has one budget (budget.go), shared
// by the ruleset functions it calls: MaxExprSteps counts function calls
// and predicate iterations (the only loops in an expression), and
// MaxExprMemory counts expr's own allocations of every running VM plus
// the strings and lists built by +, repeat, join, concat and the string
// conversions, charged before they are built where the size can explode.
// Limits.MaxRunSteps adds up the steps of every top-level evaluation from
// one decision to the next (run resets it, as it does the effect count),
// once per evaluation as it ends, so a loop that repeats a legal but heavy
// expression stops; Game.Eval's checks add up in a count of their own for
// the whole game.
// An expression nested deeper than schema.MaxExprDepth is refused before
// expr parses it (its parser recurses per level). MaxLogBytes bounds a
// game's log text; schema bounds file sizes and kinds and the total cards.
//
// # Facts and explanations
//
// What a game reports for statistics (report.go, the ruleset's report
// section) is state, not a hook: the seats' attributes are read once when
// the setup frame pops, the counters in finish (a failing counter stops
// the game like a failing score), and the takes are appended by move and
// draw, which alone know a card's old zone (a card moved within its own
// zone, or moved while setup runs, is not taken; a scenario's position is
// not either). The takes are append-only and clones share them capped, as
// the event log; the attributes and counters are written once. A ruleset
// without a report pays one empty-slice test per moved card.
//
// Explaining a decision (explain_decision.go) needs no record of how the
// options were listed: a pending decision suspends the game with its
// frames' locals still bound, so evaluating the option groups again gives
// what they gave, element by element, and each part of a condition is
// compiled with the condition's own locals (kept on the option group and
// the pick at load). Trigger firings are reported through a hook on the
// Game (TraceTriggers) that clones do not copy, so look-aheads and bot
// worlds are never traced. The flat runtime explains with the same code
// and traces the same way (flatexplain.go).
//
// # Errors
//
// Load returns every problem at once as a schema.ErrorList sorted by
// position. Run-time problems are *RuntimeError values naming the ruleset
// position, the block ("phase bidding", "procedure rebid") and the number
// of decisions taken. Library code never recovers panics; only the CLI
// turns a stray one into "internal error". (expr itself fails by panicking:
// its VM recovers and reports the panic at the operation, and a closure
// that calls one of expr's builtins directly gives up when it panics, so
// that the VM reports it: givingUpOnPanic.) An expression's run-time
// messages, and the messages of expr's checks at load, are rewritten in
// the ruleset's words (rulesetWords, gowords.go): no Go type or package
// name reaches a ruleset's author.
package interpreter
