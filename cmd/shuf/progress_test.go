package main

import (
	"bytes"
	"io"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fairshuffle/shuffle/internal/term/ptytest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lockedBuffer is a bytes.Buffer safe for the progress goroutine and the
// test at once.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestProgress: the line counts what is read and written, is redrawn in
// place, and is erased at the end; a run shorter than the delay shows
// nothing; a nil progress passes everything through.
func TestProgress(t *testing.T) {
	var w lockedBuffer
	p := startProgress(&w, 0, time.Millisecond)
	r := p.reader(strings.NewReader(strings.Repeat("x", 1500)), 3000)
	_, err := io.Copy(p.writer(io.Discard), io.LimitReader(r, 10))
	require.NoError(t, err)
	_, err = io.Copy(io.Discard, r)
	require.NoError(t, err)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(w.String(), "read 1.5 kB of 3.0 kB, wrote 10 B") && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	p.end()
	p.end() // a second end does nothing
	s := w.String()
	assert.Contains(t, s, "\rshuf: read 1.5 kB of 3.0 kB, wrote 10 B, 0s\x1b[K")
	assert.True(t, strings.HasSuffix(s, "\r\x1b[K"), "the line is erased at the end: %q", s)
	assert.NotContains(t, s, "\n", "one line, redrawn in place")

	var quiet lockedBuffer
	p = startProgress(&quiet, time.Hour, time.Millisecond)
	p.end()
	assert.Empty(t, quiet.String(), "a run shorter than the delay shows nothing")

	var none *progress
	sr := strings.NewReader("a")
	assert.Same(t, io.Reader(sr), none.reader(sr, 1))
	assert.Equal(t, io.Writer(io.Discard), none.writer(io.Discard))
	none.end()
}

func TestByteText(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 1500: "1.5 kB", 9949: "9.9 kB",
		9950: "10 kB", 999499: "999 kB", 999500: "1.0 MB", 35e9: "35 GB", 1 << 62: "4612 PB"} {
		assert.Equal(t, want, byteText(n), "%d", n)
	}
}

// TestProgressTerminal runs the command for longer than the delay, its
// input held open, with standard error on a pseudo-terminal (the line
// shows, then goes) and on a pipe (nothing shows).
func TestProgressTerminal(t *testing.T) {
	ptm, pts, why := ptytest.Open()
	if pts == nil {
		t.Skip(why)
	}
	defer ptm.Close()
	slow := func(stderr io.Writer) (string, error) {
		cmd := exec.Command(bin)
		in, err := cmd.StdinPipe()
		require.NoError(t, err)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, stderr
		require.NoError(t, cmd.Start())
		io.WriteString(in, "a\nb\n")
		time.Sleep(progressDelay + 3*progressEvery)
		in.Close()
		err = cmd.Wait()
		return out.String(), err
	}
	var tty bytes.Buffer
	read := make(chan struct{})
	go func() {
		io.Copy(&tty, ptm) // until the terminal's last holder closes it (EIO)
		close(read)
	}()
	var pipe lockedBuffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		out, err := slow(&pipe)
		assert.NoError(t, err)
		assert.Len(t, sorted(out, '\n'), 2)
	}()
	out, err := slow(pts)
	require.NoError(t, err)
	assert.Equal(t, []string{"a\n", "b\n"}, sorted(out, '\n'))
	pts.Close()
	<-read
	wg.Wait()
	assert.Regexp(t, `\rshuf: read 4 B, wrote 0 B, [0-9]+s\x1b\[K`, tty.String())
	assert.True(t, strings.HasSuffix(tty.String(), "\r\x1b[K"), "%q", tty.String())
	assert.Empty(t, pipe.String(), "no line when standard error is not a terminal")
}
