package lines

import (
	"bufio"
	"bytes"
	"io/fs"
	"math"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// physicalMemory is the RAM of the machine, or the memory limit of the
// process's cgroup if that is lower; 0 if unknown.
func physicalMemory() int64 {
	var info syscall.Sysinfo_t
	if syscall.Sysinfo(&info) != nil {
		return 0
	}
	return lowerLimit(totalRAM(&info), cgroupMemory())
}

// totalRAM is the RAM sysinfo(2) reports: Totalram units of Unit bytes,
// 1 where the sizes fit in a word, more on a 32-bit machine past 4 GiB.
func totalRAM(info *syscall.Sysinfo_t) int64 { return int64(info.Totalram) * int64(info.Unit) }

// lowerLimit is the lower of two memory limits, of which 0 is none.
func lowerLimit(a, b int64) int64 {
	if a == 0 {
		return b
	}
	if b == 0 {
		return a
	}
	return min(a, b)
}

// cgroupLimit is the lowest memory limit of the process's cgroup and its
// ancestors, v2 (memory.max) or v1 (memory.limit_in_bytes), as
// /proc/self/cgroup and /proc/self/mountinfo under root show them; 0 if
// none is set or they cannot be read. A limit at the cgroup's own
// directory applies, and so does any above it up to the mount's root.
func cgroupLimit(root fs.FS) int64 {
	own, err := fs.ReadFile(root, "proc/self/cgroup")
	if err != nil {
		return 0
	}
	mounts, _ := fs.ReadFile(root, "proc/self/mountinfo")
	limit := int64(0)
	for line := range strings.Lines(string(own)) {
		// hierarchy-ID:controllers:path; v2 is "0::path".
		f := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(f) != 3 {
			continue
		}
		v2 := f[0] == "0" && f[1] == ""
		if !v2 && !hasField(f[1], "memory") {
			continue
		}
		file := "memory.limit_in_bytes"
		if v2 {
			file = "memory.max"
		}
		for _, m := range cgroupMounts(mounts, v2) {
			// The cgroup's path is relative to the hierarchy's root; the
			// mount shows the hierarchy from m.root (a container sees its
			// own cgroup as "/").
			rel, ok := strings.CutPrefix(slashed(f[2]), slashed(m.root))
			if !ok {
				continue
			}
			// Its own directory, then its ancestors' up to the mount's.
			for dir := path.Clean(rel); ; dir = path.Dir(dir) {
				limit = lowerLimit(limit, readLimit(root, path.Join(m.point, dir, file)))
				if dir == "." {
					break
				}
			}
		}
	}
	return limit
}

// slashed is the path p cleaned, with a "/" at its end ("/a/b/", or "/"),
// so that a prefix of it is an ancestor: /user/ is not one of /user.slice/.
// A path cut from it after such a prefix is relative.
func slashed(p string) string { return strings.TrimSuffix(path.Clean(p), "/") + "/" }

type cgroupMount struct{ root, point string }

// cgroupMounts are the mounts of cgroup v2 (v2) or of v1's memory
// controller in mountinfo, as paths under the root given to cgroupLimit;
// if mountinfo says nothing, the usual places.
func cgroupMounts(mountinfo []byte, v2 bool) []cgroupMount {
	var ms []cgroupMount
	sc := bufio.NewScanner(bytes.NewReader(mountinfo))
	for sc.Scan() {
		// ID parent major:minor root point options [optional...] - type source super-options
		f := strings.Fields(sc.Text())
		sep := slices.Index(f, "-")
		if sep < 5 || sep+3 >= len(f) {
			continue
		}
		typ, super := f[sep+1], f[sep+3]
		if v2 && typ == "cgroup2" || !v2 && typ == "cgroup" && hasField(super, "memory") {
			ms = append(ms, cgroupMount{unescapeMount(f[3]), strings.TrimPrefix(unescapeMount(f[4]), "/")})
		}
	}
	if len(ms) == 0 {
		if v2 {
			return []cgroupMount{{"/", "sys/fs/cgroup"}}
		}
		return []cgroupMount{{"/", "sys/fs/cgroup/memory"}}
	}
	return ms
}

// unescapeMount undoes mountinfo's octal escapes (\040 for a space).
func unescapeMount(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func hasField(list, name string) bool {
	for f := range strings.SplitSeq(list, ",") {
		if f == name {
			return true
		}
	}
	return false
}

// readLimit reads a cgroup limit file: bytes, or "max" (v2) or a huge
// number (v1) for none, which are 0.
func readLimit(root fs.FS, name string) int64 {
	b, err := fs.ReadFile(root, name)
	if err != nil {
		return 0
	}
	// ParseInt gives 0 for "max" or anything that is not a number, and
	// MaxInt64 for a number too large: none, as v1's huge number is.
	l, _ := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	if l >= math.MaxInt64/2 {
		return 0
	}
	return max(l, 0)
}

// addressRoom is how much more the process may map and hold under its
// limits: ulimit -v (RLIMIT_AS) and ulimit -d (RLIMIT_DATA), from what it
// maps now, and its cgroup's memory limit, from what it holds now (VmRSS;
// past that limit the kernel kills it, with no error to report); -1 if
// none is set. Go's runtime alone maps some 700 MB of address space when
// it starts, most of it never memory: so under "ulimit -v 1000000" about
// 250 MB are left.
func addressRoom() int64 {
	room := int64(-1)
	for _, lim := range []struct {
		resource int
		field    string
	}{{syscall.RLIMIT_AS, "VmSize:"}, {syscall.RLIMIT_DATA, "VmData:"}} {
		var rl syscall.Rlimit
		if syscall.Getrlimit(lim.resource, &rl) != nil || rl.Cur >= math.MaxInt64 {
			continue
		}
		room = lowerRoom(room, max(int64(rl.Cur)-procStatus(lim.field), 0))
	}
	if l := cgroupMemory(); l > 0 {
		// roomFor keeps heapReserve free for the heap's address space,
		// which it reserves by 64 MiB arenas; a cgroup counts only what is
		// touched, and cgroupReserve of it is room enough for the heap.
		room = lowerRoom(room, max(l-procStatus("VmRSS:")-cgroupReserve, 0)+heapReserve)
	}
	return room
}

// lowerRoom is the lower of two rooms, where -1 is none.
func lowerRoom(room, r int64) int64 {
	if room < 0 || r < room {
		return r
	}
	return room
}

// cgroupReserve is the memory a run keeps free under a cgroup's limit.
const cgroupReserve = 32 << 20

// cgroupMemory is [cgroupLimit] of this process, read once: a run asks
// for its room at every buffer's growth.
var cgroupMemory = sync.OnceValue(func() int64 { return cgroupLimit(os.DirFS("/")) })

// procStatus is a size in /proc/self/status ("VmSize:   1234 kB"), in
// bytes; 0 if unknown.
func procStatus(field string) int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, field); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					return kb << 10
				}
			}
		}
	}
	return 0
}
