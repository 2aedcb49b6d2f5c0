package classic

import (
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// BenchmarkBattery is the classic battery on NIST's usual sequence of 10⁶
// bits: go test -run '^$' -bench Battery ./audit/classic.
func BenchmarkBattery(b *testing.B) {
	bits := sp80022.FromSource(rand.NewChaCha8([32]byte{1}), 1000000)
	for b.Loop() {
		Battery(bits)
	}
}
