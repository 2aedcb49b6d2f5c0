//go:build !linux && !windows

package lines

import "os"

// spillTemp makes a file in dir and removes its name as soon as it is
// open: a kill in between, a few microseconds, is all that leaves one.
func spillTemp(dir string) (*os.File, error) { return createUnlinked(dir) }
