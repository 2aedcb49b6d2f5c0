package main

import "fmt"

// defaultMemory is --memory's default: a quarter of the memory this process
// may use (the machine's RAM or, in a container, its cgroup's limit), at
// least 64 MiB; 1 GiB where that cannot be found out.
func defaultMemory() int64 {
	m := physicalMemory()
	if m <= 0 {
		return 1 << 30
	}
	return max(m/4, 64<<20)
}

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
