package lines

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// tempDir is the directory of the spill files, made on first use and removed
// on exit, on error and on Ctrl-C (from the signal handler, hence the lock).
// It also holds the output's files until they are put in place, and aborts
// those that are not (see target).
type tempDir struct {
	mu      sync.Mutex
	path    string
	removed bool
	files   int
	outputs []*target
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
	for _, o := range t.outputs {
		o.abort()
	}
	t.removed = true
}

// createTarget creates a file of the output (see target) and keeps it, to
// abort it if the run ends before it is committed. A nil tempDir keeps
// nothing.
func (t *tempDir) createTarget(name string) (*target, error) {
	if t == nil {
		return createTarget(name)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.removed {
		return nil, errors.New("interrupted")
	}
	o, err := createTarget(name)
	if err == nil {
		t.outputs = append(t.outputs, o)
	}
	return o, err
}

// commit puts the output's files in place (commitTargets), unless a signal
// came first; a signal that comes meanwhile waits for it.
func (t *tempDir) commit(ts []*target) error {
	if t == nil {
		return commitTargets(ts)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.removed {
		return errors.New("interrupted")
	}
	return commitTargets(ts)
}

// abort aborts the output's files.
func (t *tempDir) abort(ts []*target) {
	if t != nil {
		t.mu.Lock()
		defer t.mu.Unlock()
	}
	for _, o := range ts {
		o.abort()
	}
}
