package lines

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"os"
	"runtime/debug"
	"slices"
)

// The shuffle of the lines, in memory and past it, is one algorithm:
//
//  1. Every line, in input order, gets a label: a uniform 16-bit number.
//     Labels come four to a 64-bit word of the source, low bits first.
//  2. The lines are grouped by label, keeping input order within a group.
//  3. Group by group, label 0 first, each group of two or more lines is
//     shuffled by the shuffle package's fisher-yates, all groups drawing in
//     turn from one Shuffler on the same source, after all the labels.
//  4. The groups are written out in label order.
//
// Why it is uniform (Sanders, "Random permutations on distributed, external
// and hierarchical memory", IPL 67, 1998): the labels are independent and
// uniform, so, given how many lines each group receives, every way of
// dealing the lines into groups of those sizes is equally likely; each group
// is then put in a uniform order of its own. A permutation of the output
// fixes the group sizes it passes through and, for those sizes, one dealing
// and one order per group, so every permutation has the same probability.
//
// Nothing in it depends on how much memory there is. In memory, step 2 is a
// counting sort. Past memory, step 2 writes each line, with its label, to a
// temporary file holding a range of labels, and step 3 reads the files back
// one at a time; a file too big for memory is split again by label. Either
// way the same labels and the same draws meet the same lines, so a seeded run
// prints the same output whatever --memory is.
//
// The scatter package, and the Beam pipeline over it, run the same two
// steps with other labels: a record's bucket there is a SHA-256 of the key
// and its position, and each bucket's shuffle draws from a ChaCha8 keyed
// by the bucket. That design is for engines whose workers see records in
// any order and on many machines, so a label must be computable from the
// position alone. With [Keyed], a run here takes those labels and those
// shuffles, scatter's own functions, through all of this machinery
// (keyed.go), and writes what the Beam pipeline writes, byte for byte.
// Without it, one reader sees the lines in order, and the labels stay
// draws in turn from the run's own source, for three reasons: the
// streams of --seed are promised for every later release (golden tests pin
// them), and scatter's labels would change every one; a draw costs a
// quarter of a 64-bit word a line, where a SHA-256 a line would cost more
// than the rest of the shuffle; and the labels must come from whatever
// source the run has (RandomFile, Crypto, Source), which has no key to
// hash. The proof of uniformity is the same (Sanders 1998), and so is the
// per-group shuffle, the shuffle package's fisher-yates; what cannot be
// shared without changing a pinned stream is where the randomness comes
// from.
const (
	labelBits = 16
	labels    = 1 << labelBits
	maxFiles  = 1024 // spill files open at once
)

// labeler draws the labels: four from each word, low bits first; with
// [Keyed], the lines' scatter buckets (keyed.go).
type labeler struct {
	s    *shuf
	w    uint64
	left int
	file uint64 // Keyed: the file of the next line
	n    uint64 // Keyed: the lines labelled
}

func (l *labeler) next() uint16 {
	if k := l.s.key; k != nil {
		return l.keyedLabel(k)
	}
	if l.left == 0 {
		l.w, l.left = l.s.own.Uint64(), 4
	}
	v := uint16(l.w)
	l.w >>= labelBits
	l.left--
	return v
}

// scatterShuffle writes a uniformly random permutation of the lines of in.
func (s *shuf) scatterShuffle(in io.Reader, size int64) error {
	pre, done, err := s.bucketShuffle(in, size)
	if done || err != nil {
		pre.free()
		return err
	}
	data, n, stream, err := slurpFrom(pre, in, size, s.mem, s.o.delim)
	if err != nil {
		return err
	}
	defer freeData(data)
	m := s.mixer()
	if stream == nil {
		need := 6 * n // the labels and the order, in Go's heap, as cost counts them
		if uint64(len(data)) >= 1<<32 {
			need = 10 * n
		}
		if !heapRoomFor(need) {
			return errMemory
		}
		out := s.open(uint64(n))
		if n <= 1 { // nothing to shuffle, and nothing drawn
			if n == 1 {
				out.write(data)
			}
			return s.finish(out)
		}
		s.prog.shuffling(n, arrangeSteps(n, false))
		ls := make([]uint16, n)
		s.drawLabels(ls)
		if uint64(len(data)) < 1<<32 {
			arrange[uint32](out, m, data, ls, labels, s.o.delim)
		} else {
			arrange[uint64](out, m, data, ls, labels, s.o.delim)
		}
		return s.finish(out)
	}

	// Past memory. Aim for files of a third of --memory, so that reading
	// one back, with its index, fits even when it comes out large.
	est := size
	if est < 0 {
		est = 3 * s.mem * 32 // unknown: plan for 32 times memory
	}
	files := split(est, s.mem, 0, labels)
	s.prog.spilling(size)
	if err := s.scatter(s.prog.counted(stream), files, nil); err != nil {
		return err
	}
	return s.drainFiles(files)
}

// drainFiles writes the lines of the spill files, one file after the
// other, shuffled.
func (s *shuf) drainFiles(files []*spillFile) error {
	m := s.mixer()
	// What the pass held (up to --memory of input read ahead, and the
	// files' buffers) is garbage now: let it go before the files are read
	// back, into one buffer, as large as the largest that fits in memory.
	if s.mem >= 16<<20 {
		debug.FreeOSMemory()
	}
	need := int64(0)
	for _, f := range files {
		if cost(f.bytes, f.records) <= s.mem {
			need = max(need, f.bytes)
		}
	}
	buf := make([]byte, 0, need)
	total := int64(0)
	for _, f := range files {
		total += f.records
	}
	out := s.open(uint64(total))
	var err error
	for i, f := range files {
		s.prog.merging(i+1, len(files))
		if buf, err = s.drain(out, m, f, buf); err != nil || !out.more() {
			break
		}
	}
	if err != nil {
		return err
	}
	return s.finish(out)
}

// permutation returns the order steps 1 to 4 give n lines, as indices:
// the labels and draws that lines would meet, without the lines; and the
// func that frees it. -i and -e use it. The labels and the order are
// mapped apart from Go's heap (mapSlice), so that where an address-space
// limit leaves too little room it is an error, ENOMEM, not a crash.
func (s *shuf) permutation(n int) ([]uint32, func(), error) {
	if n <= 1 {
		return make([]uint32, n), func() {}, nil // nothing to shuffle, and nothing drawn
	}
	ls, freeLabels, err := mapSlice[uint16](n)
	if err != nil {
		return nil, nil, err
	}
	defer freeLabels()
	order, free, err := mapSlice[uint32](n)
	if err != nil {
		return nil, nil, err
	}
	s.prog.shuffling(int64(n), arrangeSteps(int64(n), false))
	s.drawLabels(ls)
	bound, next := groupBounds(ls, labels)
	for i, l := range ls {
		order[next[l]] = uint32(i)
		next[l]++
		if i&(progressBlock-1) == progressBlock-1 {
			s.prog.add(progressBlock)
		}
	}
	s.prog.add(int64(n % progressBlock))
	shuffleGroups(s.mixer(), order, bound, 0, s.prog)
	return order, free, nil
}

// drawLabels draws the labels of len(ls) lines into ls (step 1).
func (s *shuf) drawLabels(ls []uint16) {
	lab := labeler{s: s}
	for i := range ls {
		ls[i] = lab.next()
	}
}

// groupBounds counts the labels ls, all below groups, and returns where
// each group lies in label order, group g at bound[g]:bound[g+1], and a
// copy of the starts to place lines with.
func groupBounds(ls []uint16, groups int) (bound, next []int) {
	bound = make([]int, groups+1)
	for _, l := range ls {
		bound[int(l)+1]++
	}
	return bound, sums(bound)
}

// shuffleGroups shuffles each group of order (step 3), in label order, all
// from the one Shuffler fy. It counts a step on p for each line.
func shuffleGroups[T uint32 | uint64](m mixer, order []T, bound []int, lo int, p *progress) {
	counted := 0
	for g := range len(bound) - 1 {
		if grp := order[bound[g]:bound[g+1]]; len(grp) > 1 {
			mix(m, lo+g, grp)
		}
		if bound[g+1]-counted >= progressBlock {
			p.add(int64(bound[g+1] - counted))
			counted = bound[g+1]
		}
	}
	p.add(int64(len(order) - counted))
}

// spillFile is a temporary file holding the lines whose labels are in
// [lo, hi), each written as 2 label bytes (little-endian), the line and its
// delimiter, in input order.
type spillFile struct {
	lo, hi  int
	f       *os.File
	w       *bufio.Writer
	records int64
	bytes   int64
}

// split divides the labels [lo, hi) into a power of two of equal ranges,
// enough that size bytes spread over them leave each about a third of mem.
// hi-lo is a power of two and at least 2 (all the labels, or a range split
// from them; a range of one label is drained on disk, never split), so k,
// from 2, doubles up to it at most.
func split(size, mem int64, lo, hi int) []*spillFile {
	k := 2
	for k < hi-lo && k < maxFiles && int64(k)*mem/3 < size {
		k *= 2
	}
	fs := make([]*spillFile, k)
	w := (hi - lo) / k
	for i := range fs {
		fs[i] = &spillFile{lo: lo + i*w, hi: lo + (i+1)*w}
	}
	return fs
}

// spillWriters creates the spill files that are not created yet and gives
// each a new buffered writer. The buffers share at most an eighth of
// memory, and 8 MiB: they come on top of what the pass holds.
func (s *shuf) spillWriters(files []*spillFile) error {
	bufSize := int(min(max(min(s.mem/8, 8<<20)/int64(len(files)), 4<<10), 1<<20))
	if !heapRoomFor(int64(bufSize*len(files)) + 8<<20) { // the buffers, in Go's heap
		return errMemory
	}
	for _, f := range files {
		if f.f == nil { // else created and written to already (buckets.spill)
			var err error
			if f.f, err = s.tmp.create(); err != nil {
				return err
			}
		}
		f.w = bufio.NewWriterSize(f.f, bufSize)
	}
	return nil
}

// scatter writes the records of r to files. With from set, r is the spill
// file from, being split, and its records bring their labels; otherwise r is
// the input's lines, and scatter labels them.
func (s *shuf) scatter(r io.Reader, files []*spillFile, from *spillFile) error {
	if err := s.spillWriters(files); err != nil {
		return err
	}
	width := files[0].hi - files[0].lo
	base := files[0].lo
	lab := &s.lab // going on from the buckets' labels, if any
	lab.s = s
	// A line goes to its file in the pieces it is read in: a line longer
	// than memory passes through.
	lr := newLineReader(r, s.o.delim, 1<<20)
	var hdr [2]byte
	for {
		if from != nil {
			if _, err := io.ReadFull(lr.br, hdr[:]); err == io.EOF {
				break
			} else if err != nil {
				return spillReadError(from, err)
			}
		}
		b, end, err := lr.piece()
		if err == io.EOF && from == nil {
			break
		}
		if from == nil {
			binary.LittleEndian.PutUint16(hdr[:], lab.next())
		}
		f := files[(int(binary.LittleEndian.Uint16(hdr[:]))-base)/width]
		f.w.Write(hdr[:])
		f.bytes += 2
		for {
			if err != nil {
				if from != nil {
					if err == io.EOF {
						err = io.ErrUnexpectedEOF
					}
					return spillReadError(from, err)
				}
				return readError(err)
			}
			if _, err := f.w.Write(b); err != nil {
				return spillWriteError(f, err)
			}
			f.bytes += int64(len(b))
			if end {
				break
			}
			b, end, err = lr.piece()
		}
		f.records++
	}
	for _, f := range files {
		if err := f.w.Flush(); err != nil {
			return spillWriteError(f, err)
		}
		f.w = nil
	}
	return nil
}

// drain writes the lines of spill file f, shuffled, reading it into buf if
// it fits in memory and splitting it by label first if not. It closes the
// file, which has no name (tempDir), and returns the buffer for reuse.
func (s *shuf) drain(out *output, m mixer, f *spillFile, buf []byte) ([]byte, error) {
	defer f.f.Close()
	if _, err := f.f.Seek(0, io.SeekStart); err != nil {
		return buf, spillReadError(f, err)
	}
	if cost(f.bytes, f.records) > s.mem {
		if f.hi-f.lo == 1 {
			return buf, s.drainOnDisk(out, m, f)
		}
		subs := split(f.bytes, s.mem, f.lo, f.hi)
		s.prog.step("splitting", f.bytes)
		if err := s.scatter(s.prog.counted(f.f), subs, f); err != nil {
			return buf, err
		}
		f.f.Close()
		for _, sub := range subs {
			var err error
			if buf, err = s.drain(out, m, sub, buf); err != nil || !out.more() {
				return buf, err
			}
		}
		return buf, nil
	}
	// The file's bytes and their order, in Go's heap: under an address-
	// space limit, a heap that cannot grow is a crash, so ask first.
	need := 8 * f.records
	if int64(cap(buf)) < f.bytes {
		need += f.bytes
	}
	if !heapRoomFor(need) {
		return buf, errMemory
	}
	if int64(cap(buf)) < f.bytes {
		buf = nil // let the old one go first
		buf = make([]byte, f.bytes)
	}
	buf = buf[:f.bytes]
	s.prog.step("reading", f.bytes)
	if _, err := io.ReadFull(s.prog.counted(f.f), buf); err != nil {
		return buf, spillReadError(f, err)
	}
	s.prog.shuffling(f.records, arrangeSteps(f.records, true))
	if f.bytes < 1<<32 {
		arrangeRecords[uint32](out, m, buf, f.lo, f.hi, s.o.delim)
	} else {
		arrangeRecords[uint64](out, m, buf, f.lo, f.hi, s.o.delim)
	}
	return buf, nil
}

// drainOnDisk writes the lines of a spill file that holds a single label and
// is still too big for memory (a few huge lines, say): it shuffles where the
// lines are, not the lines, and reads each from the file in its turn.
func (s *shuf) drainOnDisk(out *output, m mixer, f *spillFile) error {
	type span struct{ at, len int64 }
	spans := make([]span, 0, f.records)
	s.prog.step("indexing", f.bytes)
	br := bufio.NewReaderSize(s.prog.counted(f.f), 1<<16) // not a lineReader: a line may not fit in memory
	for at := int64(0); at < f.bytes; {
		if _, err := br.Discard(2); err != nil {
			return spillReadError(f, err)
		}
		n := int64(0)
		for {
			b, err := br.ReadSlice(s.o.delim)
			n += int64(len(b))
			if err == nil {
				break
			}
			if err != bufio.ErrBufferFull {
				return spillReadError(f, err)
			}
		}
		spans = append(spans, span{at + 2, n})
		at += 2 + n
	}
	mix(m, f.lo, spans)
	for _, sp := range spans {
		more, err := out.writeAt(f.f, sp.at, sp.len)
		if err != nil {
			return spillReadError(f, err)
		}
		if !more {
			break
		}
	}
	return out.err
}

// arrangeSteps is the number of steps arrange, or arrangeRecords with
// records, counts for lines lines: each line once in each pass, two over
// plain lines (placing them by label, shuffling the groups), three over
// records (counting the labels first).
func arrangeSteps(lines int64, records bool) int64 {
	if records {
		return 3 * lines
	}
	return 2 * lines
}

// arrange runs steps 2 to 4 on plain lines: it groups the lines of data
// by their labels, line i's ls[i], all below groups (labels, or fewer in
// tests), shuffles each group and writes them.
func arrange[T uint32 | uint64](out *output, m mixer, data []byte, ls []uint16, groups int, delim byte) {
	// Count each group, then turn the counts into where each group ends,
	// and place each line's start there, in input order. Each pass counts
	// its lines on the progress, a block at a time (arrangeSteps).
	prog := out.prog
	bound, next := groupBounds(ls, groups)
	order := make([]T, len(ls))
	for i, p := 0, 0; p < len(data); i++ {
		g := ls[i]
		order[next[g]] = T(p)
		next[g]++
		p += bytes.IndexByte(data[p:], delim) + 1
		if i&(progressBlock-1) == progressBlock-1 {
			prog.add(progressBlock)
		}
	}
	prog.add(int64(len(ls) % progressBlock))
	emitGroups(out, m, data, order, bound, 0, int64(len(data)), delim)
}

// arrangeRecords is arrange for the records of a spill file, whose labels,
// in [lo, hi), are in data: a pass of its own counts them first.
func arrangeRecords[T uint32 | uint64](out *output, m mixer, data []byte, lo, hi int, delim byte) {
	prog := out.prog
	bound := make([]int, hi-lo+1)
	n := 0
	for p := 0; p < len(data); n++ {
		bound[int(binary.LittleEndian.Uint16(data[p:]))-lo+1]++
		p += 2 + bytes.IndexByte(data[p+2:], delim) + 1
		if n&(progressBlock-1) == progressBlock-1 {
			prog.add(progressBlock)
		}
	}
	prog.add(int64(n % progressBlock))
	next := sums(bound)
	order := make([]T, n)
	for i, p := 0, 0; p < len(data); i++ {
		g := int(binary.LittleEndian.Uint16(data[p:])) - lo
		order[next[g]] = T(p + 2)
		next[g]++
		p += 2 + bytes.IndexByte(data[p+2:], delim) + 1
		if i&(progressBlock-1) == progressBlock-1 {
			prog.add(progressBlock)
		}
	}
	prog.add(int64(n % progressBlock))
	emitGroups(out, m, data, order, bound, lo, int64(len(data))-2*int64(n), delim)
}

// emitGroups shuffles the groups of order, the first of label lo (step 3),
// and writes them (step 4): body bytes of lines, their labels left out.
func emitGroups[T uint32 | uint64](out *output, m mixer, data []byte, order []T, bound []int, lo int, body int64, delim byte) {
	shuffleGroups(m, order, bound, lo, out.prog)
	if uint64(len(order)) <= out.left {
		out.prog.expectOutput(int64(len(out.buf)) + body)
	}
	emit(out, data, order, delim)
}

// sums turns counts bound[1:] into running totals, so that group g is
// bound[g]:bound[g+1], and returns a copy of the groups' starts.
func sums(bound []int) []int {
	for g := 1; g < len(bound); g++ {
		bound[g] += bound[g-1]
	}
	return slices.Clone(bound[:len(bound)-1])
}
