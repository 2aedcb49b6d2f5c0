// Package rust reproduces, bit for bit, the Rust crate rand 0.8's StdRng
// seeded with StdRng::seed_from_u64, and its slice shuffle and gen_range,
// so that a Go program deals the same order from the same seed as a Rust
// program on rand 0.8.
//
// [SeedFromU64] is StdRng::seed_from_u64: rand_chacha 0.3's ChaCha12,
// keyed through rand_core 0.6's PCG32 expansion of the seed, read from a
// buffer of four blocks as rand_core's BlockRng reads it. [StdRng.Shuffle]
// is SliceRandom::shuffle and [StdRng.GenRange] is Rng::gen_range on u64.
// rand 0.9 changed StdRng's words' uses and the shuffle (rust-random/rand
// #1580): this package is rand 0.8 only; see docs/compat.md.
//
// StdRng is a math/rand/v2 Source.
package rust
