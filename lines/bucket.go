package lines

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"math/bits"
	"runtime"
	"sync"
)

// Buckets: a large input in memory is dealt by label into buckets, in
// memory, as the spill pass deals it into files, and each bucket is then
// arranged (steps 2 to 4) on its own. Arranged where it lies, each line of
// a large input is fetched from a random place in it, a cache miss and a
// page walk a line, and that is most of the time a shuffle takes; a bucket
// of a MiB or two is read into the CPU's cache once, in order, and its
// lines are gathered from there. The labels, groups and draws are those of
// every other path, so the output is the same.
//
// Lines long on average gain nothing (a miss a line is little beside the
// copy of a long line), nor do inputs that fit in cache anyway: those are
// arranged where they lie.
var (
	bucketMin   int64 = 8 << 20 // a smaller input is arranged where it lies
	bucketSize  int64 = 2 << 20 // what a bucket aims at
	bucketLine        = 1 << 10 // lines longer on average are arranged where they lie
	maxBuckets        = 4096
	pipeBuckets int64 = 1024     // for a pipe, whose size is unknown
	bucketChunk       = 1 << 20  // the input is read in pieces of this size
	bucketProbe       = 4 << 20  // a file is looked at in its first bytes, this many
	bucketPipe        = 32 << 20 // a smaller pipe is arranged where it lies
)

// A bucket holds the lines of a range of labels in input order, each as a
// record: its label and its length, 2 bytes each (little-endian), then the
// line and its delimiter. A line of longLen bytes or more has longLen for
// length: its end is its delimiter.
const (
	recHead = 4
	longLen = 1<<16 - 1
)

type bucket struct {
	mapBuf
	records int64
	lo, hi  int // its labels
}

// buckets deals the lines of an input to its buckets (deal.go).
type buckets struct {
	s       *shuf
	b       []bucket
	sizes   []int64 // what each bucket gets, as cut
	shift   int     // a label's bucket is label >> shift
	bytes   int64   // the lines' bytes, without their heads
	records int64
	opened  bool // the last line cut is not ended yet
	openIn  int  // and the bucket it goes to
	dealers []*dealer
	wg      sync.WaitGroup // the dealers
	free    chan *cut      // cuts the dealers are done with
	open    *bucket        // once dealt: the bucket of a line not yet ended, or nil
	openAt  int            // where that line's record starts in it
	err     error          // a bucket that could not grow
}

// bucketShuffle shuffles in by buckets, and reports done, if buckets are
// faster for it. If not, pre holds what it read of in, for slurpFrom to go
// on from. size is in's length, -1 if unknown. It reads, before it decides,
// bucketProbe bytes of a file, to see how long its lines are, and up to
// bucketPipe of a pipe, so that a pipe that ends sooner is not dealt into
// more buckets than it fills.
func (s *shuf) bucketShuffle(in io.Reader, size int64) (pre *mapBuf, done bool, err error) {
	pre = &mapBuf{}
	if s.mem < bucketMin || size >= 0 && (size < bucketMin || cost(size, 0) > s.mem) {
		return pre, false, nil // too small for buckets, or past memory
	}
	want := bucketProbe
	if size < 0 {
		want = int(min(int64(bucketPipe), s.mem))
	}
	// A file's whole, and a byte for a last delimiter (slurpFrom goes on in
	// it if the buckets decline the file); a pipe's grows as it fills.
	if err := pre.grow(int(size + 1)); err != nil {
		return pre, false, readError(err)
	}
	for len(pre.b) < want {
		if len(pre.b) == cap(pre.b) {
			if err := pre.grow(1); err != nil {
				return pre, false, readError(err)
			}
		}
		m, err := in.Read(pre.b[len(pre.b):min(cap(pre.b), want)])
		pre.b = pre.b[:len(pre.b)+m]
		if err == io.EOF {
			return pre, false, nil // all of it, and small: arranged where it lies
		}
		if err != nil {
			return pre, false, readError(err)
		}
	}
	lines := bytes.Count(pre.b, []byte{s.o.delim})
	if lines == 0 || len(pre.b)/lines > bucketLine {
		return pre, false, nil
	}
	defer pre.free()

	k := bucketCount(size, s.mem)
	bs := newBuckets(s, k)
	defer bs.release()
	// Room for about what each bucket gets: mapped, not yet memory.
	per := bucketRoom(size, lines, len(pre.b), k)
	for i := range bs.b {
		if err := bs.b[i].grow(per); err != nil {
			return nil, true, readError(err)
		}
	}
	bs.startDealers()
	defer bs.stopDealers()
	// What was read goes to the buckets first, and its memory back as the
	// dealers are done with it.
	first := pre.b // the last piece's release unmaps it
	for at := 0; at < len(first); at += bucketChunk {
		end := min(at+bucketChunk, len(first))
		done := func() { pre.drop(end) }
		if end == len(first) {
			done = pre.free
		}
		bs.deal(first[at:end], done)
	}
	ra := startReadAhead(in, make([]byte, 8*bucketChunk), bucketChunk)
	defer ra.stop()
	for {
		if cost(bs.bytes, bs.records) > s.mem || bs.huge() {
			// More than memory: the buckets go to temporary files, and so
			// does the rest of the input, from what was read ahead.
			bs.stopDealers()
			if bs.err != nil {
				return nil, true, readError(bs.err)
			}
			rest, err := ra.stop()
			if err != nil {
				return nil, true, err
			}
			return nil, true, bs.spill(rest, size)
		}
		p, err := ra.next()
		if err != nil && err != io.EOF {
			return nil, true, err
		}
		bs.deal(p, func() { ra.give(p) })
		if err == io.EOF {
			break
		}
	}
	if bs.opened { // a last line without its delimiter
		bs.deal([]byte{s.o.delim}, nil)
	}
	bs.stopDealers()
	if bs.err != nil {
		return nil, true, readError(bs.err)
	}
	return nil, true, bs.arrange()
}

// bucketCount is how many buckets an input of size bytes (-1 if unknown:
// a pipe, taken to fill mem, up to pipeBuckets buckets) is dealt into: a
// power of two near size/bucketSize, from 2 to maxBuckets.
func bucketCount(size, mem int64) int {
	if size < 0 {
		size = min(mem, pipeBuckets*bucketSize)
	}
	return min(max(2, 1<<bits.Len64(uint64(max(size/bucketSize, 1)-1))), maxBuckets)
}

// newBuckets returns k buckets, k a power of two, that split the labels
// into k equal ranges in order: label l is bucket l>>shift's.
func newBuckets(s *shuf, k int) *buckets {
	bs := &buckets{s: s, b: make([]bucket, k), sizes: make([]int64, k), shift: labelBits - bits.TrailingZeros(uint(k))}
	for i := range bs.b {
		bs.b[i].lo, bs.b[i].hi = i<<bs.shift, (i+1)<<bs.shift
	}
	return bs
}

// bucketRoom is the room each of k buckets is given at first for a file
// of size bytes whose first probed bytes held lines lines: its share of
// the lines and their records' heads, as many lines as the first part
// suggests, 1/64 and 16 KiB more. A pipe's (size -1) get none: they grow
// as they fill.
func bucketRoom(size int64, lines, probed, k int) int {
	if size < 0 {
		return 0
	}
	all := size + recHead*size*int64(lines)/int64(probed)
	return int(all/int64(k)+all/int64(k)/64) + 16<<10
}

// huge reports whether a bucket has grown past what arranging it can
// index, 4 GiB (a few lines of gigabytes): it is then spilled.
func (bs *buckets) huge() bool {
	for _, n := range bs.sizes {
		if n >= 1<<32-1<<20 {
			return true
		}
	}
	return false
}

// recLen is the length of the line that starts at p in data, after its
// record's head.
func recLen(data []byte, p int, delim byte) int {
	n := int(binary.LittleEndian.Uint16(data[p-2:]))
	if n == longLen {
		n = bytes.IndexByte(data[p:], delim) + 1
	}
	return n
}

// arrange writes the buckets in label order and frees each once written.
// The buckets are shared among gatherers, one a CPU (at most two: the
// machine's memory is the limit), in turn. A gatherer reads its bucket in
// order, which brings it into its CPU's cache, groups its lines by label,
// waits for its turn to shuffle the groups, since the shuffles draw in turn
// from one source, in label order, as on every path, and copies the lines
// in their order into blocks, which this goroutine writes, bucket after
// bucket.
func (bs *buckets) arrange() error {
	s := bs.s
	out := s.open(uint64(bs.records))
	if !out.more() {
		return s.finish(out)
	}
	out.flush() // the header: the blocks are written past the buffer
	// The buckets are shuffled and written in turn, a few MB at a time:
	// one phase, writing, measured by the bytes written.
	if uint64(bs.records) <= out.left {
		s.prog.expectOutput(bs.bytes)
	}
	delim := s.o.delim
	var full []*bucket
	for i := range bs.b {
		if bs.b[i].records > 0 {
			full = append(full, &bs.b[i])
		}
	}
	workers := min(runtime.GOMAXPROCS(0), 2, len(full))
	turn := make([]chan struct{}, workers) // to shuffle: passed from worker to worker
	for w := range workers {
		turn[w] = make(chan struct{}, 1)
	}
	turn[0] <- struct{}{}
	m := s.mixer()
	left := out.left // -n: lines still to shuffle; past them nothing is drawn
	r := newRelay(out, workers, outputBytes/(2*workers), func(r *relay, w int) {
		var pl placer
		for q := w; q < len(full); q += workers {
			b := full[q]
			order := pl.group(b, delim)
			select {
			case <-turn[w]:
			case <-r.stop:
				return
			}
			if left == 0 { // nothing more is wanted: nothing more is drawn
				turn[(w+1)%workers] <- struct{}{}
				return
			}
			if p := shuffleTurn(m, order, pl.bound, b.lo); p != nil {
				r.send(w, chunk{panic: p})
				return
			}
			order = order[:min(uint64(len(order)), left)]
			left -= uint64(len(order))
			turn[(w+1)%workers] <- struct{}{}
			for len(order) > 0 {
				var c chunk
				var ok bool
				if c.buf, ok = r.buffer(w); !ok {
					return
				}
				c.buf, c.lines, c.long = gatherRecords(c.buf, b.b, order, delim)
				order = order[c.lines:]
				c.last = len(order) == 0
				if !r.send(w, c) {
					return
				}
			}
		}
	})
	if fail := r.write(len(full), func(q int) { full[q].free() }); fail != nil {
		panic(fail) // run turns it into an error, as it would on this goroutine
	}
	return s.finish(out)
}

// gatherRecords is gather for a bucket's records, whose heads give their
// lines' lengths: starts are where lines start, past their heads.
func gatherRecords(buf, data []byte, starts []uint32, delim byte) (_ []byte, n int, long []byte) {
	for i, p := range starts {
		line := data[p : int(p)+recLen(data, int(p), delim)]
		if len(line) >= directLine {
			return buf, i + 1, line
		}
		if len(buf)+len(line) > cap(buf) {
			return buf, i, nil
		}
		buf = append(buf, line...)
	}
	return buf, len(starts), nil
}

// shuffleTurn is shuffleGroups, returning what it panics with.
func shuffleTurn(m mixer, order []uint32, bound []int, lo int) (p any) {
	defer func() { p = recover() }()
	shuffleGroups(m, order, bound, lo, nil)
	return nil
}

// placer keeps group's buffers from one bucket to the next.
type placer struct {
	bound  []int
	starts []uint32
	ls     []uint16
	order  []uint32
}

// group returns where the lines of bucket b start, grouped by label in
// label order, input order within a group (step 2); pl.bound then holds
// where each group lies. The result is valid until the next call.
func (pl *placer) group(b *bucket, delim byte) []uint32 {
	// The walk from record to record reads the bucket in order, which the
	// processor fetches ahead (a first pass a byte a cache line, to bring
	// it into cache, cost more than it saved).
	data, n := b.b, int(b.records)
	bound := grown(pl.bound, b.hi-b.lo+1)
	clear(bound)
	starts, ls := grown(pl.starts, n), grown(pl.ls, n)
	for i, p := 0, 0; p < len(data); i++ {
		l := binary.LittleEndian.Uint16(data[p:])
		p += recHead
		ls[i], starts[i] = l, uint32(p)
		bound[int(l)-b.lo+1]++
		p += recLen(data, p, delim)
	}
	next := sums(bound)
	order := grown(pl.order, n)
	for i, p := range starts {
		g := int(ls[i]) - b.lo
		order[next[g]] = p
		next[g]++
	}
	pl.bound, pl.starts, pl.ls, pl.order = bound, starts, ls, order
	return order
}

// grown is s with length n, reallocated only if too small.
func grown[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// spill writes the buckets' lines to temporary files, each to the file of
// its label, then the rest of the input, whose labels go on from the
// buckets' (s.lab), and writes out the files. The line the buckets hold
// only in part goes on from the input to the same file, first.
func (bs *buckets) spill(in io.Reader, size int64) error {
	s := bs.s
	est := size
	if est < 0 {
		est = 3 * s.mem * 32 // as scatterShuffle plans
	}
	files := split(est, s.mem, 0, labels)
	width := labels / len(files) // the files' equal ranges of labels, from 0
	if err := s.spillWriters(files); err != nil {
		return err
	}
	delim := s.o.delim
	br := bufio.NewReaderSize(in, 64<<10)
	for i := range bs.b {
		b := &bs.b[i]
		for p := 0; p < len(b.b); {
			open := b == bs.open && p == bs.openAt
			f := files[int(binary.LittleEndian.Uint16(b.b[p:]))/width]
			line := b.b[p+recHead:]
			if !open {
				line = line[:recLen(b.b, p+recHead, delim)]
			}
			f.w.Write(b.b[p : p+2]) // the label: a spill file's head
			if _, err := f.w.Write(line); err != nil {
				return spillWriteError(f, err)
			}
			f.bytes += int64(2 + len(line))
			f.records++
			p += recHead + len(line)
			if open {
				if err := endLine(f, br, delim); err != nil {
					return err
				}
			}
		}
		b.free()
	}
	bs.open = nil
	for _, f := range files {
		if err := f.w.Flush(); err != nil {
			return spillWriteError(f, err)
		}
	}
	if err := s.scatter(br, files, nil); err != nil {
		return err
	}
	return s.drainFiles(files)
}

// endLine copies the rest of a line from br to f, and the delimiter if
// the input ends without one.
func endLine(f *spillFile, br *bufio.Reader, delim byte) error {
	for {
		p, err := br.ReadSlice(delim)
		if _, werr := f.w.Write(p); werr != nil {
			return spillWriteError(f, werr)
		}
		f.bytes += int64(len(p))
		switch {
		case err == nil:
			return nil
		case err == io.EOF:
			if err := f.w.WriteByte(delim); err != nil {
				return spillWriteError(f, err)
			}
			f.bytes++
			return nil
		case err != bufio.ErrBufferFull:
			return readError(err)
		}
	}
}

func (bs *buckets) release() {
	for i := range bs.b {
		bs.b[i].free()
	}
}
