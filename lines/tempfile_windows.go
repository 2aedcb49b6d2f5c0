package lines

import (
	"math/rand/v2"
	"os"
	"strconv"
	"syscall"
)

// Flags of CreateFile that the syscall package lacks.
const (
	fileAttributeTemporary = 0x100      // FILE_ATTRIBUTE_TEMPORARY: keep it in the cache
	fileFlagDeleteOnClose  = 0x04000000 // FILE_FLAG_DELETE_ON_CLOSE
)

// spillTemp makes a file in dir that Windows deletes when its last handle
// closes (FILE_FLAG_DELETE_ON_CLOSE), which it does for a process that is
// killed too: Windows cannot remove the name of an open file.
func spillTemp(dir string) (*os.File, error) {
	for range 10000 {
		name := dir + `\shuf-` + strconv.FormatUint(rand.Uint64(), 36)
		p, err := syscall.UTF16PtrFromString(name)
		if err != nil {
			return nil, err
		}
		h, err := syscall.CreateFile(p, syscall.GENERIC_READ|syscall.GENERIC_WRITE,
			syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE|syscall.FILE_SHARE_DELETE, nil,
			syscall.CREATE_NEW, fileAttributeTemporary|fileFlagDeleteOnClose, 0)
		if err == syscall.ERROR_FILE_EXISTS {
			continue
		}
		if err != nil {
			return nil, err
		}
		return os.NewFile(uintptr(h), name), nil
	}
	return nil, syscall.ERROR_FILE_EXISTS
}
