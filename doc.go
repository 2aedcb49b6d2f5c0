// Package shuffle shuffles slices: exactly, fast, reproducibly from a seed,
// and, for teaching and auditing, also the wrong ways, labelled.
//
// [FisherYates] is the call to reach for:
//
//	shuffle.FisherYates(deck)
//
// Every algorithm is also a [Shuffler] built on a math/rand/v2 Source, so a
// seeded run is reproducible:
//
//	shuffle.Slice(shuffle.NewFisherYates(rand.NewPCG(1, 2)), deck)
//
// # Fair shuffles
//
// Each of the n! orders exactly equally likely: [FisherYates] (the fastest,
// [Parallel] on several goroutines), [Durstenfeld] (the order
// (*rand.Rand).Shuffle gives), [Forward], [Draw], [InsideOut] (also
// [Shuffled] and [Collect]) and [Rejection].
//
// # Biased shuffles
//
// What people write by mistake or do by hand, kept to be measured, each
// doc opening with its bias at n = 52: [Naive], [Insertion],
// [Transpositions], [Cut], [Overhand] and [Riffle]; [Faro] is the perfect,
// deterministic riffle.
//
// # Registry and exact distances
//
// [Algorithms] and [Lookup] describe every algorithm as an [Algorithm]:
// name, uniform or not, rounds, draws. [Distance] and [Distances] compute
// the exact total variation distance to uniform for n ≤ 8 by enumerating
// every choice; [RiffleDistance] and [RiffleSeparation] give the riffle's
// for any n. [Log2Factorial] tells how many bits of state a generator needs
// to reach every order.
//
// # Sampling
//
// [Partial] deals k items of a slice, [Sample] draws k of n indices for any
// n, [Reservoir] keeps k items of a stream, [WeightedSample] and
// [WeightedShuffle] draw in proportion to weights without replacement, and
// [Alias] picks with replacement in constant time.
//
// # Randomness
//
// A nil rand.Source means math/rand/v2's top-level generator: safe for
// concurrent use, not reproducible. [NewCryptoSource] reads the operating
// system's secure generator. Bounded indices are exactly unbiased, never a
// modulus or a float. Given the same seeded source every call returns the
// same result on every platform (the samplers that take logarithms can
// differ in the last bit). Empty and one-element slices draw nothing. No
// function starts a goroutine except [Parallel].
package shuffle
