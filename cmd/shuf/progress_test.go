package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fairshuffle/shuffle/internal/term/ptytest"
	"github.com/fairshuffle/shuffle/lines"
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

// waitFor waits until w holds want.
func waitFor(t *testing.T, w *lockedBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(w.String(), want) && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	require.Contains(t, w.String(), want)
}

func TestParseInterval(t *testing.T) {
	for val, want := range map[string]time.Duration{"5": 5 * time.Second, "0.5": 500 * time.Millisecond,
		"250ms": 250 * time.Millisecond, "1m": time.Minute, "1ms": time.Millisecond} {
		d, err := parseInterval(val, true)
		require.NoError(t, err, val)
		assert.Equal(t, want, d, val)
	}
	d, err := parseInterval("", false)
	require.NoError(t, err)
	assert.Equal(t, progressLog, d)
	for _, val := range []string{"", "0", "-1", "0.0001", "x", "5x", "NaN", "Inf", "1e9"} {
		_, err := parseInterval(val, true)
		assert.EqualError(t, err, "invalid --progress interval: "+quote(val), val)
	}
}

// slowReader gives its text 64 KiB at a time, a millisecond apart every
// 256 KiB: standard input that a slow producer writes, so that reading it
// takes several ticks of the progress.
type slowReader struct {
	text string
	read int
}

func (r *slowReader) Read(p []byte) (int, error) {
	if r.text == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), 64<<10)], r.text)
	r.text = r.text[n:]
	r.read += n
	if r.read >= 256<<10 {
		r.read = 0
		time.Sleep(time.Millisecond)
	}
	return n, nil
}

// slowWriter is standard output that a slow reader empties: a millisecond
// every 256 KiB.
type slowWriter struct {
	bytes.Buffer
	wrote int
}

func (w *slowWriter) Write(p []byte) (int, error) {
	if w.wrote += len(p); w.wrote >= 256<<10 {
		w.wrote = 0
		time.Sleep(time.Millisecond)
	}
	return w.Buffer.Write(p)
}

// shortLines is n lines of 8 bytes: many lines, so that the shuffle takes
// several ticks too.
func shortLines(n int) string {
	b := make([]byte, 8*n)
	for i := range n {
		line := b[8*i : 8*i+8]
		line[7] = '\n'
		for j, v := 6, i; j >= 0; j, v = j-1, v/10 {
			line[j] = byte('0' + v%10)
		}
	}
	return string(b)
}

// progressRun runs the command in this process with stderr, the input
// shortLines(n) given slowly and standard output taken slowly, and checks
// that the output is a permutation of the input.
func progressRun(t *testing.T, stderr io.Writer, n int, args ...string) {
	t.Helper()
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	// The drawing goroutine gets a P of its own, even on one CPU (the
	// kernel then shares it), so that it draws while the shuffle, which
	// never blocks, runs: with one P it would wait for the scheduler to
	// preempt the shuffle, every 10 ms or more.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(max(2, runtime.GOMAXPROCS(0))))
	out := &slowWriter{}
	code := run(args, &slowReader{text: shortLines(n)}, out, stderr)
	require.Equal(t, 0, code)
	text := out.String()
	require.Len(t, text, 8*n)
	seen := make([]bool, n)
	for i := 0; i < len(text); i += 8 {
		v, err := strconv.Atoi(text[i : i+7])
		if err != nil || seen[v] || text[i+7] != '\n' {
			t.Fatalf("line %q: not one of the input's, or twice", text[i:i+8])
		}
		seen[v] = true
	}
}

// progressLine is a line of the progress: what it shows (the phase's name,
// its first word, and what it has done), its rate if any, and the time.
var (
	progressLine = regexp.MustCompile(`^shuf: (([a-z]+)[^,]*)(, [0-9.]+ [kMG]?B/s)?, ([0-9.]+s|[0-9hm]+[0-9.]*s)$`)
	plainTime    = regexp.MustCompile(`, [0-9]+\.[0-9]s$`)
)

// phases returns the phases that lines show, in order, and for each the
// different things it showed done (the rate left out, which moves even
// when nothing is done). A terminal's first lines may say "starting".
func phases(t *testing.T, lines []string) (order []string, done map[string]map[string]bool) {
	t.Helper()
	done = map[string]map[string]bool{}
	for _, l := range lines {
		m := progressLine.FindStringSubmatch(l)
		require.NotNil(t, m, "a progress line: %q", l)
		if m[2] == "starting" {
			continue
		}
		if done[m[2]] == nil {
			done[m[2]] = map[string]bool{}
			order = append(order, m[2])
		}
		done[m[2]][m[1]] = true
	}
	return order, done
}

// progressPaths are the runs the tests watch: in memory and past it, 10⁶
// lines of 8 bytes given and taken slowly, so that every phase lasts
// several ticks.
var progressPaths = []struct {
	args   []string
	phases []string
}{
	{[]string{"--seed", "1"}, []string{"reading", "shuffling", "writing"}},
	{[]string{"--seed", "1", "--memory", "4M"}, []string{"reading", "spilling", "merging"}},
}

// TestProgressPhases: on a terminal, the line moves within every phase of
// the run, in memory (reading, shuffling, writing) and past it (reading,
// spilling, merging the temporary files back, each read, shuffled and
// written): each phase shows at least two different counts. The line is
// drawn every millisecond from the start.
func TestProgressPhases(t *testing.T) {
	ptm, pts, why := ptytest.Open()
	if pts == nil {
		t.Skip(why)
	}
	defer ptm.Close()
	defer func(d, e time.Duration) { progressDelay, progressEvery = d, e }(progressDelay, progressEvery)
	progressDelay, progressEvery = 0, time.Millisecond
	var tty lockedBuffer
	read := make(chan struct{})
	go func() {
		io.Copy(&tty, ptm) // until the terminal is closed (EIO)
		close(read)
	}()
	for _, r := range progressPaths {
		mark := len(tty.String())
		progressRun(t, pts, 1_000_000, r.args...)
		deadline := time.Now().Add(10 * time.Second)
		for !strings.HasSuffix(tty.String(), "\r\x1b[K") && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond) // the erase, the run's last write, on its way
		}
		text := tty.String()[mark:]
		require.True(t, strings.HasSuffix(text, "\r\x1b[K"), "erased at the end")
		var lines []string
		for _, f := range strings.Split(strings.TrimSuffix(text, "\r\x1b[K"), "\r")[1:] {
			require.True(t, strings.HasSuffix(f, "\x1b[K"), "%q", f)
			lines = append(lines, strings.TrimSuffix(f, "\x1b[K"))
		}
		order, done := phases(t, lines)
		assert.Equal(t, r.phases, order, "%v", r.args)
		for _, ph := range r.phases {
			assert.GreaterOrEqual(t, len(done[ph]), 2, "%v: %s moves: %q", r.args, ph, done[ph])
		}
	}
	pts.Close()
	<-read
}

// TestProgressLog: --progress=SECS writes plain lines to standard error,
// not a terminal: one every SECS, one at the end of each phase
// and one at the end, each with the time since the start; a run that
// ticks several times shows a phase more than once.
func TestProgressLog(t *testing.T) {
	for _, r := range progressPaths {
		var log lockedBuffer
		progressRun(t, &log, 1_000_000, append(r.args, "--progress=5ms")...)
		text := log.String()
		require.True(t, strings.HasSuffix(text, "\n"))
		assert.NotContains(t, text, "\r")
		assert.NotContains(t, text, "\x1b")
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		for _, l := range lines {
			assert.Regexp(t, plainTime, l)
		}
		order, done := phases(t, lines)
		assert.Equal(t, r.phases, order, "%v", r.args)
		ticks := 0
		for _, ph := range r.phases {
			ticks += len(done[ph]) - 1
		}
		assert.Positive(t, ticks, "%v: lines between the phases' ends: %q", r.args, lines)
	}

	// Through the command, on a file: -n reads it once; each phase's end
	// is a line, with the file's size.
	dir := t.TempDir()
	file := filepath.Join(dir, "in")
	require.NoError(t, os.WriteFile(file, []byte(shortLines(100_000)), 0o644))
	res := runBin(t, "", "", "--progress=1h", "-n", "3", file)
	require.Equal(t, 0, res.code, res.stderr)
	assert.Regexp(t, `^shuf: reading 800 kB of 800 kB, [0-9.]+ [kMG]?B/s, [0-9]+\.[0-9]s
shuf: writing 24 B, [0-9.]+ [kMG]?B/s, [0-9]+\.[0-9]s
$`, res.stderr)
	res = runBin(t, "", "", "--progress", "-e", "a", "b")
	assert.Regexp(t, `^shuf: shuffling 2 lines: 100%, [0-9]+\.[0-9]s
shuf: writing 4 B, [0-9.]+ [kMG]?B/s, [0-9]+\.[0-9]s
$`, res.stderr)
	res = runBin(t, "", "", "--progress=0", "-e", "a")
	assert.Equal(t, 1, res.code)
	assert.Equal(t, "shuf: invalid --progress interval: '0'\n", res.stderr)
}

// TestProgressTerminal runs the command for longer than the delay, its
// input held open, with standard error on a pseudo-terminal (the line
// shows, then goes) and on a pipe (nothing shows).
func TestProgressTerminal(t *testing.T) {
	t.Parallel() // it mostly waits
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
	assert.Regexp(t, `\rshuf: reading 4 B, [0-9.]+ B/s, [0-9]+s\x1b\[K`, tty.String())
	assert.True(t, strings.HasSuffix(tty.String(), "\r\x1b[K"), "%q", tty.String())
	assert.Empty(t, pipe.String(), "no line when standard error is not a terminal")
}

// TestProgressLine: the terminal's line shows the phase the run reports,
// what it has done and its rate, is redrawn in place, and is erased at
// the end; a run shorter than the delay shows nothing.
func TestProgressLine(t *testing.T) {
	var w lockedBuffer
	p := startProgress(&w, 0, time.Millisecond, false)
	slow := &tricklingReader{r: strings.NewReader(seqText(1, 2000))}
	require.NoError(t, lines.Shuffle(context.Background(), io.Discard, lines.Reader(slow), lines.Progress(p.phase)))
	waitFor(t, &w, "writing ")
	p.end()
	p.end() // a second end does nothing
	s := w.String()
	assert.Regexp(t, `\rshuf: reading [0-9.]+ k?B, [0-9.]+ [kM]?B/s, 0s\x1b\[K`, s)
	assert.Regexp(t, `\rshuf: writing 8\.9 kB of 8\.9 kB, [0-9.]+ [kM]?B/s, 0s\x1b\[K`, s)
	assert.True(t, strings.HasSuffix(s, "\r\x1b[K"), "the line is erased at the end: %q", s)
	assert.NotContains(t, s, "\n", "one line, redrawn in place")

	var quiet lockedBuffer
	p = startProgress(&quiet, time.Hour, time.Millisecond, false)
	p.end()
	assert.Empty(t, quiet.String(), "a run shorter than the delay shows nothing")
}

// tricklingReader gives its bytes 100 at a time, a millisecond apart, so
// that a progress line drawn every millisecond sees the reading.
type tricklingReader struct{ r io.Reader }

func (s *tricklingReader) Read(p []byte) (int, error) {
	time.Sleep(time.Millisecond)
	return s.r.Read(p[:min(len(p), 100)])
}

// TestProgressSameTerminal: with standard output and standard error on
// one terminal, the lines go there and no progress line runs into them;
// with -o FILE, or with standard output on another terminal, the line
// shows. Each run outlasts the delay, its input held open.
func TestProgressSameTerminal(t *testing.T) {
	t.Parallel() // it mostly waits
	type term struct {
		ptm, pts *os.File
		text     lockedBuffer
		read     chan struct{}
	}
	open := func() *term {
		ptm, pts, why := ptytest.Open()
		if pts == nil {
			t.Skip(why)
		}
		tt := &term{ptm: ptm, pts: pts, read: make(chan struct{})}
		go func() {
			io.Copy(&tt.text, ptm) // until the terminal is closed (EIO)
			close(tt.read)
		}()
		return tt
	}
	// close returns what the terminal got, with the line ends it made
	// of "\n" turned back.
	close := func(tt *term) string {
		tt.pts.Close()
		<-tt.read
		tt.ptm.Close()
		return strings.ReplaceAll(tt.text.String(), "\r\n", "\n")
	}
	out := filepath.Join(t.TempDir(), "out")
	one, both, other, two := open(), open(), open(), open()
	var wg sync.WaitGroup
	for _, r := range []struct {
		stdout, stderr *os.File
		args           []string
	}{{one.pts, one.pts, nil}, {both.pts, both.pts, []string{"-o", out}}, {other.pts, two.pts, nil}} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(bin, r.args...)
			in, err := cmd.StdinPipe()
			assert.NoError(t, err)
			cmd.Stdout, cmd.Stderr = r.stdout, r.stderr
			assert.NoError(t, cmd.Start())
			io.WriteString(in, "a\nb\n")
			time.Sleep(progressDelay + 3*progressEvery)
			in.Close()
			assert.NoError(t, cmd.Wait())
		}()
	}
	wg.Wait()
	text := close(one)
	assert.Equal(t, []string{"a\n", "b\n"}, sorted(text, '\n'), "a progress line on the lines' terminal: %q", text)
	assert.Regexp(t, `\rshuf: reading 4 B, [0-9.]+ B/s, [0-9]+s\x1b\[K`, close(both), "-o FILE: the line shows")
	assert.Equal(t, []string{"a\n", "b\n"}, sorted(close(other), '\n'))
	assert.Regexp(t, `\rshuf: reading 4 B, [0-9.]+ B/s, [0-9]+s\x1b\[K`, close(two), "another terminal: the line shows")
}
