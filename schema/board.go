package schema

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"
)

// This file is the model, decoding and validation of boards: nodes with
// typed attributes, edges, regions and paths, or a grid of cells with move
// patterns (see REFERENCE.md, "Boards").

// Board declares a board: a graph of named nodes, or a grid of cells
// (whose nodes are named r<row>c<col>), with typed node attributes,
// undirected edges by kind, regions (named groups of nodes) and paths
// (named ordered node lists).
type Board struct {
	Pos Pos
	// Attributes are the typed fields of every node, by name.
	Attributes map[string]*Attribute `yaml:"attributes"`
	// AttributeOrder lists the Attributes keys in file order.
	AttributeOrder []string `yaml:"-"`
	// Nodes are the node definitions: an id and attribute values. On a
	// grid, they give attributes to cells (the cells exist without them).
	Nodes []*CardRow `yaml:"nodes"`
	// Edges are undirected links between two nodes, by kind.
	Edges map[string][][]Name `yaml:"edges"`
	// EdgeOrder lists the Edges keys in file order.
	EdgeOrder []string `yaml:"-"`
	// Regions are named groups of nodes.
	Regions map[string][]Name `yaml:"regions"`
	// RegionOrder lists the Regions keys in file order.
	RegionOrder []string `yaml:"-"`
	// Paths are named ordered lists of nodes.
	Paths map[string][]Name `yaml:"paths"`
	// PathOrder lists the Paths keys in file order.
	PathOrder []string `yaml:"-"`
	// Grid makes the board a grid of cells.
	Grid *Grid `yaml:"grid"`
	// Moves are named move patterns on a grid: lists of [drow, dcol]
	// steps. orthogonal, diagonal and king are predefined.
	Moves map[string][][]int `yaml:"moves"`
	// MoveOrder lists the Moves keys in file order.
	MoveOrder []string `yaml:"-"`
	// Doc explains the board.
	Doc string `yaml:"doc"`
}

// Grid is the shape of a grid board.
type Grid struct {
	Pos Pos
	// Rows and Cols are the grid's size; cells are numbered from 0.
	Rows int `yaml:"rows" agon:"required"`
	Cols int `yaml:"cols" agon:"required"`
	// Holes are [row, col] cells that are not part of the board.
	Holes [][]int `yaml:"holes"`
	// Connect names the move pattern whose steps are the grid's edges
	// (of kind "grid"); empty for none.
	Connect string `yaml:"connect"`
}

// Name is a name written in YAML (a node id in an edge, region or path),
// with where it was written.
type Name struct {
	Pos  Pos
	Name string
}

// name decodes a scalar into a Name.
func (d *decoder) name(file string, n *yaml.Node) Name {
	out := Name{Pos: nodePos(file, n)}
	if isNull(n) || n.Kind != yaml.ScalarNode || n.Value == "" {
		d.wrongKind(file, n, "a name")
		return out
	}
	out.Name = n.Value
	return out
}

// PredefinedMoves are the move patterns every grid has.
func PredefinedMoves() map[string][][]int {
	orth := [][]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}}
	diag := [][]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}}
	return map[string][][]int{"orthogonal": orth, "diagonal": diag, "king": append(slices.Clone(orth), diag...)}
}

// CellID is the node id of a grid cell.
func CellID(row, col int) string { return fmt.Sprintf("r%dc%d", row, col) }

// NodeIDs lists a board's node ids in board order: the grid's cells row by
// row (holes left out), or the nodes in file order.
func (b *Board) NodeIDs() []string {
	if b.Grid == nil {
		out := make([]string, 0, len(b.Nodes))
		for _, n := range b.Nodes {
			if n != nil && n.ID != "" {
				out = append(out, n.ID)
			}
		}
		return out
	}
	var out []string
	for r := 0; r < b.Grid.Rows; r++ {
		for c := 0; c < b.Grid.Cols; c++ {
			if !b.IsHole(r, c) {
				out = append(out, CellID(r, c))
			}
		}
	}
	return out
}

// IsHole reports whether [row, col] is one of the grid's holes.
func (b *Board) IsHole(row, col int) bool {
	if b.Grid == nil {
		return false
	}
	for _, h := range b.Grid.Holes {
		if len(h) == 2 && h[0] == row && h[1] == col {
			return true
		}
	}
	return false
}

// MovePatterns are the board's move patterns: the predefined ones, then
// (replacing them) those it declares.
func (b *Board) MovePatterns() map[string][][]int {
	out := PredefinedMoves()
	for _, n := range b.MoveOrder {
		out[n] = b.Moves[n]
	}
	return out
}

// nodeFields are the built-in fields of every node.
func nodeFields() []string { return []string{"id", "row", "col"} }

// maxGridCells bounds a grid's size.
const maxGridCells = 10000

// boards checks every board: its shape, node rows against its attributes,
// and every node id it names.
func (v *validator) boards() {
	types := map[string]declared{}
	for _, name := range v.rs.BoardOrder {
		b := v.rs.Boards[name]
		if b == nil {
			continue
		}
		v.ident(b.Pos, "board", name)
		v.nodeAttributes(name, b, types)
		v.grid(name, b)
		ids := v.nodeRows(name, b)
		for _, kind := range b.EdgeOrder {
			v.ident(b.Pos, "edge kind", kind)
			for _, e := range b.Edges[kind] {
				v.edge(name, e, ids)
			}
		}
		for _, r := range b.RegionOrder {
			v.nodeList(name, "region "+r, b.Regions[r], ids)
		}
		for _, p := range b.PathOrder {
			v.nodeList(name, "path "+p, b.Paths[p], ids)
		}
		v.moves(name, b)
	}
}

// nodeAttributes checks a board's attribute declarations; a name used by
// two boards must have one type.
func (v *validator) nodeAttributes(board string, b *Board, types map[string]declared) {
	for _, n := range b.AttributeOrder {
		a := b.Attributes[n]
		if a == nil {
			continue
		}
		v.ident(a.Pos, "node attribute", n)
		if slices.Contains(nodeFields(), n) {
			v.ds.Addf(a.Pos, "board %s: %q is a built-in node field", board, n)
			continue
		}
		v.attribute(fmt.Sprintf("node attribute %q of board %s", n, board), a)
		if prev, ok := types[n]; ok && prev.typ != a.Type && a.Type != "" {
			v.ds.Addf(a.Pos, "node attribute %q is %s here and %s on board %s (at %s)", n, a.Type, prev.typ, prev.table, prev.pos)
		} else if !ok {
			types[n] = declared{pos: a.Pos, typ: a.Type, table: board}
		}
	}
}

// grid checks a grid's size and holes.
func (v *validator) grid(board string, b *Board) {
	g := b.Grid
	if g == nil {
		if b.Moves != nil {
			v.ds.Addf(b.Pos, "board %s: moves need a grid", board)
		}
		return
	}
	if g.Rows < 1 || g.Cols < 1 || g.Rows*g.Cols > maxGridCells {
		v.ds.Addf(g.Pos, "board %s: a grid needs 1 to %d cells, got %d rows and %d columns", board, maxGridCells, g.Rows, g.Cols)
		g.Rows, g.Cols = 0, 0
	}
	for _, h := range g.Holes {
		if len(h) != 2 || h[0] < 0 || h[0] >= g.Rows || h[1] < 0 || h[1] >= g.Cols {
			v.ds.Addf(g.Pos, "board %s: hole %v is not a [row, col] of the %dx%d grid", board, h, g.Rows, g.Cols)
		}
	}
	if g.Connect != "" {
		patterns := b.MovePatterns()
		if _, ok := patterns[g.Connect]; !ok {
			v.ds.Addf(g.Pos, "board %s: connect names unknown move pattern %q%s", board, g.Connect, DidYouMean(g.Connect, sortedKeys(patterns)))
		}
	}
}

// nodeRows checks the node rows and returns the board's node ids.
func (v *validator) nodeRows(board string, b *Board) map[string]bool {
	ids := map[string]bool{}
	for _, id := range b.NodeIDs() {
		ids[id] = true
	}
	seen := map[string]Pos{}
	all := b.NodeIDs()
	for _, row := range b.Nodes {
		if row == nil || row.ID == "" {
			continue
		}
		if row.Count != 1 {
			v.ds.Addf(row.Pos, "board %s: node %s: a node has no count", board, row.ID)
		}
		if prev, dup := seen[row.ID]; dup {
			v.ds.Addf(row.Pos, "board %s: duplicate node %q (also at %s)", board, row.ID, prev)
			continue
		}
		seen[row.ID] = row.Pos
		if b.Grid != nil && !ids[row.ID] {
			v.ds.Addf(row.Pos, "board %s: no cell %q in the grid%s", board, row.ID, DidYouMean(row.ID, all))
			continue
		}
		v.nodeRow(board, b, row)
	}
	return ids
}

// nodeRow checks a node's attribute values.
func (v *validator) nodeRow(board string, b *Board, row *CardRow) {
	for _, f := range row.FieldOrder {
		a, ok := b.Attributes[f]
		if !ok || a == nil {
			candidates := append(append([]string(nil), b.AttributeOrder...), "id")
			v.ds.Addf(row.Fields[f].Pos, "board %s: node %s: unknown attribute %q%s", board, row.ID, f, DidYouMean(f, candidates))
			continue
		}
		v.value(row.Fields[f], fmt.Sprintf("node %s: %q", row.ID, f), a)
	}
	if b.Grid != nil {
		return // cells without a row take defaults; checked in nodeDefaults
	}
	for _, attr := range b.AttributeOrder {
		if a := b.Attributes[attr]; a != nil && a.Default == nil && !slices.Contains(nodeFields(), attr) {
			if _, given := row.Fields[attr]; !given {
				v.ds.Addf(row.Pos, "board %s: node %s: missing attribute %q (it has no default)", board, row.ID, attr)
			}
		}
	}
}

// edge checks one edge: two distinct known nodes.
func (v *validator) edge(board string, e []Name, ids map[string]bool) {
	if len(e) != 2 {
		pos := Pos{}
		if len(e) > 0 {
			pos = e[0].Pos
		}
		v.ds.Addf(pos, "board %s: an edge is a list of two nodes, got %d", board, len(e))
		return
	}
	v.nodeList(board, "edge", e, ids)
	if e[0].Name == e[1].Name && e[0].Name != "" {
		v.ds.Addf(e[1].Pos, "board %s: edge from %q to itself", board, e[0].Name)
	}
}

// nodeList checks that every name is a node of the board.
func (v *validator) nodeList(board, what string, names []Name, ids map[string]bool) {
	for _, n := range names {
		if n.Name != "" && !ids[n.Name] {
			// Sorted only for the message: a board's edges are checked
			// by the hundred, and sorting every time was 4% of loading.
			v.ds.Addf(n.Pos, "board %s: %s: unknown node %q%s", board, what, n.Name, DidYouMean(n.Name, sortedKeys(ids)))
		}
	}
}

// moves checks the move patterns' steps.
func (v *validator) moves(board string, b *Board) {
	for _, n := range b.MoveOrder {
		v.ident(b.Pos, "move pattern", n)
		for _, step := range b.Moves[n] {
			if len(step) != 2 || (step[0] == 0 && step[1] == 0) {
				v.ds.Addf(b.Pos, "board %s: move %s: step %v is not a [drow, dcol] other than [0, 0]", board, n, step)
			}
		}
	}
}

// keyedZones checks keyed_by: a board name or a list of distinct keys, on
// a global zone without refill.
func (v *validator) keyedZones() {
	for _, name := range v.rs.ZoneOrder {
		z := v.rs.Zones[name]
		if z == nil {
			continue
		}
		if z.KeyedBy == nil {
			if src, ok := v.rs.Zones[z.RefillFrom]; ok && src != nil && src.KeyedBy != nil {
				v.ds.Addf(z.Pos, "zone %s: refill_from names %q, a keyed zone family", name, z.RefillFrom)
			}
			continue
		}
		if z.Owner == "player" {
			v.ds.Addf(z.KeyedBy.Pos, "zone %s: a keyed zone family is global; key it by player and node instead", name)
		}
		if z.RefillFrom != "" {
			v.ds.Addf(z.KeyedBy.Pos, "zone %s: a keyed zone family cannot refill_from", name)
		}
		v.zoneKeys(name, z)
	}
	v.tablesInFamilies()
}

// tablesInFamilies reports card tables that start in a keyed zone family.
func (v *validator) tablesInFamilies() {
	for _, name := range v.rs.CardOrder {
		t := v.rs.Cards[name]
		if t == nil {
			continue
		}
		if z := v.rs.Zones[t.Zone]; z != nil && z.KeyedBy != nil {
			v.ds.Addf(t.Pos, "card table %s: zone %q is a keyed zone family; start the cards in a plain zone and move them in setup", name, t.Zone)
		}
	}
}

// zoneKeys checks a keyed_by value.
func (v *validator) zoneKeys(name string, z *Zone) {
	switch k := z.KeyedBy.V.(type) {
	case string:
		if _, ok := v.rs.Boards[k]; !ok {
			v.ds.Addf(z.KeyedBy.Pos, "zone %s: keyed_by names unknown board %q%s", name, k, DidYouMean(k, v.rs.BoardOrder))
		}
	case []any:
		seen := map[string]bool{}
		for _, e := range k {
			s, ok := e.(string)
			if !ok || s == "" {
				v.ds.Addf(z.KeyedBy.Pos, "zone %s: keyed_by lists %s; keys are strings", name, describeValue(e))
				continue
			}
			if seen[s] {
				v.ds.Addf(z.KeyedBy.Pos, "zone %s: keyed_by lists %q twice", name, s)
			}
			seen[s] = true
		}
	default:
		v.ds.Addf(z.KeyedBy.Pos, "zone %s: keyed_by must be a board name or a list of keys, got %s", name, describeValue(z.KeyedBy.V))
	}
}

// ZoneKeys lists the keys of a keyed zone family in order: the nodes of
// its board, or its listed keys. It is nil for an ordinary zone.
func (rs *Ruleset) ZoneKeys(zone string) []string {
	z := rs.Zones[zone]
	if z == nil || z.KeyedBy == nil {
		return nil
	}
	switch k := z.KeyedBy.V.(type) {
	case string:
		if b := rs.Boards[k]; b != nil {
			return b.NodeIDs()
		}
	case []any:
		out := make([]string, 0, len(k))
		for _, e := range k {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return []string{}
}
