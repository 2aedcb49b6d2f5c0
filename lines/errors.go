package lines

import (
	"context"
	"errors"
	"fmt"
	"io"
	"syscall"

	"github.com/fairshuffle/shuffle/internal/gnu"
)

// The errors of a run. Each is a value a caller tests with errors.Is (the
// kinds below) or errors.As (the types), and its text is GNU shuf's
// message for it, without the "shuf: " that cmd/shuf writes first.

// The kinds of error a run may end with, for errors.Is.
var (
	ErrChanged        = errors.New("lines: an input changed while it was read")
	ErrHeaderMismatch = errors.New("lines: a file's header differs from the first file's")
	ErrBinary         = errors.New("lines: an input looks binary")
	ErrMalformedCSV   = errors.New("lines: an input is not well-formed CSV")
	ErrCompressed     = errors.New("lines: an input is compressed in a format not read")
	ErrOutOfMemory    = errors.New("lines: the input does not fit in memory")
	ErrNoLines        = errors.New("lines: no lines to repeat")
	ErrLineCounts     = errors.New("lines: aligned files have different line counts")
)

// Error is an error of a run that no other type describes.
// It covers options that do not go together, a temporary file that failed,
// [ErrOutOfMemory] and [ErrNoLines]; Kind, if set, is what errors.Is finds.
type Error struct {
	Msg  string
	Kind error
}

// Error returns the message, as shuf prints it after its name.
func (e *Error) Error() string { return e.Msg }

// Is reports whether target is the error's kind.
func (e *Error) Is(target error) bool { return e.Kind != nil && target == e.Kind }

// fatalError is an *Error of no kind.
func fatalError(msg string) error { return &Error{Msg: msg} }

// ReadError is a failure to read an input, or to hold it in memory.
type ReadError struct{ Err error }

// Error returns the message, as shuf prints it after its name.
func (e *ReadError) Error() string { return "read error: " + gnu.Reason(e.Err) }

// Unwrap returns the underlying error.
func (e *ReadError) Unwrap() error { return e.Err }

// Is matches [ErrOutOfMemory] when the memory to read the input into
// could not be had (ENOMEM).
func (e *ReadError) Is(target error) bool {
	return target == ErrOutOfMemory && errors.Is(e.Err, syscall.ENOMEM)
}

// readError wraps err in a *ReadError, unless it is an error of the run
// already: an input that changed or that will not be read, or a run
// cancelled.
func readError(err error) error {
	var (
		ce *ChangedError
		ie *InputError
		e  *Error
	)
	if errors.As(err, &ce) || errors.As(err, &ie) || errors.As(err, &e) ||
		errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &ReadError{err}
}

// ChangedError is an input file that changed while it was read: it grew,
// shrank or was replaced. It matches [ErrChanged].
type ChangedError struct{ Name, What string }

// Error returns the message, as shuf prints it after its name.
func (e *ChangedError) Error() string {
	name := gnu.QuoteName(e.Name)
	if e.Name == "-" {
		name = "standard input"
	}
	return name + ": changed while being read: " + e.What
}

// Is reports whether target is the error's kind.
func (e *ChangedError) Is(target error) bool { return target == ErrChanged }

// WriteError is a failure to write the output. Again says that GNU shuf
// writes a second message, a bare "write error": the write that failed
// was not its last.
type WriteError struct {
	Err   error
	Again bool
}

// Error returns the message, as shuf prints it after its name.
func (e *WriteError) Error() string { return "write error: " + gnu.Reason(e.Err) }

// Unwrap returns the underlying error.
func (e *WriteError) Unwrap() error { return e.Err }

// RandomSourceError is a [RandomFile] that could not be opened, ran out or
// could not be read. It travels as a panic out of the shuffle that drew
// from the source, and is returned by [Shuffle].
type RandomSourceError struct {
	Name    string
	Err     error
	Opening bool
}

// Error returns the message, as shuf prints it after its name.
func (e *RandomSourceError) Error() string {
	if e.Opening {
		return gnu.QuoteName(e.Name) + ": " + gnu.Reason(e.Err)
	}
	if e.Err == io.EOF {
		return gnu.Quote(e.Name) + ": end of file"
	}
	return gnu.Quote(e.Name) + ": read error: " + gnu.Reason(e.Err)
}

// Unwrap returns the underlying error.
func (e *RandomSourceError) Unwrap() error { return e.Err }

// fileWriteError and fileReadError report a temporary file that failed;
// spillWriteError and spillReadError, a spill file of the shuffle past
// memory.
func fileWriteError(name string, err error) error {
	return fatalError(fmt.Sprintf("write failed: %s: %s", name, gnu.Reason(err)))
}

func fileReadError(name string, err error) error {
	return fatalError(fmt.Sprintf("read failed: %s: %s", name, gnu.Reason(err)))
}

func spillWriteError(f *spillFile, err error) error { return fileWriteError(f.f.Name(), err) }

func spillReadError(f *spillFile, err error) error { return fileReadError(f.f.Name(), err) }
