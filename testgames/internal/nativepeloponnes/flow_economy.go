package nativepeloponnes

// Frames of the supply, bidding and gain phases.

// stepSupply is the supply phase: feed, then complete constructions, for
// each player in turn order (f.i).
func (g *Game) stepSupply(f *frame) {
	if f.i == g.np {
		g.pop()
		return
	}
	p := g.turnOrder[f.i]
	f.i++
	g.push(frame{kind: kComplete, p: p})
	g.push(frame{kind: kFeed, p: p})
}

// stepFeed is feed; f.n counts the inhabitants fed.
func (g *Game) stepFeed(f *frame) {
	p := f.p
	if f.step == 0 {
		f.step = 1
		_, _, grain := g.production(p)
		if inh := g.inhabitants(p); grain > inh && g.makesLuxury(p) {
			g.addLuxury(p, grain-inh)
		}
	}
	_, _, grain := g.production(p)
	if g.inhabitants(p)-grain-f.n <= 0 {
		g.pop()
		return
	}
	pl := &g.pl[p]
	if pl.handN[backGrain] > 0 {
		g.addOpt(oGrain, 0)
	}
	if pl.luxury > 0 {
		g.addOpt(oLuxury, 0)
	}
	if pl.handN[backInh] > 0 {
		g.addOpt(oInhabitants, 0)
	}
	for _, c := range pl.tab[:pl.nTab] {
		if !g.covered[c] && cards[c].inh > 0 {
			g.addOpt(oRemove, int(c))
		}
	}
	g.ask(p, false)
}

func (g *Game) takeFeed(f *frame, kind, arg int) {
	switch kind {
	case oGrain:
		g.handTake(f.p, backGrain)
		g.discard[backGrain]++
		f.n++
	case oLuxury:
		g.pl[f.p].luxury--
		f.n++
	case oInhabitants:
		g.handTake(f.p, backInh)
		g.discard[backInh]++
		f.n++
	case oRemove:
		g.discardCard(arg)
	}
}

// stepComplete is complete_constructions. Step 1 asks about each building
// under construction (listed in g.consList when it starts, f.i the next);
// step 2 gives buildings up while the rest cannot be paid; step 3 pays;
// step 4 completes.
func (g *Game) stepComplete(f *frame) {
	p := f.p
	pl := &g.pl[p]
	switch f.step {
	case 0:
		g.nCons = 0
		for _, c := range pl.tab[:pl.nTab] {
			if g.constructing[c] {
				g.consList[g.nCons] = c
				g.nCons++
			}
		}
		f.n = g.nCons
		f.step = 1
		fallthrough
	case 1:
		if f.i < f.n {
			g.addOpt(oComplete, 0)
			g.addOpt(oAbandon, 0)
			g.ask(p, false)
			return
		}
		f.step = 2
		fallthrough
	case 2:
		w, s := g.constructionCost(p)
		if !g.affordable(p, w, s) {
			for _, c := range pl.tab[:pl.nTab] {
				if g.constructing[c] {
					g.addOpt(oAbandonCard, int(c))
				}
			}
			g.ask(p, true)
			return
		}
		pw, ps, _ := g.production(p)
		f.step = 4
		g.push(frame{kind: kPayGoods, p: p, a: max(0, w-pw), b: max(0, s-ps)})
	case 4:
		for _, c := range pl.tab[:pl.nTab] {
			if g.constructing[c] {
				g.constructing[c] = false
				g.release(&g.beneath[c])
			}
		}
		g.pop()
	}
}

func (g *Game) takeComplete(f *frame, kind, arg int) {
	switch kind {
	case oComplete:
		f.i++
	case oAbandon:
		g.discardCard(int(g.consList[f.i]))
		f.i++
	case oAbandonCard:
		g.discardCard(arg)
	}
}

// askPayGoods is pay_goods: f.a wood and f.b stone still to pay.
func (g *Game) askPayGoods(f *frame) {
	wood, stone := f.a, f.b
	if wood+stone <= 0 {
		g.pop()
		return
	}
	pl := &g.pl[f.p]
	cw, cs, lux := pl.handN[backWood], pl.handN[backStone], pl.luxury
	if wood > 0 && cw > 0 {
		g.addOpt(oWood, 0)
	}
	if stone > 0 && cs > 0 {
		g.addOpt(oStone, 0)
	}
	if wood > 0 && lux > 0 && max(0, wood-1-cw)+max(0, stone-cs) <= lux-1 {
		g.addOpt(oLuxWood, 0)
	}
	if stone > 0 && lux > 0 && max(0, wood-cw)+max(0, stone-1-cs) <= lux-1 {
		g.addOpt(oLuxStone, 0)
	}
	g.ask(f.p, true)
}

func (g *Game) takePayGoods(f *frame, kind int) {
	pl := &g.pl[f.p]
	switch kind {
	case oWood:
		g.handTake(f.p, backWood)
		g.discard[backWood]++
		f.a--
	case oStone:
		g.handTake(f.p, backStone)
		g.discard[backStone]++
		f.b--
	case oLuxWood:
		pl.luxury--
		pl.luxUsed = true
		f.a--
	case oLuxStone:
		pl.luxury--
		pl.luxUsed = true
		f.b--
	}
}

// stepBidding is the bidding phase: bid turns in turn order (f.i), then
// the cards nobody bid on leave the game.
func (g *Game) stepBidding(f *frame) {
	if f.step == 0 {
		for _, p := range g.turnOrder[:g.np] {
			pl := &g.pl[p]
			pl.bidCard, pl.bidCoins, pl.passed, pl.lastCard, pl.gained = -1, 0, false, -1, -1
		}
		f.step = 1
	}
	if f.i < g.np {
		p := g.turnOrder[f.i]
		f.i++
		g.push(frame{kind: kBidTurn, p: p})
		return
	}
	for i := 0; i < g.nBiddable(); i++ {
		if c := g.biddable(i); g.bidder(c) < 0 {
			g.zone[c] = zBox
		}
	}
	g.pop()
}

func (g *Game) askBidTurn(f *frame) {
	p := f.p
	g.addOpt(oPass, 0)
	purse := g.purse(p)
	for i := 0; i < g.nBiddable(); i++ {
		if c := g.biddable(i); g.need(p, c) <= purse {
			g.addOpt(oBid, c)
		}
	}
	g.ask(p, false)
}

func (g *Game) takeBidTurn(f *frame, kind, arg int) {
	if kind == oPass {
		g.withdraw(f.p)
		g.pop()
		return
	}
	g.replace(frame{kind: kAmount, p: f.p, c: arg})
}

// withdraw is the procedure withdraw.
func (g *Game) withdraw(p int) {
	pl := &g.pl[p]
	pl.bidCoins, pl.bidCard, pl.passed = 0, -1, true
	g.drawToHand(p, passDraw)
}

func (g *Game) askAmount(f *frame) {
	for n := g.need(f.p, f.c); n <= g.purse(f.p); n++ {
		g.addOpt(oCoins, n)
	}
	g.ask(f.p, true)
}

// stepPutCoins puts f.n coin cards into the bid one by one (f.i put so
// far), then places the bid.
func (g *Game) stepPutCoins(f *frame) {
	p := f.p
	if f.i < f.n {
		var backs [nBacks]int8
		for _, b := range backs[:g.handBacks(p, &backs)] {
			g.addOpt(oCoin, int(b))
		}
		if g.luxuryForCoin(p, f.n-f.i) {
			g.addOpt(oLuxury, 0)
		}
		g.ask(p, true)
		return
	}
	g.pl[p].bidCoins = f.n
	c := f.c
	g.pop()
	g.placeBid(p, c)
}

func (g *Game) takePutCoin(f *frame, kind, arg int) {
	pl := &g.pl[f.p]
	var back int8
	if kind == oCoin {
		back = int8(arg)
		g.handTake(f.p, back)
	} else {
		pl.luxury--
		b, ok := g.drawCoin()
		if !ok {
			g.fail("put_coin_in_bid: no coin card to draw")
			return
		}
		back = b
	}
	pl.bid[pl.nBid] = back
	pl.nBid++
	f.i++
}

// placeBid is place_bid: whoever bid on c before must move at once.
func (g *Game) placeBid(p, c int) {
	prev := g.bidder(c)
	g.pl[p].bidCard = c
	if prev >= 0 {
		g.pl[prev].bidCard = -1
		g.pl[prev].lastCard = c
		g.push(frame{kind: kDisplaced, p: prev})
	}
}

func (g *Game) askDisplaced(f *frame) {
	q := f.p
	pl := &g.pl[q]
	g.addOpt(oWithdraw, 0)
	for i := 0; i < g.nBiddable(); i++ {
		if c := g.biddable(i); c != pl.lastCard && g.need(q, c) <= pl.bidCoins {
			g.addOpt(oMove, c)
		}
	}
	g.ask(q, false)
}

func (g *Game) takeDisplaced(f *frame, kind, arg int) {
	q := f.p
	g.pop()
	if kind == oWithdraw {
		pl := &g.pl[q]
		for _, b := range pl.bid[:pl.nBid] {
			g.handAdd(q, b)
		}
		pl.nBid = 0
		g.withdraw(q)
		return
	}
	g.placeBid(q, arg)
}

// stepGain is the gain phase, in turn order (f.i).
func (g *Game) stepGain(f *frame) {
	if f.step == 0 {
		// Every winning bid goes to the discard before the first card is
		// added (a reshuffle while adding one takes them all).
		for _, p := range g.turnOrder[:g.np] {
			pl := &g.pl[p]
			for _, b := range pl.bid[:pl.nBid] {
				g.discard[b]++
			}
			pl.nBid = 0
		}
		f.step = 1
	}
	for f.i < g.np {
		p := g.turnOrder[f.i]
		f.i++
		pl := &g.pl[p]
		if pl.bidCard < 0 {
			continue
		}
		c := pl.bidCard
		pl.gained = c
		if !cards[c].building {
			g.toTableau(p, c)
			continue
		}
		g.push(frame{kind: kGainBuilding, p: p, c: c})
		return
	}
	g.pop()
}

// stepGainBuilding is gain_building; f.a is the excess production when
// building (luxury goods).
func (g *Game) stepGainBuilding(f *frame) {
	p, c := f.p, f.c
	d := &cards[c]
	switch f.step {
	case 0:
		afford := g.affordable(p, int(d.costW), int(d.costS))
		canPay := g.canPayCoin(p)
		if afford {
			g.addOpt(oBuild, 0)
		}
		if canPay {
			g.addOpt(oConstruct, 0)
		}
		if !afford && !canPay {
			g.addOpt(oLose, 0)
		}
		g.ask(p, true)
	case 1: // built: paid
		g.toTableau(p, c)
		if !g.pl[p].luxUsed && g.makesLuxury(p) && f.a > 0 {
			g.addLuxury(p, f.a)
		}
		g.pop()
	case 2: // under construction: the coin card is beneath it
		g.constructing[c] = true
		g.toTableau(p, c)
		g.pop()
	}
}

func (g *Game) takeGainBuilding(f *frame, kind int) {
	p, c := f.p, f.c
	d := &cards[c]
	switch kind {
	case oBuild:
		g.pl[p].luxUsed = false
		pw, ps, _ := g.production(p)
		f.a = max(0, pw-int(d.costW)) + max(0, ps-int(d.costS))
		f.step = 1
		g.push(frame{kind: kPayGoods, p: p, a: max(0, int(d.costW)-pw), b: max(0, int(d.costS)-ps)})
	case oConstruct:
		f.step = 2
		g.push(frame{kind: kPayCoin, p: p, a: c, c: -1})
	case oLose:
		g.zone[c] = zBox
		g.pl[p].gained = -1
		g.pop()
	}
}
