package main

import (
	"os"
	"runtime"
	"syscall"
	"unsafe"
)

// roomEnv carries the address-space limit across roomyStart's exec, as
// the first entry of the environment, where the new process finds it
// without allocating.
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
//
// Then it refuses to run, with GNU's "memory exhausted" (status 1), where
// the limit leaves no room for a second heap arena (see [tightStart]).
//
// Until it knows there is room, it does not allocate: it reads /proc and
// builds exec's arguments with raw system calls and static buffers (Go's
// heap only for a command line and environment past 256 KiB).
func roomyStart() {
	var rl syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &rl) != nil {
		return
	}
	if cur, ok := envLimit(); ok { // the exec below, under its small limit
		if cur <= rl.Max && rl.Cur < 1<<62 {
			rl.Cur = cur
			syscall.Setrlimit(syscall.RLIMIT_AS, &rl)
			tightStart(rl.Cur)
		}
		os.Unsetenv(roomEnv) // so that nothing this runs reads it
		return
	}
	if rl.Cur >= 1<<62 {
		return
	}
	const small = 1 << 30 // a limit under which the runtime starts small
	if vm := vmSize(); vm >= small+64<<20 && rl.Cur > small {
		execSelf(rl, small) // returns only on failure
	}
	tightStart(rl.Cur)
}

// heapArena is how Go's heap grows on linux/amd64: it reserves address
// space 64 MiB at a time.
const heapArena = 64 << 20

// tightStart ends the process with GNU's "memory exhausted" (status 1)
// when limit leaves less than [heapArena] above what it maps now: Go's
// heap can then never grow past its first arena, and since Go 1.26 the
// heap starts at a random 4 MiB step of that arena, so that what is left
// of it is anywhere from 64 MiB down to a few hundred KiB. A run that
// went on would crash now and then ("fatal error: out of memory" with
// 3.8 MB in use, 1 run in 30 under ulimit -v 800000) before any check of
// room could refuse it; every run that reads input is refused there
// anyway (lines keeps 96 MiB for the heap).
func tightStart(limit uint64) {
	if vm := vmSize(); vm > 0 && limit < vm+heapArena {
		const msg = "shuf: memory exhausted\n"
		syscall.RawSyscall(syscall.SYS_WRITE, 2, uintptr(unsafe.Pointer(unsafe.StringData(msg))), uintptr(len(msg)))
		syscall.Exit(1)
	}
}

// vmSize is the address space the process maps (the first field of
// /proc/self/statm, in pages), in bytes; 0 if unknown.
func vmSize() uint64 {
	var b [64]byte
	n := readStatic("/proc/self/statm\x00", b[:])
	var pages uint64
	for _, c := range b[:max(n, 0)] {
		if c < '0' || c > '9' {
			break
		}
		pages = pages*10 + uint64(c-'0')
	}
	return pages * uint64(syscall.Getpagesize())
}

// envLimit is the limit execSelf passed on at the head of the
// environment.
func envLimit() (uint64, bool) {
	var b [64]byte
	n := readStatic("/proc/self/environ\x00", b[:])
	const key = roomEnv + "="
	if n < len(key) || string(b[:len(key)]) != key {
		return 0, false
	}
	var v uint64
	i := len(key)
	for ; i < n && b[i] >= '0' && b[i] <= '9'; i++ {
		v = v*10 + uint64(b[i]-'0')
	}
	return v, i > len(key) && i < n && b[i] == 0
}

// readStatic reads the file at path (NUL-terminated) into b, as far as b
// holds, and returns how many bytes it read; -1 on failure.
func readStatic(path string, b []byte) int {
	fd, _, e := syscall.RawSyscall6(syscall.SYS_OPENAT, atFDCWD, uintptr(unsafe.Pointer(unsafe.StringData(path))), syscall.O_RDONLY|syscall.O_CLOEXEC, 0, 0, 0)
	if e != 0 {
		return -1
	}
	defer syscall.RawSyscall(syscall.SYS_CLOSE, fd, 0, 0)
	n := 0
	for n < len(b) {
		r, _, e := syscall.RawSyscall(syscall.SYS_READ, fd, uintptr(unsafe.Pointer(&b[n])), uintptr(len(b)-n))
		if e != 0 {
			return -1
		}
		if r == 0 {
			break
		}
		n += int(r)
	}
	return n
}

// atFDCWD is AT_FDCWD, openat's "relative to the working directory", as a uintptr.
const atFDCWD = ^uintptr(99)

// execArgs holds execSelf's strings (the command line and environment, as
// /proc gives them) and execPtrs the arrays of pointers to them that
// execve takes: static, so that building them takes nothing from a heap
// that may not be able to grow. Larger ones (256 KiB of environment) are
// passed through Go's heap.
var (
	execArgs [256 << 10]byte
	execPtrs [8 << 10]uintptr
)

// execSelf runs this program again (execve of /proc/self/exe) under the
// limit small, with the same arguments and environment, roomEnv=rl.Cur
// put first. It returns only on failure, with rl as it was.
func execSelf(rl syscall.Rlimit, small uint64) {
	argv, envp, ok := staticExec(rl.Cur)
	var heapArgv, heapEnvp []*byte
	if !ok {
		// Built before the limit comes down: under it, Go's heap can no
		// longer grow.
		var d [20]byte
		env := append([]string{roomEnv + "=" + string(d[:putUint(d[:], rl.Cur)])}, os.Environ()...)
		var err1, err2 error
		heapArgv, err1 = syscall.SlicePtrFromStrings(os.Args)
		heapEnvp, err2 = syscall.SlicePtrFromStrings(env)
		if err1 != nil || err2 != nil {
			return
		}
		argv, envp = uintptr(unsafe.Pointer(&heapArgv[0])), uintptr(unsafe.Pointer(&heapEnvp[0]))
	}
	cur := rl.Cur
	rl.Cur = small
	if syscall.Setrlimit(syscall.RLIMIT_AS, &rl) != nil {
		return
	}
	const exe = "/proc/self/exe\x00"
	syscall.RawSyscall(syscall.SYS_EXECVE, uintptr(unsafe.Pointer(unsafe.StringData(exe))), argv, envp)
	runtime.KeepAlive(heapArgv)
	runtime.KeepAlive(heapEnvp)
	rl.Cur = cur
	syscall.Setrlimit(syscall.RLIMIT_AS, &rl)
}

// staticExec builds execve's argv and envp in execArgs and execPtrs: the
// command line and environment as /proc gives them, roomEnv=limit first.
// It reports false where they do not fit.
func staticExec(limit uint64) (argv, envp uintptr, ok bool) {
	n := copy(execArgs[:], roomEnv+"=")
	n += putUint(execArgs[n:], limit)
	execArgs[n] = 0
	args := n + 1
	a := readStatic("/proc/self/cmdline\x00", execArgs[args:])
	env := args + max(a, 0)
	e := readStatic("/proc/self/environ\x00", execArgs[env:])
	end := env + e
	if a <= 0 || e < 0 || end >= len(execArgs) { // unread or cut short
		return 0, 0, false
	}
	// execPtrs: argv's pointers, nil, envp's (roomEnv's first), nil.
	p := 0
	put := func(ptr uintptr) {
		if p < len(execPtrs) {
			execPtrs[p] = ptr
		}
		p++
	}
	each := func(from, to int) { // the strings in execArgs[from:to]
		for i := from; i < to; i++ {
			put(uintptr(unsafe.Pointer(&execArgs[i])))
			for i < to && execArgs[i] != 0 {
				i++
			}
		}
	}
	each(args, env)
	put(0)
	envs := p
	each(0, args)
	each(env, end)
	put(0)
	if p > len(execPtrs) {
		return 0, 0, false
	}
	return uintptr(unsafe.Pointer(&execPtrs[0])), uintptr(unsafe.Pointer(&execPtrs[envs])), true
}

// putUint writes v in decimal at the head of b and returns its length.
func putUint(b []byte, v uint64) int {
	var d [20]byte
	i := len(d)
	for i == len(d) || v > 0 {
		i--
		d[i] = byte('0' + v%10)
		v /= 10
	}
	return copy(b, d[i:])
}
