package interpreter

import (
	"fmt"
	"sort"
	"strings"
)

// View renders the state as player may see it: views, global zones and
// every player's zones and variables, with hidden cards replaced by their
// count. player -1 sees everything.
func (g *Game) View(player int) string {
	var b strings.Builder
	rs := g.prog.rs
	g.writeViews(&b, player)
	for _, n := range rs.ZoneOrder {
		z := rs.Zones[n]
		for _, loc := range g.familyZones(n) {
			fmt.Fprintf(&b, "%s: %s\n", loc, g.zoneText(loc, -1, player, z.Visibility))
		}
		if z.Owner == "player" || len(g.zoneList(n, -1)) == 0 {
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", n, g.zoneText(n, -1, player, z.Visibility))
	}
	for _, n := range rs.VarOrder {
		if v := rs.Vars[n]; v.Visibility == "" || v.Visibility == "public" || player < 0 {
			fmt.Fprintf(&b, "%s: %s\n", n, viewValue(g.st.root[n]))
		}
	}
	for i := 0; i < g.st.playerCount; i++ {
		fmt.Fprintf(&b, "P%d%s\n", i+1, map[bool]string{true: " (you)", false: ""}[i == player])
		pm := g.container(i)
		for _, v := range rs.PlayerVarOrder {
			if visibleTo(rs.PlayerVars[v].Visibility, i, player) {
				fmt.Fprintf(&b, "  %s: %s\n", v, viewValue(pm[v]))
			}
		}
		for _, n := range rs.ZoneOrder {
			z := rs.Zones[n]
			if z.Owner != "player" {
				continue
			}
			vis := z.Visibility
			if visibleTo(vis, i, player) {
				vis = "public"
			}
			fmt.Fprintf(&b, "  %s: %s\n", n, g.zoneText(n, i, player, vis))
		}
	}
	return b.String()
}

func (g *Game) writeViews(b *strings.Builder, player int) {
	for _, v := range g.prog.views {
		if !v.perPlayer {
			val, err := g.eval(v.expr)
			s, multi := viewText(v.name, val, err)
			fmt.Fprintln(b, named(v.name, orNone(s), multi))
		}
	}
	for _, v := range g.prog.views {
		if !v.perPlayer {
			continue
		}
		var parts []string
		for i := 0; i < g.st.playerCount; i++ {
			if v.ownerOnly && !visibleTo("owner", i, player) {
				continue
			}
			saved := bindLocal(g.st, "me", i)
			val, err := g.eval(v.expr)
			saved.restore(g.st)
			parts = append(parts, fmt.Sprintf("P%d %s", i+1, orNone(valueOrError(val, err))))
		}
		if len(parts) > 0 {
			fmt.Fprintf(b, "%s: %s\n", v.name, strings.Join(parts, ", "))
		}
	}
	g.writePlaceViews(b)
}

// visibleTo reports whether viewer (-1: everyone's view) may see a thing
// of the given visibility that belongs to owner.
func visibleTo(visibility string, owner, viewer int) bool {
	switch visibility {
	case "", "public":
		return true
	case "owner":
		return viewer < 0 || viewer == owner
	}
	return viewer < 0
}

func valueOrError(v any, err error) string {
	if err != nil {
		return "(error: " + err.Error() + ")"
	}
	return formatValue(v)
}

// viewValue is a value as View shows it: as templates write it, but
// "(none)" for what writes as nothing (an empty list, no card, an empty
// string), so that a line does not end in a bare "name: ". Templates keep
// formatValue (a log message is recorded in transcripts), and Glance
// leaves such a value out.
func viewValue(v any) string { return orNone(formatValue(v)) }

// orNone is s, or "(none)" for "".
func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// zoneText lists a zone's cards, or only their count when hidden.
func (g *Game) zoneText(name string, owner, viewer int, visibility string) string {
	list := g.zoneList(name, owner)
	if len(list) == 0 {
		return "(empty)"
	}
	if !visibleTo(visibility, -2, viewer) {
		return cardCount(len(list))
	}
	props := g.propNames()
	return runsText(len(list), func(i int) string { return cardText(g.cardView(list[i].(map[string]any)), props) })
}

// runsText joins n cards' texts, counting runs of cards that read alike
// ("VILLAGE ×14") and keeping their order: a supply of 42 cards read as a
// wall of names.
func runsText(n int, text func(i int) string) string {
	var parts []string
	last, run := "", 0
	flush := func() {
		if run > 1 {
			parts = append(parts, fmt.Sprintf("%s ×%d", last, run))
		} else if run == 1 {
			parts = append(parts, last)
		}
	}
	for i := range n {
		t := text(i)
		if t == last {
			run++
			continue
		}
		flush()
		last, run = t, 1
	}
	flush()
	return strings.Join(parts, ", ")
}

// cardCount is "1 card" or "N cards".
func cardCount(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// cardText is a card's name with its props that are not zero in
// brackets, as a person reads them: "Granary [constructing, covered_by
// earthquake]" (a true bool by its name, another value after it).
func cardText(c map[string]any, props []string) string {
	s := formatValue(c)
	var flags []string
	for _, p := range props {
		if f := flagText(p, c[p]); f != "" {
			flags = append(flags, f)
		}
	}
	if len(flags) > 0 {
		s += " [" + strings.Join(flags, ", ") + "]"
	}
	return s
}

// propNames lists every prop name, sorted.
func (g *Game) propNames() []string {
	seen := map[string]bool{}
	for _, t := range g.prog.rs.Cards {
		for n := range t.Props {
			seen[n] = true
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
