package interpreter

import (
	"slices"
	"strings"

	"agon/schema"
)

// cardNotes are the provisional notes (schema.Note: the ruleset's
// "# provisional: …" comments) that speak of the cards of definition def
// in table (rowNotes). So a person who asks to see a card learns which of
// its figures are authored, not the publisher's, as `agon validate
// --provisional` lists them.
func (p *Program) cardNotes(table, def string) []string {
	tbl := p.rs.Cards[table]
	if tbl == nil {
		return nil
	}
	return p.rowNotes(tbl.Pos, tbl.Rows, def)
}

// nodeNotes are cardNotes for node id of board: a board's nodes are rows
// as cards are.
func (p *Program) nodeNotes(board, id string) []string {
	b := p.rs.Boards[board]
	if b == nil {
		return nil
	}
	return p.rowNotes(b.Pos, b.Nodes, id)
}

// rowNotes are the provisional notes of row id of rows, a table (or
// board) declared at start: those written in the table before its first
// row (on the table, its attributes or its rows key: they cover every
// row of it), then those from the row's own line up to the next row's.
func (p *Program) rowNotes(start schema.Pos, rows []*schema.CardRow, id string) []string {
	k := slices.IndexFunc(rows, func(r *schema.CardRow) bool { return r.ID == id })
	if k < 0 {
		return nil
	}
	first, row := rows[0].Pos, rows[k].Pos
	end := row.Line + 1
	if k+1 < len(rows) && rows[k+1].Pos.File == row.File {
		end = rows[k+1].Pos.Line
	}
	var table, own []string
	for _, n := range p.rs.Provisional {
		switch {
		case n.Pos.File == start.File && start.File == first.File && n.Pos.Line >= start.Line && n.Pos.Line < first.Line:
			table = append(table, firstSentence(n.Text))
		case n.Pos.File == row.File && n.Pos.Line >= row.Line && n.Pos.Line < end:
			own = append(own, n.Text)
		}
	}
	return append(table, own...)
}

// firstSentence shortens a long note to its first sentence: a table's
// note covers every card and can run to a paragraph.
func firstSentence(text string) string {
	const long = 160
	if len(text) <= long {
		return text
	}
	if i := strings.Index(text, ". "); i > 0 && i < len(text)-2 {
		return text[:i+1] + " …"
	}
	return text
}

// writeNotes writes a card's or a place's provisional notes, one a line.
func writeNotes(b *strings.Builder, notes []string) {
	for _, n := range notes {
		b.WriteString("  provisional (authored for agon, not the publisher's): " + n + "\n")
	}
}
