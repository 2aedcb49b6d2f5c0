package main

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRepeatUniform: -r picks each line with the same probability, the
// last one included, whether the lines come from a file (the last without
// its newline), from -e or from -i. Chi-square over the 5 lines' counts in
// 50,000 picks, α = 10⁻⁴; the negative control is a --random-source whose
// every 8th byte has its top bit cleared (bit 63 of each word stuck at 0),
// under which IntN(5) never picks the last two lines.
func TestRepeatUniform(t *testing.T) {
	t.Parallel()
	const alpha, picks = 1e-4, 50000
	file := write(t, "in", "1\n2\n3\n4\n5")
	b := make([]byte, 8*picks)
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], r.Uint64()&^(1<<63))
	}
	stuck := write(t, "stuck", string(b))
	for _, args := range [][]string{{file}, {"-e", "1", "2", "3", "4", "5"}, {"-i", "1-5"}} {
		p := repeatP(t, append([]string{"--seed", "5", "-r", "-n", fmt.Sprint(picks)}, args...))
		assert.Greater(t, p, alpha, "-r %q: p = %g", args, p)
		q := repeatP(t, append([]string{"--random-source", stuck, "-r", "-n", fmt.Sprint(picks)}, args...))
		assert.Less(t, q, alpha, "-r %q: the negative control passed: p = %g", args, q)
		t.Logf("-r %q: p = %.3g; bit 63 stuck: p = %.3g", args, p, q)
	}
}

// repeatP runs shuf with args and returns the chi-square p-value of the
// counts of the lines 1 to 5 in its output against equal counts; a line
// that never comes up gives 0.
func repeatP(t *testing.T, args []string) float64 {
	t.Helper()
	out := ok(t, "", args...)
	counts := map[string]int{}
	n := 0
	for _, l := range strings.Fields(out) {
		counts[l]++
		n++
	}
	require.Equal(t, 50000, n, "%q", args)
	if len(counts) < 5 {
		return 0
	}
	return uniformP(t, counts, 5, n)
}

// TestSampleLongLines: -n keeps lines longer than its 64 KiB pieces whole
// and exact, among lines of every length, and when it keeps every line.
func TestSampleLongLines(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(11, 12))
	var b strings.Builder
	var want []string
	for i := range 40 {
		l := fmt.Sprintf("%d:%s\n", i, strings.Repeat(string(rune('a'+i%26)), r.IntN(300<<10)))
		b.WriteString(l)
		want = append(want, l)
	}
	file := write(t, "in", b.String())
	for seed := range 5 {
		out := ok(t, "", "--seed", fmt.Sprint(seed), "-n", "3", file)
		got := sorted(out, '\n')
		require.Len(t, got, 3, "seed %d", seed)
		assert.Len(t, slices.Compact(got), 3, "seed %d: a line twice", seed)
		for _, l := range got {
			assert.Contains(t, want, l, "seed %d: not an input line (%d bytes)", seed, len(l))
		}
	}
	in := input() // a line of 1.2 MB and a last line without its newline
	all := ok(t, "", "--seed", "1", "-n", "100000", write(t, "in2", in))
	assert.Equal(t, sorted(in+"\n", '\n'), sorted(all, '\n'))
}
