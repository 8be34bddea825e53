package nativepeloponnes

import (
	"fmt"
	"slices"
	"testing"

	"go.yaml.in/yaml/v3"

	"agon/rulesets"
)

// readYAML decodes one file of the shipped Peloponnes ruleset.
func readYAML(t *testing.T, name string, into any) {
	t.Helper()
	data, err := rulesets.FS.ReadFile("peloponnes/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(data, into); err != nil {
		t.Fatal(err)
	}
}

type yamlRow struct {
	ID           string         `yaml:"id"`
	Kind         string         `yaml:"kind"`
	Pile         string         `yaml:"pile"`
	Value        int            `yaml:"value"`
	Order        int            `yaml:"order"`
	Coins        int            `yaml:"coins"`
	Cost         map[string]int `yaml:"cost"`
	Production   map[string]int `yaml:"production"`
	Inhabitants  int            `yaml:"inhabitants"`
	Power        int            `yaml:"power"`
	IncomeCoins  int            `yaml:"income_coins"`
	IncomeLuxury int            `yaml:"income_luxury"`
	Catastrophes []string       `yaml:"catastrophes"`
	Protects     []string       `yaml:"protects"`
	Supply       bool           `yaml:"supply"`
	BidBonus     int            `yaml:"bid_bonus"`
	ConqDiscount int            `yaml:"conquest_discount"`
	IncomeBonus  int            `yaml:"income_bonus"`
	Count        int            `yaml:"count"`
	Back         string         `yaml:"back"`
}

// describeRow writes a card's figures the same way from the YAML and from
// the native table.
func describeRow(r yamlRow) string {
	return fmt.Sprintf("%s kind=%s pile=%s value=%d order=%d coins=%d cost=%d/%d prod=%d/%d/%d inh=%d power=%d income=%d/%d cats=%v protects=%v supply=%v bonus=%d/%d/%d",
		r.ID, r.Kind, r.Pile, r.Value, r.Order, r.Coins, r.Cost["wood"], r.Cost["stone"],
		r.Production["wood"], r.Production["stone"], r.Production["grain"], r.Inhabitants, r.Power,
		r.IncomeCoins, r.IncomeLuxury, r.Catastrophes, r.Protects, r.Supply, r.BidBonus, r.ConqDiscount, r.IncomeBonus)
}

func nativeRow(d cardData) yamlRow {
	r := yamlRow{ID: d.id, Order: int(d.order), Coins: int(d.coins),
		Cost:        map[string]int{"wood": int(d.costW), "stone": int(d.costS)},
		Production:  map[string]int{"wood": int(d.prodW), "stone": int(d.prodS), "grain": int(d.prodG)},
		Inhabitants: int(d.inh), Power: int(d.power), IncomeCoins: int(d.incomeCoins), IncomeLuxury: int(d.incomeLux),
		Supply: d.supply, BidBonus: int(d.bidBonus), ConqDiscount: int(d.conqDiscount), IncomeBonus: int(d.incomeBonus)}
	if !d.civ {
		r.Kind, r.Pile, r.Value = "landscape", string("ABC"[d.pile]), int(d.value)
		if d.building {
			r.Kind = "building"
		}
	}
	for _, c := range d.cats[:d.nCats] {
		r.Catastrophes = append(r.Catastrophes, catNames[c])
	}
	for c := 0; c < nCats; c++ {
		if d.catMask&(1<<c) != 0 != slices.Contains(r.Catastrophes, catNames[c]) {
			r.Catastrophes = append(r.Catastrophes, "mask disagrees on "+catNames[c])
		}
		if d.protects&(1<<c) != 0 {
			r.Protects = append(r.Protects, catNames[c])
		}
	}
	return r
}

// The native card table is the ruleset's: every power and civilization
// card in row order with the same figures, and 18 coin cards of each back.
func TestNativeCardsMatchRuleset(t *testing.T) {
	var f struct {
		Cards map[string]struct {
			Rows []yamlRow `yaml:"rows"`
		} `yaml:"cards"`
	}
	readYAML(t, "cards.yaml", &f)
	want := append(slices.Clone(f.Cards["power"].Rows), f.Cards["civilization"].Rows...)
	if len(want) != nCards {
		t.Fatalf("the ruleset has %d power and civilization cards, the native game %d", len(want), nCards)
	}
	for i, w := range want {
		if w.Cost == nil {
			w.Cost = map[string]int{}
		}
		if w.Production == nil {
			w.Production = map[string]int{}
		}
		if len(w.Catastrophes) == 0 {
			w.Catastrophes = nil
		}
		if a, b := describeRow(w), describeRow(nativeRow(cards[i])); a != b {
			t.Errorf("card %d:\nruleset %s\nnative  %s", i, a, b)
		}
	}
	var backs []string
	for _, r := range f.Cards["coin"].Rows {
		if r.Count != nCoins/nBacks {
			t.Errorf("%s: %d coin cards, the native game has %d of each back", r.ID, r.Count, nCoins/nBacks)
		}
		backs = append(backs, r.Back)
	}
	if !slices.Equal(backs, backNames[:]) {
		t.Errorf("coin backs %v, native %v", backs, backNames)
	}
}

// The native rule figures are the ruleset's constants.
func TestNativeConstantsMatchRuleset(t *testing.T) {
	var f struct {
		Constants map[string]any `yaml:"constants"`
	}
	readYAML(t, "constants.yaml", &f)
	get := func(k string) any { return f.Constants[k] }
	ints := func(k string) []int {
		var out []int
		for _, v := range get(k).([]any) {
			out = append(out, v.(int))
		}
		return out
	}
	var want []int
	for _, k := range []string{"rounds", "cards_per_round", "conquest_bonus", "pass_draw", "protection_symbols",
		"luxury_max", "luxury_max_declined", "luxury_income_min_inhabitants", "coins_per_power_point"} {
		want = append(want, get(k).(int))
	}
	got := []int{rounds, cardsPerRound, conquestBonus, passDraw, protectionSymbol, luxuryMax, luxuryMaxDecl, luxIncomeMinInh, coinsPerPower}
	if !slices.Equal(got, want) {
		t.Errorf("rule figures: native %v, ruleset %v", got, want)
	}
	track := get("track_length").(map[string]any)
	for i, name := range get("catastrophe_names").([]any) {
		if catNames[i] != name.(string) || trackLength[i] != track[catNames[i]].(int) {
			t.Errorf("catastrophe %d: native %s track %d, ruleset %s track %v", i, catNames[i], trackLength[i], name, track[catNames[i]])
		}
	}
	for _, tb := range []struct {
		name   string
		native []int
	}{
		{"income_table", incomeTable[:]},
		{"luxury_income", luxuryIncome[:]},
		{"luxury_track_inhabitants", luxTrackInh[:]},
		{"luxury_track_power", luxTrackPower[:]},
	} {
		if !slices.Equal(ints(tb.name), tb.native) {
			t.Errorf("%s: native %v, ruleset %v", tb.name, tb.native, ints(tb.name))
		}
	}
}
