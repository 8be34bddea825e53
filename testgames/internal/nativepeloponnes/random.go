package nativepeloponnes

// PlayRandom plays g to its end, choosing uniformly among the legal
// options with a random source seeded with seed (the native counterpart of
// the interpreter's random bots).
func (g *Game) PlayRandom(seed uint64) error {
	r := newRNG(seed ^ 0x6a09e667f3bcc908)
	for !g.over {
		n := g.nOpts
		if n == 0 {
			break
		}
		i := 0
		if n > 1 {
			i = r.intn(n)
		}
		g.decisions++
		g.take(i)
		g.run()
	}
	return g.err
}
