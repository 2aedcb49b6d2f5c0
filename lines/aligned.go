package lines

import (
	"bytes"
	cryptorand "crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/fairshuffle/shuffle/internal/gnu"
)

// --aligned FILE... -o DIR shuffles each FILE to DIR/its name, every one by
// the same permutation, so that line i of each output came from line i of
// its input: features and labels kept in step. It is what running shuf on
// each file with one --seed does (the same seed and the same number of
// lines give the same permutation, whatever the lines hold), made one
// command that also checks the files: each is read once to count its lines
// (records with --csv; after its header with --header), and unless all
// have as many, it is an error naming two that differ, before anything is
// written. Then each is shuffled as shuf FILE -o DIR/FILE would, with the
// run's other options, and the outputs are put in place only when every
// one is done. The randomness is ChaCha8 keyed by --seed N as --seed keys
// it, else by 32 bytes of the operating system's generator, drawn once
// for all the files. Reading each file twice, it takes regular files
// only, and no --random-source, whose bytes cannot be read twice.

// runAligned is the run of --aligned.
func (s *shuf) runAligned() (err error) {
	o := s.o
	counts := make([]uint64, len(o.files))
	infos := make([]os.FileInfo, len(o.files))
	for i, name := range o.files {
		if counts[i], infos[i], err = s.countAligned(name); err != nil {
			return err
		}
		if counts[i] != counts[0] {
			return &Error{Kind: ErrLineCounts, Msg: fmt.Sprintf("--aligned: %s has %s and %s %s%s; aligned files must have as many",
				gnu.QuoteName(name), lineCount(counts[i], o.data.csv), gnu.QuoteName(o.files[0]),
				lineCount(counts[0], o.data.csv), map[bool]string{true: " after its header"}[o.header > 0])}
		}
	}
	key := new([32]byte)
	if o.seedSet {
		*key = seedKey(o.seed)
	} else if _, err := cryptorand.Read(key[:]); err != nil {
		return fatalError("cannot draw a key from the operating system's generator: " + gnu.Reason(err))
	}
	made, err := makeDir(o.output)
	if err != nil {
		return err
	}
	var held []*target
	defer func() {
		if err != nil {
			s.tmp.abort(held)
			if made {
				os.Remove(o.output) // if nothing else went in meanwhile
			}
		}
	}()
	for i, name := range o.files {
		one := *o
		one.files = []string{name}
		one.output = filepath.Join(o.output, filepath.Base(name))
		one.data.aligned, one.data.key = false, key
		t := *s // the run's settings, not yet used: nothing drawn, nothing read
		t.o, t.held = &one, &held
		if err := t.run(); err != nil {
			return err
		}
		if t.st != nil && !sameFile(infos[i], t.st.ins[0].fi) {
			return &ChangedError{name, "it is not the file whose lines --aligned counted"}
		}
	}
	return s.tmp.commit(held)
}

// countAligned counts the lines of one file of --aligned, as its shuffle
// will read them, and returns them with the file's facts.
func (s *shuf) countAligned(name string) (uint64, os.FileInfo, error) {
	one := *s.o
	one.files = []string{name}
	t := *s
	t.o = &one
	st, err := t.openStream()
	if err != nil {
		return 0, nil, err
	}
	defer st.close()
	in := st.ins[0]
	if in.fi == nil {
		return 0, nil, fatalError(fmt.Sprintf("--aligned reads each file twice: %s is not a regular file", gnu.QuoteName(name)))
	}
	st.cfg.warn = nil // the shuffle's pass warns
	buf := make([]byte, 1<<20)
	var n uint64
	for {
		m, err := st.Read(buf)
		n += uint64(bytes.Count(buf[:m], []byte{st.delim}))
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, nil, readError(err)
		}
	}
	return n, in.fi, st.verify()
}

// makeDir makes dir, the -o DIR of --aligned, if it does not exist, and
// says whether it did.
func makeDir(dir string) (bool, error) {
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return false, &fs.PathError{Op: "stat", Path: dir, Err: syscall.ENOTDIR}
	case err == nil:
		return false, nil
	case errors.Is(err, fs.ErrNotExist):
		if err := os.Mkdir(dir, 0o777); err != nil {
			return false, err
		}
		return true, nil
	}
	return false, err
}

// sameFile reports whether b is the file a was: the same file, size and
// time of its last change.
func sameFile(a, b os.FileInfo) bool {
	return a != nil && b != nil && os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
}
