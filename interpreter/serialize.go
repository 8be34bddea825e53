package interpreter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"agon/schema"
)

// The serialised form of a game is JSON with sorted keys: the same state
// always gives the same bytes. Cards are written in full inside their
// zones; anywhere else (locals, loop lists, option values) a card is a
// reference {"$card": id}. Blocks, effects and choices are referred to by
// their index in the Program, so a state only loads into the Program (and
// ruleset text) that wrote it.

// savedGame is the serialised shape of a game.
type savedGame struct {
	Players   int              `json:"players"`
	Root      map[string]any   `json:"root"`
	PlayerMap []map[string]any `json:"player_state"`
	Frames    []savedFrame     `json:"frames"`
	Pending   *savedPending    `json:"pending,omitempty"`
	RNG       []byte           `json:"rng"`
	Events    []Event          `json:"events"`
	Outcomes  []Outcome        `json:"outcomes,omitempty"`
	Decisions int              `json:"decisions"`
	Over      bool             `json:"over"`
	Result    *Result          `json:"result,omitempty"`
	Fires     []int            `json:"fires"`
	Limits    Limits           `json:"limits"`
	Facts     *savedFacts      `json:"facts,omitempty"`
	// EndedBy is the end_game that ended the game (effect index + 1)
	// and EndedIn the block it ran in (index + 1); 0 when no end_game
	// ended it, so that EndedBy says the same of a restored game.
	EndedBy int `json:"ended_by,omitempty"`
	EndedIn int `json:"ended_in,omitempty"`
}

// savedFacts is what the state keeps for Facts (report.go), when there
// is anything.
type savedFacts struct {
	Attributes [][]NamedText  `json:"attributes,omitempty"`
	Counters   [][]NamedCount `json:"counters,omitempty"`
	Takes      []CardTake     `json:"takes,omitempty"`
}

type savedFrame struct {
	Block int          `json:"block"`
	PC    int          `json:"pc"`
	Loop  int          `json:"loop"` // effect index + 1; 0 for none
	Items []any        `json:"items,omitempty"`
	Idx   int          `json:"idx"`
	Count int          `json:"count"`
	Trig  bool         `json:"trig,omitempty"`
	Saved []savedLocal `json:"-"`
	Binds []savedBind  `json:"saved,omitempty"`
}

type savedBind struct {
	Name string `json:"name"`
	Old  any    `json:"old,omitempty"`
	Had  bool   `json:"had"`
}

type savedPending struct {
	Choice  int           `json:"choice"`
	Player  int           `json:"player"`
	Prompt  string        `json:"prompt"`
	Options []savedOption `json:"options"`
	Pick    *savedPick    `json:"pick,omitempty"`
}

type savedOption struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Group int    `json:"group"`
	Value any    `json:"value,omitempty"`
}

// MarshalState serialises the game (see the format notes above).
func (g *Game) MarshalState() ([]byte, error) {
	enc := &stateEncoder{g: g}
	sg := savedGame{
		Players: g.st.playerCount, Decisions: g.st.decisions, Over: g.st.over,
		Result: g.st.result, Fires: g.st.fires, Events: g.st.events.all(), Outcomes: g.st.outcomes,
		Limits: g.limits,
	}
	if g.endedAt != nil && g.endedIn != nil {
		sg.EndedBy, sg.EndedIn = g.prog.effectIndex(g.endedAt)+1, g.endedIn.id+1
	}
	if f := g.st.facts; f.attributes != nil || f.counters != nil || g.st.takes != nil {
		sg.Facts = &savedFacts{Attributes: f.attributes, Counters: f.counters, Takes: g.st.takes}
	}
	g.st.syncLocals()
	sg.Root = enc.holder(g.st.root, false)
	for i := 0; i < g.st.playerCount; i++ {
		sg.PlayerMap = append(sg.PlayerMap, enc.holder(g.container(i), true))
	}
	for _, f := range g.st.frames {
		sg.Frames = append(sg.Frames, enc.frame(f))
	}
	if pd := g.st.pending; pd != nil {
		sp := &savedPending{Choice: g.prog.choiceIndex(pd.choice), Player: pd.player, Prompt: pd.prompt}
		for _, o := range pd.options {
			sp.Options = append(sp.Options, savedOption{Key: o.key, Label: o.label, Group: o.group, Value: enc.value(o.value)})
		}
		sp.Pick = enc.encodePick(pd.pick)
		sg.Pending = sp
	}
	rng, err := g.st.rng.pcg.MarshalBinary()
	if err != nil {
		return nil, err
	}
	sg.RNG = rng
	var buf bytes.Buffer
	e := json.NewEncoder(&buf)
	if err := e.Encode(sg); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// stateEncoder turns state values into JSON-ready values.
type stateEncoder struct{ g *Game }

// holder encodes the root (player=false) or a player map: zones in full,
// constants and "$" keys left out, everything else with card references.
func (e *stateEncoder) holder(m map[string]any, player bool) map[string]any {
	out := map[string]any{}
	for _, k := range sortedKeys(m) {
		if k[0] == '$' || (k == "players" && !player) {
			continue
		}
		if _, isConst := e.g.prog.consts[k]; isConst && !player {
			continue
		}
		if z, ok := e.g.prog.rs.Zones[k]; ok && z.KeyedBy != nil && !player {
			out[k] = e.family(m[k])
			continue
		}
		if z, ok := e.g.prog.rs.Zones[k]; ok && (z.Owner == "player") == player {
			out[k] = e.zone(m[k])
			continue
		}
		out[k] = e.value(m[k])
	}
	return out
}

func (e *stateEncoder) zone(v any) []any {
	list, _ := v.([]any)
	out := make([]any, len(list))
	for i, c := range list {
		cm := c.(map[string]any)
		if full, isCard := e.g.fullCard(cm); isCard {
			cm = full
		} else { // not a card of the program: it lies nowhere (cardloc.go)
			cm = maps.Clone(cm)
			cm["zone"], cm["zone_key"], cm["owner"] = nil, nil, boxInt(-1)
		}
		out[i] = cm
	}
	return out
}

// value encodes a value, cards as references.
func (e *stateEncoder) value(v any) any {
	switch x := v.(type) {
	case boardValue:
		return map[string]any{"$board": x["name"]}
	case map[string]any:
		if id, ok := x["id"].(string); ok && e.g.isCard(x) {
			return map[string]any{"$card": id}
		}
		out := map[string]any{}
		for k, y := range x {
			out[k] = e.value(y)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, y := range x {
			out[i] = e.value(y)
		}
		return out
	}
	return v
}

func (e *stateEncoder) frame(f *frame) savedFrame {
	sf := savedFrame{Block: f.blk.id, PC: f.pc, Idx: f.idx, Count: f.count, Trig: f.trig}
	if f.loop != nil {
		sf.Loop = e.g.prog.effectIndex(f.loop) + 1
	}
	if f.items != nil {
		sf.Items = e.value(f.items).([]any)
	}
	for _, s := range f.saved {
		sf.Binds = append(sf.Binds, savedBind{Name: s.name, Old: e.value(s.old), Had: s.had})
	}
	return sf
}

// UnmarshalState loads a game serialised by MarshalState with the same
// Program.
func UnmarshalState(p *Program, data []byte) (*Game, error) {
	var sg savedGame
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&sg); err != nil {
		return nil, fmt.Errorf("state: %v", err)
	}
	g := &Game{prog: p, limits: sg.Limits.withDefaults()}
	d := &stateDecoder{g: g}
	g.st = &state{playerCount: sg.Players, decisions: sg.Decisions, over: sg.Over, result: sg.Result,
		fires: sg.Fires, events: eventLogOf(sg.Events), outcomes: sg.Outcomes, cards: make([]map[string]any, len(p.cards)), props: parts{list: p.props.init}, pfields: p.pfields,
		loc: slices.Clone(p.initLoc), slots: p.rootSlots, vals: make([]any, len(p.rootSlots.of)), bound: make([]bool, len(p.rootSlots.of)), valsOwn: true, rootOwn: true}
	g.st.ownAll(p)
	if f := sg.Facts; f != nil {
		g.st.facts, g.st.takes = seatFacts{attributes: f.Attributes, counters: f.Counters}, f.Takes
	}
	if err := g.st.rng.pcg.UnmarshalBinary(sg.RNG); err != nil {
		return nil, fmt.Errorf("state: rng: %v", err)
	}
	if err := d.load(&sg); err != nil {
		return nil, err
	}
	if r := g.st.result; r != nil {
		for i := range r.Players {
			for j := range r.Players[i].Details {
				r.Players[i].Details[j].Value = plain(r.Players[i].Details[j].Value)
			}
		}
	}
	g.st.syncVals(p.rootSlots) // the root was loaded as a map
	return g, nil
}

// stateDecoder rebuilds state values: cards first (from the zones), then
// everything else with card references resolved and declared types
// restored.
type stateDecoder struct {
	g   *Game
	err error
}

func (d *stateDecoder) load(sg *savedGame) error {
	g := d.g
	if len(sg.PlayerMap) != sg.Players {
		return fmt.Errorf("state: %d player records for %d players", len(sg.PlayerMap), sg.Players)
	}
	g.st.root = map[string]any{}
	players := make([]any, sg.Players)
	for i := range players {
		players[i] = map[string]any{}
	}
	d.zones(sg.Root, g.st.root, false)
	for i, pm := range sg.PlayerMap {
		d.zones(pm, players[i].(map[string]any), true)
	}
	d.rest(sg.Root, g.st.root, g.prog.rs.Vars)
	for i, pm := range sg.PlayerMap {
		d.rest(pm, players[i].(map[string]any), g.prog.rs.PlayerVars)
	}
	for k, v := range g.prog.consts {
		g.st.root[k] = v
	}
	g.st.root["players"] = players
	g.st.root[gameKey] = gameRef{g}
	d.frames(sg.Frames)
	d.pending(sg.Pending)
	d.ended(sg.EndedBy, sg.EndedIn)
	return d.err
}

// ended restores the end_game that ended the game (EndedBy): effect and
// block are indexes + 1, 0 for none.
func (d *stateDecoder) ended(effect, block int) {
	p := d.g.prog
	if effect == 0 && block == 0 {
		return
	}
	if effect < 1 || effect > len(p.effects) || block < 1 || block > len(p.blocks) {
		d.err = fmt.Errorf("state: the game's end refers to effect %d / block %d, which this ruleset does not have", effect-1, block-1)
		return
	}
	d.g.endedAt, d.g.endedIn = p.effects[effect-1], p.blocks[block-1]
}

func (d *stateDecoder) zones(saved, into map[string]any, player bool) {
	for _, k := range sortedKeys(saved) {
		z, ok := d.g.prog.rs.Zones[k]
		if !ok || (z.Owner == "player") != player {
			continue
		}
		if z.KeyedBy != nil {
			into[k] = d.family(saved[k])
			continue
		}
		into[k] = d.zone(saved[k])
	}
}

// card rebuilds a card with its declared field types.
func (d *stateDecoder) card(v any) map[string]any {
	m, _ := v.(map[string]any)
	c := map[string]any{}
	for k, x := range m {
		c[k] = plain(x)
	}
	for _, f := range d.g.prog.cardFields {
		if conv, err := coerce(f.typ, c[f.name]); err == nil {
			c[f.name] = conv
		}
	}
	c["owner"], _ = coerce("int", c["owner"])
	id, _ := c["id"].(string)
	if i, ok := d.g.prog.cow.cardNum[id]; ok {
		// The location goes to its column (cardloc.go).
		owner, _ := c["owner"].(int)
		d.g.st.loc[i] = cardLoc{zone: c["zone"], key: c["zone_key"], owner: owner}
		delete(c, "zone")
		delete(c, "zone_key")
		delete(c, "owner")
		for j, n := range d.g.prog.props.names {
			if v, ok := c[n]; ok {
				d.g.setCardProp(i, j, v)
				delete(c, n)
			}
		}
		d.g.st.cards[i] = c
	} else if d.err == nil {
		d.err = fmt.Errorf("state: unknown card %q in a zone", id)
	}
	return c
}

func (d *stateDecoder) rest(saved, into map[string]any, vars map[string]*schema.Var) {
	for _, k := range sortedKeys(saved) {
		if _, isZone := d.g.prog.rs.Zones[k]; isZone {
			continue
		}
		v := d.value(saved[k])
		if decl, ok := vars[k]; ok {
			if conv, err := coerce(decl.Type, v); err == nil {
				v = conv
			}
		}
		into[k] = v
	}
}

// value resolves card references and converts JSON numbers.
func (d *stateDecoder) value(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if id, ok := x["$card"].(string); ok && len(x) == 1 {
			c, found := d.g.cardByID(id)
			if !found && d.err == nil {
				d.err = fmt.Errorf("state: reference to unknown card %q", id)
			}
			return c
		}
		if b, ok := d.board(x); ok {
			return b
		}
		out := map[string]any{}
		for k, y := range x {
			out[k] = d.value(y)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, y := range x {
			out[i] = d.value(y)
		}
		return out
	}
	return plain(v)
}

// plain converts json.Number to int (or float64) and lists recursively.
func plain(v any) any {
	switch x := v.(type) {
	case json.Number:
		if n, err := x.Int64(); err == nil {
			return int(n)
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, y := range x {
			out[i] = plain(y)
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, y := range x {
			out[k] = plain(y)
		}
		return out
	}
	return v
}

func (d *stateDecoder) frames(sfs []savedFrame) {
	p := d.g.prog
	for _, sf := range sfs {
		if sf.Block < 0 || sf.Block >= len(p.blocks) || sf.Loop < 0 || sf.Loop > len(p.effects) {
			d.err = fmt.Errorf("state: frame refers to block %d / effect %d, which this ruleset does not have", sf.Block, sf.Loop)
			return
		}
		f := &frame{blk: p.blocks[sf.Block], pc: sf.PC, idx: sf.Idx, count: sf.Count, trig: sf.Trig}
		if sf.Loop > 0 {
			f.loop = p.effects[sf.Loop-1]
		}
		if sf.Items != nil {
			f.items = d.value(sf.Items).([]any)
		}
		for _, b := range sf.Binds {
			f.saved = append(f.saved, savedLocal{name: b.Name, old: d.value(b.Old), had: b.Had})
		}
		d.g.st.frames = append(d.g.st.frames, f)
	}
}

func (d *stateDecoder) pending(sp *savedPending) {
	if sp == nil {
		return
	}
	p := d.g.prog
	if sp.Choice < 0 || sp.Choice >= len(p.choices) {
		d.err = fmt.Errorf("state: pending decision refers to choice %d, which this ruleset does not have", sp.Choice)
		return
	}
	pd := &pendingDecision{choice: p.choices[sp.Choice], player: sp.Player, prompt: sp.Prompt}
	for _, o := range sp.Options {
		pd.options = append(pd.options, pendingOption{key: o.Key, label: o.Label, group: o.Group, value: d.value(o.Value)})
	}
	d.decodePick(sp.Pick, pd)
	d.g.st.pending = pd
}

// choiceIndex and effectIndex find compiled parts by identity.
func (p *Program) choiceIndex(c *choice) int {
	for i, x := range p.choices {
		if x == c {
			return i
		}
	}
	return -1
}

func (p *Program) effectIndex(e *effect) int {
	for i, x := range p.effects {
		if x == e {
			return i
		}
	}
	return -1
}

// zone rebuilds the cards of a saved zone.
func (d *stateDecoder) zone(v any) []any {
	list, _ := v.([]any)
	out := make([]any, len(list))
	for i, c := range list {
		out[i] = d.card(c)
	}
	return out
}
