//go:build linux

package lines

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of this file came from mutation testing of scatter.go
// (docs/mutation.md, the lines section): each holds a behaviour a caller
// relies on that no other test of the package pinned.

// TestScatterOpenFiles: past memory, a run holds at most maxFiles (1024)
// spill files open at once, however large its input, so that it finishes
// under a limit of open files that leaves room for those and a few more.
// The input is a sparse file of 22 MiB, past 1024 times a third of
// --memory 64K, whose zeros are one long last line (AllowBinary).
func TestScatterOpenFiles(t *testing.T) {
	file := write(t, "in", randomLines(4<<10, 1, 40, 5))
	require.NoError(t, os.Truncate(file, 22<<20))
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	var old syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old))
	limit := uint64(len(fds) + maxFiles + 100) // 100: the input, the output, a split's files
	if old.Max < limit {
		t.Skipf("a hard limit of %d open files", old.Max)
	}
	rl := old
	rl.Cur = limit
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_NOFILE, &rl))
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	files := 0
	rep := func(ph *Phase) {
		fmt.Sscanf(ph.Name, "merging file 1 of %d", &files)
	}
	require.NoError(t, Shuffle(context.Background(), io.Discard, Files(file), Seed(1), Memory(64<<10), AllowBinary(), Progress(rep)))
	assert.Equal(t, maxFiles, files, "the spill files")
}

// TestScatterRoom: under an address-space limit (ulimit -v), past memory
// asks for what it is about to hold in Go's heap before it holds it, and
// ends in ErrOutOfMemory, GNU's "memory exhausted", where that does not
// fit beside room for the heap's next arena, not in Go's crash: scatter,
// the spill files' write buffers (an eighth of memory shared, at most
// 8 MiB, each at least 4 KiB and at most 1 MiB) and 8 MiB more; drain, a
// spill file's order, 8 bytes a record, and its bytes, unless the buffer
// it is given holds them already; the in-memory order of 2^20 short
// lines, 6 bytes a line (the labels and the order), beside the data's
// mapping (the limit is set once the input is read). With 1 MiB less
// than that room each stops; with 128 MiB more each goes on. (Not a few
// MiB more, which would also catch a check that asks for too much: Go's
// heap reserves address space 64 MiB at a time, and with 1 to 16 MiB to
// spare a run was refused or met Go's out of memory 1 time in 20 to 50.)
// The limit is set in a process of its own, the test binary run again.
func TestScatterRoom(t *testing.T) {
	const roomy = 128 << 20 // past one of Go's 64 MiB heap arenas
	if !inChild(t, "LINES_SCATTER_ROOM_CHILD", "TMPDIR="+t.TempDir()) {
		return
	}
	as, _ := skipUnderRoomLimit(t)
	old := cgroupMemory
	cgroupMemory = func() int64 { return 0 } // the room is the limit's alone
	defer func() { cgroupMemory = old }()
	src := rand.NewChaCha8(seedKey(1))
	s := &shuf{o: &options{count: math.MaxUint64, delim: '\n'}, stdout: io.Discard, src: src, own: src, mem: 16 << 20, tmp: &tempDir{}}
	defer s.tmp.remove()
	// limit sets a limit that leaves heapRoomFor(need) extra bytes more
	// than it asks for; limited runs f under it.
	limit := func(need, extra int64) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		rl := as
		rl.Cur = uint64(procStatus("VmSize:") + heapGrowth + need - int64(ms.HeapIdle) + extra)
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &rl))
	}
	limited := func(need, extra int64, f func() error) error {
		limit(need, extra)
		err := f()
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &as))
		return err
	}

	// scatter to eight files, with 16 MiB of memory: buffers of 256 KiB.
	scatter := func() error {
		files := make([]*spillFile, 8)
		for i := range files {
			files[i] = &spillFile{lo: i * labels / 8, hi: (i + 1) * labels / 8}
		}
		return s.scatter(strings.NewReader("a line\n"), files, nil)
	}
	const buffers = 8*256<<10 + 8<<20
	assert.Equal(t, errMemory, limited(buffers, -1<<20, scatter), "scatter, 1 MiB short")
	assert.NoError(t, limited(buffers, roomy, scatter), "scatter, room to spare")

	// drain a spill file of 4 MiB, 256 Ki records of 16 bytes, into a
	// buffer too small for it and into one as large as it.
	const records, size = 1 << 18, 4 << 20
	text := make([]byte, 0, size)
	for i := range records {
		text = append(text, byte(i%64), 0)
		text = append(text, "abcdefghijklm\n"...)
	}
	out := s.open(records)
	drain := func(buf []byte) func() error {
		f := &spillFile{lo: 0, hi: 64, records: records, bytes: size}
		var err error
		f.f, err = os.Create(filepath.Join(t.TempDir(), "spill"))
		require.NoError(t, err)
		_, err = f.f.Write(text)
		require.NoError(t, err)
		return func() error {
			_, err := s.drain(out, s.mixer(), f, buf)
			return err
		}
	}
	for _, c := range []struct {
		name string
		buf  []byte
		need int64
	}{
		{"a small buffer", nil, 8*records + size},
		{"a buffer as large", make([]byte, 0, size), 8 * records},
	} {
		assert.Equal(t, errMemory, limited(c.need, -1<<20, drain(c.buf)), "drain, %s, 1 MiB short", c.name)
		assert.NoError(t, limited(c.need, roomy, drain(c.buf)), "drain, %s, room to spare", c.name)
	}
	assert.NoError(t, out.err)

	// the in-memory order of 2^20 lines of 2 bytes (2 MiB, under bucketMin
	// and 4 GiB): 6 MiB, not 10. The limit is set as slurpFrom reads the
	// input's end, its mapping made (which keeps heapReserve, more than
	// the room tried here), and before the order asks for its room.
	const lines = 1 << 20
	short := strings.Repeat("x\n", lines)
	inMemory := func(extra int64) error {
		defer func() { require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &as)) }()
		in := &atEOF{r: strings.NewReader(short), f: func() { limit(6*lines, extra) }}
		err := s.scatterShuffle(in, int64(len(short)))
		require.True(t, in.f == nil, "the input not read to its end")
		return err
	}
	assert.Equal(t, errMemory, inMemory(-1<<20), "in memory, 1 MiB short")
	assert.NoError(t, inMemory(roomy), "in memory, room to spare")
}

// atEOF is r that calls f, once, as it reports its end.
type atEOF struct {
	r io.Reader
	f func()
}

func (a *atEOF) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if err == io.EOF && a.f != nil {
		a.f()
		a.f = nil
	}
	return n, err
}

// TestScatterSpillFileCut: a spill file being split that ends inside a
// record, after its label or in it (cut short on its disk), is a read
// error of that file, "Unexpected EOF", not its end.
func TestScatterSpillFileCut(t *testing.T) {
	for _, in := range []string{"\x01\x00one\n\x03\x00", "\x01\x00one\n\x03"} {
		src := rand.NewChaCha8(seedKey(1))
		s := &shuf{o: &options{count: math.MaxUint64, delim: '\n'}, src: src, own: src, mem: 64 << 10, tmp: &tempDir{}}
		t.Cleanup(s.tmp.remove)
		from := &spillFile{lo: 0, hi: 4}
		var err error
		from.f, err = os.Create(filepath.Join(t.TempDir(), "spill"))
		require.NoError(t, err)
		err = s.scatter(strings.NewReader(in), []*spillFile{{lo: 0, hi: 2}, {lo: 2, hi: 4}}, from)
		require.Error(t, err, "%q", in)
		assert.Equal(t, "read failed: "+from.f.Name()+": Unexpected EOF", err.Error(), "%q", in)
		from.f.Close()
	}
}

// TestScatterNestedSplitFails: a spill file too big for memory is split
// by label, and a part of it still too big is split again; if that split
// fails (its temporary directory gone), the run ends with the error,
// rather than go on without the part's lines. Two lines of 100 KiB,
// labels 0 and 1 from the RandomFile, share the first of 16 spill files
// (--memory 64K), and then its first part; ten short lines have labels
// of their own, in other files.
func TestScatterNestedSplitFails(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	text := strings.Repeat("a", 100<<10) + "\n" + strings.Repeat("b", 100<<10) + "\n"
	ls := []uint16{0, 1}
	for i := range 10 {
		text += fmt.Sprintf("short %d\n", i)
		ls = append(ls, uint16(4096*(i+2)+7))
	}
	var words []byte
	for _, l := range ls {
		words = append(words, byte(l), byte(l>>8))
	}
	file := write(t, "in", text)
	random := write(t, "random", string(words))
	splits := 0
	rep := func(ph *Phase) {
		if strings.HasSuffix(ph.Name, ": splitting") {
			if splits++; splits == 2 {
				os.RemoveAll(tmp) // the spill files have no name: the second split's new ones fail
			}
		}
	}
	err := Shuffle(context.Background(), io.Discard, Files(file), RandomFile(random), Memory(64<<10), Progress(rep))
	require.Equal(t, 2, splits, "the splits")
	require.Error(t, err, "the second split failed")
	assert.Contains(t, err.Error(), "cannot create temporary file")
}

// TestScatterWritingTotal: past memory, the last write's phase knows its
// Total, the bytes it writes, and ends there (Phase's promise), without
// -n and with an -n that takes every line: as large as the input, which
// makes the last spill file's lines exactly the lines still wanted, or
// larger.
func TestScatterWritingTotal(t *testing.T) {
	want := int64(len(rangeText(1, 12000, '\n')))
	for _, c := range []struct {
		name string
		opts []Option
	}{{"no -n", nil}, {"-n 12000", []Option{Count(12000)}}, {"-n 20000", []Option{Count(20000)}}} {
		var phases []*Phase
		rep := func(ph *Phase) { phases = append(phases, ph) }
		require.NoError(t, Shuffle(context.Background(), io.Discard, Range(1, 12000), append(c.opts, Seed(1), Memory(64<<10), Progress(rep))...))
		merged := slices.ContainsFunc(phases, func(ph *Phase) bool { return strings.HasPrefix(ph.Name, "merging file ") })
		require.True(t, merged, "%s: not past memory", c.name)
		last := phases[len(phases)-1]
		require.True(t, strings.HasSuffix(last.Name, "writing"), "%s: %s", c.name, last.Name)
		assert.Equal(t, want, last.Total, "%s: %s", c.name, last.Name)
		assert.Equal(t, want, last.Done(), "%s: %s", c.name, last.Name)
	}
}

// TestScatterSplitCount: split makes the fewest files, a power of two, that
// leave each a third of memory or less, and no more: at exactly a third
// each, two files of a 2,000-byte spill with 3,000 bytes of memory, not
// four (the progress's "merging file i of n" counts them).
func TestScatterSplitCount(t *testing.T) {
	for _, c := range []struct {
		size, mem int64
		want      int
	}{{2000, 3000, 2}, {2001, 3000, 4}, {4000, 3000, 4}, {4001, 3000, 8}, {1 << 40, 3000, maxFiles}} {
		assert.Len(t, split(c.size, c.mem, 0, labels), c.want, "%d bytes, %d of memory", c.size, c.mem)
	}
}
