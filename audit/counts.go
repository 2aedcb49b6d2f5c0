package audit

import "math/bits"

// count is the type of a tally's counters: uint32 for the batches, whose
// counts stay below 2³², and int64 for the running totals. float64 lets the
// tests feed the statistics arbitrary tables.
type count interface{ ~uint32 | ~int64 | ~float64 }

// shape is what a line holds: the first m of the N = n·k cards of a deck
// of n distinct cards (k = 1) or of a shoe of k copies of each.
type shape struct{ n, k, N, m int }

// perm reports whether every line is a whole deck of distinct cards: a
// permutation, for which every test runs and the fast path counts.
func (s shape) perm() bool { return s.k == 1 && s.m == s.N }

// whole reports whether every line holds the whole deck or shoe.
func (s shape) whole() bool { return s.m == s.N }

// counts is what the tests need from a stretch of decks. The tables are
// row-major; a table the shape has no use for is nil.
type counts[T count] struct {
	decks  int64
	steps  int64 // pairs of consecutive decks counted in serial
	pos    []T   // pos[c*m+j]: card c at place j
	adj    []T   // adj[a*n+b]: card b directly after card a
	before []T   // whole decks: pairs in which a comes before b, at [a*n+b] for distinct cards and [b*n+a] for shoes
	serial []T   // serial[i*m+j]: a card at place i in one deck, and the same card at j in the next
	fixed  []T   // permutations: fixed[k], decks with k fixed points
	cycles []T   // permutations: cycles[k], decks with k cycles
	rising []T   // permutations: rising[r], decks with r rising sequences
	equal  []T   // shoes: equal[e], decks with e places whose card equals the next
	extra  []T   // the hand test's buckets, then each game's outcomes
}

func newCounts[T count](s shape, extra int) *counts[T] {
	n, m := s.n, s.m
	c := &counts[T]{pos: make([]T, n*m), adj: make([]T, n*n), serial: make([]T, m*m), extra: make([]T, extra)}
	if s.whole() {
		c.before = make([]T, n*n)
	}
	if s.perm() {
		c.fixed, c.cycles, c.rising = make([]T, n+1), make([]T, n+1), make([]T, n+1)
	}
	if s.k > 1 {
		c.equal = make([]T, m)
	}
	return c
}

func (c *counts[T]) reset() {
	c.decks, c.steps = 0, 0
	for _, t := range c.tables() {
		clear(t)
	}
}

func (c *counts[T]) tables() [9][]T {
	return [9][]T{c.pos, c.adj, c.before, c.serial, c.fixed, c.cycles, c.rising, c.equal, c.extra}
}

// mergeCounts adds src to dst.
func mergeCounts[T, U count](dst *counts[U], src *counts[T]) {
	dst.decks += src.decks
	dst.steps += src.steps
	dt, st := dst.tables(), src.tables()
	for i := range dt {
		d, s := dt[i], st[i]
		for j, v := range s {
			d[j] += U(v)
		}
	}
}

// add counts one permutation with inverse inv; prev is the inverse of the
// deck before it, nil for the first deck; visited is scratch of n bytes,
// all false, and left so. If planes is not nil the pairs go there instead
// of into c.before.
func (c *counts[T]) add(deck []int, inv, prev []int32, visited []bool, planes *pairPlanes) {
	n := len(deck)
	c.decks++
	pos, adj, before := c.pos, c.adj, c.before
	fixed := 0
	for j, card := range deck {
		pos[card*n+j]++
		if card == j {
			fixed++
		}
	}
	c.fixed[fixed]++
	for j := 1; j < n; j++ {
		adj[deck[j-1]*n+deck[j]]++
	}
	if planes != nil {
		planes.add(deck)
	} else {
		// Every pair: the O(n²) part of the audit.
		for i, a := range deck[:n-1] {
			row := before[a*n : a*n+n]
			for _, b := range deck[i+1:] {
				row[b]++
			}
		}
	}
	cycles := 0
	for j := range deck {
		if visited[j] {
			continue
		}
		cycles++
		for k := j; !visited[k]; k = deck[k] {
			visited[k] = true
		}
	}
	clear(visited)
	c.cycles[cycles]++
	rising := 1
	for card := 1; card < n; card++ {
		if inv[card] < inv[card-1] {
			rising++
		}
	}
	c.rising[rising]++
	if prev != nil {
		c.steps++
		serial := c.serial
		for card, i := range prev {
			serial[int(i)*n+int(inv[card])]++
		}
	}
}

// places are where each card lies in one line: the places of card c are
// at[c*k : c*k+cnt[c]], in order.
type places struct {
	at, cnt []int32
}

func newPlaces(s shape) places {
	return places{at: make([]int32, s.n*s.k), cnt: make([]int32, s.n)}
}

// addLine counts a line that is not a whole permutation: a shoe, or the
// first cards dealt from a deck or shoe. cur are its places; prev those of
// the line before, nil for the first; seen is scratch of n counters.
func (c *counts[T]) addLine(s shape, deck []int, cur, prev *places, seen []T) {
	n, m, k := s.n, s.m, s.k
	c.decks++
	pos, adj := c.pos, c.adj
	for j, card := range deck {
		pos[card*m+j]++
	}
	equal := 0
	for j := 1; j < m; j++ {
		adj[deck[j-1]*n+deck[j]]++
		if deck[j-1] == deck[j] {
			equal++
		}
	}
	if c.equal != nil {
		c.equal[equal]++
	}
	if c.before != nil {
		// For each card b, add to row b the cards that came before it:
		// O(N·n) a shoe, where pair by pair would be O(N²).
		clear(seen)
		for _, b := range deck {
			row := c.before[b*n : b*n+n]
			for a, v := range seen {
				row[a] += v
			}
			seen[b]++
		}
	}
	if prev != nil {
		c.steps++
		for card := range n {
			js := cur.at[card*k : card*k+int(cur.cnt[card])]
			for _, i := range prev.at[card*k : card*k+int(prev.cnt[card])] {
				row := c.serial[int(i)*m : int(i)*m+m]
				for _, j := range js {
					row[j]++
				}
			}
		}
	}
}

// pairPlanes counts the pairs of decks of at most 64 cards in bit-sliced
// form: for each card a, bit b of planes[a][k] is bit k of the number of
// decks, since the last flush, in which card b came after card a. Adding a
// deck adds, for each card, the mask of the cards after it, with carries
// rippling up the planes: about 2 word operations per plane touched
// instead of one increment per pair, 4 to 6 times faster at 52 cards.
type pairPlanes struct {
	n      int
	decks  int
	planes [][planeBits]uint64
}

// planeBits bounds the decks between flushes: 2^planeBits − 1.
const planeBits = 16

func newPairPlanes(n int) *pairPlanes {
	return &pairPlanes{n: n, planes: make([][planeBits]uint64, n)}
}

func (p *pairPlanes) add(deck []int) {
	var after uint64
	for j := len(deck) - 1; j >= 0; j-- {
		a := deck[j]
		pl := &p.planes[a]
		carry := after
		for k := 0; carry != 0; k++ {
			t := pl[k] & carry
			pl[k] ^= carry
			carry = t
		}
		after |= 1 << uint(a)
	}
	p.decks++
}

// flush adds the counts to before and clears them.
func flushPlanes[T count](p *pairPlanes, before []T) {
	if p.decks == 0 {
		return
	}
	n := p.n
	for a := range p.planes {
		pl := &p.planes[a]
		for k, m := range pl {
			for m != 0 {
				b := bits.TrailingZeros64(m)
				before[a*n+b] += T(uint64(1) << k)
				m &= m - 1
			}
		}
		*pl = [planeBits]uint64{}
	}
	p.decks = 0
}
