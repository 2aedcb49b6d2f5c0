package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"syscall"
	"unicode"
)

// The errors of the command, and how they are worded: as GNU shuf words
// them, "shuf: " and a message, then, for a mistake on the command line,
// the hint to --help. Every error ends the run with status 1.

// usageError is a mistake on the command line: GNU tools print it and then
// "Try 'shuf --help' for more information.", and exit with status 1.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// fatalError is an error printed as it is, without the hint.
type fatalError struct{ msg string }

func (e fatalError) Error() string { return e.msg }

// readError is a failure to read the input.
type readError struct{ err error }

func (e readError) Error() string { return "read error: " + reason(e.err) }
func (e readError) Unwrap() error { return e.err }

// changedError is an input file that changed while shuf read it: it grew,
// shrank or was replaced.
type changedError struct{ name, what string }

func (e changedError) Error() string {
	name := quoteName(e.name)
	if e.name == "-" {
		name = "standard input"
	}
	return name + ": changed while being read: " + e.what
}

// writeError is a failure to write the output. again is GNU shuf's second
// message, a bare "write error", which it prints when the write that
// failed was not its last (see gnuSink).
type writeError struct {
	err   error
	again bool
}

func (e writeError) Error() string { return "write error: " + reason(e.err) }
func (e writeError) Unwrap() error { return e.err }

// randomSourceError is a --random-source that could not be opened, ran out
// or could not be read. It travels as a panic out of the shuffle that drew
// from the source.
type randomSourceError struct {
	name    string
	err     error
	opening bool
}

func (e randomSourceError) Error() string {
	if e.opening {
		return quoteName(e.name) + ": " + reason(e.err)
	}
	if e.err == io.EOF {
		return quote(e.name) + ": end of file"
	}
	return quote(e.name) + ": read error: " + reason(e.err)
}

// fileWriteError and fileReadError report a temporary file that failed;
// spillWriteError and spillReadError, a spill file of the shuffle past
// memory.
func fileWriteError(name string, err error) error {
	return fatalError{fmt.Sprintf("write failed: %s: %s", name, reason(err))}
}

func fileReadError(name string, err error) error {
	return fatalError{fmt.Sprintf("read failed: %s: %s", name, reason(err))}
}

func spillWriteError(f *spillFile, err error) error { return fileWriteError(f.f.Name(), err) }

func spillReadError(f *spillFile, err error) error { return fileReadError(f.f.Name(), err) }

// numError is why a number on the command line was refused.
type numError string

func (e numError) Error() string { return string(e) }

const (
	errSyntax = numError("invalid number")
	errRange  = numError("number too large")
)

// rangeError is -i's error for the part of LO-HI that is not a number,
// or is too large.
func rangeError(part string, err error) error {
	msg := "invalid input range: " + quote(part)
	if err == errRange {
		msg += ": Value too large for defined data type"
	}
	return fatalError{msg}
}

// complain writes err to w as GNU does.
func complain(w io.Writer, err error) {
	fmt.Fprintf(w, "shuf: %s\n", message(err))
	var u usageError
	if errors.As(err, &u) {
		fmt.Fprintln(w, "Try 'shuf --help' for more information.")
	}
	var we writeError
	if errors.As(err, &we) && we.again {
		fmt.Fprintln(w, "shuf: write error")
	}
}

// message words an error as GNU does: a system error as "name: reason", with
// the name quoted as GNU's quotef does and the reason as C's strerror spells
// it.
func message(err error) string {
	var we writeError
	var re readError
	var ce changedError
	var ie inputError
	switch {
	case errors.As(err, &ce):
		return ce.Error()
	case errors.As(err, &ie):
		return ie.Error()
	case errors.As(err, &we):
		return we.Error()
	case errors.As(err, &re):
		return re.Error()
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return quoteName(pe.Path) + ": " + reason(pe.Err)
	}
	var u usageError
	if errors.As(err, &u) {
		return u.msg
	}
	var f fatalError
	if errors.As(err, &f) {
		return f.msg
	}
	return reason(err)
}

// reason is an error's text with a capital first letter, which turns Go's
// syscall messages into strerror's ("No such file or directory").
func reason(err error) string {
	var errno syscall.Errno
	if errors.As(err, &errno) {
		err = errno
	}
	s := err.Error()
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
