package rust

import (
	"math/rand/v2"
	"testing"
)

var _ rand.Source = (*StdRng)(nil)

// TestDrawsNothing checks that shuffles of 0 and 1 item draw nothing.
func TestDrawsNothing(t *testing.T) {
	for n := range 2 {
		r := SeedFromU64(1)
		r.Shuffle(n, func(i, j int) { t.Errorf("n=%d: swap(%d, %d)", n, i, j) })
		ShuffleSlice(r, make([]int, n))
		if r.i != 64 {
			t.Errorf("n=%d: the generator moved", n)
		}
	}
}

// TestIndexWide checks gen_index's u64 branch, for bounds past 2^32 - 1, on
// GenRange's draws, which the vectors hold to rand's.
func TestIndexWide(t *testing.T) {
	if uint64(^uint(0)) < 1<<32 {
		t.Skip("int is 32 bits wide")
	}
	n := uint64(1<<32 + 7)
	a, b := SeedFromU64(3), SeedFromU64(3)
	for range 100 {
		if x, y := uint64(a.index(int(n))), b.GenRange(0, n); x != y {
			t.Fatalf("index(%d) = %d, GenRange(0, %d) = %d", n, x, n, y)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Shuffle n<0":        func() { SeedFromU64(1).Shuffle(-1, func(i, j int) {}) },
		"GenRange low==high": func() { SeedFromU64(1).GenRange(5, 5) },
		"GenRange low>high":  func() { SeedFromU64(1).GenRange(6, 5) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestShuffleBlocks checks the shuffles, which draw a buffer's indices
// before their swaps, against a swap after each draw by gen_index, from
// every position in the buffer and for sizes on both sides of powers of
// two, where the draws' zone changes, and that both leave the generator
// at the same word.
func TestShuffleBlocks(t *testing.T) {
	for _, n := range []int{2, 3, 63, 64, 65, 66, 127, 128, 129, 200, 1023, 1024, 1025, 4097} {
		for skip := range 65 {
			want := SeedFromU64(uint64(n))
			for range skip {
				want.Uint32()
			}
			got, gots := *want, *want
			p := make([]int, n)
			for k := range p {
				p[k] = k
			}
			q, w := append([]int(nil), p...), append([]int(nil), p...)
			for i := n - 1; i > 0; i-- {
				j := want.index(i + 1)
				w[i], w[j] = w[j], w[i]
			}
			got.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
			ShuffleSlice(&gots, q)
			for k := range w {
				if p[k] != w[k] || q[k] != w[k] {
					t.Fatalf("n=%d skip=%d: at %d Shuffle %d, ShuffleSlice %d, want %d", n, skip, k, p[k], q[k], w[k])
				}
			}
			if x, y, z := got.Uint64(), gots.Uint64(), want.Uint64(); x != z || y != z {
				t.Fatalf("n=%d skip=%d: next words %d and %d, want %d", n, skip, x, y, z)
			}
		}
	}
}
