package interpreter

import (
	"fmt"
	"maps"

	"agon/schema"
)

// cardProto is one card instance as every game starts it: its id, its
// starting zone and its fields (built once per Program). Every game of
// the Program starts with fields itself and copies it on its first write
// (createCards, cow.go), so fields is never written after load and may be
// read by many games at once.
type cardProto struct {
	id, zone string
	fields   map[string]any
}

// cardProtos builds every card instance of rs, in the order a game creates
// them (tables in declaration order, rows in order, copies #1…#n).
//
// The copies of a row differ only in their ids, so a row's fields are
// built once and cloned per further copy; its list and map values are
// shared by the protos and the games, as every value is (never written in
// place: cow.go).
func cardProtos(rs *schema.Ruleset, union []declared) []cardProto {
	var out []cardProto
	zeros := make([]any, len(union))
	for i, f := range union {
		zeros[i] = zeroValue(f.typ)
	}
	for _, tname := range rs.CardOrder {
		tbl := rs.Cards[tname]
		for _, row := range tbl.Rows {
			// An attribute or prop named like a built-in field (id …) is
			// an error of its own (schema.Validate), so id comes last.
			fields := make(map[string]any, len(union)+len(tbl.AttributeOrder)+len(tbl.PropOrder)+3)
			fields["def"], fields["table"] = row.ID, tname
			// Where the card lies is not a field of its map but a column
			// of the state (cardloc.go).
			for i, f := range union {
				fields[f.name] = zeros[i]
			}
			for _, a := range tbl.AttributeOrder {
				fields[a] = attributeValue(tbl.Attributes[a], row, a)
			}
			for _, pr := range tbl.PropOrder {
				fields[pr] = zeroValue(tbl.Props[pr].Type)
			}
			count := max(row.Count, 1)
			for i := 1; i <= count; i++ {
				c, id := fields, row.ID
				if count > 1 {
					id = fmt.Sprintf("%s#%d", row.ID, i)
				}
				if i < count {
					c = maps.Clone(fields)
				}
				c["id"] = id
				out = append(out, cardProto{id: id, zone: tbl.Zone, fields: c})
			}
		}
	}
	return out
}
