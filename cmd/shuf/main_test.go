package main

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/tmpfs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"
)

// bin is the command, built once for all the tests.
var bin string

func TestMain(m *testing.M) {
	if args := os.Getenv("SHUF_PEAK_ARGS"); args != "" {
		peakHelper(strings.Split(args, "\x1f"))
	}
	flag.Parse()
	dir, err := os.MkdirTemp("", "shuf-test-")
	if err != nil {
		panic(err)
	}
	bin = filepath.Join(dir, "shuf")
	build := []string{"build", "-o", bin}
	if raceEnabled {
		build = append(build, "-race")
	}
	if out, err := exec.Command("go", append(build, ".")...).CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build: %v\n%s", err, out)
		os.Exit(1)
	}
	// The binary is built first: /dev/shm may be mounted noexec.
	done := tmpfs.Use()
	code := m.Run()
	done()
	os.RemoveAll(dir)
	os.Exit(code)
}

type result struct {
	stdout, stderr string
	code           int
}

// runBin runs the built command with stdin, in the C locale, and with TMPDIR
// set to tmp if not empty.
func runBin(t *testing.T, stdin, tmp string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Env = append(os.Environ(), "LC_ALL=C")
	if tmp != "" {
		cmd.Env = append(cmd.Env, "TMPDIR="+tmp)
	}
	// No peak memory here: a child of this process is charged this
	// process's peak (runPeak measures one).
	return runResult(t, cmd, &out, &errb)
}

// runResult runs cmd, whose standard output and error go to out and errb,
// and returns what it wrote and its exit status; it fails t if cmd could
// not run at all.
func runResult(t *testing.T, cmd *exec.Cmd, out, errb fmt.Stringer) result {
	t.Helper()
	err := cmd.Run()
	r := result{stdout: out.String(), stderr: errb.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return r
}

func ok(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	r := runBin(t, stdin, "", args...)
	require.Equal(t, 0, r.code, "shuf %q: %s", args, r.stderr)
	require.Empty(t, r.stderr, "shuf %q", args)
	return r.stdout
}

func write(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(content), 0o666))
	return p
}

// sorted returns the lines of s, each with its delimiter, sorted.
func sorted(s string, delim byte) []string {
	l := strings.SplitAfter(s, string(delim))
	if l[len(l)-1] == "" {
		l = l[:len(l)-1]
	}
	slices.Sort(l)
	return l
}

// input is lines of many lengths: empty ones, duplicates, one longer than
// the command's 1 MiB read buffer, and no final newline.
func input() string {
	var b strings.Builder
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		fmt.Fprintf(&b, "%d%s\n", i%9000, strings.Repeat("x", r.IntN(40)))
	}
	b.WriteString("\n\n" + strings.Repeat("long", 300000) + "\nlast line, no newline")
	return b.String()
}

func TestPermutation(t *testing.T) {
	t.Parallel()
	in := input()
	want := sorted(in+"\n", '\n')
	file := write(t, "in", in)
	for _, args := range [][]string{
		{file},
		{"--memory", "64K", file}, // past memory: three levels of spill files
		{"-"},
		{"--memory", "64K"},
		{"--crypto", file},
		{"--algo", "inside-out", file},
		{"-n", "1000000000", file}, // too many for the reservoir: the full shuffle, cut short
	} {
		stdin := ""
		if !slices.Contains(args, file) {
			stdin = in
		}
		out := ok(t, stdin, args...)
		assert.Equal(t, want, sorted(out, '\n'), "shuf %q: not a permutation", args)
		assert.NotEqual(t, in+"\n", out, "shuf %q: input order", args)
	}
}

func TestZeroTerminated(t *testing.T) {
	in := "a\nb\x00c\x00\x00d"
	out := ok(t, in, "-z")
	assert.Equal(t, []string{"\x00", "a\nb\x00", "c\x00", "d\x00"}, sorted(out, 0))
	out = ok(t, "", "-z", "-e", "x", "y")
	assert.Equal(t, []string{"x\x00", "y\x00"}, sorted(out, 0))
	out = ok(t, "", "-z", "-i", "1-3")
	assert.Equal(t, []string{"1\x00", "2\x00", "3\x00"}, sorted(out, 0))
}

func TestFinalNewline(t *testing.T) {
	assert.Equal(t, "a\n", ok(t, "a", "-n", "5"))
	assert.Equal(t, "a\n", ok(t, "a"))
	assert.Equal(t, []string{"a\n", "b\n"}, sorted(ok(t, "a\nb"), '\n'))
	assert.Equal(t, "\n", ok(t, "\n"))
	assert.Equal(t, "", ok(t, ""))
}

func TestCount(t *testing.T) {
	t.Parallel()
	in := strings.Repeat("x\n", 0)
	for i := range 100 {
		in += strconv.Itoa(i) + "\n"
	}
	all := sorted(in, '\n')
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{"-n", "0"}, 0},
		{[]string{"-n", "1"}, 1},
		{[]string{"-n", "37"}, 37},
		{[]string{"-n", "100"}, 100},
		{[]string{"-n", "5000"}, 100},
		{[]string{"-n", "9", "-n", "4"}, 4}, // the smallest, as GNU
		{[]string{"-n4"}, 4},
		{[]string{"--head-count=4"}, 4},
		{[]string{"--head=4"}, 4},
		{[]string{"-n", "99999999999999999999999"}, 100}, // too large to hold: all
		{[]string{"-n", "3", "--algo", "naive"}, 3},
		{[]string{"-n", "3", "-e", "a", "b", "c", "d"}, 3},
	} {
		r := runBin(t, in, "", tc.args...)
		require.Equal(t, 0, r.code, "%q: %s", tc.args, r.stderr)
		got := sorted(r.stdout, '\n')
		assert.Len(t, got, tc.want, "%q", tc.args)
		if !slices.Contains(tc.args, "-e") {
			for _, l := range got {
				_, found := slices.BinarySearch(all, l)
				assert.True(t, found, "%q: %q is not an input line", tc.args, l)
			}
		}
		assert.Len(t, slices.Compact(got), len(got), "%q: a line twice", tc.args)
	}
	// -n 0 reads nothing, so a missing file is no error, as with GNU.
	assert.Equal(t, "", ok(t, "", "-n", "0", "no-such-file"))
}

func TestRange(t *testing.T) {
	seq := func(lo, hi int) []string {
		var s []string
		for i := lo; i <= hi; i++ {
			s = append(s, strconv.Itoa(i)+"\n")
		}
		slices.Sort(s)
		return s
	}
	assert.Equal(t, seq(1, 10), sorted(ok(t, "", "-i", "1-10"), '\n'))
	assert.Equal(t, seq(7, 7), sorted(ok(t, "", "-i", "7-7"), '\n'))
	assert.Equal(t, "", ok(t, "", "-i", "5-4"), "the empty range")
	assert.Equal(t, seq(1, 3), sorted(ok(t, "", "--input-range", " +1-3"), '\n'))
	assert.Equal(t, seq(0, 2), sorted(ok(t, "", "-i0-2"), '\n'))
	out := sorted(ok(t, "", "-i", "1000000-1999999", "-n", "5"), '\n')
	require.Len(t, out, 5)
	for _, l := range out {
		v, err := strconv.Atoi(strings.TrimSpace(l))
		require.NoError(t, err)
		assert.True(t, v >= 1000000 && v <= 1999999, "%d out of range", v)
	}
	assert.Len(t, slices.Compact(out), 5)
	// Nearly the whole of uint64, far past int: drawn until distinct.
	out = sorted(ok(t, "", "-i", "1-18446744073709551615", "-n", "3"), '\n')
	assert.Len(t, slices.Compact(out), 3)
	// LO..HI shuffles exactly as the same numbers on standard input.
	assert.Equal(t, ok(t, seqText(1, 2000), "--seed", "3"), ok(t, "", "--seed", "3", "-i", "1-2000"))
}

// TestRepeat checks -r's counts and its ends; TestRepeatUniform tests its
// picks by chi-square, the last line included.
func TestRepeat(t *testing.T) {
	t.Parallel()
	heads := func(args ...string) int {
		out := ok(t, "", append(args, "-r", "-n", "1000", "-e", "heads", "tails")...)
		assert.Equal(t, 1000, strings.Count(out, "\n"))
		return strings.Count(out, "heads\n")
	}
	// 1000 fair coins: the standard deviation is √(1000/4) = 15.8, so ±80
	// is 5.06 of them: a fair coin fails 1 time in 2.4 million (two-sided
	// normal tail, 4.2·10⁻⁷). The negative control, a source of zero bytes,
	// always picks the first line.
	assert.InDelta(t, 500, heads("--seed", "1"), 80, "1000 fair coins")
	zeros := write(t, "zeros", string(make([]byte, 8000)))
	assert.Greater(t, math.Abs(float64(heads("--random-source", zeros)-500)), 80.0, "the negative control passed")
	out := ok(t, "a\nb\nc", "-r", "-n", "50")
	assert.Equal(t, 50, strings.Count(out, "\n"))
	assert.Equal(t, 50, strings.Count(out, "a\n")+strings.Count(out, "b\n")+strings.Count(out, "c\n"))
	out = ok(t, "", "-r", "-n", "20", "-i", "5-6")
	assert.Equal(t, 20, strings.Count(out, "5\n")+strings.Count(out, "6\n"))
	assert.Equal(t, "", ok(t, "", "-r", "-n", "0"))

	// Without -n, -r runs until its reader stops reading, as GNU does.
	cmd := exec.Command(bin, "-r", "-e", "y")
	pipe, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	buf := make([]byte, 3<<20)
	n, err := io.ReadFull(pipe, buf)
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat("y\n", n/2), string(buf[:n]))
	pipe.Close()
	err = cmd.Wait()
	ee, isExit := err.(*exec.ExitError)
	require.True(t, isExit, "want it to stop, got %v", err)
	assert.Equal(t, 141, ee.ExitCode(), "128 + SIGPIPE, as the shell reports for GNU shuf")

	// An argument is a line, whatever it holds, with -r and without.
	assert.Equal(t, strings.Repeat("a\nb\n", 4), ok(t, "", "-r", "-n", "4", "-e", "a\nb"))
}

func TestEchoLines(t *testing.T) {
	for _, args := range [][]string{{"-e", "a\nb", "c", "d"}, {"-n", "3", "-e", "a\nb", "c", "d"}, {"--algo", "inside-out", "-e", "a\nb", "c", "d"}} {
		out := ok(t, "", args...)
		assert.Len(t, out, 8, "%q", args)
		assert.Contains(t, out, "a\nb\n", "%q: the argument was split", args)
	}
}

func TestOutputFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	assert.Equal(t, "", ok(t, "", "-i", "1-5", "-o", out))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, sorted("1\n2\n3\n4\n5\n", '\n'), sorted(string(b), '\n'))
	// -o may name the input: it is opened after the input is read.
	in := write(t, "in", "a\nb\nc\n")
	ok(t, "", "-o", in, in)
	b, err = os.ReadFile(in)
	require.NoError(t, err)
	assert.Equal(t, []string{"a\n", "b\n", "c\n"}, sorted(string(b), '\n'))
}

// TestErrors checks GNU shuf's messages and exit status, word for word
// (GNU coreutils 9.1 in the C locale).
func TestErrors(t *testing.T) {
	t.Parallel()
	gnu := gnuShuf()
	dir := t.TempDir()
	short := write(t, "short", "abc")
	try := "\nTry 'shuf --help' for more information.\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"no-such-file"}, "shuf: no-such-file: No such file or directory\n"},
		{[]string{dir}, "shuf: read error: Is a directory\n"},
		{[]string{"-x"}, "shuf: invalid option -- 'x'" + try},
		{[]string{"--foo"}, "shuf: unrecognized option '--foo'" + try},
		{[]string{"--r"}, "shuf: option '--r' is ambiguous; possibilities: '--random-source' '--repeat'" + try},
		{[]string{"-n"}, "shuf: option requires an argument -- 'n'" + try},
		{[]string{"--head-count"}, "shuf: option '--head-count' requires an argument" + try},
		{[]string{"--repeat=yes"}, "shuf: option '--repeat' doesn't allow an argument" + try},
		{[]string{"-n", "x"}, "shuf: invalid line count: 'x'\n"},
		{[]string{"-n", "-1"}, "shuf: invalid line count: '-1'\n"},
		{[]string{"-i", "5-3"}, "shuf: invalid input range: '5-3'\n"},
		{[]string{"-i", "x"}, "shuf: invalid input range: 'x'\n"},
		{[]string{"-i", "1x-3"}, "shuf: invalid input range: '1x'\n"},
		{[]string{"-i", "1-"}, "shuf: invalid input range: ''\n"},
		{[]string{"-i", "0-18446744073709551616"}, "shuf: invalid input range: '18446744073709551616': Value too large for defined data type\n"},
		{[]string{"-i", "1-2", "-i", "1-3"}, "shuf: multiple -i options specified\n"},
		{[]string{"-i", "1-2", "x"}, "shuf: extra operand 'x'" + try},
		{[]string{"-e", "-i", "1-3"}, "shuf: cannot combine -e and -i options" + try},
		{[]string{"-o", "a", "-o", "b"}, "shuf: multiple output files specified\n"},
		{[]string{"--random-source=a", "--random-source=b"}, "shuf: multiple random sources specified\n"},
		{[]string{"--seed=1", "--crypto"}, "shuf: multiple random sources specified\n"},
		{[]string{"--random-source", "no-such-file", "-i", "1-3"}, "shuf: no-such-file: No such file or directory\n"},
		{[]string{"--random-source", short, "-i", "1-100"}, "shuf: '" + short + "': end of file\n"},
		{[]string{"-r"}, "shuf: no lines to repeat\n"},
		{[]string{"-r", "-i", "1-0"}, "shuf: no lines to repeat\n"},
		{[]string{"-r", "-e"}, "shuf: no lines to repeat\n"},
		{[]string{"-i", "0-18446744073709551615"}, "shuf: invalid input range: '0-18446744073709551615'\n"},
		{[]string{"-i", "99999999999999999999"}, "shuf: invalid input range: '99999999999999999999': Value too large for defined data type\n"},
		{[]string{"-i", "5"}, "shuf: invalid input range: '5'\n"},
		{[]string{"-o", "", "-e", "a"}, "shuf: '': No such file or directory\n"},
		{[]string{"--random-source=", "-e", "a"}, "shuf: '': No such file or directory\n"},
		{[]string{"--random-source=no-such-source", "no-such-input"}, "shuf: no-such-input: No such file or directory\n"},
		{[]string{"--random-source", dir, "-i", "1-3"}, "shuf: '" + dir + "': read error: Is a directory\n"},
		{[]string{"--foo=bar"}, "shuf: unrecognized option '--foo=bar'" + try},
		{[]string{"-n", "a'b"}, `shuf: invalid line count: 'a\'b'` + "\n"},
		{[]string{"-n", "a\nb\x01"}, `shuf: invalid line count: 'a\nb\001'` + "\n"},
		{[]string{"a'b"}, `shuf: "a'b": No such file or directory` + "\n"},
		{[]string{"a b"}, "shuf: 'a b': No such file or directory\n"},
		{[]string{"-i", "1-3", "-o", filepath.Join(dir, "no", "x")}, "shuf: " + filepath.Join(dir, "no", "x") + ": No such file or directory\n"},
		{[]string{"--seed", "x"}, "shuf: invalid seed: 'x'\n"},
		{[]string{"--memory", "lots"}, "shuf: invalid --memory size: 'lots'\n"},
		{[]string{"--algo", "bogo"}, "shuf: unknown algorithm 'bogo'; one of: " + strings.Join(algoNames(), ", ") + try},
		{[]string{"--algo", "naive", "-r"}, "shuf: --algo has no effect with -r: each line is drawn independently" + try},
	} {
		r := runBin(t, "", "", tc.args...)
		assert.Equal(t, 1, r.code, "%q", tc.args)
		assert.Equal(t, tc.want, r.stderr, "%q", tc.args)
		assert.Empty(t, r.stdout, "%q", tc.args)
		if gnu != "" && !ours(tc.args) {
			cmd := exec.Command(gnu, tc.args...)
			cmd.Args[0] = "shuf" // GNU names itself after argv[0]
			cmd.Env = append(os.Environ(), "LC_ALL=C")
			var errb bytes.Buffer
			cmd.Stderr = &errb
			err := cmd.Run()
			assert.Equal(t, tc.want, errb.String(), "GNU shuf %q", tc.args)
			assert.Error(t, err, "GNU shuf %q", tc.args)
		}
	}
}

// gnuShuf is the path of GNU coreutils shuf 9.1 if this machine has it:
// TestErrors then checks its expectations against it too.
func gnuShuf() string {
	out, err := exec.Command("shuf", "--version").Output()
	if err != nil || !strings.HasPrefix(string(out), "shuf (GNU coreutils) 9.1\n") {
		return ""
	}
	p, _ := exec.LookPath("shuf")
	return p
}

// ours tells the options GNU shuf does not have.
func ours(args []string) bool {
	for _, a := range args {
		for _, o := range []string{"--seed", "--crypto", "--algo", "--memory"} {
			if strings.HasPrefix(a, o) {
				return true
			}
		}
	}
	return false
}

func TestWriteError(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	for _, args := range [][]string{{"-i", "1-3", "-o", "/dev/full"}, {"-e", "a", "-o", "/dev/full"}} {
		r := runBin(t, "", "", args...)
		assert.Equal(t, 1, r.code)
		assert.Equal(t, "shuf: write error: No space left on device\n", r.stderr)
	}
	cmd := exec.Command(bin, "--help")
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	require.NoError(t, err)
	defer full.Close()
	var errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = full, &errb
	err = cmd.Run()
	require.Error(t, err)
	assert.Equal(t, "shuf: write error: No space left on device\n", errb.String())
}

func TestOddCorners(t *testing.T) {
	// -n 0 reads nothing and needs no randomness.
	assert.Equal(t, "", ok(t, "", "-n", "0", "--random-source", "no-such-source", "-e", "a"))
	// With POSIXLY_CORRECT, the first operand ends the options, as with GNU.
	cmd := exec.Command(bin, "file", "-n", "2")
	cmd.Env = append(os.Environ(), "POSIXLY_CORRECT=1", "LC_ALL=C")
	out, err := cmd.CombinedOutput()
	require.Error(t, err)
	assert.Equal(t, "shuf: file: No such file or directory\n", string(out), "-n and 2 are file operands")
}

// TestIgnoredSignals: a signal the parent ignores, as nohup does with
// SIGHUP, stays ignored.
func TestIgnoredSignals(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGHUP")
	}
	cmd := exec.Command("sh", "-c", `trap "" HUP INT; exec "$0" -r -e y > /dev/null`, bin)
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	time.Sleep(200 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(syscall.SIGHUP))
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	time.Sleep(200 * time.Millisecond)
	assert.NoError(t, cmd.Process.Signal(syscall.Signal(0)), "it died of an ignored signal")
}

func TestHelpVersion(t *testing.T) {
	h := ok(t, "", "--help", "-x") // acts at once, before the bad option
	assert.True(t, strings.HasPrefix(h, "Usage: shuf [OPTION]... [FILE]\n"))
	for _, want := range []string{"--seed=N", "--algo=NAME", "--crypto", "--memory=SIZE", "fisher-yates, durstenfeld"} {
		assert.Contains(t, h, want)
	}
	assert.True(t, strings.HasPrefix(ok(t, "", "--version", "--help"), "shuf (github.com/fairshuffle/shuffle) "))
	assert.Equal(t, h, ok(t, "", "--hel"), "an abbreviated long option")
}

func TestAlgoWarning(t *testing.T) {
	t.Parallel()
	r := runBin(t, "", "", "--algo", "naive", "-i", "1-5")
	assert.Equal(t, 0, r.code)
	assert.Equal(t, "shuf: warning: naive is a biased shuffle: some orders come out more often than others\n", r.stderr)
	assert.Len(t, sorted(r.stdout, '\n'), 5)
	for _, a := range shuffle.Algorithms() {
		r := runBin(t, "", "", "--algo", a.Name, "-i", "1-5")
		assert.Equal(t, !a.Uniform, strings.Contains(r.stderr, "warning"), a.Name)
	}
}

// TestGolden pins seeded outputs: --seed promises the same output in every
// later release. If one of these changes, the promise is broken.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"--seed", "1", "-i", "1-20"}, "4 10 12 2 15 8 19 6 18 11 7 5 3 13 14 20 17 16 9 1"},
		{"", []string{"--seed", "1", "-e", "a", "b", "c", "d", "e"}, "d b e c a"},
		{"", []string{"--seed", "42", "-n", "3", "-i", "1-1000000"}, "853397 205561 267000"},
		{"", []string{"--seed", "42", "-n", "3", "-r", "-i", "1-1000000"}, "853397 205561 266998"},
		{"", []string{"--seed", "1", "--algo", "durstenfeld", "-i", "1-10"}, "10 6 1 9 8 5 7 4 3 2"},
		// Changed on purpose twice. Issue 15: -n of a file or a pipe drew
		// as Sample(N, COUNT), "34 38 3 6 51" here, as -i 1-N still does,
		// which took a temporary copy of a pipe. Issue 32: a file and a
		// pipe are read once through a reservoir (Algorithm R, then
		// fisher-yates), as before issue 15, with no temporary file.
		{seqText(1, 100), []string{"--seed", "9", "-n", "5"}, "10 56 79 39 2"},
		{"", []string{"--seed", "9", "-n", "5", "-i", "1-100"}, "34 38 3 6 51"},
	} {
		got := strings.Fields(ok(t, tc.stdin, tc.args...))
		assert.Equal(t, tc.want, strings.Join(got, " "), "%q", tc.args)
	}
	// A large input, through both paths; its checksum is pinned.
	in := write(t, "in", seqText(1, 300000))
	for _, args := range [][]string{
		{"--memory", "64K", in}, {"--memory", "1M", in}, {"--memory", "1G", in},
		{"-i", "1-300000"}, {"-i", "1-300000", "--memory", "64K"},
	} {
		h := fnv.New64a()
		h.Write([]byte(ok(t, "", append([]string{"--seed", "7"}, args...)...)))
		assert.Equal(t, uint64(0x664eee0882b2434e), h.Sum64(), "%q", args)
	}
}

func seqText(lo, hi int) string {
	var b strings.Builder
	for i := lo; i <= hi; i++ {
		b.WriteString(strconv.Itoa(i) + "\n")
	}
	return b.String()
}

// TestSameEverywhere: a seed fixes the output whatever the memory, and
// whether the lines come from a file, standard input, -e or -i.
func TestSameEverywhere(t *testing.T) {
	t.Parallel()
	text := seqText(1, 50000)
	file := write(t, "in", text)
	want := ok(t, "", "--seed", "11", file)
	for _, tc := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"--memory", "64K", file}},
		{"", []string{"--memory", "200K", file}},
		{text, []string{"--memory", "64K"}},
		{text, nil},
		{"", []string{"-i", "1-50000", "--memory", "64K"}},
		{"", append([]string{"-e"}, strings.Fields(text)...)},
	} {
		assert.Equal(t, want, ok(t, tc.stdin, append([]string{"--seed", "11"}, tc.args...)...), "%q", tc.args[:min(len(tc.args), 3)])
	}
	assert.NotEqual(t, want, ok(t, "", "--seed", "12", file))

	// Standard input redirected from the file, partly read already: it is
	// sized from where it stands.
	f, err := os.Open(file)
	require.NoError(t, err)
	defer f.Close()
	_, err = f.Seek(int64(len("1\n2\n")), io.SeekStart)
	require.NoError(t, err)
	cmd := exec.Command(bin, "--seed", "11")
	cmd.Stdin = f
	got, err := cmd.Output()
	require.NoError(t, err)
	assert.Equal(t, ok(t, seqText(3, 50000), "--seed", "11"), string(got))
}

func TestRandomSource(t *testing.T) {
	b := make([]byte, 1<<16)
	r := rand.New(rand.NewPCG(3, 4))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	src := write(t, "random", string(b))
	one := ok(t, "", "--random-source", src, "-i", "1-100")
	assert.Equal(t, one, ok(t, "", "--random-source="+src, "-i", "1-100"))
	assert.Len(t, sorted(one, '\n'), 100)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	other := write(t, "random2", string(b))
	assert.NotEqual(t, one, ok(t, "", "--random-source", other, "-i", "1-100"))
	// One line needs no randomness, so an empty source is enough.
	assert.Equal(t, "x\n", ok(t, "x\n", "--random-source", "/dev/null"))
}

// TestCleanup: the temporary files are gone after a run, after Ctrl-C
// (SIGINT) and after SIGTERM.
func TestCleanup(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	in := write(t, "in", seqText(1, 200000))
	r := runBin(t, "", tmp, "--memory", "64K", in)
	require.Equal(t, 0, r.code, r.stderr)
	assertEmpty(t, tmp)

	// Stopped while reading standard input, after the spill began.
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd := startSpill(t, tmp)
		require.NoError(t, cmd.Process.Signal(sig))
		err := cmd.Wait()
		ee, isExit := err.(*exec.ExitError)
		require.True(t, isExit, "%v: %v", sig, err)
		assert.Equal(t, 128+int(sig), ee.ExitCode(), "%v", sig)
		assertEmpty(t, tmp)
	}
}

// TestCleanupBrokenPipe: a reader that goes away (shuf big | head) ends the
// command as it ends GNU's, and the temporary files go too.
func TestCleanupBrokenPipe(t *testing.T) {
	tmp := t.TempDir()
	in := write(t, "in", seqText(1, 300000))
	cmd := exec.Command(bin, "--memory", "64K", in)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	pipe, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	_, err = io.ReadFull(pipe, make([]byte, 10))
	require.NoError(t, err)
	pipe.Close()
	err = cmd.Wait()
	ee, isExit := err.(*exec.ExitError)
	require.True(t, isExit, "%v", err)
	assert.Equal(t, 141, ee.ExitCode())
	assert.Empty(t, errb.String(), "GNU shuf says nothing")
	assertEmpty(t, tmp)
}

// TestDiskFull: when the temporary files cannot be written, the command
// fails, removes them and prints nothing on standard output. The full disk
// is a file size limit (ulimit -f), which Go's runtime turns into EFBIG.
func TestDiskFull(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("ulimit -f is tested on Linux")
	}
	tmp := t.TempDir()
	in := write(t, "in", seqText(1, 400000))
	cmd := exec.Command("sh", "-c", `ulimit -f 16 && exec "$0" --memory 64K "$1"`, bin, in)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	ee, isExit := err.(*exec.ExitError)
	require.True(t, isExit, "%v: %s", err, errb.String())
	assert.Equal(t, 1, ee.ExitCode())
	assert.Regexp(t, `^shuf: write failed: .*: File too large\n$`, errb.String())
	assert.Empty(t, out.String())
	assertEmpty(t, tmp)
}

func countFiles(dir string) int {
	n := 0
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && p != dir {
			n++
		}
		return nil
	})
	return n
}

func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	assert.Zero(t, countFiles(dir), "files left in %s", dir)
}

// uniformP is the p-value of a chi-square test that counts, over trials,
// are uniform over k outcomes; an outcome missing from counts counts 0.
func uniformP(t *testing.T, counts map[string]int, k, trials int) float64 {
	t.Helper()
	require.LessOrEqual(t, len(counts), k, "more outcomes than there can be")
	e := float64(trials) / float64(k)
	chi2 := float64(k-len(counts)) * e
	for _, c := range counts {
		chi2 += (float64(c) - e) * (float64(c) - e) / e
	}
	return distuv.ChiSquared{K: float64(k - 1)}.Survival(chi2)
}

// TestBig shuffles a 1 GB file with --memory 64M and reports the peak
// resident memory (SHUFFLE_LONG=1 go test ./cmd/shuf -run Big -v).
func TestBig(t *testing.T) {
	long.Skip(t, "writes 2 GB to disk and runs for a minute or two")
	t.Parallel() // its processes run beside the other long tests
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	f, err := os.Create(in)
	require.NoError(t, err)
	r := rand.New(rand.NewPCG(1, 1))
	var b []byte
	var sum, size uint64
	for size < 1<<30 {
		b = b[:0]
		for range 10000 {
			l := strconv.AppendUint(nil, r.Uint64()>>uint(r.IntN(64)), 10)
			b = append(append(b, l...), '\n')
			sum += lineHash(l)
		}
		size += uint64(len(b))
		_, err := f.Write(b)
		require.NoError(t, err)
	}
	require.NoError(t, f.Close())
	outPath := filepath.Join(dir, "out")
	start := time.Now()
	// Under a fresh copy of the test binary (peakHelper): a child of this
	// process is charged this process's peak, which earlier tests raise.
	_, peak := runPeak(t, dir, bin, "--memory", "64M", "-o", outPath, in)
	took := time.Since(start)
	t.Logf("1 GB (%d bytes): %v, peak RSS %.1f MB", size, took.Round(time.Millisecond), float64(peak)/1e6)
	if peak == 0 {
		t.Log("the peak memory is not measured on this platform")
	} else {
		assert.Less(t, peak, int64(200e6), "peak memory")
	}
	out, err := os.ReadFile(outPath)
	require.NoError(t, err)
	var got uint64
	for l := range bytes.Lines(out) {
		got += lineHash(l[:len(l)-1])
	}
	assert.Equal(t, sum, got, "the output is not a permutation of the input")
	assert.Equal(t, size, uint64(len(out)))
}

func lineHash(l []byte) uint64 {
	h := fnv.New64a()
	h.Write(l)
	return h.Sum64()
}
