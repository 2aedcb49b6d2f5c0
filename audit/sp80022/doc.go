// Package sp80022 tests a sequence of bits for randomness as NIST SP 800-22
// rev 1a does, each test at NIST's default parameters and equal, p-value
// for p-value, to NIST's own code, the Statistical Test Suite (STS) 2.1.2:
// the tests' figures on the package's test inputs are STS's to 1e-6, STS's
// six printed decimals.
//
//	b := sp80022.FromSource(rand.NewChaCha8(seed), 1000000)
//	p, err := sp80022.Frequency(b) // err: the test does not apply to b
//
// A sequence is a [Bits], packed 64 to a word, first bit most significant,
// as STS reads a binary file: [FromBytes], [FromWords], [FromSource], or
// [ParseASCII] for STS's text of '0's and '1's.
//
// The tests provided so far, with NIST's names and sections:
//
//   - [Frequency] (§2.1), [BlockFrequency] (§2.2, M = 128),
//     [CumulativeSums] (§2.13, forward and reverse), [Runs] (§2.3),
//     [LongestRun] (§2.4), [Rank] (§2.5).
//
// Where STS departs from the publication, the package follows STS, and
// says so: [Runs] gives p = 0 when the frequency prerequisite fails, as
// STS does, where the publication does not run the test. Where STS prints
// a p-value computed from nothing (no 128-bit block, no 32×32 matrix), the
// package returns a [*NotApplicableError] instead. [LongestRun] takes its
// block length M and classes from n as STS does (M = 8 below 6,272 bits,
// 128 below 750,000, 10⁴ beyond), with STS's class probabilities, those
// for M = 10⁴ to four decimals as the publication prints them.
//
// It is named for the publication, not "bits", so that it reads apart from
// math/bits, which it and its callers import beside it.
package sp80022
