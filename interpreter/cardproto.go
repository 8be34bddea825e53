package interpreter

import (
	"fmt"
	"maps"

	"agon/schema"
)

// cardProto is one card instance as every game starts it: its id, its
// starting zone and its fields (built once per Program, copied per game).
type cardProto struct {
	id, zone string
	fields   map[string]any
	// lists are the fields whose values are lists or maps: each game gets
	// its own copy, so no two games (or cards) share one.
	lists []string
}

// cardProtos builds every card instance of rs, in the order a game creates
// them (tables in declaration order, rows in order, copies #1…#n).
func cardProtos(rs *schema.Ruleset, union []declared) []cardProto {
	var out []cardProto
	for _, tname := range rs.CardOrder {
		tbl := rs.Cards[tname]
		for _, row := range tbl.Rows {
			count := max(row.Count, 1)
			for i := 1; i <= count; i++ {
				id := row.ID
				if count > 1 {
					id = fmt.Sprintf("%s#%d", row.ID, i)
				}
				zone, key, _ := splitLoc(tbl.Zone)
				// Where the card starts: createCards puts it there, so an
				// instance has every key it will hold and never grows.
				c := map[string]any{"id": id, "def": row.ID, "table": tname, "zone": zone, "zone_key": key, "owner": -1}
				for _, f := range union {
					c[f.name] = zeroValue(f.typ)
				}
				for _, a := range tbl.AttributeOrder {
					c[a] = attributeValue(tbl.Attributes[a], row, a)
				}
				for _, pr := range tbl.PropOrder {
					c[pr] = zeroValue(tbl.Props[pr].Type)
				}
				out = append(out, cardProto{id: id, zone: tbl.Zone, fields: c, lists: listFields(c)})
			}
		}
	}
	return out
}

// listFields are the sorted names of the fields of c that hold lists or maps.
func listFields(c map[string]any) []string {
	var out []string
	for _, k := range sortedKeys(c) {
		switch c[k].(type) {
		case int, bool, string, nil:
		default:
			out = append(out, k)
		}
	}
	return out
}

// instance is a new card with the proto's fields, sharing nothing mutable
// with the proto.
func (p *cardProto) instance() map[string]any {
	c := maps.Clone(p.fields)
	for _, k := range p.lists {
		c[k] = (&cloner{}).value(c[k])
	}
	return c
}
