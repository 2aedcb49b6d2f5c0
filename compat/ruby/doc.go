// Package ruby reproduces Ruby's Random and Array#shuffle bit for bit: the
// same seed gives the same numbers and the same order as Ruby 3.1.
//
// [NewRandom] is Random.new(seed): the Mersenne Twister seeded from the
// seed's 32-bit words as Ruby seeds it, and [NewRandomBig] the same for
// seeds past int64. [Random.Float] is rand, [Random.Rand] is rand(n), and
// [Random.Shuffle] and [ShuffleSlice] are shuffle(random: r), and
// [Random.Sample] is sample(random: r). A [Random] is also a math/rand/v2
// Source: its Uint64 is rand(2**64).
//
// The vectors in testdata/compat/ruby were made by Ruby (gen.rb beside
// them); scripts/compat-live-ruby checks fresh seeds against Ruby.
package ruby
