package lines

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNothingAfterError: once the --random-source has run out, past memory
// and among the groups, nothing more reaches standard output: what was
// buffered is dropped. The writer checks, at each write, that the source
// still has bytes: its size is not a multiple of 8, so only a failed draw
// reads its last byte.
func TestNothingAfterError(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	t.Setenv("TMPDIR", t.TempDir())
	src := filepath.Join(t.TempDir(), "src")
	require.NoError(t, os.WriteFile(src, randomBytes(shortSource, 1), 0o644))
	in := write(t, "in", seqText(1, 40000))
	o := newOptions(Files(in), []Option{Memory(64 << 10), RandomFile(src)})
	w := &watchedWriter{t: t}
	s := newShuf(o, w, &tempDir{})
	w.s = s
	defer s.tmp.remove()
	err := s.run()
	require.Error(t, err)
	assert.Equal(t, "'"+src+"': end of file", err.Error())
	var rs *RandomSourceError
	assert.ErrorAs(t, err, &rs)
	assert.NotZero(t, w.writes, "nothing was written before the source ran out: the test is void")
	// It ran out (the error says so) and is closed once run returns.
	_, err = w.s.src.(*fileSource).f.Seek(0, io.SeekCurrent)
	assert.ErrorIs(t, err, os.ErrClosed, "the random source left open")
}

// watchedWriter fails its test if it is written to after the source of s
// has run out.
type watchedWriter struct {
	t      *testing.T
	s      *shuf
	writes int
}

// spent reports whether every byte of the source has been read by its
// draws (with the file's size not a multiple of 8: whether a draw failed).
func (s *fileSource) spent() bool {
	if s.f == nil {
		return false
	}
	at, err := s.f.Seek(0, io.SeekCurrent)
	fi, err2 := s.f.Stat()
	return err == nil && err2 == nil && at-int64(s.r.Buffered()) == fi.Size()
}

func (w *watchedWriter) Write(b []byte) (int, error) {
	if fs, ok := w.s.src.(*fileSource); ok && fs.spent() {
		w.t.Errorf("%d bytes written after the random source ran out", len(b))
	}
	w.writes++
	return len(b), nil
}
