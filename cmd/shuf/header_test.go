package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeaderMismatch: with --header and several inputs, a later input
// whose first lines are not the header is an error naming it and the
// line, with status 1, nothing on standard output and no -o file, on
// every path that reads the inputs (in memory, past memory, -n, a later
// input from standard input); --header-mismatch=drop drops them as
// before. A later input that repeats the header, lacks its last newline,
// or is empty or shorter than the header passes.
func TestHeaderMismatch(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	const hdr = "id,x\n"
	data := numbered("row", 30000) // past --memory 64K
	a := write(t, "a.csv", hdr+data)
	same := write(t, "same.csv", hdr+"3,c\n")
	noHeader := write(t, "c.csv", "3,c\n4,d\n")
	crlf := write(t, "crlf.csv", "id,x\r\n5,e\n")
	bare := write(t, "bare.csv", "id,x") // the header alone, no newline
	empty := write(t, "empty.csv", "")
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	refused := func(name, later, got string) string {
		return "shuf: " + later + ":1: '" + got + "' is not the header of " + a +
			", 'id,x' (--header-mismatch=drop drops it all the same)\n"
	}
	for _, path := range [][]string{nil, {"--memory", "64K"}, {"-n", "5"}, {"-n", "5", "--memory", "64K"}, {"-r", "-n", "5"}} {
		for _, later := range []struct{ file, got string }{{noHeader, "3,c"}, {crlf, `id,x\r`}} {
			args := append([]string{"--seed", "1", "--header", "-o", out}, path...)
			r := runBin(t, "", "", append(args, a, later.file)...)
			assert.Equal(t, 1, r.code, "%q", args)
			assert.Equal(t, refused(a, later.file, later.got), r.stderr, "%q", args)
			assert.Empty(t, r.stdout)
			assert.NoFileExists(t, out)
		}
		// Dropped on purpose: the later input's first line goes, whatever it is.
		args := append([]string{"--seed", "1", "--header", "--header-mismatch=drop"}, path...)
		got := ok(t, "", append(args, a, noHeader)...)
		require.True(t, strings.HasPrefix(got, hdr))
		assert.NotContains(t, got, "3,c\n", "%q", args)
		if len(path) < 2 || path[0] != "-n" && path[0] != "-r" {
			assert.Equal(t, sorted(data+"4,d\n", '\n'), sorted(strings.TrimPrefix(got, hdr), '\n'), "%q", args)
		}
		// The same header, one without its newline, and no lines at all pass.
		got = ok(t, "", append(append([]string{"--seed", "1", "--header"}, path...), a, same, bare, empty)...)
		require.True(t, strings.HasPrefix(got, hdr))
		if len(path) < 2 || path[0] != "-n" && path[0] != "-r" {
			assert.Equal(t, sorted(data+"3,c\n", '\n'), sorted(strings.TrimPrefix(got, hdr), '\n'), "%q", path)
		}
	}
	// A later input from standard input is named so.
	r := runBin(t, "3,c\n", "", "--header", a, "-")
	assert.Equal(t, 1, r.code)
	assert.Equal(t, refused(a, "standard input", "3,c"), r.stderr)

	// --header=2: the line that differs is named; a header shorter than
	// N lines (the first input has fewer) leaves nothing for a later
	// input's line to be.
	two := write(t, "two", "h1\nh2\nd1\n")
	r = runBin(t, "", "", "--header=2", two, write(t, "two-bad", "h1\nH2\nd2\n"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "two-bad:2: 'H2' is not line 2 of the header of "+two+", 'h2' (")
	short := write(t, "short", "h1\n")
	r = runBin(t, "", "", "--header=2", short, write(t, "longer", "h1\nx\ny\n"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "longer:2: line 2 of the header: "+short+" has only 1 (")
	assert.Equal(t, "h1\nh2\nd1\n", ok(t, "", "--header=2", two, write(t, "two-ok", "h1\nh2")))

	// -z: the lines are NUL-delimited, and a newline in one is its own.
	z := write(t, "z", "h\nh\x00p\x00")
	r = runBin(t, "", "", "-z", "--header", z, write(t, "z-bad", "h\x00q\x00"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, `z-bad:1: 'h' is not the header of `+z+`, 'h\nh' (`)
	got := ok(t, "", "-z", "--header", z, write(t, "z-ok", "h\nh\x00q\x00"))
	assert.Equal(t, "h\nh\x00", got[:4])
	assert.Equal(t, []string{"p\x00", "q\x00"}, sorted(got[4:], 0))

	// A line longer than the reader's buffer is compared whole.
	long := strings.Repeat("c", 200000)
	l1 := write(t, "l1", long+"\nr1\n")
	assert.Equal(t, long+"\nr1\nr2\n", ok(t, "", "--header", "--seed", "2", "--algo", "forward", l1, write(t, "l2", long+"\nr2\n")))
	r = runBin(t, "", "", "--header", l1, write(t, "l3", long+"d\nr2\n"))
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "l3:1: '"+strings.Repeat("c", 60)+"'... is not the header of ")

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--header-mismatch=drop", a}, "shuf: --header-mismatch needs --header\n"},
		{[]string{"--header", "--header-mismatch=keep", a}, "shuf: invalid --header-mismatch: 'keep'; error or drop\n"},
	} {
		r := runBin(t, "", "", tc.args...)
		assert.Equal(t, 1, r.code)
		assert.Equal(t, tc.want, r.stderr)
	}
	_, err := os.Stat(out)
	assert.True(t, os.IsNotExist(err))
}
