//go:build unix

package java

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system, so
// that the benchmarks report it beside wall time: on a shared machine the
// time a process runs is steadier than the time it waits.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// reportCPU reports the CPU time per op since start as cpu-ns/op.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}
