package fair

import (
	"strconv"
	"testing"
)

// BenchmarkDeal times a whole deal, key included: a deck of 52 and a
// six-deck shoe of 312. The bounds are 20 µs and 100 µs.
func BenchmarkDeal(b *testing.B) {
	seed, clients := seed0(), []string{"alice", "bob"}
	for _, n := range []int{52, 312} {
		b.Run("n="+strconv.Itoa(n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := Deal(seed, clients, uint64(i), n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVerify times the check of a revealed 52-card round: the
// commitment and a deal.
func BenchmarkVerify(b *testing.B) {
	seed, clients := seed0(), []string{"alice", "bob"}
	deck, _ := Deal(seed, clients, 0, 52)
	c := Commit(seed)
	b.ReportAllocs()
	for b.Loop() {
		if err := Verify(c, seed, clients, 0, deck); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSourceUint64 times one word of a Source: an HMAC block per
// four words.
func BenchmarkSourceUint64(b *testing.B) {
	src, _ := NewSource(seed0(), []string{"alice"}, 0, 52)
	b.ReportAllocs()
	for b.Loop() {
		src.Uint64()
	}
}
