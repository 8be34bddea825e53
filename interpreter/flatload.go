package interpreter

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// UnmarshalFlatState loads a game saved by FlatGame.MarshalState into p,
// the program that saved it; it goes on as the saved game would have. A
// file of another ruleset, or damaged, is an error that says what is
// wrong (flatsave.go).
func UnmarshalFlatState(p *FlatProgram, data []byte) (*FlatGame, error) {
	var s savedFlat
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("a saved flat game: %w", err)
	}
	fp := p.fp
	switch {
	case s.Format != flatStateFormat:
		return nil, fmt.Errorf("a saved flat game: format %q, want %q", s.Format, flatStateFormat)
	case s.Game != fp.p.Game() || s.Ruleset != fp.p.Hash():
		return nil, fmt.Errorf("a saved flat game of %s (ruleset %s), not of this ruleset (%s, %s): a game loads only into the ruleset that saved it",
			s.Game, s.Ruleset, fp.p.Game(), fp.p.Hash())
	case s.Players < fp.p.MinPlayers() || s.Players > fp.p.MaxPlayers():
		return nil, fmt.Errorf("a saved flat game of %d players: %s is for %d to %d", s.Players, fp.p.Title(), fp.p.MinPlayers(), fp.p.MaxPlayers())
	}
	r := &flatReading{fp: fp, starts: p.starts, s: &s}
	g, err := r.game()
	if err != nil {
		return nil, fmt.Errorf("a saved flat game: %w", err)
	}
	return &FlatGame{g: g}, nil
}

// flatReading checks a saved game as it builds it.
type flatReading struct {
	fp     *flatProgram
	starts map[int]*flatState
	s      *savedFlat
}

// game builds the saved game.
func (r *flatReading) game() (*flatGame, error) {
	s, fp := r.s, r.fp
	fs, err := r.state()
	if err != nil {
		return nil, err
	}
	var gen rng
	if err := gen.pcg.UnmarshalBinary(s.RNG); err != nil {
		return nil, fmt.Errorf("rng: %w", err)
	}
	g := fp.newGame(gen)
	g.env.fs = fs
	if err := r.locals(&g.env); err != nil {
		return nil, err
	}
	for i, sf := range s.Frames {
		f, err := r.frame(sf)
		if err != nil {
			return nil, fmt.Errorf("frame %d: %w", i, err)
		}
		g.frames = append(g.frames, f)
	}
	if len(s.Fires) != len(fp.triggers) {
		return nil, fmt.Errorf("fires: %d, the ruleset has %d triggers", len(s.Fires), len(fp.triggers))
	}
	g.fires, g.over, g.decisions, g.scores = s.Fires, s.Over, s.Decisions, s.Scores
	if s.Over && len(s.Scores) != s.Players {
		return nil, fmt.Errorf("scores: %d rows for %d players", len(s.Scores), s.Players)
	}
	g.attributes, g.counters, g.outcomes, g.partial, g.positionEvents = s.Attributes, s.Counters, s.Outcomes, s.Partial, s.Position
	if s.Pending != nil {
		if err := r.pending(g, s.Pending); err != nil {
			return nil, fmt.Errorf("pending: %w", err)
		}
	}
	if t := g.env.takes; t != nil && s.Takes != nil {
		t.setupOver, t.decision, t.list = s.Takes.SetupOver, s.Takes.Decision, s.Takes.List
	}
	if s.Log != nil {
		g.log = &flatLog{events: s.Log.Events, bytes: s.Log.Bytes}
	}
	return g, nil
}

// state is the saved state, its sizes the layout's and every card in
// the zone its place names.
func (r *flatReading) state() (*flatState, error) {
	s, l := r.s, r.fp.l
	start, ok := r.starts[s.Players]
	switch {
	case !ok:
		return nil, fmt.Errorf("no start state for %d players", s.Players)
	case len(s.Cells) != l.cellCount(s.Players):
		return nil, fmt.Errorf("cells: %d, the layout has %d", len(s.Cells), l.cellCount(s.Players))
	case len(s.Zones) != l.pzone(s.Players, 0):
		return nil, fmt.Errorf("zones: %d, the layout has %d", len(s.Zones), l.pzone(s.Players, 0))
	case len(s.Loc) != l.cards:
		return nil, fmt.Errorf("loc: %d cards, the layout has %d", len(s.Loc), l.cards)
	case len(s.Props) != len(start.props):
		return nil, fmt.Errorf("props: %d pages, the layout has %d", len(s.Props), len(start.props))
	case len(s.Lists) == 0 || len(s.Lists[0]) != 0:
		return nil, fmt.Errorf("lists: payload 0 must be the empty list")
	}
	for i, page := range s.Props {
		if len(page) != len(start.props[i]) {
			return nil, fmt.Errorf("props page %d: %d cells, the layout has %d", i, len(page), len(start.props[i]))
		}
	}
	if err := r.places(); err != nil {
		return nil, err
	}
	made := &flatStrings{ids: map[string]int64{}, strs: s.Made}
	for i, str := range s.Made {
		made.ids[str] = int64(len(l.strs.strs) + i)
	}
	fs := &flatState{cells: s.Cells, props: s.Props, lists: s.Lists, zones: s.Zones, loc: s.Loc, made: made, players: s.Players}
	return fs, r.cells(fs)
}

// places checks that every card lies in the zone its place names, once.
func (r *flatReading) places() error {
	s := r.s
	seen := make([]bool, len(s.Loc))
	for z, cards := range s.Zones {
		for _, c := range cards {
			switch {
			case c < 0 || int(c) >= len(s.Loc):
				return fmt.Errorf("zone %d: no card %d", z, c)
			case s.Loc[c] != int32(z) || seen[c]:
				return fmt.Errorf("zone %d: card %d is placed in zone %d", z, c, s.Loc[c])
			}
			seen[c] = true
		}
	}
	for c, z := range s.Loc {
		if z >= 0 && !seen[c] {
			return fmt.Errorf("card %d: placed in zone %d, which does not hold it", c, z)
		}
	}
	return nil
}

// cells checks the variables' numbers: a string's is a string, a list's
// a payload.
func (r *flatReading) cells(fs *flatState) error {
	l := r.fp.l
	strs := int64(len(l.strs.strs) + len(fs.made.strs))
	check := func(where string, typ string, v int64) error {
		switch typ {
		case "string":
			if v < 0 || v >= strs {
				return fmt.Errorf("%s: no string %d", where, v)
			}
		case "int", "bool":
		default:
			if v < 0 || v >= int64(len(fs.lists)) {
				return fmt.Errorf("%s: no list %d", where, v)
			}
		}
		return nil
	}
	for j, v := range l.vars {
		if err := check("var "+v.name, v.typ, fs.cells[j]); err != nil {
			return err
		}
	}
	for seat := range fs.players {
		for j, v := range l.pvars {
			if err := check(fmt.Sprintf("players[%d].%s", seat, v.name), v.typ, fs.cells[l.pvarCell(seat, j)]); err != nil {
				return err
			}
		}
	}
	for c := range l.cards {
		for j, typ := range l.propType {
			if err := check(fmt.Sprintf("card %d prop %s", c, l.props[j]), typ, *l.propOf(fs, c, j)); err != nil {
				return err
			}
		}
	}
	return nil
}

// locals sets the game's locals, as many as the program numbers.
func (r *flatReading) locals(e *flatEnv) error {
	s, n := r.s, len(e.locals)
	if len(s.Locals) != n || len(s.LocalLists) != n || len(s.LocalNums) != n {
		return fmt.Errorf("locals: %d, %d and %d, the program has %d", len(s.Locals), len(s.LocalLists), len(s.LocalNums), n)
	}
	for _, cards := range s.LocalLists {
		if err := r.cardsIn(cards); err != nil {
			return fmt.Errorf("locals: %w", err)
		}
	}
	e.locals, e.localLists, e.localNums = s.Locals, s.LocalLists, s.LocalNums
	return nil
}

// cardsIn checks a list of cards' numbers.
func (r *flatReading) cardsIn(cards []int32) error {
	for _, c := range cards {
		if c < 0 || int(c) >= r.fp.l.cards {
			return fmt.Errorf("no card %d", c)
		}
	}
	return nil
}

// step is the step ref names.
func (r *flatReading) step(ref flatStepRef) (*flatStep, error) {
	if ref.Block < 0 || ref.Block >= len(r.fp.order) || ref.Step < 0 || ref.Step >= len(r.fp.order[ref.Block].steps) {
		return nil, fmt.Errorf("no step %d of block %d", ref.Step, ref.Block)
	}
	return r.fp.order[ref.Block].steps[ref.Step], nil
}

// frame is a saved frame.
func (r *flatReading) frame(sf savedFlatFrame) (*flatFrame, error) {
	if sf.Block < 0 || sf.Block >= len(r.fp.order) {
		return nil, fmt.Errorf("no block %d", sf.Block)
	}
	f := &flatFrame{blk: r.fp.order[sf.Block], pc: sf.PC, cards: sf.Cards, nums: sf.Nums, idx: sf.Idx, count: sf.Count, trig: sf.Trig}
	if sf.PC < 0 || sf.PC > len(f.blk.steps) {
		return nil, fmt.Errorf("pc %d of a block of %d steps", sf.PC, len(f.blk.steps))
	}
	if sf.Loop != nil {
		s, err := r.step(*sf.Loop)
		if err != nil {
			return nil, err
		}
		if s.op != opForEach && s.op != opRepeat && s.op != opWhile {
			return nil, fmt.Errorf("the loop is no loop")
		}
		if s.op == opForEach && (sf.Idx < 0 || sf.Idx >= len(sf.Cards)+len(sf.Nums)) {
			return nil, fmt.Errorf("round %d of a loop over %d", sf.Idx, len(sf.Cards)+len(sf.Nums))
		}
		f.loop = s
	}
	if err := r.cardsIn(sf.Cards); err != nil {
		return nil, err
	}
	f.saved = f.first[:0]
	n := len(r.s.Locals)
	for _, sv := range sf.Saved {
		if sv.N < 0 || int(sv.N) >= n {
			return nil, fmt.Errorf("no local %d", sv.N)
		}
		f.saved = append(f.saved, flatSaved{n: sv.N, list: sv.List, s: sv.S})
	}
	for _, sl := range sf.Lists {
		if sl.N < 0 || sl.N >= n {
			return nil, fmt.Errorf("no local %d", sl.N)
		}
		if err := r.cardsIn(sl.Cards); err != nil {
			return nil, err
		}
		f.lists = append(f.lists, flatSavedList{n: sl.N, cards: sl.Cards, nums: sl.Nums})
	}
	return f, nil
}

// pending sets the pending decision.
func (r *flatReading) pending(g *flatGame, pc *savedFlatChoice) error {
	s, err := r.step(pc.Step)
	if err != nil {
		return err
	}
	if s.op != opChoose {
		return fmt.Errorf("the step is no choose")
	}
	if pc.Who < 0 || pc.Who >= int64(r.s.Players) {
		return fmt.Errorf("no player %d", pc.Who)
	}
	g.pending, g.who = s, pc.Who
	for _, o := range pc.Options {
		if s.pick == nil && (o[0] < 0 || o[0] >= int64(len(s.bodies))) {
			return fmt.Errorf("no option group %d", o[0])
		}
		g.options = append(g.options, flatOption{group: int(o[0]), elem: o[1]})
	}
	if pk := pc.Pick; pk != nil {
		if s.pick == nil {
			return fmt.Errorf("a pick under way at a choose without pick")
		}
		if err := r.cardsIn(pk.Cards); err != nil {
			return err
		}
		for _, i := range pk.Picked {
			if i < 0 || i >= len(pk.Cards)+len(pk.Nums) {
				return fmt.Errorf("picked %d of %d", i, len(pk.Cards)+len(pk.Nums))
			}
		}
		g.pick = &flatPickProgress{items: flatVal{s: pk.S, cards: pk.Cards, nums: pk.Nums}, n: pk.N, picked: pk.Picked, min: pk.Min, max: pk.Max}
	}
	return nil
}
