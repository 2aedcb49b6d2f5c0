package vectors

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Testdata returns the path of a committed vector file, testdata/compat/name/file,
// from a compat package's directory, where its tests run.
func Testdata(name, file string) string {
	return filepath.Join("..", "..", "testdata", "compat", name, file)
}

// Live returns the path of the vector file scripts/compat-live-name has just
// written into the directory $COMPAT_VECTORS; without that variable it skips t.
func Live(t testing.TB, name, file string) string {
	t.Helper()
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-" + name + " sets it")
	}
	return filepath.Join(dir, file)
}

// Lines calls fn with each line of the file at path, numbered from 1, and
// returns how many there were. Lines may be up to 1 MiB long. It fails t if
// the file cannot be read or has fewer than min lines, and logs the count.
func Lines(t testing.TB, path string, min int, fn func(line int, text string)) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		n++
		fn(n, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n < min {
		t.Fatalf("%s: %d lines, want at least %d", path, n, min)
	}
	t.Logf("%s: %d lines checked", path, n)
	return n
}

// Fields is [Lines] with each line split into its blank-separated fields.
// It fails t with "path:line: short line" at a line of fewer than width fields.
func Fields(t testing.TB, path string, min, width int, fn func(line int, f []string)) int {
	t.Helper()
	return Lines(t, path, min, func(line int, text string) {
		f := strings.Fields(text)
		if len(f) < width {
			t.Fatalf("%s:%d: short line", path, line)
		}
		fn(line, f)
	})
}

// Equations checks each line "case = output" of the file at path against
// compute's answer to the case's fields. Blanks at the output's ends do not
// count. It returns the count of lines, failing t below min as [Lines] does.
func Equations(t testing.TB, path string, min int, compute func(f []string) string) int {
	t.Helper()
	return Lines(t, path, min, func(line int, text string) {
		// The blank added lets an empty output's line end in " =".
		head, want, ok := strings.Cut(text+" ", " = ")
		if !ok {
			t.Fatalf("%s:%d: no ' = '", path, line)
		}
		want = strings.TrimSpace(want)
		if got := compute(strings.Fields(head)); got != want {
			t.Errorf("%s:%d: %s\n got %.200s\nwant %.200s", path, line, head, got, want)
		}
	})
}

// Draws checks want, a line's expected draws, against successive calls of
// next, reporting the first that differs with where and its index.
func Draws(t testing.TB, where string, want []string, next func() string) {
	t.Helper()
	for i, w := range want {
		if g := next(); g != w {
			t.Errorf("%s, draw %d: got %s, want %s", where, i, g, w)
			return
		}
	}
}

// Call is one line "op seed arg want…" as Gen.java, gen.php and gen.rb
// print a call and its outputs. Where begins a failure: "path:line: op(arg)
// seed S".
type Call struct {
	Where, Op, Seed, Arg string
	Want                 []string
}

// Calls is [Fields] with each line read as a [Call].
func Calls(t testing.TB, path string, min, width int, fn func(c Call)) int {
	t.Helper()
	return Fields(t, path, min, max(width, 3), func(line int, f []string) {
		where := fmt.Sprintf("%s:%d: %s(%s) seed %s", path, line, f[0], f[2], f[1])
		fn(Call{Where: where, Op: f[0], Seed: f[1], Arg: f[2], Want: f[3:]})
	})
}
