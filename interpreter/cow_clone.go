package interpreter

// clone returns a copy of the state that shares with s everything but
// the frames and the pending decisions (see cow.go); the root map and
// the slots too, until either state writes them (writableRoot,
// writableVals). It takes s's ownership of its cards, players, families,
// slots and root map away (s.clones), so s is written to too.
func (s *state) clone() *state {
	n := &state{
		root:        s.root, // shared until the first write (writableRoot)
		vals:        s.vals, // shared until the first write (setVal)
		bound:       s.bound,
		localsStale: s.localsStale, // the copied map's locals are as behind as s's
		slots:       s.slots,
		playerCount: s.playerCount,
		cards:       s.cards,          // shared until the first write (marks)
		loc:         s.loc,            // likewise
		props:       s.props.shared(), // pages shared until written (parts.go)
		pfields:     s.pfields,
		pvals:       s.pvals.shared(), // rows shared until written
		rng:         s.rng,
		events:      s.events.forClone(),
		logBytes:    s.logBytes,
		outcomes:    shareAppendOnly(s.outcomes),
		decisions:   s.decisions,
		over:        s.over,
		result:      s.result,
		fires:       copySlice(s.fires),
		facts:       s.facts, // written once, never in place
		takes:       shareAppendOnly(s.takes),
	}
	s.clones.Add(1) // s's ownerships go at its next write (unshare); its frames drop, not reuse, the saved arrays n shares
	if len(s.frames) > 0 {
		frames := make([]frame, len(s.frames))
		n.frames = make([]*frame, len(s.frames))
		for i, f := range s.frames {
			frames[i] = *f
			// Shared: replaceRefs copies before it writes, and an
			// append (bind) moves the capped slice to a new array.
			frames[i].saved = shareAppendOnly(f.saved)
			frames[i].savedAt = ^uint64(0) // never the clone's count: it never reuses this array
			if len(f.saved) == 0 {
				frames[i].saved = nil // the next bind starts in first
			}
			if n := len(f.saved); n > 0 && n <= len(f.first) && &f.saved[0] == &f.first[0] {
				frames[i].saved = frames[i].first[:n:n] // its own copy of first
			}
			n.frames[i] = &frames[i]
		}
	}
	n.pending = s.pending.clone()
	if s.barrier != nil {
		n.barrier = &barrier{depth: s.barrier.depth, pending: s.barrier.pending.clone()}
	}
	return n
}

// clone copies a pending decision; its options are shared (replaceRefs
// copies them before it writes).
func (p *pendingDecision) clone() *pendingDecision {
	if p == nil {
		return nil
	}
	pd := *p
	pd.optionsAt = ^uint64(0) // never the clone's count: the options are shared
	if p.pick != nil {
		pd.pick = &pickProgress{items: p.pick.items, picked: copySlice(p.pick.picked), min: p.pick.min, max: p.pick.max}
	}
	return &pd
}
