// Package shuffle shuffles slices: exactly, fast, reproducibly from a seed,
// and, for teaching and auditing, also the wrong ways, labelled.
//
// [FisherYates] is the call to reach for:
//
//	shuffle.FisherYates(deck)
//
// Every algorithm is also a [Shuffler] built on a math/rand/v2 Source and
// applied by [Slice], so a seeded run is reproducible:
//
//	shuffle.Slice(shuffle.NewFisherYates(rand.NewPCG(1, 2)), deck)
//
// # Fair shuffles
//
// Each of the n! orders exactly equally likely: [FisherYates] and
// [NewFisherYates] (the fastest; [Parallel] on several goroutines),
// [Durstenfeld] and [NewDurstenfeld] ((*rand.Rand).Shuffle's order),
// [Forward] and [NewForward], [Draw] and [NewDraw], [InsideOut] and
// [NewInsideOut] (also [Shuffled] and [Collect]), [Rejection] and
// [NewRejection].
//
// # Biased shuffles
//
// What people write by mistake or do by hand, each doc saying what it does
// and its bias at n = 52: [Naive], [Insertion], [Transpositions], [Cut],
// [Overhand] and [Riffle]; their constructors [NewNaive], [NewInsertion],
// [NewTranspositions], [NewCut], [NewOverhand] and [NewRiffle] take rounds,
// by default ⌈n·ln n⌉, [DefaultCutRounds], [DefaultOverhandRounds] and
// [DefaultRiffleRounds]. [Faro] is the perfect, deterministic riffle.
//
// # Registry and exact distances
//
// [Algorithms] and [Lookup] describe each algorithm as an [Algorithm].
// [Distance] and [Distances] give the exact total variation distance to
// uniform for n ≤ 8, [RiffleDistance] and [RiffleSeparation] the riffle's
// for any n, and [Log2Factorial] the bits of state a generator needs.
//
// # Picking and sampling
//
// [Perm] returns a random permutation, [Choose] one element, [SampleOf] k
// of them and [Sample] k of n indices, any n, up to [MaxLen] items;
// [Partial] deals k items of a slice and [Reservoir] keeps k of a stream.
// [WeightedSample] and [WeightedShuffle] draw in proportion to weights
// without replacement, [Weighted] ([NewWeighted]) too while weights
// change, and [Alias] ([NewAlias]) with replacement in constant time.
//
// # Randomness
//
// A nil rand.Source means math/rand/v2's top-level generator, which the
// functions without a source use: safe for concurrent use, not
// reproducible. [NewCryptoSource] reads the operating system's secure
// generator. Bounded indices are exactly unbiased, never a modulus or a
// float. Given the same seeded source every call returns the same result
// on every platform (the samplers that take logarithms can differ in the
// last bit). Empty and one-element slices draw nothing. No function starts
// a goroutine except [Parallel].
package shuffle
