package lines

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/fairshuffle/shuffle/internal/gnu"
)

// tempDir holds a run's spill files, in os.TempDir, each with no name from
// the moment it exists (spillTemp): a run that is killed, even by SIGKILL,
// leaves nothing behind, since the system frees a file that has no name
// when its last descriptor closes. remove closes them all, on exit, on
// error, on cancellation and on Ctrl-C (from the signal handler, hence the
// lock). It also holds the output's files until they are put in place, and
// aborts those that are not (see target).
type tempDir struct {
	mu      sync.Mutex
	removed bool
	open    []*os.File // the spill files, to close
	files   int        // how many were made
	outputs []*target
}

// create makes the next spill file, empty, open for reading and writing.
func (t *tempDir) create() (*os.File, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.removed {
		return nil, errors.New("interrupted")
	}
	dir := os.TempDir()
	f, err := spillTemp(dir)
	if err != nil {
		return nil, fatalError(fmt.Sprintf("cannot create temporary file in %s: %s", gnu.Quote(dir), gnu.Reason(err)))
	}
	t.open = append(t.open, f)
	t.files++
	return f, nil
}

// remove closes the spill files, which frees their space, and aborts the
// output's files that were not put in place.
func (t *tempDir) remove() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, f := range t.open {
		f.Close() // a second Close, of a file drained already, does nothing
	}
	t.open = nil
	for _, o := range t.outputs {
		o.abort()
	}
	t.removed = true
}

// createUnlinked creates a file in dir and removes its name at once: the
// open file stays, and goes when closed. A kill between the two leaves
// the file; spillTemp avoids that window where the system can.
func createUnlinked(dir string) (*os.File, error) {
	f, err := os.CreateTemp(dir, "shuf-")
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, err
	}
	if err := os.Remove(f.Name()); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
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
