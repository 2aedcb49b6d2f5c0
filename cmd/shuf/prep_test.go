package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// numbered is the lines prefix+"0" … prefix+(n−1).
func numbered(prefix string, n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(prefix + strconv.Itoa(i) + "\n")
	}
	return b.String()
}

// readParts reads the files of --shards or --split, in order.
func readParts(t *testing.T, names []string) []string {
	t.Helper()
	var got []string
	for _, n := range names {
		b, err := os.ReadFile(n)
		require.NoError(t, err)
		got = append(got, string(b))
	}
	return got
}

// TestHeader: the first N lines come first, unshuffled, in every mode, and
// -n counts the lines after them. The data lines that follow must be lines
// of the input past the header, never the header again.
func TestHeader(t *testing.T) {
	t.Parallel()
	const hdr = "id,x\nunit,m\n"
	data := numbered("row", 30000) // past --memory 64K: spilled
	file := write(t, "a.csv", hdr+data)
	other := write(t, "b.csv", hdr+numbered("more", 10)) // its header is dropped
	dir := t.TempDir()
	check := func(name, out string, want []string) {
		t.Helper()
		require.True(t, strings.HasPrefix(out, hdr), "%s: no header first: %.40q", name, out)
		got := sorted(strings.TrimPrefix(out, hdr), '\n')
		if want == nil { // a subset
			for _, l := range got {
				assert.True(t, strings.HasPrefix(l, "row"), "%s: %q is not a data line", name, l)
			}
			return
		}
		assert.Equal(t, want, got, "%s", name)
	}
	all := sorted(data, '\n')
	both := sorted(data+numbered("more", 10), '\n')
	for _, tc := range []struct {
		name  string
		stdin string
		args  []string
		want  []string
		lines int
	}{
		{"memory", "", []string{file}, all, 30000},
		{"spill", "", []string{"--memory", "64K", file}, all, 30000},
		{"stdin", hdr + data, []string{"--memory", "64K"}, all, 30000},
		{"-n", "", []string{"-n", "7", file}, nil, 7},
		{"-n stdin", hdr + data, []string{"-n", "7"}, nil, 7},
		{"-n past the sampler", "", []string{"-n", "2000000", file}, all, 30000},
		{"-n 0", "", []string{"-n", "0", file}, nil, 0},
		{"-r", "", []string{"-r", "-n", "50", file}, nil, 50},
		{"--algo", "", []string{"--algo", "durstenfeld", file}, all, 30000},
		{"several", "", []string{file, other}, both, 30010},
		{"several, stdin", hdr + numbered("more", 10), []string{"--memory", "64K", file, "-"}, both, 30010},
	} {
		out := ok(t, tc.stdin, append([]string{"--seed", "3", "--header=2"}, tc.args...)...)
		check(tc.name, out, tc.want)
		assert.Equal(t, tc.lines+2, strings.Count(out, "\n"), "%s", tc.name)
	}
	// -e and -i: the header is the first N operands or numbers.
	assert.True(t, strings.HasPrefix(ok(t, "", "--header", "-e", "h", "a", "b", "c"), "h\n"))
	out := ok(t, "", "--header=3", "-i", "1-100", "-n", "5")
	assert.True(t, strings.HasPrefix(out, "1\n2\n3\n"))
	assert.Equal(t, 8, strings.Count(out, "\n"))
	// Each shard and each part of a split gets the header.
	for _, args := range [][]string{{"--shards", "4"}, {"--split", "80,10,10"}, {"--shards", "3", "-n", "7"}} {
		p := filepath.Join(dir, "p")
		ok(t, "", append([]string{"--seed", "1", "--header=2", "-o", p, file}, args...)...)
		o := &options{output: p}
		if args[0] == "--shards" {
			o.shards = 4
			if len(args) > 2 {
				o.shards = 3
			}
		} else {
			o.split = []int{80, 10, 10}
		}
		var rest strings.Builder
		for _, part := range readParts(t, o.partNames()) {
			require.True(t, strings.HasPrefix(part, hdr), "%q: a part without the header", args)
			rest.WriteString(strings.TrimPrefix(part, hdr))
		}
		if len(args) == 2 {
			assert.Equal(t, all, sorted(rest.String(), '\n'), "%q", args)
		} else {
			assert.Equal(t, 7, strings.Count(rest.String(), "\n"))
		}
	}
}

// TestSeveralInputs: the lines of several files are shuffled as the lines
// of their concatenation, a file's last line getting its newline, and "-"
// is standard input.
func TestSeveralInputs(t *testing.T) {
	t.Parallel()
	a := write(t, "a", "a1\na2\na3")
	b := write(t, "b", "b1\nb2\n")
	want := ok(t, "a1\na2\na3\nb1\nb2\n", "--seed", "4")
	assert.Equal(t, want, ok(t, "", "--seed", "4", a, b))
	assert.Equal(t, want, ok(t, "b1\nb2\n", "--seed", "4", a, "-"))
	assert.Equal(t, want, ok(t, "", "--seed", "4", "--memory", "64K", a, b))
	// --header with files shorter than it, an empty one, no last newline,
	// and -z: the header is what the first file has, a later file loses
	// its first N lines or all it has.
	short := write(t, "short", "h1")
	empty := write(t, "empty", "")
	one := write(t, "one", "x\n")
	out := ok(t, "", "--header=2", "--header-mismatch=drop", short, empty, one, b)
	assert.Equal(t, "h1\n", out, "the second file's 2 lines are its header")
	out = ok(t, "", "--header=1", "--header-mismatch=drop", "--seed", "1", a, empty, one, b)
	assert.True(t, strings.HasPrefix(out, "a1\n"))
	assert.Equal(t, []string{"a2\n", "a3\n", "b2\n"}, sorted(strings.TrimPrefix(out, "a1\n"), '\n'))
	z := write(t, "z", "h\x00p\x00q")
	out = ok(t, "", "-z", "--header", z, z)
	assert.True(t, strings.HasPrefix(out, "h\x00"))
	assert.Equal(t, []string{"p\x00", "p\x00", "q\x00", "q\x00"}, sorted(strings.TrimPrefix(out, "h\x00"), 0))

	r := runBin(t, "", "", a, "no-such-file")
	assert.Equal(t, 1, r.code)
	assert.Equal(t, "shuf: no-such-file: No such file or directory\n", r.stderr)
	assert.Empty(t, r.stdout)
}

// TestPartSizes: shards differ by at most one line, the first ones larger;
// a split gives each part its share rounded down and the lines left over
// to the largest remainders, the earlier part first on a tie.
func TestPartSizes(t *testing.T) {
	// The files: exactly one a part, empty ones too, and exact counts.
	dir := t.TempDir()
	p := filepath.Join(dir, "s")
	ok(t, "", "-i", "1-5", "--shards", "8", "-o", p)
	files, err := filepath.Glob(p + "-*")
	require.NoError(t, err)
	assert.Len(t, files, 8)
	var counts []int
	for _, part := range readParts(t, (&options{shards: 8, output: p}).partNames()) {
		counts = append(counts, strings.Count(part, "\n"))
	}
	assert.Equal(t, []int{1, 1, 1, 1, 1, 0, 0, 0}, counts)
	assert.FileExists(t, p+"-00007-of-00008")
	ok(t, "", "-i", "1-7", "--split", "80,10,10", "-o", p)
	counts = nil
	for _, part := range readParts(t, []string{p + ".train", p + ".val", p + ".test"}) {
		counts = append(counts, strings.Count(part, "\n"))
	}
	assert.Equal(t, []int{5, 1, 1}, counts)
	for _, bad := range [][]string{{"--split", "80,10,5"}, {"--split", "100"}, {"--shards", "2"}, {"--shards", "2", "--split", "50,50", "-o", p}, {"-r", "--shards", "2", "-o", p}} {
		r := runBin(t, "", "", append([]string{"-i", "1-5"}, bad...)...)
		assert.Equal(t, 1, r.code, "%q", bad)
		assert.Regexp(t, `^shuf: (invalid )?--s`, r.stderr, "%q", bad)
	}
}

// TestAligned is the aligned-files promise: with the same seed, inputs of
// the same number of lines get the same permutation in every path, so that
// features and labels shuffled apart stay aligned line by line.
func TestAligned(t *testing.T) {
	t.Parallel()
	const n = 20000
	feat := write(t, "features", numbered("f", n))
	lab := write(t, "labels", numbered("label ", n)) // longer lines: another size
	dir := t.TempDir()
	perm := func(out, prefix string) []int {
		t.Helper()
		var idx []int
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			v, err := strconv.Atoi(strings.TrimPrefix(l, prefix))
			require.NoError(t, err, "%q", l)
			idx = append(idx, v)
		}
		return idx
	}
	want := perm(ok(t, "", "--seed", "7", "-i", "0-19999"), "")
	for _, path := range [][]string{
		nil, {"--memory", "64K"}, {"--memory", "200K"}, {"stdin"},
		{"--shards", "3"}, {"--split", "80,10,10"}, {"--shards", "5", "--memory", "64K"},
	} {
		for _, f := range []struct{ file, prefix string }{{feat, "f"}, {lab, "label "}} {
			args := []string{"--seed", "7"}
			var out, stdin string
			switch {
			case len(path) == 1:
				b, err := os.ReadFile(f.file)
				require.NoError(t, err)
				stdin = string(b)
			case len(path) > 0 && strings.HasPrefix(path[0], "--s"):
				p := filepath.Join(dir, "p")
				ok(t, "", append(append(args, "-o", p, f.file), path...)...)
				o := &options{output: p}
				if path[0] == "--shards" {
					o.shards, _ = strconv.Atoi(path[1])
				} else {
					o.split = []int{80, 10, 10}
				}
				out = strings.Join(readParts(t, o.partNames()), "")
			default:
				args = append(append(args, path...), f.file)
			}
			if out == "" {
				out = ok(t, stdin, args...)
			}
			assert.Equal(t, want, perm(out, f.prefix), "%s through %q: not the permutation of -i", f.prefix, path)
		}
	}
}

// TestSampleSameEverywhere: -n COUNT with a seed writes the same lines,
// in the same order, from a file, several files and standard input, with
// any --memory (the reservoir); -i 1-N and -e pick the same line numbers
// as each other (Sample(N, COUNT)). With COUNT at least N, every way is
// the whole shuffle, and all agree.
func TestSampleSameEverywhere(t *testing.T) {
	t.Parallel()
	text := seqText(1, 3000)
	file := write(t, "in", text)
	half := write(t, "half", seqText(1501, 3000))
	for _, k := range []string{"1", "10", "2999", "3000", "5000"} {
		for _, seed := range []string{"1", "2"} {
			picked := ok(t, "", "--seed", seed, "-n", k, "-i", "1-3000")
			require.Equal(t, min(mustAtoi(k), 3000), strings.Count(picked, "\n"))
			assert.Equal(t, picked, ok(t, "", append([]string{"--seed", seed, "-n", k, "-e"}, strings.Fields(text)...)...), "-e")
			want := ok(t, "", "--seed", seed, "-n", k, file)
			require.Equal(t, min(mustAtoi(k), 3000), strings.Count(want, "\n"))
			if mustAtoi(k) >= 3000 {
				assert.Equal(t, picked, want, "-n %s --seed %s: the whole shuffle", k, seed)
			}
			for _, tc := range []struct {
				stdin string
				args  []string
			}{
				{text, nil},
				{"", []string{"--memory", "64K", file}},
				{text, []string{"--memory", "64K"}},
				{seqText(1, 1500), []string{"-", half}},
			} {
				got := ok(t, tc.stdin, append([]string{"--seed", seed, "-n", k}, tc.args...)...)
				assert.Equal(t, want, got, "-n %s --seed %s %.30q", k, seed, tc.args)
			}
		}
	}
}

func mustAtoi(s string) int {
	v, err := strconv.Atoi(s)
	if err != nil {
		panic(err)
	}
	return v
}

// TestSampleMemory: -n COUNT of a large file or pipe holds COUNT lines,
// not the input: its peak stays far under the input's size, and it needs
// no temporary file ($TMPDIR does not exist). The command runs under a
// fresh copy of the test binary (peakHelper), because a child started
// from this process is charged this process's peak.
func TestSampleMemory(t *testing.T) {
	file := filepath.Join(t.TempDir(), "big")
	f, err := os.Create(file)
	require.NoError(t, err)
	block := []byte(strings.Repeat(strings.Repeat("x", 200)+"\n", 1000))
	for range 64 << 20 / len(block) {
		_, err := f.Write(block)
		require.NoError(t, err)
	}
	require.NoError(t, f.Close())
	for _, stdin := range []bool{false, true} {
		args := []string{bin, "--seed", "1", "-n", "1000", file}
		if stdin {
			args = []string{bin, "--seed", "1", "-n", "1000", "<", file}
		}
		lines, peak := runPeak(t, filepath.Join(t.TempDir(), "missing"), args...)
		assert.Equal(t, 1000, lines)
		if peak > 0 {
			assert.Less(t, peak, int64(40<<20), "stdin %v: peak %d bytes for a 64 MiB input", stdin, peak)
		}
		t.Logf("-n 1000 of 64 MiB (from a pipe: %v): peak RSS %.1f MB", stdin, float64(peak)/1e6)
	}
}

// TestSampleNoTemp: -n from a pipe needs no $TMPDIR, as GNU's reservoir
// does not (seq 10 | TMPDIR=/nonexistent shuf -n 3), and for a seed a
// file and a pipe of the same lines give the same sample.
func TestSampleNoTemp(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "missing")
	r := runBin(t, seqText(1, 10), missing, "-n", "3")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Len(t, sorted(r.stdout, '\n'), 3)
	text := seqText(1, 200000)
	file := write(t, "in", text)
	for _, seed := range []string{"1", "2", "3"} {
		r := runBin(t, text, missing, "--seed", seed, "-n", "7")
		require.Equal(t, 0, r.code, r.stderr)
		assert.Equal(t, ok(t, "", "--seed", seed, "-n", "7", file), r.stdout, "--seed %s", seed)
	}
}

// runPeak runs args[0] with args[1:] (see peakHelper) under a fresh copy
// of the test binary, with TMPDIR tmp, and returns the lines it wrote to
// standard output and its peak resident memory (0 where not measured).
func runPeak(t *testing.T, tmp string, args ...string) (lines int, peak int64) {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "SHUF_PEAK_ARGS="+strings.Join(args, "\x1f"), "TMPDIR="+tmp)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	_, err = fmt.Sscan(string(out), &lines, &peak)
	require.NoError(t, err, "%s", out)
	return lines, peak
}

// peakHelper runs args[0] with args[1:], "< FILE" piping FILE to its
// standard input, and prints its output's line count and its peak resident
// memory; then it exits.
func peakHelper(args []string) {
	cmd := exec.Command(args[0])
	for i := 1; i < len(args); i++ {
		if args[i] == "<" {
			f, err := os.Open(args[i+1])
			if err != nil {
				panic(err)
			}
			cmd.Stdin = struct{ io.Reader }{f} // not an *os.File: a pipe
			i++
			continue
		}
		cmd.Args = append(cmd.Args, args[i])
	}
	out, err := cmd.Output()
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println(bytes.Count(out, []byte("\n")), maxRSS(cmd.ProcessState))
	os.Exit(0)
}
