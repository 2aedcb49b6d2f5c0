package perm

import (
	"slices"
	"testing"
)

// TestNext counts the orders Next visits and checks that they come in
// increasing order, each once: 4! = 24 for distinct items, 4!/2!2! = 6 with
// two pairs, 1 for a single item or none.
func TestNext(t *testing.T) {
	for _, c := range []struct {
		s    []string
		want int
	}{{[]string{"a", "b", "c", "d"}, 24}, {[]string{"x", "x", "y", "y"}, 6}, {[]string{"a"}, 1}, {nil, 1}} {
		s, seen := slices.Clone(c.s), 1
		prev := slices.Clone(s)
		for Next(s) {
			if slices.Compare(prev, s) >= 0 {
				t.Fatalf("%v after %v: not increasing", s, prev)
			}
			prev = slices.Clone(s)
			seen++
		}
		if seen != c.want {
			t.Errorf("%v: %d orders, want %d", c.s, seen, c.want)
		}
		if !slices.Equal(s, prev) {
			t.Errorf("%v: changed by the last call", c.s)
		}
	}
}
