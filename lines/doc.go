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
// # How it shuffles
//
// Every line, in input order, gets a label: a uniform 16-bit number, four to
// a 64-bit word of the source. The lines are grouped by label, in input order
// within a group. Each group is shuffled with the shuffle package's
// fisher-yates, group 0 first, and the groups are written in label order.
// This is exactly uniform (Sanders 1998). The labels are independent and
// uniform, so every dealing of the lines into groups of the sizes that came
// up is equally likely, and each group's order is uniform on its own.
//
// In memory the grouping is a counting sort. Past memory, each line is
// written with its label to a temporary file that holds a range of labels.
// The files are then read back one at a time, and a file still too big is
// split again by label. The same labels and the same draws meet the same
// lines either way, so the output is the same whatever [Memory] is.
//
// A run picks the way itself, from the input's size and its first lines;
// none changes the output. An input that fits in memory is, if it is
// large (8 MB or more from a file, 32 MB or more from a pipe) and its lines
// are short (1 KiB or less on average), dealt as it is read into buckets of
// a range of labels, about 2 MB each, in memory, as it would be into
// temporary files, and each bucket is then grouped and written from the
// CPU's cache: arranged where they lie, the lines of a large input are
// fetched from random places, a cache miss each. The dealing and the
// writing run on every CPU. A smaller input, or one of long lines, is
// arranged where it lies, read into one buffer that a pipe grows without
// copying.
//
// The temporary files go in os.TempDir ($TMPDIR) with no name (Linux's
// O_TMPFILE; elsewhere removed as soon as open, or deleted on close on
// Windows), so that a killed run leaves nothing; they are closed before
// [Shuffle] returns, on success, error or cancellation. A temporary file
// that cannot be written (a full disk) is an [*Error] naming it. During the
// main pass that happens before anything has been written; during the
// rare second split, after part of the output (files of [Output],
// [Shards] or [Split] are then removed; what went to a writer stays).
//
// With [Count] n, [Files] and [Reader] are read once, with no temporary
// file, through a reservoir (Algorithm R, then a fisher-yates order):
// memory holds the n lines and a 64 KiB buffer. For a seed, a file and a
// pipe of the same lines give the same sample. [Range](1, N) and
// [Strings], whose N is known, write the line numbers of the shuffle
// package's Sample(N, n) (past 2^31-1 lines, distinct uniform draws).
// That holds for n up to 2^20; a larger n, or one of at least N, runs the
// full shuffle and stops after n lines.
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
