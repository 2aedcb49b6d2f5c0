package main

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/fairshuffle/shuffle"
)

// reservoirMax is the largest -n COUNT served by reservoir sampling, which
// holds COUNT lines in memory; a larger COUNT runs the full shuffle, which
// spills to disk, and stops after COUNT lines. A constant, not a share of
// --memory, so that the choice, and with it a seeded output, is the same on
// every machine.
const reservoirMax = 1 << 20

// minMemory is the least --memory: smaller values are raised to it.
const minMemory = 64 << 10

// shuf is one run of the command.
type shuf struct {
	o       *options
	stdin   io.Reader
	stdout  io.Writer
	stderr  io.Writer
	tmp     *tempDir
	src     rand.Source // for the shuffle package; nil: its default source
	own     rand.Source // for the command's own draws: the same source, never nil
	release func()
	alg     shuffle.Algorithm
	custom  bool // --algo chose something other than the default
	mem     int64
	out     *output
	prog    *progress // nil: no progress line
	// reservoir: GNU would read this input by reservoir sampling, which
	// changes when it opens and reads --random-source (gnuReservoir)
	reservoir bool
}

func newShuf(o *options, stdin io.Reader, stdout, stderr io.Writer, tmp *tempDir) (*shuf, error) {
	s := &shuf{o: o, stdin: stdin, stdout: stdout, stderr: stderr, tmp: tmp, mem: o.memory, release: func() {}}
	if s.mem == 0 {
		s.mem = defaultMemory()
	}
	s.mem = max(s.mem, minMemory)
	name := o.algo
	if name == "" {
		name = "fisher-yates"
	}
	alg, ok := shuffle.Lookup(name)
	if !ok {
		return nil, usageError{fmt.Sprintf("unknown algorithm %s; one of: %s", quote(name), strings.Join(algoNames(), ", "))}
	}
	s.alg, s.custom = alg, name != "fisher-yates"
	if !alg.Uniform {
		fmt.Fprintf(stderr, "shuf: warning: %s is a biased shuffle: some orders come out more often than others\n", alg.Name)
	}
	return s, nil
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

func algoNames() []string {
	var names []string
	for _, a := range shuffle.Algorithms() {
		names = append(names, a.Name)
	}
	return names
}

// run reads the input, shuffles it and writes it. A --random-source that
// runs out panics deep inside a shuffle; that panic ends here as an error.
func (s *shuf) run() (err error) {
	defer s.release()
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(randomSourceError)
			if !ok {
				panic(r)
			}
			err = fatalError{e.Error()}
		}
	}()
	o := s.o
	if o.count == 0 {
		// GNU reads nothing, but still creates the output file.
		return s.finish(s.open(0))
	}
	if o.rangeSet || o.echo {
		if err := s.openSource(); err != nil {
			return err
		}
		if o.rangeSet {
			return s.runRange()
		}
		return s.runEcho()
	}
	in, size, closeIn, err := s.input()
	if err != nil {
		return err
	}
	defer closeIn()
	in = s.prog.reader(in, size)
	if err := s.openSource(); err != nil {
		return err
	}
	if s.reservoir = s.gnuReservoir(size); s.reservoir {
		if err := s.src.(*fileSource).open(); err != nil { // before reading, as GNU
			return err
		}
	}
	if o.repeat {
		return s.runRepeat(in, size)
	}
	return s.runLines(in, size)
}

// runLines shuffles the lines of in.
func (s *shuf) runLines(in io.Reader, size int64) error {
	o := s.o
	if s.custom {
		return s.runAlgo(in, size)
	}
	if o.countSet && o.count <= reservoirMax {
		return s.sample(in, false)
	}
	return s.scatterShuffle(in, size)
}

// sample writes -n COUNT lines of in, a uniformly random COUNT-subset in
// uniformly random order, holding only COUNT lines in memory.
//
// It is reservoir sampling by Vitter's Algorithm R: the i-th line (from 0)
// replaces a uniform member of the reservoir with probability COUNT/(i+1),
// which leaves every line in it with probability COUNT/(lines so far). Then
// fisher-yates orders the reservoir. It draws one integer a line, where the
// shuffle package's Reservoir (Algorithm L) draws far fewer but computes in
// floating point, which can round differently on another machine: the
// integer draws keep --seed's promise exactly. Only the lines that enter the
// reservoir are copied.
func (s *shuf) sample(in io.Reader, echo bool) error {
	res := reservoir{k: int(s.o.count), r: rand.New(s.own)}
	if echo {
		for _, a := range s.o.operands {
			if j := res.slot(); j >= 0 {
				res.kept[j] = append(append(res.kept[j], a...), s.o.delim)
			}
		}
	} else {
		// A line is read in pieces and copied only if it is kept, so a
		// long line that is not kept costs nothing.
		lr := newLineReader(in, s.o.delim, pieceSize)
		for {
			b, end, err := lr.piece()
			if err == io.EOF {
				break
			}
			j := res.slot()
			for {
				if err != nil {
					return readError{err}
				}
				if j >= 0 {
					res.keep(j, b)
				}
				if end {
					break
				}
				b, end, err = lr.piece()
			}
		}
	}
	s.gnuSampleDone(res.seen)
	shuffle.Slice(shuffle.NewFisherYates(s.src), res.kept)
	out := s.open(res.seen)
	for _, l := range res.kept {
		var more [][]byte
		if len(res.more) > 0 {
			more = res.more[&l[0]]
		}
		out.writePieces(l, more)
	}
	return s.finish(out)
}

// pieceSize is the most -n copies at once: a line longer than this is kept
// in pieces of this size, so that it is never grown and copied, and the
// pieces of a line that leaves the reservoir serve the next.
const pieceSize = 64 << 10

// reservoir is Algorithm R's state: the lines kept, each an own copy with
// its delimiter, and how many lines it has seen. A line of more than one
// piece keeps its first in kept and the others in more, under the address
// of its first byte, which stays with it when kept is shuffled.
type reservoir struct {
	k     int
	r     *rand.Rand
	kept  [][]byte
	more  map[*byte][][]byte
	spare [][]byte // pieces of lines that left
	seen  uint64
}

// slot draws where the next line goes: the index of its place in kept,
// emptied, or -1 if it is not kept.
func (res *reservoir) slot() int {
	res.seen++
	if len(res.kept) < res.k {
		res.kept = append(res.kept, nil)
		return len(res.kept) - 1
	}
	j := res.r.Uint64N(res.seen)
	if j >= uint64(res.k) {
		return -1
	}
	old := res.kept[j]
	if rest, ok := res.more[&old[0]]; ok {
		res.spare = append(res.spare, rest...)
		delete(res.more, &old[0])
	}
	if cap(old) == pieceSize {
		res.spare = append(res.spare, old)
		old = nil
	}
	res.kept[j] = old[:0] // a short line's room serves the next
	return int(j)
}

// keep adds a copy of piece b to line j.
func (res *reservoir) keep(j int, b []byte) {
	if len(res.kept[j]) == 0 && (len(b) < pieceSize || cap(res.kept[j]) >= pieceSize) {
		res.kept[j] = append(res.kept[j], b...)
		return
	}
	var p []byte
	if k := len(res.spare); k > 0 {
		p, res.spare = res.spare[k-1], res.spare[:k-1]
	}
	p = append(p[:0], b...)
	if len(res.kept[j]) == 0 {
		res.kept[j] = p
		return
	}
	if res.more == nil {
		res.more = map[*byte][][]byte{}
	}
	res.more[&res.kept[j][0]] = append(res.more[&res.kept[j][0]], p)
}

// runAlgo shuffles the whole input in memory with the --algo algorithm.
func (s *shuf) runAlgo(in io.Reader, size int64) error {
	data, n, rest, err := slurp(in, size, s.mem, s.o.delim)
	if err != nil {
		return err
	}
	if rest != nil {
		return fatalError{fmt.Sprintf("--algo %s shuffles in memory, and the input is larger than --memory %s", s.alg.Name, sizeText(s.mem))}
	}
	starts := lineStarts[int](data, n, s.o.delim)
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
	out := s.open(uint64(n))
	if n == 0 { // GNU creates the output first
		return s.noLines(out)
	}
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
	return fatalError{"no lines to repeat"}
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

// runRange is -i LO-HI. Without -n (or with a COUNT of at least the range's
// size) it shuffles the numbers as lines, exactly as `seq LO HI | shuf` would;
// with a smaller COUNT it samples in O(COUNT) time and memory, whatever the
// range's size.
func (s *shuf) runRange() error {
	o := s.o
	n := o.hi - o.lo + 1 // 0 for the empty range; the parser refuses 0-(2⁶⁴−1)
	out := s.open(n)
	if n == 0 {
		if o.repeat { // GNU creates the output first
			return s.noLines(out)
		}
		return s.finish(out)
	}
	switch {
	case o.repeat:
		r := rand.New(s.own)
		for out.more() && out.writeUint(o.lo+uint64N(r, n)) {
		}
	case o.countSet && o.count < n && !s.custom:
		if n > math.MaxInt32 {
			// Sample takes an int. In so large a range, drawing until
			// COUNT distinct numbers have come up is cheap, and exact: each
			// new number is uniform over those not yet drawn. The bound is
			// fixed, not the platform's int, so that 32- and 64-bit machines
			// choose alike.
			seen := make(map[uint64]bool, min(o.count, 1<<16))
			r := rand.New(s.own)
			for uint64(len(seen)) < o.count {
				v := r.Uint64N(n)
				if !seen[v] {
					seen[v] = true
					if !out.writeUint(o.lo + v) {
						break
					}
				}
			}
			break
		}
		for _, v := range shuffle.Sample(s.src, int(n), int(o.count)) {
			if !out.writeUint(o.lo + uint64(v)) {
				break
			}
		}
	case !s.custom && (!o.countSet || o.count > reservoirMax) && n < 1<<32 && cost(0, int64(n)) <= s.mem:
		// The numbers, not their text: 6 bytes a number where the text
		// takes up to 21. The order is the one their text would get.
		for _, v := range s.permutation(int(n)) {
			if !out.writeUint(o.lo + uint64(v)) {
				break
			}
		}
	default:
		s.out = out
		return s.runLines(&rangeReader{next: o.lo, last: o.hi, delim: o.delim}, rangeBytes(o.lo, o.hi))
	}
	return s.finish(out)
}

// runEcho is -e: the operands are the lines, whatever bytes they hold, and
// they get the order the same lines would get from a file.
func (s *shuf) runEcho() error {
	o, args := s.o, s.o.operands
	switch {
	case o.repeat:
		out := s.open(uint64(len(args)))
		if len(args) == 0 { // GNU creates the output first
			return s.noLines(out)
		}
		r := rand.New(s.own)
		for out.more() {
			out.writeString(args[intN(r, len(args))])
		}
		return s.finish(out)
	case o.countSet && o.count <= reservoirMax && !s.custom:
		return s.sample(nil, true)
	}
	var order []uint32
	if s.custom {
		order = make([]uint32, len(args))
		for i := range order {
			order[i] = uint32(i)
		}
		shuffle.Slice(s.alg.New(s.src), order)
	} else {
		order = s.permutation(len(args))
	}
	out := s.open(uint64(len(args)))
	for _, i := range order {
		out.writeString(args[i])
	}
	return s.finish(out)
}
