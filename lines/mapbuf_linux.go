package lines

import (
	"sync"
	"syscall"
	"unsafe"
)

// mapBuf is a byte buffer mapped apart from Go's heap that grows without
// copying: mremap moves its pages, not its bytes, and pages never written
// cost no memory. free gives its memory back to the system at once.
// Growing may move it: slices of b taken before are then invalid.
type mapBuf struct{ b []byte }

// grow makes room for n more bytes past len(m.b), half as much again as the
// capacity at least, in whole pages.
func (m *mapBuf) grow(n int) error {
	need := len(m.b) + n
	if need <= cap(m.b) {
		return nil
	}
	size := max(need, cap(m.b)+cap(m.b)/2, 64<<10)
	size = (size + syscall.Getpagesize() - 1) &^ (syscall.Getpagesize() - 1)
	if !roomFor(int64(size - cap(m.b))) {
		return syscall.ENOMEM // as mmap would, with room kept for Go's heap
	}
	// The system calls themselves, not syscall.Mmap, which keeps its
	// own table of mappings and knows nothing of mremap.
	var addr uintptr
	var errno syscall.Errno
	if cap(m.b) == 0 {
		addr, _, errno = syscall.Syscall6(syscall.SYS_MMAP, 0, uintptr(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE, ^uintptr(0), 0)
	} else {
		const mremapMayMove = 1
		addr, _, errno = syscall.Syscall6(syscall.SYS_MREMAP, uintptr(unsafe.Pointer(unsafe.SliceData(m.b))), uintptr(cap(m.b)), uintptr(size), mremapMayMove, 0, 0)
	}
	if errno != 0 {
		return errno
	}
	m.b = unsafe.Slice(*(**byte)(unsafe.Pointer(&addr)), size)[:len(m.b)]
	return nil
}

// drop gives back the memory of the bytes before off, which must not be
// read again: whole pages only, so a few bytes may stay.
func (m *mapBuf) drop(off int) {
	page := syscall.Getpagesize()
	if end := off &^ (page - 1); end > 0 {
		syscall.Madvise(m.b[:end], syscall.MADV_DONTNEED)
	}
}

func (m *mapBuf) free() {
	if m != nil && cap(m.b) > 0 {
		syscall.Syscall(syscall.SYS_MUNMAP, uintptr(unsafe.Pointer(unsafe.SliceData(m.b))), uintptr(cap(m.b)), 0)
		m.b = nil
	}
}

// kept is the mappings keep handed out, by their first byte, with their
// sizes, for freeData.
var kept sync.Map

// keep returns m's bytes, to be given back by freeData.
func (m *mapBuf) keep() []byte {
	if cap(m.b) > 0 {
		kept.Store(unsafe.SliceData(m.b), cap(m.b))
	}
	return m.b
}

// freeData unmaps data that keep returned; other data it leaves alone.
func freeData(data []byte) {
	if cap(data) == 0 {
		return
	}
	if size, ok := kept.LoadAndDelete(unsafe.SliceData(data)); ok {
		(&mapBuf{b: data[:0:size.(int)]}).free()
	}
}

// mapSlice returns n zeroed Ts mapped apart from Go's heap, as [mapBuf]'s
// bytes are, and the func that unmaps them; ENOMEM where the address space
// left under the process's limits (roomFor) is too small. Go's heap cannot
// say no: past an address-space limit it crashes as it grows.
func mapSlice[T uint16 | uint32](n int) ([]T, func(), error) {
	if n == 0 {
		return nil, func() {}, nil
	}
	var m mapBuf
	if err := m.grow(n * int(unsafe.Sizeof(T(0)))); err != nil {
		return nil, nil, err
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(m.b[:1]))), n), m.free, nil
}

// roomFor reports whether n more bytes may be mapped under the process's
// address-space limits with heapReserve left over; always, without one.
func roomFor(n int64) bool {
	room := addressRoom()
	return room < 0 || room-n >= heapReserve
}
