package nativepeloponnes

// The rules run on an explicit stack of frames: each frame is one running
// procedure or phase of the ruleset with its locals, and step says where
// it is. run executes the top frame until a decision is pending; take
// applies the chosen option to the frame that asked.

// Frame kinds (the ruleset's phases and procedures that lead to decisions).
const (
	kFlow         = iota // setup's flow: the rounds, the final supply and recovery
	kReveal              // phase reveal, with the catastrophe trigger
	kCatastrophe         // trigger catastrophe
	kStrike              // strike_plague / earthquake / tempest / drought / decline
	kPickVictim          // pick_victim
	kCoverOrLose         // cover_or_lose
	kPayCoin             // pay_coin
	kSupply              // phase supply
	kFeed                // feed
	kComplete            // complete_constructions
	kPayGoods            // pay_goods
	kBidding             // phase bidding
	kBidTurn             // bid_turn
	kAmount              // choose_amount
	kPutCoins            // put_coin_in_bid, n times, then place_bid
	kDisplaced           // displaced
	kGain                // phase gain
	kGainBuilding        // gain_building
)

// frame is one running procedure. The meaning of the fields depends on kind.
type frame struct {
	kind, step int
	p, c, cat  int
	a, b, i, n int
}

// opt is one legal option: its kind and argument (a card, a back, a number).
type opt struct{ kind, arg int8 }

// Option kinds; keys.go gives each its key.
const (
	oPass = iota
	oBid
	oCoins
	oCoin
	oLuxury
	oWithdraw
	oMove
	oBuild
	oConstruct
	oLose
	oWood
	oStone
	oLuxWood
	oLuxStone
	oGrain
	oInhabitants
	oRemove
	oComplete
	oAbandon
	oAbandonCard
	oCover
	oCard
)

func (g *Game) push(f frame) {
	if g.sp == maxStack {
		g.fail("frame stack overflow")
		return
	}
	g.stack[g.sp] = f
	g.sp++
}

func (g *Game) pop() { g.sp-- }

// replace puts f in place of the top frame (a tail call).
func (g *Game) replace(f frame) { g.stack[g.sp-1] = f }

func (g *Game) addOpt(kind, arg int) {
	g.opts[g.nOpts] = opt{int8(kind), int8(arg)}
	g.nOpts++
}

// ask makes the options added a pending decision of p; with none, the
// game stops with an error (the interpreter does the same).
func (g *Game) ask(p int, auto bool) {
	if g.nOpts == 0 {
		g.fail("no legal option for P%d (frame kind %d)", p+1, g.stack[g.sp-1].kind)
		return
	}
	g.who, g.auto = p, auto
}

// run executes frames until a decision is pending or the game is over.
func (g *Game) run() {
	for !g.over {
		if g.nOpts > 0 {
			if g.auto && g.nOpts == 1 {
				g.take(0)
				continue
			}
			return
		}
		if g.sp == 0 {
			g.finish()
			return
		}
		g.step(&g.stack[g.sp-1])
	}
}

// step runs the top frame until it finishes, calls, or asks.
func (g *Game) step(f *frame) {
	switch f.kind {
	case kFlow:
		g.stepFlow(f)
	case kReveal:
		g.stepReveal(f)
	case kCatastrophe:
		g.stepCatastrophe(f)
	case kStrike:
		g.stepStrike(f)
	case kPickVictim:
		g.askPickVictim(f)
	case kCoverOrLose:
		g.stepCoverOrLose(f)
	case kPayCoin:
		g.askPayCoin(f)
	case kSupply:
		g.stepSupply(f)
	case kFeed:
		g.stepFeed(f)
	case kComplete:
		g.stepComplete(f)
	case kPayGoods:
		g.askPayGoods(f)
	case kBidding:
		g.stepBidding(f)
	case kBidTurn:
		g.askBidTurn(f)
	case kAmount:
		g.askAmount(f)
	case kPutCoins:
		g.stepPutCoins(f)
	case kDisplaced:
		g.askDisplaced(f)
	case kGain:
		g.stepGain(f)
	case kGainBuilding:
		g.stepGainBuilding(f)
	}
}

// take applies option i of the pending decision to the frame that asked.
func (g *Game) take(i int) {
	o := g.opts[i]
	g.nOpts = 0
	f := &g.stack[g.sp-1]
	kind, arg := int(o.kind), int(o.arg)
	switch f.kind {
	case kStrike:
		g.takeDecline(f, kind)
	case kPickVictim:
		g.replace(frame{kind: kCoverOrLose, p: f.p, c: arg, cat: f.cat})
	case kCoverOrLose:
		g.takeCoverOrLose(f, kind)
	case kPayCoin:
		g.takePayCoin(f, kind, arg)
	case kFeed:
		g.takeFeed(f, kind, arg)
	case kComplete:
		g.takeComplete(f, kind, arg)
	case kPayGoods:
		g.takePayGoods(f, kind)
	case kBidTurn:
		g.takeBidTurn(f, kind, arg)
	case kAmount:
		g.replace(frame{kind: kPutCoins, p: f.p, c: f.c, n: arg})
	case kPutCoins:
		g.takePutCoin(f, kind, arg)
	case kDisplaced:
		g.takeDisplaced(f, kind, arg)
	case kGainBuilding:
		g.takeGainBuilding(f, kind)
	default:
		g.fail("option for frame kind %d", f.kind)
	}
}

// stepFlow is the flow: eight rounds of reveal, supply, bidding, turn
// order, gain and income; then a final supply and recovery. f.a is the
// round index.
func (g *Game) stepFlow(f *frame) {
	switch f.step {
	case 0:
		if f.a == rounds {
			f.step = 10
			g.push(frame{kind: kSupply})
			return
		}
		g.round = f.a + 1
		f.step = 1
		g.push(frame{kind: kReveal})
	case 1:
		f.step = 2
		if g.supplyDue {
			g.push(frame{kind: kSupply})
		}
	case 2:
		f.step = 3
		g.push(frame{kind: kBidding})
	case 3:
		g.sortTurnOrder()
		f.step = 4
		g.push(frame{kind: kGain})
	case 4:
		for _, p := range g.turnOrder[:g.np] {
			g.incomeFor(p)
		}
		f.a++
		f.step = 0
	case 10:
		for _, p := range g.turnOrder[:g.np] {
			g.recover(p)
		}
		g.pop()
	}
}

// stepReveal is the reveal phase. The catastrophe trigger is checked after
// every marker step, so it runs between two symbols; f.i is the card
// (of the first two drawn) and f.n the symbol on it.
func (g *Game) stepReveal(f *frame) {
	if f.step == 0 {
		g.nDisplay, g.nConquest = 0, 0
		for i := 0; i < g.np; i++ {
			c := g.powerPile[g.ppHead]
			g.ppHead++
			g.display[g.nDisplay] = c
			g.nDisplay++
			g.zone[c] = zDisplay
		}
		for i := 0; i < cardsPerRound-g.np; i++ {
			c := g.powerPile[g.ppHead]
			g.ppHead++
			g.conquest[g.nConquest] = c
			g.nConquest++
			g.zone[c] = zConquest
		}
		g.supplyDue = false
		for i := 0; i < g.nBiddable(); i++ {
			if cards[g.biddable(i)].supply {
				g.supplyDue = true
			}
		}
		f.step = 1
	}
	for ; f.i < min(2, g.nDisplay); f.i, f.n = f.i+1, 0 {
		d := &cards[g.display[f.i]]
		for f.n < int(d.nCats) {
			cat := int(d.cats[f.n])
			f.n++
			if g.occurred[cat] {
				continue
			}
			g.markers[cat]++
			if g.markers[cat] >= trackLength[cat] {
				g.push(frame{kind: kCatastrophe, cat: cat})
				return
			}
		}
	}
	g.pop()
}

// stepCatastrophe is the trigger's body; f.i walks the turn order.
func (g *Game) stepCatastrophe(f *frame) {
	g.occurred[f.cat] = true
	for f.i < g.np {
		p := g.turnOrder[f.i]
		f.i++
		if !g.protected(p, f.cat) {
			g.push(frame{kind: kStrike, p: p, cat: f.cat})
			return
		}
	}
	g.pop()
}

// stepStrike is strike_<catastrophe> for player f.p; f.n counts the
// victims still to pick (earthquake, tempest).
func (g *Game) stepStrike(f *frame) {
	p := f.p
	pl := &g.pl[p]
	switch f.cat {
	case catPlague:
		for _, c := range pl.tab[:pl.nTab] {
			if cards[c].civ && !g.covered[c] {
				g.replace(frame{kind: kCoverOrLose, p: p, c: int(c), cat: catPlague})
				return
			}
		}
		g.pop()
	case catEarthquake, catTempest:
		if f.step == 0 {
			n := 0
			for _, c := range pl.tab[:pl.nTab] {
				if g.inPool(c, f.cat, 0) {
					n++
				}
			}
			f.n = (n + 2) / 3
			f.step = 1
		}
		if f.n == 0 {
			g.pop()
			return
		}
		f.n--
		g.push(frame{kind: kPickVictim, p: p, cat: f.cat})
	case catDrought:
		top := 0
		for _, c := range pl.tab[:pl.nTab] {
			if !cards[c].civ && !g.covered[c] {
				top = max(top, int(cards[c].prodG))
			}
		}
		if top > 0 {
			g.replace(frame{kind: kPickVictim, p: p, cat: catDrought, a: top})
			return
		}
		g.pop()
	case catDecline:
		if f.step == 1 {
			pl.luxCard = luxCovered
			g.pop()
			return
		}
		pl.luxury = 0
		if pl.luxCard != luxActive {
			g.pop()
			return
		}
		if g.canPayCoin(p) {
			g.addOpt(oCover, 0)
		}
		g.addOpt(oLose, 0)
		g.ask(p, true)
	}
}

func (g *Game) takeDecline(f *frame, kind int) {
	if kind == oCover {
		f.step = 1
		g.push(frame{kind: kPayCoin, p: f.p, a: -1, c: -1, b: 1})
		return
	}
	g.pl[f.p].luxCard = luxRemoved
	g.pop()
}

// inPool: card c is one the catastrophe may strike (pick_victim's pool,
// already uncovered; top is drought's highest grain production).
func (g *Game) inPool(c int8, cat, top int) bool {
	switch cat {
	case catEarthquake:
		return g.isBuilding(c)
	case catTempest:
		return g.isLandscape(c)
	}
	return !cards[c].civ && !g.covered[c] && int(cards[c].prodG) == top
}

func (g *Game) askPickVictim(f *frame) {
	pl := &g.pl[f.p]
	for _, c := range pl.tab[:pl.nTab] {
		if g.inPool(c, f.cat, f.a) {
			g.addOpt(oCard, int(c))
		}
	}
	g.ask(f.p, true)
}

func (g *Game) stepCoverOrLose(f *frame) {
	if f.step == 1 {
		g.covered[f.c], g.coveredBy[f.c] = true, int8(f.cat)
		g.pop()
		return
	}
	if g.canPayCoin(f.p) {
		g.addOpt(oCover, 0)
	}
	g.addOpt(oLose, 0)
	g.ask(f.p, true)
}

func (g *Game) takeCoverOrLose(f *frame, kind int) {
	if kind == oCover {
		f.step = 1
		g.push(frame{kind: kPayCoin, p: f.p, a: -1, c: f.c})
		return
	}
	g.discardCard(f.c)
	g.pop()
}

// askPayCoin is pay_coin: f.a is the building the coin card lies beneath
// (-1), f.c the card it covers (-1), f.b 1 if it covers the luxury card.
func (g *Game) askPayCoin(f *frame) {
	var backs [nBacks]int8
	for _, b := range backs[:g.handBacks(f.p, &backs)] {
		g.addOpt(oCoin, int(b))
	}
	if g.luxuryForCoin(f.p, 1) {
		g.addOpt(oLuxury, 0)
	}
	g.ask(f.p, true)
}

func (g *Game) takePayCoin(f *frame, kind, arg int) {
	var back int8
	if kind == oCoin {
		back = int8(arg)
		g.handTake(f.p, back)
	} else {
		g.pl[f.p].luxury--
		b, ok := g.drawCoin()
		if !ok {
			g.fail("pay_coin: no coin card to draw")
			return
		}
		back = b
	}
	switch {
	case f.a >= 0:
		g.beneath[f.a] = back
	case f.c >= 0:
		g.cover[f.c] = back
	case f.b == 1:
		g.pl[f.p].luxCover = int(back)
	}
	g.pop()
}
