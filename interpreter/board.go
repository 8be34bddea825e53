package interpreter

import (
	"fmt"
	"reflect"
	"sort"

	"agon/schema"
)

// Boards are immutable data: each board is compiled once into a graph
// (node index, adjacency lists by edge kind, grid cells) and exposed to
// expressions as a boardValue under its name. The value is a named map
// type, so the cloner shares it instead of copying it, and it is stored
// with the constants, so serialisation leaves it out and rebuilds it.

// boardValue is a board as expressions see it: name, nodes, regions,
// paths, rows and cols. It holds data only: the compiled graph the
// built-ins use is found by the board's name (boardTypes.graphs), so that
// printing a board never shows a Go pointer.
type boardValue map[string]any

// nodeValue is a node as expressions see it: id, row, col and its
// attributes. Shared, never written.
type nodeValue map[string]any

// graph is a compiled board.
type graph struct {
	name  string
	ids   []string       // node ids in board order
	index map[string]int // id → position in ids
	nodes []nodeValue
	// adj holds, per edge kind ("" for all kinds), each node's neighbours
	// as sorted indices.
	adj        map[string][][]int
	kinds      []string
	rows, cols int
	cells      [][]int // grid: [row][col] → node index or -1
	patterns   map[string][][]int
	// regionNames and pathNames list the board's regions and paths.
	regionNames, pathNames []string
}

// boardTypes are the shadow types of boards and nodes, and the compiled
// boards (for load-time checks of node ids written in expressions).
type boardTypes struct {
	board, node reflect.Type
	graphs      map[string]*graph   // by board name; set by compileRuleset
	families    map[string][]string // keyed zone family → its keys
}

// newBoardTypes builds the board type (the same for every board) and the
// node type: id, row, col and every node attribute of every board.
func newBoardTypes(rs *schema.Ruleset, consts map[string]any, valueType func(string) (reflect.Type, bool)) boardTypes {
	nodeFields := []field{{"id", typeString}, {"row", typeInt}, {"col", typeInt}}
	seen := map[string]bool{"id": true, "row": true, "col": true}
	// An attribute of a type that is none (reported by schema.Validate)
	// is any, unless another board declares it well, so that its reads
	// are not unknown fields too.
	var bad []string
	for _, bn := range rs.BoardOrder {
		b := rs.Boards[bn]
		for _, a := range b.AttributeOrder {
			t, ok := valueType(b.Attributes[a].Type)
			if !ok {
				bad = append(bad, a)
			} else if !seen[a] {
				seen[a] = true
				nodeFields = append(nodeFields, field{a, t})
			}
		}
	}
	for _, a := range bad {
		if !seen[a] {
			seen[a] = true
			nodeFields = append(nodeFields, field{a, typeAny})
		}
	}
	lists := reflect.MapOf(typeString, typeStrings)
	return boardTypes{
		board: structOf([]field{{"name", typeString}, {"nodes", typeStrings}, {"regions", lists},
			{"paths", lists}, {"rows", typeInt}, {"cols", typeInt}}),
		node:     structOf(nodeFields),
		families: families(rs),
	}
}

// families maps every keyed zone family to its keys.
func families(rs *schema.Ruleset) map[string][]string {
	out := map[string][]string{}
	for _, n := range rs.ZoneOrder {
		if keys := rs.ZoneKeys(n); keys != nil {
			out[n] = keys
		}
	}
	return out
}

// boardGlobals are the board names in scope everywhere.
func (tc *typeContext) boardGlobals(rs *schema.Ruleset) []field {
	var out []field
	for _, n := range rs.BoardOrder {
		out = append(out, field{n, tc.boards.board})
	}
	return out
}

// compileBoards builds every board's value into consts and returns the
// boards' graphs by name.
func compileBoards(rs *schema.Ruleset, consts map[string]any) map[string]*graph {
	attrs := nodeAttributeTypes(rs)
	graphs := map[string]*graph{}
	for _, n := range rs.BoardOrder {
		if b := rs.Boards[n]; b != nil {
			g := buildGraph(n, b, attrs)
			graphs[n] = g
			consts[n] = g.value(b)
		}
	}
	return graphs
}

// nodeAttributeTypes maps every node attribute of every board to its type.
func nodeAttributeTypes(rs *schema.Ruleset) []declared {
	var out []declared
	seen := map[string]bool{}
	for _, bn := range rs.BoardOrder {
		b := rs.Boards[bn]
		for _, a := range b.AttributeOrder {
			if !seen[a] {
				seen[a] = true
				out = append(out, declared{a, b.Attributes[a].Type})
			}
		}
	}
	return out
}

// buildGraph compiles a validated board.
func buildGraph(name string, b *schema.Board, attrs []declared) *graph {
	g := &graph{name: name, ids: b.NodeIDs(), index: map[string]int{}, adj: map[string][][]int{}, patterns: b.MovePatterns(),
		regionNames: b.RegionOrder, pathNames: b.PathOrder}
	rows := map[string]*schema.CardRow{}
	for _, r := range b.Nodes {
		if r != nil {
			rows[r.ID] = r
		}
	}
	for i, id := range g.ids {
		g.index[id] = i
		nv := nodeValue{"id": id, "row": -1, "col": -1}
		for _, a := range attrs {
			nv[a.name] = zeroValue(a.typ)
		}
		for _, a := range b.AttributeOrder {
			nv[a] = attributeDefault(b.Attributes[a])
			if r := rows[id]; r != nil {
				if v, ok := r.Fields[a]; ok {
					nv[a] = convertAttr(b.Attributes[a].Type, v.V)
				}
			}
		}
		g.nodes = append(g.nodes, nv)
	}
	if b.Grid != nil {
		g.layOutGrid(b)
	}
	for _, kind := range b.EdgeOrder {
		for _, e := range b.Edges[kind] {
			if len(e) == 2 {
				g.link(kind, e[0].Name, e[1].Name)
			}
		}
	}
	g.finish()
	return g
}

// attributeDefault is an attribute's default value, or its type's zero.
func attributeDefault(a *schema.Attribute) any {
	if a.Default != nil {
		return convertAttr(a.Type, a.Default.V)
	}
	return zeroValue(a.Type)
}

// convertAttr converts a YAML value to an attribute's runtime form.
func convertAttr(typ string, v any) any {
	if out, err := coerce(typ, convertConst(v)); err == nil {
		return out
	}
	return zeroValue(typ)
}

// layOutGrid numbers the cells and links them by the connect pattern.
func (g *graph) layOutGrid(b *schema.Board) {
	g.rows, g.cols = b.Grid.Rows, b.Grid.Cols
	g.cells = make([][]int, g.rows)
	for r := range g.cells {
		g.cells[r] = make([]int, g.cols)
		for c := range g.cells[r] {
			g.cells[r][c] = -1
			if i, ok := g.index[schema.CellID(r, c)]; ok {
				g.cells[r][c] = i
				g.nodes[i]["row"], g.nodes[i]["col"] = r, c
			}
		}
	}
	if b.Grid.Connect == "" {
		return
	}
	for i, id := range g.ids {
		for _, j := range g.step(i, g.patterns[b.Grid.Connect]) {
			g.link("grid", id, g.ids[j])
		}
	}
}

// step lists the cells one step of a pattern leads to from cell i.
func (g *graph) step(i int, pattern [][]int) []int {
	r, c := g.nodes[i]["row"].(int), g.nodes[i]["col"].(int)
	var out []int
	for _, d := range pattern {
		if len(d) != 2 {
			continue
		}
		nr, nc := r+d[0], c+d[1]
		if nr >= 0 && nr < g.rows && nc >= 0 && nc < g.cols && g.cells[nr][nc] >= 0 {
			out = append(out, g.cells[nr][nc])
		}
	}
	sort.Ints(out)
	return out
}

// link adds an undirected edge of a kind (and of the union kind "").
func (g *graph) link(kind, a, b string) {
	i, iok := g.index[a]
	j, jok := g.index[b]
	if !iok || !jok {
		return // reported by schema.Validate
	}
	for _, k := range []string{kind, ""} {
		if g.adj[k] == nil {
			g.adj[k] = make([][]int, len(g.ids))
			if k != "" {
				g.kinds = append(g.kinds, k)
			}
		}
		g.adj[k][i] = append(g.adj[k][i], j)
		g.adj[k][j] = append(g.adj[k][j], i)
	}
}

// finish sorts and deduplicates every adjacency list.
func (g *graph) finish() {
	if g.adj[""] == nil {
		g.adj[""] = make([][]int, len(g.ids))
	}
	for _, lists := range g.adj {
		for i, l := range lists {
			sort.Ints(l)
			out := l[:0]
			for k, x := range l {
				if k == 0 || x != l[k-1] {
					out = append(out, x)
				}
			}
			lists[i] = out
		}
	}
	sort.Strings(g.kinds)
}

// value is the board's expression value.
func (g *graph) value(b *schema.Board) boardValue {
	named := func(order []string, lists map[string][]schema.Name) map[string][]string {
		out := make(map[string][]string, len(order))
		for _, k := range order {
			ids := make([]string, 0, len(lists[k]))
			for _, n := range lists[k] {
				ids = append(ids, n.Name)
			}
			out[k] = ids
		}
		return out
	}
	return boardValue{
		"name": g.name, "nodes": append([]string(nil), g.ids...),
		"regions": named(b.RegionOrder, b.Regions), "paths": named(b.PathOrder, b.Paths),
		"rows": g.rows, "cols": g.cols,
	}
}

// node finds a node by id, with a did-you-mean when it is unknown.
func (g *graph) node(id string) (int, error) {
	if i, ok := g.index[id]; ok {
		return i, nil
	}
	return 0, fmt.Errorf("board %s has no node %q%s", g.name, id, schema.DidYouMean(id, g.ids))
}

// adjacency is the neighbour lists of one edge kind ("" for all).
func (g *graph) adjacency(kind string) ([][]int, error) {
	if a, ok := g.adj[kind]; ok {
		return a, nil
	}
	if kind == "grid" || len(g.kinds) == 0 {
		return make([][]int, len(g.ids)), nil
	}
	return nil, fmt.Errorf("board %s has no edge kind %q%s", g.name, kind, schema.DidYouMean(kind, g.kinds))
}

// idsOf turns node indices into ids, in board order.
func (g *graph) idsOf(idx []int) []string {
	sort.Ints(idx)
	out := make([]string, len(idx))
	for k, i := range idx {
		out[k] = g.ids[i]
	}
	return out
}

// bfs walks from start over adj and returns the distance of every node
// reached (-1 for the others). With a through mask, the walk goes on only
// from nodes in it (and from start): other nodes are reached but end the
// path.
func (g *graph) bfs(start int, adj [][]int, through []bool) []int {
	dist := make([]int, len(g.ids))
	for i := range dist {
		dist[i] = -1
	}
	dist[start] = 0
	queue := []int{start}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if i != start && through != nil && !through[i] {
			continue // reached, but not passed through
		}
		for _, j := range adj[i] {
			if dist[j] < 0 {
				dist[j] = dist[i] + 1
				queue = append(queue, j)
			}
		}
	}
	return dist
}

// board resolves a saved board reference {"$board": name} (a board held by
// a local or a loop list).
func (d *stateDecoder) board(x map[string]any) (boardValue, bool) {
	name, ok := x["$board"].(string)
	if !ok || len(x) != 1 {
		return nil, false
	}
	b, found := d.g.prog.consts[name].(boardValue)
	if !found && d.err == nil {
		d.err = fmt.Errorf("state: reference to unknown board %q", name)
	}
	return b, found
}
