package interpreter

import (
	"slices"
	"unsafe"
)

// Zones written in place. A zone's list of card numbers is written in
// place when the state owns its array alone (flatState.owned): the array
// was made by this state for this zone, no clone shares it, and no holder
// (a local, a loop's list) holds a part of it. Otherwise a write makes a
// new array, with room to grow, which the zone then owns. A clone owns
// nothing (its arrays are shared with the original); a list bound to a
// holder disowns the zone whose array it lies in (disown). So a move is
// two in-place edits instead of two new arrays, and what a holder or a
// clone sees never changes under it.

// takeCard removes card c from the zone its location names; false if it
// is not there.
func (fs *flatState) takeCard(c int32) bool {
	z := fs.loc[c]
	if z < 0 {
		return false
	}
	list := fs.zones[z]
	for i, x := range list {
		if x != c {
			continue
		}
		if fs.owns(int(z)) {
			copy(list[i:], list[i+1:])
			fs.zones[z] = list[:len(list)-1]
		} else {
			out := fs.newZone(int(z), len(list)+4)
			fs.zones[z] = append(append(out, list[:i]...), list[i+1:]...)
			fs.own(int(z))
		}
		fs.loc[c] = -1
		return true
	}
	return false
}

// put puts card c into zone z, on top (index 0) or at the bottom.
func put(fs *flatState, z int, c int32, top bool) {
	list := fs.zones[z]
	n := len(list)
	switch {
	case fs.owns(z) && n < cap(list) && top:
		list = list[:n+1]
		copy(list[1:], list[:n])
		list[0] = c
		fs.zones[z] = list
	case fs.owns(z) && n < cap(list):
		fs.zones[z] = append(list, c)
	case top:
		out := append(fs.newZone(z, 2*n+4), c)
		fs.zones[z] = append(out, list...)
		fs.own(z)
	default:
		out := append(fs.newZone(z, 2*n+4), list...)
		fs.zones[z] = append(out, c)
		fs.own(z)
	}
	fs.loc[c] = int32(z)
}

// newZone is an empty array for zone z with room for n cards: the one a
// released game left for z if it is large enough (flatspare.go), else a
// new one.
func (fs *flatState) newZone(z, n int) []int32 {
	if z < len(fs.spareZones) && cap(fs.spareZones[z]) >= n {
		out := fs.spareZones[z][:0]
		fs.spareZones[z] = nil
		return out
	}
	return make([]int32, 0, n)
}

// owns reports whether zone z's array is the state's alone.
func (fs *flatState) owns(z int) bool { return z < len(fs.owned) && fs.owned[z] }

// own marks zone z's array the state's alone (it was just made).
func (fs *flatState) own(z int) {
	if fs.owned == nil {
		fs.owned, fs.spareOwned = fs.spareOwned, nil
	}
	if fs.owned == nil {
		fs.owned = make([]bool, len(fs.zones))
	}
	fs.owned[z] = true
}

// disown marks the zone whose array holds xs as shared: a holder keeps xs.
func (fs *flatState) disown(xs []int32) {
	if len(xs) == 0 || fs.owned == nil {
		return
	}
	p := uintptr(unsafe.Pointer(unsafe.SliceData(xs)))
	for z, owned := range fs.owned {
		if !owned {
			continue
		}
		arr := fs.zones[z][:cap(fs.zones[z])]
		if len(arr) == 0 {
			continue
		}
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(arr)))
		if p >= lo && p < lo+uintptr(len(arr))*unsafe.Sizeof(xs[0]) {
			fs.owned[z] = false
		}
	}
}

// writablePage is prop page i, copied first unless the state made it
// (the pages of a packed or copied state are shared until written).
func (fs *flatState) writablePage(i int) []int64 {
	if i >= len(fs.ownedPages) || !fs.ownedPages[i] {
		if fs.ownedPages == nil {
			fs.ownedPages, fs.spareOwnedPages = fs.spareOwnedPages, nil
		}
		if fs.ownedPages == nil {
			fs.ownedPages = make([]bool, len(fs.props))
		}
		if i < len(fs.sparePages) && len(fs.props[i]) > 0 && cap(fs.sparePages[i]) >= len(fs.props[i]) {
			fs.props[i], fs.sparePages[i] = append(fs.sparePages[i][:0], fs.props[i]...), nil
		} else {
			fs.props[i] = slices.Clone(fs.props[i])
		}
		fs.ownedPages[i] = true
	}
	return fs.props[i]
}

// zoneLoc names zone z as the present runtime's messages do (the loc
// Game.zoneAt gives): a global zone's name, a keyed family's zone as
// family[key], a player zone's name.
func (l *flatLayout) zoneLoc(z int) string {
	switch base := len(l.zones); {
	case z < base && l.zones[z].family != "":
		return familyLoc(l.zones[z].family, l.zones[z].key)
	case z < base:
		return l.zones[z].name
	default:
		return l.pzones[(z-base)%len(l.pzones)]
	}
}
