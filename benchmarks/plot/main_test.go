package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sample = `goos: linux
BenchmarkCompare/impl=shuffle/n=52-2   	 1000	 150.0 ns/op	 2.885 ns/element	 0 B/op	 0 allocs/op
BenchmarkCompare/impl=shuffle/n=52-2   	 1000	 160.0 ns/op	 3.000 ns/element	 0 B/op	 0 allocs/op
BenchmarkCompare/impl=shuffle/n=52-2   	 1000	 170.0 ns/op	 9.000 ns/element	 0 B/op	 0 allocs/op
BenchmarkCompare/impl=shuffle/n=1000-2 	 100	 3000 ns/op	 3.000 ns/element	 0 B/op	 0 allocs/op
BenchmarkCompare/impl=lo/n=52-2        	 1000	 500.0 ns/op	 9.615 ns/element	 0 B/op	 0 allocs/op
PASS
`

func TestParse(t *testing.T) {
	s, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 2 || len(s["shuffle"]) != 2 || len(s["lo"]) != 1 {
		t.Fatalf("got %v", s)
	}
	if p := s["shuffle"][0]; p.X != 52 || p.Y != 3.000 {
		t.Errorf("shuffle at 52: got %v, want the median 3.000", p)
	}
	if p := s["shuffle"][1]; p.X != 1000 {
		t.Errorf("points not sorted by n: %v", s["shuffle"])
	}
	if _, err := parse(strings.NewReader("PASS\n")); err == nil {
		t.Error("no error for input without benchmarks")
	}
}

func TestDraw(t *testing.T) {
	s, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "p.png")
	if err := draw(s, out); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(out); err != nil || fi.Size() < 1000 {
		t.Fatalf("no image written: %v %v", fi, err)
	}
}
