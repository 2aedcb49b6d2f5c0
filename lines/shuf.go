package lines

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle"
)

// minMemory is the least --memory: smaller values are raised to it.
const minMemory = 64 << 10

// shuf is one run of the command.
type shuf struct {
	o       *options
	ctx     context.Context
	stdin   io.Reader
	stdout  io.Writer
	tmp     *tempDir
	src     rand.Source // for the shuffle package; nil: its default source
	own     rand.Source // for the command's own draws: the same source, never nil
	release func()
	alg     shuffle.Algorithm
	custom  bool // --algo chose something other than the default
	mem     int64
	out     *output
	header  []byte    // --header's lines, each with its delimiter
	st      *stream   // the input files; nil for -e and -i
	prog    *progress // nil: no progress line
	lab     labeler   // the labels of the lines (scatter.go), drawn in turn
	key     *keying   // Keyed's, or nil
	// reservoir: GNU would read this input by reservoir sampling, which
	// changes when it opens and reads --random-source (gnuReservoir)
	reservoir bool
	// held, if set, takes the output's files when they are done, to be put
	// in place by --aligned when every file is done (aligned.go)
	held *[]*target
}

func newShuf(o *options, stdout io.Writer, tmp *tempDir) *shuf {
	s := &shuf{o: o, stdin: o.stdin, stdout: stdout, tmp: tmp, mem: o.memory, release: func() {}, key: o.key}
	if s.mem == 0 {
		s.mem, _ = DefaultMemory()
	}
	s.mem = max(s.mem, minMemory)
	if room := addressRoom(); room >= 0 {
		// Under ulimit -v, what the shuffle holds in memory is at most a
		// third of the room, as DefaultMemory's is: more would end in
		// an error, where spilling finishes, with the same output.
		s.mem = max(min(s.mem, room/3), minMemory)
	}
	if o.data.csv {
		o.delim = 0 // the records' ends, inside; line feeds again on the way out (csv.go)
	}
	s.alg, _ = shuffle.Lookup("fisher-yates")
	if o.alg != nil {
		s.alg, s.custom = *o.alg, o.alg.Name != "fisher-yates"
	}
	if !s.alg.Uniform && o.warn != nil {
		fmt.Fprintf(o.warn, "shuf: warning: %s is a biased shuffle: some orders come out more often than others\n", s.alg.Name)
	}
	return s
}

// openSource opens the randomness, after the input as GNU does, so that a
// missing input is reported first and -n 0 needs no source at all.
func (s *shuf) openSource() error {
	src, release, err := s.o.source()
	if err != nil {
		return err
	}
	s.src, s.own, s.release = src, draws(src), release
	return nil
}

// run reads the input, shuffles it and writes it. A --random-source that
// runs out panics deep inside a shuffle; that panic ends here as an error.
func (s *shuf) run() (err error) {
	defer func() {
		if err != nil {
			s.abort()
		}
	}()
	defer func() { s.release() }() // openSource sets it after this line
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*RandomSourceError)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	o := s.o
	if err := o.checkParts(); err != nil {
		return err
	}
	if o.count == 0 && o.header == 0 {
		// GNU reads nothing, but still creates the output file.
		return s.finish(s.open(0))
	}
	in, err := s.input()
	if err != nil {
		return err
	}
	defer in.close()
	if in.st != nil && !heapRoomFor(heapReserve-heapGrowth) {
		// Under ulimit -v, with less room than Go's heap may need to
		// grow, reading input could end in a crash: refuse it as GNU
		// refuses what it cannot allocate.
		return errMemory
	}
	if o.count > 0 { // -n 0 writes only the header and draws nothing
		if err := s.openSource(); err != nil {
			return err
		}
	}
	if in.st != nil {
		if s.reservoir = s.gnuReservoir(in.size); s.reservoir {
			if err := s.src.(*fileSource).open(); err != nil { // before reading, as GNU
				return err
			}
		}
	}
	return s.execute(in)
}

// runAlgo shuffles the whole input in memory with the --algo algorithm.
func (s *shuf) runAlgo(in io.Reader, size int64) error {
	data, n, rest, err := slurp(in, size, s.mem, s.o.delim)
	if err != nil {
		return err
	}
	defer freeData(data)
	if rest != nil {
		return &Error{Kind: ErrOutOfMemory, Msg: fmt.Sprintf("--algo %s shuffles in memory, and the input is larger than --memory %s", s.alg.Name, sizeText(s.mem))}
	}
	if !heapRoomFor(8 * n) {
		return errMemory
	}
	starts := lineStarts[int](data, n, s.o.delim)
	s.prog.shuffling(n, 0) // in one call of the shuffle package: no steps to count
	shuffle.Slice(s.alg.New(s.src), starts)
	out := s.open(uint64(n))
	emit(out, data, starts, s.o.delim)
	return s.finish(out)
}

// runRepeat is -r on lines: each output line is drawn independently and
// uniformly from the input, COUNT times or until the output is closed.
func (s *shuf) runRepeat(in io.Reader, size int64) error {
	data, n, _, err := slurp(in, size, math.MaxInt64, s.o.delim) // never a rest
	if err != nil {
		return err
	}
	defer freeData(data)
	if n == 0 { // GNU creates the output first
		return s.noLines(s.open(0))
	}
	if !heapRoomFor(8 * n) { // the index, in Go's heap
		return errReadMemory
	}
	out := s.open(math.MaxUint64) // -r writes COUNT lines, whatever n is
	if uint64(len(data)) < 1<<32 {
		repeat(out, rand.New(s.own), data, lineStarts[uint32](data, n, s.o.delim), s.o.delim)
	} else {
		repeat(out, rand.New(s.own), data, lineStarts[uint64](data, n, s.o.delim), s.o.delim)
	}
	return s.finish(out)
}

// noLines ends -r with no lines to repeat: the output's error if it could
// not be created (GNU creates it first), else GNU's message.
func (s *shuf) noLines(out *output) error {
	if err := s.finish(out); err != nil {
		return err
	}
	return &Error{Kind: ErrNoLines, Msg: "no lines to repeat"}
}

// repeat writes lines drawn independently and uniformly from starts until
// out wants no more. The draws come in blocks, in order, so that emit can
// gather each block's lines on all CPUs.
func repeat[T uint32 | uint64](out *output, r *rand.Rand, data []byte, starts []T, delim byte) {
	picks := make([]T, min(out.left, 8*emitBlock))
	for out.more() {
		for i := range picks {
			picks[i] = starts[intN(r, len(starts))]
		}
		if !emit(out, data, picks, delim) {
			return
		}
	}
}
