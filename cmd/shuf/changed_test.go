package main

import (
	"bytes"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// runHere runs the command in this process, as main does, and returns its
// exit status, standard output and standard error. It puts back the memory
// limit --memory sets.
func runHere(t testing.TB, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// dirNames is the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}
