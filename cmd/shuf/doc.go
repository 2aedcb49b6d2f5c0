// Shuf writes a uniformly random permutation of its input lines. It is GNU
// coreutils shuf, with a reproducible seed, a choice of shuffling algorithm,
// no limit from memory, and the jobs of preparing training data: headers,
// CSV records, compressed files, shards, splits and aligned files.
//
//	go install github.com/fairshuffle/shuffle/cmd/shuf@latest
//
// Usage:
//
//	shuf [OPTION]... [FILE]...
//	shuf -e [OPTION]... [ARG]...
//	shuf -i LO-HI [OPTION]...
//
// With no FILE, or when FILE is -, shuf reads standard input; several FILEs
// are shuffled together, as their concatenation would be.
//
// The options of GNU shuf, which work, fail and are worded as they do there
// (options may follow operands, long options may be abbreviated, short ones
// grouped):
//
//	-e, --echo                treat each ARG as an input line
//	-i, --input-range=LO-HI   treat each number LO through HI as an input line
//	-n, --head-count=COUNT    write at most COUNT lines
//	-o, --output=FILE         write to FILE, put in place when the run succeeds
//	    --random-source=FILE  take the random bytes from FILE
//	-r, --repeat              lines may repeat; without -n, write until the reader goes away
//	-z, --zero-terminated     the line delimiter is NUL, not newline
//	    --help                list the options and exit
//	    --version             print the version and exit
//
// The additions, recognised only when spelled in full, so that every
// abbreviation means what it means to GNU:
//
//	--seed=N                the same N and lines give the same output, everywhere, in later releases
//	--crypto                draw from the operating system's secure generator
//	--algo=NAME             shuffle with another algorithm of the shuffle package
//	--memory=SIZE           past SIZE (64M, 2G, 10%), shuffle through temporary files in $TMPDIR
//	--header[=N]            write the first N lines (1) first, unshuffled
//	--header-mismatch=drop  drop a later FILE's header lines even where they differ
//	--csv[=C]               shuffle RFC 4180 records, fields separated by C (,)
//	--allow-binary          shuffle input that looks binary, as bytes
//	--shards=N              write N files PREFIX-00000-of-0000N, PREFIX given by -o
//	--split=A,B[,C]         write PREFIX.train, [PREFIX.val,] PREFIX.test, by percent
//	--buckets=B             shuffle as shuffle-beam --buckets B (and --seed N) does
//	--aligned               shuffle each FILE to DIR/FILE (-o DIR) by one permutation
//	--progress[=SECS]       write progress lines to standard error every SECS (5) seconds
//
// Input compressed with gzip or zstd is read as the text it holds, and an
// output name ending in .gz or .zst is written compressed. Input that looks
// binary is refused. No file shuf writes is left half-written, and an input
// file that changes while it is read is an error.
//
// Exit status:
//
//	0        success
//	1        any error, with GNU's message where GNU has one
//	141      the reader went away (death by SIGPIPE, as the shell reports it for GNU shuf)
//	128+N    ended by signal N (SIGINT, SIGTERM, SIGHUP), temporary files removed
//
// docs/data-preparation.md in the repository is the manual: every option in
// full, what differs from GNU shuf and why, memory and spilling, progress,
// compressed, binary and CSV input, aligned files, shards and splits, how
// files are written safely, signals, and the --seed promise of
// reproducibility. The shuffle itself, and everything shuf does past its
// flags, is the package [github.com/fairshuffle/shuffle/lines], whose doc
// says how it shuffles.
package main
