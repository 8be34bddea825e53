package interpreter

import (
	"fmt"
	"strings"
	"unicode"

	"agon/schema"
)

// Glance renders what player sees, compactly, for a person deciding at a
// terminal: the ruleset's views on one line, the visible global zones
// that hold cards, then the player's own variables and zones (each card
// by name, equal names counted: "Stone coin ×3") and one line for each
// other player. Zero variables and empty zones are left out; hidden zones
// show only their size. View gives the full state instead.
func (g *Game) Glance(player int) string {
	var b strings.Builder
	b.WriteString(g.viewLines(player))
	rs := g.prog.rs
	for _, n := range rs.ZoneOrder {
		z := rs.Zones[n]
		if z.Owner == "player" || len(g.zoneList(n, -1)) == 0 || !visibleTo(z.Visibility, -2, player) {
			continue
		}
		fmt.Fprintf(&b, "%s: %s\n", n, g.groupedZone(n, -1))
	}
	for i := 0; i < g.st.playerCount; i++ {
		if i == player {
			g.glanceSelf(&b, i)
		}
	}
	for i := 0; i < g.st.playerCount; i++ {
		if i != player {
			b.WriteString(playerLine(fmt.Sprintf("P%d:", i+1), g.playerFacts(i, player)))
		}
	}
	return b.String()
}

// viewLines joins the ruleset's global views with " | " on as few lines
// as fit glanceWidth; a list too long for a line is an element a line.
func (g *Game) viewLines(player int) string {
	var lines lineGroups
	for _, v := range g.prog.views {
		if v.perPlayer {
			continue
		}
		val, err := g.eval(v.expr)
		if s, multi := viewText(v.name, val, err); s != "" {
			lines.add(named(v.name, s, multi), multi)
		}
	}
	return lines.text()
}

// playerViews are the ruleset's per-player views for player i, as viewer
// sees them (owner-only views are the player's own), and the names of
// those shown: a player variable or zone of the same name is left out of
// the glance, the view being how the ruleset shows it.
func (g *Game) playerViews(i, viewer int) (parts []string, shown map[string]bool) {
	saved := bindLocal(g.st, "me", i)
	defer saved.restore(g.st)
	for _, v := range g.prog.views {
		if v.perPlayer && (!v.ownerOnly || visibleTo("owner", i, viewer)) {
			val, err := g.eval(v.expr)
			if s := valueOrError(val, err); s != "" { // as viewLines: an empty view says nothing
				parts = append(parts, v.name+" "+s)
				if shown == nil {
					shown = map[string]bool{}
				}
				shown[v.name] = true
			}
		}
	}
	return parts, shown
}

// glanceSelf writes the deciding player's variables and zones.
func (g *Game) glanceSelf(b *strings.Builder, i int) {
	views, shown := g.playerViews(i, i)
	facts := []string{strings.Join(views, ", "), strings.Join(g.varFacts(i, i, shown), ", ")}
	b.WriteString(playerLine(fmt.Sprintf("P%d (you):", i+1), facts))
	rs := g.prog.rs
	for _, n := range rs.ZoneOrder {
		if z := rs.Zones[n]; z.Owner == "player" && !shown[n] && len(g.zoneList(n, i)) > 0 {
			fmt.Fprintf(b, "  %s: %s\n", n, g.groupedZone(n, i))
		}
	}
}

// playerFacts are another player's non-zero variables and zones as viewer
// sees them.
func (g *Game) playerFacts(i, viewer int) []string {
	views, shown := g.playerViews(i, viewer)
	facts := []string{strings.Join(views, ", "), strings.Join(g.varFacts(i, viewer, shown), ", ")}
	rs := g.prog.rs
	for _, n := range rs.ZoneOrder {
		z := rs.Zones[n]
		list := g.zoneList(n, i)
		switch {
		case z.Owner != "player" || len(list) == 0 || shown[n]:
		case visibleTo(z.Visibility, i, viewer):
			facts = append(facts, n+": "+g.groupedZone(n, i))
		default:
			facts = append(facts, fmt.Sprintf("%s: %d", n, len(list)))
		}
	}
	return facts
}

// playerLine is a player's line of the glance: head ("P2:") and the facts
// that are not empty, joined with " | ".
func playerLine(head string, facts []string) string {
	return joinNonEmpty([]string{head, joinNonEmpty(facts, " | ")}, " ") + "\n"
}

// joinNonEmpty joins the parts that are not empty.
func joinNonEmpty(parts []string, sep string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// varFacts lists a player's visible variables that are not zero, empty
// or false, as "name value" (a true bool by its name alone); an intmap
// lists only its entries that are not zero ("troops J 1", not
// "troops C 0, D 0, J 1"), as the glance leaves zero variables out.
// Those named in shown are left out (a per-player view shows them).
func (g *Game) varFacts(i, viewer int, shown map[string]bool) []string {
	rs := g.prog.rs
	pm := g.container(i)
	var out []string
	for _, v := range rs.PlayerVarOrder {
		if shown[v] || !visibleTo(rs.PlayerVars[v].Visibility, i, viewer) {
			continue
		}
		switch x := pm[v].(type) {
		case bool:
			if x {
				out = append(out, v)
			}
		case map[string]int:
			if s := formatValue(nonZeroEntries(x)); s != "" {
				out = append(out, v+" "+s)
			}
		default:
			if s := formatValue(x); s != "" && s != "0" {
				out = append(out, v+" "+s)
			}
		}
	}
	return out
}

// nonZeroEntries is m without its zero entries (nil when every entry is zero).
func nonZeroEntries(m map[string]int) map[string]int {
	var out map[string]int
	for k, n := range m {
		if n != 0 {
			if out == nil {
				out = make(map[string]int, len(m))
			}
			out[k] = n
		}
	}
	return out
}

// groupedZone lists a zone's cards by name in order, counting runs of
// equal text ("Stone coin ×3") wherever they are in the zone.
func (g *Game) groupedZone(name string, owner int) string {
	props := g.propNames()
	list := g.zoneList(name, owner)
	return groupedText(len(list), func(i int) string {
		m := list[i].(map[string]any)
		t := cardText(g.cardView(m), props)
		if m["name"] == nil || m["name"] == "" {
			t = strings.Replace(t, m["id"].(string), m["def"].(string), 1) // copies of a nameless card look alike
		}
		return t
	})
}

// groupedText joins n cards' texts in order, counting equal texts
// wherever they are ("Stone coin ×3").
func groupedText(n int, text func(i int) string) string {
	var order []string
	count := map[string]int{}
	for i := range n {
		t := text(i)
		if count[t] == 0 {
			order = append(order, t)
		}
		count[t]++
	}
	parts := make([]string, len(order))
	for i, t := range order {
		parts[i] = t
		if count[t] > 1 {
			parts[i] = fmt.Sprintf("%s ×%d", t, count[t])
		}
	}
	return strings.Join(parts, ", ")
}

// CardInfo describes a card's figures: its table's attributes, then its
// props ("(now)"), one a line as a person reads them (figureText); those
// that are zero, false or empty are named together on a last line.
// query is a card id (lion_gate, coin_wood#3), a definition id with
// copies (coin_wood) or a name, in any case; a miss is an error with a
// did-you-mean.
func (g *Game) CardInfo(query string) (string, error) {
	i, ok := g.prog.findCardNum(query)
	if !ok {
		return "", fmt.Errorf("no card %q%s", query, schema.DidYouMean(query, g.prog.cardNamesAndIDs()))
	}
	return g.prog.cardInfo(presentReader{g}.card(i)), nil
}

// cardInfo describes card c, as a person sees it (see CardInfo).
func (p *Program) cardInfo(c map[string]any) string {
	tbl := p.rs.Cards[c["table"].(string)]
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, %s card)\n", formatValue(c), c["def"], c["table"])
	zero := writeFigures(&b, tbl.AttributeOrder, c, nil)
	for _, pr := range tbl.PropOrder {
		if zeroFigure(c[pr]) {
			zero = append(zero, pr)
		} else {
			fmt.Fprintf(&b, "  %s: %s (now)\n", pr, figureText(c[pr]))
		}
	}
	writeZero(&b, zero)
	def, _ := c["def"].(string)
	writeNotes(&b, p.cardNotes(c["table"].(string), def))
	return b.String()
}

// writeFigures writes the named figures of m that say something, one a
// line ("name" is the heading's), and returns zero with the names of
// those that are zero, false or empty added (for writeZero).
func writeFigures(b *strings.Builder, names []string, m map[string]any, zero []string) []string {
	for _, a := range names {
		switch {
		case a == "name":
		case zeroFigure(m[a]):
			zero = append(zero, a)
		default:
			fmt.Fprintf(b, "  %s: %s\n", a, figureText(m[a]))
		}
	}
	return zero
}

// writeZero names the figures that are zero, false or empty on one line.
func writeZero(b *strings.Builder, names []string) {
	if len(names) > 0 {
		fmt.Fprintf(b, "  zero or none: %s\n", strings.Join(names, ", "))
	}
}

// findCardNum finds a card by id, by definition id (its first copy) or
// by name, ignoring case, and gives its number.
func (p *Program) findCardNum(query string) (int, bool) {
	q := strings.TrimSpace(query)
	if i, ok := p.cow.cardNum[q]; ok {
		return i, true
	}
	rs := p.rs
	for _, t := range rs.CardOrder {
		for _, row := range rs.Cards[t].Rows {
			name, _ := row.Fields["name"].V.(string)
			if looseEqual(row.ID, q) || (name != "" && looseEqual(name, q)) {
				if i, ok := p.cow.cardNum[row.ID]; ok {
					return i, true
				}
				i, ok := p.cow.cardNum[row.ID+"#1"]
				return i, ok
			}
		}
	}
	return 0, false
}

// looseEqual compares two names by their letters and digits only,
// ignoring case: "Potters Quarter" is "Potters' Quarter" and
// "potters_quarter".
func looseEqual(a, b string) bool {
	return looseForm(a) == looseForm(b)
}

// looseForm keeps a name's letters and digits, in lower case.
func looseForm(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// cardNamesAndIDs lists every card definition's id and name.
func (p *Program) cardNamesAndIDs() []string {
	rs := p.rs
	var out []string
	for _, t := range rs.CardOrder {
		for _, row := range rs.Cards[t].Rows {
			out = append(out, row.ID)
			if n, ok := row.Fields["name"].V.(string); ok {
				out = append(out, n)
			}
		}
	}
	return out
}
