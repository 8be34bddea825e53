package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"agon/interpreter/report"
	"agon/interpreter/sim"
	"agon/schema"
)

// mergeParams are the inputs of agon merge.
type mergeParams struct {
	Files  []string
	JSON   bool
	Stats  string // --stats FILE: write the merged JSON too
	Report string // --report FILE: an HTML page of charts
}

// runMerge combines shard files into one report.
func runMerge(prm mergeParams, stdout, stderr io.Writer) int {
	stderr = withJSONErrors(prm.JSON, stdout, stderr)
	// As simulate does: a typo in an output path is a usage error found
	// before the shards are read, not an open error after.
	if err := checkOutputs(map[string]string{"--stats": prm.Stats, "--report": prm.Report}); err != nil {
		return fail(stderr, err)
	}
	reports := make([]*sim.Report, len(prm.Files))
	for i, f := range prm.Files {
		r, err := readReport(f)
		if err != nil {
			return fail(stderr, err)
		}
		reports[i] = r
	}
	rep, err := sim.Merge(prm.Files, reports)
	if err != nil {
		return fail(stderr, err)
	}
	if prm.Stats != "" {
		if err := writeJSONFile(prm.Stats, rep); err != nil {
			return fail(stderr, err)
		}
	}
	if prm.Report != "" {
		if err := report.WriteFile(prm.Report, simulatePage(rep)); err != nil {
			return fail(stderr, err)
		}
	}
	if prm.JSON {
		writeJSON(stdout, rep)
	} else {
		printReport(stdout, rep)
	}
	if missing := rep.Missing(); len(missing) > 0 {
		fmt.Fprintf(stderr, "note: %d of the batch's %d shards %s missing: %s\n", len(missing), missing[0].Count,
			schema.Plural(len(missing), "is", "are"), shardRanges(missing))
	}
	if rep.Errors > 0 {
		return exitProblems
	}
	return exitOK
}

// maxRanges is how many ranges of missing shards merge's note lists.
const maxRanges = 8

// shardRanges lists the indices of shards (in order, of one count) as
// ranges, "0–6, 8, 10–999", the first maxRanges of them.
func shardRanges(shards []sim.Shard) string {
	var parts []string
	for i := 0; i < len(shards); {
		j := i
		for j+1 < len(shards) && shards[j+1].Index == shards[j].Index+1 {
			j++
		}
		if len(parts) == maxRanges {
			return strings.Join(parts, ", ") + fmt.Sprintf(", … (%d more)", len(shards)-i)
		}
		part := fmt.Sprint(shards[i].Index)
		if j > i {
			part += fmt.Sprintf("–%d", shards[j].Index)
		}
		parts = append(parts, part)
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// maxReportBytes bounds a simulate --json or --stats file merge reads
// (one of 200 Athens games is ~0.7 MB): a FIFO, /dev/zero or a stray huge
// file is refused instead of hanging agon or filling the memory.
const maxReportBytes = 64 << 20

// readReport reads a simulate --json or --stats file.
func readReport(file string) (*sim.Report, error) {
	data, err := schema.ReadFileLimited(file, maxReportBytes, "simulate --json or --stats file")
	if err != nil {
		return nil, err
	}
	var r sim.Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, reportJSONProblem(file, data, err)
	}
	if r.Stats == nil || r.Game == "" {
		return nil, fmt.Errorf("%s: not a simulate --json or --stats file (no game or stats)%s", file, otherKind(data))
	}
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("%s: %v (%s)", file, err, mergeInputHint)
	}
	return &r, nil
}

// otherKind names the agon output a file that merge cannot read is, when
// it is one: " — it is …; …".
func otherKind(data []byte) string {
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) != nil {
		return ""
	}
	switch {
	case keys["reports"] != nil:
		return ": it is a simulate --set sweep (a report per value); merge reads one run's shards, so shard each value apart (--set NAME=V --shard i/n --stats FILE, one value a run)"
	case keys["comparisons"] != nil || keys["differences"] != nil:
		return ": it is a compare --json; merge reads simulate shards (simulate --shard i/n --stats FILE)"
	}
	return ""
}

// newMergeCmd wires agon merge.
func newMergeCmd(e *env) *cobra.Command {
	var prm mergeParams
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Combine the statistics of simulate shards into one report",
		Long: `merge reads the files that 'agon simulate --shard i/n --stats FILE' (or --json)
wrote and prints the report one simulate of all their games would print: the
statistics are counts and histograms, so the merge is exact. The files must be of
one batch (same game, variant, ruleset files, players, seats, seed and --games)
and hold no game twice: a shard given twice, a whole run with any shard, or
shards of different counts that share a game (0/2 and 0/4 both hold games 1,
5, 9, ..., counted from 1 as --rows counts them) are an error, as is the file of a run interrupted by Ctrl-C (it holds
only some of its shard's games), and a file simulate could not have written (edited
or damaged: a negative count, more seats than players, a value beyond ±2^50):
the message names the file and the field. Missing shards are noted on stderr.

To run a batch on a cluster, run one shard per machine (for example as a
Kubernetes Indexed Job, --shard $JOB_COMPLETION_INDEX/N: see README.md,
"Running a batch on a cluster"), then merge the files.`,
		Example: `  agon simulate peloponnes --players 4 --games 1000 --shard 0/2 --stats shard-0.json
  agon simulate peloponnes --players 4 --games 1000 --shard 1/2 --stats shard-1.json
  agon merge shard-0.json shard-1.json
  agon merge shard-0.json shard-1.json --json`,
		Args: positional(1, -1, "the files simulate --stats wrote, one per shard"),
		RunE: func(cmd *cobra.Command, args []string) error {
			prm.Files = args
			e.code = runMerge(prm, e.stdout, e.stderr)
			return nil
		},
	}
	cmd.Flags().BoolVar(&prm.JSON, "json", false, "print the merged statistics as JSON (mergeable again)")
	cmd.Flags().StringVar(&prm.Report, "report", "", "write an HTML page of charts to `FILE`")
	cmd.Flags().StringVar(&prm.Stats, "stats", "", "also write the merged JSON statistics to `FILE`")
	return cmd
}
