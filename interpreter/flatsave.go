package interpreter

import (
	"encoding/json"
	"fmt"
	"sync"
)

// Saving a flat game (FlatGame.MarshalState, UnmarshalFlatState): the
// state is a handful of slices of numbers (flatlayout.go), written as
// they are, with the frames, the pending decision, the random stream,
// the log and the facts. Blocks and steps are written as their index in
// the program (the order its compile met them), strings as their numbers
// with the strings the game made, so a saved game loads only into the
// program that saved it: the ruleset's hash says so. JSON with fixed
// fields: the same game always gives the same bytes, and a game loaded
// and saved again gives the bytes it was loaded from. What is known
// without being read (trigger conditions, remembered calls) is not
// saved: a loaded game evaluates it again, with the same values. A
// loaded game is checked as it is read (sizes, card places, numbers in
// range), so a damaged or hand-edited file is an error, not a panic
// later. TestFlatSaveAndLoad saves random games of every shipped
// ruleset along the way, loads them and plays both on to the same end.

// flatStateFormat names the format of a saved flat game.
const flatStateFormat = "agon-flat-state/1"

// savedFlat is a saved flat game.
type savedFlat struct {
	Format     string           `json:"format"`
	Game       string           `json:"game"`
	Ruleset    string           `json:"ruleset"`
	Players    int              `json:"players"`
	Cells      []int64          `json:"cells"`
	Props      [][]int64        `json:"props"`
	Lists      [][]int64        `json:"lists"`
	Zones      [][]int32        `json:"zones"`
	Loc        []int32          `json:"loc"`
	Made       []string         `json:"made,omitempty"`
	Locals     []int64          `json:"locals"`
	LocalLists [][]int32        `json:"local_lists"`
	LocalNums  [][]int64        `json:"local_nums"`
	Frames     []savedFlatFrame `json:"frames"`
	RNG        []byte           `json:"rng"`
	Pending    *savedFlatChoice `json:"pending,omitempty"`
	Over       bool             `json:"over"`
	Decisions  int              `json:"decisions"`
	Fires      []int            `json:"fires"`
	Scores     [][]int64        `json:"scores,omitempty"`
	Attributes [][]NamedText    `json:"attributes,omitempty"`
	Counters   [][]NamedCount   `json:"counters,omitempty"`
	Takes      *savedFlatTakes  `json:"takes,omitempty"`
	Log        *savedFlatLog    `json:"log,omitempty"`
	Outcomes   []Outcome        `json:"outcomes,omitempty"`
	Partial    bool             `json:"partial,omitempty"`
	Position   int              `json:"position_events,omitempty"`
}

// savedFlatFrame is a running block (flatFrame).
type savedFlatFrame struct {
	Block int             `json:"block"`
	PC    int             `json:"pc"`
	Loop  *flatStepRef    `json:"loop,omitempty"`
	Cards []int32         `json:"cards,omitempty"`
	Nums  []int64         `json:"nums,omitempty"`
	Idx   int             `json:"idx"`
	Count int             `json:"count"`
	Trig  bool            `json:"trig,omitempty"`
	Saved []flatSavedJSON `json:"saved,omitempty"`
	Lists []flatListJSON  `json:"lists,omitempty"`
}

// flatSavedJSON is a local a frame bound, and what it held before.
type flatSavedJSON struct {
	N    int32 `json:"n"`
	List bool  `json:"list,omitempty"`
	S    int64 `json:"s"`
}

// flatListJSON is the list a local held before a frame bound a list.
type flatListJSON struct {
	N     int     `json:"n"`
	Cards []int32 `json:"cards"`
	Nums  []int64 `json:"nums"`
}

// flatStepRef is a step: its block's index in the program and its index
// in the block.
type flatStepRef struct {
	Block int `json:"block"`
	Step  int `json:"step"`
}

// savedFlatChoice is the pending decision.
type savedFlatChoice struct {
	Step    flatStepRef    `json:"step"`
	Who     int64          `json:"who"`
	Options [][2]int64     `json:"options"` // group, element
	Pick    *savedFlatPick `json:"pick,omitempty"`
}

// savedFlatPick is a pick under way (flatPickProgress).
type savedFlatPick struct {
	S      int64   `json:"s"`
	Cards  []int32 `json:"cards"`
	Nums   []int64 `json:"nums"`
	N      int     `json:"n"`
	Picked []int   `json:"picked"`
	Min    int     `json:"min"`
	Max    int     `json:"max"`
}

// savedFlatTakes are the cards taken so far (flatTakes).
type savedFlatTakes struct {
	SetupOver bool       `json:"setup_over"`
	Decision  int        `json:"decision"`
	List      []CardTake `json:"list"`
}

// savedFlatLog is the game's log.
type savedFlatLog struct {
	Events []Event `json:"events"`
	Bytes  int     `json:"bytes"`
}

// flatIndex numbers the program's blocks and steps, for saving: made at
// the first save, read by every game after.
type flatIndex struct {
	once   sync.Once
	blocks map[*flatBlock]int
	steps  map[*flatStep]flatStepRef
}

// index is fp's block and step numbering.
func (fp *flatProgram) index() *flatIndex {
	x := &fp.saveIndex
	x.once.Do(func() {
		x.blocks, x.steps = map[*flatBlock]int{}, map[*flatStep]flatStepRef{}
		for i, b := range fp.order {
			x.blocks[b] = i
			for j, s := range b.steps {
				x.steps[s] = flatStepRef{Block: i, Step: j}
			}
		}
	})
	return x
}

// MarshalState saves the game (see above); an error when it is where no
// saved game can be (a scenario's run step under way).
func (g *FlatGame) MarshalState() ([]byte, error) {
	fg := g.g
	if fg.barrier != nil || fg.startHook != nil {
		return nil, fmt.Errorf("a scenario's run step or start is under way: the game cannot be saved there")
	}
	x, fs, e := fg.fp.index(), fg.env.fs, &fg.env
	p := fg.fp.p
	out := savedFlat{Format: flatStateFormat, Game: p.Game(), Ruleset: p.Hash(), Players: fs.players,
		Cells: fs.cells, Props: fs.props, Lists: fs.lists, Zones: fs.zones, Loc: fs.loc, Made: fs.made.strs,
		Locals: e.locals, LocalLists: e.localLists, LocalNums: e.localNums,
		Over: fg.over, Decisions: fg.decisions, Fires: fg.fires, Scores: fg.scores,
		Attributes: fg.attributes, Counters: fg.counters, Outcomes: fg.outcomes, Partial: fg.partial,
		Position: fg.positionEvents}
	var err error
	if out.RNG, err = fg.rng.pcg.MarshalBinary(); err != nil {
		return nil, err
	}
	for _, f := range fg.frames {
		sf, err := saveFrame(x, f)
		if err != nil {
			return nil, err
		}
		out.Frames = append(out.Frames, sf)
	}
	if fg.pending != nil {
		ref, ok := x.steps[fg.pending]
		if !ok {
			return nil, fmt.Errorf("the pending decision is a scenario run step's: the game cannot be saved there")
		}
		pc := &savedFlatChoice{Step: ref, Who: fg.who, Options: [][2]int64{}}
		for _, o := range fg.options {
			pc.Options = append(pc.Options, [2]int64{int64(o.group), o.elem})
		}
		if pk := fg.pick; pk != nil {
			pc.Pick = &savedFlatPick{S: pk.items.s, Cards: pk.items.cards, Nums: pk.items.nums, N: pk.n, Picked: pk.picked, Min: pk.min, Max: pk.max}
		}
		out.Pending = pc
	}
	if t := e.takes; t != nil {
		out.Takes = &savedFlatTakes{SetupOver: t.setupOver, Decision: t.decision, List: t.list}
	}
	if fg.log != nil {
		out.Log = &savedFlatLog{Events: fg.log.events, Bytes: fg.log.bytes}
	}
	return json.Marshal(out)
}

// saveFrame is frame f as saved.
func saveFrame(x *flatIndex, f *flatFrame) (savedFlatFrame, error) {
	b, ok := x.blocks[f.blk]
	if !ok {
		return savedFlatFrame{}, fmt.Errorf("a scenario's run step is under way: the game cannot be saved there")
	}
	sf := savedFlatFrame{Block: b, PC: f.pc, Cards: f.cards, Nums: f.nums, Idx: f.idx, Count: f.count, Trig: f.trig}
	if f.loop != nil {
		ref := x.steps[f.loop]
		sf.Loop = &ref
	}
	for _, s := range f.saved {
		sf.Saved = append(sf.Saved, flatSavedJSON{N: s.n, List: s.list, S: s.s})
	}
	for _, l := range f.lists {
		sf.Lists = append(sf.Lists, flatListJSON{N: l.n, Cards: l.cards, Nums: l.nums})
	}
	return sf, nil
}
