package lines

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCgroupLimit reads the memory limits of cgroups v1 and v2 as
// /proc/self and /sys/fs/cgroup show them: the process's own cgroup's and
// its ancestors', the lowest.
func TestCgroupLimit(t *testing.T) {
	v2mount := "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n"
	v1mount := "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n" +
		"36 31 0:33 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
	for _, tc := range []struct {
		name string
		fs   fstest.MapFS
		want int64
	}{
		{"none", fstest.MapFS{}, 0},
		{"v2, a container's own", fstest.MapFS{
			"proc/self/cgroup":           {Data: []byte("0::/\n")},
			"proc/self/mountinfo":        {Data: []byte(v2mount)},
			"sys/fs/cgroup/memory.max":   {Data: []byte("536870912\n")},
			"sys/fs/cgroup/memory.high":  {Data: []byte("max\n")},
			"sys/fs/cgroup/cgroup.procs": {Data: []byte("1\n")},
		}, 512 << 20},
		{"v2, no limit", fstest.MapFS{
			"proc/self/cgroup":         {Data: []byte("0::/\n")},
			"proc/self/mountinfo":      {Data: []byte(v2mount)},
			"sys/fs/cgroup/memory.max": {Data: []byte("max\n")},
		}, 0},
		{"v2, a parent's", fstest.MapFS{
			"proc/self/cgroup":                              {Data: []byte("0::/user.slice/app.scope\n")},
			"proc/self/mountinfo":                           {Data: []byte(v2mount)},
			"sys/fs/cgroup/user.slice/app.scope/memory.max": {Data: []byte("max\n")},
			"sys/fs/cgroup/user.slice/memory.max":           {Data: []byte("1073741824\n")},
		}, 1 << 30},
		{"v2, own lower than the parent's", fstest.MapFS{
			"proc/self/cgroup":                              {Data: []byte("0::/user.slice/app.scope\n")},
			"proc/self/mountinfo":                           {Data: []byte(v2mount)},
			"sys/fs/cgroup/user.slice/app.scope/memory.max": {Data: []byte("268435456\n")},
			"sys/fs/cgroup/user.slice/memory.max":           {Data: []byte("1073741824\n")},
		}, 256 << 20},
		{"v1, a parent's", fstest.MapFS{
			"proc/self/cgroup":    {Data: []byte("9:name=systemd:/\n4:memory:/process_api/71d97e\n3:cpu,cpuacct:/\n0::/\n")},
			"proc/self/mountinfo": {Data: []byte(v1mount)},
			"sys/fs/cgroup/memory/process_api/71d97e/memory.limit_in_bytes": {Data: []byte("9223372036854771712\n")},
			"sys/fs/cgroup/memory/process_api/memory.limit_in_bytes":        {Data: []byte("268435456\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes":                    {Data: []byte("9223372036854771712\n")},
		}, 256 << 20},
		{"v1, the mount is the cgroup", fstest.MapFS{
			"proc/self/cgroup":                           {Data: []byte("4:memory:/docker/abc\n")},
			"proc/self/mountinfo":                        {Data: []byte("35 31 0:32 /docker/abc /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes": {Data: []byte("104857600\n")},
		}, 100 << 20},
		{"v1 and v2 at once: the lower", fstest.MapFS{
			"proc/self/cgroup":                             {Data: []byte("4:memory:/a\n0::/b\n")},
			"proc/self/mountinfo":                          {Data: []byte(v1mount + "41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n")},
			"sys/fs/cgroup/memory/a/memory.limit_in_bytes": {Data: []byte("209715200\n")},
			"sys/fs/cgroup/unified/b/memory.max":           {Data: []byte("104857600\n")},
		}, 100 << 20},
		{"no mountinfo: the usual places", fstest.MapFS{
			"proc/self/cgroup":         {Data: []byte("0::/\n")},
			"sys/fs/cgroup/memory.max": {Data: []byte("52428800\n")},
		}, 50 << 20},
		{"a mount point with a space", fstest.MapFS{
			"proc/self/cgroup":            {Data: []byte("0::/\n")},
			"proc/self/mountinfo":         {Data: []byte(`30 23 0:26 / /sys/fs/my\040cgroup rw - cgroup2 cgroup2 rw` + "\n")},
			"sys/fs/my cgroup/memory.max": {Data: []byte("52428800\n")},
		}, 50 << 20},
	} {
		assert.Equal(t, tc.want, cgroupLimit(tc.fs), tc.name)
	}
}

// TestPermutationRoom: under an address-space limit that leaves 140 MiB,
// the order of -i 1-n fits a third of the room, but not with heapReserve
// kept beside it, so the numbers are spilled instead; that finishes with
// the output an unlimited run gives, or, where the spill itself has too
// little room, ends in ErrOutOfMemory: never in Go's crash. (Before the
// spill's reads were checked against the room, this run crashed in Go's
// heap growth: 1 run in 3 under 120 MiB, 1 in 8 under 140, with coverage
// on.) The limit is set in a process
// of its own, the test binary run again, which picks n from the room it
// finds and reports it.
func TestPermutationRoom(t *testing.T) {
	const seed = 3
	if out := os.Getenv("LINES_ROOM_CHILD"); out != "" {
		vm := procStatus("VmSize:")
		var rl syscall.Rlimit
		require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &rl))
		rl.Cur = uint64(vm + 140<<20)
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &rl))
		room := addressRoom()
		n := (room - heapReserve + 1<<20) / 6 // 6 bytes a number in memory
		t.Logf("room %d MiB, n %d", room>>20, n)
		require.True(t, cost(0, n) <= room/3 && 6*n+heapReserve > room, "the room does not test the fallback")
		require.NoError(t, os.WriteFile(out+".n", []byte(strconv.FormatInt(n, 10)), 0o644))
		f, err := os.Create(out)
		require.NoError(t, err)
		err = Shuffle(context.Background(), f, Range(1, uint64(n)), Seed(seed))
		require.NoError(t, f.Close())
		if errors.Is(err, ErrOutOfMemory) {
			require.NoError(t, os.WriteFile(out+".nomem", nil, 0o644))
			return
		}
		require.NoError(t, err)
		return
	}
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(os.Args[0], "-test.run=^TestPermutationRoom$", "-test.v")
	cmd.Env = append(os.Environ(), "LINES_ROOM_CHILD="+out, "TMPDIR="+t.TempDir())
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
	nb, err := os.ReadFile(out + ".n")
	require.NoError(t, err)
	n, err := strconv.ParseUint(string(nb), 10, 64)
	require.NoError(t, err)
	if _, err := os.Stat(out + ".nomem"); err == nil {
		t.Logf("n %d: ErrOutOfMemory", n)
		return
	}
	var want bytes.Buffer
	require.NoError(t, Shuffle(context.Background(), &want, Range(1, n), Seed(seed)))
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want.Bytes(), got), "spilled, the output differs")
	t.Logf("n %d: the same output", n)
}

// TestBucketsGrowFails: a bucket that cannot grow while the dealers deal
// (the room under an address-space or cgroup limit gone) ends the run
// with that error, GNU's "read error: Cannot allocate memory"; no line is
// lost without one (deal.go's put and stopDealers keep the first error).
func TestBucketsGrowFails(t *testing.T) {
	smallBuckets(t)
	in := randomLines(200<<10, 1, 40, 3)
	old := cgroupMemory
	t.Cleanup(func() { cgroupMemory = old })
	var calls atomic.Int32
	cgroupMemory = func() int64 {
		if calls.Add(1) == 1 {
			return 0 // the first part's buffer: no limit
		}
		return procStatus("VmRSS:") + cgroupReserve // then no room at all
	}
	src := rand.NewChaCha8(seedKey(1))
	var b bytes.Buffer
	s := &shuf{o: &options{count: 1<<64 - 1, delim: '\n'}, stdout: &b, src: src, own: src, mem: 1 << 30, tmp: &tempDir{}}
	t.Cleanup(s.tmp.remove)
	// A pipe: its buckets ask for room only as the dealers fill them.
	_, done, err := s.bucketShuffle(struct{ io.Reader }{strings.NewReader(in)}, -1)
	require.True(t, done)
	var re *ReadError
	require.ErrorAs(t, err, &re)
	assert.ErrorIs(t, re.Err, syscall.ENOMEM)
	assert.Greater(t, calls.Load(), int32(1))
}
