package interpreter

// A bot's look-ahead must not know more than its seat (package bot
// builds its "world" from a Clone). RedealUnseen (export.go) is the part
// that touches the state: the cards a seat cannot see are dealt anew
// among the positions it cannot see.

// slot is one card position in a zone.
type slot struct {
	zone  string
	owner int
	index int
}

// redeal shuffles the cards seat cannot see among the positions seat
// cannot see: those of hidden zones (each zone of a hidden keyed zone
// family too) and of other players' owner zones.
// Each zone keeps its size and the cards seat can see stay where they
// are. Cards are re-dealt within their card table only (a coin never
// lands in a pile of buildings), so each unseen zone also keeps how many
// cards of each table it holds.
func (g *Game) redeal(seat int) {
	defer g.forgetReads() // it touches the zones it deals into, not every read of a card's place
	slots := map[string][]slot{}
	cards := map[string][]any{}
	var tables []string
	for _, z := range g.unseenZones(seat) {
		for i, c := range g.zoneList(z.zone, z.owner) {
			t, _ := c.(map[string]any)["table"].(string)
			if _, seen := slots[t]; !seen {
				tables = append(tables, t)
			}
			slots[t] = append(slots[t], slot{zone: z.zone, owner: z.owner, index: i})
			cards[t] = append(cards[t], c)
		}
	}
	for _, t := range tables {
		g.dealInto(slots[t], g.shuffled(cards[t]))
	}
}

// unseenZones lists, in zone order, the zones seat cannot see (index
// unused): each player's zone of an owner zone, each key's zone
// (location NAME[key]) of a keyed zone family.
func (g *Game) unseenZones(seat int) []slot {
	rs := g.prog.rs
	var out []slot
	for _, n := range rs.ZoneOrder {
		z := rs.Zones[n]
		switch {
		case z.KeyedBy != nil:
			if visibleTo(z.Visibility, -1, seat) {
				continue
			}
			for _, k := range rs.ZoneKeys(n) {
				out = append(out, slot{zone: familyLoc(n, k), owner: -1})
			}
		case z.Owner == "player":
			for o := 0; o < g.st.playerCount; o++ {
				if !visibleTo(z.Visibility, o, seat) {
					out = append(out, slot{zone: n, owner: o})
				}
			}
		default:
			if !visibleTo(z.Visibility, -1, seat) {
				out = append(out, slot{zone: n, owner: -1})
			}
		}
	}
	return out
}

// shuffled returns the cards in an order drawn from the game's stream.
func (g *Game) shuffled(list []any) []any {
	out := append([]any(nil), list...)
	for i := len(out) - 1; i > 0; i-- {
		j := g.st.rng.intN(i + 1)
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// dealInto puts cards[i] at slots[i], on copies of the zones' lists.
func (g *Game) dealInto(slots []slot, cards []any) {
	copied := map[slot]bool{}
	for i, s := range slots {
		key := slot{zone: s.zone, owner: s.owner}
		if !copied[key] {
			g.setZone(s.zone, s.owner, append([]any(nil), g.zoneList(s.zone, s.owner)...))
			copied[key] = true
		}
		c := cards[i].(map[string]any)
		if l := g.cardLocOf(c); l.where() != s.zone || l.owner != s.owner {
			g.setCardLoc(c, s.zone, s.owner)
		}
		g.zoneList(s.zone, s.owner)[s.index] = c
	}
}
