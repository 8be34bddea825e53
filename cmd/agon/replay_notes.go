package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"agon/interpreter"
	"agon/interpreter/transcript"
)

// rulesetNote is replay's note on a transcript recorded with other rules
// than p (source says which copy p is): another game's, when its hash is
// the hash of another game's rules (game: was changed), else "the ruleset
// changed"; "" when the hashes agree or the transcript has none.
func rulesetNote(t *transcript.Transcript, p *interpreter.Program, source string) string {
	if t.Ruleset == "" || t.Ruleset == p.Hash() {
		return ""
	}
	if other := gameWithHash(t.Ruleset, t.Variant, t.Game); other != "" {
		return fmt.Sprintf("the transcript was recorded with the rules of %s, but its game: says %s: the game differs, not just the ruleset (put back game: %s)", other, t.Game, other)
	}
	note := fmt.Sprintf("the ruleset changed since the transcript was recorded (%s, now %s)", t.Ruleset, p.Hash())
	if t.RulesetSource != "" && !sameSource(t.RulesetSource, source) {
		note += fmt.Sprintf("; it was recorded with %s, this is %s", t.RulesetSource, source)
		if hint := recordedCopyHint(t.RulesetSource); hint != "" {
			note += "; " + hint
		}
	}
	return note
}

// recordedCopyHint says how to replay against the folder a transcript's
// ruleset_source: names (recorded is that value): with --ruleset and the
// folder when it is still there, else with --ruleset and the folder it
// was moved to; "" for the built-in rules.
func recordedCopyHint(recorded string) string {
	if recorded == "" || recorded == builtIn {
		return ""
	}
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	dir := filepath.FromSlash(recorded)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(projectRoot(wd), dir)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		return fmt.Sprintf("the folder it was recorded from, %s, is not there now: if that ruleset moved, give --ruleset DIR with the folder it is in now", recorded)
	}
	if rel, err := filepath.Rel(wd, dir); err == nil && rel == "." {
		dir = "." // the folder agon runs in (it said ./.)
	} else if err == nil && filepath.IsLocal(rel) {
		dir = "." + string(filepath.Separator) + rel
	}
	return "to use the copy it was recorded from, give --ruleset " + dir
}

// gameWithHash is the game other than not whose rules (resolved as a
// game name is, base rules or variant) hash to hash, or "".
func gameWithHash(hash, variant, not string) string {
	for _, game := range embeddedGames() {
		if game == not {
			continue
		}
		rs, err := resolveGame(game)
		if err != nil {
			continue
		}
		for _, v := range slices.Compact([]string{"", variant}) {
			if p, err := interpreter.Load(rs.fsys, rs.dir, v); err == nil && p.Hash() == hash {
				return game
			}
		}
	}
	return ""
}

// ownRules loads the transcript's own rules (its game's, with its
// variant), or returns nil when they do not load.
func ownRules(prm replayParams, t *transcript.Transcript) *interpreter.Program {
	rs, err := transcriptRuleset(prm, t)
	if err != nil {
		return nil
	}
	own, err := prm.progs.load(rs, t.Variant)
	if err != nil {
		return nil
	}
	return own
}

// ownRulesFail replays the transcript under its own rules when it
// diverged (varErr) under --variant, and returns that divergence's
// message when it comes at the same step or before: the transcript fails
// without the variant, so the variant is not to blame ("" otherwise).
// It runs on the runtime the replay's does (replayTranscript).
func ownRulesFail(prm replayParams, own *interpreter.Program, t *transcript.Transcript, varErr error) string {
	var vd, od *transcript.Divergence
	if own == nil || !errors.As(varErr, &vd) {
		return ""
	}
	if err := replayTranscript(prm, own, t).err; errors.As(err, &od) && od.Step <= vd.Step {
		return od.Error()
	}
	return ""
}

// isGoldenFile reports whether file is a golden transcript of an agon
// checkout, testgames/GAME/NAME.yaml for a game of its rulesets/, which
// go test ./testgames replays.
func isGoldenFile(file string) bool {
	abs, err := filepath.Abs(file)
	if err != nil {
		return false
	}
	root, ok := moduleRoot(filepath.Dir(abs))
	if !ok {
		return false
	}
	rel, ok := projectRelative(root, abs)
	parts := strings.Split(rel, "/")
	if !ok || len(parts) != 3 || parts[0] != "testgames" {
		return false
	}
	fi, err := os.Stat(filepath.Join(root, "rulesets", parts[1]))
	return err == nil && fi.IsDir()
}
