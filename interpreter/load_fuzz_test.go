package interpreter

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"
)

// FuzzLoad feeds arbitrary single-file rulesets to Load: it may report
// problems, never panic. The seeds are the negative corpus's files and a
// tiny valid game.
//
//	go test ./interpreter -run '^$' -fuzz FuzzLoad -fuzztime 60s
func FuzzLoad(f *testing.F) {
	f.Add([]byte(tinyGame))
	f.Add([]byte(choiceGame))
	_ = filepath.WalkDir("../testgames/invalid/load", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".yaml" {
			if data, err := os.ReadFile(path); err == nil {
				f.Add(data)
			}
		}
		return nil
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		fsys := fstest.MapFS{"g/game.yaml": &fstest.MapFile{Data: data}}
		p, err := Load(fsys, "g", "")
		if err == nil && p.MinPlayers() >= 1 && p.MinPlayers() <= 8 {
			g, err := NewGame(p, Config{Players: p.MinPlayers(), Seed: 1, Limits: Limits{MaxEffects: 2000, MaxDecisions: 50}})
			for err == nil && g != nil && !g.Over() {
				err = g.Apply(g.Pending().Options[0].Key)
			}
		}
	})
}

const tinyGame = `game: g
players: {min: 2, max: 3}
cards:
  gem: {zone: deck, attributes: {value: {type: int}}, rows: [{id: ruby, count: 3, value: 2}, {id: jade, value: 1}]}
zones:
  deck: {visibility: hidden}
  hand: {owner: player}
vars:
  turn: {type: int}
flow:
  - {shuffle: deck}
  - repeat: 2
    do:
      - for_each: 0 .. player_count - 1
        as: p
        do:
          - choose:
              who: p
              prompt: "P{p + 1}: draw?"
              options:
                - {key: draw, when: len(deck) > 0, do: [{draw: 1, from: deck, into: "players[p].hand"}]}
                - {key: pass}
scoring:
  score: sum(players[me].hand, .value)
`
