package main

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
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
	help      bool
	version   bool
	operands  []string
	files     []string // the input files, "-" for standard input; none: standard input
	header    int      // --header[=N]: lines written first, unshuffled (1 when bare)
	shards    int      // --shards N: write N files PREFIX-00000-of-0000N
	split     []int    // --split A,B[,C]: percentages of the lines, summing to 100
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

// usageError is a mistake on the command line: GNU tools print it and then
// "Try 'shuf --help' for more information.", and exit with status 1.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// fatalError is an error printed as it is, without the hint.
type fatalError struct{ msg string }

func (e fatalError) Error() string { return e.msg }

type optSpec struct {
	long     string
	short    byte // 0 when there is no short form
	arg      bool
	optional bool // the argument may be left out (--header)
	full     bool // recognised only when spelled in full
}

var optSpecs = []optSpec{
	{"echo", 'e', false, false, false},
	{"input-range", 'i', true, false, false},
	{"head-count", 'n', true, false, false},
	{"output", 'o', true, false, false},
	{"random-source", 0, true, false, false},
	{"repeat", 'r', false, false, false},
	{"zero-terminated", 'z', false, false, false},
	{"seed", 0, true, false, false},
	{"algo", 0, true, false, false},
	{"crypto", 0, false, false, false},
	{"memory", 0, true, false, false},
	{"header", 0, false, true, true},
	{"shards", 0, true, false, true},
	{"split", 0, true, false, true},
	{"help", 0, false, false, false},
	{"version", 0, false, false, false},
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
			spec, err := lookupLong(name)
			if err != nil {
				if _, unknown := err.(unrecognized); unknown {
					return nil, usageError{fmt.Sprintf("unrecognized option '%s'", a)}
				}
				return nil, err
			}
			switch {
			case spec.optional:
				if !hasVal {
					val = "1"
				}
			case !spec.arg && hasVal:
				return nil, usageError{fmt.Sprintf("option '--%s' doesn't allow an argument", spec.long)}
			case spec.arg && !hasVal:
				if i+1 == len(args) {
					return nil, usageError{fmt.Sprintf("option '--%s' requires an argument", spec.long)}
				}
				i++
				val = args[i]
			}
			if err := o.set(spec, val); err != nil || o.help || o.version {
				return o, err
			}
		case len(a) > 1 && a[0] == '-':
			for j := 1; j < len(a); j++ {
				spec, ok := lookupShort(a[j])
				if !ok {
					return nil, usageError{fmt.Sprintf("invalid option -- '%c'", a[j])}
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
				if err := o.set(spec, val); err != nil {
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

func lookupLong(name string) (optSpec, error) {
	var found []optSpec
	for _, s := range optSpecs {
		if s.long == name {
			return s, nil
		}
		if strings.HasPrefix(s.long, name) && name != "" && !s.full {
			found = append(found, s)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return optSpec{}, unrecognized{}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "option '--%s' is ambiguous; possibilities:", name)
	for _, s := range found {
		fmt.Fprintf(&b, " '--%s'", s.long)
	}
	return optSpec{}, usageError{b.String()}
}

// unrecognized is lookupLong's error for a name no option has.
type unrecognized struct{}

func (unrecognized) Error() string { return "unrecognized option" }

func lookupShort(c byte) (optSpec, bool) {
	for _, s := range optSpecs {
		if s.short == c && c != 0 {
			return s, true
		}
	}
	return optSpec{}, false
}

func (o *options) set(spec optSpec, val string) error {
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
		n, err := strconv.ParseUint(val, 10, 31)
		if err != nil {
			return fatalError{"invalid --header line count: " + quote(val)}
		}
		o.header = int(n)
	case "shards":
		n, err := strconv.ParseUint(val, 10, 31)
		if err != nil || n == 0 {
			return fatalError{"invalid --shards count: " + quote(val)}
		}
		o.shards = int(n)
	case "split":
		o.split = nil
		for _, f := range strings.Split(val, ",") {
			n, err := strconv.ParseUint(f, 10, 7)
			if err != nil {
				return fatalError{"invalid --split percentages: " + quote(val)}
			}
			o.split = append(o.split, int(n))
		}
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

func rangeError(part string, err error) error {
	msg := "invalid input range: " + quote(part)
	if err == errRange {
		msg += ": Value too large for defined data type"
	}
	return fatalError{msg}
}

type numError string

func (e numError) Error() string { return string(e) }

const (
	errSyntax = numError("invalid number")
	errRange  = numError("number too large")
)

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
		return int64(float64(physicalMemory()) * float64(n) / 100), nil
	}
	if n > math.MaxInt64/mult {
		return 0, errRange
	}
	return int64(n * mult), nil
}
