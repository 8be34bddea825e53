package transcript

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"agon/interpreter/internal/rulestest"
)

// familyGame has a keyed zone family (pile[left], pile[right]) that the
// setup fills.
const familyGame = `
cards:
  gem:
    zone: deck
    rows:
      - {id: ruby}
      - {id: opal}
      - {id: jade}
      - {id: onyx}
zones:
  deck: {}
  pile: {keyed_by: [left, right]}
setup:
  - {move: "card('ruby')", into: "pile['left']"}
  - {move: "card('opal')", into: "pile['right']"}
flow:
  - choose: {who: 0, prompt: go, options: [{key: go}]}
`

// runFamilyScenario runs a scenario of familyGame.
func runFamilyScenario(t *testing.T, text string) error {
	t.Helper()
	sc, err := ReadScenario("s.yaml", []byte("scenario: test\ngame: g\nplayers: 2\n"+text))
	require.NoError(t, err)
	p, err := LoadScenario(rulestest.FS(familyGame), "g", sc)
	require.NoError(t, err)
	_, err = RunScenario(p, sc)
	return err
}

func TestScenarioPositionSetsZonesOfAKeyedFamily(t *testing.T) {
	require.NoError(t, runFamilyScenario(t, `position:
  pile[left]: [jade, onyx]       # one zone of the family
  pile: {right: [ruby]}          # or several, as a mapping by key
steps:
  - check: map(pile['left'], .id) == ['jade', 'onyx'] && card('jade').zone_key == 'left'
  - check: map(pile['right'], .id) == ['ruby']
  - check: card('opal').zone == 'deck'   # what the zone held goes back to its starting zone
`))
	require.NoError(t, runFamilyScenario(t, `position:
  empty: [pile]                  # every zone of the family
steps:
  - check: len(pile['left']) + len(pile['right']) == 0 && len(deck) == 4
`))
}

func TestScenarioPositionKeyedFamilyErrors(t *testing.T) {
	err := runFamilyScenario(t, `position:
  pile[middle]: [jade]
  pile: [jade]
  pile: {rigth: [onyx]}
steps:
  - check: true
`)
	require.Error(t, err)
	assert.Equal(t, `s.yaml:5:3: pile has no zone "middle"
s.yaml:6:9: pile is a keyed zone family: write pile[KEY]: [ids] or pile: {KEY: [ids]}
s.yaml:7:10: pile has no zone "rigth" (did you mean "right"?)`, err.Error())
}
