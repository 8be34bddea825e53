package nativepeloponnes

import "strconv"

// Keys of the options, exactly as the interpreter writes them ("KEY" or
// "KEY AS=VALUE"). They are made only when asked for (tests, the
// differential test); play itself works on the compact options.

// Key is the key of option i of the pending decision.
func (g *Game) Key(i int) string {
	o := g.opts[i]
	arg := int(o.arg)
	switch int(o.kind) {
	case oPass:
		return "pass"
	case oBid:
		return "bid c=" + cards[arg].id
	case oCoins:
		return "coins n=" + strconv.Itoa(arg)
	case oCoin:
		return "coin k=" + backNames[arg]
	case oLuxury:
		return "luxury"
	case oWithdraw:
		return "withdraw"
	case oMove:
		return "move c=" + cards[arg].id
	case oBuild:
		return "build"
	case oConstruct:
		return "construct"
	case oLose:
		return "lose"
	case oWood:
		return "wood"
	case oStone:
		return "stone"
	case oLuxWood:
		return "luxury_wood"
	case oLuxStone:
		return "luxury_stone"
	case oGrain:
		return "grain"
	case oInhabitants:
		return "inhabitants"
	case oRemove:
		return "remove c=" + cards[arg].id
	case oComplete:
		return "complete"
	case oAbandon:
		return "abandon"
	case oAbandonCard:
		return "abandon c=" + cards[arg].id
	case oCover:
		return "cover"
	case oCard:
		return "card c=" + cards[arg].id
	}
	return "?"
}

// Keys lists the keys of the pending decision's options in order.
func (g *Game) Keys() []string {
	out := make([]string, g.nOpts)
	for i := range out {
		out[i] = g.Key(i)
	}
	return out
}
