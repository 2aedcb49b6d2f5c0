package sp80022

import (
	"math/rand/v2"
	"testing"
)

// gf2Rank is the rank over GF(2) by textbook elimination.
func gf2Rank(rows [32]uint32) int {
	r := 0
	for bit := uint32(1) << 31; bit != 0; bit >>= 1 {
		p := -1
		for i := r; i < 32; i++ {
			if rows[i]&bit != 0 {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		rows[r], rows[p] = rows[p], rows[r]
		for i := range rows {
			if i != r && rows[i]&bit != 0 {
				rows[i] ^= rows[r]
			}
		}
		r++
	}
	return r
}

// TestSTSRank holds STS's elimination to the true rank on random
// matrices, full and of every lower rank (rows that are sums of a few
// others, in shuffled order): it is not a departure from the publication.
func TestSTSRank(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	differ := 0
	for trial := range 20000 {
		var rows [32]uint32
		basis := 1 + trial%33
		for i := range rows {
			if i < basis {
				rows[i] = r.Uint32() & (^uint32(0) << r.UintN(4))
			} else {
				for k := range basis {
					if r.IntN(2) == 1 {
						rows[i] ^= rows[k]
					}
				}
			}
		}
		r.Shuffle(32, func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		want := gf2Rank(rows)
		if got := stsRank(&rows); got != want {
			differ++
			if differ <= 3 {
				t.Errorf("STS's rank %d, true rank %d", got, want)
			}
		}
	}
	if differ > 0 {
		t.Errorf("%d of 20000 ranks differ", differ)
	}
}
