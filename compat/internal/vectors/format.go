package vectors

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Integer is the element types of the orders the compat packages shuffle.
type Integer interface {
	~int | ~int32 | ~int64 | ~uint32 | ~uint64
}

func appendDecimal[E Integer](b []byte, x E) []byte {
	if x < 0 {
		return strconv.AppendInt(b, int64(x), 10)
	}
	return strconv.AppendUint(b, uint64(x), 10)
}

// Iota returns 0, 1, …, n-1.
func Iota[E Integer](n int) []E {
	s := make([]E, n)
	for i := range s {
		s[i] = E(i)
	}
	return s
}

// Decimals returns s's values in decimal.
func Decimals[E Integer](s []E) []string {
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = string(appendDecimal(nil, x))
	}
	return out
}

// Sum returns the hex SHA-256 of s's decimals joined by single blanks. So
// gen.py, gen.cpp, gen.mjs and rand's gen print an order too long to list.
func Sum[E Integer](s []E) string {
	h := sha256.Sum256([]byte(strings.Join(Decimals(s), " ")))
	return hex.EncodeToString(h[:])
}

// SumLines returns the hex SHA-256 of s's decimals, each followed by a
// newline, as Gen.java, gen.php and gen.rb print an order.
func SumLines[E Integer](s []E) string {
	var b []byte
	for _, x := range s {
		b = append(appendDecimal(b, x), '\n')
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// Shuffles checks a shuffle line of Gen.java, gen.php or gen.rb. Shuffle
// and slice each order 0, …, n-1 with a fresh generator; they must leave the
// same order and the same draw after, and these must be the line's.
func Shuffles[G any](t testing.TB, where string, n int, fresh func() G, shuffle func(g G, n int, swap func(i, j int)), slice func(G, []int32), after func(G) string, want []string) {
	t.Helper()
	g, g2 := fresh(), fresh()
	s, s2 := Iota[int32](n), Iota[int32](n)
	shuffle(g, n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	slice(g2, s2)
	a := after(g)
	if after(g2) != a || !slices.Equal(s, s2) {
		t.Errorf("%s: ShuffleSlice differs from Shuffle", where)
	}
	shuffled(t, where, s, a, want)
}

// shuffled checks an order and the draw after it against a shuffle line's
// want: [SumLines], the draw, a prefix.
func shuffled[E Integer](t testing.TB, where string, order []E, after string, want []string) {
	t.Helper()
	if len(want) < 2 {
		t.Fatalf("%s: short line", where)
	}
	if g := SumLines(order); g != want[0] {
		t.Errorf("%s: sha256 %s, want %s", where, g, want[0])
	}
	if after != want[1] {
		t.Errorf("%s: draw after %s, want %s", where, after, want[1])
	}
	for i, w := range want[2:] {
		if g := string(appendDecimal(nil, order[i])); g != w {
			t.Errorf("%s: [%d] = %s, want %s", where, i, g, w)
			return
		}
	}
}

// Int parses s as a decimal integer of bits bits, failing t if it is not one.
func Int(t testing.TB, s string, bits int) int64 {
	t.Helper()
	return parse(t, s, bits, strconv.ParseInt)
}

// Uint parses s as a decimal unsigned integer of bits bits, failing t if it
// is not one.
func Uint(t testing.TB, s string, bits int) uint64 {
	t.Helper()
	return parse(t, s, bits, strconv.ParseUint)
}

func parse[T int64 | uint64](t testing.TB, s string, bits int, f func(string, int, int) (T, error)) T {
	t.Helper()
	v, err := f(s, 10, bits)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// Repr formats f as Python's repr does for the values gen.py prints. That is
// the shortest string that reads back, ".0" on an integral value, and an
// exponent below 1e-4 as Go's 'g' writes it.
func Repr(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".e") {
		s += ".0"
	}
	return s
}

// Repeat returns n results of f, in the order of the calls.
func Repeat[T any](n int, f func() T) []T {
	out := make([]T, n)
	for i := range out {
		out[i] = f()
	}
	return out
}
