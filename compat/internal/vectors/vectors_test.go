package vectors

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the failures it is told of; Fatal
// and Fatalf end the goroutine, as testing's do.
type recorder struct {
	testing.TB
	failures []string
}

func (r *recorder) Helper()                   {}
func (r *recorder) Logf(string, ...any)       {}
func (r *recorder) Errorf(f string, a ...any) { r.failures = append(r.failures, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatal(a ...any) {
	r.failures = append(r.failures, fmt.Sprint(a...))
	runtime.Goexit()
}
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...); runtime.Goexit() }
func (r *recorder) Skip(a ...any)             { r.Fatal(append([]any{"skip: "}, a...)...) }

// failures runs f on a recorder and returns what it failed with.
func failures(t *testing.T, f func(tb testing.TB)) []string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r.failures
}

func file(t *testing.T, text string) string {
	path := filepath.Join(t.TempDir(), "v.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestEquations checks that a right file passes, and that a wrong output, a
// line without " = " and a file short of min each fail, where they are.
func TestEquations(t *testing.T) {
	double := func(f []string) string { return strings.Repeat(strings.Join(f, ""), 2) }
	// The last line is an empty case's empty output, its blank stripped.
	path := file(t, "a = aa\nb =  bb \n =\n")
	if got := failures(t, func(tb testing.TB) { Equations(tb, path, 3, double) }); got != nil {
		t.Errorf("a right file: %q", got)
	}
	for _, c := range []struct{ text, min, want string }{
		{"a = aa\nb = bc\n", "2", ":2: b\n got bb\nwant bc"},
		{"a = aa\nb bb\n", "2", ":2: no ' = '"},
		{"a = aa\n", "2", ": 1 lines, want at least 2"},
	} {
		path := file(t, c.text)
		min := int(c.min[0] - '0')
		got := failures(t, func(tb testing.TB) { Equations(tb, path, min, double) })
		if len(got) != 1 || !strings.HasSuffix(got[0], c.want) {
			t.Errorf("%q: failures %q, want one ending %q", c.text, got, c.want)
		}
	}
}

// TestFieldsDraws checks Fields' short line, and that Draws reports the
// first wrong draw of Repeat's 1, 2, 3 and no more.
func TestFieldsDraws(t *testing.T) {
	path := file(t, "x 1 2\nx 1\n")
	var seen []int
	got := failures(t, func(tb testing.TB) { Fields(tb, path, 1, 3, func(line int, f []string) { seen = append(seen, line) }) })
	if !slices.Equal(seen, []int{1}) || len(got) != 1 || got[0] != path+":2: short line" {
		t.Errorf("Fields: lines %v, failures %q", seen, got)
	}
	i := 0
	draws := Repeat(3, func() string { i++; return fmt.Sprint(i) })
	i = 0
	got = failures(t, func(tb testing.TB) {
		Draws(tb, "here", []string{"1", "5", "6"}, func() string { i++; return draws[i-1] })
	})
	if !slices.Equal(got, []string{"here, draw 1: got 2, want 5"}) {
		t.Errorf("Draws: %q", got)
	}
}

// TestShuffled checks that each of the three parts of a shuffle line is
// held to: the digest, the draw after and the prefix; and that Shuffles
// fails where its two shuffles differ.
func TestShuffled(t *testing.T) {
	order := []int32{2, 0, 1}
	sum := SumLines(order)
	if got := failures(t, func(tb testing.TB) { shuffled(tb, "s", order, "9", []string{sum, "9", "2", "0"}) }); got != nil {
		t.Errorf("a right line: %q", got)
	}
	for _, want := range [][]string{{sum[1:] + "0", "9", "2"}, {sum, "8", "2"}, {sum, "9", "2", "1"}} {
		if got := failures(t, func(tb testing.TB) { shuffled(tb, "s", order, "9", want) }); len(got) != 1 {
			t.Errorf("%q: failures %q, want one", want, got)
		}
	}
	// A "generator" here is a count of draws; the shuffles reverse or keep.
	fresh := func() *int { return new(int) }
	rev := func(g *int, n int, swap func(i, j int)) {
		for i := range n / 2 {
			swap(i, n-1-i)
		}
	}
	revSlice := func(g *int, s []int32) { slices.Reverse(s) }
	keepSlice := func(g *int, s []int32) {}
	after := func(g *int) string { *g++; return fmt.Sprint(*g) }
	want := []string{SumLines([]int32{2, 1, 0}), "1", "2"}
	if got := failures(t, func(tb testing.TB) { Shuffles(tb, "s", 3, fresh, rev, revSlice, after, want) }); got != nil {
		t.Errorf("Shuffles, the same shuffles: %q", got)
	}
	if got := failures(t, func(tb testing.TB) { Shuffles(tb, "s", 3, fresh, rev, keepSlice, after, want) }); !slices.Equal(got, []string{"s: ShuffleSlice differs from Shuffle"}) {
		t.Errorf("Shuffles, two orders: %q", got)
	}
}

func TestDecimals(t *testing.T) {
	if got := Decimals([]uint64{1<<64 - 1, 7}); !slices.Equal(got, []string{"18446744073709551615", "7"}) {
		t.Errorf("Decimals: %q", got)
	}
	if got, want := Sum([]uint64{1<<64 - 1, 7}), "6b77e8052b02252d7870dc5a122b46241eeec71de129182cbba34e87ec8e5b24"; got != want {
		t.Errorf("Sum: %s, want %s", got, want)
	}
	if got, want := Sum([]int(nil)), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"; got != want {
		t.Errorf("Sum of nothing: %s, want %s", got, want)
	}
}
