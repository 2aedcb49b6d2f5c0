package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// tempDir is the directory of the spill files, made on first use and removed
// on exit, on error and on Ctrl-C (from the signal handler, hence the lock).
type tempDir struct {
	mu      sync.Mutex
	path    string
	removed bool
	files   int
}

// create makes the next spill file.
func (t *tempDir) create() (*os.File, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.removed {
		return nil, errors.New("interrupted")
	}
	if t.path == "" {
		p, err := os.MkdirTemp("", "shuf-")
		if err != nil {
			return nil, err
		}
		t.path = p
	}
	t.files++
	return os.Create(filepath.Join(t.path, strconv.Itoa(t.files)))
}

func (t *tempDir) remove() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.path != "" {
		os.RemoveAll(t.path)
	}
	t.removed = true
}
