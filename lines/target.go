package lines

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/fairshuffle/shuffle/internal/gnu"
)

// The files shuf writes, -o FILE and the parts of --shards and --split, are
// never left half-written. Each is written under a temporary name in its
// own directory and renamed onto its name once the run has succeeded; on
// an error or a signal the temporary file is removed, and a file that had
// the name keeps what it held. -o may name an input: the rename comes after
// the last read.
//
// Where a rename would not do what GNU's open-and-truncate does, shuf
// writes to the name itself, as GNU does, and on an error or a signal
// empties the file, or removes it if it created it: a name that is not a
// regular file (/dev/stdout, a FIFO: nothing can be taken back there), a
// file with other hard links (a rename would part it from them), a
// dangling symbolic link, a directory shuf may not create files in, and a
// file whose owner shuf cannot give the new one. A replaced file keeps its
// permissions, and its owner and group where shuf may set them; its other
// attributes (ACLs, extended attributes) are not carried over.

// target is one file of the output.
type target struct {
	name    string   // as given
	path    string   // what the rename replaces: name, symbolic links followed
	f       *os.File // open for writing
	tmp     string   // f's temporary name beside path; "" when f is name itself
	part    bool     // a part of --shards or --split: its errors name it
	created bool     // f is name itself, and shuf created it: an abort removes it
	renamed bool     // tmp is now path
	done    bool     // committed or aborted

	w    io.Writer      // what the run writes to: f, or f through pack (compress.go)
	pack io.WriteCloser // the compressor of a name ending in .gz or .zst, closed before f
}

// createTarget opens the file name for writing, as the comment above says.
func createTarget(name string) (*target, error) {
	if t := createBeside(name); t != nil {
		return t, nil
	}
	return openInPlace(name)
}

// createBeside creates the temporary file for name, or returns nil where
// name must be written in place. Every error GNU would meet opening name
// (no such directory, a directory, no permission) sends it there, so that
// openInPlace meets it and reports it as GNU does.
func createBeside(name string) *target {
	if name == "" || os.IsPathSeparator(name[len(name)-1]) {
		return nil
	}
	path := name
	old, err := os.Stat(name)
	switch {
	case err == nil:
		if !old.Mode().IsRegular() || links(old) > 1 {
			return nil
		}
		if path, err = filepath.EvalSymlinks(name); err != nil {
			return nil
		}
		// GNU opens the file for writing: one it may not write is an error.
		w, err := os.OpenFile(name, os.O_WRONLY, 0)
		if err != nil {
			return nil
		}
		w.Close()
	case errors.Is(err, fs.ErrNotExist):
		if _, err := os.Lstat(name); err == nil {
			return nil // a dangling symbolic link: GNU creates what it points to
		}
		old = nil
	default:
		return nil
	}
	f, tmp, err := createTemp(path)
	if err != nil {
		return nil
	}
	if old != nil && (f.Chmod(old.Mode().Perm()) != nil || !takeOwner(f, old)) {
		f.Close()
		os.Remove(tmp)
		return nil
	}
	return &target{name: name, path: path, f: f, tmp: tmp}
}

// createTemp creates a new file beside path, named after it: for out,
// .out.shuf-1a2b3c4d. Its permissions are those GNU's new file would get,
// 0666 less the umask.
func createTemp(path string) (*os.File, string, error) {
	dir, base := filepath.Split(path)
	for range 100 {
		tmp := filepath.Join(dir, fmt.Sprintf(".%s.shuf-%08x", base, rand.Uint32()))
		f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, tmp, err
		}
	}
	return nil, "", fs.ErrExist
}

// openInPlace opens name itself for writing, as GNU does.
func openInPlace(name string) (*target, error) {
	_, err := os.Lstat(name)
	existed := err == nil
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return nil, err
	}
	return &target{name: name, path: name, f: f, created: !existed}, nil
}

// abort undoes a target: its temporary file, or the file renamed from it,
// is removed; a file written in place is emptied, or removed if shuf
// created it. It may be called more than once.
func (t *target) abort() {
	if t.done {
		return
	}
	t.done = true
	if t.tmp == "" && !t.created {
		// Through its descriptor or, once commitTargets has closed it, its
		// name. A FIFO or a device refuses both (ftruncate and truncate
		// take regular files only), and has nothing to take back.
		if t.f.Truncate(0) != nil {
			os.Truncate(t.name, 0)
		}
	}
	t.f.Close()
	switch {
	case t.renamed:
		os.Remove(t.path)
	case t.tmp != "":
		os.Remove(t.tmp)
	case t.created:
		os.Remove(t.name)
	}
}

// commitTargets closes the targets and renames each temporary file onto
// its name. If any fails, every target is aborted, those renamed already
// too: some of the parts are not the output.
func commitTargets(ts []*target) error {
	var err error
	for _, t := range ts {
		cerr := t.closePack()
		if ferr := t.f.Close(); cerr == nil {
			cerr = ferr
		}
		if cerr != nil && err == nil {
			err = &WriteError{Err: cerr}
			if t.part {
				err = fileWriteError(t.name, cerr)
			}
		}
	}
	for _, t := range ts {
		if err == nil && t.tmp != "" {
			if rerr := os.Rename(t.tmp, t.path); rerr != nil {
				err = fatalError(fmt.Sprintf("cannot rename %s to %s: %s", gnu.QuoteName(t.tmp), gnu.QuoteName(t.path), gnu.Reason(rerr)))
			} else {
				t.renamed = true
			}
		}
	}
	for _, t := range ts {
		if err != nil {
			t.abort()
		}
		t.done = true
	}
	return err
}
