package main

import (
	"encoding/csv"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"agon/interpreter/sim"
)

// writeRowsFile writes one CSV row per game (simulate --rows): game, seed,
// players, variant, a score per seat, winners, decisions, status, error,
// then each declared attribute and counter per seat (columns named
// "NAME P1", ...), empty where a game has no such seat or value.
func writeRowsFile(file string, rep *sim.Report, outcomes []sim.Outcome) error {
	f, err := os.Create(file)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	seats := len(rep.Seats)
	attrs, counters := factNames(outcomes)
	_ = w.Write(rowsHeader(seats, attrs, counters))
	for i := range outcomes {
		_ = w.Write(gameRow(rep, &outcomes[i], seats, attrs, counters))
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// factNames lists the attribute and counter names the games declared,
// sorted.
func factNames(outcomes []sim.Outcome) (attrs, counters []string) {
	for _, o := range outcomes {
		for _, sf := range o.Facts.Seats {
			for _, a := range sf.Attributes {
				attrs = append(attrs, a.Name)
			}
			for _, c := range sf.Counters {
				counters = append(counters, c.Name)
			}
		}
	}
	slices.Sort(attrs)
	slices.Sort(counters)
	return slices.Compact(attrs), slices.Compact(counters)
}

// rowsHeader is the CSV's first row.
func rowsHeader(seats int, attrs, counters []string) []string {
	row := []string{"game", "seed", "players", "variant"}
	for s := range seats {
		row = append(row, fmt.Sprintf("score P%d", s+1))
	}
	row = append(row, "winners", "decisions", "status", "error")
	for _, names := range [][]string{attrs, counters} {
		for _, n := range names {
			for s := range seats {
				row = append(row, fmt.Sprintf("%s P%d", n, s+1))
			}
		}
	}
	return row
}

// gameRow is one game's CSV row.
func gameRow(rep *sim.Report, o *sim.Outcome, seats int, attrs, counters []string) []string {
	row := []string{strconv.Itoa(o.Index + 1), strconv.FormatUint(o.Seed, 10), strconv.Itoa(o.Players), rep.Variant}
	for s := range seats {
		cell := ""
		if s < len(o.Scores) {
			cell = strconv.Itoa(o.Scores[s])
		}
		row = append(row, cell)
	}
	winners := make([]string, len(o.Winners))
	for i, w := range o.Winners {
		winners[i] = fmt.Sprintf("P%d", w+1)
	}
	row = append(row, strings.Join(winners, " "), strconv.Itoa(o.Decisions), status(o), o.Err)
	for _, n := range attrs {
		for s := range seats {
			row = append(row, attributeOf(o, s, n))
		}
	}
	for _, n := range counters {
		for s := range seats {
			row = append(row, counterOf(o, s, n))
		}
	}
	return row
}

// status is "ok", "stopped" or "failed".
func status(o *sim.Outcome) string {
	switch {
	case o.Stopped:
		return "stopped"
	case o.Err != "":
		return "failed"
	}
	return "ok"
}

// attributeOf is a seat's attribute value, "" if none.
func attributeOf(o *sim.Outcome, seat int, name string) string {
	if seat < len(o.Facts.Seats) {
		for _, a := range o.Facts.Seats[seat].Attributes {
			if a.Name == name {
				return a.Value
			}
		}
	}
	return ""
}

// counterOf is a seat's counter value, "" if none.
func counterOf(o *sim.Outcome, seat int, name string) string {
	if seat < len(o.Facts.Seats) {
		for _, c := range o.Facts.Seats[seat].Counters {
			if c.Name == name {
				return strconv.Itoa(c.Value)
			}
		}
	}
	return ""
}
