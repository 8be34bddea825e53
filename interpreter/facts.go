package interpreter

// Facts is what a game reports for statistics beyond its scores: each
// seat's starting attributes and counters, and the cards players took,
// as the ruleset's report section declares them. A ruleset that declares
// nothing reports no attributes, no counters and no takes.
//
// Facts are plain data in a fixed order (seats in seat order, names
// sorted, takes in the order they happened), so that statistics built from
// them are the same for every run on the same seeds.
type Facts struct {
	// Seats holds one entry per seat, in seat order.
	Seats []SeatFacts
	// Takes lists every card a player took, in the order taken.
	Takes []CardTake
}

// SeatFacts is one seat's declared attributes and counters.
type SeatFacts struct {
	// Attributes are values fixed at the start of the game that a seat
	// may be compared by (for example a role or a faction), sorted by
	// name.
	Attributes []NamedText
	// Counters are figures the ruleset declares worth reporting (for
	// example disasters suffered), read when the game ends, sorted by
	// name.
	Counters []NamedCount
}

// NamedText is a named text value.
type NamedText struct {
	Name  string
	Value string
}

// NamedCount is a named integer.
type NamedCount struct {
	Name  string
	Value int
}

// CardTake is one card taken by a player.
type CardTake struct {
	// Card is the card's name (the id of its row in its table).
	Card string
	// Seat is the taker, from 0.
	Seat int
	// Decision is the number of decisions taken before the card was
	// taken: how early in the game it went.
	Decision int
}

// Facts returns what the game reports for statistics so far (see Facts).
// It is meant for a finished game but may be called at any time.
func (g *Game) Facts() Facts { return g.facts() }

// ReportLabels maps the report's attributes and counters that the
// ruleset gives a heading for people (report: labels:) to that heading;
// a name it leaves out is shown as it is. The map is the caller's.
func (p *Program) ReportLabels() map[string]string {
	out := map[string]string{}
	if r := p.rs.Report; r != nil {
		for name, l := range r.Labels {
			out[name] = l.Name
		}
	}
	return out
}
