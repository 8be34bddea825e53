package sim

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// MaxValue bounds the values a Dist may count, in absolute value: far
// beyond any score, margin or decision count, and small enough that a
// histogram's edges stay exact in float64.
const MaxValue int64 = 1 << 50

// Check reports the first field of a report read from a file (merge's
// input) that simulate could not have written: a negative count, a seat
// or player count outside the header's players, a value beyond MaxValue,
// counts that disagree (more failed games than games). The error names
// the field by its JSON path ("stats.by_players.2.seats[1].trials").
func (r *Report) Check() error {
	counts, err := playerCounts(r.Players)
	if err != nil {
		return err
	}
	most := counts[len(counts)-1]
	c := &checker{batch: r.BatchGames}
	c.nonNegative("batch_games", r.BatchGames)
	if len(r.Seats) != most && c.err == nil {
		c.fail("seats", "%d seats for at most %d players (one bot kind per seat of the largest game)", len(r.Seats), most)
	}
	if r.Stats == nil {
		return c.err
	}
	c.tally("stats.all", &r.Stats.All, most, false)
	keys := make([]string, 0, len(r.Stats.ByPlayers))
	for k := range r.Stats.ByPlayers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		n, err := strconv.Atoi(k)
		if err != nil || !containsInt(counts, n) {
			c.fail("stats.by_players."+k, "no player count of this batch (players %s)", r.Players)
			continue
		}
		if t := r.Stats.ByPlayers[k]; t != nil {
			c.tally("stats.by_players."+k, t, n, true)
		}
	}
	if r.Summary != nil && r.Summary.Games != r.Stats.All.Games {
		c.fail("games", "%d, but stats count %d games (the summary and the stats beside it disagree)", r.Summary.Games, r.Stats.All.Games)
	}
	return c.err
}

// playerCounts parses a header's players ("3", "2-5", "2,4"), ascending.
func playerCounts(spec string) ([]int, error) {
	var counts []int
	for _, part := range strings.Split(spec, ",") {
		a, b, isRange := strings.Cut(strings.TrimSpace(part), "-")
		lo, err1 := strconv.Atoi(a)
		hi, err2 := lo, error(nil)
		if isRange {
			hi, err2 = strconv.Atoi(b)
		}
		if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > 1000 {
			return nil, fmt.Errorf("players: %q is not a list of player counts (3, 2-5, 2,4)", spec)
		}
		for n := lo; n <= hi; n++ {
			counts = append(counts, n)
		}
	}
	sort.Ints(counts)
	return counts, nil
}

// containsInt reports whether list holds n.
func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}

// checker keeps the first problem found.
type checker struct {
	batch int // the header's batch_games
	err   error
}

// fail records a problem at the field path, unless one is recorded.
func (c *checker) fail(path, format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf("%s: %s", path, fmt.Sprintf(format, args...))
	}
}

// nonNegative checks a count.
func (c *checker) nonNegative(path string, n int) {
	if n < 0 {
		c.fail(path, "%d is negative (a count)", n)
	}
}

// tally checks one Tally of games of at most players players; exact
// (a by_players tally) says every game had exactly that many.
func (c *checker) tally(path string, t *Tally, players int, exact bool) {
	for _, f := range []struct {
		name string
		n    int
	}{{"games", t.Games}, {"failed", t.Failed}, {"stopped", t.Stopped}, {"no_decision", t.NoDecision}} {
		c.nonNegative(path+"."+f.name, f.n)
	}
	if t.Games > c.batch {
		c.fail(path+".games", "%d, more than the batch's %d (batch_games)", t.Games, c.batch)
	}
	finished := t.Games - t.Failed - t.Stopped
	if finished < 0 || t.NoDecision > finished {
		c.fail(path, "%d failed, %d stopped and %d without a decision, of %d games", t.Failed, t.Stopped, t.NoDecision, t.Games)
	}
	c.samples(path+".errors", t.Errors)
	c.samples(path+".stop_messages", t.StopMessages)
	c.samples(path+".warnings", t.Warnings)
	c.seats(path+".seats", t.Seats, players, finished, exact)
	c.dist(path+".decisions", t.Decisions, finished)
	c.dist(path+".margins", t.Margins, finished)
	c.dist(path+".scores", t.Scores, -1)
	for _, name := range sortedKeys(t.Attributes) {
		for _, v := range sortedKeys(t.Attributes[name]) {
			if w := t.Attributes[name][v]; w != nil {
				c.wins(fmt.Sprintf("%s.attributes.%s.%s", path, name, v), *w, players)
			}
		}
	}
	for _, name := range sortedKeys(t.Cards) {
		if ct := t.Cards[name]; ct != nil {
			p := path + ".cards." + name
			c.nonNegative(p+".games", ct.Games)
			c.dist(p+".decisions", ct.Decisions, -1)
			c.wins(p+".takers", ct.Takers, players)
		}
	}
	for _, name := range sortedKeys(t.Counters) {
		if ct := t.Counters[name]; ct != nil {
			p := path + ".counters." + name
			c.dist(p+".all", ct.All, -1)
			c.dist(p+".winners", ct.Winners, -1)
			c.dist(p+".others", ct.Others, -1)
		}
	}
}

// seats checks the seats' wins: at most players seats, each played by at
// most every finished game (seat 1, and in a by_players tally every seat,
// by exactly every one), and each k-winner win shared out to k seats.
func (c *checker) seats(path string, seats []Wins, players, finished int, exact bool) {
	if len(seats) > players {
		c.fail(path, "%d seats, but the games have at most %d players", len(seats), players)
		return
	}
	if finished > 0 && (len(seats) == 0 || exact && len(seats) != players) {
		c.fail(path, "%d seats for %d finished games of %d players", len(seats), finished, players)
		return
	}
	var shared []int
	for i, w := range seats {
		p := fmt.Sprintf("%s[%d]", path, i)
		c.wins(p, w, players)
		if w.Trials > finished || (i == 0 || exact) && w.Trials != finished {
			c.fail(p+".trials", "%d, but %d games finished (every game played by this seat counts)", w.Trials, finished)
		}
		for k, n := range w.Shared {
			for len(shared) <= k {
				shared = append(shared, 0)
			}
			shared[k] += n
		}
	}
	for k, n := range shared {
		if n%(k+1) != 0 {
			c.fail(fmt.Sprintf("%s[].shared[%d]", path, k), "%d wins shared by %d winners in all seats: not a whole number of games", n, k+1)
		}
	}
}

// wins checks a Wins: non-negative counts, no more wins than trials, no
// win shared by more winners than players.
func (c *checker) wins(path string, w Wins, players int) {
	c.nonNegative(path+".trials", w.Trials)
	if len(w.Shared) > players {
		c.fail(path+".shared", "wins shared by up to %d winners, but the games have at most %d players", len(w.Shared), players)
	}
	won := 0
	for k, n := range w.Shared {
		c.nonNegative(fmt.Sprintf("%s.shared[%d]", path, k), n)
		won += n
		if won > w.Trials || won < 0 {
			c.fail(path+".shared", "more wins than trials (%d)", w.Trials)
			return
		}
	}
}

// dist checks a Dist: values within MaxValue, counts non-negative and, when
// n is not negative, n values counted in all.
func (c *checker) dist(path string, d Dist, n int) {
	total := 0
	for _, v := range sortedIntKeys(d.Counts) {
		count := d.Counts[v]
		switch {
		case int64(v) > MaxValue || int64(v) < -MaxValue:
			c.fail(path+".counts", "value %d is beyond ±%d", v, MaxValue)
			return
		case count < 0:
			c.fail(path+".counts", "value %d counted %d times (a count)", v, count)
			return
		case int64(count) > MaxValue-int64(total):
			c.fail(path+".counts", "more than %d values", MaxValue)
			return
		}
		total += count
	}
	if n >= 0 && total != n {
		c.fail(path+".counts", "%d values, but %d games finished (one value a finished game)", total, n)
	}
}

// samples checks sample game indices: within the batch.
func (c *checker) samples(path string, list []Sample) {
	for i, s := range list {
		if s.Game < 0 || s.Game >= c.batch {
			c.fail(fmt.Sprintf("%s[%d].game", path, i), "game index %d is not in the batch (0 to %d)", s.Game, c.batch-1)
		}
	}
}

// sortedIntKeys lists an int-keyed map's keys in order.
func sortedIntKeys(m map[int]int) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}
