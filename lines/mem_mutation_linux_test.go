//go:build linux

package lines

import (
	"testing"

	"github.com/stretchr/testify/assert"
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
