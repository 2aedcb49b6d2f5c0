package lines

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The tests of this file came from mutation testing of stream.go
// (docs/mutation.md, the lines section).

// TestMutStreamStdinAtOffset: standard input that is a regular file read
// part way, as `(read first; shuf) < file` leaves it, is the rest of the
// file: its size is counted from where it stands, so reading to its end is
// not taken for a file that changed.
func TestMutStreamStdinAtOffset(t *testing.T) {
	t.Parallel()
	name := write(t, "in", "a\nb\nc\nd\ne\n")
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	_, err = f.Seek(4, io.SeekStart)
	require.NoError(t, err)
	assert.Equal(t, shufOut(t, Strings("c", "d", "e"), Seed(1)), shufOut(t, Files(), Stdin(f), Seed(1)))
}

// TestMutStreamReadingTotal: the reading phase's Total is the sum of the
// input files' sizes, and unknown (0) when any input is a pipe, wherever
// it stands among them.
func TestMutStreamReadingTotal(t *testing.T) {
	t.Parallel()
	a, b := write(t, "a", "1\n2\n3\n"), write(t, "b", "4\n5\n6\n7\n8\n")
	for _, c := range []struct {
		names []string
		total int64
	}{
		{[]string{a}, 6},
		{[]string{a, b}, 16},
		{[]string{b, a, b}, 26},
		{[]string{"-", a, b}, 0},
		{[]string{a, "-", b}, 0},
		{[]string{a, b, "-"}, 0},
	} {
		var first *Phase
		progress := Progress(func(ph *Phase) {
			if first == nil {
				first = ph
			}
		})
		shufOut(t, Files(c.names...), Stdin(strings.NewReader("9\n")), Seed(1), progress)
		require.NotNil(t, first, "%v", c.names)
		assert.Equal(t, "reading", first.Name, "%v", c.names)
		assert.Equal(t, c.total, first.Total, "%v", c.names)
	}
}

// TestMutStreamHeaderPastEnd: a header of more lines than the inputs hold
// takes the first input whole and drops the later ones whole; the run
// stops at the end of each input, however many lines the header asks for.
// A run that reads on at the end is stopped after 20 s and fails.
func TestMutStreamHeaderPastEnd(t *testing.T) {
	t.Parallel()
	a, b := write(t, "a", "h\n1\n2"), write(t, "b", "h\n1")
	for _, opts := range [][]Option{{Header(math.MaxInt)}, {Header(math.MaxInt), DropHeaders()}} {
		done := make(chan string, 1)
		go func() {
			var out bytes.Buffer
			err := Shuffle(context.Background(), &out, Files(a, b), opts...)
			done <- fmt.Sprint(out.String(), err)
		}()
		select {
		case got := <-done:
			assert.Equal(t, "h\n1\n2\n<nil>", got)
		case <-time.After(20 * time.Second):
			t.Fatal("Shuffle with Header(MaxInt) still running after 20 s")
		}
	}
}

// TestMutStreamHeaderReadError: a read error while the header is read is
// the run's error, also after part of a line.
func TestMutStreamHeaderReadError(t *testing.T) {
	t.Parallel()
	boom := errors.New("boom")
	for _, text := range []string{"", "h", "h\n1"} {
		r := io.MultiReader(strings.NewReader(text), iotest.ErrReader(boom))
		err := Shuffle(context.Background(), io.Discard, Files(), Stdin(r), Header(2))
		var re *ReadError
		require.ErrorAs(t, err, &re, "%q", text)
		assert.ErrorIs(t, err, boom, "%q", text)
	}
}

// TestMutStreamPipeFile: standard input that is a pipe, an *os.File that
// is not a regular file, is read as a stream, never checked as a file.
func TestMutStreamPipeFile(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	go func() {
		w.WriteString("1\n2\n3\n4")
		w.Close()
	}()
	assert.Equal(t, shufOut(t, Strings("1", "2", "3", "4"), Seed(3)), shufOut(t, Files("-"), Stdin(r), Seed(3)))
}

// TestMutStreamReadEmpty: a read into no room reads nothing and is no
// error, before, between and after the inputs.
func TestMutStreamReadEmpty(t *testing.T) {
	t.Parallel()
	a := write(t, "a", "1\n2")
	s := &shuf{o: &options{files: []string{a, a}, delim: '\n'}, ctx: context.Background()}
	st, err := s.openStream()
	require.NoError(t, err)
	defer st.close()
	var got []byte
	buf := make([]byte, 3)
	for {
		n, err := st.Read(buf[:0])
		require.Equal(t, 0, n)
		require.NoError(t, err)
		n, err = st.Read(buf)
		got = append(got, buf[:n]...)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	assert.Equal(t, "1\n2\n1\n2\n", string(got))
}

// TestMutStreamVerify: a file read to its end and found whole, then
// changed while a later file is read, is a *ChangedError when the output
// is opened: every input is checked once more then. Not parallel: it sets
// readHook.
func TestMutStreamVerify(t *testing.T) {
	a, b := write(t, "a", "1\n2\n"), write(t, "b", "3\n4\n")
	readHook = func(name string, read int64) {
		if name == b && read > 0 {
			f, err := os.OpenFile(a, os.O_APPEND|os.O_WRONLY, 0)
			require.NoError(t, err)
			f.WriteString("5\n")
			f.Close()
		}
	}
	defer func() { readHook = nil }()
	err := Shuffle(context.Background(), io.Discard, Files(a, b), Seed(1))
	var ce *ChangedError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, err.Error(), a)
}

// TestMutStreamCloses: the files a run opens are closed when it returns;
// a file the caller gives as standard input is the caller's, left open.
func TestMutStreamCloses(t *testing.T) {
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("no /proc/self/fd:", err)
	}
	t.Parallel()
	a, in := write(t, "a", "1\n2\n"), write(t, "stdin", "3\n4\n")
	f, err := os.Open(in)
	require.NoError(t, err)
	defer f.Close()
	assert.Equal(t, shufOut(t, Strings("1", "2", "3", "4"), Seed(1)), shufOut(t, Files(a, "-"), Stdin(f), Seed(1)))
	_, err = f.Seek(0, io.SeekStart)
	require.NoError(t, err, "standard input closed")
	fds, err := os.ReadDir("/proc/self/fd")
	require.NoError(t, err)
	for _, fd := range fds {
		if p, err := os.Readlink("/proc/self/fd/" + fd.Name()); err == nil {
			assert.NotEqual(t, a, p, "the input was left open")
		}
	}
}

// TestMutStreamSizeZero: a file that says it holds 0 bytes and holds
// lines, as files in /proc do, is read whole, not taken for one that grew.
func TestMutStreamSizeZero(t *testing.T) {
	const name = "/proc/self/mountinfo"
	fi, err := os.Stat(name)
	if err != nil || fi.Size() != 0 {
		t.Skip("no file of size 0 that holds lines:", err)
	}
	t.Parallel()
	var out bytes.Buffer
	require.NoError(t, Shuffle(context.Background(), &out, Files(name), Seed(1)))
	assert.NotEmpty(t, out.String())
}
