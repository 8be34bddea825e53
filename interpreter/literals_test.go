package interpreter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wordsRules declares vocabularies; each case adds one log line whose
// expression holds a literal (line 29 of rules.yaml).
const wordsRules = `vocabularies:
  goods: [wood, stone]
  kinds: [building, landscape]
  cats: [plague, drought]
constants:
  track: {plague: 3, drought: 4}
cards:
  gem:
    zone: deck
    attributes:
      kind: {type: string, values: kinds}
      cost: {type: intmap, keys: goods, default: {}}
      symbols: {type: strings, values: cats, default: []}
    rows:
      - {id: well, kind: building, cost: {stone: 1}}
      - {id: coin, count: 2, kind: landscape}
zones:
  deck: {}
vars:
  markers: {type: intmap, keys: cats, init: "{plague: 0, drought: 0}"}
  mood: {type: string, values: [calm, angry]}
functions:
  made:
    params: {good: string}
    returns: int
    expr: sum(deck, .cost[good] ?? 0)
flow:
  - let: {c: "deck[0]"}
  - log: "{%s}"
`

func TestLiteralsAreCheckedAgainstVocabularies(t *testing.T) {
	for _, c := range []struct{ expr, want string }{
		{`c.kind == 'landscpe'`, `"landscpe" is not a value of kind (did you mean "landscape"?); expected one of kinds: building, landscape`},
		{`'landscpe' != c.kind`, `"landscpe" is not a value of kind`},
		{`count(deck, .kind == 'buildng')`, `"buildng" is not a value of kind (did you mean "building"?)`},
		{`c.kind in ['building', 'landscpe']`, `"landscpe" is not a value of kind`},
		{`'plage' in c.symbols`, `"plage" is not a value of symbols (did you mean "plague"?); expected one of cats: plague, drought`},
		{`c.cost.ston ?? 0`, `"ston" is not a key of cost (did you mean "stone"?); expected one of goods: wood, stone`},
		{`c.cost['ston'] ?? 0`, `"ston" is not a key of cost`},
		{`'ston' in c.cost`, `"ston" is not a key of cost`},
		{`markers['drougt']`, `"drougt" is not a key of markers (did you mean "drought"?)`},
		{`track.plagu`, `"plagu" is not a key of track (did you mean "plague"?)`},
		{`mood == 'clam'`, `"clam" is not a value of mood (did you mean "calm"?); expected one of calm, angry`},
		{`made('ston')`, `"ston" is not a value of parameter good of made (did you mean "stone"?)`},
		{`card('wel').kind`, `unknown card id "wel" (did you mean "well"?)`},
		{`card('coin').kind`, `card row "coin" has 2 copies: name one by its id, coin#1 to coin#2`},
		{`c.id == 'coin#3'`, `"coin#3" is not a value of id`},
		{`c.def == 'wel'`, `"wel" is not a value of def (did you mean "well"?)`},
		{`c.table == 'gems'`, `"gems" is not a value of table (did you mean "gem"?)`},
	} {
		_, loadErr := Load(rulesFS(sprintf(wordsRules, c.expr)), "g", "")
		if !assert.Error(t, loadErr, c.expr) {
			continue
		}
		err := loadErr.Error()
		assert.Contains(t, err, rulesFile+":29:", c.expr)
		assert.Contains(t, err, c.want, c.expr)
	}
}

func TestLiteralsThatMatchLoad(t *testing.T) {
	for _, expr := range []string{
		`c.kind == 'landscape'`, `c.cost.stone ?? 0`, `'plague' in c.symbols`, `markers['drought']`, `made('wood')`,
		`card('coin#2').kind`, `c.def == 'coin'`, `c.kind == mood`, `[c.kind, 'anything'][1]`,
	} {
		_, err := Load(rulesFS(sprintf(wordsRules, expr)), "g", "")
		require.NoError(t, err, expr)
	}
}

// A local cannot take a global's name (scope.go), so a literal compared
// with a local is never checked against the global's words by mistake.
func TestLiteralsLocalsCannotShadowGlobals(t *testing.T) {
	src := sprintf(wordsRules, `mood == 'anything'`)
	src = src[:len(src)-len("  - log: \"{mood == 'anything'}\"\n")] + "  - let: {mood: \"'x'\"}\n  - log: \"{mood == 'anything'}\"\n"
	assert.Contains(t, loadErr(t, src), `let "mood" shadows the var "mood"`)
}

func TestVarInitKeysAreChecked(t *testing.T) {
	src := sprintf(wordsRules, "1")
	src = replaceOnce(src, `init: "{plague: 0, drought: 0}"`, `init: "{plague: 0, drougt: 0}"`)
	err := loadErr(t, src)
	assert.Contains(t, err, rulesFile+`:20:`)
	assert.Contains(t, err, `"drougt" is not a key of markers (did you mean "drought"?); expected one of cats: plague, drought`)
}

func sprintf(format, arg string) string { return strings.Replace(format, "%s", arg, 1) }

// A literal assigned to a variable with values, or given to a procedure
// parameter that ends up compared or stored there, is checked too; "" (the
// zero value) always fits.
func TestLiteralsInSetAndCall(t *testing.T) {
	procs := `procedures:
  strike:
    params: {cat: string}
    do:
      - {call: mark, with: {what: cat}}
  mark:
    params: {what: string}
    do:
      - {add: "markers[what]", by: 1}
`
	for _, c := range []struct{ effect, want string }{
		{`{set: mood, to: "'angyr'"}`, `:29:22: "angyr" is not a value of mood (did you mean "angry"?); expected one of calm, angry`},
		{`{call: strike, with: {cat: "'plage'"}}`, `:29:33: "plage" is not a value of parameter cat of strike (did you mean "plague"?); expected one of cats: plague, drought`},
		{`{set: mood, to: "''"}`, ``},
		{`{call: strike, with: {cat: "'plague'"}}`, ``},
	} {
		src := replaceOnce(wordsRules, "  - log: \"{%s}\"\n", "  - "+c.effect+"\n") + procs
		_, err := Load(rulesFS(src), "g", "")
		if c.want == "" {
			assert.NoError(t, err, c.effect)
			continue
		}
		if assert.Error(t, err, c.effect) {
			assert.Contains(t, err.Error(), rulesFile+c.want, c.effect)
		}
	}
}
