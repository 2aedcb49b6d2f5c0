// Command shuf is GNU shuf with a reproducible seed, a choice of shuffling
// algorithm, and no limit from memory: it writes a uniformly random
// permutation of its input lines, of any size.
//
//	go install github.com/fairshuffle/shuffle/cmd/shuf@latest
//
//	shuf [OPTION]... [FILE]...
//	shuf -e [OPTION]... [ARG]...
//	shuf -i LO-HI [OPTION]...
//
// # As GNU shuf
//
// The options of GNU coreutils shuf work as they do there: -e, -i LO-HI,
// -n COUNT, -o FILE, -r, -z, --random-source=FILE, --help and --version;
// options may follow operands, long options may be abbreviated, short ones
// grouped. Errors read as GNU's do, word for word in the C locale, quoting
// and escaping included, and exit with status 1; a reader that goes away
// ends it silently with status 141, as the shell reports for GNU's, or,
// when shuf was started with SIGPIPE ignored (trap "" PIPE), with GNU's
// "write error: Broken pipe" and status 1, and GNU's second, bare "write
// error" where GNU prints one: when the failed write was not its last,
// because the output outgrew its stdio buffer (4096 bytes for a pipe) or
// its first line filled it. A full disk or device is worded the same. A last
// line without a delimiter gets one. -o FILE is opened only after the input
// is read, so it may name the input. Several -n keep the smallest; -r
// without -n writes until its reader goes away. -n 0 reads nothing. A test
// runs over 3,000 command lines through both this shuf and GNU shuf 9.1 and
// finds no difference in exit status, messages, or the output wherever it
// does not depend on the draws.
//
// --random-source=FILE is opened where GNU opens it: after the input is
// read, and only with -r or at least one line to write; but before, with
// -n COUNT from a pipe, a directory or a file over 8 MiB, which GNU samples
// by reservoir, and then an input of exactly COUNT lines fails on an empty
// source, as GNU's extra draw does there (the check consumes nothing, so
// the output is that of a file of as many lines). Its bytes are the
// randomness, 8 at a time, little-endian, and it fails with "end of file"
// when they run out, as GNU does. The same file gives a different order
// from GNU's, because the algorithms differ, and may run out sooner: GNU
// takes only the bits each draw needs. Like GNU, nothing is read to shuffle
// one line or to repeat it. Past --memory the draws continue while the
// output is written, so a source that runs out there fails after part of
// the output: on standard output that part stays, and a file of -o,
// --shards or --split is not left (see Errors).
//
// What differs from GNU shuf on purpose: the additions below (--seed,
// --crypto, --algo, --memory, --header, --header-mismatch, --shards,
// --split, --csv, --allow-binary, --aligned, --progress, several FILE
// operands),
// compressed input read as its text, input that looks binary refused
// (a NUL byte without -z, which GNU shuffles as bytes), each addition
// recognised only when spelled in full, so that every
// abbreviation means what it means to GNU (--s is unrecognized, --hea is
// --head-count); --help, which lists them and ends with this command's
// links; --version, one line naming this project; and, when standard
// error is a terminal, a line there showing the progress of a run longer
// than 2 seconds, erased at the end (see --progress).
//
// Where shuf still differs from GNU: it does not notice standard streams that
// were closed when it started (Go's runtime reopens them on /dev/null); it
// picks the curly quotes of a UTF-8 locale from LC_ALL, LC_MESSAGES and LANG,
// not from the installed locales. Go's runtime hides whether SIGPIPE was
// ignored when shuf started, so shuf takes its parent's disposition for
// its own, on Linux only (elsewhere it dies of SIGPIPE as by default): a
// parent that ignores SIGPIPE but restores it in the commands it runs
// (Python's subprocess, Node.js, Rust) gets a write error where GNU shuf
// would die silently, and a shell's exec of shuf, after trap "" PIPE, the
// silent death where GNU shuf would report the error.
//
// # Additions
//
// --seed N makes the output reproducible. The promise: the output depends only
// on N, on the options that say what to write (-e, -i, -n, -r, -z, --algo)
// and on the input's lines. It does not depend on the machine, the operating
// system, the number of CPUs, or --memory. It does not depend on where the
// lines come from: a file, standard input, -e arguments, or -i LO-HI, which
// without -n gives what `seq LO HI` piped in gives. Later releases keep the
// promise, and golden tests pin it. The source is math/rand/v2's ChaCha8
// (the C2SP chacha8rand specification), keyed with N as 8 little-endian bytes
// followed by 24 zero bytes. So with --algo durstenfeld, the output is what
// math/rand/v2's Shuffle gives from that source.
//
// The same seed and the same number of lines give the same permutation,
// whatever the lines hold, in every path: in memory, -i, past memory with
// any --memory, standard input, --shards and --split. So files shuffled apart
// with one seed, features and labels, stay aligned line by line.
//
// --crypto draws from the operating system's secure generator. Use it where a
// predictable order costs money.
//
// --algo NAME shuffles with another algorithm of the shuffle package. The
// biased ones (naive, insertion, transpositions, cut, overhand, riffle) print
// a warning on standard error. The default, fisher-yates, is the one below.
// Any other algorithm holds the whole input in memory.
//
// --memory SIZE is how much memory the shuffle may hold. It defaults to a
// quarter of the RAM, or of the cgroup's memory limit (v1 or v2, the lowest
// of the process's cgroup and its parents'), and under an address-space
// limit (ulimit -v) to a third of the room left, so that a large input is
// spilled rather than run out of memory: Go's runtime alone maps some 700
// MB when it starts, so "ulimit -v 1000000" leaves about 250 MB. SIZE is
// written as for sort -S (64M, 2G, 10%), and a larger input goes through
// temporary files. Memory that cannot be had ends the run with GNU's
// "shuf: read error: Cannot allocate memory" and status 1.
// The shuffle's peak resident memory stays under SIZE plus 32 MB, whatever
// the lines' length: a 1 GB file with --memory 64M peaked at 68 to 74 MB.
//
// Several FILE operands are shuffled together, as their concatenation
// would be, each file's last line ending with a delimiter; - is standard
// input. GNU shuf takes one FILE.
//
// --header[=N] writes the first N lines (1 when N is not given) first,
// unshuffled, in every mode, and -n COUNT counts the lines after them. With
// several FILEs the header comes from the first, and the first N lines of
// every later one are its copy of it, dropped: each must be the header's
// line, byte for byte (a last line may lack its newline), or shuf says
// which file and line differ, and what they hold, and exits with status 1
// before writing anything. A later file shorter than N lines is checked as
// far as it goes. --header-mismatch=drop drops them whatever they hold (the
// behaviour before the check; =error is the default). With -e and -i the
// header is the first N operands or numbers.
//
// --progress[=SECS] writes how far the run has come to standard error as
// plain lines, for logs and CI: one every SECS seconds (5 if not given;
// given with '=' only, a number such as 0.5 or a duration such as 500ms),
// one as each phase ends, and one at the end. A line names the phase
// (reading; counting lines, then reading again, for -n; shuffling;
// writing; spilling to the temporary files; merging file i of n, each
// read, shuffled and written), what it has done of its total when known,
// its rate, and the time since the start:
//
//	shuf: reading 746 MB of 1.0 GB, 1.5 GB/s, 0.5s
//	shuf: shuffling 10M lines: 22%, 1.0s
//	shuf: merging file 51 of 64: writing 15 MB of 16 MB, 2.2 GB/s, 2.0s
//
// Without it, the same shows on one line of a terminal, redrawn four
// times a second. Either way the count moves in every phase (reads are
// counted a MiB at a time, the shuffle 65,536 lines at a time), except in
// --algo's shuffle, one call of the shuffle package.
//
// Input compressed with gzip or zstd is read as the text it holds, known
// by its first bytes, not its name: several gzip members or zstd frames
// are one text, as gzip -dc and zstd -dc read them, and the files a name
// ending in .gz or .zst stands for are just as well read from standard
// input. Every path takes it (in memory, past --memory, -n, which reads it
// twice, -r, --header). A file cut short or corrupt is an error naming it
// and the line its text broke in. The check of a file changed while read
// (see Errors) is made on the compressed file. Output whose name ends in
// .gz or .zst is written compressed: -o FILE.gz, and the files of --shards
// and --split given a PREFIX with that suffix, which then comes last in
// each name (-o d.zst --shards 2 writes d-00000-of-00002.zst; --split
// 80,20 -o d.gz writes d.train.gz and d.test.gz). gzip is written at level
// 6, zstd at level 3 with a 2 MiB window, as the gzip and zstd commands
// write by default; the text is what the same seed writes uncompressed,
// and the bytes are the same on every run of one build. The parts are
// written one after the other, each compressor closed when its part is
// whole, so memory holds one at a time (about 1 MB for gzip, 6 MB for
// zstd, on top of --memory).
//
// Input that looks binary is refused with a message naming it, status 1:
// a NUL byte in its first 64 KiB of text (the line is named), or, with -z,
// where NUL ends the lines, a twentieth or more control characters (at
// least 32); and the other compressed formats and archives (bzip2, xz,
// lz4, lzip, compress, zip, 7z), by their first bytes. --allow-binary
// shuffles such input as lines of bytes all the same.
//
// --csv[=C] shuffles CSV records (RFC 4180), not lines: a field in quotes
// may hold the separator, line breaks, and quotes written twice. C is the
// field separator, a comma unless given (--csv=';', --csv='\t'). A
// record's bytes are written as they were read, carriage return included,
// and everything else works on records as it does on lines: --header,
// -n, -r, --shards, --split, --memory, --seed (the same seed and the same
// number of records give the permutation of as many lines), compressed
// input and output, several FILEs. A quoted field still open at the end of
// a file, anything but a separator or a line break after a closing quote,
// and a NUL byte are errors naming the file and the line; a quote inside an
// unquoted field is taken as it is. --csv goes with neither -z nor -e nor
// -i. Without --csv, a file whose first 64 KiB look like CSV (a comma in
// the first line) with a line break inside a quoted field gets a warning
// on standard error naming the line: its lines are shuffled apart.
//
// --aligned FILE... -o DIR writes DIR/FILE (the file's base name) for each
// FILE, all shuffled by one permutation, so line i of each output comes
// from the same line of its input: features and labels stay in step. With
// --seed N each file gets what shuf --seed N FILE gives it; without, a
// permutation keyed by 32 bytes of the operating system's generator,
// drawn once for all. Each file is first read to count its lines (records
// with --csv, after the header with --header), and files whose counts
// differ are an error naming two of them, status 1, before anything is
// written; the outputs are put in place when all are done. It takes the
// run's other options (-n, -r with -n, --header, --csv, --memory,
// --shards, --split, compressed files), makes DIR if missing, and needs
// regular files (it reads each twice) with distinct base names, and no
// --random-source.
//
// --shards N -o PREFIX writes the shuffled lines to exactly N files,
// PREFIX-00000-of-0000N and so on (five digits or more), each with the
// header: shard i holds n/N of the n lines, one more for the first n mod N,
// a uniformly random part. --split A,B[,C] -o PREFIX takes 2 or 3
// percentages summing to 100 and writes PREFIX.train and PREFIX.test, or
// PREFIX.train, PREFIX.val and PREFIX.test: each part gets its share
// rounded down, and the lines left over go one each to the parts with the
// largest remainders, the earlier first on a tie. Both cut the output of
// the one shuffle, so they run in its single pass, past memory too, and
// keep its permutation.
//
// The output goes through at most 1 MiB of buffers, and a line of 32 KiB or
// more is written from where it lies. -r holds the input and -n COUNT the
// lines it keeps; a line that -n does not keep, or that goes to a temporary
// file, is never held whole.
//
// # Errors
//
// An input file that changes while shuf reads it is an error, with status
// 1 and a message naming the file and saying what changed, and nothing is
// written: GNU shuf would shuffle what it happened to read. shuf notes each
// regular file's size and identity (device and inode) when it opens it,
// and compares them at the file's end and again before it writes: the size
// on the open file, the identity by the file's name. A read past the size
// the file had when opened, or an end before it, is a change too, as is
// another file put under its name; a file removed is not, since what was
// read is the whole file. A file whose size is 0 (those of /proc) or that
// takes up no blocks on disk (those of sysfs, which say 4096 bytes) is
// read to its end, wherever that is. A compressed file is checked as
// itself: its size and identity, not its text's.
//
// No file shuf writes is left half-written. -o FILE and the files of
// --shards and --split are written under temporary names (.FILE.shuf-
// and 8 hex digits) in their own directories and renamed onto their names
// only when the run has succeeded: on an error, or on SIGINT, SIGTERM,
// SIGHUP or SIGPIPE, the temporary files are removed, and a file that had
// one of the names keeps what it held, so -o naming the input loses
// nothing. Until the rename the disk holds both. A replaced file keeps its
// permissions, and its owner and group where shuf may set them (not its
// ACLs or extended attributes). Where a rename would not do what GNU's
// writing in place does (a name that is not a regular file, such as
// /dev/stdout or a FIFO; a file with other hard links; a dangling symbolic
// link; a directory shuf may not create files in; an owner it cannot give
// the new file) shuf writes to the name itself, as GNU does, and on an
// error empties that file, or removes it if it created it. What went to
// standard output cannot be taken back, but after an error nothing more is
// written to it: what was buffered is dropped.
//
// # How it shuffles
//
// The lines package, which does all of the work, says how in its package
// doc: a 16-bit label for each line, the lines grouped by label and each
// group shuffled (Sanders 1998), in memory, in buckets or through
// temporary files, with the same output for a seed whatever --memory is;
// -n COUNT picks the line numbers of Sample(N, COUNT) first. The temporary
// files go in $TMPDIR. They are removed on exit, on error, and on SIGINT,
// SIGTERM or SIGHUP; after a signal, shuf exits with 128 plus the signal's
// number.
//
// BENCHMARKS.md compares shuf with GNU shuf 9.1, with the commands that
// measured each figure ("cmd/shuf against GNU shuf", and "cmd/shuf on 1 GiB
// of short lines: the path chosen by itself").
//
// # Dependencies
//
// The shuffle package imports only the standard library. The lines package,
// and so this command, also takes github.com/klauspost/compress (v1.19.2,
// the newest release that builds with Go 1.24, this module's floor) for its
// zstd package, since the standard library reads and writes gzip but not
// zstd, and a zstd codec is thousands of lines best kept by people who keep
// one: it is widely used, pure Go, and has no dependency of its own. A
// program that imports only the shuffle package compiles none of it.
package main
