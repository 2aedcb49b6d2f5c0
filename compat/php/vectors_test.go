package php

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestVectors holds the package to the outputs PHP 8.2 gave for the
// committed seeds (testdata/compat/php/gen.php made them).
func TestVectors(t *testing.T) {
	n := checkVectors(t, filepath.Join("..", "..", "testdata", "compat", "php", "vectors.txt"))
	if n < 300 {
		t.Fatalf("only %d vector lines checked", n)
	}
}

// TestLive checks vectors PHP made a moment ago from fresh seeds, in the
// directory COMPAT_VECTORS names (scripts/compat-live-php sets it).
func TestLive(t *testing.T) {
	dir := os.Getenv("COMPAT_VECTORS")
	if dir == "" {
		t.Skip("COMPAT_VECTORS is not set: scripts/compat-live-php runs this test")
	}
	if n := checkVectors(t, filepath.Join(dir, "php.txt")); n == 0 {
		t.Fatal("no vector lines")
	}
}

// checkVectors checks every line of the vector file at path and returns
// how many it read.
func checkVectors(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	lines := 0
	for sc.Scan() {
		lines++
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 {
			t.Fatalf("%s:%d: short line", path, lines)
		}
		op, seed, arg, want := fields[0], parseInt(t, fields[1]), fields[2], fields[3:]
		r := NewMT19937(seed)
		var got func() int64
		switch op {
		case "mt_rand":
			got = r.Rand
		case "mt_rand_range":
			lo, hi, _ := strings.Cut(arg, ",")
			min, max := parseInt(t, lo), parseInt(t, hi)
			got = func() int64 { return r.RandRange(min, max) }
		case "str_shuffle":
			for i, w := range want {
				if g := hex.EncodeToString([]byte(StrShuffle(r, "abcdefghijklmnopqrstuvwxyz0123456789"))); g != w {
					t.Errorf("%s:%d: str_shuffle seed %d, call %d: got %s, PHP %s", path, lines, seed, i, g, w)
					break
				}
			}
			continue
		case "shuffle":
			checkShuffle(t, path, lines, seed, int(parseInt(t, arg)), want)
			continue
		default:
			t.Fatalf("%s:%d: unknown op %q", path, lines, op)
		}
		for i, w := range want {
			if g := strconv.FormatInt(got(), 10); g != w {
				t.Errorf("%s:%d: %s(%s) seed %d, draw %d: got %s, PHP %s", path, lines, op, arg, seed, i, g, w)
				break
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// checkShuffle checks one shuffle line: sha256, mt_rand() after, prefix;
// and that ShuffleSlice gives the same as Shuffle.
func checkShuffle(t *testing.T, path string, line int, seed int64, n int, want []string) {
	t.Helper()
	r, r2 := NewMT19937(seed), NewMT19937(seed)
	s, s2 := iota32(n), iota32(n)
	Shuffle(r, n, func(i, j int) { s[i], s[j] = s[j], s[i] })
	after := r.Rand()
	ShuffleSlice(r2, s2)
	if r2.Rand() != after || string(toText(s)) != string(toText(s2)) {
		t.Errorf("%s:%d: ShuffleSlice differs from Shuffle at seed %d, n %d", path, line, seed, n)
	}
	sum := sha256.Sum256(toText(s))
	if g := hex.EncodeToString(sum[:]); g != want[0] {
		t.Errorf("%s:%d: shuffle seed %d n %d: sha256 %s, PHP %s", path, line, seed, n, g, want[0])
	}
	if g := strconv.FormatInt(after, 10); g != want[1] {
		t.Errorf("%s:%d: shuffle seed %d n %d: mt_rand() after %s, PHP %s", path, line, seed, n, g, want[1])
	}
	for i, w := range want[2:] {
		if g := strconv.Itoa(int(s[i])); g != w {
			t.Errorf("%s:%d: shuffle seed %d n %d: [%d] = %s, PHP %s", path, line, seed, n, i, g, w)
			break
		}
	}
}

func iota32(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(i)
	}
	return s
}

// toText is the order's decimal values, each followed by a newline.
func toText(s []int32) []byte {
	var b []byte
	for _, x := range s {
		b = strconv.AppendInt(b, int64(x), 10)
		b = append(b, '\n')
	}
	return b
}

func parseInt(t *testing.T, s string) int64 {
	t.Helper()
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
