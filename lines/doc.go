// Package lines shuffles the lines, or the RFC 4180 records, of files of
// any size: exactly uniformly, in memory when they fit and through
// temporary files past a memory bound, from plain, gzip or zstd input, to a
// writer, a file, shards or a train/val/test split. It is the engine of
// cmd/shuf, and for the same options and seed it writes what shuf writes,
// byte for byte.
//
//	err := lines.Shuffle(ctx, os.Stdout, lines.Files("big.csv"),
//		lines.Seed(1), lines.CSV(','), lines.Header(1), lines.Memory(64<<20))
//
// [Shuffle] takes an [Input] ([Files], [Reader], [Strings], [Range]) and
// [Option] values in the style of klauspost/compress: [Count] samples,
// [Repeat] draws with replacement, [Seed], [Crypto], [Source] or
// [RandomFile] choose the randomness, [Memory] bounds what a run holds,
// [Output], [Shards], [Split] and [Aligned] write files, [Progress]
// reports the phases of a long run.
//
// # Uniformity and memory
//
// Without [Count] or [Repeat], every order of the lines is equally likely,
// whatever the input's size and the memory bound. Past the bound the lines
// are scattered to temporary files by labels drawn uniformly, each file is
// shuffled in memory in turn and ties of labels are broken by a shuffle:
// the output is uniform and, for a given [Seed], the same whatever
// [Memory] is (docs/data-preparation.md gives the proof and the costs).
// [Count] n picks n line numbers first and keeps only those lines. The
// default bound, [DefaultMemory], is a quarter of the RAM or of the
// cgroup's limit.
//
// # Errors and cancellation
//
// Input that a run cannot shuffle exactly is an error, never a silent
// change: a file that changes while read ([ErrChanged]), a header that
// differs ([ErrHeaderMismatch]), input that looks binary ([ErrBinary]),
// malformed CSV with its file and line ([ErrMalformedCSV]), an
// [Algorithm] shuffle larger than memory ([ErrOutOfMemory]). A done
// context ends a run: temporary files and unfinished output files are
// removed before [Shuffle] returns.
package lines
