package ethereum

import "testing"

// TestWideCount holds ShuffledIndex to the specification's uint64
// arithmetic where the npm original wraps at 32 bits (counts past 2^31):
// 3920006492 is compute_shuffled_index(0, 2^32-1, 32 zero bytes) with 10
// rounds, from the specification's definition run in Python's hashlib.
func TestWideCount(t *testing.T) {
	var seed [32]byte
	if got := ShuffledIndex(0, 1<<32-1, seed, RoundsMinimal); got != 3920006492 {
		t.Errorf("ShuffledIndex(0, 2^32-1, 0, 10) = %d, want 3920006492", got)
	}
}

// TestShuffleAgrees checks Shuffle and InverseShuffle against ShuffledIndex
// on every size from 0 to 300 and about 512 and 768 (the pivots falling
// everywhere against the 256-position blocks) with 10 rounds.
func TestShuffleAgrees(t *testing.T) {
	seed := [32]byte{1, 2, 3}
	sizes := []int{510, 511, 512, 513, 514, 767, 768, 769}
	for n := range 301 {
		sizes = append(sizes, n)
	}
	for _, n := range sizes {
		s := make([]uint64, n)
		for i := range s {
			s[i] = uint64(i)
		}
		Shuffle(s, seed, RoundsMinimal)
		for i := range s {
			if w := ShuffledIndex(uint64(i), uint64(n), seed, RoundsMinimal); s[i] != w {
				t.Fatalf("n=%d: Shuffle's item %d is %d, ShuffledIndex %d", n, i, s[i], w)
			}
		}
		InverseShuffle(s, seed, RoundsMinimal)
		for i := range s {
			if s[i] != uint64(i) {
				t.Fatalf("n=%d: InverseShuffle did not undo Shuffle at %d", n, i)
			}
		}
	}
}

func TestPanics(t *testing.T) {
	var seed [32]byte
	for name, f := range map[string]func(){
		"ShuffledIndex index>=count": func() { ShuffledIndex(3, 3, seed, 10) },
		"ShuffledIndex count 0":      func() { ShuffledIndex(0, 0, seed, 10) },
		"ShuffledIndex rounds 256":   func() { ShuffledIndex(0, 3, seed, 256) },
		"ShuffledIndex count 2^40+1": func() { ShuffledIndex(0, 1<<40+1, seed, 10) },
		"Shuffle rounds -1":          func() { Shuffle([]int{1}, seed, -1) },
		"InverseShuffle rounds 256":  func() { InverseShuffle([]int{1}, seed, 256) },
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
