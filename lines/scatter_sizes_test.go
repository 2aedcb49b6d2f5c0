//go:build linux

package lines

import (
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of this file hold what the shuffle holds in Go's heap, and
// when it gives memory back: the sizes --memory counts (cost: a line's
// bytes and 6 bytes more, its label and its place in the order, under
// 4 GiB). They measure the bytes allocated, so they run serially (none
// calls t.Parallel), when no other test allocates. Linux only: there a
// file read into memory is mapped apart from Go's heap (mapBuf), so the
// heap holds only what the shuffle adds.

// allocated returns the bytes f allocates in Go's heap. The room check's
// first call reads the cgroup's memory limit, once for the process: that
// is done first, not counted in f.
func allocated(f func()) int64 {
	heapRoomFor(0)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int64(after.TotalAlloc - before.TotalAlloc)
}

// sizeShuf is a shuf for these tests, with mem bytes of memory, writing to
// io.Discard.
func sizeShuf(t *testing.T, mem int64) *shuf {
	src := rand.NewChaCha8(seedKey(1))
	s := &shuf{o: &options{count: math.MaxUint64, delim: '\n'}, stdout: io.Discard, src: src, own: src, mem: mem, tmp: &tempDir{}}
	t.Cleanup(s.tmp.remove)
	return s
}

// spill returns a spill file of labels [lo, hi) holding records records
// of line (its delimiter included), their labels spread over the range.
func spill(t *testing.T, lo, hi, records int, line string) *spillFile {
	var text []byte
	for i := range records {
		text = binary.LittleEndian.AppendUint16(text, uint16(lo+i%(hi-lo)))
		text = append(text, line...)
	}
	f, err := os.Create(filepath.Join(t.TempDir(), "spill"))
	require.NoError(t, err)
	t.Cleanup(func() { f.Close() })
	_, err = f.Write(text)
	require.NoError(t, err)
	return &spillFile{lo: lo, hi: hi, f: f, records: int64(records), bytes: int64(len(text))}
}

// TestScatterHeldInMemory: in memory, under 4 GiB of lines, the shuffle
// holds 6 bytes a line in Go's heap, a label and a 4-byte place in the
// order, as cost counts it and the room check asks (TestScatterRoom):
// not an 8-byte place, which would hold 10 bytes a line, past --memory.
// Two runs, of 2^16 and 3×2^16 short lines, tell what a line adds from
// what any run holds (the groups' table, the output's buffer); the output
// is one line (-n 1), so that writing holds no more than its buffer.
func TestScatterHeldInMemory(t *testing.T) {
	run := func(lines int) int64 {
		in := strings.Repeat("ab\n", lines)
		s := sizeShuf(t, 1<<30)
		s.o.count = 1
		return allocated(func() { require.NoError(t, s.scatterShuffle(strings.NewReader(in), int64(len(in)))) })
	}
	const few, many = 1 << 16, 3 << 16
	small, large := run(few), run(many)
	perLine := float64(large-small) / (many - few)
	t.Logf("%d and %d bytes allocated: %.2f bytes a line", small, large, perLine)
	assert.InDelta(t, 6, perLine, 0.5, "bytes a line in the heap")
}

// TestScatterHeldDraining: a spill file read back holds, besides its
// bytes (the buffer it is read into, made before), 4 bytes a record for
// its order (6 with the label each record has in the file, as cost counts
// it; not 8, past --memory) and the groups' table of its own range of
// labels, not one as large as the labels below it. The file is the last
// 256 labels' (lo 65280), 2^16 records of 4 bytes; the output is one line
// (-n 1), so that writing holds no more than the output's buffer.
func TestScatterHeldDraining(t *testing.T) {
	const lo, hi, records = labels - 256, labels, 1 << 16
	s := sizeShuf(t, 1<<30)
	s.o.count = 1
	f := spill(t, lo, hi, records, "x\n")
	out := s.open(records)
	m := s.mixer()
	buf := make([]byte, 0, f.bytes)
	var err error
	held := allocated(func() { _, err = s.drain(out, m, f, buf) })
	require.NoError(t, err)
	order, table := int64(4*records), int64(2*8*(hi-lo+1)) // the table and its copy, next
	t.Logf("%d bytes allocated: %d for the order, %d for the table", held, order, table)
	assert.LessOrEqual(t, held, order+table+16<<10, "bytes allocated to drain %d records of %d labels", records, hi-lo)
	assert.Greater(t, held, order, "the order not measured")
}

// TestScatterMergeBuffer: the merge reads every spill file that fits in
// memory, cost at most --memory, into one buffer made once, as large as
// the largest of them; a file whose cost is --memory exactly fits, is
// read into that buffer and not split again (no "splitting" step on the
// progress), as an input of that cost is held in memory (slurpFrom).
func TestScatterMergeBuffer(t *testing.T) {
	line := strings.Repeat("x", 997) + "\n" // records of 1000 bytes
	a, b := spill(t, 0, 2, 600, line), spill(t, 2, 4, 500, line)
	s := sizeShuf(t, cost(a.bytes, a.records))
	var steps []string
	s.prog = &progress{report: func(ph *Phase) { steps = append(steps, ph.Name) }}
	var err error
	held := allocated(func() { err = s.drainFiles([]*spillFile{a, b}) })
	require.NoError(t, err)
	t.Logf("%d bytes allocated, for buffers of %d and %d bytes", held, a.bytes, b.bytes)
	assert.NotContains(t, strings.Join(steps, "\n"), "splitting")
	assert.Contains(t, steps, "merging file 1 of 2: reading")
	assert.Less(t, held, a.bytes+b.bytes/2, "one buffer of %d bytes, not a second of %d", a.bytes, b.bytes)
}

// TestScatterFreesBeforeMerge: past memory, with 16 MiB of memory or
// more, what the pass held (input read ahead, the files' buffers) goes
// back to the OS before the merge (debug.FreeOSMemory, a forced
// collection), so that the merge's buffer does not come on top of it;
// below 16 MiB there is too little to give back to pay for a whole
// collection and the scavenge, and none is forced.
func TestScatterFreesBeforeMerge(t *testing.T) {
	forced := func(mem int64) uint32 {
		s := sizeShuf(t, mem)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		require.NoError(t, s.drainFiles(nil))
		runtime.ReadMemStats(&after)
		return after.NumForcedGC - before.NumForcedGC
	}
	assert.Equal(t, uint32(1), forced(16<<20), "16 MiB")
	assert.Equal(t, uint32(0), forced(16<<20-1), "16 MiB less a byte")
}

// TestScatterDrainOnDiskReads: a spill file of one label too big for
// memory (lines longer than memory, say) is indexed and written where it
// lies, read in pieces of 64 KiB, not of a few bytes: a line of 100 GB is
// read in 1.5 million reads, not billions. The file here, 1 MiB of lines
// of 128 KiB under 64 KiB of memory, is read in 16 and a few more (the
// one line written, -n 1, is read back at its place): 21, held to 64, a
// read for 16 KiB; in pieces of 16 bytes it would take 65,536. The reads
// are the process's read calls, syscr in /proc/self/io.
func TestScatterDrainOnDiskReads(t *testing.T) {
	reads := func() int64 {
		b, err := os.ReadFile("/proc/self/io")
		if err != nil {
			t.Skip("no /proc/self/io:", err)
		}
		for line := range strings.Lines(string(b)) {
			if v, ok := strings.CutPrefix(line, "syscr: "); ok {
				n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
				require.NoError(t, err)
				return n
			}
		}
		t.Skip("no syscr in /proc/self/io")
		return 0
	}
	s := sizeShuf(t, 64<<10)
	s.o.count = 1
	f := spill(t, 7, 8, 8, strings.Repeat("x", 128<<10-3)+"\n")
	out := s.open(1)
	before := reads()
	_, err := s.drain(out, s.mixer(), f, nil)
	n := reads() - before
	require.NoError(t, err)
	require.NoError(t, s.finish(out))
	t.Logf("%d reads", n)
	assert.LessOrEqual(t, n, f.bytes>>14, "reads of a spill file of %d bytes", f.bytes)
}
