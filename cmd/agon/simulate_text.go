package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"agon/interpreter/sim"
	"agon/schema"
)

// printReport prints a report for people: the header, then the statistics
// of all games and of each player count.
func printReport(w io.Writer, rep *sim.Report) {
	printSource(w, rep.RulesetSource)
	fmt.Fprintln(w, headerLine(rep))
	if note := runtimeNote(rep); note != "" {
		fmt.Fprintf(w, "note: %s\n", note)
	}
	if rep.Interrupted {
		fmt.Fprintf(w, "note: interrupted after %d of %s: these are the statistics of the games that finished\n", rep.Games, count(plannedGames(rep), "game"))
	}
	printSection(w, rep.Summary, "", rep.Label)
	if counts := requestedCounts(rep.Players, rep.PlayerCounts()); len(counts) > 1 {
		for _, n := range counts {
			sub := rep.ByPlayers[fmt.Sprint(n)]
			if sub == nil { // fewer games than player counts
				fmt.Fprintf(w, "\n%s: no games\n", count(n, "player"))
				continue
			}
			fmt.Fprintf(w, "\n%s: %s\n", count(n, "player"), count(sub.Games, "game"))
			printSection(w, sub, "  ", rep.Label)
		}
	}
}

// runtimeNote says that the games were played on the present runtime,
// and why ("" on the flat one, the rule): the same statistics, 2-4x
// slower.
func runtimeNote(rep *sim.Report) string {
	if rep.Runtime != sim.RuntimePresent {
		return ""
	}
	return "played on the present runtime, 2-4x slower than the flat one (the same results): " + rep.RuntimeReason
}

// plannedGames is how many games the run of a report was to play: those
// of its shard, or of the whole batch.
func plannedGames(rep *sim.Report) int {
	if len(rep.Shards) == 1 {
		return len(rep.Shards[0].Indices(rep.BatchGames))
	}
	return rep.BatchGames
}

// requestedCounts lists the distinct player counts of --players in
// ascending order (those played when it does not parse).
func requestedCounts(players string, played []int) []int {
	counts, err := parsePlayers(players)
	if err != nil {
		return played
	}
	slices.Sort(counts)
	return slices.Compact(counts)
}

// headerLine says what was played: "200 games of T (variant V; players 4,
// seats random, seed 1) in 3.10s: 64.5 games/s".
func headerLine(rep *sim.Report) string {
	// A title that ends in its own parenthesis ("Cyclades (rules-text
	// edition)") gets the run's details in brackets, not a second pair.
	open, shut := "(", ")"
	if strings.HasSuffix(rep.Title, ")") {
		open, shut = "[", "]"
	}
	var b strings.Builder
	variant := rep.VariantName()
	if rep.Variant != "" {
		variant = "variant " + rep.Variant
	}
	fmt.Fprintf(&b, "%d %s of %s %s%s", rep.Games, schema.Plural(rep.Games, "game", "games"), rep.Title, open, variant)
	if rep.Set != "" {
		fmt.Fprintf(&b, ", %s", rep.Set)
	}
	fmt.Fprintf(&b, "; players %s, seats %s, seed %d", rep.Players, seatsText(rep.Seats), rep.Seed)
	if len(rep.Shards) > 0 {
		shards := make([]string, len(rep.Shards))
		for i, s := range rep.Shards {
			shards[i] = s.String()
		}
		fmt.Fprintf(&b, ", %s %s of a batch of %s", schema.Plural(len(shards), "shard", "shards"), strings.Join(shards, ", "), count(rep.BatchGames, "game"))
	}
	b.WriteString(shut)
	if rep.Seconds != nil {
		fmt.Fprintf(&b, " in %.2fs: %.1f games/s", *rep.Seconds, float64(rep.Games)/max(*rep.Seconds, 1e-9))
	}
	return b.String()
}

// seatsText is "random" when every seat has that kind, else the list.
func seatsText(seats []string) string {
	for _, s := range seats {
		if s != seats[0] {
			return strings.Join(seats, ",")
		}
	}
	if len(seats) == 0 {
		return ""
	}
	return seats[0]
}

// printSection prints one Summary's statistics, headed by the ruleset's
// labels (label maps a report attribute's or counter's name to its
// heading).
func printSection(w io.Writer, s *sim.Summary, indent string, label func(string) string) {
	if s.Games == 0 {
		fmt.Fprintf(w, "%sno games to report (more shards than games?)\n", indent)
		return
	}
	fmt.Fprintf(w, "%serrors: %d\n", indent, s.Errors)
	for _, m := range s.ErrorMessages {
		fmt.Fprintf(w, "%s  %s\n", indent, m)
	}
	if s.Stopped > 0 {
		fmt.Fprintf(w, "%sstopped by the decision limit: %d\n", indent, s.Stopped)
		for _, m := range s.StopMessages {
			fmt.Fprintf(w, "%s  %s\n", indent, m)
		}
	}
	if s.GamesWithoutDecisions > 0 {
		fmt.Fprintf(w, "%swarning: %s ended without a decision (does a trigger or the flow end the game at once?)\n", indent, count(s.GamesWithoutDecisions, "game"))
		for _, m := range s.Warnings {
			fmt.Fprintf(w, "%s  %s\n", indent, m)
		}
	}
	if s.Finished() == 0 {
		// Scores, margins and lengths come from finished games only:
		// zeros here would read as results.
		fmt.Fprintf(w, "%sno finished games to summarise (every game failed or was stopped)\n", indent)
		return
	}
	fmt.Fprintf(w, "%sscores: %s\n", indent, distText(s.Scores))
	fmt.Fprintf(w, "%swinning margin: %s\n", indent, distText(s.Margins))
	fmt.Fprintf(w, "%sdecisions per game: %s\n", indent, distText(s.Decisions))
	if note := pooledNote(s.PooledPlayerCounts); note != "" {
		fmt.Fprintf(w, "%snote: %s; each player count follows below\n", indent, note)
	}
	fmt.Fprintf(w, "%swin rate by seat (95%% interval):\n", indent)
	for _, r := range s.WinRateBySeat {
		fmt.Fprintf(w, "%s  P%d: %s  of %d %s\n", indent, r.Seat, rateText(r.Rate), r.Games, schema.Plural(r.Games, "game", "games"))
	}
	printAttributes(w, s, indent, label)
	printCards(w, s, indent)
	printCounters(w, s, indent, label)
}

// pooledNote says that the win rates pool several player counts
// (counts: Summary.PooledPlayerCounts), or is "" for one count.
func pooledNote(counts []int) string {
	if len(counts) < 2 {
		return ""
	}
	names := make([]string, len(counts))
	for i, n := range counts {
		names[i] = fmt.Sprint(n)
	}
	return fmt.Sprintf("the win rates pool games of %s and %s players, where a seat's fair share differs (1/%d to 1/%d)",
		strings.Join(names[:len(names)-1], ", "), names[len(names)-1], counts[0], counts[len(counts)-1])
}

// distText is "mean 23.4, sd 5.1, median 23, min 3, max 45".
func distText(d sim.DistSummary) string {
	return fmt.Sprintf("mean %.1f, sd %.1f, median %g, min %d, max %d", d.Mean, d.SD, d.Median, d.Min, d.Max)
}

// rateText is " 25.0%  [19.5%, 31.4%]".
func rateText(r sim.Rate) string {
	return fmt.Sprintf("%5.1f%%  [%.1f%%, %.1f%%]", 100*r.Rate, 100*r.Low, 100*r.High)
}

// printAttributes prints the win rate by each declared attribute, a
// table per attribute.
func printAttributes(w io.Writer, s *sim.Summary, indent string, label func(string) string) {
	rates := s.WinRateByAttribute
	for start := 0; start < len(rates); {
		end := start
		var values []string
		for end < len(rates) && rates[end].Name == rates[start].Name {
			values = append(values, rates[end].Value+":")
			end++
		}
		values = padRight(values)
		fmt.Fprintf(w, "%swin rate by %s (95%% interval):\n", indent, label(rates[start].Name))
		for i, a := range rates[start:end] {
			fmt.Fprintf(w, "%s  %s %s  of %d seats\n", indent, values[i], rateText(a.Rate), a.Games)
		}
		start = end
	}
}

// printCards prints the per-card table.
func printCards(w io.Writer, s *sim.Summary, indent string) {
	if len(s.Cards) == 0 {
		return
	}
	fmt.Fprintf(w, "%scards taken:\n", indent)
	names := []string{"card"}
	for _, c := range s.Cards {
		names = append(names, c.Card)
	}
	names = padRight(names)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s  %s\tin games\ttimes\tmean decision\ttaker win rate\t95%% interval\t\n", indent, names[0])
	for i, c := range s.Cards {
		fmt.Fprintf(tw, "%s  %s\t%.1f%%\t%d\t%.1f\t%.1f%%\t[%.1f%%, %.1f%%]\t\n", indent, names[i+1], 100*c.Taken.Rate, c.Times,
			c.Decision.Mean, 100*c.TakerWins.Rate, 100*c.TakerWins.Low, 100*c.TakerWins.High)
	}
	_ = tw.Flush()
}

// printCounters prints the declared counters.
func printCounters(w io.Writer, s *sim.Summary, indent string, label func(string) string) {
	if len(s.Counters) == 0 {
		return
	}
	fmt.Fprintf(w, "%scounters (mean per seat and game):\n", indent)
	counters := byLabel(s.Counters, label)
	names := []string{"counter"}
	for _, c := range counters {
		names = append(names, label(c.Name))
	}
	names = padRight(names)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s  %s\tall\tsd\twinners\tothers\t\n", indent, names[0])
	for i, c := range counters {
		fmt.Fprintf(tw, "%s  %s\t%.2f\t%.2f\t%.2f\t%.2f\t\n", indent, names[i+1], c.All.Mean, c.All.SD, c.Winners.Mean, c.Others.Mean)
	}
	_ = tw.Flush()
}

// byLabel is the counters in the order of their headings (the statistics
// keep the order of their names, which labels may not follow).
func byLabel(counters []sim.CounterSummary, label func(string) string) []sim.CounterSummary {
	out := slices.Clone(counters)
	slices.SortStableFunc(out, func(a, b sim.CounterSummary) int { return strings.Compare(label(a.Name), label(b.Name)) })
	return out
}
