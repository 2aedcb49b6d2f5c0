package audit

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

// TestSpearmanVariance: over every equally likely line of small decks,
// shoes and partial deals, the statistic of one line averages exactly 1,
// so the variance it divides by is exact, and the lines' table sums to a
// statistic of 0.
func TestSpearmanVariance(t *testing.T) {
	checks := stattest.Checks{Rule: "over every line of each shape: df 1 for each line, the mean statistic 1 to 1e-12, the summed table's statistic 0 to 1e-20 with p = 1; exact enumeration, no false failures"}
	for _, s := range []shape{
		{n: 3, k: 1, N: 3, m: 3}, {n: 4, k: 1, N: 4, m: 4}, {n: 6, k: 1, N: 6, m: 6},
		{n: 5, k: 1, N: 5, m: 2}, {n: 5, k: 1, N: 5, m: 3},
		{n: 3, k: 2, N: 6, m: 6}, {n: 3, k: 3, N: 9, m: 9}, {n: 3, k: 2, N: 6, m: 4},
	} {
		name := fmt.Sprintf("n=%d k=%d m=%d", s.n, s.k, s.m)
		pos := make([]int64, s.n*s.m)
		total := make([]int64, s.n*s.m)
		sum, count, badDF, firstDF := 0.0, 0, 0, 1.0
		for _, line := range lines(s) {
			clear(pos)
			for j, c := range line {
				pos[c*s.m+j]++
				total[c*s.m+j]++
			}
			chi2, df, _ := spearmanTest(pos, s, 1)
			if df != 1 {
				if badDF == 0 {
					firstDF = df
				}
				badDF++
			}
			sum += chi2
			count++
		}
		checks.Check(badDF == 0, float64(badDF), "%s: %d of %d lines have df ≠ 1 (the first %g)", name, badDF, count, firstDF)
		mean := sum / float64(count)
		checks.Check(math.Abs(mean-1) <= 1e-12, math.Abs(mean-1)/1e-12, "%s: the mean statistic over %d lines is %.15g, want 1 ± 1e-12", name, count, mean)
		chi2, _, p := spearmanTest(total, s, float64(count))
		checks.Check(math.Abs(chi2) <= 1e-20 && p == 1, math.Abs(chi2)/1e-20, "%s: the summed table's statistic is %.3g with p = %.15g, want 0 ± 1e-20 with p = 1", name, chi2, p)
	}
	checks.Report(t)
}

// TestSpearmanCalibration: for fair decks and shoes the p-values are
// uniform (Kolmogorov–Smirnov at 1e-4, so the three checks fail together
// for about 3 seeds in 10⁴) at 6 cards from 30 decks (5n, where positions
// starts), at 52 cards from 1,000 decks, and for 10 cards dealt from a
// shoe of 4 decks of 13; and an unshuffled deck, or a reversed one, fails
// at once.
func TestSpearmanCalibration(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 52))
	checks := stattest.Checks{Rule: "fair decks' p-values uniform by Kolmogorov–Smirnov at p > 1e-4 (a false failure for about 3 seeds in 10⁴), an unshuffled or reversed deck p < 1e-8"}
	for _, c := range []struct {
		s           shape
		decks, runs int
	}{
		{shape{n: 6, k: 1, N: 6, m: 6}, 30, 2000},
		{shape{n: 52, k: 1, N: 52, m: 52}, 1000, 300},
		{shape{n: 13, k: 4, N: 52, m: 10}, 300, 1000},
	} {
		s := c.s
		ps := make([]float64, 0, c.runs)
		pos := make([]int64, s.n*s.m)
		deck := make([]int, s.N)
		for range c.runs {
			clear(pos)
			for range c.decks {
				for i := range deck {
					deck[i] = i / s.k
				}
				r.Shuffle(s.N, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
				for j, card := range deck[:s.m] {
					pos[card*s.m+j]++
				}
			}
			_, _, p := spearmanTest(pos, s, float64(c.decks))
			ps = append(ps, p)
		}
		d, p := ksUniform(ps)
		stattest.Logf(t, "n=%d k=%d m=%d, %d decks, %d runs: KS D=%.3f p=%.3g", s.n, s.k, s.m, c.decks, c.runs, d, p)
		checks.Above(p, 1e-4, "n=%d k=%d m=%d, %d decks, %d runs: KS D=%.3f", s.n, s.k, s.m, c.decks, c.runs, d)
	}
	const n = 52
	s := shape{n: n, k: 1, N: n, m: n}
	pos := make([]int64, n*n)
	for _, rev := range []bool{false, true} {
		clear(pos)
		for c := range n {
			j := c
			if rev {
				j = n - 1 - c
			}
			pos[c*n+j] = 10
		}
		_, _, p := spearmanTest(pos, s, 10)
		checks.Below(p, 1e-8, "an unshuffled deck, reversed=%v", rev)
	}
	checks.Report(t)
}
