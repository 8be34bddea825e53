package schema

import (
	"fmt"
	"slices"
	"strings"
)

// Validate runs the static checks that need no expression compilation:
// player counts, type names, card rows against their tables, zones, name
// clashes, and references from effects to procedures and phases. rs may be
// a partial result of decoding; what is missing was reported by Decode and
// is skipped here. Load and LoadVariant call Validate.
func Validate(rs *Ruleset, ds *Diagnostics) {
	if rs == nil {
		return
	}
	v := &validator{rs: rs, ds: ds}
	rs.Warnings = nil
	v.players()
	v.vocabularies()
	v.varWords()
	v.constantWords()
	v.cardTables()
	v.zones()
	v.boards()
	v.keyedZones()
	v.vars()
	v.functions()
	v.topNames()
	v.constantValues()
	v.playerNames()
	v.effects()
	v.endsBeforeDecision()
	v.sortWarnings()
	v.report()
}

// validator carries the ruleset being checked and where problems go.
type validator struct {
	rs *Ruleset
	ds *Diagnostics
}

// valueTypes are the types of attributes, props and variables.
func valueTypes() []string {
	return []string{"int", "bool", "string", "ints", "strings", "intmap", "intmaps"}
}

// paramTypes are the types of parameters and function results.
func paramTypes() []string { return append(valueTypes(), "card", "cards", "any") }

// builtinNames are the names every expression already has in scope.
func builtinNames() []string {
	return []string{"players", "player_count", "phase", "me", "card", "div", "divUp", "keys", "without", "ids", "plural", "has",
		"node", "neighbours", "reachable", "distance", "cell", "moves"}
}

// cardFields are the built-in fields of every card.
func cardFields() []string { return []string{"id", "def", "table", "zone", "owner", "zone_key"} }

// IsIdent reports whether s is a name: letters, digits and _, not starting with a
// digit.
func IsIdent(s string) bool {
	for i, r := range s {
		letter := r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z')
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return s != ""
}

// ident reports a name that is not an identifier.
func (v *validator) ident(pos Pos, what, name string) {
	if !IsIdent(name) {
		v.ds.Addf(pos, "%s %q is not a name: use letters, digits and _, not starting with a digit", what, name)
	}
}

// oneOf reports a value outside allowed, with did-you-mean.
func (v *validator) oneOf(pos Pos, what, got string, allowed []string) bool {
	if slices.Contains(allowed, got) {
		return true
	}
	v.ds.Addf(pos, "unknown %s %q%s; expected one of %s", what, got, DidYouMean(got, allowed), strings.Join(allowed, ", "))
	return false
}

// players checks the player range.
func (v *validator) players() {
	p := v.rs.Players
	if !p.Pos.IsValid() {
		return
	}
	if p.Min == 0 && p.Max == 0 {
		// players: 3 or players: {}: say what to write, not that min is 0
		v.ds.Addf(p.Pos, "players needs the smallest and largest count, e.g. players: {min: 2, max: 4} (or {min: 3, max: 3})")
		return
	}
	if p.Min < 1 {
		v.ds.Addf(p.Pos, "players.min must be at least 1, got %d", p.Min)
	}
	if p.Max < p.Min {
		v.ds.Addf(p.Pos, "players.max (%d) is less than players.min (%d)", p.Max, p.Min)
	}
}

// declared is where a card field name was declared and with what type.
type declared struct {
	pos   Pos
	typ   string
	table string
}

// cardTables checks every table's attributes, props, zone and rows.
func (v *validator) cardTables() {
	fieldTypes := map[string]declared{}
	ids := map[string]Pos{}
	total := 0
	for _, name := range v.rs.CardOrder {
		t := v.rs.Cards[name]
		if t == nil {
			continue
		}
		v.fieldDecls(name, "attribute", t.Attributes, t.AttributeOrder, fieldTypes)
		v.fieldDecls(name, "prop", t.Props, t.PropOrder, fieldTypes)
		v.tableZone(name, t)
		for _, row := range t.Rows {
			total = v.totalCards(row, total)
			v.row(name, t, row, ids)
		}
	}
}

// fieldDecls checks the attributes or props of a table.
func (v *validator) fieldDecls(table, what string, attrs map[string]*Attribute, order []string, seen map[string]declared) {
	for _, name := range order {
		a := attrs[name]
		if a == nil {
			continue
		}
		v.ident(a.Pos, what, name)
		if slices.Contains(cardFields(), name) {
			v.ds.Addf(a.Pos, "%s %q has the name of a built-in card field (%s)", what, name, strings.Join(cardFields(), ", "))
		}
		v.attribute(what+" "+quote(name), a)
		v.sameType(table, name, a, seen)
	}
}

// sameType reports a field name declared with two types across tables,
// or twice in one table (a type that is none is reported where it is
// written, and conflicts with nothing).
func (v *validator) sameType(table, name string, a *Attribute, seen map[string]declared) {
	prev, ok := seen[name]
	switch {
	case !ok:
		seen[name] = declared{pos: a.Pos, typ: a.Type, table: table}
	case prev.table == table:
		v.ds.Addf(a.Pos, "%q is declared twice in table %s (also at %s)", name, table, prev.pos)
	case prev.typ != a.Type && slices.Contains(valueTypes(), a.Type) && slices.Contains(valueTypes(), prev.typ):
		v.ds.Addf(a.Pos, "%q is %s here but %s in table %s (%s): card fields share one namespace",
			name, a.Type, prev.typ, prev.table, prev.pos)
	}
}

// quote quotes a name for messages.
func quote(s string) string { return fmt.Sprintf("%q", s) }

// attribute checks an attribute's type, values and default.
func (v *validator) attribute(what string, a *Attribute) {
	if a.Type != "" && !v.oneOf(a.Pos, "type for "+what, a.Type, valueTypes()) {
		return
	}
	v.fieldWords(what, a.Type, &a.Values, &a.Keys)
	if a.Default != nil {
		v.value(*a.Default, "default of "+what, a)
	}
}

// value checks a value against an attribute's type and allowed values.
func (v *validator) value(val Value, what string, a *Attribute) {
	if a.Type == "intmaps" {
		if pos, problem := intmapsProblem(val); problem != "" {
			v.ds.Addf(pos, "%s must be intmaps (a list of mappings of ints), got %s", what, problem)
		}
		return
	}
	if problem := typeProblem(val.V, a.Type); problem != "" {
		v.ds.Addf(badEntryPos(val, a.Type), "%s must be %s, got %s", what, a.Type, problem)
		return
	}
	v.wordProblems(val, what, a.Values, a.Keys)
}

// typeProblem describes how x fails to be of type typ, or returns "".
// Unknown types pass (they are reported elsewhere).
func typeProblem(x any, typ string) string {
	switch typ {
	case "int", "bool", "string":
		if goType(x) != typ {
			return describeValue(x)
		}
	case "ints", "strings":
		return listProblem(x, strings.TrimSuffix(typ, "s"))
	case "intmap":
		m, ok := x.(map[string]any)
		if !ok {
			return describeValue(x)
		}
		for _, k := range sortedKeys(m) {
			if goType(m[k]) != "int" {
				return fmt.Sprintf("%s for key %q", describeValue(m[k]), k)
			}
		}
	}
	return ""
}

// badEntryPos is where the entry of an intmap that is not an int is
// written (a variant may patch one entry of a map the base file holds),
// or val's own position.
func badEntryPos(val Value, typ string) Pos {
	if m, ok := val.V.(map[string]any); ok && typ == "intmap" {
		for _, k := range sortedKeys(m) {
			if pos, ok := val.Keys[k]; ok && goType(m[k]) != "int" {
				return pos
			}
		}
	}
	return val.Pos
}

// listProblem describes how x fails to be a list of elem.
func listProblem(x any, elem string) string {
	list, ok := x.([]any)
	if !ok {
		return describeValue(x)
	}
	for i, e := range list {
		if goType(e) != elem {
			return fmt.Sprintf("%s as element %d", describeValue(e), i+1)
		}
	}
	return ""
}

// goType names the type of a decoded scalar.
func goType(x any) string {
	switch x.(type) {
	case int:
		return "int"
	case bool:
		return "bool"
	case string:
		return "string"
	}
	return ""
}

// describeValue names a decoded value for messages.
func describeValue(x any) string {
	switch x := x.(type) {
	case nil:
		return "nothing"
	case string:
		return fmt.Sprintf("string %q", x)
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprintf("%s %v", goType(x), x)
}

// stringsIn returns x if it is a string, or its string elements.
func stringsIn(x any) []string {
	switch x := x.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// tableZone checks that a table starts in a global zone.
func (v *validator) tableZone(name string, t *CardTable) {
	if t.Zone == "" {
		return
	}
	z, ok := v.rs.Zones[t.Zone]
	switch {
	case !ok:
		v.ds.Addf(t.Pos, "card table %s: unknown zone %q%s", name, t.Zone, DidYouMean(t.Zone, v.rs.ZoneOrder))
	case z != nil && z.Owner == "player":
		v.ds.Addf(t.Pos, "card table %s: zone %q is a player zone; cards start in a global zone", name, t.Zone)
	}
}

// MaxCardCount is the most identical cards one row may make.
const MaxCardCount = 10000

// totalCards adds a row's cards to the total so far and reports the row
// that takes it past MaxCards (the rest make one card each, so that the
// check goes on without making millions of cards).
func (v *validator) totalCards(row *CardRow, total int) int {
	if row == nil {
		return total
	}
	n := max(row.Count, 1)
	if n > MaxCardCount {
		n = 1 // row reports it
	}
	if total <= MaxCards && total+n > MaxCards {
		v.ds.Addf(row.Pos, "card %s: the card tables make more than %d cards in all (limit MaxCards)", row.ID, MaxCards)
	}
	if total+n > MaxCards {
		row.Count = 1
	}
	return total + n
}

// row checks one card row against its table and the ids used so far.
func (v *validator) row(table string, t *CardTable, row *CardRow, ids map[string]Pos) {
	if row == nil {
		return
	}
	if row.Count > MaxCardCount {
		v.ds.Addf(row.Pos, "card %s: count %d is more than %d (limit MaxCardCount)", row.ID, row.Count, MaxCardCount)
		row.Count = 1 // keep checking the rest without making the cards
	}
	v.rowIDs(row, ids)
	name := row.ID
	if name == "" {
		name = "(row without id)"
	}
	for _, f := range row.FieldOrder {
		a, ok := t.Attributes[f]
		switch {
		case ok && a != nil:
			v.value(row.Fields[f], fmt.Sprintf("card %s: %q", name, f), a)
		case t.Props[f] != nil:
			v.ds.Addf(row.Fields[f].Pos, "card %s: %q is a prop of table %s; rows give attributes only", name, f, table)
		default:
			candidates := append(append([]string(nil), t.AttributeOrder...), "id", "count")
			v.ds.Addf(row.Fields[f].Pos, "card %s: unknown attribute %q in table %s%s",
				name, f, table, DidYouMean(f, candidates))
		}
	}
	for _, attr := range t.AttributeOrder {
		a := t.Attributes[attr]
		if _, given := row.Fields[attr]; !given && a != nil && a.Default == nil {
			v.ds.Addf(row.Pos, "card %s: missing attribute %q (it has no default)", name, attr)
		}
	}
}

// rowIDs reports a row id, or one of its instance ids, used before.
func (v *validator) rowIDs(row *CardRow, ids map[string]Pos) {
	if row.ID == "" {
		return
	}
	if prev, dup := ids["row "+row.ID]; dup {
		v.ds.Addf(row.Pos, "duplicate card id %q (also at %s)", row.ID, prev)
		return
	}
	ids["row "+row.ID] = row.Pos
	for _, id := range instanceIDs(row) {
		if prev, dup := ids[id]; dup {
			v.ds.Addf(row.Pos, "card id %q is already used at %s", id, prev)
			return
		}
		ids[id] = row.Pos
	}
}

// instanceIDs lists the ids of a row's cards: the id, or id#1 … id#N.
func instanceIDs(row *CardRow) []string {
	if row.Count <= 1 {
		return []string{row.ID}
	}
	out := make([]string, row.Count)
	for i := range out {
		out[i] = fmt.Sprintf("%s#%d", row.ID, i+1)
	}
	return out
}

// zones checks owners, visibilities and refill sources.
func (v *validator) zones() {
	for _, name := range v.rs.ZoneOrder {
		z := v.rs.Zones[name]
		if z == nil {
			continue
		}
		if z.Owner != "" {
			v.oneOf(z.Pos, "owner", z.Owner, []string{"game", "player"})
		}
		if z.Visibility != "" {
			v.oneOf(z.Pos, "visibility", z.Visibility, []string{"public", "owner", "hidden"})
		}
		if z.Visibility == "owner" && z.Owner != "player" {
			v.ds.Addf(z.Pos, "zone %s: visibility owner needs owner: player (a zone of the whole game belongs to no player, so no one would see it); use hidden", name)
		}
		v.refill(name, z)
	}
}

// refill checks that refill_from names another global zone.
func (v *validator) refill(name string, z *Zone) {
	if z.RefillFrom == "" {
		return
	}
	src, ok := v.rs.Zones[z.RefillFrom]
	switch {
	case !ok:
		v.ds.Addf(z.Pos, "zone %s: refill_from names unknown zone %q%s", name, z.RefillFrom, DidYouMean(z.RefillFrom, v.rs.ZoneOrder))
	case z.RefillFrom == name:
		v.ds.Addf(z.Pos, "zone %s: refill_from names the zone itself", name)
	case src != nil && src.Owner == "player":
		v.ds.Addf(z.Pos, "zone %s: refill_from names %q, a player zone; use a global zone", name, z.RefillFrom)
	}
}

// vars checks variable names and types.
func (v *validator) vars() {
	v.eachVar(func(what, name string, x *Var) {
		v.ident(x.Pos, what, name)
		if x.Type != "" {
			v.oneOf(x.Pos, "type for "+what+" "+quote(name), x.Type, valueTypes())
		}
		if x.Visibility != "" {
			v.oneOf(x.Pos, "visibility", x.Visibility, []string{"public", "owner", "hidden"})
		}
		if x.Visibility == "owner" && what == "var" {
			v.ds.Addf(x.Pos, "var %q: visibility owner is for player_vars (a var of the whole game belongs to no player, so no one would see it); use hidden, or make it a player var", name)
		}
		if x.Default != nil && x.Type != "intmap" {
			v.ds.Addf(x.Pos, "%s %q: default is what a missing key of an intmap reads as; a %s has no keys (use init for the starting value)", what, name, x.Type)
		}
	})
}

// eachVar calls f for every global var, then every player var, in
// declaration order; what is "var" or "player var".
func (v *validator) eachVar(f func(what, name string, x *Var)) {
	for _, set := range []struct {
		what  string
		vars  map[string]*Var
		order []string
	}{{"var", v.rs.Vars, v.rs.VarOrder}, {"player var", v.rs.PlayerVars, v.rs.PlayerVarOrder}} {
		for _, name := range set.order {
			if x := set.vars[name]; x != nil {
				f(set.what, name, x)
			}
		}
	}
}

// functions checks function parameters and result types.
func (v *validator) functions() {
	for _, name := range v.rs.FunctionOrder {
		f := v.rs.Functions[name]
		if f == nil {
			continue
		}
		v.params("function "+name, f.Params)
		if f.Returns != "" {
			v.oneOf(f.Pos, "result type of function "+name, f.Returns, paramTypes())
		}
	}
}

// params checks parameter names and types.
func (v *validator) params(owner string, params []Param) {
	for _, p := range params {
		v.ident(p.Pos, "parameter", p.Name)
		if p.Type != "" {
			v.oneOf(p.Pos, "type for parameter "+quote(p.Name)+" of "+owner, p.Type, paramTypes())
		}
	}
}

// named is a top-level name and what defines it.
// builtinMeaning says what a built-in name is, for the error of a
// definition that takes it ("" for none known).
func builtinMeaning(name string) string {
	switch name {
	case "players":
		return "the list of players"
	case "player_count":
		return "the number of players"
	case "phase":
		return "the name of the phase running"
	case "me":
		return "the player in scope"
	case "id":
		return "a player's index"
	}
	if slices.Contains(builtinNames(), name) {
		return "the function " + name + "(…)"
	}
	return ""
}

type named struct {
	what string
	pos  Pos
}

// topNames reports constants, vars, global zones and functions that share
// a name with each other or with a built-in.
func (v *validator) topNames() {
	seen := map[string]named{}
	for _, b := range builtinNames() {
		seen[b] = named{what: "built-in"}
	}
	rs := v.rs
	for _, name := range rs.ConstantOrder {
		v.claim(seen, name, named{"constant", rs.Constants[name].Pos})
	}
	for _, name := range rs.VarOrder {
		v.claim(seen, name, named{"var", posOf(rs.Vars[name])})
	}
	for _, name := range rs.ZoneOrder {
		if z := rs.Zones[name]; z == nil || z.Owner != "player" {
			v.claim(seen, name, named{"zone", posOf(z)})
		}
	}
	for _, name := range rs.FunctionOrder {
		v.claim(seen, name, named{"function", posOf(rs.Functions[name])})
	}
	for _, name := range rs.BoardOrder {
		if b := rs.Boards[name]; b != nil {
			v.claim(seen, name, named{"board", b.Pos})
		}
	}
}

// constantValues reports a constant written with no value (rounds: with
// nothing after it, or a ~ in its map or list): no rule can read one, and
// each game failed at its first read ("expected int, got nothing").
func (v *validator) constantValues() {
	for _, name := range v.rs.ConstantOrder {
		c := v.rs.Constants[name]
		switch where := nothingIn(c.V, name); {
		case where == name:
			v.ds.Addf(c.Pos, "constant %s needs a value (e.g. %s: 8, or a list or a map)", name, name)
		case where != "":
			v.ds.Addf(c.Pos, "constant %s: %s needs a value", name, where)
		}
	}
}

// nothingIn names the first place in x that holds no value (x itself as
// at; a map's key or a list's index after it), or "".
func nothingIn(x any, at string) string {
	switch t := x.(type) {
	case nil:
		return at
	case map[string]any:
		for _, k := range sortedKeys(t) {
			if w := nothingIn(t[k], at+"."+k); w != "" {
				return w
			}
		}
	case []any:
		for i, e := range t {
			if w := nothingIn(e, fmt.Sprintf("%s[%d]", at, i)); w != "" {
				return w
			}
		}
	}
	return ""
}

// playerNames reports player vars and player zones that share a name:
// both are fields of a player.
func (v *validator) playerNames() {
	seen := map[string]named{"id": {what: "built-in"}}
	for _, name := range v.rs.PlayerVarOrder {
		v.claim(seen, name, named{"player var", posOf(v.rs.PlayerVars[name])})
	}
	for _, name := range v.rs.ZoneOrder {
		if z := v.rs.Zones[name]; z != nil && z.Owner == "player" {
			v.claim(seen, name, named{"player zone", z.Pos})
		}
	}
}

// claim records a name, reporting it when it is already taken (at the
// later of the two definitions).
func (v *validator) claim(seen map[string]named, name string, n named) {
	if n.what == "constant" || n.what == "zone" || n.what == "function" || n.what == "player zone" {
		v.ident(n.pos, n.what, name)
	}
	prev, taken := seen[name]
	switch {
	case !taken:
		seen[name] = n
	case prev.what == "built-in":
		meaning := ""
		if m := builtinMeaning(name); m != "" {
			meaning = " (" + m + ")"
		}
		v.ds.Addf(n.pos, "%s %q has the name of a built-in%s: rename it", n.what, name, meaning)
	default:
		first, second := prev, n
		if n.pos.Before(prev.pos) {
			first, second = n, prev
			seen[name] = n
		}
		v.ds.Addf(second.pos, "%s %q has the same name as the %s at %s", second.what, name, first.what, first.pos)
	}
}

// posOf returns the Pos of a model struct, or the zero Pos for nil.
func posOf[T interface{ *Var | *Zone | *Function }](x T) Pos {
	switch x := any(x).(type) {
	case *Var:
		if x != nil {
			return x.Pos
		}
	case *Zone:
		if x != nil {
			return x.Pos
		}
	case *Function:
		if x != nil {
			return x.Pos
		}
	}
	return Pos{}
}
