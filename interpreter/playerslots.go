package interpreter

import (
	"slices"

	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// Player slots. A player's variables and zones are keys of the player's
// map (expr's VM reads them there), and `players[p].fleets` looked one up
// by hashing its name: the most frequent map read of a game that keeps
// its pieces in player variables (16,000 a Cyclades game). So, as with
// the root names (rootslots.go), each player field has a slot too: the
// Program numbers the player variables and zones (playerFields), a state
// keeps player i's values in the row state.pvals[i], and a closure that
// reads players[E].NAME reads the slot. The map stays the record: every
// write of a player field goes through setPlayerField, and the places
// that build or load the maps at once (a new game's players and their
// variables' inits, a reloaded state, a scenario's position) fill the
// slots from them (syncPlayerVals, which syncVals calls). A clone shares
// the rows until either writes one, and then copies that player's row
// alone (writablePlayerRow).
// slotsAgree, in TestRootSlotsMirrorTheEnvironment, checks the slots
// against the maps after every decision of random games of every shipped
// ruleset, clones and reloads included.

// playerFields numbers the fields of a player's map that have a slot:
// every player variable and player zone.
type playerFields struct {
	names []string
	index map[string]int
}

// newPlayerFields numbers rs's player variables, then its player zones.
func newPlayerFields(rs *schema.Ruleset) *playerFields {
	pf := &playerFields{index: map[string]int{}}
	add := func(n string) {
		if _, dup := pf.index[n]; !dup {
			pf.index[n] = len(pf.names)
			pf.names = append(pf.names, n)
		}
	}
	for _, n := range rs.PlayerVarOrder {
		add(n)
	}
	for _, n := range rs.ZoneOrder {
		if rs.Zones[n].Owner == "player" && rs.ZoneKeys(n) == nil {
			add(n)
		}
	}
	return pf
}

// field is name's slot in a player's row, -1 for none.
func (pf *playerFields) field(name string) int {
	if pf == nil {
		return -1
	}
	if j, ok := pf.index[name]; ok {
		return j
	}
	return -1
}

// playerMap is player i's map.
func (s *state) playerMap(i int) map[string]any {
	m, _ := s.root["players"].([]any)[i].(map[string]any)
	return m
}

// syncPlayerVals fills every player slot from the players' maps, after
// they were built or written at once, in slots of the state's own.
func (s *state) syncPlayerVals() {
	n := len(s.pfields.names)
	s.pvals, s.pvalsOwn = make([][]any, s.playerCount), true
	s.pvalRowsOwn = make([]bool, s.playerCount)
	for i := range s.pvals {
		m := s.playerMap(i)
		s.pvals[i], s.pvalRowsOwn[i] = make([]any, n), true
		for j, name := range s.pfields.names {
			s.pvals[i][j] = m[name]
		}
	}
}

// setPlayerVal writes player i's slot of field name (if it has one).
func (s *state) setPlayerVal(i int, name string, v any) {
	j := s.pfields.field(name)
	if j < 0 || i < 0 || i >= s.playerCount {
		return
	}
	s.writablePlayerRow(i)[j] = v
}

// writablePlayerRow makes player i's slots the state's own before a
// write, and returns them: a clone shares its original's rows, and
// either copies the list of rows at its first write and a row at its
// first write to it.
func (s *state) writablePlayerRow(i int) []any {
	if !s.pvalsOwn || s.clones.Load() != s.ownedAt {
		s.unshare()
		s.pvals, s.pvalsOwn = slices.Clone(s.pvals), true
		s.pvalRowsOwn = make([]bool, len(s.pvals))
	}
	if !s.pvalRowsOwn[i] {
		s.pvals[i], s.pvalRowsOwn[i] = slices.Clone(s.pvals[i]), true
	}
	return s.pvals[i]
}

// setPlayerField writes field name of player i: its map (the game's own,
// cow.go) and its slot.
func (g *Game) setPlayerField(i int, name string, v any) {
	g.ownPlayer(i)[name] = v
	g.st.setPlayerVal(i, name, v)
}

// playerVal is player i's field j from its slot.
func (s *state) playerVal(i, j int) any { return s.pvals[i][j] }

// playerField compiles players[E].NAME, NAME a player field with a slot,
// to a read of the slot; nil for any other member read. An index that is
// not a player's falls back to the general read, which fails or reads
// as it would.
func (fc *fastCompiler) playerField(from, key ast.Node) fastFunc {
	s, isStr := key.(*ast.StringNode)
	list, isMember := from.(*ast.MemberNode)
	if !isStr || !isMember || list.Method || list.Optional {
		return nil
	}
	id, isIdent := list.Node.(*ast.IdentifierNode)
	if !isIdent || id.Value != "players" {
		return nil
	}
	if _, isLocal := fc.slots[id.Value]; isLocal {
		return nil // a let named players
	}
	j := fc.pfields.field(s.Value)
	if j < 0 {
		return nil
	}
	args := fc.args(list.Node, list.Property)
	if args == nil {
		return nil
	}
	players, index, name := args[0], args[1], s.Value
	return func(x *fastCtx) (any, bool) {
		v, ok := index(x)
		if !ok {
			return nil, false
		}
		if i, isInt := v.(int); isInt && i >= 0 && i < x.g.st.playerCount {
			return x.g.st.playerVal(i, j), true
		}
		l, ok := players(x)
		if !ok {
			return nil, false
		}
		p, ok := fastIndex(x, l, v)
		if !ok {
			return nil, false
		}
		return fastField(p, name)
	}
}
