package interpreter

import (
	"fmt"
	"iter"
	"math/rand/v2"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"agon/rulesets"
	"agon/schema"
)

// keptPrograms are the shipped rulesets loaded with every expression's
// checked trees.
func keptPrograms(t testing.TB) iter.Seq2[string, *Program] {
	return eachShipped(t, func(name string) (*Program, error) {
		rs, ds := schema.Load(rulesets.FS, name)
		if err := ds.Err(); err != nil {
			return nil, err
		}
		p := compileRuleset(rs, ds)
		return p, ds.Err()
	})
}

// flatShadow evaluates, beside a game, the typed closure of each
// expression the game evaluates at the top level, on the flat packing of
// the state at that moment, and counts what agrees, what is not covered
// (by reason) and what differs.
type flatShadow struct {
	t     testing.TB
	l     *flatLayout
	fc    *flatCompiler
	exprs map[*compiled]*flatExpr
	why   map[*compiled]string
	// every: check one evaluation in every (packing is slow).
	every int
	seen  int
	// counts of top-level evaluations: all, covered, checked, given up
	// (the closure could not compute), and misses by reason.
	all, covered, checked, gaveUp int
	misses                        map[string]int
	example                       map[string]string // a text each miss reason was met in
	diffs                         []string
}

func newFlatShadow(p *Program, every int) *flatShadow {
	l := newFlatLayout(p)
	return &flatShadow{l: l, fc: newFlatCompiler(p, l), exprs: map[*compiled]*flatExpr{}, why: map[*compiled]string{}, every: every, misses: map[string]int{}, example: map[string]string{}}
}

// expr is c's typed closure, compiled on first use; nil if not covered.
func (s *flatShadow) expr(c *compiled) *flatExpr {
	if fe, ok := s.exprs[c]; ok {
		return fe
	}
	fe, why := s.fc.compile(c)
	s.exprs[c], s.why[c] = fe, why
	return fe
}

// sample counts a top-level evaluation of c by g and, for every every-th
// one the typed closures cover, packs the state: the compiled closure and
// its frame, the locals read from g (nil when this one is not sampled).
func (s *flatShadow) sample(g *Game, c *compiled) (*flatExpr, *flatEnv, error) {
	s.all++
	fe := s.expr(c)
	if fe == nil {
		s.misses[s.why[c]]++
		if _, ok := s.example[s.why[c]]; !ok {
			s.example[s.why[c]] = c.src.Src
		}
		return nil, nil, nil
	}
	s.covered++
	if s.seen++; s.seen%s.every != 0 {
		return nil, nil, nil
	}
	fs, err := s.l.packFlat(g)
	if err != nil {
		return nil, nil, fmt.Errorf("packing: %w", err)
	}
	e, err := s.env(g, fs, fe)
	return fe, e, err
}

// check is the game's fastCheck hook.
func (s *flatShadow) check(g *Game, c *compiled, v any) {
	if g.callDepth != 0 {
		return // a body the VM called: its arguments are the VM's
	}
	fe, e, err := s.sample(g, c)
	if err != nil {
		s.diffs = append(s.diffs, fmt.Sprintf("%s: %v", c.src.Src, err))
		return
	}
	if fe == nil {
		return
	}
	fs := e.fs
	got, ok := s.eval(e, fe)
	if !ok {
		s.gaveUp++
		return
	}
	s.checked++
	want, err := s.flatOf(g, fs, fe.value.kind, v)
	if err != nil {
		s.diffs = append(s.diffs, fmt.Sprintf("%s: the present value: %v", c.src.Src, err))
		return
	}
	if !reflect.DeepEqual(got, want) {
		s.diffs = append(s.diffs, fmt.Sprintf("%s (%s): typed closure %v, present runtime %v (%v)", c.src.Src, c.src.Pos, got, want, v))
	}
}

// env is a frame for fe with its locals read from g.
func (s *flatShadow) env(g *Game, fs *flatState, fe *flatExpr) (*flatEnv, error) {
	e := &flatEnv{fs: fs, slots: make([]int64, fe.slots), lists: make([][]int32, fe.lists), nums: make([][]int64, fe.nums)}
	e.limit()
	for _, loc := range fe.locals {
		v := g.st.getRoot(localKey(loc.name))
		x, err := s.flatOf(g, fs, loc.kind, v)
		if err != nil {
			return nil, fmt.Errorf("local %s: %w", loc.name, err)
		}
		switch val := x.(type) {
		case int64:
			e.slots[loc.slot] = val
		case []int32:
			e.lists[loc.slot] = val
		case []int64:
			e.nums[loc.slot] = val
		}
	}
	return e, nil
}

// eval runs fe: a scalar as an int64, a list as its numbers.
func (s *flatShadow) eval(e *flatEnv, fe *flatExpr) (any, bool) {
	switch v := fe.value; {
	case v.scalar != nil:
		return v.scalar(e)
	case v.cards != nil:
		xs, ok := v.cards(e)
		if xs == nil {
			xs = []int32{}
		}
		return xs, ok
	default:
		xs, ok := v.nums(e)
		if xs == nil {
			xs = []int64{}
		}
		return xs, ok
	}
}

// flatOf is a value of the present runtime as the typed closures hold a
// value of kind k.
func (s *flatShadow) flatOf(g *Game, fs *flatState, k flatKind, v any) (any, error) {
	switch k {
	case fkInt, fkBool, fkString:
		return s.l.scalar(fs, k.String(), v)
	case fkCard:
		m, _ := v.(map[string]any)
		n, ok := g.cardNumOf(m)
		if !ok {
			return nil, fmt.Errorf("no card: %v", v)
		}
		return int64(n), nil
	case fkPlayer:
		m, _ := v.(map[string]any)
		players, _ := g.st.root["players"].([]any)
		for i, pm := range players {
			if x, _ := pm.(map[string]any); m != nil && mapAddr(x) == mapAddr(m) {
				return int64(i), nil
			}
		}
		return nil, fmt.Errorf("no player: %v", v)
	case fkCards:
		xs, _ := v.([]any)
		out := []int32{}
		for _, x := range xs {
			m, _ := x.(map[string]any)
			n, ok := g.cardNumOf(m)
			if !ok {
				return nil, fmt.Errorf("no card among %v", v)
			}
			out = append(out, int32(n))
		}
		return out, nil
	case fkInts, fkStrings, fkIntMap, fkIntMaps:
		typ := map[flatKind]string{fkInts: "ints", fkStrings: "strings", fkIntMap: "intmap", fkIntMaps: "intmaps"}[k]
		c, err := coerce(typ, v)
		if err != nil {
			return nil, err
		}
		p, err := s.l.payload(fs, typ, c)
		if p == nil {
			p = []int64{}
		}
		return p, err
	}
	return nil, fmt.Errorf("a %s", k)
}

// report is the shadow's counts, and its misses by how many evaluations
// each reason cost.
func (s *flatShadow) report() string {
	type miss struct {
		why string
		n   int
	}
	var ms []miss
	for why, n := range s.misses {
		ms = append(ms, miss{why, n})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].n > ms[j].n || ms[i].n == ms[j].n && ms[i].why < ms[j].why })
	var b strings.Builder
	fmt.Fprintf(&b, "%d top-level evaluations, %d covered (%.0f%%), %d checked, %d gave up",
		s.all, s.covered, 100*float64(s.covered)/float64(max(s.all, 1)), s.checked, s.gaveUp)
	for i, m := range ms {
		if i == 12 {
			break
		}
		fmt.Fprintf(&b, "\n    %6d  %s (in %.70s)", m.n, m.why, s.example[m.why])
	}
	return b.String()
}

// TestFlatClosuresAgree plays random games of every shipped ruleset and,
// at every seventh top-level evaluation the typed closures cover,
// packs the state flat, evaluates the typed closure with the same locals
// and requires the present runtime's value. It logs what the closures
// cover and why the rest is not.
func TestFlatClosuresAgree(t *testing.T) {
	for name, p := range keptPrograms(t) {
		s := newFlatShadow(p, 7)
		for _, players := range []int{p.MinPlayers(), p.MaxPlayers()} {
			g, err := NewGame(p, Config{Players: players, Seed: uint64(players) + 5})
			require.NoError(t, err)
			g.fastCheck = func(c *compiled, v any) { s.check(g, c, v) }
			r := rand.New(rand.NewPCG(uint64(players), 17))
			for !g.Over() {
				d := g.Pending()
				require.NoError(t, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
			}
		}
		t.Logf("%s: %s", name, s.report())
		require.NotZero(t, s.checked, "%s: nothing checked", name)
		for i, d := range s.diffs {
			if i == 10 {
				t.Errorf("%s: and %d more", name, len(s.diffs)-10)
				break
			}
			t.Errorf("%s: %s", name, d)
		}
	}
}

// timePresent is the time of reps evaluations of c by the present
// runtime's closures in g, each with a fresh budget (g's is kept).
func timePresent(g *Game, c *compiled, reps int) int64 {
	saved := g.budget
	start := time.Now()
	for range reps {
		g.budget = evalBudget{}
		g.fast.top = true
		g.runFast(c)
		g.fast.top = false
	}
	g.budget = saved
	return int64(time.Since(start))
}

// BenchmarkFlatClosures times, at every seventh covered top-level
// evaluation of random games, the typed closure over the flat state
// against the present runtime's closure (its fast path) on the same
// state with the same locals, each run repeatedly in place, and reports
// both per evaluation (present: with the calls it remembers, as in play
// where a listing asks the same call option after option, and the same
// again 32 times over here; computing: with none remembered), and the share of the top-level evaluations of
// these games (no log kept, as bots play) the typed closures cover
// (ns/op is a whole game with the timing: ignore it). -v logs the misses.
//
//	go test ./interpreter -run '^$' -bench FlatClosures -benchtime 3x -cpu 1
func BenchmarkFlatClosures(b *testing.B) {
	const reps = 32
	for name, p := range keptPrograms(b) {
		b.Run(name, func(b *testing.B) {
			s := newFlatShadow(p, 7)
			var flatNs, presentNs, computingNs, n int64
			byText := map[string][3]int64{} // flat ns, present ns, evaluations
			for i := 0; i < b.N; i++ {
				players := p.MinPlayers() + i%(p.MaxPlayers()-p.MinPlayers()+1)
				g, err := NewGame(p, Config{Players: players, Seed: uint64(i) + 5, NoLog: true})
				require.NoError(b, err)
				g.fastCheck = func(c *compiled, v any) {
					if g.callDepth != 0 {
						return
					}
					fe, e, err := s.sample(g, c)
					require.NoError(b, err)
					if fe == nil {
						return
					}
					if _, ok := s.eval(e, fe); !ok {
						return
					}
					start := time.Now()
					switch v := fe.value; {
					case v.scalar != nil:
						for range reps {
							v.scalar(e)
						}
					case v.cards != nil:
						for range reps {
							v.cards(e)
						}
					default:
						for range reps {
							v.nums(e)
						}
					}
					dt := int64(time.Since(start))
					flatNs += dt
					per := byText[c.src.Src]
					per[0] += dt
					dt = timePresent(g, c, reps)
					presentNs += dt
					per[1] += dt
					per[2] += reps
					byText[c.src.Src] = per
					running := g.running
					g.running = false // remembered calls are reused only while effects run (callmemo.go)
					computingNs += timePresent(g, c, reps)
					g.running = running
					n += reps
				}
				r := rand.New(rand.NewPCG(uint64(i), 17))
				for !g.Over() {
					d := g.Pending()
					require.NoError(b, g.Apply(d.Options[r.IntN(len(d.Options))].Key))
				}
			}
			b.Logf("%s", s.report())
			texts := make([]string, 0, len(byText))
			for t := range byText {
				texts = append(texts, t)
			}
			sort.Slice(texts, func(i, j int) bool { return byText[texts[i]][0] > byText[texts[j]][0] })
			for i, t := range texts[:min(8, len(texts))] {
				v := byText[t]
				b.Logf("%d. %.0f%% of the flat time: %.1f ns flat, %.1f ns present, %d: %.90s", i+1, 100*float64(v[0])/float64(flatNs), float64(v[0])/float64(v[2]), float64(v[1])/float64(v[2]), v[2], t)
			}
			b.ReportMetric(100*float64(s.covered)/float64(max(s.all, 1)), "covered-%")
			b.ReportMetric(float64(flatNs)/float64(max(n, 1)), "flat-ns/eval")
			b.ReportMetric(float64(presentNs)/float64(max(n, 1)), "present-ns/eval")
			b.ReportMetric(float64(computingNs)/float64(max(n, 1)), "computing-ns/eval")
		})
	}
}
