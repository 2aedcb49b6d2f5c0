package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

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
		return s.finish(s.open())
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
	if err := s.openSource(); err != nil {
		return err
	}
	if o.repeat {
		return s.runRepeat(in, size)
	}
	return s.runLines(in, size)
}

// input opens the lines: FILE, or standard input. size is the input's
// length if it is known in advance, else -1.
func (s *shuf) input() (r io.Reader, size int64, release func(), err error) {
	o := s.o
	if len(o.operands) == 0 || o.operands[0] == "-" {
		return s.stdin, -1, func() {}, nil
	}
	f, err := os.Open(o.operands[0])
	if err != nil {
		return nil, 0, nil, err
	}
	size = -1
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return f, size, func() { f.Close() }, nil
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
	k := int(s.o.count)
	r := rand.New(s.own)
	var kept [][]byte
	i := 0
	keep := func(line []byte) {
		if i < k {
			kept = append(kept, slices.Clone(line))
		} else if j := r.Uint64N(uint64(i) + 1); j < uint64(k) {
			kept[j] = append(kept[j][:0], line...)
		}
		i++
	}
	if echo {
		for _, a := range s.o.operands {
			keep([]byte(a))
		}
	} else if err := eachLine(in, s.o.delim, keep); err != nil {
		return err
	}
	shuffle.Slice(shuffle.NewFisherYates(s.src), kept)
	out := s.open()
	for _, l := range kept {
		out.writeString(string(l))
	}
	return s.finish(out)
}

// runAlgo shuffles the whole input in memory with the --algo algorithm.
func (s *shuf) runAlgo(in io.Reader, size int64) error {
	data, n, all, err := slurp(in, size, s.mem, s.o.delim)
	if err != nil {
		return err
	}
	if !all {
		return fatalError{fmt.Sprintf("--algo %s shuffles in memory, and the input is larger than --memory %s", s.alg.Name, sizeText(s.mem))}
	}
	starts := make([]int, 0, n)
	for p := 0; p < len(data); {
		starts = append(starts, p)
		p += bytes.IndexByte(data[p:], s.o.delim) + 1
	}
	shuffle.Slice(s.alg.New(s.src), starts)
	out := s.open()
	emit(out, data, starts, s.o.delim)
	return s.finish(out)
}

// runRepeat is -r on lines: each output line is drawn independently and
// uniformly from the input, COUNT times or until the output is closed.
func (s *shuf) runRepeat(in io.Reader, size int64) error {
	data, n, _, err := slurp(in, size, math.MaxInt64, s.o.delim)
	if err != nil {
		return err
	}
	if n == 0 {
		return fatalError{"no lines to repeat"}
	}
	out := s.open()
	if uint64(len(data)) < 1<<32 {
		repeat(out, rand.New(s.own), data, lineStarts[uint32](data, n, s.o.delim), s.o.delim)
	} else {
		repeat(out, rand.New(s.own), data, lineStarts[uint64](data, n, s.o.delim), s.o.delim)
	}
	return s.finish(out)
}

// lineStarts returns where each of the n lines of data starts.
func lineStarts[T uint32 | uint64](data []byte, n int64, delim byte) []T {
	starts := make([]T, 0, n)
	for p := 0; p < len(data); p += bytes.IndexByte(data[p:], delim) + 1 {
		starts = append(starts, T(p))
	}
	return starts
}

// repeat writes lines drawn independently and uniformly from starts until
// out wants no more. The draws come in blocks, in order, so that emit can
// gather each block's lines on all CPUs.
func repeat[T uint32 | uint64](out *output, r *rand.Rand, data []byte, starts []T, delim byte) {
	picks := make([]T, min(out.left, 8*emitBlock))
	for out.more() {
		for i := range picks {
			picks[i] = starts[r.IntN(len(starts))]
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
	if n == 0 {
		if o.repeat {
			return fatalError{"no lines to repeat"}
		}
		return s.finish(s.open())
	}
	out := s.open()
	var num []byte
	put := func(v uint64) bool {
		num = append(strconv.AppendUint(num[:0], o.lo+v, 10), o.delim)
		return out.write(num)
	}
	switch {
	case o.repeat:
		r := rand.New(s.own)
		for out.more() && put(r.Uint64N(n)) {
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
					if !put(v) {
						break
					}
				}
			}
			break
		}
		for _, v := range shuffle.Sample(s.src, int(n), int(o.count)) {
			if !put(uint64(v)) {
				break
			}
		}
	case !s.custom && (!o.countSet || o.count > reservoirMax) && n < 1<<32 && cost(0, int64(n)) <= s.mem:
		// The numbers, not their text: 6 bytes a number where the text
		// takes up to 21. The order is the one their text would get.
		for _, v := range s.permutation(int(n)) {
			if !put(uint64(v)) {
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
		if len(args) == 0 {
			return fatalError{"no lines to repeat"}
		}
		r := rand.New(s.own)
		out := s.open()
		for out.more() {
			out.writeString(args[r.IntN(len(args))])
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
	out := s.open()
	for _, i := range order {
		out.writeString(args[i])
	}
	return s.finish(out)
}

// open returns the output: created only now, after the input has been read,
// so that -o may name the input file, as with GNU.
func (s *shuf) open() *output {
	if s.out != nil {
		return s.out
	}
	out := &output{w: s.stdout, delim: s.o.delim, left: s.o.count, buf: make([]byte, 0, 64<<10)}
	if s.o.repeat && !s.o.countSet {
		out.left = math.MaxUint64 // forever
	}
	if s.o.outputSet {
		f, err := os.OpenFile(s.o.output, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			out.err = err
		} else {
			out.w, out.file = f, f
		}
	}
	s.out = out
	return out
}

func (s *shuf) finish(out *output) error {
	out.flush()
	if out.file != nil {
		if err := out.file.Close(); err != nil && out.err == nil {
			out.err = writeError{err}
		}
	}
	return out.err
}

// output buffers the lines written and stops taking them after -n COUNT.
type output struct {
	w     io.Writer
	file  *os.File
	delim byte
	buf   []byte
	spare [][]byte // emit's block buffers, kept between calls
	left  uint64   // lines still to write
	err   error
}

type writeError struct{ err error }

func (e writeError) Error() string { return "write error: " + reason(e.err) }
func (e writeError) Unwrap() error { return e.err }

func (o *output) more() bool { return o.left > 0 && o.err == nil }

// write writes one line, delimiter included, and reports whether more are
// wanted.
func (o *output) write(line []byte) bool {
	if !o.more() {
		return false
	}
	if len(o.buf)+len(line) > cap(o.buf) {
		o.flush()
		if len(line) > cap(o.buf) {
			if _, err := o.w.Write(line); err != nil && o.err == nil {
				o.err = writeError{err}
			}
			o.left--
			return o.more()
		}
	}
	o.buf = append(o.buf, line...)
	o.left--
	return o.more()
}

// writeString writes one line given without its delimiter.
func (o *output) writeString(line string) {
	if !o.more() {
		return
	}
	if len(o.buf)+len(line)+1 > cap(o.buf) {
		o.flush()
	}
	o.buf = append(o.buf, line...)
	o.buf = append(o.buf, o.delim)
	o.left--
}

// writeRaw writes a block of lines past the buffer, which must be empty.
func (o *output) writeRaw(b []byte, lines int) {
	if o.err == nil {
		if _, err := o.w.Write(b); err != nil {
			o.err = writeError{err}
		}
	}
	o.left -= uint64(lines)
}

func (o *output) flush() {
	if len(o.buf) > 0 && o.err == nil {
		if _, err := o.w.Write(o.buf); err != nil {
			o.err = writeError{err}
		}
	}
	o.buf = o.buf[:0]
}

// emit writes the lines of data that start at starts, in that order, and
// reports whether more lines are wanted. The reads are random, a cache miss
// a line, so with several CPUs it gathers blocks of lines on all of them
// and writes the blocks in order.
func emit[T int | uint32 | uint64](out *output, data []byte, starts []T, delim byte) bool {
	if uint64(len(starts)) > out.left {
		starts = starts[:out.left]
	}
	workers := runtime.GOMAXPROCS(0)
	if workers < 2 || len(starts) < 4*emitBlock {
		out.flush()
		out.buf = gather(out.buf, data, starts, delim)
		out.left -= uint64(len(starts))
		return out.more()
	}
	blocks := (len(starts) + emitBlock - 1) / emitBlock
	done := make([]chan []byte, blocks)
	for i := range done {
		done[i] = make(chan []byte, 1)
	}
	free := make(chan []byte, 2*workers) // bounds the blocks in flight
	for range cap(free) {
		var buf []byte
		if k := len(out.spare); k > 0 {
			buf, out.spare = out.spare[k-1], out.spare[:k-1]
		}
		free <- buf
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				// The buffer comes first, then the block: so the block the
				// writer waits for always has a buffer.
				buf := <-free
				i := int(next.Add(1)) - 1
				if i >= blocks {
					free <- buf
					return
				}
				done[i] <- gather(buf[:0], data, starts[i*emitBlock:min((i+1)*emitBlock, len(starts))], delim)
			}
		}()
	}
	for i := range blocks {
		buf := <-done[i]
		out.flush()
		out.writeRaw(buf, min(emitBlock, len(starts)-i*emitBlock))
		if out.err != nil {
			return false // the workers are left blocked: the command ends
		}
		free <- buf
	}
	wg.Wait()
	for range cap(free) {
		out.spare = append(out.spare, <-free) // for the next call
	}
	return out.more()
}

const emitBlock = 1 << 14 // lines a worker gathers at a time

// gather appends the lines that start at starts to buf.
func gather[T int | uint32 | uint64](buf, data []byte, starts []T, delim byte) []byte {
	// Touching the line a few ahead lets its cache miss overlap the work on
	// this one.
	const ahead = 16
	var sink byte
	for i, p := range starts {
		if i+ahead < len(starts) {
			sink += data[starts[i+ahead]]
		}
		line := data[p:]
		buf = append(buf, line[:bytes.IndexByte(line, delim)+1]...)
	}
	touched.Add(uint32(sink))
	return buf
}

// touched keeps the compiler from dropping emit's touches.
var touched atomic.Uint32

type readError struct{ err error }

func (e readError) Error() string { return "read error: " + reason(e.err) }
func (e readError) Unwrap() error { return e.err }

// slurp reads r into memory, ending each line with delim (adding one to a
// last line that lacks it), until EOF or until holding the data and its
// index would cost more than limit bytes. It reports whether it read all of
// r. size, the length of r if known (else -1), sizes the buffer.
func slurp(r io.Reader, size, limit int64, delim byte) (data []byte, lines int64, all bool, err error) {
	if size >= 0 && cost(size, 0) > limit {
		return nil, 0, false, nil
	}
	c := int64(64 << 10)
	if size >= 0 {
		c = size + 1
	}
	data = make([]byte, 0, c)
	for {
		if len(data) == cap(data) {
			data = slices.Grow(data, min(cap(data), 256<<20))
		}
		m, err := r.Read(data[len(data):cap(data)])
		lines += int64(bytes.Count(data[len(data):len(data)+m], []byte{delim}))
		data = data[:len(data)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, false, readError{err}
		}
		if cost(int64(len(data)), lines) > limit {
			return data, lines, false, nil
		}
	}
	if len(data) > 0 && data[len(data)-1] != delim {
		data = append(data, delim)
		lines++
	}
	return data, lines, cost(int64(len(data)), lines) <= limit, nil
}

// cost is the memory the in-memory shuffle needs for data of this size:
// the data, a 2-byte label and a 4-byte index per line (8 bytes past 4 GiB).
func cost(size, lines int64) int64 {
	if size < 1<<32 {
		return size + 6*lines
	}
	return size + 10*lines
}

// eachLine calls f with each line of r, without its delimiter; the line is
// valid only during the call.
func eachLine(r io.Reader, delim byte, f func([]byte)) error {
	br := bufio.NewReaderSize(r, 64<<10)
	var long []byte
	for {
		b, err := br.ReadSlice(delim)
		for err == bufio.ErrBufferFull { // a line longer than the buffer
			long = append(long, b...)
			b, err = br.ReadSlice(delim)
		}
		if len(long) > 0 {
			b = append(long, b...)
			long = long[:0]
		}
		if err != nil && err != io.EOF {
			return readError{err}
		}
		if len(b) > 0 && b[len(b)-1] == delim {
			f(b[:len(b)-1])
		} else if len(b) > 0 {
			f(b) // the last line, unterminated
		}
		if err == io.EOF {
			return nil
		}
	}
}

// rangeReader reads as the lines "next", "next+1", …, "last".
type rangeReader struct {
	next, last uint64
	done       bool
	delim      byte
	pending    []byte
}

func (r *rangeReader) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(r.pending) == 0 {
			if r.done {
				break
			}
			r.pending = append(strconv.AppendUint(r.pending[:0], r.next, 10), r.delim)
			if r.next == r.last {
				r.done = true
			}
			r.next++
		}
		c := copy(p[n:], r.pending)
		r.pending = r.pending[c:]
		n += c
	}
	if n == 0 && r.done {
		return 0, io.EOF
	}
	return n, nil
}

// rangeBytes is the length of the text of LO..HI, one number a line, capped
// at MaxInt64.
func rangeBytes(lo, hi uint64) int64 {
	var total uint64
	low, pow := uint64(0), uint64(1) // the d-digit numbers are low..10^d−1
	for d := uint64(1); d <= 20; d++ {
		high := uint64(math.MaxUint64)
		if d < 20 {
			pow *= 10
			high = pow - 1
		}
		if a, b := max(lo, low), min(hi, high); a <= b {
			c := b - a + 1
			if c > math.MaxInt64/(d+1) || total > math.MaxInt64-c*(d+1) {
				return math.MaxInt64
			}
			total += c * (d + 1)
		}
		low = high + 1
	}
	return int64(total)
}

func sizeText(m int64) string {
	switch {
	case m%(1<<30) == 0:
		return fmt.Sprintf("%dG", m>>30)
	case m%(1<<20) == 0:
		return fmt.Sprintf("%dM", m>>20)
	case m%(1<<10) == 0:
		return fmt.Sprintf("%dK", m>>10)
	}
	return fmt.Sprintf("%db", m)
}
