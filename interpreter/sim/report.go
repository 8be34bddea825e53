package sim

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Header names what a batch played: the game, where its rules came from,
// the variant, the seats and seeds, and which shards of the batch a Report
// holds.
type Header struct {
	Game  string `json:"game"`
	Title string `json:"title"`
	// RulesetSource is the ruleset's folder, or "built-in".
	RulesetSource string `json:"ruleset_source"`
	// Variant is the applied variant, "" for the base rules.
	Variant string `json:"variant"`
	// RulesetHash is the hash of the ruleset's files, the variant's file
	// among them (Program.Hash): equal rules in other files differ.
	RulesetHash string `json:"ruleset_hash"`
	// Set is the constant a sweep set, "NAME=VALUE" ("" for none).
	Set string `json:"set,omitempty"`
	// Players is the player counts as written ("2-5"); Seats the bot kind
	// of each seat of the largest game.
	Players string   `json:"players"`
	Seats   []string `json:"seats"`
	// Seed is the batch's seed; BatchGames the number of games of the
	// whole batch, all shards.
	Seed       uint64 `json:"seed"`
	BatchGames int    `json:"batch_games"`
	// Shards lists the shards the report holds, in order; empty when it
	// holds the whole batch.
	Shards []Shard `json:"shards,omitempty"`
	// Labels are the headings the ruleset gives report attributes and
	// counters (Program.ReportLabels); the statistics keep the names.
	Labels map[string]string `json:"labels,omitempty"`
	// Runtime is the runtime the games were played on: "flat" (the
	// rebuild, where it covers the ruleset and the bots), or "present",
	// RuntimeReason saying why (RuntimeOf). The statistics are the same
	// either way; "" for a merge of reports that differ.
	Runtime       string `json:"runtime,omitempty"`
	RuntimeReason string `json:"runtime_reason,omitempty"`
	// Interrupted says the run was stopped before it played all its games
	// (Run's Interrupted): the statistics are of the first games of the
	// batch or shard, those that finished. Merge refuses such a report.
	Interrupted bool `json:"interrupted,omitempty"`
}

// Label is the heading of a report attribute or counter: its label, or
// the name when the ruleset gives none.
func (h *Header) Label(name string) string {
	if l, ok := h.Labels[name]; ok {
		return l
	}
	return name
}

// VariantName is the variant, or "base rules".
func (h *Header) VariantName() string {
	if h.Variant == "" {
		return "base rules"
	}
	return h.Variant
}

// Report is a batch's (or some shards') statistics with what they are of:
// the Summary for people and the Stats that merge. simulate --json prints
// one, simulate --stats writes one, merge reads them.
type Report struct {
	Header
	*Summary
	// Seconds is the time the batch took (absent from merged reports).
	Seconds *float64 `json:"seconds,omitempty"`
	// Stats are the mergeable statistics the Summary was derived from.
	Stats *Stats `json:"stats"`
}

// NewReport summarises stats under h.
func NewReport(h Header, stats *Stats) *Report {
	return &Report{Header: h, Summary: stats.Summarize(), Stats: stats}
}

// Merge combines reports of shards of the same batch into one, as if one
// run had played all their games. The headers must agree but for the
// shards, and no two reports may hold the same game: a report without
// shards holds the whole batch, and shards of different counts overlap
// when some game index of the batch is in both (0/2 and 0/4 share the
// games of indices 0, 4, 8, ...), so their games would count twice. names name the reports
// in errors.
func Merge(names []string, reports []*Report) (*Report, error) {
	if len(reports) == 0 {
		return nil, fmt.Errorf("nothing to merge")
	}
	first := reports[0].Header
	h := first
	h.Shards = nil
	stats := &Stats{}
	var owner []string // owner[k] names the report of h.Shards[k]
	for i, r := range reports {
		if err := sameBatch(&first, &r.Header); err != nil {
			return nil, fmt.Errorf("%s and %s are not shards of one batch: %v", names[0], names[i], err)
		}
		if r.Stats == nil {
			return nil, fmt.Errorf("%s holds no stats (write it with simulate --json or --stats)", names[i])
		}
		if r.Interrupted {
			return nil, fmt.Errorf("%s is of an interrupted run (only its first games finished): merged, it would stand for all the games of its shard; run that shard again", names[i])
		}
		if r.Runtime != h.Runtime || r.RuntimeReason != h.RuntimeReason {
			h.Runtime, h.RuntimeReason = "", "" // the shards played on different runtimes: the same statistics
		}
		shards := r.Shards
		if len(shards) == 0 {
			shards = []Shard{{Index: 0, Count: 1}}
		}
		for _, s := range shards {
			if !s.Whole() && (s.Index < 0 || s.Index >= s.Count) {
				return nil, fmt.Errorf("%s: bad shard %d/%d (the index must be from 0 to the count less 1)", names[i], s.Index, s.Count)
			}
			for k, o := range h.Shards {
				if o == s || o.Whole() && s.Whole() {
					return nil, fmt.Errorf("%s and %s both hold %s of the batch", owner[k], names[i], shardWords(s))
				}
				if shared, g := o.Overlap(s, h.BatchGames); shared > 0 {
					return nil, fmt.Errorf("%s and %s overlap: %s and %s share %d of the batch's %d games (%s); merging them would count those games twice",
						owner[k], names[i], shardWords(o), shardWords(s), shared, h.BatchGames, gamesText(g, shared, o, s))
				}
			}
			owner = append(owner, names[i])
			h.Shards = append(h.Shards, s)
		}
		stats.Merge(r.Stats)
	}
	h.Shards = normalShards(h.Shards)
	return NewReport(h, stats), nil
}

// shardWords is "all games" or "shard i/n".
func shardWords(s Shard) string {
	if s.Whole() {
		return "all games"
	}
	return "shard " + s.String()
}

// gamesText names shared games from the first, index g, for people:
// "game 4" or "games 1, 5, 9, ..." (counted from 1, as the game column
// of simulate --rows counts them; the index of game k is k-1).
func gamesText(g, shared int, a, b Shard) string {
	if shared == 1 {
		return fmt.Sprintf("game %d", g+1)
	}
	step := lcm(max(a.Count, 1), max(b.Count, 1))
	list := make([]string, 0, 3)
	for k := range min(shared, 3) {
		list = append(list, fmt.Sprint(g+k*step+1))
	}
	if shared > 3 {
		list = append(list, "...")
	}
	return "games " + strings.Join(list, ", ")
}

// sameBatch reports how two headers differ in what was played.
func sameBatch(a, b *Header) error {
	switch {
	case a.Game != b.Game:
		return fmt.Errorf("game %s, not %s", b.Game, a.Game)
	case a.Variant != b.Variant:
		return fmt.Errorf("%s, not %s", b.VariantName(), a.VariantName())
	case a.RulesetHash != b.RulesetHash:
		return fmt.Errorf("ruleset files %s, not %s (the rules changed between the runs)", b.RulesetHash, a.RulesetHash)
	case a.Set != b.Set:
		return fmt.Errorf("set %q, not %q", b.Set, a.Set)
	case a.Players != b.Players:
		return fmt.Errorf("players %s, not %s", b.Players, a.Players)
	case !slices.Equal(a.Seats, b.Seats):
		return fmt.Errorf("seats %s, not %s", strings.Join(b.Seats, ","), strings.Join(a.Seats, ","))
	case a.Seed != b.Seed:
		return fmt.Errorf("seed %d, not %d", b.Seed, a.Seed)
	case a.BatchGames != b.BatchGames:
		return fmt.Errorf("a batch of %d games, not %d", b.BatchGames, a.BatchGames)
	}
	return nil
}

// normalShards sorts the shards; a complete set (every index of one count,
// or the whole batch) becomes nil: the report holds the whole batch.
func normalShards(shards []Shard) []Shard {
	slices.SortFunc(shards, func(x, y Shard) int {
		return cmp.Or(cmp.Compare(x.Count, y.Count), cmp.Compare(x.Index, y.Index))
	})
	if len(shards) == 1 && shards[0].Whole() {
		return nil
	}
	n := shards[0].Count
	if len(shards) != n {
		return shards
	}
	for i, s := range shards {
		if s.Count != n || s.Index != i {
			return shards
		}
	}
	return nil
}

// Missing lists the shards of the batch a report lacks (for a note), when
// its shards all have one count.
func (h *Header) Missing() []Shard {
	if len(h.Shards) == 0 {
		return nil
	}
	n := h.Shards[0].Count
	have := map[int]bool{}
	for _, s := range h.Shards {
		if s.Count != n {
			return nil
		}
		have[s.Index] = true
	}
	var out []Shard
	for i := range n {
		if !have[i] {
			out = append(out, Shard{Index: i, Count: n})
		}
	}
	return out
}
