package shuffle

// A shape is the loop an algorithm runs over the items (see loops.go).
// Shapes are few and shared; an algorithm that fits none computes its
// order and takes shapeOrder, so a new algorithm never needs a new shape.
type shape uint8

const (
	shapeOrder    shape = iota // order computes the permutation; it is then applied
	shapeBackward              // the backward loop, batched or not; scatters if large
	shapeSweep                 // sweep over the positions
	shapePairs                 // rounds swaps of two drawn positions
	shapeSpans                 // the moves spans makes
)

// algo is one algorithm: its entry in the table of registry.go, defined in
// the algorithm's own file. The properties come first, then the shape and
// the fields that shape reads.
type algo struct {
	name, summary, time string
	uniform             bool
	draws               string          // the randomness it consumes, per item or round
	rounds              func(n int) int // its default number of rounds on n items; nil: one pass
	// unbounded: its choices are unbounded, so Distance cannot enumerate
	// them; only an algorithm uniform by proof may be (Distance answers 0).
	unbounded bool

	shape    shape
	batched  bool                             // shapeBackward: several indices per word
	scatters bool                             // shapeBackward: the cache-aware path on large slices
	sweep    sweep                            // shapeSweep
	spans    spanFunc                         // shapeSpans
	order    func(r rng, n, rounds int) []int // shapeOrder: the item at t started at order[t]
}
