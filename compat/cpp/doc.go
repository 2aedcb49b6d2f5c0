// Package cpp reproduces, bit for bit, the C++ standard library's Mersenne
// Twisters and libstdc++'s (GCC's) std::uniform_int_distribution and
// std::shuffle, so that a Go program deals the same order from the same seed
// as a C++ program built with g++.
//
// [NewMT19937] and [NewMT19937_64] are std::mt19937 and std::mt19937_64
// seeded with one number, as the standard defines them (any C++ library
// gives the same words). [UniformInt] is libstdc++'s
// std::uniform_int_distribution (GCC 11 and 12: Lemire's nearly
// divisionless method), and [Shuffle] and [ShuffleSlice] are libstdc++'s
// std::shuffle, which draws two swap positions from one number whenever the
// engine's range holds the square of the length. libc++ (clang's default on
// macOS) and Microsoft's STL map the same engine words to other positions,
// so their shuffles differ: see docs/compat.md.
//
// Both engines also implement math/rand/v2's Source.
package cpp
