package main

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
