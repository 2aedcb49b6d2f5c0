package lines

import (
	"runtime"
	"syscall"
)

// heapReserve is the address space a run leaves to Go's runtime under an
// address-space limit (ulimit -v): its heap grows by arenas of 64 MiB on
// 64-bit systems, and a heap that cannot grow is a crash, not an error.
// A run that reads input needs this much room to start (TestUlimitSweep:
// with 81 MB, the heap could not grow by 4 MB).
const heapReserve = 96 << 20

// heapRoomFor is roomFor for n bytes of Go's heap, which may also take
// the address space the heap holds and does not use, and needs room for
// one more arena (64 MiB) rather than heapReserve.
func heapRoomFor(n int64) bool {
	room := addressRoom()
	if room < 0 {
		return true
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return room+int64(ms.HeapIdle)-n >= heapGrowth
}

// heapGrowth is what heapRoomFor keeps: room for the heap's next arena.
const heapGrowth = 64 << 20

// errMemory is GNU's "memory exhausted": something a run must hold does not
// fit in the address space left.
var errMemory = &Error{Kind: ErrOutOfMemory, Msg: "memory exhausted"}

// errReadMemory is GNU's error for an input that cannot be held.
var errReadMemory = &ReadError{Err: syscall.ENOMEM}
