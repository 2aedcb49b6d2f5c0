// Package raw tests a generator's raw output, before any scaling or
// shuffling: a stream of bytes, or a [math/rand/v2.Source], cut into
// sequences of bits, each run through every [Battery], and the p-values
// assessed over the sequences as NIST's STS 2.1.2 assesses them.
//
//	res, err := raw.RunSource(rand.NewChaCha8(seed), raw.Options{Sequences: 100})
//	res.Verdict() // raw.Pass, raw.Fail or raw.NotEnoughData
//
// [Run] reads bytes, most significant bit first and the sequences back to
// back, as STS reads a binary file, so that its assessment is STS's
// finalAnalysisReport.txt, row for row; [Reader] turns a source into such
// bytes, each Uint64 big-endian. The batteries are [Batteries]: NIST SP
// 800-22 rev 1a's fifteen tests ([github.com/fairshuffle/shuffle/audit/sp80022]),
// then the twelve classic tests ([github.com/fairshuffle/shuffle/audit/classic]),
// assessed in the same form; another battery joins the run, its JSON and
// its reports by being added there.
//
// STS marks each row that fails; with 188 rows a random generator has
// some marked in about one run in five. The verdict ([Result.Verdict])
// is family-wise instead: each row's smallest p-value, its count of
// p-values below 0.01 and from 55 sequences its uniformity are checks,
// and the verdict fails when one is below Alpha over their number
// (Bonferroni): a random generator fails with probability at most Alpha.
//
// Reports: [Result.WriteText] (STS's table and the verdict), [JSONWriter]
// (every p-value, written as the run goes), [Result.WriteHTML] (a page to
// file). Memory is a few sequences, whatever the input's size.
package raw
