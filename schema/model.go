package schema

// This file is the typed model of a ruleset: what Decode produces from the
// YAML files of rulesets/<game>/. Every struct that a designer writes carries
// its Pos, so that later passes (validation, compilation, run time) can point
// at the line that caused a problem.
//
// Field tags:
//   yaml:"name"          the key in YAML
//   yaml:",inline"       not used
//   agon:"required"      Decode reports the key when it is missing
//
// The kinds of Go field Decode understands: string, int, bool, Expr,
// Template, Value, []T, map[string]T (kept with key order in Keys fields),
// *T and structs. A field named Pos of type Pos receives the position of the
// YAML node the struct was decoded from.

// Ruleset is a whole game: the union of the top-level sections of all YAML
// files in the ruleset's directory. A key defined in two files is an error.
type Ruleset struct {
	Pos Pos

	// Game is the ruleset's identifier, e.g. the directory name.
	Game string `yaml:"game" agon:"required"`
	// Title is the human-readable name of the game.
	Title string `yaml:"title"`
	// Players is the supported player count range.
	Players PlayerRange `yaml:"players" agon:"required"`

	// Vocabularies are named lists of words (resources, kinds, symbols)
	// that attributes and variables refer to with values: and keys:, so
	// that the words written in rows, constants and expressions are
	// checked at load (see vocab.go).
	Vocabularies map[string]Words `yaml:"vocabularies"`
	// VocabularyOrder lists the Vocabularies keys in file order.
	VocabularyOrder []string `yaml:"-"`

	// Constants are named values usable in every expression.
	Constants map[string]Value `yaml:"constants"`
	// ConstantOrder lists the Constants keys in file order.
	ConstantOrder []string `yaml:"-"`

	// Cards are the card tables, by table name.
	Cards map[string]*CardTable `yaml:"cards"`
	// CardOrder lists the Cards keys in file order.
	CardOrder []string `yaml:"-"`

	// Boards are the boards (graphs of nodes, grids of cells), by name.
	Boards map[string]*Board `yaml:"boards"`
	// BoardOrder lists the Boards keys in file order.
	BoardOrder []string `yaml:"-"`

	// Zones are the ordered card containers, by name.
	Zones map[string]*Zone `yaml:"zones"`
	// ZoneOrder lists the Zones keys in file order.
	ZoneOrder []string `yaml:"-"`

	// Vars are global mutable variables, by name.
	Vars map[string]*Var `yaml:"vars"`
	// VarOrder lists the Vars keys in file order.
	VarOrder []string `yaml:"-"`

	// PlayerVars are mutable variables every player has, by name.
	PlayerVars map[string]*Var `yaml:"player_vars"`
	// PlayerVarOrder lists the PlayerVars keys in file order.
	PlayerVarOrder []string `yaml:"-"`

	// Functions are named, typed expressions with parameters, callable from
	// any expression.
	Functions map[string]*Function `yaml:"functions"`
	// FunctionOrder lists the Functions keys in file order.
	FunctionOrder []string `yaml:"-"`

	// Setup runs once when a game starts, before Flow.
	Setup []*Effect `yaml:"setup"`
	// Flow is the main program: it runs after Setup; the game ends when it
	// finishes or an end_game effect runs.
	Flow []*Effect `yaml:"flow" agon:"required"`

	// Phases are named effect lists run with the `phase:` effect.
	Phases map[string]*Procedure `yaml:"phases"`
	// PhaseOrder lists the Phases keys in file order.
	PhaseOrder []string `yaml:"-"`

	// Procedures are named effect lists with parameters, run with `call:`.
	Procedures map[string]*Procedure `yaml:"procedures"`
	// ProcedureOrder lists the Procedures keys in file order.
	ProcedureOrder []string `yaml:"-"`

	// Triggers are automatic rules checked after every effect.
	Triggers []*Trigger `yaml:"triggers"`

	// Scoring says how a finished game is scored.
	Scoring *Scoring `yaml:"scoring" agon:"required"`

	// Bots gives the ruleset's hints to the generic bots.
	Bots *BotHints `yaml:"bots"`

	// Views are named expressions shown to players (e.g. "gold in hand").
	Views []*View `yaml:"views"`

	// Report declares what a game reports for statistics beyond its
	// scores: per-seat attributes and counters, and which zones count as
	// taking a card (see report.go).
	Report *Report `yaml:"report"`

	// Provisional lists every `# provisional: ...` comment found in the
	// ruleset's files: figures that are not the publisher's.
	Provisional []Note `yaml:"-"`

	// Replaced lists the notes of Provisional that sit on a base value
	// the variant (LoadVariant) replaced: a value its patch gives anew, a
	// card row it removes, a mapping or row whose every entry it gives
	// anew. Empty without a variant.
	Replaced []Note `yaml:"-"`

	// Warnings are the rules Validate found dead (a when: false, an
	// end_game that ends every game before anyone decides: see
	// validate_dead.go), sorted by position. They do not fail a load.
	Warnings []Diagnostic `yaml:"-"`

	// Files lists the files the ruleset was read from, in load order.
	Files []string `yaml:"-"`

	// Variant is the name of the variant applied by LoadVariant, or "" for
	// the base ruleset.
	Variant string `yaml:"-"`
	// VariantDescription is the variant file's description.
	VariantDescription string `yaml:"-"`
	// SameAsBase is set by LoadVariant when the variant leaves the rules
	// as the base's: its patch sets values to what they were (or is
	// empty) and it adds nothing. Positions, comments, quoting and key
	// order do not count; a field the base left out and the patch sets to
	// its default does.
	SameAsBase bool `yaml:"-"`
}

// PlayerRange is the supported number of players.
type PlayerRange struct {
	Pos Pos
	Min int `yaml:"min" agon:"required"`
	Max int `yaml:"max" agon:"required"`
}

// Note is a comment attached to a position, such as a provisional marker.
type Note struct {
	Pos  Pos
	Text string
}

// CardTable declares a kind of card: its typed attributes, its mutable
// per-card properties and its rows (the card definitions).
type CardTable struct {
	Pos Pos
	// Attributes are the fixed, printed values of a card, by name.
	Attributes map[string]*Attribute `yaml:"attributes"`
	// AttributeOrder lists the Attributes keys in file order.
	AttributeOrder []string `yaml:"-"`
	// Props are mutable per-card values (e.g. "covered"), by name.
	Props map[string]*Attribute `yaml:"props"`
	// PropOrder lists the Props keys in file order.
	PropOrder []string `yaml:"-"`
	// Zone is the global zone every card of this table starts in.
	Zone string `yaml:"zone" agon:"required"`
	// Rows are the card definitions.
	Rows []*CardRow `yaml:"rows" agon:"required"`
}

// Attribute declares a typed field of a card (or a prop).
type Attribute struct {
	Pos Pos
	// Type is one of int, bool, string, ints, strings, intmap, intmaps.
	Type string `yaml:"type" agon:"required"`
	// Default is used when a row leaves the attribute out.
	Default *Value `yaml:"default"`
	// Values, if set, lists the allowed values of a string or strings
	// field: inline, or the name of a vocabulary.
	Values Words `yaml:"values"`
	// Keys, if set, lists the allowed keys of an intmap field: inline, or
	// the name of a vocabulary.
	Keys Words `yaml:"keys"`
	// Doc explains the attribute.
	Doc string `yaml:"doc"`
}

// CardRow is one card definition. ID and Count are fixed keys; every other
// key is an attribute value, kept in Fields.
type CardRow struct {
	Pos Pos
	// ID names the definition; instances are ID when Count is 1, else
	// ID#1 … ID#Count.
	ID string
	// Count is how many identical instances the row creates (default 1).
	Count int
	// Fields are the attribute values by name, in file order.
	Fields map[string]Value
	// FieldOrder lists the Fields keys in file order.
	FieldOrder []string
}

// Zone declares an ordered container of cards. Index 0 is the top.
type Zone struct {
	Pos Pos
	// Owner is "game" (one zone) or "player" (one per player).
	Owner string `yaml:"owner"`
	// Visibility is public (everyone sees the cards), owner (only the
	// owning player), or hidden (nobody; only the count is known).
	Visibility string `yaml:"visibility"`
	// RefillFrom names a global zone that is shuffled into this one when a
	// draw finds it empty.
	RefillFrom string `yaml:"refill_from"`
	// KeyedBy makes the zone a family of zones, one per key: a board's
	// name (one zone per node) or a list of keys. Nil for one zone.
	KeyedBy *Value `yaml:"keyed_by"`
	// Doc explains the zone.
	Doc string `yaml:"doc"`
}

// Var declares a mutable variable.
type Var struct {
	Pos Pos
	// Type is one of int, bool, string, ints, strings, intmap, intmaps.
	Type string `yaml:"type" agon:"required"`
	// Values, if set, lists the allowed values of a string or strings
	// variable (inline or a vocabulary name); Keys those of an intmap's
	// keys. Expressions comparing the variable with a literal are checked.
	Values Words `yaml:"values"`
	Keys   Words `yaml:"keys"`
	// Init is the starting value; an expression evaluated at setup (for
	// player vars, with `me` bound). Empty means the type's zero value.
	Init Expr `yaml:"init"`
	// Visibility says who is shown the variable in views: public (the
	// default), owner (a player var, only to its player) or hidden
	// (bookkeeping nobody needs to see). Expressions see every variable.
	Visibility string `yaml:"visibility"`
	// Default (intmap only) is what a missing key reads as: m[k] for a
	// key m does not have. Nil means 0. Test for a key with has(m, k).
	Default *int `yaml:"default"`
	// Doc explains the variable.
	Doc string `yaml:"doc"`
}

// Function is a named, typed expression with parameters.
type Function struct {
	Pos Pos
	// Params are the parameter names and types, in order (written as a
	// YAML mapping name: type).
	Params []Param `yaml:"params"`
	// Returns is the result type.
	Returns string `yaml:"returns" agon:"required"`
	// Expr is the body.
	Expr Expr `yaml:"expr" agon:"required"`
	// Doc explains the function.
	Doc string `yaml:"doc"`
}

// Param is one typed parameter of a Function or Procedure.
type Param struct {
	Pos  Pos
	Name string
	// Type is one of the value types (int, bool, string, ints, strings,
	// intmap, card, cards, any).
	Type string
}

// Procedure is a named effect list with optional parameters.
type Procedure struct {
	Pos    Pos
	Params []Param   `yaml:"params"`
	Do     []*Effect `yaml:"do" agon:"required"`
	Doc    string    `yaml:"doc"`
}

// Trigger is an automatic rule: after every effect, if When holds, Do runs.
// Do must make When false, or the loop guard stops the game.
type Trigger struct {
	Pos  Pos
	Name string    `yaml:"name" agon:"required"`
	When Expr      `yaml:"when" agon:"required"`
	Do   []*Effect `yaml:"do" agon:"required"`
	// Active, when set, says when the trigger is considered at all: while
	// it is false, When is not evaluated.
	Active Expr `yaml:"active"`
}

// Scoring computes final scores.
type Scoring struct {
	Pos Pos
	// Score is evaluated for each player with `me` bound; higher wins.
	Score Expr `yaml:"score" agon:"required"`
	// Tiebreak are evaluated in order for tied players; higher wins.
	Tiebreak []Expr `yaml:"tiebreak"`
	// Details are named per-player figures shown with the result.
	Details []*View `yaml:"details"`
}

// BotHints help the generic bots play the game.
type BotHints struct {
	Pos Pos
	// Heuristic rates a position for player `me` (higher is better); the
	// greedy bot takes the option that leads to the best-rated position.
	// Without it the greedy bot uses the score expression.
	Heuristic Expr `yaml:"heuristic"`
}

// View is a named expression shown to players, per player (`me` bound)
// when PerPlayer is set, per place of a board (`place` bound to the
// node id) when PerPlace names the board.
type View struct {
	Pos       Pos
	Name      string `yaml:"name" agon:"required"`
	Expr      Expr   `yaml:"expr" agon:"required"`
	PerPlayer bool   `yaml:"per_player"`
	// PerPlace names a board: the view is a figure of each of its nodes,
	// which `show PLACE` prints (not a line of the glance).
	PerPlace string `yaml:"per_place"`
	// Visibility is "public" (the default: every player sees every
	// player's value) or "owner" (a per-player view each player sees for
	// themselves only: one that reads what the others may not see).
	Visibility string `yaml:"visibility"`
}

// Effect is one statement of an effect list. Exactly one of the kind keys
// (set, add, move, draw, shuffle, roll, if, for_each, while, repeat, let,
// call, phase, choose, log, end_game, fail) is present; the others are its
// modifiers. Kind holds the kind key.
type Effect struct {
	Pos  Pos
	Kind string `yaml:"-"`

	// set: TARGET, to: EXPR — assign. add: TARGET, by: EXPR — increment.
	Set Target `yaml:"set"`
	Add Target `yaml:"add"`
	To  Expr   `yaml:"to"`
	By  Expr   `yaml:"by"`

	// move: EXPR (a card or a list of cards), into: ZONE, at: top|bottom.
	Move Expr   `yaml:"move"`
	Into Target `yaml:"into"`
	At   string `yaml:"at"`

	// draw: EXPR (count), from: ZONE, into: ZONE.
	Draw Expr   `yaml:"draw"`
	From Target `yaml:"from"`

	// shuffle: ZONE.
	Shuffle Target `yaml:"shuffle"`

	// roll: TARGET, faces: EXPR (list of ints) — a die roll stored in TARGET.
	Roll  Target `yaml:"roll"`
	Faces Expr   `yaml:"faces"`

	// if: EXPR, then: [...], else: [...].
	If   Expr      `yaml:"if"`
	Then []*Effect `yaml:"then"`
	Else []*Effect `yaml:"else"`

	// for_each: EXPR (list), as: NAME, do: [...].
	ForEach Expr      `yaml:"for_each"`
	As      string    `yaml:"as"`
	Do      []*Effect `yaml:"do"`
	// AsPos is where the as: key is written (for errors about the name).
	AsPos Pos `yaml:"-"`

	// while: EXPR, do: [...].
	While Expr `yaml:"while"`

	// repeat: EXPR (count), as: NAME (optional, 0-based), do: [...].
	Repeat Expr `yaml:"repeat"`

	// let: {NAME: EXPR, ...} — local bindings for the rest of the list.
	Let []Binding `yaml:"let"`

	// call: PROCEDURE, with: {PARAM: EXPR, ...}.
	Call string    `yaml:"call"`
	With []Binding `yaml:"with"`

	// phase: PHASE — run a phase (announced as an event).
	Phase string `yaml:"phase"`

	// choose: a pending decision.
	Choose *Choice `yaml:"choose"`

	// log: TEMPLATE — an event every player sees.
	Log Template `yaml:"log"`

	// end_game: true — stop the flow and score.
	EndGame bool `yaml:"end_game"`

	// fail: TEMPLATE — stop the game with a ruleset error.
	Fail Template `yaml:"fail"`
}

// Binding is one NAME: EXPR pair of a let or with mapping, in file order.
type Binding struct {
	Pos  Pos
	Name string
	Expr Expr
}

// Choice is a decision: who decides, the prompt and the options.
type Choice struct {
	Pos Pos
	// Who is the deciding player's index.
	Who Expr `yaml:"who" agon:"required"`
	// Prompt is shown above the options.
	Prompt Template `yaml:"prompt" agon:"required"`
	// Options are the option groups; each yields zero or more options.
	// A choice has options or a pick, not both (checked by Validate).
	Options []*Option `yaml:"options"`
	// Pick, instead of Options, makes the decision a multi-select: a
	// series of small steps that each pick one more element, ending in
	// done.
	Pick *Pick `yaml:"pick"`
	// Auto takes the only legal option without asking.
	Auto bool `yaml:"auto"`
	// Secret hides which option was taken from the other players (the
	// decision is still recorded in transcripts).
	Secret bool `yaml:"secret"`
}

// Option is a group of options of a Choice. Without ForEach it yields one
// option keyed Key; with ForEach it yields one option per element, keyed
// "Key As=VALUE" where VALUE is the element's card id, number or string (or
// the Distinct expression's value, which also merges equal options).
type Option struct {
	Pos      Pos
	Key      string    `yaml:"key" agon:"required"`
	ForEach  Expr      `yaml:"for_each"`
	As       string    `yaml:"as"`
	Distinct Expr      `yaml:"distinct"`
	When     Expr      `yaml:"when"`
	Label    Template  `yaml:"label"`
	Do       []*Effect `yaml:"do"`
	// LegalIfAfter keeps the option only if this condition holds after
	// the option is applied (on a copy of the game: see REFERENCE.md).
	LegalIfAfter Expr `yaml:"legal_if_after"`
}

// Pick is a multi-select decision: the deciding player picks elements of
// From one at a time (each step offers the remaining candidates, keyed
// "Key As=VALUE", and "done" once the count is within [Min, Max]); Do
// then runs with the picked elements bound to the local Picked.
type Pick struct {
	Pos Pos
	// From is the set to pick from (a list, evaluated once).
	From Expr `yaml:"from" agon:"required"`
	// As names each element in When, Distinct and Label.
	As string `yaml:"as" agon:"required"`
	// Picked names the local list of the elements picked so far (in the
	// prompt, When, DoneWhen and Do).
	Picked string `yaml:"picked" agon:"required"`
	// Min and Max bound the number picked (default 0 and the set's size).
	Min Expr `yaml:"min"`
	Max Expr `yaml:"max"`
	// Key prefixes the candidates' keys (default "pick").
	Key string `yaml:"key"`
	// When filters the candidates at each step.
	When Expr `yaml:"when"`
	// Distinct keys candidates by this value and offers the first per value.
	Distinct Expr `yaml:"distinct"`
	// Label is a candidate's text (default: its key).
	Label Template `yaml:"label"`
	// DoneWhen, if set, must also hold for the pick to end: for done to be
	// offered, at max, and for a candidate that would reach max.
	DoneWhen Expr `yaml:"done_when"`
	// Do runs when the pick is done.
	Do []*Effect `yaml:"do"`
}
