// Package long is the one switch of the long tests: the environment
// variable SHUFFLE_LONG. With SHUFFLE_LONG=1, go test runs in every
// package the batteries that take minutes (fairness over thousands of
// seeds, millions of items, real browsers and gigabyte files); without it,
// their fast versions, or nothing where a test has no fast version.
//
// An environment variable, unlike a flag, reaches every package of
// go test ./..., and go test's cache keys its results on it.
package long

import (
	"fmt"
	"os"
	"strconv"
	"testing"
)

// Var is the name of the switch's environment variable.
const Var = "SHUFFLE_LONG"

// Enabled reports whether SHUFFLE_LONG is set to a true value ("1", "true",
// as [strconv.ParseBool] reads it). It panics if the variable holds
// anything else but the empty string, so a typo never turns the long tests
// off in silence.
func Enabled() bool {
	v, ok := os.LookupEnv(Var)
	if !ok || v == "" {
		return false
	}
	on, err := strconv.ParseBool(v)
	if err != nil {
		panic(fmt.Sprintf("%s=%q: want 1 or 0", Var, v))
	}
	return on
}

// Skip skips t unless the long tests are enabled, saying what the test
// runs and how long it takes (what, such as "4,800 checks, 30 s").
func Skip(t testing.TB, what string) {
	t.Helper()
	if !Enabled() {
		t.Skipf("%s: runs with %s=1", what, Var)
	}
}
