package php

import (
	"encoding/hex"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// TestVectors holds the package to the outputs PHP 8.2 gave for the
// committed seeds (testdata/compat/php/gen.php made them).
func TestVectors(t *testing.T) {
	checkVectors(t, vectors.Testdata("php", "vectors.txt"), 300)
}

// TestLive checks vectors PHP made a moment ago from fresh seeds, in the
// directory COMPAT_VECTORS names (scripts/compat-live-php sets it).
func TestLive(t *testing.T) {
	checkVectors(t, vectors.Live(t, "php", "php.txt"), 1)
}

// checkVectors checks every line of the vector file at path and fails if
// there are fewer than min.
func checkVectors(t *testing.T, path string, min int) {
	t.Helper()
	vectors.Fields(t, path, min, 3, func(line int, fields []string) {
		op, seed, arg, want := fields[0], vectors.Int(t, fields[1], 64), fields[2], fields[3:]
		where := fmt.Sprintf("%s:%d: %s(%s) seed %d", path, line, op, arg, seed)
		r := NewMT19937(seed)
		var got func() string
		switch op {
		case "mt_rand":
			got = func() string { return strconv.FormatInt(r.Rand(), 10) }
		case "mt_rand_range":
			lo, hi, _ := strings.Cut(arg, ",")
			min, max := vectors.Int(t, lo, 64), vectors.Int(t, hi, 64)
			got = func() string { return strconv.FormatInt(r.RandRange(min, max), 10) }
		case "str_shuffle":
			got = func() string {
				return hex.EncodeToString([]byte(StrShuffle(r, "abcdefghijklmnopqrstuvwxyz0123456789")))
			}
		case "shuffle":
			checkShuffle(t, where, seed, int(vectors.Int(t, arg, 64)), want)
			return
		default:
			t.Fatalf("%s:%d: unknown op %q", path, line, op)
		}
		vectors.Draws(t, where, want, got)
	})
}

// checkShuffle checks one shuffle line: sha256, mt_rand() after, prefix;
// and that ShuffleSlice gives the same as Shuffle.
func checkShuffle(t *testing.T, where string, seed int64, n int, want []string) {
	t.Helper()
	r, r2 := NewMT19937(seed), NewMT19937(seed)
	s, s2 := vectors.Iota[int32](n), vectors.Iota[int32](n)
	Shuffle(r, n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	after := r.Rand()
	ShuffleSlice(r2, s2)
	if r2.Rand() != after || !slices.Equal(s, s2) {
		t.Errorf("%s: ShuffleSlice differs from Shuffle", where)
	}
	vectors.Shuffled(t, where, s, strconv.FormatInt(after, 10), want)
}
