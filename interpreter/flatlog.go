package interpreter

import (
	"fmt"
	"strings"
)

// The flat game's log: the events the present runtime logs (exec.go's
// logEvent), made only by a game started with one (FlatProgram.
// NewGameWithLog; a bot's game and simulate's keep none): a decision
// taken, with its key, its label rendered as it was taken (lazytext.go)
// and whether it is secret; "phase: NAME" as a phase begins; a log
// effect's text; and a chance outcome, named and written as the present
// runtime names and writes it (rng.go: "shuffle ZONE" and the cards'
// ids, "roll TARGET" and the face). TestFlatLogsAgree requires the same
// events, in order, as the present runtime's in random games of every
// shipped ruleset. A text the flat closures do not cover leaves the
// program without a log (flatProgram.noLog says why); it still plays.

// flatLog is a game's log.
type flatLog struct {
	events []Event
	bytes  int // the log effects' text, for MaxLogBytes
}

// logStep compiles what step s of effect e logs: a choose's labels, a
// log effect's text, a chance's name. What is not covered is noted in
// fp.noLog.
func (fp *flatProgram) logStep(s *flatStep, e *effect) {
	switch e.kind {
	case "choose":
		s.secret = e.choice.secret
		s.prompt = fp.logTemplate(e.choice.prompt)
		if e.choice.pick != nil {
			s.pick.label = fp.logTemplate(e.choice.pick.label)
			return
		}
		for _, g := range e.choice.groups {
			s.labels = append(s.labels, fp.logTemplate(g.label))
		}
	case "log":
		s.op, s.text = opLog, fp.logTemplate(e.text)
	case "fail":
		// The failure's message, when the closures cover it (else the
		// error says only "ruleset failure"): not the log's, so a text
		// not covered leaves the program's log alone.
		if e.text == nil {
			break
		}
		if ft, _ := fp.fc.compileTemplate(e.text); ft != nil {
			fp.grow(ft.frame)
			s.text = ft
		}
	case "roll":
		s.chance = "roll " + e.target.src.Src
	case "shuffle":
		switch {
		case e.target == nil:
		case e.target.kind == targetGlobal:
			s.chance = "shuffle " + e.target.name
		case e.target.kind == targetLocal:
			s.chance = "shuffle " + strings.TrimPrefix(e.target.name, localKey(""))
		default:
			fp.cannotLog(fmt.Sprintf("%s: the shuffle of %s", e.pos, e.target.src.Src))
		}
	}
}

// logTemplate compiles a text of the log: nil for none (a label that is
// the key).
func (fp *flatProgram) logTemplate(t *template) *flatTemplate {
	if t == nil || len(t.parts) == 0 {
		return nil
	}
	ft, why := fp.fc.compileTemplate(t)
	if ft == nil {
		fp.cannotLog(why)
		return nil
	}
	fp.grow(ft.frame)
	return ft
}

// cannotLog notes the first reason the program cannot keep a log.
func (fp *flatProgram) cannotLog(why string) {
	if fp.adhoc != nil { // a run step's effects: the program's games read noLog
		if fp.adhoc.noLog == "" {
			fp.adhoc.noLog = why
		}
		return
	}
	if fp.noLog == "" {
		fp.noLog = why
	}
}

// logEvent appends e to the log, at the decisions taken so far.
func (g *flatGame) logEvent(e Event) {
	e.Step = g.decisions
	g.log.events = append(g.log.events, e)
}

// logText renders a log effect's text into the log.
func (g *flatGame) logText(s *flatStep) error {
	text, ok := s.text.text(&g.env)
	if !ok {
		return errGaveUp
	}
	limit := flatLimits().MaxLogBytes
	if g.log.bytes += len(text); g.log.bytes > limit {
		return fmt.Errorf("the game's log is longer than %d bytes (limit MaxLogBytes)", limit)
	}
	g.logEvent(Event{Kind: EventLog, Text: text})
	return nil
}

// decisionEvent is the log's event for option i of the pending decision,
// made before the option is taken (its label is the one the listing
// would show).
func (g *flatGame) decisionEvent(i int) (*Event, error) {
	s, o := g.pending, g.options[i]
	if g.pick != nil {
		return g.pickEvent(s, o)
	}
	key, label, err := g.optionText(s, o)
	if err != nil {
		return nil, err
	}
	return &Event{Kind: EventDecision, Player: int(g.who), Key: key, Label: label, Secret: s.secret}, nil
}

// optionText is option o's key and label (the key when its group has no
// label) at choose step s.
func (g *flatGame) optionText(s *flatStep, o flatOption) (key, label string, err error) {
	key = s.choice.key(&g.env, o)
	label = key
	if t := s.labels[o.group]; t != nil {
		e := &g.env
		n := s.asLocals[o.group]
		var saved int64
		if n >= 0 {
			saved, e.locals[n] = e.locals[n], o.elem
		}
		text, ok := t.text(e)
		if n >= 0 {
			e.locals[n] = saved
		}
		if !ok {
			return "", "", errGaveUp
		}
		label = text
	}
	return key, label, nil
}

// pickEvent is decisionEvent for option o of a pick's step.
func (g *flatGame) pickEvent(s *flatStep, o flatOption) (*Event, error) {
	key, label, err := g.pickText(s, o)
	if err != nil {
		return nil, err
	}
	return &Event{Kind: EventDecision, Player: int(g.who), Key: key, Label: label, Secret: s.secret}, nil
}

// pickText is option o's key and label at a pick's step: done, or a
// candidate, labelled with the picked list and the candidate bound.
func (g *flatGame) pickText(s *flatStep, o flatOption) (key, label string, err error) {
	key, label = pickDoneKey, pickDoneKey
	if o.group != pickDone {
		if key, err = g.pickKey(int(o.elem)); err != nil {
			return "", "", err
		}
		label = key
		if t := s.pick.label; t != nil {
			p, pr := s.pick, g.pick
			restorePicked := g.setLocal(p.picked, pr.pickedList(pr.picked))
			restoreItem := g.setLocal(p.as, flatVal{s: pr.item(int(o.elem))})
			text, ok := t.text(&g.env)
			restoreItem()
			restorePicked()
			if !ok {
				return "", "", errGaveUp
			}
			label = text
		}
	}
	return key, label, nil
}

// decisionText fills d with the pending decision and its texts: the
// prompt (a pick's with its picked list bound) and each option's key and
// label, as the present runtime lists them for someone who reads them.
func (g *flatGame) decisionText(d *Decision) error {
	s := g.pending
	d.Player, d.Pos, d.Prompt = int(g.who), s.posText, ""
	if s.prompt != nil {
		restore := func() {}
		if g.pick != nil {
			restore = g.setLocal(s.pick.picked, g.pick.pickedList(g.pick.picked))
		}
		text, ok := s.prompt.text(&g.env)
		restore()
		if !ok {
			return errGaveUp
		}
		d.Prompt = text
	}
	d.Options = d.Options[:0]
	for _, o := range g.options {
		text := g.optionText
		if g.pick != nil {
			text = g.pickText
		}
		key, label, err := text(s, o)
		if err != nil {
			return err
		}
		d.Options = append(d.Options, Option{Key: key, Label: label})
	}
	return nil
}

// logShuffle logs a zone's shuffle, named: its cards' ids in their new
// order.
func (g *flatGame) logShuffle(name string, list []int32) {
	ids := make([]string, len(list))
	for i, c := range list {
		ids[i] = g.fp.p.cards[c].id
	}
	g.logEvent(Event{Kind: EventChance, Name: name, Result: ids})
}

// logChance logs a roll's face or a list's new order: numbers of kind k
// written as the present runtime writes them.
func (g *flatGame) logChance(s *flatStep, k flatKind, xs []int64) {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = g.format(k, x)
	}
	g.logEvent(Event{Kind: EventChance, Name: s.chance, Result: out})
}
