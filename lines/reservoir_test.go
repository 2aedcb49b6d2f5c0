package lines

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReservoirExact: -n 3 of 6 lines through the reservoir gives each of
// the 120 ordered samples equally often: a chi-square test on 119 degrees
// of freedom at α = 10⁻⁴ (its false-failure rate), 100 expected a
// sample, seed fixed. The negative control is Algorithm R with the
// classic off-by-one (slot drawn from 0..i−1, not 0..i), which keeps the
// last line 3/5 of the time instead of 1/2: the same test must reject it.
func TestReservoirExact(t *testing.T) {
	t.Parallel()
	const alpha = 1e-4
	const in = "a\nb\nc\nd\ne\nf\n"
	trials := quick(60000)
	src := rand.NewChaCha8([32]byte{3})
	counts := map[string]int{}
	for range trials {
		var out bytes.Buffer
		s := &shuf{o: &options{count: 3, countSet: true, delim: '\n'}, stdout: &out, src: src, own: src, mem: 1 << 20}
		require.NoError(t, s.sampleReservoir(strings.NewReader(in)))
		counts[out.String()]++
	}
	p := uniformP(t, counts, 120, trials)
	assert.Greater(t, p, alpha, "a fair reservoir was rejected: p = %g", p)

	planted := map[string]int{}
	r := rand.New(src)
	lines := strings.SplitAfter(in, "\n")[:6]
	for range trials {
		held := append([]string(nil), lines[:3]...)
		for i := 3; i < len(lines); i++ {
			if j := r.IntN(i); j < 3 { // the bug: IntN(i+1) is right
				held[j] = lines[i]
			}
		}
		shuffle.Slice(shuffle.NewFisherYates(src), held)
		planted[strings.Join(held, "")]++
	}
	q := uniformP(t, planted, 120, trials)
	assert.Less(t, q, alpha, "the off-by-one reservoir passed: p = %g", q)
	t.Logf("p = %.3g; off by one: p = %.3g", p, q)
}
