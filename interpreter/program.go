package interpreter

import (
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"path"
	"sort"

	"agon/schema"
)

// Program is a compiled ruleset: immutable after Load and safe for
// concurrent use by many games.
type Program struct {
	rs         *schema.Ruleset
	tc         *typeContext
	consts     map[string]any
	funcs      map[string]*function
	vars       []varInit
	playerVars []varInit
	phases     map[string]*procedure
	procs      map[string]*procedure
	setup      *block
	flow       *block
	triggers   []*trigger
	trigDeps   triggerDeps    // what each trigger's condition reads (triggerdeps.go)
	rootSlots  *rootSlotTable // the root names closures read by slot (rootslots.go)
	memoCount  int            // functions whose calls a game remembers (callmemo.go)
	funcOrder  []*function    // the functions by index (function.index)
	score      *compiled
	tiebreaks  []*compiled
	details    []namedExpr
	heuristic  *compiled // bots.heuristic, nil when the ruleset has none
	views      []namedExpr
	placeViews []namedExpr   // per_place views (placeview.go)
	report     reportProgram // the report section (report.go)
	blocks     []*block
	effects    []*effect // every compiled effect, for serialised frames
	choices    []*choice // every compiled choice, for serialised decisions
	hash       string
	variants   []string
	// cardFields are every attribute and prop of every table with its
	// type: each card has all of them (zero when its table lacks one).
	cardFields []declared
	// cards are every card instance as a game starts it (cardproto.go);
	// cardMaps their maps, by number: a new game's card index.
	cards    []cardProto
	cardMaps []map[string]any
	// initLoc is where each card starts, by number (cardloc.go).
	initLoc []cardLoc
	// props are the cards' prop columns and their starting values
	// (cardprops.go).
	props *propColumns
	// attrs are the cards' attributes as columns, and the index that
	// numbers a card by its map's address (cardattrs.go).
	attrs *cardAttrs
	// colls tells which intmap variables may be written in place
	// (collwrites.go).
	colls *collWrites
	// pfields number the player fields that have a slot (playerslots.go).
	pfields *playerFields
	// cow numbers the cards and names the families for cheap clones (cow.go).
	cow cowLayout
	// adhoc compiles expressions and effects after Load (see inspect.go).
	adhoc adhoc
	// sizes are the sizes the Program's last finished game of each player
	// count reached, so that a new game allocates its log and environment
	// once (sizes.go).
	sizes gameSizes
	// flat is the Program compiled for the flat state, made once when
	// first asked (Flat).
	flat flatOnce
}

// declared is a name with its declared type.
type declared struct {
	name, typ string
}

// Load reads, validates and compiles the ruleset in dir of fsys, with the
// named variant applied ("" for none). Problems come back as a
// schema.ErrorList, all of them, sorted.
func Load(fsys fs.FS, dir, variant string) (*Program, error) {
	rs, ds := readRuleset(fsys, dir, variant)
	return compileLoaded(fsys, dir, rs, ds)
}

// readRuleset reads and validates the ruleset in dir, with a variant
// applied when one is named.
func readRuleset(fsys fs.FS, dir, variant string) (*schema.Ruleset, *schema.Diagnostics) {
	if variant == "" {
		return schema.Load(fsys, dir)
	}
	return schema.LoadVariant(fsys, dir, variant)
}

// compileLoaded compiles a ruleset that schema has read from dir of fsys
// (and validated), and gives the Program its hash and variant list. The
// model is compiled even when the YAML had problems, so that expression
// errors come out in the same run as the YAML's.
func compileLoaded(fsys fs.FS, dir string, rs *schema.Ruleset, ds *schema.Diagnostics) (*Program, error) {
	if ds == nil {
		ds = &schema.Diagnostics{}
	}
	if rs == nil {
		return nil, ds.Err()
	}
	p := compileRuleset(rs, ds)
	if err := ds.Err(); err != nil {
		return nil, err
	}
	p.hash = hashFiles(fsys, rs.Files)
	p.variants, _ = schema.Variants(fsys, dir)
	return p, nil
}

// hashFiles is "sha256:" and the hash of the files' names and contents.
func hashFiles(fsys fs.FS, files []string) string {
	sorted := append([]string(nil), files...)
	sort.Strings(sorted)
	h := sha256.New()
	for _, f := range sorted {
		data, err := fs.ReadFile(fsys, f)
		if err != nil {
			continue
		}
		h.Write([]byte(path.Base(f) + "\x00"))
		h.Write(data)
		h.Write([]byte{0})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))[:16]
}

// Game is the ruleset's name.
func (p *Program) Game() string { return p.rs.Game }

// Title is the human-readable name of the game.
func (p *Program) Title() string {
	if p.rs.Title != "" {
		return p.rs.Title
	}
	return p.rs.Game
}

// Variant is the applied variant's name, "" for the base rules.
func (p *Program) Variant() string { return p.rs.Variant }

// Variants lists the variants available beside the ruleset.
func (p *Program) Variants() []string { return p.variants }

// Hash identifies the ruleset's files: the names and contents of the base
// files and of the variant's file, so a comment edit changes it, and a
// variant that changes no rule (see schema.Ruleset.SameAsBase) hashes
// otherwise than the base. It tells whether a transcript or a batch was
// made from these very files, not whether two rulesets play alike.
func (p *Program) Hash() string { return p.hash }

// MinPlayers is the smallest supported player count.
func (p *Program) MinPlayers() int { return p.rs.Players.Min }

// MaxPlayers is the largest supported player count.
func (p *Program) MaxPlayers() int { return p.rs.Players.Max }

// Ruleset is the decoded ruleset (read-only).
func (p *Program) Ruleset() *schema.Ruleset { return p.rs }

// Warnings lists the rules the load found dead, sorted by position: a
// condition written as false (when: false on a trigger or an option,
// if: false), an end_game every game reaches before anyone decides. They
// do not stop the ruleset from loading; agon validate prints them (and
// simulate, compare and play, on stderr).
func (p *Program) Warnings() []schema.Diagnostic {
	return append([]schema.Diagnostic(nil), p.rs.Warnings...)
}

// Provisional lists the ruleset's provisional notes, sorted by position.
func (p *Program) Provisional() []schema.Note {
	out := append([]schema.Note(nil), p.rs.Provisional...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos.Before(out[j].Pos) })
	return out
}
