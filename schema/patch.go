package schema

import (
	"io/fs"
	"path"
	"slices"

	"go.yaml.in/yaml/v3"
)

// LoadPatched loads the ruleset in dir like LoadVariant (or Load when
// variant is ""), then applies one more patch given as a node of file
// (a scenario file's inline `patch:`), with the same merge rules as a
// variant file's patch. Positions of patched values point into file. The
// Ruleset is never nil.
func LoadPatched(fsys fs.FS, dir, variant, file string, patch *yaml.Node) (*Ruleset, *Diagnostics) {
	ds := &Diagnostics{}
	t := loadTree(fsys, dir, ds)
	var desc string
	if variant != "" {
		names, err := Variants(fsys, dir)
		switch {
		case err == nil && !slices.Contains(names, variant):
			ds.Addf(Pos{File: dir}, "unknown variant %q%s; available: %s",
				variant, DidYouMean(variant, names), availableList(names))
		case err == nil:
			desc = t.applyVariant(fsys, path.Join(dir, "variant-"+variant+".yaml"), variant)
		}
	}
	if patch != nil {
		t.applyPatch(file, patch, modePatch)
	}
	rs := t.decode()
	rs.Variant, rs.VariantDescription = variant, desc
	Validate(rs, ds)
	return rs, ds
}
