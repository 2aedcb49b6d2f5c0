// Package ethereum reproduces, bit for bit, the Ethereum consensus
// specification's swap-or-not shuffle (compute_shuffled_index), by which
// beacon chain clients draw committees and proposers from a 32-byte seed.
//
// [ShuffledIndex] is compute_shuffled_index itself: one index, 2·rounds
// SHA-256 hashes. [Shuffle] permutes a whole list in place as the
// clients do, with one hash for 256 positions a round, so that its item i
// is the input's item ShuffledIndex(i): the order compute_committee takes.
// [InverseShuffle] is its inverse. Rounds are [RoundsMainnet] (90) on
// mainnet and [RoundsMinimal] (10) on the minimal preset.
package ethereum
