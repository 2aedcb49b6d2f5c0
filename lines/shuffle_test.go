package lines

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cancellingReader reads r and cancels the run after the first after bytes.
type cancellingReader struct {
	r      io.Reader
	after  int
	read   int
	cancel func()
}

func (c *cancellingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p[:min(len(p), 4096)])
	if c.read += n; c.read >= c.after {
		c.cancel()
	}
	return n, err
}

// TestCancel: a context done mid-run ends Shuffle with its error, with
// every temporary file and the unfinished output file removed, and
// nothing written to the writer after Shuffle returns; a context done
// before the run starts reads nothing.
func TestCancel(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	text := seqText(1, 300000)
	for _, out := range []string{"", filepath.Join(t.TempDir(), "out")} {
		ctx, cancel := context.WithCancel(context.Background())
		r := &cancellingReader{r: strings.NewReader(text), after: len(text) * 3 / 4, cancel: cancel}
		var w lockedBuffer
		opts := []Option{Seed(1), Memory(1 << 20)}
		if out != "" {
			opts = append(opts, Output(out))
		}
		err := Shuffle(ctx, &w, Reader(r), opts...)
		require.ErrorIs(t, err, context.Canceled)
		written := w.String()
		assertEmpty(t, tmp)
		if out != "" {
			assert.NoFileExists(t, out)
			assert.Empty(t, dirNames(t, filepath.Dir(out)), "a file was left beside the output")
		}
		assert.Equal(t, written, w.String(), "written to after Shuffle returned")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := &cancellingReader{r: strings.NewReader(text), after: math.MaxInt, cancel: func() {}}
	require.ErrorIs(t, Shuffle(ctx, io.Discard, Reader(r), Seed(1)), context.Canceled)
}

// TestErrorKinds: each kind of bad input is an error that errors.Is finds
// by its kind and errors.As by its type, with the file and the line.
func TestErrorKinds(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	bin := write(t, "bin", "a\nb\x00c\n")
	csv := write(t, "bad.csv", "a,b\n1,\"x\"y\n")
	h1 := write(t, "h1", "id\n1\n")
	h2 := write(t, "h2", "ID\n2\n")
	durstenfeld, _ := shuffle.Lookup("durstenfeld")
	for _, tc := range []struct {
		name string
		in   Input
		opts []Option
		kind error
		file string
		line int64
	}{
		{"binary", Files(bin), nil, ErrBinary, bin, 2},
		{"csv", Files(csv), []Option{CSV(',')}, ErrMalformedCSV, csv, 2},
		{"header", Files(h1, h2), []Option{Header(1)}, ErrHeaderMismatch, h2, 1},
		{"memory", Files(write(t, "big", seqText(1, 100000))), []Option{Algorithm(durstenfeld), Memory(64 << 10)}, ErrOutOfMemory, "", 0},
		{"no lines", Strings(), []Option{Repeat()}, ErrNoLines, "", 0},
	} {
		err := Shuffle(context.Background(), io.Discard, tc.in, append(tc.opts, Seed(1))...)
		require.ErrorIs(t, err, tc.kind, tc.name)
		for _, other := range []error{ErrBinary, ErrMalformedCSV, ErrHeaderMismatch, ErrOutOfMemory, ErrNoLines, ErrChanged} {
			if other != tc.kind {
				assert.NotErrorIs(t, err, other, tc.name)
			}
		}
		var ie *InputError
		if tc.file == "" {
			assert.False(t, errors.As(err, &ie), tc.name)
			continue
		}
		require.ErrorAs(t, err, &ie, tc.name)
		assert.Equal(t, tc.file, ie.Name, tc.name)
		assert.Equal(t, tc.line, ie.Line, tc.name)
	}
	_, err := os.Stat(filepath.Join(t.TempDir(), "none"))
	assert.NotErrorIs(t, &ReadError{Err: err}, ErrOutOfMemory)
	assert.ErrorIs(t, &ReadError{Err: syscall.ENOMEM}, ErrOutOfMemory)
	var b bytes.Buffer
	assert.NoError(t, Shuffle(context.Background(), &b, Strings("x"), Seed(1)))
	assert.Equal(t, "x\n", b.String())
}
