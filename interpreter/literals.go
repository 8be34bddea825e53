package interpreter

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/parser"

	"agon/schema"
)

// The words a designer types inside expressions are checked at load: a
// string literal compared (==, !=, in) with a card attribute, a variable or
// a parameter whose values come from a vocabulary, the key of an intmap
// with declared keys (c.cost.stone, markers['plague']), and the id given to
// card(...) or compared with a card's id, def or table. Without this a
// misspelt word is a comparison that is always false. See "Vocabularies" in
// schema/REFERENCE.md.

// literalChecker knows, for each name, the words its values (or keys) may
// be. It is built once per ruleset and read only afterwards.
type literalChecker struct {
	ec *exprCompiler
	// card, player, node and global map a card field, player var, node
	// attribute or global name to the words of its values and of its
	// keys.
	card, player, node, global map[string]wordsPair
	// params are the inferred words of function parameters, by function
	// and parameter index.
	params     map[string][]schema.Words
	paramNames map[string][]string
	// procParams are the parameter names of each procedure.
	procParams map[string][]string
	// ids are every card instance id; rows maps a row id to its count.
	ids  []string
	rows map[string]int
	// sc and localWords are, while check runs, the scope of the
	// expression and the words of its locals that hold node ids
	// (nodewords.go).
	sc         *scope
	nodeLocals []nodeLocal
}

// wordsPair is what a name's string values and intmap keys may be.
type wordsPair struct {
	values, keys schema.Words
}

// newLiteralChecker collects the vocabularies of rs and checks the map
// literals that initialise intmap variables with declared keys.
func newLiteralChecker(rs *schema.Ruleset, ec *exprCompiler) *literalChecker {
	l := &literalChecker{ec: ec, card: map[string]wordsPair{}, player: map[string]wordsPair{}, node: map[string]wordsPair{},
		global: map[string]wordsPair{}, params: map[string][]schema.Words{}, paramNames: map[string][]string{},
		procParams: map[string][]string{}, rows: map[string]int{}}
	l.collectCards(rs)
	l.collectNodes(rs)
	for _, n := range rs.VarOrder {
		if v := rs.Vars[n]; v != nil {
			l.global[n] = wordsPair{v.Values, v.Keys}
		}
	}
	for _, n := range rs.ConstantOrder {
		l.global[n] = wordsPair{keys: rs.ConstantKeys(n)}
	}
	for _, n := range rs.PlayerVarOrder {
		if v := rs.PlayerVars[n]; v != nil {
			l.player[n] = wordsPair{v.Values, v.Keys}
		}
	}
	l.inferParams(rs)
	l.checkEffects(rs)
	l.varInits(rs.Vars, rs.VarOrder)
	l.varInits(rs.PlayerVars, rs.PlayerVarOrder)
	return l
}

// collectCards records attribute and prop words, card ids and the
// vocabularies of the built-in fields id, def and table.
func (l *literalChecker) collectCards(rs *schema.Ruleset) {
	var defs []string
	for _, tname := range rs.CardOrder {
		t := rs.Cards[tname]
		if t == nil {
			continue
		}
		for _, name := range t.AttributeOrder {
			l.addCardField(name, t.Attributes[name])
		}
		for _, name := range t.PropOrder {
			l.addCardField(name, t.Props[name])
		}
		for _, row := range t.Rows {
			if row == nil || row.ID == "" {
				continue
			}
			defs = append(defs, row.ID)
			l.rows[row.ID] = row.Count
			l.ids = append(l.ids, instanceIDs(row.ID, row.Count)...)
		}
	}
	l.card["id"] = wordsPair{values: schema.Words{Vocabulary: "card ids", List: l.ids}}
	l.card["def"] = wordsPair{values: schema.Words{Vocabulary: "card rows", List: defs}}
	l.card["table"] = wordsPair{values: schema.Words{Vocabulary: "card tables", List: rs.CardOrder}}
}

// collectNodes records the words of node attributes. Boards share
// attribute names; an attribute whose values two boards list differently
// takes the words of both, and one that a board declares without values
// is not checked.
func (l *literalChecker) collectNodes(rs *schema.Ruleset) {
	open := map[string]bool{}
	for _, bn := range rs.BoardOrder {
		b := rs.Boards[bn]
		if b == nil {
			continue
		}
		for _, a := range b.AttributeOrder {
			attr := b.Attributes[a]
			if attr == nil || len(attr.Values.List) == 0 {
				open[a] = true
				continue
			}
			prev := l.node[a].values
			if prev.IsSet() && prev.Vocabulary != attr.Values.Vocabulary {
				prev.Vocabulary = ""
			} else {
				prev.Vocabulary = attr.Values.Vocabulary
			}
			for _, w := range attr.Values.List {
				if !slices.Contains(prev.List, w) {
					prev.List = append(slices.Clip(prev.List), w)
				}
			}
			l.node[a] = wordsPair{values: prev}
		}
	}
	for a := range open {
		delete(l.node, a)
	}
}

// addCardField records a field's words; fields share one namespace, so
// the first table that declares words for a name gives them.
func (l *literalChecker) addCardField(name string, a *schema.Attribute) {
	if a == nil {
		return
	}
	prev := l.card[name]
	if !prev.values.IsSet() {
		prev.values = a.Values
	}
	if !prev.keys.IsSet() {
		prev.keys = a.Keys
	}
	l.card[name] = prev
}

// instanceIDs lists the ids of a row's cards: the id, or id#1 … id#N.
func instanceIDs(id string, count int) []string {
	if count <= 1 {
		return []string{id}
	}
	out := make([]string, count)
	for i := range out {
		out[i] = fmt.Sprintf("%s#%d", id, i+1)
	}
	return out
}

// parse is the read-only parse of a text the inference passes walk (one
// per text, shared with the checks before compiling; see exprmemo.go).
func (l *literalChecker) parse(src string) (*parser.Tree, error) {
	if l.ec == nil {
		return parser.Parse(src)
	}
	return l.ec.parsed(src)
}

// varInits checks the constant init of a variable with declared words:
// the keys of a map literal that initialises an intmap variable with keys
// ({plague: 0, earthquak: 0}), the string literal that initialises a
// string variable with values ('active'), and the string literals of the
// list that initialises a strings variable with values. A computed init
// is not checked.
func (l *literalChecker) varInits(vars map[string]*schema.Var, order []string) {
	for _, n := range order {
		v := vars[n]
		if v == nil || !v.Init.IsSet() || len(v.Keys.List) == 0 && len(v.Values.List) == 0 {
			continue
		}
		tree, err := parser.Parse(v.Init.Src)
		if err != nil {
			continue // reported by compile
		}
		switch x := tree.Node.(type) {
		case *ast.MapNode:
			for _, p := range x.Pairs {
				if pair, ok := p.(*ast.PairNode); ok {
					l.checkWord(v.Init, pair.Key, v.Keys, "a key of "+n)
				}
			}
		case *ast.StringNode:
			l.checkWord(v.Init, x, v.Values, "a value of "+n)
		case *ast.ArrayNode:
			for _, e := range x.Nodes {
				l.checkWord(v.Init, e, v.Values, "a value of "+n)
			}
		}
	}
}

// inferParams gives a string parameter of a ruleset function the words of
// what its body compares it with or indexes with it: in
// count(players[p].hand, .back == back) the parameter back takes the
// values of back; in .production[good] good takes the keys of production.
func (l *literalChecker) inferParams(rs *schema.Ruleset) {
	for _, name := range rs.FunctionOrder {
		f := rs.Functions[name]
		if f == nil {
			continue
		}
		tree, err := l.parse(f.Expr.Src)
		if err != nil {
			continue
		}
		words := make([]schema.Words, len(f.Params))
		if slices.ContainsFunc(f.Params, isStringParam) {
			locals := localNames(tree.Node, nil)
			for _, p := range f.Params {
				locals.add(p.Name)
			}
			ast.Find(tree.Node, func(n ast.Node) bool {
				l.inferFrom(n, f.Params, words, locals)
				return false
			})
		}
		l.params[name] = words
		for _, p := range f.Params {
			l.paramNames[name] = append(l.paramNames[name], p.Name)
		}
	}
}

// isStringParam reports whether p is a string parameter, the kind that
// words are inferred for.
func isStringParam(p schema.Param) bool { return p.Type == "string" }

// inferFrom records the words of a parameter used in n.
func (l *literalChecker) inferFrom(n ast.Node, params []schema.Param, words []schema.Words, locals localSet) {
	set := func(other ast.Node, param ast.Node, keys bool) {
		id, ok := param.(*ast.IdentifierNode)
		if !ok {
			return
		}
		i := slices.IndexFunc(params, func(p schema.Param) bool { return p.Name == id.Value && isStringParam(p) })
		if i < 0 || words[i].IsSet() {
			return
		}
		if w, _, ok := l.wordsOf(other, locals, keys); ok {
			words[i] = w
		}
	}
	switch x := n.(type) {
	case *ast.MemberNode:
		set(x.Node, x.Property, true)
	case *ast.BinaryNode:
		switch x.Operator {
		case "==", "!=":
			set(x.Left, x.Right, false)
			set(x.Right, x.Left, false)
		case "in":
			set(x.Right, x.Left, false)
		}
	}
}

// check walks a type-checked expression and reports the string literals
// that cannot match what they are compared with.
func (l *literalChecker) check(src schema.Expr, root ast.Node, sc *scope) {
	if l == nil || root == nil {
		return
	}
	locals := localNames(root, sc)
	if l.ec != nil {
		l.sc, l.nodeLocals = sc, l.ec.nodeLocalsIn(sc, locals.names)
		defer func() { l.sc, l.nodeLocals = nil, nil }()
	}
	ast.Find(root, func(n ast.Node) bool {
		l.checkNode(src, n, locals)
		return false
	})
}

// localSet is the names that are not globals in an expression: the
// scope's locals and the expression's own let and closure variables (or
// an effect list's names). It is asked only about a global that has
// words, so the scope's locals are scanned then rather than copied into
// a map for every expression.
type localSet struct {
	fields []field
	names  map[string]bool
}

// has reports whether name is a local.
func (s localSet) has(name string) bool {
	return s.names[name] || slices.ContainsFunc(s.fields, func(f field) bool { return f.name == name })
}

// add makes name a local.
func (s *localSet) add(name string) {
	if s.names == nil {
		s.names = map[string]bool{}
	}
	s.names[name] = true
}

// localNames are the locals of an expression in scope sc.
func localNames(root ast.Node, sc *scope) localSet {
	out := localSet{fields: sc.fields()}
	ast.Find(root, func(n ast.Node) bool {
		if v, ok := n.(*ast.VariableDeclaratorNode); ok {
			out.add(v.Name)
		}
		return false
	})
	return out
}

// checkNode checks one comparison, index or call.
func (l *literalChecker) checkNode(src schema.Expr, n ast.Node, locals localSet) {
	switch x := n.(type) {
	case *ast.BinaryNode:
		l.checkBinary(src, x, locals)
	case *ast.MemberNode:
		if w, what, ok := l.wordsOf(x.Node, locals, true); ok {
			l.checkWord(src, x.Property, w, "a key of "+what)
		}
	case *ast.CallNode:
		l.checkCall(src, x)
	case *ast.BuiltinNode:
		l.checkNodeClosure(src, x)
	}
}

// checkBinary checks `X == 'w'`, `'w' != X`, `'w' in X` and
// `X in ['w', …]`.
func (l *literalChecker) checkBinary(src schema.Expr, x *ast.BinaryNode, locals localSet) {
	switch x.Operator {
	case "==", "!=":
		if w, what, ok := l.wordsOf(x.Left, locals, false); ok {
			l.checkWord(src, x.Right, w, "a value of "+what)
		}
		if w, what, ok := l.wordsOf(x.Right, locals, false); ok {
			l.checkWord(src, x.Left, w, "a value of "+what)
		}
	case "in":
		if w, what, ok := l.wordsOf(x.Right, locals, false); ok {
			l.checkWord(src, x.Left, w, "a value of "+what)
		} else if w, what, ok := l.wordsOf(x.Right, locals, true); ok {
			l.checkWord(src, x.Left, w, "a key of "+what)
		}
		if w, what, ok := l.wordsOf(x.Left, locals, false); ok {
			if arr, isArr := x.Right.(*ast.ArrayNode); isArr {
				for _, e := range arr.Nodes {
					l.checkWord(src, e, w, "a value of "+what)
				}
			}
		}
	}
}

// checkCall checks the card id given to card(...) and the literals given
// to string parameters of ruleset functions whose words are known.
func (l *literalChecker) checkCall(src schema.Expr, call *ast.CallNode) {
	id, ok := call.Callee.(*ast.IdentifierNode)
	if !ok {
		return
	}
	args := call.Arguments
	if len(args) > 0 {
		if first, ok := args[0].(*ast.IdentifierNode); ok && first.Value == "$env" {
			args = args[1:]
		}
	}
	if id.Value == "card" && len(args) == 1 {
		l.checkCardID(src, args[0])
		return
	}
	for i, w := range l.params[id.Value] {
		if i < len(args) && w.IsSet() {
			what := fmt.Sprintf("a value of parameter %s of %s", l.paramName(id.Value, i), id.Value)
			l.checkWord(src, args[i], w, what)
		}
	}
}

// checkCardID reports a literal that is no card's id.
func (l *literalChecker) checkCardID(src schema.Expr, n ast.Node) {
	s, ok := n.(*ast.StringNode)
	if !ok || slices.Contains(l.ids, s.Value) {
		return
	}
	msg := fmt.Sprintf("unknown card id %q%s", s.Value, schema.DidYouMean(s.Value, l.ids))
	if count, isRow := l.rows[s.Value]; isRow && count > 1 {
		msg = fmt.Sprintf("card row %q has %d copies: name one by its id, %s#1 to %s#%d", s.Value, count, s.Value, s.Value, count)
	}
	l.report(src, s, msg)
}

// checkWord reports n when it is a string literal outside w.
func (l *literalChecker) checkWord(src schema.Expr, n ast.Node, w schema.Words, what string) {
	s, ok := n.(*ast.StringNode)
	if !ok || len(w.List) == 0 || slices.Contains(w.List, s.Value) || s.Value == "" {
		return // "" is the zero value of every string: "none"
	}
	l.report(src, s, fmt.Sprintf("%q is not %s%s; expected one of %s", s.Value, what, schema.DidYouMean(s.Value, w.List), w))
}

// report adds a diagnostic at node n of src.
func (l *literalChecker) report(src schema.Expr, n ast.Node, msg string) {
	line, col := lineCol(src.Src, n.Location().From)
	l.ec.ds.Add(l.ec.diag(src, line, col, msg))
}

// wordsOf returns the words of n's values (or, with keys, of its keys) and
// names n for messages. Typed nodes are resolved by type; untyped ones
// (from parser.Parse) by name. Locals (names in locals) are not globals.
func (l *literalChecker) wordsOf(n ast.Node, locals localSet, keys bool) (schema.Words, string, bool) {
	pick := func(p wordsPair, name string) (schema.Words, string, bool) {
		w := p.values
		if keys {
			w = p.keys
		}
		return w, name, len(w.List) > 0
	}
	switch x := n.(type) {
	case *ast.IdentifierNode:
		if g, ok := nodeLocalNamed(l.nodeLocals, x.Value); ok && !keys {
			return boardWords(g), x.Value, true
		}
		if p, ok := l.global[x.Value]; ok && !locals.has(x.Value) {
			return pick(p, x.Value)
		}
	case *ast.MemberNode:
		prop, ok := x.Property.(*ast.StringNode)
		if !ok {
			return schema.Words{}, "", false
		}
		if call, isCall := x.Node.(*ast.CallNode); isCall && prop.Value == "id" && !keys && l.ec != nil {
			if g := l.ec.boardCalled(call, nodeCall, l.sc); g != nil {
				return boardWords(g), "id", true
			}
		}
		if p, ok := l.memberWords(x.Node, prop.Value); ok {
			return pick(p, prop.Value)
		}
	}
	return schema.Words{}, "", false
}

// memberWords finds the words of field name of node owner: a card field
// or a player var, by owner's type when it is known, else by name when
// the name is not both.
func (l *literalChecker) memberWords(owner ast.Node, name string) (wordsPair, bool) {
	t := owner.Type()
	tc := l.ec.tc
	if t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	card, isCard := l.card[name]
	player, isPlayer := l.player[name]
	switch {
	case t == tc.card:
		return card, isCard
	case t == tc.player:
		return player, isPlayer
	case t != nil && t == tc.boards.node:
		p, isNode := l.node[name]
		return p, isNode
	case t != nil && t.Kind() != reflect.Interface:
		return wordsPair{}, false
	case isCard && !isPlayer:
		return card, true
	case isPlayer && !isCard:
		return player, true
	}
	return wordsPair{}, false
}

// paramName names parameter i of the ruleset function fn.
func (l *literalChecker) paramName(fn string, i int) string {
	if names := l.paramNames[fn]; i < len(names) {
		return names[i]
	}
	return fmt.Sprint(i + 1)
}
