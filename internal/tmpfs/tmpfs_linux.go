package tmpfs

import "syscall"

// magic is Linux's TMPFS_MAGIC, the f_type statfs gives for a tmpfs.
const magic = 0x01021994

// isTmpfs reports whether dir is on a tmpfs.
func isTmpfs(dir string) bool {
	var st syscall.Statfs_t
	return syscall.Statfs(dir, &st) == nil && uint64(st.Type) == magic
}
