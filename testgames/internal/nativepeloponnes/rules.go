package nativepeloponnes

// The ruleset's functions (functions.yaml) and its effects that take no
// decision: setup, moving coin cards, income, turn order, recovery and
// scoring.

// setup is the ruleset's setup: the power pile, the civilizations, turn
// order and the starting coin cards.
func (g *Game) setup() {
	for c := range g.coveredBy {
		g.coveredBy[c], g.beneath[c], g.cover[c], g.owner[c] = -1, -1, -1, -1
	}
	n := 0
	for pile := int8(0); pile < 3; pile++ {
		start := n
		for c := 0; c < nPower; c++ {
			if cards[c].pile == pile {
				g.powerPile[n] = int8(c)
				n++
			}
		}
		g.shuffleCards(pileNames[pile], g.powerPile[start:n])
	}
	for c := range g.powerPile {
		g.zone[g.powerPile[c]] = zPile
	}
	var civ [nCiv]int8
	for i := range civ {
		civ[i] = int8(nPower + i)
	}
	g.shuffleCards("shuffle civ_box", civ[:])
	for p := 0; p < g.np; p++ {
		pl := &g.pl[p]
		*pl = player{luxCover: -1, bidCard: -1, lastCard: -1, gained: -1}
		g.toTableau(p, int(civ[p]))
	}
	// Turn order: lowest number next to the arrow first (the numbers differ).
	for p := 0; p < g.np; p++ {
		g.turnOrder[p] = p
	}
	for i := 1; i < g.np; i++ {
		for j := i; j > 0 && g.civOrder(g.turnOrder[j]) < g.civOrder(g.turnOrder[j-1]); j-- {
			g.turnOrder[j], g.turnOrder[j-1] = g.turnOrder[j-1], g.turnOrder[j]
		}
	}
	g.numberTurnOrder()
	for i := range g.coinPile {
		g.coinPile[i] = int8(i / (nCoins / nBacks))
	}
	g.cpHead, g.cpLen = 0, nCoins
	g.shuffleCoins(g.coinPile[:])
	for _, p := range g.turnOrder[:g.np] {
		g.drawToHand(p, int(cards[g.pl[p].tab[0]].coins))
	}
}

var pileNames = [3]string{"shuffle pile_a", "shuffle pile_b", "shuffle pile_c"}

func (g *Game) civOrder(p int) int8 { return cards[g.pl[p].tab[0]].order }

func (g *Game) numberTurnOrder() {
	for i, p := range g.turnOrder[:g.np] {
		g.pl[p].orderPos = i
	}
}

// sortTurnOrder is the turn_order phase: highest bid first, ties keep
// their order.
func (g *Game) sortTurnOrder() {
	key := func(p int) int { return g.pl[p].orderPos - 100*g.pl[p].bidCoins }
	t := &g.turnOrder
	for i := 1; i < g.np; i++ {
		for j := i; j > 0 && key(t[j]) < key(t[j-1]); j-- {
			t[j], t[j-1] = t[j-1], t[j]
		}
	}
	g.numberTurnOrder()
}

// toTableau puts card c at the end of p's tableau.
func (g *Game) toTableau(p, c int) {
	pl := &g.pl[p]
	pl.tab[pl.nTab] = int8(c)
	pl.nTab++
	g.zone[c], g.owner[c] = zTableau, int8(p)
}

// fromTableau takes card c out of p's tableau.
func (g *Game) fromTableau(p, c int) {
	pl := &g.pl[p]
	for i := 0; i < pl.nTab; i++ {
		if int(pl.tab[i]) == c {
			copy(pl.tab[i:pl.nTab-1], pl.tab[i+1:pl.nTab])
			pl.nTab--
			return
		}
	}
}

// discardCard is the procedure discard_card: c leaves the game, and the
// coin cards on or under it go to the discard.
func (g *Game) discardCard(c int) {
	g.release(&g.beneath[c])
	g.release(&g.cover[c])
	g.covered[c], g.constructing[c], g.coveredBy[c] = false, false, -1
	if g.zone[c] == zTableau {
		g.fromTableau(int(g.owner[c]), c)
	}
	g.zone[c], g.owner[c] = zBox, -1
}

// release sends the coin card in slot (a back, -1 if none) to the discard.
func (g *Game) release(slot *int8) {
	if *slot >= 0 {
		g.discard[*slot]++
		*slot = -1
	}
}

// --- coin cards

func (g *Game) handAdd(p int, back int8) {
	pl := &g.pl[p]
	pl.hand[pl.nHand] = back
	pl.nHand++
	pl.handN[back]++
}

// handTake removes the first coin card with the given back from p's hand.
func (g *Game) handTake(p int, back int8) {
	pl := &g.pl[p]
	for i := 0; i < pl.nHand; i++ {
		if pl.hand[i] == back {
			copy(pl.hand[i:pl.nHand-1], pl.hand[i+1:pl.nHand])
			pl.nHand--
			pl.handN[back]--
			return
		}
	}
	g.fail("no %s coin card in P%d's hand", backNames[back], p+1)
}

// drawCoin draws the top coin card of the pile, refilling the pile from
// the discard when it is empty; ok is false when both are empty.
func (g *Game) drawCoin() (back int8, ok bool) {
	if g.cpHead == g.cpLen && !g.refill() {
		return 0, false
	}
	back = g.coinPile[g.cpHead]
	g.cpHead++
	return back, true
}

// refill shuffles the discard into the empty coin pile.
func (g *Game) refill() bool {
	n := 0
	for b := int8(0); b < nBacks; b++ {
		for k := 0; k < g.discard[b]; k++ {
			g.coinPile[n] = b
			n++
		}
		g.discard[b] = 0
	}
	if n == 0 {
		return false
	}
	g.cpHead, g.cpLen = 0, n
	g.shuffleCoins(g.coinPile[:n])
	return g.err == nil
}

func (g *Game) drawToHand(p, n int) {
	for i := 0; i < n; i++ {
		b, ok := g.drawCoin()
		if !ok {
			return
		}
		g.handAdd(p, b)
	}
}

// drawable is the function drawable: coin cards in the pile and discard.
func (g *Game) drawable() int {
	return g.cpLen - g.cpHead + g.discard[0] + g.discard[1] + g.discard[2] + g.discard[3]
}

// handBacks lists the backs in p's hand in order of first appearance
// (the options of a for_each over the hand with distinct: k.back).
func (g *Game) handBacks(p int, out *[nBacks]int8) int {
	pl := &g.pl[p]
	want := 0
	for _, n := range pl.handN {
		if n > 0 {
			want++
		}
	}
	var seen [nBacks]bool
	k := 0
	for i := 0; k < want && i < pl.nHand; i++ {
		if b := pl.hand[i]; !seen[b] {
			seen[b] = true
			out[k] = b
			k++
		}
	}
	return k
}

// --- the ruleset's functions

// production of a good: 0 wood, 1 stone, 2 grain.
func (g *Game) production(p int) (w, s, gr int) {
	pl := &g.pl[p]
	for _, c := range pl.tab[:pl.nTab] {
		if !g.covered[c] {
			d := &cards[c]
			w += int(d.prodW)
			s += int(d.prodS)
			gr += int(d.prodG)
		}
	}
	return
}

func (g *Game) inhabitants(p int) int {
	pl := &g.pl[p]
	n := 0
	for _, c := range pl.tab[:pl.nTab] {
		if !g.covered[c] {
			n += int(cards[c].inh)
		}
	}
	return n
}

// isBuilding: an uncovered power building (under construction included).
func (g *Game) isBuilding(c int8) bool { return !g.covered[c] && cards[c].building }

func (g *Game) isLandscape(c int8) bool {
	return !g.covered[c] && !cards[c].civ && !cards[c].building
}

func (g *Game) purse(p int) int {
	return g.pl[p].nHand + min(g.pl[p].luxury, g.drawable())
}

func (g *Game) canPayCoin(p int) bool {
	return g.pl[p].nHand > 0 || (g.pl[p].luxury > 0 && g.drawable() > 0)
}

func (g *Game) luxuryForCoin(p, n int) bool {
	return g.pl[p].luxury > 0 && g.drawable() > 0 && g.pl[p].nHand < n
}

func (g *Game) makesLuxury(p int) bool { return g.pl[p].luxCard != luxRemoved }

func (g *Game) luxCap(p int) int {
	switch g.pl[p].luxCard {
	case luxActive:
		return luxuryMax
	case luxCovered:
		return luxuryMaxDecl
	}
	return 0
}

func (g *Game) addLuxury(p, n int) {
	pl := &g.pl[p]
	pl.luxury = min(g.luxCap(p), pl.luxury+n)
}

func (g *Game) protected(p, cat int) bool {
	pl := &g.pl[p]
	symbols := 0
	for _, c := range pl.tab[:pl.nTab] {
		if g.isBuilding(c) && cards[c].protects&(1<<cat) != 0 {
			return true
		}
		if cards[c].catMask&(1<<cat) != 0 {
			symbols++
		}
	}
	need := protectionSymbol
	if g.mutation == MutateProtection {
		need = 2
	}
	return symbols >= need
}

// bidBonus and conquestDiscount sum the buildings' bid_bonus and conquest_discount.
func (g *Game) bidBonus(p int) int {
	pl := &g.pl[p]
	n := 0
	for _, c := range pl.tab[:pl.nTab] {
		if g.isBuilding(c) {
			n += int(cards[c].bidBonus)
		}
	}
	return n
}

func (g *Game) minBid(p, c int) int {
	if g.zone[c] != zConquest {
		return int(cards[c].value)
	}
	pl := &g.pl[p]
	disc := 0
	for _, b := range pl.tab[:pl.nTab] {
		if g.isBuilding(b) {
			disc += int(cards[b].conqDiscount)
		}
	}
	bonus := conquestBonus
	if g.mutation == MutateConquestBonus {
		bonus = 2
	}
	return max(0, int(cards[c].value)+bonus-disc)
}

func (g *Game) bidder(c int) int {
	for p := 0; p < g.np; p++ {
		if g.pl[p].bidCard == c {
			return p
		}
	}
	return -1
}

// need is the fewest coin cards with which p can bid on c now (999 if p cannot).
func (g *Game) need(p, c int) int {
	b := g.bidder(c)
	if b < 0 {
		return g.minBid(p, c)
	}
	if g.zone[c] == zConquest || b == p {
		return 999
	}
	return max(g.minBid(p, c), floorDiv(2*g.pl[b].bidCoins+g.bidBonus(b)-g.bidBonus(p), 2)+1)
}

func floorDiv(a, b int) int {
	q := a / b
	if r := a % b; r != 0 && (r < 0) == (b > 0) {
		q--
	}
	return q
}

// biddable is display then conquest row.
func (g *Game) biddable(i int) int {
	if i < g.nDisplay {
		return int(g.display[i])
	}
	return int(g.conquest[i-g.nDisplay])
}

func (g *Game) nBiddable() int { return g.nDisplay + g.nConquest }

// shortfall of a payment of wood w and stone s beyond production and coin cards.
func (g *Game) shortfall(p, w, s int) int {
	pw, ps, _ := g.production(p)
	h := &g.pl[p].handN
	return max(0, w-pw-h[backWood]) + max(0, s-ps-h[backStone])
}

func (g *Game) affordable(p, w, s int) bool { return g.shortfall(p, w, s) <= g.pl[p].luxury }

// constructionCost sums the costs of p's buildings under construction
// (covered ones included).
func (g *Game) constructionCost(p int) (w, s int) {
	pl := &g.pl[p]
	for _, c := range pl.tab[:pl.nTab] {
		if g.constructing[c] {
			w += int(cards[c].costW)
			s += int(cards[c].costS)
		}
	}
	return
}

// --- phases without decisions

// incomeFor is the procedure income_for.
func (g *Game) incomeFor(p int) {
	pl := &g.pl[p]
	if pl.gained >= 0 && g.zone[pl.gained] == zTableau {
		d := &cards[pl.gained]
		g.drawToHand(p, int(d.incomeCoins))
		if d.incomeLux > 0 {
			g.addLuxury(p, int(d.incomeLux))
		}
	}
	pop := g.inhabitants(p)
	n := incomeTable[min(pop, len(incomeTable)-1)]
	for _, c := range pl.tab[:pl.nTab] {
		if g.isBuilding(c) {
			n += int(cards[c].incomeBonus)
		}
	}
	g.drawToHand(p, n)
	if pop >= luxIncomeMinInh && g.makesLuxury(p) {
		g.addLuxury(p, luxuryIncome[min(pop, len(luxuryIncome)-1)])
	}
}

// recover is the procedure recover: protection is judged once, then the
// cards covered by those catastrophes are freed.
func (g *Game) recover(p int) {
	var safe [nCats]bool
	for cat := 0; cat < nCats; cat++ {
		safe[cat] = g.occurred[cat] && g.protected(p, cat)
	}
	pl := &g.pl[p]
	for _, c := range pl.tab[:pl.nTab] {
		if g.covered[c] && g.coveredBy[c] >= 0 && safe[g.coveredBy[c]] {
			g.covered[c], g.coveredBy[c] = false, -1
			g.release(&g.cover[c])
		}
	}
	if safe[catDecline] && pl.luxCard == luxCovered {
		pl.luxCard = luxActive
		cov := int8(pl.luxCover)
		g.release(&cov)
		pl.luxCover = -1
	}
}

// finish scores the game.
func (g *Game) finish() {
	for p := 0; p < g.np; p++ {
		pop, pow := g.population(p), g.powerPoints(p)
		g.scores[p] = min(pop, pow)
		g.tiebreak[p] = [2]int{max(pop, pow), g.pl[p].luxury}
	}
	g.over = true
}

func (g *Game) population(p int) int {
	pl := &g.pl[p]
	n := g.inhabitants(p) + pl.handN[backInh]
	if pl.luxCard == luxActive {
		n += luxTrackInh[pl.luxury]
	}
	return n
}

func (g *Game) powerPoints(p int) int {
	pl := &g.pl[p]
	n := 0
	for _, c := range pl.tab[:pl.nTab] {
		if !g.covered[c] {
			n += int(cards[c].power)
		}
	}
	n += floorDiv(pl.nHand-pl.handN[backInh]+pl.luxury, coinsPerPower)
	if pl.luxCard == luxActive {
		n += luxTrackPower[pl.luxury]
	}
	return n
}
