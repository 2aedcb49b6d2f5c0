package main

import (
	"os"
	"strconv"
	"strings"
	"syscall"
)

// physicalMemory is the RAM of the machine, or the memory limit of the
// process's cgroup if that is lower; 0 if unknown.
func physicalMemory() int64 {
	var info syscall.Sysinfo_t
	if syscall.Sysinfo(&info) != nil {
		return 0
	}
	m := int64(info.Totalram) * int64(info.Unit)
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if l, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64); err == nil && l > 0 && l < m {
			m = l
		}
	}
	return m
}
