package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"agon/interpreter"
)

// errUndo is returned by ask after an undo: the game was rebuilt and the
// run loop asks again.
var errUndo = errors.New("undo")

// playHelp is what help prints, with show's examples taken from the game
// being played: card is a card id, place a board node id ("" for none).
func playHelp(card, place string) string {
	var show []string
	if card != "" || place == "" {
		show = append(show, "  show CARD   a card's figures, by id or name"+showExample(card))
	}
	if place != "" {
		show = append(show, "  show PLACE  a place on the board: its figures, neighbours and what is there"+showExample(place))
	}
	return `Type the number of an option (or its key) to choose it. Several numbers
("2 1 3") answer this question and your next ones in turn; the rest are
dropped (and that is said) as soon as another seat decides first.
Commands:
` + strings.Join(show, "\n") + `
  state       everything you may see, in full
  undo        back to your previous decision (the game is played again up to there)
  help        this text
  quit        abandon the game (also q)`
}

// showExample is " (e.g. show ID)", or "" for no id.
func showExample(id string) string {
	if id == "" {
		return ""
	}
	return " (e.g. show " + id + ")"
}

// ask shows what the seat needs to decide and reads its answer.
func (pl *player) ask(d *interpreter.Decision) (string, error) {
	if len(pl.queue) > 0 {
		answer := pl.queue[0]
		pl.queue = pl.queue[1:]
		if i, ok := pickOption(d, answer); ok {
			return d.Options[i].Key, nil
		}
		fmt.Fprintf(pl.out, "(typed-ahead answer %q does not fit this question; dropped)\n", answer)
		pl.queue = nil
	}
	pl.showSince(d.Player)
	pl.showDecision(d)
	for {
		fmt.Fprintf(pl.out, "choose 1-%d (help for commands): ", len(d.Options))
		line, err := pl.in.next()
		switch {
		case errors.Is(err, errLineTooLong):
			fmt.Fprintf(pl.out, "\n(%v: ignored; type a number, a key or help)\n", err)
			continue
		case errors.Is(err, io.EOF):
			fmt.Fprintln(pl.out)
			return "", fmt.Errorf("input ended before the game did")
		case errors.Is(err, errInterrupted):
			fmt.Fprintln(pl.out)
			return "", err
		case err != nil:
			fmt.Fprintln(pl.out)
			return "", fmt.Errorf("reading the input: %w", err)
		}
		key, done, err := pl.command(d, strings.TrimSpace(line))
		if done || err != nil {
			return key, err
		}
	}
}

// showSince prints the events since the seat's last decision (all of
// them before its first).
func (pl *player) showSince(seat int) {
	events := pl.g.Events()
	since := "-- since " + seatName(pl.seats, seat) + "'s last decision --"
	switch n := pl.g.PositionEvents(); {
	case n > 0 && pl.seen[seat] == n:
		since = "-- since the scenario's position --"
	case !pl.hasDecided(seat):
		since = "-- so far --"
	}
	var lines []string
	for _, ev := range events[min(pl.seen[seat], len(events)):] {
		if text := pl.eventText(ev, seat); text != "" {
			lines = append(lines, text)
		}
	}
	pl.seen[seat] = len(events)
	if len(lines) > 0 {
		fmt.Fprintf(pl.out, "\n%s\n%s\n", since, strings.Join(lines, "\n"))
	}
}

// hasDecided reports whether seat has taken a decision in this game.
func (pl *player) hasDecided(seat int) bool {
	for _, t := range pl.taken {
		if t.player == seat {
			return true
		}
	}
	return false
}

// showDecision prints the compact view, the prompt and the options.
func (pl *player) showDecision(d *interpreter.Decision) {
	fmt.Fprintf(pl.out, "\n%s", pl.text(func(g playSession) (string, error) { return g.Glance(d.Player) }))
	fmt.Fprintf(pl.out, "\n%s: %s\n", seatName(pl.seats, d.Player), d.Prompt)
	for i, o := range d.Options {
		fmt.Fprintf(pl.out, "  %d) %s\n", i+1, optionText(o))
	}
}

// command handles one line typed at the prompt. done reports that key is
// the chosen option (or err ends the game, or errUndo rebuilt it).
func (pl *player) command(d *interpreter.Decision, line string) (key string, done bool, err error) {
	word, arg, _ := strings.Cut(line, " ")
	switch strings.ToLower(word) {
	case "q", "quit":
		return "", true, errQuit
	case "help", "?":
		fmt.Fprintln(pl.out, playHelp(pl.examples()))
	case "state":
		fmt.Fprint(pl.out, pl.text(func(g playSession) (string, error) { return g.View(d.Player) }))
	case "show":
		pl.show(arg, d.Player)
	case "undo":
		if pl.undo(d.Player) {
			return "", true, errUndo
		}
	case "":
	default:
		return pl.answer(d, line)
	}
	return "", false, nil
}

// answer reads option numbers (or a key): the first answers d, the rest
// wait for the seat's next questions.
func (pl *player) answer(d *interpreter.Decision, line string) (string, bool, error) {
	if i, ok := pickOption(d, line); ok {
		return d.Options[i].Key, true, nil
	}
	fields := strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == ',' })
	if len(fields) > 1 {
		if i, ok := pickOption(d, fields[0]); ok && allNumbers(fields[1:]) {
			pl.queue, pl.queueBy = fields[1:], d.Player
			return d.Options[i].Key, true, nil
		}
	}
	fmt.Fprintf(pl.out, "%q is not an option number (type help for commands)\n", line)
	return "", false, nil
}

// keepQueueFor drops the answers typed ahead when decision d is not
// their typist's: they were meant for that seat's next questions, and
// another seat (a person at the same screen, or a bot) deciding in
// between may have changed them. Another person's secret choice must
// never be answered by them.
func (pl *player) keepQueueFor(d *interpreter.Decision) {
	if len(pl.queue) == 0 || d.Player == pl.queueBy {
		return
	}
	// Not the answers themselves: at a shared screen they would tell the
	// others what the typist meant to choose.
	fmt.Fprintf(pl.out, "(%s's %s typed ahead dropped: %s decides first)\n",
		seatName(pl.seats, pl.queueBy), count(len(pl.queue), "answer"), seatName(pl.seats, d.Player))
	pl.queue = nil
}

// pickOption finds the option an answer names: its number from 1, or its
// key.
func pickOption(d *interpreter.Decision, answer string) (int, bool) {
	if n, err := strconv.Atoi(answer); err == nil {
		return n - 1, n >= 1 && n <= len(d.Options)
	}
	i := d.Find(answer)
	return i, i >= 0
}

// allNumbers reports whether every field is an integer.
func allNumbers(fields []string) bool {
	for _, f := range fields {
		if _, err := strconv.Atoi(f); err != nil {
			return false
		}
	}
	return true
}

// show prints a card's figures, or a board place's, as seat sees them.
func (pl *player) show(query string, seat int) {
	if strings.TrimSpace(query) == "" {
		card, place := pl.examples()
		what := "card"
		switch {
		case place != "" && card != "":
			what = "card or place"
		case place != "":
			what = "place"
		}
		fmt.Fprintf(pl.out, "show which %s? e.g. show %s\n", what, cmp.Or(card, place))
		return
	}
	text, err := pl.g.Describe(query, seat)
	if errors.Is(err, interpreter.ErrFlatView) && pl.toPresent() == nil {
		text, err = pl.g.Describe(query, seat)
	}
	if err != nil {
		fmt.Fprintln(pl.out, err)
		return
	}
	fmt.Fprint(pl.out, text)
}

// examples are a card id and a board node id of the game, for help.
func (pl *player) examples() (card, place string) {
	p := pl.g.Program()
	return p.CardExample(), p.NodeExample()
}

// undo goes back to seat's previous decision: a new game replays every
// decision before it. It reports whether it did.
func (pl *player) undo(seat int) bool {
	j := len(pl.taken) - 1
	for j >= 0 && pl.taken[j].player != seat {
		j--
	}
	if j < 0 {
		fmt.Fprintln(pl.out, "nothing to undo: this is your first decision")
		return false
	}
	g, err := pl.replayTo(j)
	if err != nil {
		fmt.Fprintf(pl.out, "cannot undo: %v\n", err)
		return false
	}
	pl.g, pl.taken, pl.queue = g, pl.taken[:j], nil
	n := len(g.Events())
	for i := range pl.seen {
		pl.seen[i] = min(pl.seen[i], n)
	}
	pl.seen[seat] = n
	fmt.Fprintf(pl.out, "undone: back to %s's previous decision\n", seatName(pl.seats, seat))
	return true
}

// replayTo starts the game again and takes the first n decisions. The
// bots are made anew and asked again for theirs, so that they are in the
// same state as when they first decided: after an undo, the same choices
// lead to the same game.
func (pl *player) replayTo(n int) (playSession, error) {
	g, bots, err := pl.replayOn(pl.start, n)
	if err != nil && g != nil && g.flat() {
		pl.start = pl.presentStart // what the flat runtime cannot play, the present one does
		g, bots, err = pl.replayOn(pl.start, n)
	}
	if err != nil {
		return nil, err
	}
	pl.bots = bots
	return g, nil
}

// replayOn is replayTo on the game start gives.
func (pl *player) replayOn(start func() (playSession, error), n int) (playSession, []interpreter.Bot, error) {
	g, err := start()
	if err != nil {
		return g, nil, err
	}
	bots, err := newBots(pl.seats, pl.botSeed)
	if err != nil {
		return nil, nil, err
	}
	for _, t := range pl.taken[:n] {
		if b := bots[t.player]; b != nil {
			if _, err := g.botChoice(b, g.Pending()); err != nil && g.flat() {
				return g, nil, err
			}
		}
		if err := g.Apply(t.key); err != nil {
			return g, nil, err
		}
	}
	return g, bots, nil
}

// toPresent plays the game so far again on the present runtime, for
// what the flat one cannot do (a step, a view, a bot's look-ahead); the
// bots are made anew and asked again, as an undo asks them, so the game
// and its log are the same.
func (pl *player) toPresent() error {
	pl.start = pl.presentStart
	g, err := pl.replayTo(len(pl.taken))
	if err != nil {
		return err
	}
	pl.g = g
	return nil
}

// text is what f gives of the game: a view or a glance. One the flat
// runtime does not cover is given by the present runtime, which the game
// goes on on.
func (pl *player) text(f func(playSession) (string, error)) string {
	s, err := f(pl.g)
	if err != nil && pl.g.flat() && pl.toPresent() == nil {
		s, err = f(pl.g)
	}
	if err != nil {
		return err.Error() + "\n"
	}
	return s
}
