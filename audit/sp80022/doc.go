// Package sp80022 tests a sequence of bits for randomness as NIST SP 800-22
// rev 1a does, each test at NIST's default parameters and equal, p-value
// for p-value, to NIST's own code, the Statistical Test Suite (STS) 2.1.2:
// on the package's test inputs every p-value is STS's to 1e-6, STS's six
// printed decimals.
//
//	b := sp80022.FromSource(rand.NewChaCha8(seed), 1000000)
//	p, err := sp80022.Frequency(b) // err: the test does not apply to b
//
// [Tests] lists the fifteen as [Test]s, by NIST's names, in NIST's order.
// A sequence is a [Bits], packed 64 to a word, first bit most significant,
// as STS reads a binary file: [FromBytes], [FromWords], [FromSource], or
// [ParseASCII] for STS's text of '0's and '1's.
//
// The fifteen tests, with NIST's names, sections and parameters:
//
//   - [Frequency] (§2.1), [BlockFrequency] (§2.2, M = 128), [Runs] (§2.3),
//     [LongestRun] (§2.4), [Rank] (§2.5), [FFT] (§2.6);
//   - [NonOverlappingTemplate] (§2.7, m = 9, the 148 aperiodic templates
//     in STS's order), [OverlappingTemplate] (§2.8, m = 9, M = 1032);
//   - [Universal] (§2.9, L and Q from n), [LinearComplexity] (§2.10,
//     M = 500), [Serial] (§2.11, m = 16), [ApproximateEntropy] (§2.12,
//     m = 10), [CumulativeSums] (§2.13, forward and reverse);
//   - [RandomExcursions] (§2.14, 8 states), [RandomExcursionsVariant]
//     (§2.15, 18 states).
//
// [Assess] is STS's second level, a row of its finalAnalysisReport.txt:
// of one p-value of a test on many sequences, the proportion that pass
// (p ≥ 0.01) against the range (0.99 ± 3√(0.99·0.01/s))·s, and the
// uniformity of the p-values over ten bins (χ², 9 degrees of freedom);
// [AssessExcursions] for the random excursions tests. They compute as
// STS does, on the p-values as STS prints and reads them back (six
// decimals, then float32: 0.010000 fails), with STS's expected count per
// bin, s/10 truncated (the publication: s/10), and its range truncated.
//
// A test that does not apply to a sequence returns a [*NotApplicableError]
// and no p-value: where STS writes none (too short for the test, L < 6 for
// the universal test), where STS marks its zeros "not applicable" (fewer
// than 500 cycles for the random excursions tests; STS's final analysis
// leaves them out), and where STS prints a p-value computed from no data
// (no 128-bit block, no 32×32 matrix, no 500-bit block).
//
// Where STS departs from the publication, the package follows STS:
//
//   - Runs gives p = 0 when the frequency prerequisite fails; the
//     publication does not run the test.
//   - LinearComplexity's first class probability is 0.01047, where the
//     publication has 0.010417.
//   - RandomExcursions does not apply when the walk returns to zero more
//     than max(1000, n/100) times: STS stops there with an error (a
//     sequence such as 1010… has that many), where the publication would
//     give p-values; RandomExcursionsVariant has no such limit in STS.
//   - ApproximateEntropy gives its p-value even when m ≥ ⌊log₂ n⌋ − 5,
//     where the publication asks for a longer sequence; STS warns only.
//
// The incomplete gamma function is gonum's (Cephes' newer igamc, where STS
// has Cephes' older one), erfc and lgamma the standard library's; the
// tests against STS's figures hold them to its six decimals. The FFT is
// the package's own where n/2 has no prime factor but 2, 3 and 5 (n =
// 10⁶), Stockham's mixed radix; gonum's real FFTPACK, STS's algorithm,
// otherwise: the test counts moduli below a threshold, which the two
// place on the same side unless one lies within about 10⁻⁹ of it.
//
// Every function is safe for concurrent use.
//
// It is named for the publication, not "bits", so that it reads apart from
// math/bits, which it and its callers import beside it.
package sp80022
