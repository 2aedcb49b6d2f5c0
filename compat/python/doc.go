// Package python reproduces CPython's random module bit for bit:
// random.Random(seed) and its random, getrandbits, randbytes, randrange,
// randint, choice, uniform, shuffle and sample, for CPython 3.2 and later
// (the vectors in testdata/compat/python were made by CPython 3.11).
//
// CPython's random is the 32-bit Mersenne Twister seeded by init_by_array
// with the words of |seed|, least significant first. Integers below n are
// drawn by rejection on getrandbits(n.bit_length()), the stream of
// [Random.Shuffle], [Random.Sample], [Random.RandRange] and [Choice] since
// CPython 3.2; before 3.2 they scaled random() instead, and this package
// does not reproduce that.
//
// A [Random] is not safe for concurrent use. It is a math/rand/v2 Source:
// [Random.Uint64] is getrandbits(64).
package python
