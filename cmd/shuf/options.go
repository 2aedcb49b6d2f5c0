package main

import (
	"crypto/rand"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/lines"
	"github.com/fairshuffle/shuffle/scatter"
)

// options is the parsed command line.
type options struct {
	echo      bool   // -e: the operands are the lines
	rangeSet  bool   // -i was given
	lo, hi    uint64 // -i LO-HI
	count     uint64 // -n, math.MaxUint64 when not given
	countSet  bool
	output    string // -o
	outputSet bool
	repeat    bool   // -r
	delim     byte   // '\n', or 0 with -z
	randFile  string // --random-source
	randSet   bool
	seed      uint64 // --seed
	seedSet   bool
	crypto    bool   // --crypto
	algo      string // --algo
	memory    int64  // --memory in bytes, 0 for the default
	header    int    // --header[=N]: lines written first, unshuffled (1 when bare)
	shards    int    // --shards N: the number of output files
	split     []int  // --split A,B[,C]: 2 or 3 percentages of the lines, summing to 100
	buckets   int    // --buckets B: scatter's shuffle, as shuffle-beam's
	help      bool
	version   bool
	operands  []string
	files     []string // the input files, "-" for standard input; none: standard input

	progress time.Duration // --progress[=SECS]: a log line every SECS; 0 without it
	data     dataOptions   // --csv, --header-mismatch, --allow-binary, --aligned
}

// sources counts the sources asked for: --random-source, --seed, --crypto.
func (o *options) sources() int {
	n := 0
	for _, set := range []bool{o.randSet, o.seedSet, o.crypto} {
		if set {
			n++
		}
	}
	return n
}

type optSpec struct {
	long     string
	short    byte // 0 when there is no short form
	arg      bool
	optional bool // the argument may be left out, and is then given only with '=' (--header)
	full     bool // recognised only when spelled in full: GNU shuf lacks it
}

// optSpecs is the options in GNU's order, then the additions. An addition
// is recognised only when spelled in full, so that every abbreviation GNU
// takes means what it means to GNU, and every unknown or ambiguous one gets
// GNU's message: --s is unrecognized, --r ambiguous between --random-source
// and --repeat, --hea is --head-count.
var optSpecs = []optSpec{
	{long: "echo", short: 'e'},
	{long: "input-range", short: 'i', arg: true},
	{long: "head-count", short: 'n', arg: true},
	{long: "output", short: 'o', arg: true},
	{long: "random-source", arg: true},
	{long: "repeat", short: 'r'},
	{long: "zero-terminated", short: 'z'},
	{long: "help"},
	{long: "version"},
	{long: "seed", arg: true, full: true},
	{long: "crypto", full: true},
	{long: "algo", arg: true, full: true},
	{long: "memory", arg: true, full: true},
	{long: "header", optional: true, full: true},
	{long: "shards", arg: true, full: true},
	{long: "split", arg: true, full: true},
	{long: "buckets", arg: true, full: true},
	{long: "progress", optional: true, full: true},
	{long: "header-mismatch", arg: true, full: true},
	{long: "csv", optional: true, full: true},
	{long: "allow-binary", full: true},
	{long: "aligned", full: true},
}

// parseArgs reads args as getopt_long does for GNU shuf: options and
// operands may come in any order, "--" ends the options, long options may be
// abbreviated to any unambiguous prefix, and short options may be grouped
// ("-rn5"). --help and --version act as soon as they are read.
//
// With POSIXLY_CORRECT in the environment, as with GNU, the first operand
// ends the options.
func parseArgs(args []string) (*options, error) {
	o := &options{count: math.MaxUint64, delim: '\n'}
	_, posix := os.LookupEnv("POSIXLY_CORRECT")
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			o.operands = append(o.operands, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "--"):
			name, val, hasVal := strings.Cut(a[2:], "=")
			spec, err := lookupLong(name, a)
			if err != nil {
				return nil, err
			}
			switch {
			case spec.optional:
			case !spec.arg && hasVal:
				return nil, usageError{fmt.Sprintf("option '--%s' doesn't allow an argument", spec.long)}
			case spec.arg && !hasVal:
				if i+1 == len(args) {
					return nil, usageError{fmt.Sprintf("option '--%s' requires an argument", spec.long)}
				}
				i++
				val, hasVal = args[i], true
			}
			if err := o.set(spec, val, hasVal); err != nil || o.help || o.version {
				return o, err
			}
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				spec, ok := lookupShort(a[j])
				if !ok {
					return nil, usageError{"invalid option -- '" + a[j:j+1] + "'"} // the byte as it is, as GNU's
				}
				val := ""
				if spec.arg {
					switch {
					case j+1 < len(a):
						val = a[j+1:]
					case i+1 < len(args):
						i++
						val = args[i]
					default:
						return nil, usageError{fmt.Sprintf("option requires an argument -- '%c'", a[j])}
					}
					j = len(a)
				}
				if err := o.set(spec, val, spec.arg); err != nil {
					return nil, err
				}
			}
		case posix:
			o.operands = append(o.operands, args[i:]...)
			i = len(args)
		default:
			o.operands = append(o.operands, a)
		}
	}
	if !o.echo && !o.rangeSet {
		o.files = o.operands
	}
	return o, nil
}

// lookupLong finds the option a long name (arg without its "--" and
// "=VALUE") stands for, as getopt_long does: the option of that name, else
// the only one it is a prefix of; the empty name ("--=") is a prefix of
// them all. The messages quote arg whole, "=VALUE" included, as GNU's do.
func lookupLong(name, arg string) (optSpec, error) {
	var found []optSpec
	for _, s := range optSpecs {
		switch {
		case s.long == name:
			return s, nil
		case strings.HasPrefix(s.long, name) && !s.full:
			found = append(found, s)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return optSpec{}, usageError{fmt.Sprintf("unrecognized option '%s'", arg)}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "option '%s' is ambiguous; possibilities:", arg)
	for _, s := range found {
		fmt.Fprintf(&b, " '--%s'", s.long)
	}
	return optSpec{}, usageError{b.String()}
}

func lookupShort(c byte) (optSpec, bool) {
	for _, s := range optSpecs {
		if s.short == c && c != 0 {
			return s, true
		}
	}
	return optSpec{}, false
}

// set applies one option; hasVal tells an optional argument given from one
// left out.
func (o *options) set(spec optSpec, val string, hasVal bool) error {
	switch spec.long {
	case "echo":
		o.echo = true
	case "input-range":
		if o.rangeSet {
			return fatalError{"multiple -i options specified"}
		}
		o.rangeSet = true
		return o.parseRange(val)
	case "head-count":
		n, err := parseUint(val)
		if err == errRange {
			n, err = math.MaxUint64, nil // as GNU: a count too large to hold means "all"
		}
		if err != nil {
			return fatalError{"invalid line count: " + quote(val)}
		}
		o.count = min(o.count, n)
		o.countSet = true
	case "output":
		if o.outputSet && o.output != val {
			return fatalError{"multiple output files specified"}
		}
		o.output, o.outputSet = val, true
	case "random-source":
		if o.randSet && o.randFile != val {
			return fatalError{"multiple random sources specified"}
		}
		o.randFile, o.randSet = val, true
	case "seed":
		n, err := parseUint(val)
		if err != nil {
			return fatalError{"invalid seed: " + quote(val)}
		}
		if o.seedSet && n != o.seed {
			return fatalError{"multiple random sources specified"}
		}
		o.seed, o.seedSet = n, true
	case "crypto":
		o.crypto = true
	case "algo":
		o.algo = val
	case "memory":
		m, err := parseSize(val)
		if err != nil {
			return fatalError{"invalid --memory size: " + quote(val)}
		}
		o.memory = m
	case "header":
		n := uint64(1)
		if hasVal {
			var err error
			if n, err = parseUint(val); err != nil || n > math.MaxInt32 {
				return fatalError{"invalid --header line count: " + quote(val)}
			}
		}
		o.header = int(n)
	case "shards":
		n, err := parseUint(val)
		if err != nil || n == 0 || n > math.MaxInt32 {
			return fatalError{"invalid --shards count: " + quote(val)}
		}
		o.shards = int(n)
	case "buckets":
		n, err := parseUint(val)
		if err != nil || n == 0 || n > 1<<16 {
			return fatalError{"invalid --buckets count: " + quote(val) + " (1 to 65536)"}
		}
		o.buckets = int(n)
	case "split":
		parts, err := parseSplit(val)
		if err != nil {
			return err
		}
		o.split = parts
	case "progress":
		d, err := parseInterval(val, hasVal)
		if err != nil {
			return err
		}
		o.progress = d
	case "header-mismatch", "csv", "allow-binary", "aligned":
		return o.data.set(spec.long, val, hasVal)
	case "repeat":
		o.repeat = true
	case "zero-terminated":
		o.delim = 0
	case "help":
		o.help = true
	case "version":
		o.version = true
	}
	return nil
}

// parseSplit parses --split A,B[,C]: 2 or 3 percentages, each a decimal
// integer, summing to 100 (train and test, or train, val and test).
func parseSplit(val string) ([]int, error) {
	bad := fatalError{"invalid --split percentages: " + quote(val) + "; 2 or 3 that sum to 100"}
	fields := strings.Split(val, ",")
	if len(fields) < 2 || len(fields) > 3 {
		return nil, bad
	}
	parts := make([]int, len(fields))
	sum := 0
	for i, f := range fields {
		n, err := strconv.ParseUint(f, 10, 8)
		if err != nil || n > 100 {
			return nil, bad
		}
		parts[i] = int(n)
		sum += parts[i]
	}
	if sum != 100 {
		return nil, bad
	}
	return parts, nil
}

// parseRange parses LO-HI as GNU shuf does: two unsigned decimal numbers
// split at the first '-', with HI ≥ LO−1 (LO-(LO−1) is the empty range). The
// message quotes the part that is wrong.
func (o *options) parseRange(val string) error {
	loStr, hiStr, dash := strings.Cut(val, "-")
	lo, err := parseUint(loStr)
	if err != nil {
		return rangeError(loStr, err)
	}
	if !dash {
		return fatalError{"invalid input range: " + quote(val)}
	}
	hi, err := parseUint(hiStr)
	if err != nil {
		return rangeError(hiStr, err)
	}
	// HI may be LO−1, the empty range; the range 0 to 2⁶⁴−1 has more numbers
	// than a 64-bit count holds, and GNU refuses it too.
	if hi < lo && hi != lo-1 || lo == 0 && hi == math.MaxUint64 {
		return fatalError{"invalid input range: " + quote(val)}
	}
	o.lo, o.hi = lo, hi
	return nil
}

// parseUint parses an unsigned decimal as C's strtoumax does for GNU:
// leading white space and one '+' are allowed, nothing may follow.
func parseUint(s string) (uint64, error) {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	s = strings.TrimPrefix(s, "+")
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, errSyntax
	}
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		if err.(*strconv.NumError).Err == strconv.ErrRange {
			return 0, errRange
		}
		return 0, errSyntax
	}
	return n, nil
}

// parseSize parses a --memory SIZE as GNU sort parses -S: a number with an
// optional suffix b (bytes), K, M, G, T (powers of 1024; K when there is no
// suffix) or % (of physical memory).
func parseSize(s string) (int64, error) {
	num := strings.TrimRight(s, "bBkKmMgGtT%")
	suffix := strings.ToUpper(s[len(num):])
	n, err := strconv.ParseUint(num, 10, 63)
	if err != nil || len(suffix) > 1 {
		return 0, errSyntax
	}
	mult := uint64(1)
	switch suffix {
	case "B":
	case "", "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	case "T":
		mult = 1 << 40
	case "%":
		if n > 100 {
			return 0, errSyntax
		}
		return int64(float64(lines.PhysicalMemory()) * float64(n) / 100), nil
	}
	if n > math.MaxInt64/mult {
		return 0, errRange
	}
	return int64(n * mult), nil
}

// dataOptions are the options for data files: --csv, --header-mismatch,
// --allow-binary and --aligned.
type dataOptions struct {
	csv         bool // --csv: the input is CSV records, not lines
	sep         byte // --csv's field separator: ',' or C of --csv=C
	dropHeaders bool // --header-mismatch=drop: a later file's header is dropped, even if it differs
	mismatchSet bool
	allowBinary bool // --allow-binary: input that looks binary is shuffled all the same
	aligned     bool // --aligned: each FILE shuffled alone, all by the same permutation
}

// set applies one of the options of data files.
func (d *dataOptions) set(name, val string, hasVal bool) error {
	switch name {
	case "header-mismatch":
		switch val {
		case "error":
			d.dropHeaders = false
		case "drop":
			d.dropHeaders = true
		default:
			return fatalError{"invalid --header-mismatch: " + quote(val) + "; error or drop"}
		}
		d.mismatchSet = true
	case "csv":
		d.csv, d.sep = true, ','
		if hasVal {
			switch {
			case val == `\t`:
				d.sep = '\t'
			case len(val) != 1 || val[0] == '"' || val[0] == '\n' || val[0] == '\r' || val[0] == 0:
				return fatalError{"invalid --csv separator: " + quote(val) + "; one byte, not a quote or a line break"}
			default:
				d.sep = val[0]
			}
		}
	case "allow-binary":
		d.allowBinary = true
	case "aligned":
		d.aligned = true
	}
	return nil
}

// shuffle is the run the options ask for, as the lines package takes it.
func (o *options) shuffle(stdin io.Reader, stderr io.Writer, alg *shuffle.Algorithm) (lines.Input, []lines.Option) {
	in := lines.Files(o.files...)
	switch {
	case o.rangeSet:
		in = lines.Range(o.lo, o.hi)
	case o.echo:
		in = lines.Strings(o.operands...)
	}
	opts := []lines.Option{lines.Stdin(stdin), lines.Warnings(stderr), lines.Delim(o.delim)}
	add := func(set bool, opt lines.Option) {
		if set {
			opts = append(opts, opt)
		}
	}
	add(o.countSet, lines.Count(o.count))
	add(o.repeat, lines.Repeat())
	add(o.randSet, lines.RandomFile(o.randFile))
	if o.buckets > 0 {
		// --seed N is shuffle-beam's key; without it, as there, a key
		// from the secure generator, and so is --crypto's.
		key := scatter.NewKey(o.seed)
		if !o.seedSet {
			rand.Read(key[:])
		}
		opts = append(opts, lines.Keyed(key, o.buckets))
	} else {
		add(o.seedSet, lines.Seed(o.seed))
		add(o.crypto, lines.Crypto())
	}
	add(alg != nil, lines.Algorithm(deref(alg)))
	add(o.memory > 0, lines.Memory(o.memory))
	add(o.header > 0, lines.Header(o.header))
	add(o.shards > 0, lines.Shards(o.shards))
	add(o.split != nil, lines.Split(o.split...))
	add(o.outputSet && !o.data.aligned, lines.Output(o.output))
	add(o.data.aligned, lines.Aligned(o.output))
	add(o.data.csv, lines.CSV(o.data.sep))
	add(o.data.dropHeaders, lines.DropHeaders())
	add(o.data.allowBinary, lines.AllowBinary())
	return in, opts
}

func deref[T any](p *T) (v T) {
	if p != nil {
		v = *p
	}
	return v
}
