package lines

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle"
)

// options is one run's settings, as the Options set them.
type options struct {
	echo      bool   // the input is Strings
	rangeSet  bool   // the input is Range
	lo, hi    uint64 // Range
	count     uint64 // Count; math.MaxUint64 when not given
	countSet  bool
	output    string // Output, or Aligned's directory
	outputSet bool
	repeat    bool
	delim     byte // '\n', or Delim's
	randFile  string
	randSet   bool
	seed      uint64
	seedSet   bool
	crypto    bool
	src       rand.Source // Source
	alg       *shuffle.Algorithm
	memory    int64 // Memory; 0 for DefaultMemory
	header    int
	shards    int
	split     []int
	operands  []string // Strings
	files     []string // Files: the input files, "-" for stdin; none: stdin
	stdin     io.Reader
	warn      io.Writer    // Warnings
	progress  func(*Phase) // Progress
	data      dataOptions
	key       *keying // Keyed
}

// An Option changes how [Shuffle] runs.
type Option func(*options)

// An Input is what [Shuffle] shuffles: the lines of files ([Files],
// [Reader]), strings ([Strings]) or numbers ([Range]).
type Input struct {
	files    []string
	operands []string
	echo     bool
	rangeSet bool
	lo, hi   uint64
	stdin    io.Reader
}

// Files is the lines (or CSV records) of the named files, shuffled
// together; "-" is [Stdin], and no name at all is [Stdin] alone.
func Files(names ...string) Input { return Input{files: names} }

// Reader is the lines of r, read once to its end.
func Reader(r io.Reader) Input { return Input{files: []string{"-"}, stdin: r} }

// Strings is the strings given, each one line (shuf -e).
func Strings(s ...string) Input { return Input{operands: s, echo: true} }

// Range is the numbers lo through hi in decimal, each one line (shuf -i);
// hi = lo−1 is the empty range. It panics if hi < lo−1, or for the range
// 0 to 2⁶⁴−1, which has more numbers than a count holds.
func Range(lo, hi uint64) Input {
	if hi < lo && hi != lo-1 || lo == 0 && hi == math.MaxUint64 {
		panic(fmt.Sprintf("lines.Range: invalid range %d to %d", lo, hi))
	}
	return Input{rangeSet: true, lo: lo, hi: hi}
}

// Count writes at most n lines (shuf -n): a uniform sample in random
// order, without repeats unless [Repeat]. With n up to a few million,
// only the n lines are held, whatever the input's size.
func Count(n uint64) Option { return func(o *options) { o.count, o.countSet = n, true } }

// Repeat draws each line written independently and uniformly from the
// input (shuf -r): [Count] lines, or lines until the writer fails.
func Repeat() Option { return func(o *options) { o.repeat = true } }

// Delim ends lines with d instead of '\n' (shuf -z: Delim(0)).
func Delim(d byte) Option { return func(o *options) { o.delim = d } }

// Seed draws from ChaCha8 keyed by n (shuf --seed). The same n and input
// give the same output on every machine, whatever [Memory], in this and
// later releases.
func Seed(n uint64) Option { return func(o *options) { o.seed, o.seedSet = n, true } }

// Crypto draws from the operating system's secure generator.
func Crypto() Option { return func(o *options) { o.crypto = true } }

// Source draws from src, before any [Seed], [RandomFile] or [Crypto]; a
// nil src is the shuffle package's default, the source without options.
func Source(src rand.Source) Option { return func(o *options) { o.src = src } }

// RandomFile draws from the bytes of the named file, 8 to a little-endian
// word, as GNU shuf's --random-source. A file that runs out ends the run
// with a [*RandomSourceError].
func RandomFile(name string) Option { return func(o *options) { o.randFile, o.randSet = name, true } }

// Algorithm shuffles with a, in memory, instead of the default exact
// shuffle that also runs past memory (shuf --algo).
func Algorithm(a shuffle.Algorithm) Option { return func(o *options) { o.alg = &a } }

// Memory bounds what a run holds to about n bytes: larger inputs are
// shuffled through temporary files in os.TempDir (shuf --memory). Without
// it, the bound is [DefaultMemory]'s; n below 64 KiB is raised to it, and
// under an address-space limit n above a third of the room is cut to it.
func Memory(n int64) Option { return func(o *options) { o.memory = n } }

// Header writes the first n lines of the first file first, unshuffled
// (shuf --header=N). Every later file must start with the same lines, which
// are dropped; [Count] counts the lines after them.
func Header(n int) Option { return func(o *options) { o.header = n } }

// DropHeaders drops the [Header] lines of every later file even where they
// differ from the first file's, which is otherwise a [*InputError] that
// matches [ErrHeaderMismatch].
func DropHeaders() Option {
	return func(o *options) { o.data.dropHeaders, o.data.mismatchSet = true, true }
}

// CSV shuffles RFC 4180 records, whose quoted fields may hold line breaks,
// with fields separated by sep, instead of lines.
func CSV(sep byte) Option { return func(o *options) { o.data.csv, o.data.sep = true, sep } }

// AllowBinary shuffles input that looks binary, as bytes, instead of
// refusing it with an error that matches [ErrBinary].
func AllowBinary() Option { return func(o *options) { o.data.allowBinary = true } }

// Output writes to the named file, compressed if it ends in .gz or .zst.
// The file is created when the input has been read, so it may be an input,
// and put in place only when complete. With [Shards] or [Split], name is
// the files' prefix.
func Output(name string) Option { return func(o *options) { o.output, o.outputSet = name, true } }

// Shards writes n files PREFIX-00000-of-0000n, PREFIX given by [Output],
// each a random part of the lines as long as the others, give or take one.
func Shards(n int) Option { return func(o *options) { o.shards = n } }

// Split writes PREFIX.train, PREFIX.val and PREFIX.test, PREFIX given by
// [Output], with the given three percentages of the lines (summing to 100).
// Two percentages write PREFIX.train and PREFIX.test; each part is within
// one line of its share.
func Split(percents ...int) Option { return func(o *options) { o.split = percents } }

// Aligned shuffles each input file to dir/BASENAME by one permutation:
// line i of every file stays with line i of the others (shuf --aligned). The line counts must be equal; it needs [Files], each read
// twice, and [Seed] or the default source.
func Aligned(dir string) Option {
	return func(o *options) { o.data.aligned, o.output, o.outputSet = true, dir, dir != "" }
}

// Stdin is what the file "-" reads; os.Stdin without it.
func Stdin(r io.Reader) Option { return func(o *options) { o.stdin = r } }

// Warnings writes warnings to w, one line each ("shuf: warning: ..."):
// an input line that looks like a CSV record with a line break inside.
func Warnings(w io.Writer) Option { return func(o *options) { o.warn = w } }

// Progress calls f as each phase of the run starts (reading, shuffling,
// spilling, merging, writing), on the run's goroutine: f must return
// quickly. The [Phase] counts its work as it goes, so that another
// goroutine may show it. Without it, nothing is counted.
func Progress(f func(*Phase)) Option { return func(o *options) { o.progress = f } }
