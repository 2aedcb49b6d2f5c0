package php

import (
	"encoding/hex"
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
	vectors.Calls(t, path, min, 3, func(c vectors.Call) {
		seed := vectors.Int(t, c.Seed, 64)
		r := NewMT19937(seed)
		var got func() string
		switch c.Op {
		case "mt_rand":
			got = func() string { return strconv.FormatInt(r.Rand(), 10) }
		case "mt_rand_range":
			lo, hi, _ := strings.Cut(c.Arg, ",")
			min, max := vectors.Int(t, lo, 64), vectors.Int(t, hi, 64)
			got = func() string { return strconv.FormatInt(r.RandRange(min, max), 10) }
		case "str_shuffle":
			got = func() string {
				return hex.EncodeToString([]byte(StrShuffle(r, "abcdefghijklmnopqrstuvwxyz0123456789")))
			}
		case "shuffle":
			n := int(vectors.Int(t, c.Arg, 64))
			vectors.Shuffles(t, c.Where, n, func() *MT19937 { return NewMT19937(seed) }, Shuffle, ShuffleSlice[[]int32],
				func(r *MT19937) string { return strconv.FormatInt(r.Rand(), 10) }, c.Want)
			return
		default:
			t.Fatalf("%s: unknown op", c.Where)
		}
		vectors.Draws(t, c.Where, c.Want, got)
	})
}
