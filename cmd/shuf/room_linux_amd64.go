package main

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// roomEnv carries the address-space limit across roomyStart's exec.
const roomEnv = "SHUF_RLIMIT_AS"

// roomyStart gives the command the most address space its limit allows.
// Go's runtime reserves address space when it starts, and how much
// depends on ulimit -v (RLIMIT_AS) in a way that is not monotonic: on
// linux/amd64 (Go 1.26) it maps about 1.26 GB where the limit lets it,
// and about 740 MB where it does not (from about 750000 to 1160000 KiB;
// between, it does not start), so that "ulimit -v 1100000" left 360 MB
// and "ulimit -v 1300000" 40 MB. Started with the large reservation
// under a limit, the command runs itself again (same process, exec)
// under a limit of 1 GiB, where the runtime makes the small one, and
// then raises the limit back: more room then never leaves less.
func roomyStart() {
	if v, ok := os.LookupEnv(roomEnv); ok {
		os.Unsetenv(roomEnv)
		var rl syscall.Rlimit
		if cur, err := strconv.ParseUint(v, 10, 64); err == nil && syscall.Getrlimit(syscall.RLIMIT_AS, &rl) == nil && cur <= rl.Max {
			rl.Cur = cur
			syscall.Setrlimit(syscall.RLIMIT_AS, &rl)
		}
		return
	}
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) != nil || rl.Cur >= 1<<62 {
		return
	}
	const small = 1 << 30 // a limit under which the runtime starts small
	if vm := vmSize(); vm < small+64<<20 || rl.Cur <= small {
		return // the small reservation already, or unknown
	}
	cur := rl.Cur
	rl.Cur = small
	if syscall.Setrlimit(syscall.RLIMIT_AS, &rl) != nil {
		return
	}
	env := append(os.Environ(), roomEnv+"="+strconv.FormatUint(cur, 10))
	syscall.Exec("/proc/self/exe", os.Args, env) // returns only on failure
	rl.Cur = cur
	syscall.Setrlimit(syscall.RLIMIT_AS, &rl)
}

// vmSize is the address space the process maps (VmSize in
// /proc/self/status), in bytes; 0 if unknown.
func vmSize() uint64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range bytes.Lines(b) {
		if rest, ok := bytes.CutPrefix(line, []byte("VmSize:")); ok {
			f := bytes.Fields(rest)
			if len(f) > 0 {
				kb, _ := strconv.ParseUint(string(f[0]), 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}
