package interpreter

import (
	"errors"
	"io/fs"

	"agon/schema"
)

// NOTE: temporary stubs so that packages built in parallel compile; the
// real implementations replace this file.

var errTODO = errors.New("not implemented yet")

// Program is a compiled ruleset: immutable and safe for concurrent use.
type Program struct{ rs *schema.Ruleset }

// Load reads, validates and compiles the ruleset in dir of fsys, with the
// named variant applied ("" for none). Problems come back as a
// schema.ErrorList.
func Load(fsys fs.FS, dir, variant string) (*Program, error) { return nil, errTODO }

// Game is the ruleset's name.
func (p *Program) Game() string { return p.rs.Game }

// Title is the human-readable name of the game.
func (p *Program) Title() string { return p.rs.Title }

// Variant is the applied variant's name, "" for the base rules.
func (p *Program) Variant() string { return "" }

// Hash identifies the ruleset text (base files and variant).
func (p *Program) Hash() string { return "" }

// MinPlayers is the smallest supported player count.
func (p *Program) MinPlayers() int { return p.rs.Players.Min }

// MaxPlayers is the largest supported player count.
func (p *Program) MaxPlayers() int { return p.rs.Players.Max }

// Ruleset is the decoded ruleset (read-only).
func (p *Program) Ruleset() *schema.Ruleset { return p.rs }

// Game is one game in progress: not safe for concurrent use.
type Game struct{ prog *Program }

// NewGame starts a game and runs it up to the first decision.
func NewGame(p *Program, cfg Config) (*Game, error) { return nil, errTODO }

// SupplyOutcomes queues chance outcomes to use instead of the random source.
func (g *Game) SupplyOutcomes(o ...Outcome) {}

// Pending is the decision the game waits for, nil when the game is over.
func (g *Game) Pending() *Decision { return nil }

// Apply takes the option with the given key and runs to the next decision.
func (g *Game) Apply(key string) error { return errTODO }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return true }

// Result is the final result, nil before the game is over.
func (g *Game) Result() *Result { return nil }

// Events is the log of everything that happened so far.
func (g *Game) Events() []Event { return nil }

// Decisions is the number of decisions taken so far.
func (g *Game) Decisions() int { return 0 }

// Clone returns an independent copy of the game.
func (g *Game) Clone() *Game { return g }

// View renders the state as the given player may see it (-1: everything).
func (g *Game) View(player int) string { return "" }
