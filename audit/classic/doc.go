// Package classic holds the classic tests of random numbers that test
// labs and regulations name (25 CFR 547.14, GLI-19): Knuth's empirical
// tests of TAOCP vol. 2 §3.3.2, on integers uniform on [0, d) (a
// generator's scaled numbers) or on a bit sequence cut into w-bit values
// ([Values]). With audit/sp80022, NIST's tests of the raw bits, they make
// the battery a lab runs on a generator's output.
//
//	v := classic.Values(b, 8)           // b an sp80022.Bits; bytes, d = 256
//	r, err := classic.Gap(v, 256, 0, 64, 24)
//	// r.P: the p-value; err: a value ≥ d, or too few values (ErrTooShort)
//
// The tests, each with its null law:
//
//   - [Equidistribution] and [Serial] (pairs, triples: non-overlapping
//     tuples), [Permutations] (relative orders of t, groups with ties
//     left out): exactly multinomial over equally likely cells;
//   - [Gap], [Poker] (distinct values in groups of k), [CouponCollector],
//     [RunsUp] and [RunsDown], [MaxOfT]: exactly multinomial, with each
//     class's chance computed exactly for values uniform on [0, d) (ties
//     included: the runs' chances are C(d, r)/dʳ, not 1/r!);
//   - [RunsUpAll], Knuth's first run test, on all the runs of the
//     sequence: their counts' exact mean and covariance for continuous
//     values, computed from the chances of up-down patterns;
//   - [SerialCorrelation]: a sum with exactly known mean and variance,
//     asymptotically normal.
//
// The multinomials are judged by Pearson's χ², its limit, after pooling
// adjacent ordered classes until each expects at least [MinExpected] (20);
// the degrees of freedom are the classes left less one, and [Result]
// reports them. Equally likely cells are not pooled: too few values for
// them is an error wrapping [ErrTooShort].
//
// The gap, coupon collector's and runs tests ([RunsUp], [RunsDown]) read
// the values as a series of trials, each of which reads at most a fixed number of them (a gap is
// abandoned after t misses, a coupon collection after t values, a run
// after t ascending values). Each trial reads fresh values, so the trials
// are independent and identically distributed; counting a fixed number g
// of them makes the counts exactly multinomial, where counting every trial
// that ends within the sequence would not (the one left unfinished is
// likelier to be a long one). g is the most that the sequence holds but
// for a chance below 10⁻⁹ (Hoeffding's inequality); should the trials run
// past the end, the test reports p = 10⁻⁹, which keeps the p-value valid.
//
// [Tests] and [Battery] run the package's tests on a bit sequence at
// parameters that suit NIST's 10⁶ bits, each by name; a command runs the
// raw battery as sp80022.Tests and Battery in one loop each.
//
// Every function is safe for concurrent use.
package classic
