package interpreter

import (
	"reflect"
	"regexp"
	"slices"
	"strings"

	"agon/schema"
)

// block is a compiled effect list. Frames refer to blocks by id.
type block struct {
	id      int
	effects []*effect
	where   string // what the list belongs to, for messages: "phase bidding"
}

// effect is one compiled effect. Which fields are set depends on kind.
type effect struct {
	kind      string
	pos       schema.Pos
	a         *compiled // the kind's expression
	target    *target
	into      *zoneRef
	from      *zoneRef
	atTop     bool
	then, els *block
	body      *block
	as        string
	asKey     localRef // the local as, found at load
	lets      []letBinding
	proc      *procedure
	phaseName string
	choice    *choice
	text      *template
}

// letBinding is one compiled NAME: EXPR.
type letBinding struct {
	name string
	key  localRef // the local, found at load
	expr *compiled
}

// procedure is a compiled phase or procedure.
type procedure struct {
	name   string
	params []schema.Param
	body   *block
}

// trigger is a compiled automatic rule.
type trigger struct {
	name   string
	active *compiled // nil: always active
	when   *compiled
	body   *block
}

// namedExpr is a labelled expression (views, score details).
type namedExpr struct {
	name      string
	expr      *compiled
	perPlayer bool
	// ownerOnly: a per-player view each player sees for themselves only.
	ownerOnly bool
	// board is a per_place view's board (its nodes are bound to
	// placeLocal in turn); "" for other views.
	board string
}

// placeLocal is the name a per_place view reads its node id by.
const placeLocal = "place"

// varInit is how a variable starts.
type varInit struct {
	name string
	typ  string
	init *compiled
}

// compiler holds what compiling one ruleset needs.
type compiler struct {
	rs   *schema.Ruleset
	prog *Program
	ec   *exprCompiler
	ds   *schema.Diagnostics
	// adhoc is set for effects given after Load (Game.Exec), which
	// schema.Validate has not checked: unknown names are reported here.
	adhoc bool
}

// compileRuleset turns a validated ruleset into a Program, reporting
// problems to ds.
func compileRuleset(rs *schema.Ruleset, ds *schema.Diagnostics) *Program {
	p := &Program{rs: rs, phases: map[string]*procedure{}, procs: map[string]*procedure{}}
	p.consts = map[string]any{}
	for _, n := range rs.ConstantOrder {
		p.consts[n] = convertConst(rs.Constants[n].V)
	}
	graphs := compileBoards(rs, p.consts)
	p.tc = newTypeContext(rs, p.consts, ds)
	p.tc.boards.graphs = graphs
	p.cardFields = unionFields(rs)
	p.cards = cardProtos(rs, p.cardFields)
	p.props = newPropColumns(p.cards, propNamesOf(rs, p.cardFields))
	p.attrs = newCardAttrs(p.cards)
	p.colls = newCollWrites(rs, p.tc.player)
	p.pfields = newPlayerFields(rs)
	p.cardMaps = make([]map[string]any, len(p.cards))
	for i := range p.cards {
		p.cardMaps[i] = p.cards[i].fields
	}
	p.initLoc = initialLocs(p.cards)
	p.cow = newCowLayout(p)
	c := &compiler{rs: rs, prog: p, ds: ds, ec: &exprCompiler{tc: p.tc, props: p.props, attrs: p.attrs, colls: p.colls, pfields: p.pfields, ds: ds, defaults: newMapDefaults(rs), consts: p.consts, slots: &rootSlotTable{}, boxes: constBoxes{}}}
	c.ec.lits = newLiteralChecker(rs, c.ec)
	p.funcs = c.ec.declareFunctions(rs)
	p.funcOrder = make([]*function, len(p.funcs))
	for _, f := range p.funcs {
		p.funcOrder[f.index] = f
	}
	c.ec.compileFunctionBodies(rs, p.funcs)
	for _, f := range p.funcOrder {
		f.planLookOnly()
	}
	c.checkParams()
	c.compileVars()
	c.declareProcedures()
	c.compileProcedures()
	p.setup = c.block(rs.Setup, nil, "setup")
	p.flow = c.block(rs.Flow, nil, "flow")
	c.compileTriggers()
	p.analyzeTriggers(c.ec.names)
	p.checkInitOrder(c.ec.names, ds)
	c.compileScoring()
	c.compileReport()
	p.adhoc.ec, p.adhoc.c = c.ec, c
	p.rootSlots, c.ec.slots.frozen = c.ec.slots, true // ad hoc expressions read the names without a slot from the map
	return p
}

func (c *compiler) compileVars() {
	for _, n := range c.rs.VarOrder {
		v := c.rs.Vars[n]
		c.prog.vars = append(c.prog.vars, varInit{n, v.Type, c.ec.compile(v.Init, nil, wantFor(v.Type), "init of "+n)})
	}
	me := (*scope)(nil).with("me", typeInt)
	for _, n := range c.rs.PlayerVarOrder {
		v := c.rs.PlayerVars[n]
		c.prog.playerVars = append(c.prog.playerVars, varInit{n, v.Type, c.ec.compile(v.Init, me, wantFor(v.Type), "init of "+n)})
	}
}

// declareProcedures creates every phase and procedure before any body is
// compiled, so effects can refer to ones defined later.
func (c *compiler) declareProcedures() {
	for _, n := range c.rs.PhaseOrder {
		c.prog.phases[n] = &procedure{name: n, params: c.rs.Phases[n].Params}
	}
	for _, n := range c.rs.ProcedureOrder {
		c.prog.procs[n] = &procedure{name: n, params: c.rs.Procedures[n].Params}
	}
}

func (c *compiler) compileProcedures() {
	for _, n := range c.rs.PhaseOrder {
		c.prog.phases[n].body = c.block(c.rs.Phases[n].Do, nil, "phase "+n)
	}
	for _, n := range c.rs.ProcedureOrder {
		def := c.rs.Procedures[n]
		var sc *scope
		for _, prm := range def.Params {
			// A type that is none (reported by schema.Validate) is any:
			// the parameter is still in scope.
			sc = sc.with(prm.Name, c.prog.tc.valueTypeOrAny(prm.Type))
		}
		c.prog.procs[n].body = c.block(def.Do, sc, "procedure "+n)
	}
}

func (c *compiler) compileTriggers() {
	for _, t := range c.rs.Triggers {
		c.prog.triggers = append(c.prog.triggers, &trigger{
			name:   t.Name,
			active: c.ec.compile(t.Active, nil, wantBool, "trigger activity (active)"),
			when:   c.ec.compile(t.When, nil, wantBool, "trigger condition"),
			body:   c.block(t.Do, nil, "trigger "+t.Name),
		})
	}
}

func (c *compiler) compileScoring() {
	me := (*scope)(nil).with("me", typeInt)
	if s := c.rs.Scoring; s != nil {
		c.prog.score = c.ec.compile(s.Score, me, wantInt, "score")
		for _, tb := range s.Tiebreak {
			c.prog.tiebreaks = append(c.prog.tiebreaks, c.ec.compile(tb, me, wantInt, "tie-break"))
		}
		for _, d := range s.Details {
			c.prog.details = append(c.prog.details, namedExpr{name: d.Name, expr: c.ec.compile(d.Expr, me, wantAny, "score detail"), perPlayer: true})
		}
	}
	if c.rs.Bots != nil {
		c.prog.heuristic = c.ec.compile(c.rs.Bots.Heuristic, me, wantInt, "heuristic")
	}
	for _, v := range c.rs.Views {
		if v.PerPlace != "" {
			c.compilePlaceView(v)
			continue
		}
		sc := (*scope)(nil)
		if v.PerPlayer {
			sc = me
		}
		c.prog.views = append(c.prog.views, namedExpr{name: v.Name, expr: c.ec.compile(v.Expr, sc, wantAny, "view"),
			perPlayer: v.PerPlayer, ownerOnly: v.Visibility == "owner"})
	}
}

// compilePlaceView compiles a per_place view with `place` (a node id)
// in scope, reporting a global the name would hide.
func (c *compiler) compilePlaceView(v *schema.View) {
	if g := c.shadowed(placeLocal); g != "" {
		c.ds.Addf(v.Pos, "view %q: per_place binds %s, which shadows %s: rename it", v.Name, placeLocal, g)
	}
	sc := (*scope)(nil).with(placeLocal, typeString)
	unbind := c.ec.pushNodeLocal(placeLocal, 0, c.prog.tc.boards.graphs[v.PerPlace])
	defer unbind()
	c.prog.placeViews = append(c.prog.placeViews, namedExpr{name: v.Name, expr: c.ec.compile(v.Expr, sc, wantAny, "view"), board: v.PerPlace})
}

// block compiles an effect list in scope sc.
func (c *compiler) block(effs []*schema.Effect, sc *scope, where string) *block {
	b := &block{id: len(c.prog.blocks), where: where}
	c.prog.blocks = append(c.prog.blocks, b)
	c.ec.rest = append(c.ec.rest, nil)
	for i, e := range effs {
		c.ec.rest[len(c.ec.rest)-1] = effs[i+1:]
		ce, next := c.effect(e, sc, where)
		sc = next
		if ce != nil {
			b.effects = append(b.effects, ce)
		}
	}
	c.ec.rest = c.ec.rest[:len(c.ec.rest)-1]
	return b
}

// effect compiles one effect; it returns the scope for the effects after
// it (extended by let).
func (c *compiler) effect(e *schema.Effect, sc *scope, where string) (*effect, *scope) {
	ce := &effect{kind: e.Kind, pos: e.Pos}
	c.prog.effects = append(c.prog.effects, ce)
	ec := c.ec
	switch e.Kind {
	case "set":
		ce.target = c.target(e.Set, sc)
		ce.a = ec.compile(e.To, sc, c.targetWant(ce.target), "value")
	case "add":
		ce.target = c.target(e.Add, sc)
		c.checkAddTarget(ce.target, sc)
		ce.a = ec.compile(e.By, sc, wantInt, "amount")
	case "move":
		ce.a = ec.compile(e.Move, sc, wantAny, "what to move")
		c.checkCardOrCards(ce.a)
		ce.into = c.zoneRef(e.Into, sc)
		ce.atTop = e.At == "top"
	case "draw":
		ce.a = ec.compile(e.Draw, sc, wantInt, "number of cards")
		if ce.a != nil {
			c.checkDrawCount(e.Draw)
		}
		ce.from = c.zoneRef(e.From, sc)
		ce.into = c.zoneRef(e.Into, sc)
		ce.atTop = e.At == "top"
	case "shuffle":
		var isVar bool
		if ce.target, isVar = c.listTarget(e.Shuffle, sc); !isVar {
			ce.into = c.zoneRef(e.Shuffle, sc)
		}
	case "roll":
		ce.target = c.target(e.Roll, sc)
		ce.a = ec.compile(e.Faces, sc, wantList, "faces")
		c.checkFaces(ce.target, ce.a, e.Faces)
		if ce.a != nil {
			c.checkFacesNotEmpty(e.Faces)
		}
	case "if":
		ce.a = ec.compile(e.If, sc, wantBool, "condition")
		ce.then = c.block(e.Then, sc, where)
		ce.els = c.block(e.Else, sc, where)
	case "for_each":
		ce.a = ec.compile(e.ForEach, sc, wantList, "for_each list")
		ce.as, ce.asKey = e.As, c.ec.local(e.As)
		unbind := c.bindNodeLocal(e.As, e.ForEach, sc)
		ce.body = c.block(e.Do, c.declareLocal(sc, e.As, elemType(ce.a), asPos(e), "for_each as"), where)
		unbind()
	case "while":
		ce.a = ec.compile(e.While, sc, wantBool, "while condition")
		ce.body = c.block(e.Do, sc, where)
	case "repeat":
		ce.a = ec.compile(e.Repeat, sc, wantInt, "repeat count")
		if ce.a != nil {
			c.checkRepeatCount(e.Repeat)
		}
		ce.as, ce.asKey = e.As, c.ec.local(e.As)
		inner := sc
		if e.As != "" {
			inner = c.declareLocal(sc, e.As, typeInt, asPos(e), "repeat as")
		}
		ce.body = c.block(e.Do, inner, where)
	case "let":
		for i, b := range e.Let {
			ec.letAfter = e.Let[i+1:] // a name bound by a later key is bound after its use
			cb := ec.compile(b.Expr, sc, wantAny, "value of "+b.Name)
			ec.letAfter = nil
			ce.lets = append(ce.lets, letBinding{b.Name, c.ec.local(b.Name), cb})
			sc = c.declareLocal(sc, b.Name, resultType(cb), b.Pos, "let")
		}
	case "call":
		ce.proc = c.prog.procs[e.Call]
		c.unknownAdhoc(ce.proc == nil, e, "procedure", e.Call, c.rs.ProcedureOrder)
		c.compileArgs(ce, e, sc)
	case "phase":
		ce.phaseName = e.Phase
		ce.proc = c.prog.phases[e.Phase]
		c.unknownAdhoc(ce.proc == nil, e, "phase", e.Phase, c.rs.PhaseOrder)
	case "choose":
		ce.choice = c.choice(e.Choose, sc, where)
		if ce.choice != nil {
			ce.choice.setPos(e.Pos) // the `- choose:` line, as errors name it
		}
	case "log":
		ce.text = c.template(e.Log, sc)
	case "fail":
		ce.text = c.template(e.Fail, sc)
	case "end_game":
	default:
		return nil, sc // reported by the decoder
	}
	return ce, sc
}

// unknownAdhoc reports an unknown procedure or phase in effects given
// after Load (in a ruleset, schema.Validate has reported it).
func (c *compiler) unknownAdhoc(unknown bool, e *schema.Effect, what, name string, names []string) {
	if unknown && c.adhoc {
		c.ds.Addf(e.Pos, "unknown %s %q%s", what, name, schema.DidYouMean(name, names))
	}
}

// compileArgs compiles the with: bindings of a call against the callee's
// parameter types.
func (c *compiler) compileArgs(ce *effect, e *schema.Effect, sc *scope) {
	if ce.proc == nil {
		return // reported by schema.Validate
	}
	types := map[string]string{}
	for _, p := range ce.proc.params {
		types[p.Name] = p.Type
	}
	for _, b := range e.With {
		ce.lets = append(ce.lets, letBinding{b.Name, c.ec.local(b.Name), c.ec.compile(b.Expr, sc, wantFor(types[b.Name]), "argument "+b.Name)})
	}
}

func elemType(c *compiled) reflect.Type {
	if c == nil || c.typ == nil {
		return typeAny
	}
	if c.typ.Kind() == reflect.Slice || c.typ.Kind() == reflect.Array {
		return c.typ.Elem()
	}
	return typeAny
}

func resultType(c *compiled) reflect.Type {
	if c == nil || c.typ == nil {
		return typeAny
	}
	return c.typ
}

func (c *compiler) checkCardOrCards(ce *compiled) {
	if ce == nil || ce.typ == nil || ce.typ.Kind() == reflect.Interface {
		return
	}
	t := ce.typ
	if t == c.prog.tc.card || (t.Kind() == reflect.Slice && (t.Elem() == c.prog.tc.card || t.Elem().Kind() == reflect.Interface)) {
		return
	}
	c.ds.Add(c.ec.diag(ce.src, 1, 0, "move needs a card or a list of cards, got "+typeName(t, c.prog.tc)))
}

// template compiles "text {expr} text".
func (c *compiler) template(src schema.Template, sc *scope) *template {
	t, err := parseTemplate(src.Src)
	if err != nil {
		c.ds.Addf(src.Pos, "%v", err)
		return nil
	}
	for i := range t.parts {
		part := &t.parts[i]
		if !part.isExpr {
			continue
		}
		sub := schema.Expr{Pos: src.At(1, part.offset), Src: part.text, Style: schema.StyleLossy}
		if src.Style == schema.StylePlain && !strings.Contains(src.Src, "\n") {
			sub.Style = schema.StylePlain
		}
		part.expr = c.ec.compile(sub, sc, wantAny, "template hole")
	}
	if f := unbracedField(t, sc); f != "" {
		c.ds.Addf(src.Pos, "%q in this text is shown as written: a text shows a value only inside braces; write {%s}", f, f)
	}
	return t
}

// reFieldText is a name and a field, as `c.name`.
var reFieldText = regexp.MustCompile(`\b([A-Za-z_]\w*)\.([A-Za-z_]\w*)\b`)

// unbracedField finds, in the literal text of a template, a field of a
// local written without braces (`label: c.name`, which labelled every
// option "c.name"): the first, as written, or "". Only a field the
// local's card or player has counts, so prose ("p.s.") is left alone.
func unbracedField(t *template, sc *scope) string {
	for _, part := range t.parts {
		if part.isExpr {
			continue
		}
		for _, m := range reFieldText.FindAllStringSubmatch(part.text, -1) {
			typ, ok := sc.lookup(m[1])
			for ok && typ != nil && typ.Kind() == reflect.Pointer {
				typ = typ.Elem()
			}
			if ok && typ != nil && typ.Kind() == reflect.Struct && slices.Contains(fieldNames(typ), m[2]) {
				return m[0]
			}
		}
	}
	return ""
}

// unionFields lists every attribute and prop of every table once, in
// declaration order.
func unionFields(rs *schema.Ruleset) []declared {
	var out []declared
	seen := map[string]bool{}
	for _, tname := range rs.CardOrder {
		tbl := rs.Cards[tname]
		for _, n := range tbl.AttributeOrder {
			if !seen[n] {
				seen[n] = true
				out = append(out, declared{n, tbl.Attributes[n].Type})
			}
		}
		for _, n := range tbl.PropOrder {
			if !seen[n] {
				seen[n] = true
				out = append(out, declared{n, tbl.Props[n].Type})
			}
		}
	}
	return out
}
