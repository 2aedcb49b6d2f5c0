package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/long"
)

// startVM is the address space the built command maps when it starts,
// in KiB, under "ulimit -v limit" if limit > 0: Go's runtime maps some
// hundreds of MB it does not use, fewer under a limit.
func startVM(t *testing.T, limit int64) int64 {
	t.Helper()
	// Near some limits Go's runtime itself fails to start, about 1 run in
	// 50 (docs/data-preparation.md): a start that dies is tried again.
	for range 5 {
		if vm := startVMOnce(t, limit); vm > 0 {
			return vm
		}
	}
	t.Fatal("no VmSize")
	return 0
}

// startVMOnce is one try of startVM: 0 if the command ended first.
func startVMOnce(t *testing.T, limit int64) int64 {
	t.Helper()
	cmd := exec.Command(bin)
	if limit > 0 {
		cmd = exec.Command("sh", "-c", `ulimit -v "$0" && exec "$1"`, strconv.FormatInt(limit, 10), bin)
	}
	w, err := cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	defer func() {
		w.Close()
		cmd.Wait()
	}()
	for range 100 {
		time.Sleep(20 * time.Millisecond)
		if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", cmd.Process.Pid)); err == nil && strings.HasPrefix(string(b), bin) {
			if vm := statusKB(t, cmd.Process.Pid, "VmSize:"); vm > 0 {
				return vm
			}
		}
	}
	return 0
}

func statusKB(t *testing.T, pid int, field string) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, field); ok {
			kb, err := strconv.ParseInt(strings.Fields(rest)[0], 10, 64)
			require.NoError(t, err)
			return kb
		}
	}
	return 0
}

// underUlimit runs the built command under "ulimit -v kb", with TMPDIR tmp.
func underUlimit(t *testing.T, kb int64, tmp string, args ...string) result {
	t.Helper()
	cmd := exec.Command("sh", append([]string{"-c", `ulimit -v "$0" && exec "$@"`, strconv.FormatInt(kb, 10), bin}, args...)...)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TMPDIR="+tmp)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	return runResult(t, cmd, &out, &errb)
}

// TestUlimit: under "ulimit -v", --memory's default is what the address
// space leaves, so that a file larger than that is spilled, not lost to
// a crash; and (with SHUFFLE_LONG=1) what does not fit is GNU's error,
// with status 1, never Go's "fatal error: out of memory".
func TestUlimit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	// A limit that leaves some 200 MiB: the default is a third of what is
	// left when the command starts, and a larger input is spilled. (With
	// 120 MiB, a CI run had too little left for the spill's buffers after
	// reading, and said "memory exhausted" before it tried TMPDIR.)
	// With TMPDIR missing, the spill is an error naming it.
	// The runtime's mappings grow as it starts its threads, so VmSize
	// varies by tens of MiB from one look to the next: the room is taken
	// from the smaller of two looks, and the input is 24 MiB past a third
	// of it, so that it is past the default wherever shuf's own look falls.
	vm := startVM(t, 1000000) // the runtime's small reservation (roomyStart)
	kb := vm + 200<<10
	vm = min(vm, startVM(t, kb))
	room := (kb - vm) << 10
	t.Logf("ulimit -v %d leaves %d MiB", kb, room>>20)
	if room > 300<<20 {
		t.Skipf("ulimit -v %d leaves %d MiB: too much to fill here", kb, room>>20)
	}
	text := randomLines(int(room/3)+24<<20, 1, 100, 8)
	in := write(t, "in", text)
	r := underUlimit(t, kb, filepath.Join(dir, "missing"), "--seed", "2", in)
	assert.Equal(t, 1, r.code, "it did not spill")
	assert.Contains(t, r.stderr, filepath.Join(dir, "missing"))
	r = underUlimit(t, kb, dir, "--seed", "2", in)
	require.Equal(t, 0, r.code, r.stderr)
	assert.True(t, r.stdout == ok(t, "", "--seed", "2", in), "spilled, the output differs")
	assertEmpty(t, dir)

	// 250 MB (a sparse file of zeros, one line) are more than the same
	// room; -r holds the input in memory, and fails as GNU does. --memory
	// larger than the room is cut to a third of it, and the line, longer
	// than that, goes through a temporary file. (--allow-binary: zeros
	// are not text.) A gigabyte of copying: SHUFFLE_LONG=1 only.
	if !long.Enabled() {
		return
	}
	const big = 250e6
	sparse := filepath.Join(dir, "sparse")
	f, err := os.Create(sparse)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(big))
	require.NoError(t, f.Close())
	const gnu = "shuf: read error: Cannot allocate memory\n"
	r = underUlimit(t, kb, dir, "--allow-binary", "-r", "-n", "1", sparse)
	assert.Equal(t, 1, r.code)
	assert.Equal(t, gnu, r.stderr)
	assert.Empty(t, r.stdout)
	out := filepath.Join(dir, "out")
	r = underUlimit(t, kb, dir, "--allow-binary", "--memory", "2G", "-o", out, sparse)
	assert.Equal(t, 0, r.code, r.stderr)
	if fi, err := os.Stat(out); assert.NoError(t, err) {
		assert.Equal(t, int64(big+1), fi.Size())
	}
	os.Remove(out)
	// From a pipe, the buffer grows until it cannot.
	cmd := exec.Command("sh", "-c", `ulimit -v "$2" && cat "$1" | "$0" --allow-binary -r -n 1`, bin, sparse, strconv.FormatInt(kb, 10))
	both, err := cmd.CombinedOutput()
	assert.Error(t, err)
	assert.Equal(t, gnu, string(both))
}

// TestBigUlimit shuffles a 1 GiB file of 50- to 150-byte lines without
// --memory under "ulimit -v 1000000", which leaves some 250 MB: it is
// spilled, and its output is a permutation of it (go test ./cmd/shuf -run
// BigUlimit -v, with SHUFFLE_LONG=1).
func TestBigUlimit(t *testing.T) {
	long.Skip(t, "writes 2 GiB to disk")
	t.Parallel() // its processes run beside the other long tests
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	f, err := os.Create(in)
	require.NoError(t, err)
	var sum uint64
	for i := range uint64(64) {
		part := randomLines(16<<20, 50, 150, 100+i)
		for l := range strings.Lines(part) {
			sum += lineHash([]byte(l[:len(l)-1]))
		}
		_, err := f.WriteString(part)
		require.NoError(t, err)
	}
	require.NoError(t, f.Close())
	out := filepath.Join(dir, "out")
	start := time.Now()
	r := underUlimit(t, 1000000, dir, "-o", out, in)
	require.Equal(t, 0, r.code, r.stderr)
	t.Logf("1 GiB under ulimit -v 1000000: %v", time.Since(start).Round(time.Millisecond))
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, 1<<30, len(b))
	var got uint64
	for l := range strings.Lines(string(b)) {
		got += lineHash([]byte(l[:len(l)-1]))
	}
	assert.Equal(t, sum, got, "the output is not a permutation of the input")
}

// TestUlimitSweep: under every "ulimit -v" from where Go's runtime starts
// (sweep says what each run may do).
func TestUlimitSweep(t *testing.T) {
	long.Skip(t, "writes and shuffles 250 MB some 100 times")
	t.Parallel() // its processes run beside the other long tests
	dir := t.TempDir()
	limits := []int64{700000, 800000, 850000, 900000, 1000000, 1100000, 1300000, 2000000}
	started := map[int64]bool{} // limit: Go's runtime starts under it (looked at once)
	sweep(t, dir, sweepModes(t, dir), limits, func(kb int64, args ...string) (result, bool) {
		ok, seen := started[kb]
		if !seen {
			r := underUlimit(t, kb, dir, "--version")
			// Where Go's heap cannot grow, shuf refuses --version too
			// (tightStart), and every mode must then say the same.
			ok = r.code == 0 || r == result{code: 1, stderr: "shuf: memory exhausted\n"}
			started[kb] = ok
			if !ok {
				t.Logf("ulimit -v %d: Go's runtime does not start: %.60q", kb, r.stderr)
			}
		}
		if !ok {
			return result{}, false
		}
		return underUlimitShell(t, kb, dir, args...), true
	}, "ulimit -v %d")
}

// TestCgroupSweep: under every memory limit of a cgroup of its own, from
// 150 MiB, the kernel never kills a run (status 137): it finishes, or
// exits 1 with GNU's message (sweep). It needs a cgroup it may make (as
// root, v1's memory controller or v2 with memory delegated).
func TestCgroupSweep(t *testing.T) {
	long.Skip(t, "shuffles 250 MB some 30 times in cgroups")
	t.Parallel() // its processes run beside the other long tests
	cg := newCgroup(t)
	dir, err := os.MkdirTemp(diskTmp, "shuf-cgroup-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	modes := sweepModes(t, dir)
	limits := []int64{150 << 20, 250 << 20, 300 << 20, 600 << 20}
	sweep(t, dir, modes[:8], limits, func(bytes int64, args ...string) (result, bool) {
		require.NoError(t, os.WriteFile(filepath.Join(cg.dir, cg.limit), []byte(strconv.FormatInt(bytes, 10)), 0o644))
		return underShell(t, `echo $$ >"$0/cgroup.procs"`, cg.dir, dir, args...), true
	}, "a cgroup limit of %d bytes")
}

// diskTmp is the temporary directory before TestMain moves it to memory
// (tmpfs.Use): TestCgroupSweep's files stay there, as tmpfs pages would
// count against its cgroup's limit.
var diskTmp = os.TempDir()

// A cgroup is a memory cgroup made for a test: its directory and the
// name of its limit's file.
type cgroup struct{ dir, limit string }

// newCgroup makes a memory cgroup, removed when t ends, or skips t.
func newCgroup(t *testing.T) cgroup {
	t.Helper()
	name := fmt.Sprintf("shuf-test-%d", os.Getpid())
	for _, c := range []cgroup{{"/sys/fs/cgroup/memory", "memory.limit_in_bytes"}, {"/sys/fs/cgroup", "memory.max"}} {
		if _, err := os.Stat(filepath.Join(c.dir, c.limit)); err != nil && c.limit == "memory.limit_in_bytes" {
			continue // no v1 memory controller here
		}
		dir := filepath.Join(c.dir, name)
		if os.Mkdir(dir, 0o755) != nil {
			continue
		}
		t.Cleanup(func() { os.Remove(dir) })
		if _, err := os.Stat(filepath.Join(dir, c.limit)); err != nil {
			continue
		}
		return cgroup{dir, c.limit}
	}
	t.Skip("no memory cgroup this test may make (root, cgroup v1's memory controller or v2's with memory delegated)")
	return cgroup{}
}

// sweepModes returns the modes the sweeps run, on 250 MB of lines written
// in dir: the first eight need no more than a file and a pipe.
func sweepModes(t *testing.T, dir string) [][]string {
	t.Helper()
	in := filepath.Join(dir, "in")
	f, err := os.Create(in)
	require.NoError(t, err)
	for i := range uint64(10) {
		_, err := f.WriteString(randomLines(25<<20, 50, 150, 300+i))
		require.NoError(t, err)
	}
	require.NoError(t, f.Close())
	csv := filepath.Join(dir, "in.csv")
	require.NoError(t, os.Link(in, csv))
	other := filepath.Join(dir, "other")
	require.NoError(t, os.Link(in, other))
	out := filepath.Join(dir, "out")
	return [][]string{
		{"-r", "-n", "3", in},
		{"-n", "3", in},
		{"-n", "3", "-", "<", in},
		{in, "-o", out},
		{"--memory", "4G", in, "-o", out},
		{"-", "<", in, "-o", out},
		{"--csv", csv, "-o", out},
		{"--aligned", in, other, "-o", filepath.Join(dir, "aligned")},
		{"-n", "100000", in},
		{"-i", "1-40000000", "-o", out}, // its order is mapped apart from Go's heap (permutation)
		{"-i", "1-1000000000000", "-n", "3"},
		{"--algo", "inside-out", in, "-o", out},
	}
}

// sweep runs every mode under each limit, smallest first, with run (whose
// false says the limit cannot be tried), and holds each run to finish or
// to exit 1 with GNU's message, never a crash, and each mode, once it has
// finished under a limit, to finish under every larger one. what names a
// limit in messages.
func sweep(t *testing.T, dir string, modes [][]string, limits []int64, run func(limit int64, args ...string) (result, bool), what string) {
	t.Helper()
	passed := make([]int64, len(modes)) // the first limit each mode finished under
	for _, limit := range limits {
		for i, args := range modes {
			r, ok := run(limit, args...)
			if !ok {
				break
			}
			os.RemoveAll(filepath.Join(dir, "aligned"))
			at := fmt.Sprintf(what, limit)
			switch {
			case r.code == 0:
				if passed[i] == 0 {
					passed[i] = limit
				}
			case r.code == 1 && (r.stderr == "shuf: read error: Cannot allocate memory\n" || r.stderr == "shuf: memory exhausted\n" ||
				args[0] == "--algo" && strings.HasPrefix(r.stderr, "shuf: --algo inside-out shuffles in memory, and the input is larger than --memory")):
				assert.Zero(t, passed[i], "%q: failed under %s, finished under %d", args, at, passed[i])
			case beforeMain(r.stderr):
				// Near ulimit -v 1300000 the runtime's start has some 40 MB
				// to spare, and fails now and then (1 in 40 to 60 runs of
				// shuf --version), before any code of shuf runs.
				t.Logf("%q under %s: Go's runtime did not start", args, at)
			default:
				t.Errorf("%q under %s: status %d: %.300q", args, at, r.code, r.stderr)
			}
			t.Logf("%s %q: status %d %.60q", at, args, r.code, r.stderr)
		}
	}
	for i, args := range modes {
		t.Logf("%q finishes from %d", args, passed[i])
	}
}

// beforeMain reports whether stderr is Go's runtime failing as it starts,
// before the program's main: no frame of the program is on any stack.
func beforeMain(stderr string) bool {
	return strings.Contains(stderr, "fatal error: out of memory") &&
		!strings.Contains(stderr, "main.main") && !strings.Contains(stderr, "github.com/fairshuffle/")
}

// underUlimitShell is underUlimit with standard input from FILE where
// args hold "<", FILE; standard output is discarded.
func underUlimitShell(t *testing.T, kb int64, tmp string, args ...string) result {
	t.Helper()
	return underShell(t, `ulimit -v "$0"`, strconv.FormatInt(kb, 10), tmp, args...)
}

// underShell runs the built command from sh after setup, a shell command
// that reads arg as $0 (a limit, a cgroup), with TMPDIR tmp, standard
// input from FILE where args hold "<", FILE, and standard output
// discarded.
func underShell(t *testing.T, setup, arg, tmp string, args ...string) result {
	t.Helper()
	script, pre := setup+` && exec "$@" >/dev/null`, []string{arg}
	if i := slices.Index(args, "<"); i >= 0 {
		script = setup + ` && f=$1 && shift && exec "$@" <"$f" >/dev/null`
		pre = append(pre, args[i+1])
		args = append(args[:i:i], args[i+2:]...)
	}
	cmd := exec.Command("sh", append(append(append([]string{"-c", script}, pre...), bin), args...)...)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "TMPDIR="+tmp)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	return runResult(t, cmd, &out, &errb)
}

// TestTightStart: under "ulimit -v 800000" Go's heap has no room for a
// second arena, and the command says GNU's "memory exhausted" (status 1)
// before it does anything, even --version (tightStart). Before that
// check it crashed in its first allocations about 1 run in 90 (11 of
// 1,000 in the two modes below; so the 120 runs of the default form all
// pass with it left out about 1 time in 4, the 600 of SHUFFLE_LONG=1's 1
// time in 700). About 1 start in 100 Go's runtime itself fails there,
// before main (beforeMain), as any Go program of the command's size may.
// Under 880000 it starts.
func TestTightStart(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("measured on linux/amd64")
	}
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	require.NoError(t, os.WriteFile(in, []byte(randomLines(8<<20, 50, 150, 7)), 0o644))
	r := underUlimit(t, 880000, dir, "--version")
	require.Equal(t, 0, r.code, r.stderr)
	exhausted := result{code: 1, stderr: "shuf: memory exhausted\n"}
	for _, args := range [][]string{{"--version"}, {"-n", "3", in}, {"--aligned", in, in, "-o", filepath.Join(dir, "aligned")}} {
		runs := 60 // 300 with SHUFFLE_LONG=1
		switch {
		case args[0] == "--version":
			runs = 20
		case long.Enabled():
			runs = 300
		}
		failed, unstarted := 0, 0
		for range runs {
			switch r := underUlimit(t, 800000, dir, args...); {
			case r == exhausted:
			case beforeMain(r.stderr):
				unstarted++
			default:
				failed++
				t.Logf("%q: status %d: %.300q", args, r.code, r.stderr)
			}
		}
		assert.Zero(t, failed, "%q: of %d runs", args, runs)
		assert.Less(t, unstarted, runs/10, "%q: Go's runtime did not start", args)
		t.Logf("%q: %d runs, %d where Go's runtime did not start", args, runs, unstarted)
	}
}

// TestRoomyStart: under "ulimit -v 1300000" the command starts with Go's
// runtime's small reservation, as under 1100000, not the 1.26 GB one
// that left it 40 MB: more room never leaves less (roomyStart). The
// limit it runs under is still 1300000 KiB.
func TestRoomyStart(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("measured on linux/amd64")
	}
	small := startVM(t, 1100000)
	vm := startVM(t, 1300000)
	assert.Less(t, vm, small+64<<10, "VmSize %d KiB under 1300000, %d under 1100000", vm, small)
	// The exec keeps the arguments (empty ones and spaces too) and the
	// environment, and gives the limit back.
	run := func(script string, env ...string) string {
		var out []byte
		var err error
		for range 5 { // as in startVM, a start the runtime itself fails is tried again
			cmd := exec.Command("sh", "-c", "ulimit -v 1300000 && "+script, bin)
			cmd.Env = append(os.Environ(), env...)
			if out, err = cmd.CombinedOutput(); err == nil || !beforeMain(string(out)) {
				break
			}
		}
		return string(out)
	}
	want, err := exec.Command(bin, "--seed", "1", "-e", "x", "a b", "", "").Output()
	require.NoError(t, err)
	assert.Equal(t, string(want), run(`exec "$0" --seed 1 -e x "a b" "" ""`))
	// An environment past execArgs goes through Go's heap instead.
	assert.Equal(t, string(want), run(`exec "$0" --seed 1 -e x "a b" "" ""`, "BIG1="+strings.Repeat("x", 100<<10), "BIG2="+strings.Repeat("y", 100<<10), "BIG3="+strings.Repeat("z", 100<<10)))
	assert.Equal(t, "shuf: cannot create temporary file in ‘/nonexistent-tmp’: No such file or directory\n",
		run(`seq 100000 | exec "$0" --memory 100K -o /dev/null`, "TMPDIR=/nonexistent-tmp"))
	assert.Equal(t, "1331200000\n", run(`"$0" /proc/self/limits | awk '/address space/ {print $4}'`))
}
