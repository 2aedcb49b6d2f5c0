package lines

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
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

// TestPermutationRoom: the order of -i 1-6000000 fits a third of the 120
// MiB an address-space limit leaves, but not with heapReserve kept beside
// it, so the numbers are spilled instead; the output is the same. The
// limit is set in a process of its own: the test binary run again.
func TestPermutationRoom(t *testing.T) {
	const n, seed = 6_000_000, 3
	if os.Getenv("LINES_ROOM_CHILD") != "" {
		vm := procStatus("VmSize:")
		var rl syscall.Rlimit
		require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &rl))
		rl.Cur = uint64(vm + 120<<20)
		require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &rl))
		room := addressRoom()
		t.Logf("room %d MiB", room>>20)
		require.True(t, cost(0, n) <= room/3 && 6*n+heapReserve > room, "the room does not test the fallback")
		f, err := os.Create(os.Getenv("LINES_ROOM_CHILD"))
		require.NoError(t, err)
		require.NoError(t, Shuffle(context.Background(), f, Range(1, n), Seed(seed)))
		require.NoError(t, f.Close())
		return
	}
	var want bytes.Buffer
	require.NoError(t, Shuffle(context.Background(), &want, Range(1, n), Seed(seed)))
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(os.Args[0], "-test.run=^TestPermutationRoom$", "-test.v")
	cmd.Env = append(os.Environ(), "LINES_ROOM_CHILD="+out, "TMPDIR="+t.TempDir())
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want.Bytes(), got), "spilled, the output differs")
}
