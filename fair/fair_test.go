package fair

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"go/parser"
	"go/token"
	"math"
	"math/big"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seed0 is the issue's test seed: the bytes 00 01 02 … 1f.
func seed0() []byte {
	s := make([]byte, SeedSize)
	for i := range s {
		s[i] = byte(i)
	}
	return s
}

// The protocol's own test vector, as the issue states it.
func TestIssueVector(t *testing.T) {
	assert.Equal(t, "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd", Commit(seed0()))
	deck, err := Deal(seed0(), []string{"alice"}, 0, 52)
	require.NoError(t, err)
	want := "33 42 45 7 51 15 21 0 4 3 6 34 46 29 22 25 5 27 31 37 36 50 48 28 26 10 41 19 30 49 35 38 47 43 24 2 32 16 9 17 14 1 44 11 39 40 13 23 12 20 18 8"
	assert.Equal(t, want, strconvInts(deck))
}

func strconvInts(a []int) string {
	s := make([]string, len(a))
	for i, x := range a {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, " ")
}

// refDeal is the protocol written again as plainly as possible, with the
// rejection threshold in big integers, to check the package's arithmetic.
func refDeal(seed []byte, clients []string, nonce uint64, n int) []int {
	var msg bytes.Buffer
	msg.WriteString("fairshuffle/deal/v1\x00")
	binary.Write(&msg, binary.BigEndian, uint32(len(clients)))
	for _, c := range clients {
		binary.Write(&msg, binary.BigEndian, uint32(len(c)))
		msg.WriteString(c)
	}
	binary.Write(&msg, binary.BigEndian, nonce)
	binary.Write(&msg, binary.BigEndian, uint32(n))
	m := hmac.New(sha256.New, seed)
	m.Write(msg.Bytes())
	key := m.Sum(nil)
	var words []uint64
	for i := uint64(0); len(words) < 4*n+64; i++ {
		b := hmac.New(sha256.New, key)
		binary.Write(b, binary.BigEndian, i)
		sum := b.Sum(nil)
		for k := 0; k < 4; k++ {
			words = append(words, binary.BigEndian.Uint64(sum[8*k:]))
		}
	}
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	deck := make([]int, n)
	for i := range deck {
		deck[i] = i
	}
	for i := n - 1; i > 0; i-- {
		mm := big.NewInt(int64(i + 1))
		limit := new(big.Int).Sub(two64, new(big.Int).Mod(two64, mm))
		for {
			x := new(big.Int).SetUint64(words[0])
			words = words[1:]
			if x.Cmp(limit) < 0 {
				j := int(new(big.Int).Mod(x, mm).Int64())
				deck[i], deck[j] = deck[j], deck[i]
				break
			}
		}
	}
	return deck
}

func TestDealMatchesReference(t *testing.T) {
	seeds := [][]byte{seed0(), bytes.Repeat([]byte{0xff}, 32), make([]byte, 32)}
	clients := [][]string{{"alice"}, {""}, {"", ""}, {"a", "bc"}, {"ab", "c"}, {"洗牌", "cafe\u0301", "🂡"}}
	for _, seed := range seeds {
		for _, cs := range clients {
			for _, nonce := range []uint64{0, 1, math.MaxUint64} {
				for _, n := range []int{1, 2, 3, 5, 52, 53, 104, 312} {
					got, err := Deal(seed, cs, nonce, n)
					require.NoError(t, err)
					require.Equal(t, refDeal(seed, cs, nonce, n), got, "seed %x, clients %q, nonce %d, n %d", seed[:2], cs, nonce, n)
				}
			}
		}
	}
}

// The key's length prefixes and counts keep apart inputs whose bytes run
// together the same way.
func TestDealFraming(t *testing.T) {
	decks := map[string]bool{}
	for _, cs := range [][]string{{"abc"}, {"ab", "c"}, {"a", "bc"}, {"a", "b", "c"}, {""}, {"", ""}, {"", "", ""}, {"abc", ""}, {"", "abc"}} {
		d, err := Deal(seed0(), cs, 0, 52)
		require.NoError(t, err)
		decks[strconvInts(d)] = true
	}
	assert.Len(t, decks, 9)
	a, _ := Deal(seed0(), []string{"alice"}, 0, 52)
	b, _ := Deal(seed0(), []string{"alice"}, 1, 52)
	c, _ := Deal(seed0(), []string{"alice"}, 0, 53)
	assert.NotEqual(t, a, b, "nonce")
	assert.NotEqual(t, a, c[:52], "n")
}

// streamOf returns a stream that yields words and then panics (it has no
// key to make another block).
func streamOf(words ...uint64) *stream {
	s := &stream{used: len(stream{}.buf) - 8*len(words)}
	for i, w := range words {
		binary.BigEndian.PutUint64(s.buf[s.used+8*i:], w)
	}
	return s
}

// belowCases are words planted at the edge of the rejection zone; they are
// also the file of vectors' "below" section.
var belowCases = []struct {
	m     uint64
	words []uint64
	value uint64
	used  int
}{
	{1, []uint64{math.MaxUint64}, 0, 1},
	{2, []uint64{math.MaxUint64}, 1, 1},
	{3, []uint64{math.MaxUint64, math.MaxUint64 - 1}, 2, 2},         // 2⁶⁴ mod 3 = 1
	{52, []uint64{math.MaxUint64 - 15, math.MaxUint64 - 16}, 51, 2}, // 2⁶⁴ mod 52 = 16
	{52, []uint64{math.MaxUint64 - 3, math.MaxUint64 - 2, 51}, 51, 3},
	{312, []uint64{math.MaxUint64 - 15, math.MaxUint64 - 16}, 311, 2}, // 2⁶⁴ mod 312 = 16
	{1 << 32, []uint64{math.MaxUint64}, 1<<32 - 1, 1},
	{1<<63 + 1, []uint64{1<<63 + 1, 1 << 63}, 1 << 63, 2},
	{math.MaxUint64, []uint64{math.MaxUint64, math.MaxUint64 - 1}, math.MaxUint64 - 1, 2},
}

func TestBelowRejection(t *testing.T) {
	for _, c := range belowCases {
		s := streamOf(c.words...)
		assert.Equal(t, c.value, s.below(c.m), "m = %d", c.m)
		assert.Equal(t, len(s.buf), s.used, "m = %d: words used", c.m)
		// The threshold is 2⁶⁴ − (2⁶⁴ mod m): check it in big integers.
		two64 := new(big.Int).Lsh(big.NewInt(1), 64)
		mm := new(big.Int).SetUint64(c.m)
		limit := new(big.Int).Sub(two64, new(big.Int).Mod(two64, mm))
		for i, w := range c.words {
			accepted := new(big.Int).SetUint64(w).Cmp(limit) < 0
			assert.Equal(t, i == len(c.words)-1, accepted, "m = %d, word %d", c.m, i)
		}
	}
}

func TestDealErrors(t *testing.T) {
	for _, c := range []struct {
		seed    []byte
		clients []string
		n       int
		msg     string
	}{
		{seed0()[:31], []string{"a"}, 52, "fair: server seed is 31 bytes, want 32"},
		{nil, []string{"a"}, 52, "fair: server seed is 0 bytes, want 32"},
		{append(seed0(), 0), []string{"a"}, 52, "fair: server seed is 33 bytes, want 32"},
		{seed0(), nil, 52, "fair: no client seed"},
		{seed0(), []string{}, 52, "fair: no client seed"},
		{seed0(), []string{"a", "\xff"}, 52, "fair: client seed 1 (from 0) is not valid UTF-8"},
		{seed0(), []string{"a"}, 0, "fair: n = 0 cards, want 1 to 65536"},
		{seed0(), []string{"a"}, -1, "fair: n = -1 cards, want 1 to 65536"},
	} {
		d, err := Deal(c.seed, c.clients, 0, c.n)
		assert.Nil(t, d)
		assert.EqualError(t, err, c.msg)
		_, err = NewSource(c.seed, c.clients, 0, c.n)
		assert.EqualError(t, err, c.msg)
	}
	// Past MaxCards, an error before any allocation: not the fatal
	// out-of-memory of a deck of 2³¹−1 cards, nor a wasted deck of 65,537.
	// TotalAlloc counts every goroutine's allocations, and a goroutine
	// the runtime or an earlier test left may allocate meanwhile (in one
	// run of go test ./..., 5,976 bytes): the least of five tries.
	for _, n := range []int{MaxCards + 1, math.MaxInt32, math.MaxInt} {
		least := uint64(math.MaxUint64)
		for range 5 {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			d, err := Deal(seed0(), []string{"a"}, 0, n)
			runtime.ReadMemStats(&after)
			assert.Nil(t, d)
			assert.EqualError(t, err, "fair: n = "+strconv.Itoa(n)+" cards, want 1 to 65536")
			least = min(least, after.TotalAlloc-before.TotalAlloc)
		}
		assert.Less(t, least, uint64(1024), "n = %d: the error's bytes only", n)
	}
	d, err := Deal(seed0(), []string{"a"}, 0, MaxCards)
	require.NoError(t, err)
	assert.Len(t, d, MaxCards)
}

func TestPanics(t *testing.T) {
	assert.PanicsWithValue(t, "fair: Commit: serverSeed is 31 bytes, want 32", func() { Commit(make([]byte, 31)) })
	assert.PanicsWithValue(t, "fair: Label: negative card -1", func() { Label(-1) })
}

func TestLabel(t *testing.T) {
	for c, want := range map[int]string{0: "AC", 9: "10C", 10: "JC", 12: "KC", 13: "AD", 26: "AH", 39: "AS", 51: "KS", 52: "AC", 311: "KS"} {
		assert.Equal(t, want, Label(c), "card %d", c)
	}
	seen := map[string]bool{}
	for c := range 52 {
		seen[Label(c)] = true
	}
	assert.Len(t, seen, 52)
}

func TestDealIsPermutation(t *testing.T) {
	for n := 1; n <= 70; n++ {
		d, err := Deal(seed0(), []string{"p"}, uint64(n), n)
		require.NoError(t, err)
		s := slices.Clone(d)
		slices.Sort(s)
		for i := range s {
			require.Equal(t, i, s[i], "n = %d", n)
		}
	}
}

func TestSource(t *testing.T) {
	src, err := NewSource(seed0(), []string{"alice"}, 0, 52)
	require.NoError(t, err)
	ref := streamOf()
	ref.init(seed0(), []string{"alice"}, 0, 52)
	for range 20 {
		require.Equal(t, ref.word(), src.Uint64())
	}
	// The deck is the protocol's shuffle of the source's words.
	src, _ = NewSource(seed0(), []string{"alice"}, 0, 52)
	deck := make([]int, 52)
	for i := range deck {
		deck[i] = i
	}
	for i := 51; i > 0; i-- {
		m := uint64(i + 1)
		x := src.Uint64()
		for x > math.MaxUint64-(-m%m) {
			x = src.Uint64()
		}
		deck[i], deck[x%m] = deck[x%m], deck[i]
	}
	want, _ := Deal(seed0(), []string{"alice"}, 0, 52)
	assert.Equal(t, want, deck)
}

func TestVerify(t *testing.T) {
	seed, clients := seed0(), []string{"alice", "bob"}
	deck, _ := Deal(seed, clients, 7, 52)
	c := Commit(seed)
	assert.NoError(t, Verify(c, seed, clients, 7, deck))

	other := slices.Clone(seed)
	other[31] ^= 1
	var m *MismatchError
	err := Verify(c, other, clients, 7, deck)
	require.ErrorAs(t, err, &m)
	assert.Equal(t, "commitment", m.Field)
	assert.Equal(t, c, m.Committed)
	assert.Equal(t, Commit(other), m.Hashed)
	assert.NotContains(t, err.Error(), hex.EncodeToString(other), "the error shows no seed")

	bad := slices.Clone(deck)
	bad[3], bad[40] = bad[40], bad[3]
	err = Verify(c, seed, clients, 7, bad)
	require.ErrorAs(t, err, &m)
	assert.Equal(t, MismatchError{Field: "deck", N: 52, Place: 3, Shown: deck[40], Dealt: deck[3], Places: 2}, *m)
	assert.Equal(t, "fair: deck differs from the deal at 2 of its 52 places; first at place 3: the deck has "+
		strconv.Itoa(deck[40])+" ("+Label(deck[40])+"), the deal "+strconv.Itoa(deck[3])+" ("+Label(deck[3])+")", err.Error())

	err = Verify(c, seed, clients, 8, deck) // the wrong nonce
	require.ErrorAs(t, err, &m)
	assert.Equal(t, "deck", m.Field)
	err = Verify(c, seed, []string{"bob", "alice"}, 7, deck) // seeds in another order
	require.ErrorAs(t, err, &m)

	// Lowercase only, as Commit writes it and the page and the command read it.
	for _, bc := range []string{"", c[:63], c + "0", "zz" + c[2:], strings.ToUpper(c), "A" + c[1:]} {
		err = Verify(bc, seed, clients, 7, deck)
		assert.EqualError(t, err, "fair: commitment is not 64 lowercase hex digits")
		assert.False(t, errors.As(err, &m))
	}
	assert.EqualError(t, Verify(c, seed[:4], clients, 7, deck), "fair: server seed is 4 bytes, want 32")
	assert.EqualError(t, Verify(c, seed, clients, 7, nil), "fair: n = 0 cards, want 1 to 65536")
}

// The library imports only the standard library: no import path of its
// files has a dot in its first element.
func TestImportsOnlyStandardLibrary(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			assert.NotContains(t, strings.Split(path, "/")[0], ".", "%s imports %s", name, path)
		}
	}
}
