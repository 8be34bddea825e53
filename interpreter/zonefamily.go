package interpreter

import (
	"reflect"

	"agon/schema"
)

// A keyed zone family (`keyed_by:` in a zone) is one ordered zone per
// key. In the state it is a map key → list of cards under the zone's
// name; expressions read `stack[key]`. Effects name one zone of the family
// as `stack[KEY]`; inside the engine that zone's location is the string
// "stack[key]", which zoneList, setZone, putCard and removeCard
// understand. A card in a family has zone "stack" and zone_key "key".

// zoneType is the shadow type of a global zone: a list of cards, or a map
// key → list of cards for a family.
func (tc *typeContext) zoneType(z *schema.Zone) reflect.Type {
	if z.KeyedBy != nil {
		return reflect.MapOf(typeString, reflect.SliceOf(tc.card))
	}
	return reflect.SliceOf(tc.card)
}
