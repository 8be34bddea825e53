package interpreter_test

// Games of this package's test rulesets played by bots and recorded,
// replayed and read back: the core features (pick, shuffled lists, keyed
// zone families) seen through the layers above it. These are external
// tests because package interpreter may not import bot or transcript;
// export_test.go hands them the rulesets.

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter"
	"agon/interpreter/bot"
	"agon/interpreter/internal/rulestest"
	"agon/interpreter/transcript"
)

func TestPickRecordReplayWithBots(t *testing.T) {
	p := rulestest.Load(t, interpreter.PickGems)
	for _, kind := range bot.Kinds() {
		b, err := bot.New(kind, 7)
		require.NoError(t, err)
		tr, err := transcript.Record(p, interpreter.Config{Players: 1, Seed: 3}, []interpreter.Bot{b})
		require.NoError(t, err, kind)
		back, err := transcript.Read("t.yaml", tr.Marshal())
		require.NoError(t, err)
		_, err = transcript.Replay(p, back, transcript.ReplayOptions{})
		assert.NoError(t, err, kind)
		n := 0
		for _, s := range tr.Steps {
			if s.Kind == transcript.StepDecide && s.Key != "go" {
				n++
			}
		}
		assert.GreaterOrEqual(t, n, 2, "%s: at least min picks recorded", kind)
	}
}

func TestGreedyFinishesAPickToRateIt(t *testing.T) {
	// The heuristic is the value in the pile: the best pick of 1 is ruby.
	p := rulestest.Load(t, interpreter.GemsDeck+`
flow:
  - choose:
      who: 0
      prompt: pick one
      pick:
        from: deck
        as: c
        picked: chosen
        min: 1
        max: 2
        do:
          - {move: chosen, into: pile}
`+interpreter.WaitEffect+`
scoring:
  score: sum(pile, .value)
`)
	g, err := interpreter.NewGame(p, interpreter.Config{Players: 1, Seed: 1})
	require.NoError(t, err)
	b, err := bot.New("greedy", 1)
	require.NoError(t, err)
	d := g.Pending()
	assert.Equal(t, "pick c=ruby", d.Options[b.Choose(g, d)].Key)
	rulestest.Apply(t, g, "pick c=ruby")
	d = g.Pending()
	assert.Equal(t, "pick c=pearl", d.Options[b.Choose(g, d)].Key, "a second pick beats done")
}

func TestChoiceGamePlays(t *testing.T) {
	p, err := interpreter.Load(fstest.MapFS{"g/game.yaml": {Data: []byte(interpreter.ChoiceGame)}}, "g", "")
	require.NoError(t, err)
	for _, kind := range bot.Kinds() {
		bots := make([]interpreter.Bot, 3)
		for i := range bots {
			bots[i], _ = bot.New(kind, uint64(i))
		}
		tr, err := transcript.Record(p, interpreter.Config{Players: 3, Seed: 9}, bots)
		require.NoError(t, err, kind)
		back, err := transcript.Read("t.yaml", tr.Marshal())
		require.NoError(t, err)
		_, err = transcript.Replay(p, back, transcript.ReplayOptions{})
		require.NoError(t, err, kind)
	}
}

func TestShuffleListRecordedAndReplayed(t *testing.T) {
	p := rulestest.Load(t, interpreter.ShuffleLists)
	first, _ := bot.New("first", 1)
	tr, err := transcript.Record(p, interpreter.Config{Players: 2, Seed: 4}, []interpreter.Bot{first, first})
	require.NoError(t, err)
	back, err := transcript.Read("t.yaml", tr.Marshal())
	require.NoError(t, err)
	_, err = transcript.Replay(p, back, transcript.ReplayOptions{})
	require.NoError(t, err)
	// A chance step that is not a rearrangement of the list is refused.
	for i, s := range back.Steps {
		if s.Kind == transcript.StepChance && s.Name == "shuffle order" {
			back.Steps[i].Result = []string{"1", "2", "3", "4", "5", "5"}
		}
	}
	_, err = transcript.Replay(p, back, transcript.ReplayOptions{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"5" is not in the list (or is listed too often)`)
}

func TestKeyedZoneFamilyTranscriptReplays(t *testing.T) {
	p := rulestest.Load(t, interpreter.StackRules+`setup:
  - move: filter(supply, .colour == 1)[0:2]
    into: hades.left
  - shuffle: hades.left
  - draw: 1
    from: hades.left
    into: stack.thebes
`)
	var bots []interpreter.Bot
	for i := 0; i < 2; i++ {
		b, err := bot.New("random", uint64(i+7))
		require.NoError(t, err)
		bots = append(bots, b)
	}
	tr, err := transcript.Record(p, interpreter.Config{Players: 2, Seed: 3}, bots)
	require.NoError(t, err)
	text := string(tr.Marshal())
	assert.Contains(t, text, "chance: shuffle hades[left]")
	back, err := transcript.Read("t.yaml", []byte(text))
	require.NoError(t, err)
	_, err = transcript.Replay(p, back, transcript.ReplayOptions{})
	require.NoError(t, err, "the recorded game replays")
}
