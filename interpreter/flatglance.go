package interpreter

import (
	"fmt"
	"strings"
)

// The glance over the flat state: what Game.Glance shows a person
// deciding at a terminal, from the same parts as the flat View
// (flatview.go), written by the same functions (lineGroups, playerLine,
// formatValue). TestFlatGlancesAgree compares it with the present
// runtime's in random games of every shipped ruleset.

// Glance renders what player sees, compactly, as Game.Glance renders it;
// ErrFlatView when a view is not covered or gave up.
func (g *FlatGame) Glance(player int) (string, error) {
	fg := g.g
	e := &fg.env
	defer fg.keepLocals()()
	var b strings.Builder
	if err := fg.viewLines(&b); err != nil {
		return "", err
	}
	rs, l, fs := fg.fp.p.rs, fg.fp.l, e.fs
	props := fg.propOrder()
	for i, z := range l.zones {
		sz := rs.Zones[z.name]
		if z.family != "" || len(fs.zones[i]) == 0 || !visibleTo(sz.Visibility, -2, player) {
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", z.name, fg.groupedZone(fs.zones[i], props))
	}
	if player >= 0 && player < fs.players {
		if err := fg.glanceSelf(&b, player, props); err != nil {
			return "", err
		}
	}
	for i := range fs.players {
		if i == player {
			continue
		}
		facts, err := fg.playerFacts(i, player, props)
		if err != nil {
			return "", err
		}
		b.WriteString(playerLine(fmt.Sprintf("P%d:", i+1), facts))
	}
	return b.String(), nil
}

// viewLines writes the global views as Game.viewLines does: joined with
// " | " while a line fits, a long list an element a line.
func (g *flatGame) viewLines(b *strings.Builder) error {
	var lines lineGroups
	for i := range g.fp.p.views {
		v := &g.fp.views[i]
		if v.perPlayer {
			continue
		}
		val, err := g.evalView(v)
		if err != nil {
			return err
		}
		if s, multi := viewText(v.name, val, nil); s != "" {
			lines.add(named(v.name, s, multi), multi)
		}
	}
	b.WriteString(lines.text())
	return nil
}

// playerViews are the per-player views of player i as viewer sees them,
// and the names of those shown (Game.playerViews).
func (g *flatGame) playerViews(i, viewer int) (parts []string, shown map[string]bool, err error) {
	g.env.locals[g.fp.me] = int64(i)
	for k := range g.fp.p.views {
		v := &g.fp.views[k]
		if !v.perPlayer || (v.ownerOnly && !visibleTo("owner", i, viewer)) {
			continue
		}
		val, err := g.evalView(v)
		if err != nil {
			return nil, nil, err
		}
		if s := formatValue(val); s != "" {
			parts = append(parts, v.name+" "+s)
			if shown == nil {
				shown = map[string]bool{}
			}
			shown[v.name] = true
		}
	}
	return parts, shown, nil
}

// glanceSelf writes the deciding player's line and zones
// (Game.glanceSelf).
func (g *flatGame) glanceSelf(b *strings.Builder, i int, props []int) error {
	views, shown, err := g.playerViews(i, i)
	if err != nil {
		return err
	}
	facts := []string{strings.Join(views, ", "), strings.Join(g.varFacts(i, i, shown), ", ")}
	b.WriteString(playerLine(fmt.Sprintf("P%d (you):", i+1), facts))
	l, fs := g.fp.l, g.env.fs
	for j, n := range l.pzones {
		if cards := fs.zones[l.pzone(i, j)]; !shown[n] && len(cards) > 0 {
			fmt.Fprintf(b, "  %s: %s\n", n, g.groupedZone(cards, props))
		}
	}
	return nil
}

// playerFacts are another player's views, variables and zones as viewer
// sees them (Game.playerFacts).
func (g *flatGame) playerFacts(i, viewer int, props []int) ([]string, error) {
	views, shown, err := g.playerViews(i, viewer)
	if err != nil {
		return nil, err
	}
	facts := []string{strings.Join(views, ", "), strings.Join(g.varFacts(i, viewer, shown), ", ")}
	rs, l, fs := g.fp.p.rs, g.fp.l, g.env.fs
	for j, n := range l.pzones {
		cards := fs.zones[l.pzone(i, j)]
		switch {
		case len(cards) == 0 || shown[n]:
		case visibleTo(rs.Zones[n].Visibility, i, viewer):
			facts = append(facts, n+": "+g.groupedZone(cards, props))
		default:
			facts = append(facts, fmt.Sprintf("%s: %d", n, len(cards)))
		}
	}
	return facts, nil
}

// varFacts lists player i's visible variables that are not zero, empty or
// false (Game.varFacts).
func (g *flatGame) varFacts(i, viewer int, shown map[string]bool) []string {
	rs, l, fs := g.fp.p.rs, g.fp.l, g.env.fs
	var out []string
	for j, v := range l.pvars {
		if shown[v.name] || !visibleTo(rs.PlayerVars[v.name].Visibility, i, viewer) {
			continue
		}
		switch x := l.value(fs, fs.cells[l.pvarCell(i, j)], v.typ).(type) {
		case bool:
			if x {
				out = append(out, v.name)
			}
		case map[string]int:
			if s := formatValue(nonZeroEntries(x)); s != "" {
				out = append(out, v.name+" "+s)
			}
		default:
			if s := formatValue(x); s != "" && s != "0" {
				out = append(out, v.name+" "+s)
			}
		}
	}
	return out
}

// groupedZone lists cards by their text in order, counting equal texts
// wherever they are (Game.groupedZone); a nameless card reads by its
// definition, so that its copies look alike.
func (g *flatGame) groupedZone(cards []int32, props []int) string {
	return groupedText(len(cards), func(i int) string {
		c := cards[i]
		t := g.cardText(int(c), props)
		f := g.fp.p.cards[c].fields
		if name, _ := f["name"].(string); name == "" {
			id, _ := f["id"].(string)
			def, _ := f["def"].(string)
			t = strings.Replace(t, id, def, 1)
		}
		return t
	})
}
