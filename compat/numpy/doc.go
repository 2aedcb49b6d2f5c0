// Package numpy reproduces numpy's random generators bit for bit: the
// Generator of numpy.random.default_rng(seed) (PCG64 seeded through
// SeedSequence) and the legacy RandomState(seed) (MT19937), with their
// permutation, shuffle, bounded integers and floats, and Generator's choice,
// held to vectors numpy 1.24 made (testdata/compat/numpy); Generator is
// numpy's since 1.17.
//
// The two streams differ: a seed gives one order from [Generator.Permutation]
// and another from [RandomState.Permutation]. numpy promises RandomState's
// stream frozen; Generator's it may change between releases.
//
// Go's rand.PCG is not numpy's PCG64: its multiplier and output function
// differ. Neither [Generator] nor [RandomState] is safe for concurrent use;
// both are math/rand/v2 Sources.
package numpy
