//go:build linux

package lines

import (
	"math"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLowerLimit: the lower of two memory limits, where 0 is none: the
// machine's RAM against its cgroup's limit, or a cgroup's against its
// parent's.
func TestLowerLimit(t *testing.T) {
	for _, tc := range []struct{ a, b, want int64 }{
		{0, 0, 0},
		{0, 5 << 20, 5 << 20},
		{8 << 30, 0, 8 << 30},
		{8 << 30, 1 << 30, 1 << 30},
		{1 << 30, 8 << 30, 1 << 30},
		{1 << 30, 1 << 30, 1 << 30},
	} {
		assert.Equal(t, tc.want, lowerLimit(tc.a, tc.b), "%d, %d", tc.a, tc.b)
		assert.Equal(t, tc.want, lowerLimit(tc.b, tc.a), "%d, %d", tc.b, tc.a)
	}
}

// TestTotalRAM: sysinfo(2) counts the RAM in units of mem_unit bytes,
// a page where the bytes would not fit in a word (a 32-bit machine with
// more than 4 GiB): 3 Mi pages of 4 KiB are 12 GiB.
func TestTotalRAM(t *testing.T) {
	assert.Equal(t, int64(12<<30), totalRAM(&syscall.Sysinfo_t{Totalram: 3 << 20, Unit: 4096}))
	assert.Equal(t, int64(3<<20), totalRAM(&syscall.Sysinfo_t{Totalram: 3 << 20, Unit: 1}))
}

// TestPhysicalMemory: on Linux the machine's memory is known (sysinfo(2)
// does not fail), so the default --memory is a quarter of it, not the
// 1 GiB of a system where it is unknown; and it is no more than the
// process's cgroup allows.
func TestPhysicalMemory(t *testing.T) {
	m := PhysicalMemory()
	assert.Positive(t, m)
	if l := cgroupMemory(); l > 0 {
		assert.LessOrEqual(t, m, l)
	}
}

// TestCgroupLimitLines: what cgroupLimit passes over in /proc/self/cgroup
// and mountinfo, and where it stops: a line it cannot read (or a mount
// line cut short) does not end the file; a mount that shows another part
// of the hierarchy does not end the search of the mounts, nor is its root
// taken for an ancestor of a cgroup whose name only begins with it (/user
// of /user.slice); the walk up to the cgroup's ancestors stops at the
// mount; v1's memory controller is found where mountinfo says, each
// hierarchy's file is read in its own mounts alone, and a mount point's
// escapes are undone once, a broken one kept as it is.
func TestCgroupLimitLines(t *testing.T) {
	v2mount := "30 23 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw\n"
	for _, tc := range []struct {
		name string
		fs   fstest.MapFS
		want int64
	}{
		{"a line it cannot read, then the cgroup's", fstest.MapFS{
			"proc/self/cgroup":           {Data: []byte("\nsomething else\n0::/a\n")},
			"proc/self/mountinfo":        {Data: []byte(v2mount)},
			"sys/fs/cgroup/a/memory.max": {Data: []byte("104857600\n")},
		}, 100 << 20},
		{"v2 is hierarchy 0 with no controller, not any line with none", fstest.MapFS{
			"proc/self/cgroup":           {Data: []byte("3::/a\n")},
			"proc/self/mountinfo":        {Data: []byte(v2mount)},
			"sys/fs/cgroup/a/memory.max": {Data: []byte("104857600\n")},
		}, 0},
		{"two mounts, the first of another part of the hierarchy", fstest.MapFS{
			"proc/self/cgroup":                        {Data: []byte("0::/user.slice/app\n")},
			"proc/self/mountinfo":                     {Data: []byte("50 23 0:26 /system.slice /run/system rw - cgroup2 cgroup2 rw\n" + v2mount)},
			"run/system/memory.max":                   {Data: []byte("52428800\n")},
			"sys/fs/cgroup/user.slice/app/memory.max": {Data: []byte("104857600\n")},
		}, 100 << 20},
		{"a mount of /user is not of /user.slice", fstest.MapFS{
			"proc/self/cgroup":                        {Data: []byte("0::/user.slice/app\n")},
			"proc/self/mountinfo":                     {Data: []byte("50 23 0:26 /user /run/user rw - cgroup2 cgroup2 rw\n" + v2mount)},
			"run/user/memory.max":                     {Data: []byte("52428800\n")},
			"sys/fs/cgroup/user.slice/app/memory.max": {Data: []byte("104857600\n")},
		}, 100 << 20},
		{"nothing above the mount point", fstest.MapFS{
			"proc/self/cgroup":                           {Data: []byte("4:memory:/docker/abc\n")},
			"proc/self/mountinfo":                        {Data: []byte("35 31 0:32 /docker/abc /sys/fs/cgroup/memory ro - cgroup cgroup rw,memory\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes": {Data: []byte("9223372036854771712\n")},
			"sys/fs/cgroup/memory.limit_in_bytes":        {Data: []byte("52428800\n")},
			"sys/fs/memory.limit_in_bytes":               {Data: []byte("52428800\n")},
			"memory.limit_in_bytes":                      {Data: []byte("52428800\n")},
		}, 0},
		{"a truncated mount line, then the cgroup's", fstest.MapFS{
			"proc/self/cgroup":                   {Data: []byte("0::/a\n")},
			"proc/self/mountinfo":                {Data: []byte("50 23 0:26 / /run/x rw - cgroup2 cgroup2\n41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n")},
			"sys/fs/cgroup/unified/a/memory.max": {Data: []byte("104857600\n")},
			"sys/fs/cgroup/a/memory.max":         {Data: []byte("52428800\n")},
		}, 100 << 20},
		{"v1's memory controller elsewhere (Android's /dev/memcg)", fstest.MapFS{
			"proc/self/cgroup":                           {Data: []byte("3:memory:/apps\n")},
			"proc/self/mountinfo":                        {Data: []byte("20 18 0:19 / /dev/memcg rw,relatime shared:9 - cgroup none rw,memory\n")},
			"dev/memcg/apps/memory.limit_in_bytes":       {Data: []byte("104857600\n")},
			"sys/fs/cgroup/memory/memory.limit_in_bytes": {Data: []byte("52428800\n")},
		}, 100 << 20},
		{"a mount point with a space, then digits", fstest.MapFS{
			"proc/self/cgroup":           {Data: []byte("0::/\n")},
			"proc/self/mountinfo":        {Data: []byte(`30 23 0:26 / /run/cgroup\0402024 rw - cgroup2 cgroup2 rw` + "\n")},
			"run/cgroup 2024/memory.max": {Data: []byte("52428800\n")},
		}, 50 << 20},
		{"a mount point that ends in half an escape, taken as it is", fstest.MapFS{
			"proc/self/cgroup":     {Data: []byte("0::/\n")},
			"proc/self/mountinfo":  {Data: []byte(`30 23 0:26 / /run/cg\04 rw - cgroup2 cgroup2 rw` + "\n")},
			`run/cg\04/memory.max`: {Data: []byte("52428800\n")},
		}, 50 << 20},
		// Each hierarchy's limit file is read in its own mounts alone: here
		// every mount of a hybrid system holds both files (the kernel's
		// hold one, in the right hierarchy), and only the v2 mount's
		// memory.max and the v1 memory mount's memory.limit_in_bytes count.
		{"each hierarchy in its own mounts", fstest.MapFS{
			"proc/self/cgroup": {Data: []byte("4:memory:/a\n1:cpu:/a\n0::/a\n")},
			"proc/self/mountinfo": {Data: []byte("31 23 0:28 / /sys/fs/cgroup rw - tmpfs tmpfs rw,mode=755\n" +
				"32 31 0:29 / /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu\n" +
				"35 31 0:32 / /sys/fs/cgroup/memory rw - cgroup cgroup rw,memory\n" +
				"41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n")},
			"sys/fs/cgroup/memory.max":                      {Data: []byte("10485760\n")},
			"sys/fs/cgroup/memory.limit_in_bytes":           {Data: []byte("10485760\n")},
			"sys/fs/cgroup/cpu/a/memory.max":                {Data: []byte("20971520\n")},
			"sys/fs/cgroup/cpu/a/memory.limit_in_bytes":     {Data: []byte("20971520\n")},
			"sys/fs/cgroup/memory/a/memory.max":             {Data: []byte("31457280\n")},
			"sys/fs/cgroup/memory/a/memory.limit_in_bytes":  {Data: []byte("209715200\n")},
			"sys/fs/cgroup/unified/a/memory.limit_in_bytes": {Data: []byte("41943040\n")},
			"sys/fs/cgroup/unified/a/memory.max":            {Data: []byte("104857600\n")},
		}, 100 << 20},
	} {
		assert.Equal(t, tc.want, cgroupLimit(tc.fs), tc.name)
	}
}

// TestReadLimit: a limit file's bytes, or 0 for none: v2's "max", v1's
// huge number, a number too large for int64, a negative one, or anything
// that is not a number.
func TestReadLimit(t *testing.T) {
	for text, want := range map[string]int64{
		"536870912\n":             512 << 20,
		"1\n":                     1,
		"max\n":                   0,
		"9223372036854771712\n":   0,
		"99999999999999999999\n":  0,
		"-1\n":                    0,
		"-99999999999999999999\n": 0,
		"0\n":                     0,
		"12 MiB\n":                0,
		"":                        0,
	} {
		assert.Equal(t, want, readLimit(fstest.MapFS{"memory.max": {Data: []byte(text)}}, "memory.max"), "%q", text)
	}
	assert.Zero(t, readLimit(fstest.MapFS{}, "memory.max"), "no file")
}

// TestAddressRoomData: ulimit -d (RLIMIT_DATA) limits the room on its own,
// with no address-space limit beside it: 1 GiB past what the process's
// data holds now leaves about 1 GiB; and so it does with ulimit -v
// leaving 2 GiB, the lower of the two. The limit is set in a process of its
// own, the test binary run again.
func TestAddressRoomData(t *testing.T) {
	if !inChild(t, "LINES_ROOM_DATA_CHILD") {
		return
	}
	as, data := skipUnderRoomLimit(t)
	cgroupMemory = func() int64 { return 0 } // the room is the limit's alone
	rl := data
	rl.Cur = uint64(procStatus("VmData:") + 1<<30)
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_DATA, &rl))
	room := addressRoom()
	assert.LessOrEqual(t, room, int64(1<<30))
	assert.Greater(t, room, int64(1<<30-64<<20))
	// With ulimit -v leaving 2 GiB beside it, the lower of the two.
	rl = as
	rl.Cur = uint64(procStatus("VmSize:") + 2<<30)
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_AS, &rl))
	room = addressRoom()
	assert.LessOrEqual(t, room, int64(1<<30))
	assert.Greater(t, room, int64(1<<30-64<<20))
}

// TestLowerRoom: the lower of two rooms, -1 being none, 0 a room.
func TestLowerRoom(t *testing.T) {
	for _, c := range []struct{ room, r, want int64 }{
		{-1, 0, 0}, {-1, 5, 5}, {0, 5, 0}, {5, 0, 0}, {5, 3, 3}, {3, 5, 3}, {4, 4, 4},
	} {
		assert.Equal(t, c.want, lowerRoom(c.room, c.r), "%d, %d", c.room, c.r)
	}
}

// TestAddressRoomCgroup: under a cgroup's limit alone, the room is the
// limit less what the process holds and the 32 MiB a run keeps free
// (cgroupReserve), and heapReserve more. Not parallel: it sets
// cgroupMemory.
func TestAddressRoomCgroup(t *testing.T) {
	skipUnderRoomLimit(t)
	old := cgroupMemory
	t.Cleanup(func() { cgroupMemory = old })
	const l = 1 << 40
	cgroupMemory = func() int64 { return l }
	before := procStatus("VmRSS:")
	room := addressRoom()
	after := procStatus("VmRSS:")
	// What the process holds moves between the reads (the scavenger gives
	// memory back): 8 MiB either way, a quarter of what is kept free.
	assert.LessOrEqual(t, room, l-before-32<<20+heapReserve+8<<20)
	assert.GreaterOrEqual(t, room, l-after-32<<20+heapReserve-8<<20)
}

// inChild reports whether this is the child process that runs t alone,
// with env set; in the parent it runs that child (the test binary again,
// with more in its environment) and passes on its failure or skip.
func inChild(t *testing.T, env string, more ...string) bool {
	t.Helper()
	if os.Getenv(env) != "" {
		return true
	}
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$", "-test.v")
	cmd.Env = append(append(os.Environ(), env+"=1"), more...)
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", b)
	if strings.Contains(string(b), "--- SKIP") {
		t.Skipf("%s", b)
	}
	return false
}

// skipUnderRoomLimit skips t under an address-space or data limit, and
// returns the two limits, unlimited.
func skipUnderRoomLimit(t *testing.T) (as, data syscall.Rlimit) {
	t.Helper()
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_AS, &as))
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_DATA, &data))
	if as.Cur < math.MaxInt64 || data.Cur < math.MaxInt64 {
		t.Skip("under an address-space or data limit already")
	}
	return as, data
}
