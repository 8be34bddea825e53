package interpreter

import (
	"github.com/expr-lang/expr/ast"

	"agon/schema"
)

// Player slots. A player's variables and zones are keys of the player's
// map (expr's VM reads them there), and `players[p].fleets` looked one up
// by hashing its name: the most frequent map read of a game that keeps
// its pieces in player variables (16,000 reads a game in a shipped
// ruleset). So, as with
// the root names (rootslots.go), each player field has a slot too: the
// Program numbers the player variables and zones (playerFields), a state
// keeps player i's values in the row state.pvals[i], and a closure that
// reads players[E].NAME reads the slot. The map stays the record: every
// write of a player field goes through setPlayerField, and the places
// that build or load the maps at once (a new game's players and their
// variables' inits, a reloaded state, a scenario's position) fill the
// slots from them (syncPlayerVals, which syncVals calls). A clone shares
// the rows until either writes one, and then copies that player's row
// alone (parts.go).
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
	return numberOf(pf.index, name)
}

// playerMap is player i's map.
func (s *state) playerMap(i int) map[string]any {
	m, _ := s.root["players"].([]any)[i].(map[string]any)
	return m
}

// syncPlayerVals fills every player slot from the players' maps, after
// they were built or written at once, in slots of the state's own.
func (s *state) syncPlayerVals() {
	rows := make([][]any, s.playerCount)
	for i := range rows {
		m := s.playerMap(i)
		rows[i] = make([]any, len(s.pfields.names))
		for j, name := range s.pfields.names {
			rows[i][j] = m[name]
		}
	}
	s.pvals = ownedAll(rows)
}

// setPlayerVal writes player i's slot of field name (if it has one).
func (s *state) setPlayerVal(i int, name string, v any) {
	j := s.pfields.field(name)
	if j < 0 || i < 0 || i >= s.playerCount {
		return
	}
	s.pvals.writable(s, i)[j] = v // rows shared with a clone (parts.go)
}

// setPlayerField writes field name of player i: its map (the game's own,
// cow.go) and its slot.
func (g *Game) setPlayerField(i int, name string, v any) {
	g.ownPlayer(i)[name] = v
	g.st.setPlayerVal(i, name, v)
}

// playerVal is player i's field j from its slot.
func (s *state) playerVal(i, j int) any { return s.pvals.list[i][j] }

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
