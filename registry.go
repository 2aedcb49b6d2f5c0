package shuffle

import "math/rand/v2"

// algorithms is the table of the package's algorithms, in the order
// Algorithms lists them. Each entry is defined, with its properties and the
// functions its shape runs, in the algorithm's own file; adding an algorithm
// is that file and one line here (CONTRIBUTING.md).
var algorithms = []*algo{
	// Fair: every order exactly equally likely.
	algFisherYates,
	algDurstenfeld,
	algForward,
	algDraw,
	algInsideOut,
	algRejection,

	// Biased: what people write by mistake or do by hand, kept to be
	// measured.
	algNaive,
	algInsertion,
	algTranspositions,
	algCut,
	algOverhand,
	algRiffle,
}

// Algorithm describes one shuffling algorithm of the package.
type Algorithm struct {
	// Name is the registry name, e.g. "fisher-yates". Names never change.
	Name string
	// Uniform reports whether every order is exactly equally likely.
	Uniform bool
	// Summary is a one-line description.
	Summary string
	// Time is the running time for n items with the default parameters.
	Time string
	// Draws is the randomness it consumes, per item or per round.
	Draws string
	// Rounds, for the repeated shuffles, returns the default number of
	// rounds on n items; it is nil for the one-pass algorithms.
	Rounds func(n int) int
	// Enumerable reports whether [Distance] enumerates its choices; it is
	// false where they are unbounded and uniformity is proved instead.
	Enumerable bool
	// New returns the algorithm, with its default parameters, drawing from
	// src (nil: the default source).
	New func(src rand.Source) Shuffler
	// NewRounds, for the repeated shuffles, returns the algorithm with the
	// given number of rounds (0: the default); it is nil for the others.
	NewRounds func(src rand.Source, rounds int) Shuffler
}

// Algorithms returns every algorithm of the package, the uniform ones first, in
// a fixed order; the caller owns the slice.
func Algorithms() []Algorithm {
	out := make([]Algorithm, len(algorithms))
	for i, a := range algorithms {
		out[i] = a.public()
	}
	return out
}

// Lookup returns the algorithm with the given registry name.
func Lookup(name string) (Algorithm, bool) {
	a := lookup(name)
	if a == nil {
		return Algorithm{}, false
	}
	return a.public(), true
}

// lookup returns the table's entry of the given name, or nil.
func lookup(name string) *algo {
	for _, a := range algorithms {
		if a.name == name {
			return a
		}
	}
	return nil
}

// public returns a's exported description.
func (a *algo) public() Algorithm {
	pub := Algorithm{
		Name: a.name, Uniform: a.uniform, Summary: a.summary, Time: a.time,
		Draws: a.draws, Rounds: a.rounds, Enumerable: !a.unbounded,
		New: func(src rand.Source) Shuffler { return &shuffler{alg: a, src: src} },
	}
	if a.rounds != nil {
		pub.NewRounds = func(src rand.Source, rounds int) Shuffler {
			return newRounds("NewRounds", a, src, rounds)
		}
	}
	return pub
}

// register adds a to the table and returns the function that removes it
// again. It is for tests, which add an algorithm of their own to show that
// a new one reaches every test through the table alone.
func register(a *algo) (unregister func()) {
	algorithms = append(algorithms[:len(algorithms):len(algorithms)], a)
	return func() { algorithms = algorithms[:len(algorithms)-1] }
}
