package lines

import "fmt"

// DefaultMemory is [Memory]'s default: a quarter of [PhysicalMemory], at
// least 64 MiB, or 1 GiB where that cannot be found out. Under an
// address-space limit (ulimit -v) or a cgroup's memory limit it is at most
// a third of the room left,
// as a shuffle in memory maps more than it holds; limited reports that the
// room decided.
func DefaultMemory() (mem int64, limited bool) {
	return defaultMemory(physicalMemory(), addressRoom())
}

// defaultMemory is [DefaultMemory] for a physical memory of phys (0 if
// unknown) and a room of room (-1 if unlimited).
func defaultMemory(phys, room int64) (mem int64, limited bool) {
	mem = 1 << 30
	if phys > 0 {
		mem = max(phys/4, 64<<20)
	}
	if room >= 0 && room/3 < mem {
		return room / 3, true
	}
	return mem, false
}

// PhysicalMemory is the memory this process may use, the machine's RAM or
// its cgroup's limit. It is 0 where that cannot be found out (outside Linux).
func PhysicalMemory() int64 { return physicalMemory() }

// sizeText writes a --memory size as it may be given.
func sizeText(m int64) string {
	switch {
	case m%(1<<30) == 0:
		return fmt.Sprintf("%dG", m>>30)
	case m%(1<<20) == 0:
		return fmt.Sprintf("%dM", m>>20)
	case m%(1<<10) == 0:
		return fmt.Sprintf("%dK", m>>10)
	}
	return fmt.Sprintf("%db", m)
}
