package schema

import (
	"strings"

	"go.yaml.in/yaml/v3"
)

// Report is the ruleset's report section: what a game reports for
// statistics beyond its scores (the interpreter's Facts). Every part is
// optional; a ruleset without it reports nothing more.
type Report struct {
	Pos Pos
	// Attributes are named per-seat expressions (`me` bound to the seat)
	// evaluated once, when setup is over: what a seat may be compared by
	// (a faction, a starting role). Any scalar type; reported as text.
	Attributes map[string]Expr `yaml:"attributes"`
	// AttributeOrder lists the Attributes keys in file order.
	AttributeOrder []string `yaml:"-"`
	// Counters are named per-seat int expressions (`me` bound) read when
	// the game ends: figures worth reporting (disasters suffered, wars
	// fought).
	Counters map[string]Expr `yaml:"counters"`
	// CounterOrder lists the Counters keys in file order.
	CounterOrder []string `yaml:"-"`
	// Takes names player zones: a card that moves into one of them from
	// anywhere else, after setup, is taken by that zone's player.
	Takes []Name `yaml:"takes"`
	// Labels gives attributes and counters a heading for people ("Win
	// rate by faction", "Disasters suffered"); reports show a name
	// without one as it is written.
	Labels map[string]Label `yaml:"labels"`
	// LabelOrder lists the Labels keys in file order.
	LabelOrder []string `yaml:"-"`
}

// report checks the report section: names are identifiers, and takes
// names player zones, each once.
func (v *validator) report() {
	r := v.rs.Report
	if r == nil {
		return
	}
	for _, n := range r.AttributeOrder {
		v.ident(r.Attributes[n].Pos, "report attribute", n)
	}
	for _, n := range r.CounterOrder {
		v.ident(r.Counters[n].Pos, "report counter", n)
		if _, dup := r.Attributes[n]; dup {
			v.ds.Addf(r.Counters[n].Pos, "report counter %q has the name of a report attribute; give it another", n)
		}
	}
	seen := map[string]Pos{}
	for _, t := range r.Takes {
		v.takeZone(t, seen)
	}
	v.reportLabels(r)
}

// Label is a heading written in YAML, with where it was written. Unlike
// a Name it decodes when blank, so that the validator can say so.
type Label struct {
	Pos  Pos
	Name string
	// notText marks a label that is not a scalar, which Decode reports.
	notText bool
}

// label decodes a scalar into a Label; an empty or absent one is kept
// blank for reportLabels.
func (d *decoder) label(file string, n *yaml.Node) Label {
	out := Label{Pos: nodePos(file, n)}
	if isNull(n) {
		if key, ok := d.owners[n]; ok { // `name:` alone: its key says where
			out.Pos = key
		}
		return out
	}
	if n.Kind != yaml.ScalarNode {
		d.wrongKind(file, n, "a label")
		out.notText = true
		return out
	}
	out.Name = n.Value
	return out
}

// reportLabels checks that every label names an attribute or a counter
// and is not blank.
func (v *validator) reportLabels(r *Report) {
	if len(r.LabelOrder) == 0 {
		return
	}
	names := append(append([]string{}, r.AttributeOrder...), r.CounterOrder...)
	for _, n := range r.LabelOrder {
		_, attr := r.Attributes[n]
		_, counter := r.Counters[n]
		l := r.Labels[n]
		switch {
		case !attr && !counter:
			v.ds.Addf(l.Pos, "report labels: %q is neither a report attribute nor a report counter%s", n, DidYouMean(n, names))
		case strings.TrimSpace(l.Name) == "" && !l.notText:
			v.ds.Addf(l.Pos, "report labels: the label of %q is blank (leave it out to show the name)", n)
		}
	}
}

// takeZone checks one zone of report.takes.
func (v *validator) takeZone(t Name, seen map[string]Pos) {
	if t.Name == "" {
		return // reported by Decode
	}
	z, ok := v.rs.Zones[t.Name]
	switch {
	case !ok:
		v.ds.Addf(t.Pos, "report takes: unknown zone %q%s", t.Name, DidYouMean(t.Name, v.playerZones()))
	case z != nil && z.Owner != "player":
		v.ds.Addf(t.Pos, "report takes: zone %q is not a player zone (owner: player); a card is taken into a player's zone", t.Name)
	}
	if prev, dup := seen[t.Name]; dup {
		v.ds.Addf(t.Pos, "report takes: zone %q is already listed at %s", t.Name, prev)
	}
	seen[t.Name] = t.Pos
}

// playerZones lists the player zones, in file order.
func (v *validator) playerZones() []string {
	var out []string
	for _, n := range v.rs.ZoneOrder {
		if z := v.rs.Zones[n]; z != nil && z.Owner == "player" {
			out = append(out, n)
		}
	}
	return out
}
