package audit_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
)

// BenchmarkAdd times Auditor.Add per line, for a deck of 52, 6- and 8-deck
// shoes, and 7 cards dealt from a deck and 6 from an 8-deck shoe (with
// baccarat): ns/op is the cost of auditing one line.
func BenchmarkAdd(b *testing.B) {
	for _, c := range []struct {
		k, m  int
		games []audit.Game
	}{{1, 52, nil}, {6, 312, nil}, {8, 416, nil}, {1, 7, nil}, {8, 6, []audit.Game{audit.Baccarat}}} {
		b.Run(fmt.Sprintf("copies=%d/dealt=%d", c.k, c.m), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 2))
			const pool = 256
			lines := make([][]int, pool)
			for i := range lines {
				s := make([]int, 52*c.k)
				for j := range s {
					s[j] = j % 52
				}
				r.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
				lines[i] = s[:c.m]
			}
			a := audit.New(52, audit.Options{Copies: c.k, Dealt: c.m, Games: c.games})
			b.ResetTimer()
			for i := range b.N {
				if err := a.Add(lines[i%pool]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
