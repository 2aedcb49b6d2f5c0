package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/fairshuffle/shuffle/internal/gnu"
	"github.com/fairshuffle/shuffle/lines"
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
	var we *lines.WriteError
	if errors.As(err, &we) && we.Again {
		fmt.Fprintln(w, "shuf: write error")
	}
}

// message words an error as GNU does: the lines package's errors as they
// are worded, a system error as "name: reason", with the name quoted as
// GNU's quotef does and the reason as C's strerror spells it.
func message(err error) string {
	var (
		ce *lines.ChangedError
		ie *lines.InputError
		we *lines.WriteError
		re *lines.ReadError
		le *lines.Error
		rs *lines.RandomSourceError
	)
	switch {
	case errors.As(err, &rs):
		return rs.Error()
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
	var f fatalError
	switch {
	case errors.As(err, &u):
		return u.msg
	case errors.As(err, &f):
		return f.msg
	case errors.As(err, &le):
		return le.Error()
	}
	return reason(err)
}

func quote(s string) string     { return gnu.Quote(s) }
func quoteName(s string) string { return gnu.QuoteName(s) }
func reason(err error) string   { return gnu.Reason(err) }
