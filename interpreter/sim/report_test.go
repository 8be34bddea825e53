package sim

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Overlap counts the games two shards both hold, the whole batch holding
// every game.
func TestShardOverlap(t *testing.T) {
	whole := Shard{}
	for _, c := range []struct {
		a, b          Shard
		games         int
		shared, first int
	}{
		{whole, Shard{Index: 0, Count: 2}, 20, 10, 0},
		{Shard{Index: 1, Count: 2}, whole, 20, 10, 1},
		{whole, whole, 5, 5, 0},
		{Shard{Index: 0, Count: 4}, Shard{Index: 0, Count: 2}, 20, 5, 0},
		{Shard{Index: 2, Count: 4}, Shard{Index: 0, Count: 2}, 20, 5, 2},
		{Shard{Index: 1, Count: 4}, Shard{Index: 0, Count: 2}, 20, 0, -1},
		{Shard{Index: 3, Count: 6}, Shard{Index: 0, Count: 4}, 20, 0, -1},  // 3, 9, 15 and 0, 4, 8, 12, 16
		{Shard{Index: 2, Count: 6}, Shard{Index: 0, Count: 4}, 20, 1, 8},   // 2, 8, 14 and 0, 4, 8, ...
		{Shard{Index: 2, Count: 6}, Shard{Index: 0, Count: 4}, 8, 0, -1},   // game 8 is past the batch
		{Shard{Index: 0, Count: 17}, Shard{Index: 0, Count: 4}, 100, 2, 0}, // 0 and 68
		{Shard{Index: 5, Count: 10}, Shard{Index: 5, Count: 10}, 3, 0, -1}, // an empty shard
	} {
		shared, first := c.a.Overlap(c.b, c.games)
		assert.Equal(t, [2]int{c.shared, c.first}, [2]int{shared, first}, "%v and %v of %d games", c.a, c.b, c.games)
	}
}

// Merge refuses reports that hold a game twice: a whole run with any
// shard, shards of different counts that share a game, the same shard
// twice, and shards that are not of the batch's counts.
func TestMergeRefusesOverlappingShards(t *testing.T) {
	report := func(shards ...Shard) *Report {
		return &Report{Header: Header{Game: "g", Players: "4", Seed: 1, BatchGames: 20, Shards: shards}, Stats: &Stats{}}
	}
	for _, c := range []struct {
		reports []*Report
		err     string
	}{
		{[]*Report{report(), report(Shard{Index: 0, Count: 2})},
			"a and b overlap: all games and shard 0/2 share 10 of the batch's 20 games (games 1, 3, 5, ...)"},
		{[]*Report{report(Shard{Index: 0, Count: 2}), report(Shard{Index: 1, Count: 2}), report()},
			"a and c overlap: shard 0/2 and all games share 10"},
		{[]*Report{report(Shard{Index: 0, Count: 4}), report(Shard{Index: 0, Count: 2})},
			"a and b overlap: shard 0/4 and shard 0/2 share 5 of the batch's 20 games (games 1, 5, 9, ...)"},
		{[]*Report{report(Shard{Index: 1, Count: 2}, Shard{Index: 0, Count: 4}), report(Shard{Index: 2, Count: 6})},
			"a and b overlap: shard 0/4 and shard 2/6 share 1 of the batch's 20 games (game 9)"},
		{[]*Report{report(Shard{Index: 1, Count: 2}), report(Shard{Index: 1, Count: 2})},
			"a and b both hold shard 1/2 of the batch"},
		{[]*Report{report(), report()}, "a and b both hold all games of the batch"},
		{[]*Report{report(Shard{Index: 2, Count: 2})}, "a: bad shard 2/2"},
	} {
		names := []string{"a", "b", "c"}[:len(c.reports)]
		_, err := Merge(names, c.reports)
		assert.ErrorContains(t, err, c.err)
	}

	// Shards that share no game of the batch merge, whatever their counts.
	rep, err := Merge([]string{"a", "b", "c"}, []*Report{report(Shard{Index: 1, Count: 2}), report(Shard{Index: 0, Count: 4}), report(Shard{Index: 2, Count: 4})})
	require.NoError(t, err)
	assert.Equal(t, []Shard{{Index: 1, Count: 2}, {Index: 0, Count: 4}, {Index: 2, Count: 4}}, rep.Shards)
}

// Merged shards keep the runtime they were played on when they agree,
// and name none when they differ (the statistics are the same: only the
// note would be wrong).
func TestMergeKeepsTheRuntimeShardsAgreeOn(t *testing.T) {
	shard := func(i int, runtime, reason string) *Report {
		return &Report{Header: Header{Game: "g", Players: "4", Seed: 1, BatchGames: 20, Shards: []Shard{{Index: i, Count: 2}},
			Runtime: runtime, RuntimeReason: reason}, Stats: &Stats{}}
	}
	m, err := Merge([]string{"a", "b"}, []*Report{shard(0, RuntimePresent, "asked for"), shard(1, RuntimePresent, "asked for")})
	require.NoError(t, err)
	assert.Equal(t, RuntimePresent, m.Runtime)
	assert.Equal(t, "asked for", m.RuntimeReason)
	m, err = Merge([]string{"a", "b"}, []*Report{shard(0, RuntimePresent, "asked for"), shard(1, RuntimeFlat, "")})
	require.NoError(t, err)
	assert.Empty(t, m.Runtime)
	assert.Empty(t, m.RuntimeReason)
}
