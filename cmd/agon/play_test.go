package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
)

// playScript plays peloponnes seed 5 (P1 human, the others random) with
// the given stdin and returns stdout.
func playScript(t *testing.T, stdin string, extra ...string) string {
	t.Helper()
	args := append([]string{"play", "peloponnes", "--seats", "human,random,random", "--seed", "5"}, extra...)
	_, out, _ := runCLI(t, stdin, args...)
	return out
}

// firstPrompt is the opening bid prompt of that game.
const firstPrompt = "P1 (human): P1: bid on a power card or pass (you can put down 5 coin cards)"

func TestPlayShowsACompactView(t *testing.T) {
	requireCore(t)
	out := playScript(t, "q\n")
	before, _, ok := strings.Cut(out, firstPrompt)
	require.True(t, ok, out)
	view := before[strings.LastIndex(before, "P2 bids 4 on Barley Fields"):]
	lines := strings.Count(strings.TrimSpace(view), "\n")
	assert.LessOrEqual(t, lines, 10, "the view before a decision stays short:\n%s", view)
	assert.Contains(t, view, "display: Potters' Quarter, Market, Fishing Coast")
	assert.Contains(t, view, "P1 (you): population 3, power points 1")
	assert.Contains(t, view, "  hand: Stone coin ×3, Wood coin, Grain coin")
	assert.Contains(t, view, "P3: on the table 1 inhabitant, 2 power, bidding not yet, luxury goods 0, production 1 wood, 1 stone, 0 grain | hand: 6 | tableau: Corinth",
		"another's population and power points count the backs of a hand only its holder sees: the others see what is on the table")
	assert.NotContains(t, view, "P3: population")
	assert.NotContains(t, view, "power_pile", "hidden global zones are left out")
	assert.Contains(t, before, "-- so far --\nP2 plays Mycenae", "P1 has not decided yet: there is no last decision to be since")
	assert.NotContains(t, before, "last decision")
}

// After a seat's first decision, what it is shown is news since that one.
func TestPlaySaysSinceTheLastDecisionAfterOne(t *testing.T) {
	requireCore(t)
	out := playScript(t, "1\nq\n")
	_, after, ok := strings.Cut(out, "-- so far --")
	require.True(t, ok, out)
	assert.Contains(t, after, "-- since P1 (human)'s last decision --\nP1 passes")
}

func TestPlayStateShowsEverything(t *testing.T) {
	requireCore(t)
	out := playScript(t, "state\nq\n")
	assert.Contains(t, out, "power_pile: 42 cards")
	assert.Contains(t, out, "luxury goods: P1 0, P2 0, P3 0", "luxury and luxury_card are hidden; the view shows them in words")
	assert.Contains(t, out, "bidding: P1 not yet, P2 4 on Barley Fields", "the bid vars are hidden; the view shows the bid")
}

func TestPlayShowCard(t *testing.T) {
	requireCore(t)
	out := playScript(t, "show Potters Quarter\nshow coin_wood\nshow Lion Gat\nshow\nq\n")
	assert.Contains(t, out, "Potters' Quarter (potters_quarter, power card)\n  kind: building\n")
	assert.Contains(t, out, "  cost: stone 1, wood 1\n")
	assert.Contains(t, out, "Wood coin (coin_wood, coin card)\n  back: wood\n")
	assert.Contains(t, out, `no card "Lion Gat" (did you mean "Lion Gate"?)`)
	assert.Contains(t, out, "show which card?")
	assert.Contains(t, out, "  zero or none: production, income_luxury, ", "figures that say nothing share one line")
	assert.NotContains(t, out, "supply: false")
}

// show prints a list of maps as a person reads it, not in Go's syntax.
func TestPlayShowReadsWell(t *testing.T) {
	requireCore(t)
	_, out, _ := runCLI(t, "show ECCLESIA\nq\n", "play", "athens", "--players", "2", "--seats", "human,random", "--seed", "1")
	assert.Contains(t, out, "ECCLESIA (ecclesia, action card)\n  kind: ecclesia\n  costs: upper 1; middle 2; lower 3\n")
	assert.NotContains(t, out, "map[")
}

func TestPlayHelpAndBadInput(t *testing.T) {
	requireCore(t)
	out := playScript(t, "help\nnine\n9\nq\n")
	assert.Contains(t, out, "show CARD   a card's figures, by id or name (e.g. show well)")
	assert.Contains(t, out, `"nine" is not an option number`)
	assert.Contains(t, out, `"9" is not an option number`)
}

func TestPlayUndo(t *testing.T) {
	requireCore(t)
	out := playScript(t, "undo\n1\nundo\nq\n")
	assert.Contains(t, out, "nothing to undo: this is your first decision")
	assert.Contains(t, out, "undone: back to P1 (human)'s previous decision")
	_, after, _ := strings.Cut(out, "undone:")
	assert.Contains(t, after, firstPrompt, "the opening bid is asked again")
	assert.NotContains(t, after, "P1 passes", "the pass is forgotten")
}

func TestPlayUndoReplaysTheSameGame(t *testing.T) {
	requireCore(t)
	// Passing twice, or passing, undoing and passing again twice, reach
	// the same third decision with the same view.
	straight := playScript(t, "1\n1\nq\n")
	undone := playScript(t, "1\n1\nundo\n1\nq\n")
	tail := func(s string) string { return s[strings.LastIndex(s, "\nround: "):] }
	assert.Equal(t, tail(straight), tail(undone))
}

func TestPlayTypeAhead(t *testing.T) {
	requireCore(t)
	out := playScript(t, "2 2\nq\n")
	assert.Contains(t, out, "P1: which coin card do you bid?", "two answers in one line: bid, then 3 coin cards")
	assert.Equal(t, 2, strings.Count(out, "choose 1-"), "the second answer needed no prompt")
}

// Answers typed ahead are the typist's own: at a shared screen, the next
// seat's (secret) question is asked, not answered by them.
func TestPlayTypeAheadStaysWithItsSeat(t *testing.T) {
	requireCore(t)
	// P2 is outbid and types "2 2": the first moves the bid; the second
	// must not become P1's choice of a coin card.
	stdin := "2\n1\n2\n2\n2\n1\n1\n1\n1\n2 2\nq\n"
	_, out, _ := runCLI(t, stdin, "play", "peloponnes", "--players", "2", "--seats", "human,human", "--seed", "5")
	assert.Contains(t, out, "(P2 (human)'s 1 answer typed ahead dropped: P1 (human) decides first)",
		"said, but not which answer: P1 reads the same screen")
	assert.Contains(t, out, "P1 (human): P1: which coin card do you use to put Potters' Quarter under construction?", "P1 is asked")
	assert.NotContains(t, out, "P1 (human): (a secret choice)\nP1 starts building")
}

// A bot deciding in between also drops them: the typist has not seen
// what it did.
func TestPlayTypeAheadDroppedWhenABotDecides(t *testing.T) {
	requireCore(t)
	out := playScript(t, "1 1\nq\n")
	assert.Contains(t, out, "(P1 (human)'s 1 answer typed ahead dropped: P3 (random) decides first)")
	_, after, _ := strings.Cut(out, "dropped:")
	assert.Contains(t, after, "choose 1-", "P1 is asked its next question")
}

func TestPlayKeepsOtherSeatsSecretsSecret(t *testing.T) {
	requireCore(t)
	out := playScript(t, strings.Repeat("1\n", 40)+"q\n")
	assert.Contains(t, out, "P2 (random): (a secret choice)")
	// Coin cards paid in the supply phase are public; those bid are not.
	bidding := regexp.MustCompile(`(?s)phase: bidding\n.*?phase: turn_order`).FindAllString(out, -1)
	require.NotEmpty(t, bidding)
	for _, b := range bidding {
		assert.NotRegexp(t, `P[23] \(random\): a coin card showing`, b, "which coin cards a bot bid stays hidden")
	}
}

func TestPlayFromScenario(t *testing.T) {
	requireCore(t)
	file := "../../testgames/peloponnes/scenarios/displacement-chain-and-withdraw.yaml"
	code, out, stderr := runCLI(t, "q\n", "play", "--from", file, "--seats", "human,first,first")
	assert.Equal(t, exitOK, code, "quitting is a choice, not a problem: %s", stderr)
	assert.Contains(t, out, "Peloponnes Card Game, 3 players, from "+file)
	assert.Contains(t, out, "display: Lion Gate, Stoa, Granary")
	assert.Contains(t, out, "  hand: Stone coin ×5")
	// The setup dealt another game, which the position replaced: its log
	// (civilizations, revealed cards) is not news to show.
	assert.Contains(t, out, "-- since the scenario's position --\nP3 (first): ")
	assert.NotContains(t, out, "Revealed: ")
	assert.NotContains(t, out, " plays Argos")

	code, _, stderr = runCLI(t, "", "play", "--from", file, "--players", "2")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "--players 2, but the scenario is for 3 players")
	code, _, stderr = runCLI(t, "", "play")
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, stderr, "play needs a RULESET")
}

func TestReplayRunsScenarioFiles(t *testing.T) {
	requireCore(t)
	file := "../../testgames/peloponnes/scenarios/luxury-cap-17.yaml"
	code, out, stderr := runCLI(t, "", "replay", file)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "ruleset: ")
	assert.Contains(t, out, "ok: scenario \"luxury goods are capped at 17\": 0 decisions, 2 checks\n")

	data, err := os.ReadFile(file)
	require.NoError(t, err)
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	require.NoError(t, os.WriteFile(bad, []byte(strings.Replace(string(data), "== 17", "== 18", 1)), 0o644))
	code, out, _ = runCLI(t, "", "replay", bad)
	assert.Equal(t, exitProblems, code)
	assert.Regexp(t, `bad\.yaml:\d+: step 3: expected check "players\[0\]\.luxury == 18" to hold, but it does not: players\[0\]\.luxury == 18 is false \(players\[0\]\.luxury is 17\)`, out)
}

func TestPlayBotsOnlyStreamsTheGame(t *testing.T) {
	requireCore(t)
	code, out, stderr := runCLI(t, "", "play", "peloponnes", "--seats", "random,first", "--seed", "3")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "Round 8")
	assert.Contains(t, out, "(a secret choice)", "onlookers do not see secret choices")
	assert.NotContains(t, out, "choose 1-")
	assert.Contains(t, out, "Final scores")
}

// A transcript given to --from is named for what it is, with the commands
// that read one, not reported as a scenario with unknown keys.
func TestPlayFromATranscript(t *testing.T) {
	requireCore(t)
	code, _, stderr := runCLI(t, "", "play", "--from", explainGolden)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, explainGolden+" is a transcript, not a scenario: ")
	assert.Contains(t, stderr, "agon explain "+explainGolden+" --step N shows the position at its decision N (1 to 196)")
	assert.NotContains(t, stderr, "unknown key")

	// One agon wrote but that no longer reads cleanly is still a transcript.
	file := brokenGolden(t, "seed: ", "sead: ")
	code, _, stderr = runCLI(t, "", "play", "--from", file)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, file+" is a transcript, not a scenario: ")
}

// Quitting at the prompt ends play without a problem (exit 0); input that
// ends before the game does is one (exit 1).
func TestPlayQuitExitsZero(t *testing.T) {
	requireCore(t)
	args := []string{"play", "peloponnes", "--seats", "human,random,random", "--seed", "5"}
	code, _, stderr := runCLI(t, "quit\n", args...)
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "game abandoned")
	code, _, stderr = runCLI(t, "1\n", args...)
	assert.Equal(t, exitProblems, code, stderr)
	assert.Contains(t, stderr, "input ended before the game did")
}

// A score detail that is a list prints as a ruleset writes it, not in Go
// syntax; a string detail prints bare.
func TestDetailsPrintListsWithCommas(t *testing.T) {
	got := details([]interpreter.NamedValue{{Name: "n", Value: []any{1, 2}}, {Name: "s", Value: "x"}, {Name: "i", Value: 3}})
	assert.Equal(t, "n [1, 2], s x, i 3", got)
}

// record's closing line writes the scores as the transcript does.
func TestRecordSaysScoresWithCommas(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.yaml")
	code, _, stderr := runCLI(t, "", "record", "peloponnes", "--players", "3", "--seed", "42", "-o", file)
	require.Equal(t, exitOK, code, stderr)
	assert.Regexp(t, `: \d+ decisions \(\d+ steps\), scores \[-?\d+, -?\d+, -?\d+\] \(ruleset: `, stderr)
}

// A seat with a time budget makes a transcript that a second recording
// does not reproduce: record says so on stderr (it said nothing, and a
// golden recorded so failed TestGoldenRerecord at random).
func TestRecordWarnsOfClockSeats(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.yaml")
	code, _, stderr := runCLI(t, "", "record", "peloponnes", "--seats", "random,mcts:1ms", "--seed", "4", "-o", file)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "warning: P2 (mcts:1ms) decides by the clock: the transcript is valid and replays, but recording seed 4 again will not give the same game")
	code, _, stderr = runCLI(t, "", "record", "peloponnes", "--seats", "random,mcts:2", "--seed", "4", "-o", file)
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, stderr, "warning")
}

// Without --players, record plays as play does: one player per seat
// --seats lists, else the fewest the game allows (for a game of one
// count, that count).
func TestRecordDefaultsThePlayerCount(t *testing.T) {
	fixed := copyPeloponnesEdited(t, func(name, text string) string {
		return strings.Replace(text, "players: {min: 2, max: 5}", "players: {min: 3, max: 3}", 1)
	})
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{fixed}, "\nplayers: 3\n"},
		{[]string{"peloponnes"}, "\nplayers: 2\n"},
		{[]string{"peloponnes", "--seats", "random,random,random,random"}, "\nplayers: 4\n"},
	} {
		file := filepath.Join(t.TempDir(), "game.yaml")
		code, _, stderr := runCLI(t, "", append(append([]string{"record"}, tc.args...), "-o", file)...)
		require.Equal(t, exitOK, code, "%v: %s", tc.args, stderr)
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		assert.Contains(t, string(data), tc.want, tc.args)
	}
}

// A line over the prompt's limit is said and skipped: the game goes on
// (a bufio.Scanner stopped at it, and the game ended as if the input had).
func TestPlayLongLineIsSkipped(t *testing.T) {
	requireCore(t)
	args := []string{"play", "peloponnes", "--seats", "human,random,random", "--seed", "5"}
	code, out, stderr := runCLI(t, strings.Repeat("x", 70_000)+"\nstate\nquit\n", args...)
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "(the line is longer than 64 KB: ignored; type a number, a key or help)")
	assert.Contains(t, out, "power_pile: 42 cards", "the next line is read")
	assert.Contains(t, stderr, "game abandoned")
}

func TestLineReader(t *testing.T) {
	l := newLineReader(strings.NewReader("a\r\n" + strings.Repeat("y", maxPromptLine+1) + "\n" + strings.Repeat("z", maxPromptLine) + "\nlast"))
	for _, want := range []string{"a", "", strings.Repeat("z", maxPromptLine), "last"} {
		line, err := l.next()
		if want == "" {
			assert.ErrorIs(t, err, errLineTooLong)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, want, line)
	}
	_, err := l.next()
	assert.ErrorIs(t, err, io.EOF)
}

// show also names a place on a board: its attributes, neighbours and
// what is there.
func TestPlayShowAPlace(t *testing.T) {
	requireCore(t)
	_, out, _ := runCLI(t, "show A\nq\n", "play", "cyclades", "--players", "2", "--seats", "human,random", "--seed", "1")
	assert.Contains(t, out, "A (place on board \"board\")\n  terrain: island\n")
	assert.Contains(t, out, "  neighbours (land): a2_2, a3_2\n")
	assert.NotContains(t, out, `no card "A"`)
	_, out, _ = runCLI(t, "show athens\nq\n", "play", "politeia", "--players", "3", "--seats", "human,random,random", "--seed", "1")
	assert.Contains(t, out, "Athens (athens, place on board \"cities\")\n  region: hellas\n")
	assert.Contains(t, out, "  stack[athens]: ")
}

// help's examples are the game's own, not Peloponnes' lion_gate.
func TestPlayHelpExamplesAreTheGamesOwn(t *testing.T) {
	requireCore(t)
	_, out, _ := runCLI(t, "help\nq\n", "play", "athens", "--players", "2", "--seats", "human,random", "--seed", "1")
	assert.Contains(t, out, "  show CARD   a card's figures, by id or name (e.g. show upper)\n")
	assert.NotContains(t, out, "lion_gate")
	_, out, _ = runCLI(t, "help\nshow\nq\n", "play", "cyclades", "--players", "2", "--seats", "human,random", "--seed", "1")
	assert.Contains(t, out, "  show PLACE  a place on the board: its figures, neighbours and what is there (e.g. show s1_1)\n")
	assert.NotContains(t, out, "show CARD", "Cyclades has no cards")
	assert.Contains(t, out, "show which place? e.g. show s1_1")
	assert.NotContains(t, out, "lion_gate")
}

func TestPrintResultNamesADrawWhenEveryPlayerWins(t *testing.T) {
	var b strings.Builder
	draw := &interpreter.Result{
		Players: []interpreter.PlayerResult{{Player: 0, Rank: 1}, {Player: 1, Rank: 1}},
		Winners: []int{0, 1},
	}
	printResult(&b, draw, []string{"random", "human"})
	assert.Contains(t, b.String(), "A draw: every player shares the win (P1 (random), P2 (human))")
	assert.NotContains(t, b.String(), "Winners:")

	b.Reset()
	tie := &interpreter.Result{
		Players: []interpreter.PlayerResult{{Player: 0, Rank: 1}, {Player: 1, Rank: 1}, {Player: 2, Rank: 3}},
		Winners: []int{0, 1},
	}
	printResult(&b, tie, []string{"random", "random", "random"})
	assert.Contains(t, b.String(), "Winners: P1 (random), P2 (random)\n", "a tie between some players is not a draw")
}

// From a scenario, the game's chance follows the scenario's seed and the
// bots follow --seed: a drawn bots' seed is printed with how to use it, so
// the game can be played again.
func TestPlayFromScenarioPrintsTheBotsSeed(t *testing.T) {
	requireCore(t)
	file := "../../testgames/peloponnes/scenarios/displacement-chain-and-withdraw.yaml"
	code, out, stderr := runCLI(t, "q\n", "play", "--from", file, "--seats", "human,random,random")
	require.Equal(t, exitOK, code, stderr)
	m := regexp.MustCompile(`\), seed (\d+); the bots' seed (\d+) \(drawn: --seed (\d+) plays them again\)\n`).FindStringSubmatch(out)
	require.NotNil(t, m, out)
	assert.Equal(t, m[2], m[3])

	code, out, stderr = runCLI(t, "q\n", "play", "--from", file, "--seats", "human,random,random", "--seed", "7")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, ", seed "+m[1]+"; the bots' seed 7\n", "a seed given is not called drawn")

	code, out, stderr = runCLI(t, "q\n", "play", "--from", file, "--seats", "human")
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, out, "bots' seed", "no bots, no bots' seed")
}

// The header names the variant played.
func TestPlayHeaderNamesTheVariant(t *testing.T) {
	requireCore(t)
	code, out, stderr := runCLI(t, "q\n", "play", "peloponnes", "--variant", "harsh-catastrophes", "--seed", "5")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, out, "Peloponnes Card Game (variant harsh-catastrophes), 2 players, seed 5\n")
}

// Politeia's first-turn tile list counts every passive disc on a tile,
// other players' private ones too, and says what taking it costs: P1's
// disc lies on tax, so P2 is offered "tax (3 passive discs, talents -2)"
// (it said 2 discs and no cost, and P2 then paid 2 talents it lacked).
func TestPlayFirstTurnTilesCountEveryPassiveDisc(t *testing.T) {
	requireCore(t)
	_, out, _ := runCLI(t, "q\n", "play", "politeia", "--players", "3", "--seats", "random,human,random", "--seed", "1")
	assert.Contains(t, out, "  2) tax (3 passive discs, talents -2)\n")
	assert.Contains(t, out, "  1) trade (1 passive disc, talents +0)\n")
}

// A Politeia leader that marched to a battle does not keep where it came
// from once the march is over: discs later returned to the supply or paid
// as talents showed "athens [came_from athens]", like another kind of disc.
func TestPlayBattleLeadersForgetWhereTheyCameFrom(t *testing.T) {
	requireCore(t)
	_, out, _ := runCLI(t, strings.Repeat("2\n", 400), "play", "politeia", "--players", "3", "--seats", "human,random,random", "--seed", "5")
	require.Contains(t, out, "battles in", "the game has a battle to look after")
	assert.NotContains(t, out, "came_from")
}
