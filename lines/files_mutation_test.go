package lines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of this file came from mutation testing of target.go and the
// files after it (docs/mutation.md, the lines section): each holds a
// behaviour a caller relies on that no other test of the package pinned.

// mutFailAfterOutput runs Shuffle to Output(out) with a --random-source
// that runs out while the lines are written: Repeat draws its lines in
// blocks of 8·emitBlock, and the source holds the draws of one block and
// 3 bytes more, so the run fails after writing 256 KiB to out, with its
// output half-written, which must come to nothing.
func mutFailAfterOutput(t *testing.T, out string) {
	t.Helper()
	src := write(t, "src", string(randomBytes(8*8*emitBlock+3, 1)))
	err := Shuffle(context.Background(), nil, Strings("a", "b", "c"), Repeat(), Count(1<<20), RandomFile(src), Output(out))
	var rs *RandomSourceError
	require.ErrorAs(t, err, &rs)
}

// mutSeqOut is what Shuffle writes for the lines 1..n with Seed(1).
func mutSeqOut(t *testing.T, n int) string {
	t.Helper()
	return shufOut(t, Strings(sorted(seqText(1, n), '\n')...), Seed(1))
}

// TestMutTargetKeptOnError: a file that Output names keeps what it held
// when the run fails after creating the output: the output goes to a
// temporary file beside it, which is removed, not to the file itself.
func TestMutTargetKeptOnError(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o640))
	mutFailAfterOutput(t, out)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, "old\n", string(b))
	assert.Equal(t, []string{"out"}, dirNames(t, dir), "a temporary file was left")
}

// TestMutTargetHardLinks: a file with other hard links is written in
// place, as GNU does, so that every name of it holds the output, and none
// of what it held before; a run that fails empties it and leaves it.
func TestMutTargetHardLinks(t *testing.T) {
	dir := t.TempDir()
	out, other := filepath.Join(dir, "out"), filepath.Join(dir, "other")
	old := seqText(1000, 3000) // longer than the output
	require.NoError(t, os.WriteFile(out, []byte(old), 0o644))
	require.NoError(t, os.Link(out, other))
	want := mutSeqOut(t, 20)
	require.NoError(t, Shuffle(context.Background(), nil, Strings(sorted(seqText(1, 20), '\n')...), Seed(1), Output(out)))
	for _, name := range []string{out, other} {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		assert.Equal(t, want, string(b), name)
	}
	assert.Equal(t, []string{"other", "out"}, dirNames(t, dir))

	mutFailAfterOutput(t, out)
	for _, name := range []string{out, other} {
		b, err := os.ReadFile(name)
		require.NoError(t, err, "a failed run removed a file it did not create")
		assert.Empty(t, string(b), name)
	}
	assert.Equal(t, []string{"other", "out"}, dirNames(t, dir))
}

// TestMutTargetDanglingLink: Output naming a symbolic link to a file that
// does not exist creates that file, as GNU does, and leaves the link.
func TestMutTargetDanglingLink(t *testing.T) {
	dir := t.TempDir()
	out, dst := filepath.Join(dir, "out"), filepath.Join(dir, "dst")
	require.NoError(t, os.Symlink("dst", out))
	require.NoError(t, Shuffle(context.Background(), nil, Strings(sorted(seqText(1, 20), '\n')...), Seed(1), Output(out)))
	fi, err := os.Lstat(out)
	require.NoError(t, err)
	assert.Equal(t, fs.ModeSymlink, fi.Mode().Type(), "the link was replaced")
	b, err := os.ReadFile(dst)
	require.NoError(t, err)
	assert.Equal(t, mutSeqOut(t, 20), string(b))
}

// TestMutTargetOwner: a file Output replaces keeps its owner and group,
// where shuf may set them (as root).
func TestMutTargetOwner(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	require.NoError(t, os.WriteFile(out, []byte("old\n"), 0o640))
	const uid, gid = 4321, 4322
	if err := os.Chown(out, uid, gid); err != nil {
		t.Skip("cannot give a file another owner:", err)
	}
	require.NoError(t, Shuffle(context.Background(), nil, Strings("a", "b"), Seed(1), Output(out)))
	fi, err := os.Stat(out)
	require.NoError(t, err)
	st := reflect.ValueOf(fi.Sys()).Elem() // a syscall.Stat_t where Chown works
	assert.Equal(t, []uint64{uid, gid}, []uint64{st.FieldByName("Uid").Uint(), st.FieldByName("Gid").Uint()})
	assert.Equal(t, os.FileMode(0o640), fi.Mode().Perm())
}

// TestMutTargetEmptyName: Output("") is GNU's error opening "", a
// *fs.PathError that matches fs.ErrNotExist.
func TestMutTargetEmptyName(t *testing.T) {
	err := Shuffle(context.Background(), nil, Strings("a", "b"), Output(""))
	var pe *fs.PathError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "open", pe.Op)
	assert.ErrorIs(t, err, fs.ErrNotExist)
}

// TestMutTargetCloseFails: an output whose last bytes fail to be written
// when it is closed (a compressed one, whose compressor writes its data
// at the end, to /dev/full) is a *WriteError, not a success.
func TestMutTargetCloseFails(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full:", err)
	}
	out := filepath.Join(t.TempDir(), "out.gz")
	require.NoError(t, os.Symlink("/dev/full", out))
	err := Shuffle(context.Background(), nil, Strings("a", "b"), Seed(1), Output(out))
	var we *WriteError
	require.ErrorAs(t, err, &we)
	assert.ErrorIs(t, err, syscall.ENOSPC)
}

// TestMutSourceOpenedBeforeOutput: a RandomFile is opened where GNU shuf
// opens it, after the input is read and before the output is created, if
// the run may draw at all: with Repeat, even Count(0), or with a line to
// write. A missing source is then an error for one line, which draws
// nothing, and none for no lines, Count(0) or the header alone.
func TestMutSourceOpenedBeforeOutput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	empty := write(t, "empty", "")
	out := filepath.Join(t.TempDir(), "out")
	err := Shuffle(context.Background(), nil, Strings("only"), RandomFile(missing), Output(out))
	assert.ErrorIs(t, err, fs.ErrNotExist)
	assert.NoFileExists(t, out)
	err = Shuffle(context.Background(), io.Discard, Range(1, 5), Repeat(), Count(0), RandomFile(missing))
	assert.ErrorIs(t, err, fs.ErrNotExist, "Repeat and Count(0)")
	assert.Empty(t, shufOut(t, Files(empty), RandomFile(missing)))
	assert.Equal(t, "h\n", shufOut(t, Reader(strings.NewReader("h\na\nb\n")), Header(1), Count(0), RandomFile(missing)))
}

// TestMutSourceReservoir: with Count and a RandomFile, GNU shuf reads an
// input it cannot size (a pipe), or one of more than 8 MiB, by reservoir
// sampling, for which it opens the source before reading, and draws once
// more when the input holds exactly Count lines. So a missing source is an
// error for an empty pipe, and an empty source one for a pipe of one line
// with Count(1); the same inputs read from small files, or with a Count
// of more lines or of all, are not errors.
func TestMutSourceReservoir(t *testing.T) {
	dir := t.TempDir()
	missing, empty := filepath.Join(dir, "missing"), filepath.Join(dir, "empty")
	require.NoError(t, os.WriteFile(empty, nil, 0o644))
	pipe := func(s string) Input { return Reader(strings.NewReader(s)) }
	err := Shuffle(context.Background(), io.Discard, pipe(""), Count(1), RandomFile(missing))
	assert.ErrorIs(t, err, fs.ErrNotExist, "an empty pipe")
	assert.Empty(t, shufOut(t, Files(empty), Count(1), RandomFile(missing)), "an empty file")
	assert.Empty(t, shufOut(t, pipe(""), Count(math.MaxUint64), RandomFile(missing)), "Count of all")

	err = Shuffle(context.Background(), io.Discard, pipe("only\n"), Count(1), RandomFile(empty))
	var rs *RandomSourceError
	require.ErrorAs(t, err, &rs, "the draw after the last line")
	assert.Equal(t, io.EOF, rs.Err)
	assert.Equal(t, "only\n", shufOut(t, pipe("only\n"), Count(1), RandomFile(write(t, "one", "x"))), "a byte to draw")
	assert.Equal(t, "only\n", shufOut(t, pipe("only\n"), Count(2), RandomFile(empty)), "Count(2)")
	assert.Equal(t, "only\n", shufOut(t, Files(write(t, "only", "only\n")), Count(1), RandomFile(empty)), "a file")

	// One line of exactly 8 MiB is read whole; one byte more, by reservoir.
	for _, size := range []int64{8 << 20, 8<<20 + 1} {
		big := filepath.Join(dir, "big")
		f, err := os.Create(big)
		require.NoError(t, err)
		require.NoError(t, f.Truncate(size-1))
		_, err = f.WriteAt([]byte("\n"), size-1)
		require.NoError(t, err)
		require.NoError(t, f.Close())
		err = Shuffle(context.Background(), io.Discard, Files(big), Count(1), AllowBinary(), RandomFile(empty))
		if size == 8<<20 {
			assert.NoError(t, err, "8 MiB")
		} else {
			assert.ErrorAs(t, err, &rs, "8 MiB and a byte")
		}
	}
}

// TestMutSourceOneChoice: Repeat on one line or one number draws nothing,
// as GNU's, so that it needs no byte of a RandomFile.
func TestMutSourceOneChoice(t *testing.T) {
	empty := write(t, "empty", "")
	assert.Equal(t, "only\nonly\nonly\n", shufOut(t, Strings("only"), Repeat(), Count(3), RandomFile(empty)))
	assert.Equal(t, "5\n5\n5\n", shufOut(t, Range(5, 5), Repeat(), Count(3), RandomFile(empty)))
	assert.Equal(t, "only\nonly\nonly\n", shufOut(t, Files(write(t, "in", "only\n")), Repeat(), Count(3), RandomFile(empty)))
}

// TestMutSourceClosed: the RandomFile is closed when Shuffle returns: the
// one Repeat with Count(0) opens only because GNU opens it (the run draws
// nothing and sets up no source, with a Header too), and the one a run
// draws from (until the fix that came with this test, run deferred the
// release before openSource set it, and the file stayed open). Count(0)
// without Repeat opens none: a missing one is no error.
func TestMutSourceClosed(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	src := write(t, "src", strings.Repeat("01234567", 64))
	assert.Empty(t, shufOut(t, Range(1, 5), Repeat(), Count(0), RandomFile(src)))
	assert.Equal(t, "h\n", shufOut(t, Files(write(t, "in", "h\na\nb\n")), Header(1), Repeat(), Count(0), RandomFile(src)))
	assert.NotEmpty(t, shufOut(t, Range(1, 5), RandomFile(src)))
	assert.NotEmpty(t, shufOut(t, Files(write(t, "in2", "a\nb\nc\n")), RandomFile(src)))
	assert.Empty(t, shufOut(t, Range(1, 5), Count(0), RandomFile(filepath.Join(t.TempDir(), "missing"))))
	fds, err := os.ReadDir("/proc/self/fd")
	require.NoError(t, err)
	for _, fd := range fds {
		if p, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil {
			assert.NotEqual(t, src, p, "the random source was left open")
		}
	}
}

// TestMutSourceShort: a RandomFile that ends inside a word ends the run
// as one that ends between words: a *RandomSourceError of io.EOF, GNU's
// "end of file", not a read error.
func TestMutSourceShort(t *testing.T) {
	src := write(t, "src", "0123")
	err := Shuffle(context.Background(), io.Discard, Strings("a", "b", "c"), RandomFile(src))
	var rs *RandomSourceError
	require.ErrorAs(t, err, &rs)
	assert.Equal(t, io.EOF, rs.Err)
	assert.True(t, strings.HasSuffix(err.Error(), ": end of file"), err.Error())
}

// mutErrReader reads a few lines and then fails with err.
type mutErrReader struct {
	r   io.Reader
	err error
}

func (m *mutErrReader) Read(p []byte) (int, error) {
	if n, _ := m.r.Read(p); n > 0 {
		return n, nil
	}
	return 0, m.err
}

// TestMutErrorsReadError: an input's read error is a *ReadError, except
// an error of the run already, which a caller's reader may return too
// (its cancellation, its deadline, an *Error, an *InputError, a
// *ChangedError): that comes back from Shuffle as it is.
func TestMutErrorsReadError(t *testing.T) {
	for _, err := range []error{
		context.Canceled, context.DeadlineExceeded, &Error{Msg: "stop"},
		&InputError{Name: "x", Line: 1, What: "bad", Kind: ErrBinary}, &ChangedError{Name: "x", What: "it grew"},
	} {
		got := Shuffle(context.Background(), io.Discard, Reader(&mutErrReader{strings.NewReader("a\nb\n"), err}), Seed(1))
		assert.Equal(t, err, got)
	}
	boom := errors.New("boom")
	got := Shuffle(context.Background(), io.Discard, Reader(&mutErrReader{strings.NewReader("a\nb\n"), boom}), Seed(1))
	var re *ReadError
	require.ErrorAs(t, got, &re)
	assert.Equal(t, boom, re.Err)
	assert.NotErrorIs(t, got, ErrOutOfMemory)
}

// TestMutErrorsKinds: an *Error matches the kind it has and no other, and
// one of no kind matches none.
func TestMutErrorsKinds(t *testing.T) {
	kinds := []error{ErrChanged, ErrHeaderMismatch, ErrBinary, ErrMalformedCSV, ErrCompressed, ErrOutOfMemory, ErrNoLines, ErrLineCounts}
	for _, k := range kinds {
		assert.NotErrorIs(t, &Error{Msg: "x"}, k)
		for _, other := range kinds {
			assert.Equal(t, k == other, errors.Is(&Error{Msg: "x", Kind: k}, other))
		}
	}
}

// TestMutShufWarning: Warnings gets GNU's warning for a biased Algorithm,
// once, and nothing for the default or another uniform one; without
// Warnings a biased one runs silently.
func TestMutShufWarning(t *testing.T) {
	for _, c := range []struct {
		alg  string
		want string
	}{
		{"", ""},
		{"forward", ""},
		{"naive", "shuf: warning: naive is a biased shuffle: some orders come out more often than others\n"},
	} {
		opts := []Option{Seed(1)}
		if c.alg != "" {
			a, ok := shuffle.Lookup(c.alg)
			require.True(t, ok, c.alg)
			opts = append(opts, Algorithm(a))
			require.NotEmpty(t, shufOut(t, Strings("a", "b", "c"), opts...), "no Warnings")
		}
		var w strings.Builder
		shufOut(t, Strings("a", "b", "c"), append(opts, Warnings(&w))...)
		assert.Equal(t, c.want, w.String(), c.alg)
	}
}

// TestMutShufCountZero: Count(0) reads nothing, as GNU's -n 0, so that a
// missing input is no error, but still creates the Output file, empty.
func TestMutShufCountZero(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	missing := filepath.Join(t.TempDir(), "missing")
	require.NoError(t, Shuffle(context.Background(), nil, Files(missing), Count(0), Output(out)))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Empty(t, b)
}

// TestMutShufAlgoMemory: an Algorithm shuffles in memory whatever the
// input's size up to Memory, and past it is ErrOutOfMemory with GNU's
// message, which names the bound.
func TestMutShufAlgoMemory(t *testing.T) {
	durstenfeld, _ := shuffle.Lookup("durstenfeld")
	text := seqText(1, 15000) // 78 KiB
	in := write(t, "in", text)
	got := shufOut(t, Files(in), Algorithm(durstenfeld), Memory(1<<20), Seed(1))
	assert.Equal(t, sorted(text, '\n'), sorted(got, '\n'))
	err := Shuffle(context.Background(), io.Discard, Files(in), Algorithm(durstenfeld), Memory(64<<10), Seed(1))
	require.ErrorIs(t, err, ErrOutOfMemory)
	assert.EqualError(t, err, "--algo durstenfeld shuffles in memory, and the input is larger than --memory 64K")
}

// TestMutErrorsChangedName: a ChangedError names standard input ("-") as
// GNU does, and a file by its name.
func TestMutErrorsChangedName(t *testing.T) {
	assert.EqualError(t, &ChangedError{Name: "-", What: "it grew"}, "standard input: changed while being read: it grew")
	assert.EqualError(t, &ChangedError{Name: "in", What: "it grew"}, "in: changed while being read: it grew")
}

// mutFailWriter fails every write after the first ok ones, and counts
// the writes asked of it.
type mutFailWriter struct{ ok, calls int }

func (w *mutFailWriter) Write(b []byte) (int, error) {
	w.calls++
	if w.ok > 0 {
		w.ok--
		return len(b), nil
	}
	return 0, syscall.EPIPE
}

// mutAgain runs Shuffle of in to w, which must fail, and returns its
// WriteError's Again.
func mutAgain(t *testing.T, ctx context.Context, w io.Writer, in Input) bool {
	t.Helper()
	err := Shuffle(ctx, w, in, Seed(1))
	var we *WriteError
	require.ErrorAs(t, err, &we)
	assert.ErrorIs(t, err, syscall.EPIPE)
	return we.Again
}

// mutLines is n copies of s.
func mutLines(n int, s string) Input {
	l := make([]string, n)
	for i := range l {
		l[i] = s
	}
	return Strings(l...)
}

// TestMutStdioAgain: a failed write of the output is reported as GNU
// reports it through stdio's buffer of 8192 bytes (a writer that is not a
// file): once (Again false) when the whole output, first line included,
// fit in the buffer and the failed write was the last; twice otherwise.
func TestMutStdioAgain(t *testing.T) {
	ctx := context.Background()
	w := &mutFailWriter{}
	assert.False(t, mutAgain(t, ctx, w, Strings("a", "b")), "4 bytes")
	assert.False(t, mutAgain(t, ctx, w, Strings("", "")), "two empty lines")
	assert.False(t, mutAgain(t, ctx, w, mutLines(2048, "abc")), "8192 bytes")
	assert.True(t, mutAgain(t, ctx, w, mutLines(2049, "abc")), "8196 bytes")
	assert.True(t, mutAgain(t, ctx, w, Strings(strings.Repeat("x", 8191))), "a first line of 8192 bytes")
	assert.False(t, mutAgain(t, ctx, w, Strings(strings.Repeat("x", 8190))), "a first line of 8191 bytes")
	assert.True(t, mutAgain(t, ctx, w, mutLines(20000, "abc")), "a write before the last")
	// The first 64 KiB go out; the last write, of 400 bytes, fails.
	assert.True(t, mutAgain(t, ctx, &mutFailWriter{ok: 1}, mutLines(16384+100, "abc")), "a last write after 64 KiB")
}

// TestMutStdioPipe: to a pipe, an *os.File, GNU's buffer is the pipe's
// block size, 4096 bytes, also behind a context that can be cancelled.
func TestMutStdioPipe(t *testing.T) {
	for _, ctx := range []context.Context{context.Background(), t.Context()} {
		for _, c := range []struct {
			lines int
			again bool
		}{{1024, false}, {1025, true}} {
			r, w, err := os.Pipe()
			require.NoError(t, err)
			require.NoError(t, r.Close())
			if blockSize(w) != 4096 {
				t.Skip("a pipe's block size is not 4096:", blockSize(w))
			}
			assert.Equal(t, c.again, mutAgain(t, ctx, w, mutLines(c.lines, "abc")), "%d lines", c.lines)
			w.Close()
		}
	}
}

// TestMutDataCheck: the options of data files that do not go together are
// GNU's errors before anything is read, each with its message, and those
// that do go together are none; an invalid CSV separator panics.
func TestMutDataCheck(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		in   Input
		opts []Option
		want string
	}{
		{Files("a"), []Option{CSV(','), Delim(0)}, "--csv and -z cannot be combined"},
		{Strings("a"), []Option{CSV(',')}, "--csv reads files: it cannot be combined with -e or -i"},
		{Range(1, 2), []Option{CSV(',')}, "--csv reads files: it cannot be combined with -e or -i"},
		{Files("a"), []Option{CSV(';')}, ""},
		{Files("a"), []Option{Delim(0)}, ""},
		{Strings("a"), nil, ""},
		{Strings("a"), []Option{Aligned(dir)}, "--aligned shuffles files: it cannot be combined with -e or -i"},
		{Range(1, 2), []Option{Aligned(dir)}, "--aligned shuffles files: it cannot be combined with -e or -i"},
		{Files("a"), []Option{Aligned("")}, "--aligned needs -o DIR"},
		{Files(), []Option{Aligned(dir)}, "--aligned needs the files to shuffle"},
		{Files("a"), []Option{Aligned(dir), RandomFile("r")}, "--aligned cannot take --random-source: use --seed"},
		{Files("a"), []Option{Aligned(dir), Repeat()}, "--aligned needs -n COUNT with -r"},
		{Files("a"), []Option{Aligned(dir), Repeat(), Count(3)}, ""},
		{Files("a"), []Option{Aligned(dir), Count(3)}, ""},
		{Files("a", "-"), []Option{Aligned(dir)}, "--aligned reads each file twice: it cannot read standard input"},
		{Files("x/a", "y/a"), []Option{Aligned(dir)}, "--aligned: x/a and y/a would both be written to " + filepath.Join(dir, "a")},
		{Files("x/a", "y/b"), []Option{Aligned(dir)}, ""},
	} {
		err := Check(c.in, c.opts...)
		if c.want == "" {
			assert.NoError(t, err)
		} else {
			assert.EqualError(t, err, c.want)
		}
	}
	for _, sep := range []byte{'"', '\n', '\r', 0} {
		assert.PanicsWithValue(t, fmt.Sprintf("lines.CSV: invalid separator %q", sep), func() { Check(Files("a"), CSV(sep)) })
	}
	assert.NotPanics(t, func() { Check(Files("a"), CSV('\t')) })
}

// TestMutMemorySizeText: a --memory size in a message is written as it may
// be given: in G, M or K where it is a whole number of them, else in bytes.
func TestMutMemorySizeText(t *testing.T) {
	for m, want := range map[int64]string{
		1 << 30: "1G", 3 << 30: "3G", 1 << 20: "1M", 5 << 20: "5M", 1536 << 10: "1536K",
		64 << 10: "64K", 65<<10 + 1: "66561b", 1000: "1000b",
	} {
		assert.Equal(t, want, sizeText(m), "%d", m)
	}
}

// TestMutMemoryDefault: with no address-space or cgroup limit, the default
// Memory is a quarter of PhysicalMemory, at least 64 MiB, or 1 GiB where
// that is unknown, and not limited.
func TestMutMemoryDefault(t *testing.T) {
	if addressRoom() >= 0 {
		t.Skip("under a memory limit")
	}
	want := int64(1 << 30)
	if pm := PhysicalMemory(); pm > 0 {
		want = max(pm/4, 64<<20)
	}
	mem, limited := DefaultMemory()
	assert.Equal(t, want, mem)
	assert.False(t, limited)
}

// TestMutMemoryDefaults: DefaultMemory's rule, a quarter of the physical
// memory, at least 64 MiB, 1 GiB if unknown, and a third of the room when
// that is less.
func TestMutMemoryDefaults(t *testing.T) {
	const mi, gi = 1 << 20, 1 << 30
	for _, c := range []struct {
		phys, room, mem int64
		limited         bool
	}{
		{0, -1, gi, false},
		{-1, -1, gi, false},
		{1, -1, 64 * mi, false},
		{256 * mi, -1, 64 * mi, false},
		{256*mi + 4, -1, 64*mi + 1, false},
		{16 * gi, -1, 4 * gi, false},
		{16 * gi, 0, 0, true},
		{16 * gi, 12 * gi, 4 * gi, false},
		{16 * gi, 12*gi - 1, 4*gi - 1, true},
		{0, 3*gi + 2, gi, false},
		{0, 3*gi - 1, gi - 1, true},
	} {
		mem, limited := defaultMemory(c.phys, c.room)
		assert.Equal(t, c.mem, mem, "%d, %d", c.phys, c.room)
		assert.Equal(t, c.limited, limited, "%d, %d", c.phys, c.room)
	}
}
