package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/schema"
)

// humanSeat is the seat kind of a person at the terminal.
const humanSeat = "human"

// maxPlayerCount bounds --players before the ruleset is consulted (a
// range like 1-2000000000 would otherwise be listed in full).
const maxPlayerCount = 1000

// parsePlayers parses a player-count list: "3", "2-5", "2,4" or a mix
// ("2-3,5"). Counts come back in the order written. A count of 0 parses:
// checkPlayers refuses it as it refuses any count the game does not allow.
func parsePlayers(spec string) ([]int, error) {
	if strings.TrimSpace(spec) == "" {
		return nil, usagef("--players is empty (write e.g. 3, 2-5 or 2,4)")
	}
	var counts []int
	for _, part := range strings.Split(spec, ",") {
		lo, hi, err := parseRange(strings.TrimSpace(part))
		if err != nil {
			return nil, err
		}
		for n := lo; n <= hi; n++ {
			counts = append(counts, n)
		}
	}
	return counts, nil
}

// parseRange parses "N" or "A-B".
func parseRange(s string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(a)
	hi, err2 := lo, error(nil)
	if isRange {
		hi, err2 = strconv.Atoi(b)
	}
	switch {
	case err1 != nil || err2 != nil:
		return 0, 0, usagef("bad player count %q (write e.g. 3, 2-5 or 2,4)", s)
	case hi < lo:
		return 0, 0, usagef("bad player range %q", s)
	case hi > maxPlayerCount:
		return 0, 0, usagef("bad player count %q: at most %d players", s, maxPlayerCount)
	}
	return lo, hi, nil
}

// playerRange says how many players a game is for: "2–5 players", or
// "2 players" when it allows one count.
func playerRange(p *interpreter.Program) string {
	if p.MinPlayers() == p.MaxPlayers() {
		return count(p.MinPlayers(), "player")
	}
	return fmt.Sprintf("%d–%d players", p.MinPlayers(), p.MaxPlayers())
}

// checkPlayers checks the counts against the program's range.
func checkPlayers(p *interpreter.Program, counts []int) error {
	for _, n := range counts {
		if n < p.MinPlayers() || n > p.MaxPlayers() {
			return usagef("%s is for %s, not %d", p.Game(), playerRange(p), n)
		}
	}
	return nil
}

// checkPlayerSpec checks the counts --players spec gave against the
// program's range; the message names what was typed ("not 2-9") and,
// for several counts, those outside the range ("6–9 are outside it").
func checkPlayerSpec(p *interpreter.Program, spec string, counts []int) error {
	var bad []int
	for _, n := range counts {
		if n < p.MinPlayers() || n > p.MaxPlayers() {
			bad = append(bad, n)
		}
	}
	slices.Sort(bad)
	bad = slices.Compact(bad)
	switch {
	case len(bad) == 0:
		return nil
	case len(counts) == 1:
		return usagef("%s is for %s, not %d", p.Game(), playerRange(p), bad[0])
	}
	return usagef("%s is for %s, not %s (%s %s outside it)", p.Game(), playerRange(p), spec, countRanges(bad), schema.Plural(len(bad), "is", "are"))
}

// countRanges writes sorted counts compactly: "1, 6–9".
func countRanges(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d–%d", ns[i], ns[j]))
		} else {
			parts = append(parts, strconv.Itoa(ns[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// parseSeats parses a comma-separated list of seat kinds: "human" (when
// allowed) or a bot kind, one for every seat or one per seat. An empty
// spec gives def for every seat but the first, which gets first.
func parseSeats(spec string, players int, first, def string, allowHuman bool) ([]string, error) {
	if strings.TrimSpace(spec) == "" {
		seats := make([]string, players)
		for i := range seats {
			seats[i] = def
		}
		if players > 0 {
			seats[0] = first
		}
		return seats, nil
	}
	seats := strings.Split(spec, ",")
	if len(seats) == 1 && players > 1 {
		seats = slices.Repeat(seats, players)
	}
	if len(seats) != players {
		return nil, usagef("%s (%s) for %s: give one kind for every seat, or one per seat",
			count(len(seats), "seat"), spec, count(players, "player"))
	}
	for i, s := range seats {
		seats[i] = strings.TrimSpace(s)
		if err := checkSeat(seats[i], allowHuman); err != nil {
			return nil, err
		}
	}
	return seats, nil
}

// checkSeat checks one seat kind.
func checkSeat(kind string, allowHuman bool) error {
	if kind == humanSeat && allowHuman {
		return nil
	}
	err := bot.Check(kind)
	if err == nil {
		return nil
	}
	if strings.HasPrefix(kind, "mcts:") {
		return usagef("%v", err)
	}
	kinds := strings.Join(bot.Kinds(), ", ")
	if allowHuman {
		kinds = humanSeat + ", " + kinds
	}
	known := bot.Kinds()
	if allowHuman {
		known = append(known, humanSeat)
	}
	return usagef("unknown seat %q%s (seats: %s)", kind, schema.DidYouMean(kind, known), kinds)
}

// newBots makes the bots for the seats (nil for human seats), each with
// its own seed derived from the game's seed.
func newBots(seats []string, seed uint64) ([]interpreter.Bot, error) {
	bots := make([]interpreter.Bot, len(seats))
	for i, kind := range seats {
		if kind == humanSeat {
			continue
		}
		b, err := bot.New(kind, botSeed(seed, i))
		if err != nil {
			return nil, usagef("%v", err)
		}
		bots[i] = b
	}
	return bots, nil
}

// gameSeed is the seed of game i of a run seeded with seed.
func gameSeed(seed uint64, i int) uint64 { return bot.GameSeed(seed, i) }

// botSeed is the seed of the bot in the given seat of a game.
func botSeed(seed uint64, seat int) uint64 { return bot.SeatSeed(seed, seat) }

// seatName prints a seat for people: P1 (random).
func seatName(seats []string, p int) string {
	if p >= 0 && p < len(seats) {
		return fmt.Sprintf("P%d (%s)", p+1, seats[p])
	}
	return fmt.Sprintf("P%d", p+1)
}
