package interpreter

import (
	"maps"
	"reflect"
	"slices"
)

// clone returns a copy of the state that shares with s everything that
// is never written in place (see cow.go): zone lists, variables' values,
// constants and, until either side writes one, the cards. It takes s's
// ownership of its cards away, so s is written to (a copy of nothing but
// marks) too.
func (s *state) clone(prog *Program) *state {
	n := &state{
		playerCount: s.playerCount,
		cards:       s.cards, // shared until the first write (ownCardDetached)
		rng:         s.rng,
		events:      shareAppendOnly(s.events),
		logBytes:    s.logBytes,
		outcomes:    shareAppendOnly(s.outcomes),
		decisions:   s.decisions,
		over:        s.over,
		result:      s.result,
		fires:       copySlice(s.fires),
	}
	s.owned = nil
	r := refRemap{}
	n.root = maps.Clone(s.root)
	if ps, ok := s.root["players"].([]any); ok {
		nps := make([]any, len(ps))
		for i, p := range ps {
			nps[i] = r.copyContainer(p)
		}
		n.root["players"] = nps
	}
	for _, name := range prog.cow.families {
		if f, ok := s.root[name]; ok {
			n.root[name] = r.copyContainer(f)
		}
	}
	for k, v := range n.root {
		if isLocalKey(k) {
			n.root[k] = r.value(v)
		}
	}
	if len(s.frames) > 0 {
		frames := make([]frame, len(s.frames))
		n.frames = make([]*frame, len(s.frames))
		for i, f := range s.frames {
			frames[i] = *f
			nf := &frames[i]
			nf.items, _ = r.value(f.items).([]any)
			nf.saved = slices.Clone(f.saved)
			for j := range nf.saved {
				nf.saved[j].old = r.value(nf.saved[j].old)
			}
			n.frames[i] = nf
		}
	}
	n.pending = r.pending(s.pending)
	if s.barrier != nil {
		n.barrier = &barrier{depth: s.barrier.depth, pending: r.pending(s.barrier.pending)}
	}
	return n
}

// refRemap maps the original's player maps and families to the clone's
// copies in the values a clone keeps (locals, frames, pending decisions),
// so that a local that holds a player is the clone's player. Cards stay
// shared; lists and plain maps are copied only when something in them is
// remapped.
type refRemap struct {
	from []map[string]any
	to   []map[string]any
}

// copyContainer copies a player map or a family (shallow: its values are
// immutable) and remembers the pair.
func (r *refRemap) copyContainer(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	c := maps.Clone(m)
	r.from = append(r.from, m)
	r.to = append(r.to, c)
	return c
}

func (r *refRemap) pending(p *pendingDecision) *pendingDecision {
	if p == nil {
		return nil
	}
	pd := *p
	pd.options = slices.Clone(p.options)
	for i := range pd.options {
		pd.options[i].value = r.value(pd.options[i].value)
	}
	if p.pick != nil {
		items, _ := r.value(p.pick.items).([]any)
		pd.pick = &pickProgress{items: items, picked: copySlice(p.pick.picked), min: p.pick.min, max: p.pick.max}
	}
	return &pd
}

// value returns v with the remapped containers replaced.
func (r *refRemap) value(v any) any {
	switch x := v.(type) {
	case []any:
		var out []any
		for i, e := range x {
			if ne := r.value(e); !sameValue(ne, e) {
				if out == nil {
					out = slices.Clone(x)
				}
				out[i] = ne
			}
		}
		if out == nil {
			return v
		}
		return out
	case map[string]any:
		if _, card := x["table"]; card {
			return v
		}
		p := reflect.ValueOf(x).UnsafePointer()
		for i, m := range r.from {
			if reflect.ValueOf(m).UnsafePointer() == p {
				return r.to[i]
			}
		}
		var out map[string]any
		for k, e := range x {
			if ne := r.value(e); !sameValue(ne, e) {
				if out == nil {
					out = maps.Clone(x)
				}
				out[k] = ne
			}
		}
		if out == nil {
			return v
		}
		return out
	}
	return v
}
