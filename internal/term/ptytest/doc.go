// Package ptytest opens pseudo-terminals for tests: the terminal check's
// own, and those of the commands' progress lines. Tests import it; the
// commands do not.
package ptytest
