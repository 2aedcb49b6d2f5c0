package fair

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMismatchCardNames: a deck of whole decks names each card with its
// label, card 0 (AC) among them; any other deck names cards by number only,
// since its labels would not be the cards of a real deck.
func TestMismatchCardNames(t *testing.T) {
	seed, clients := seed0(), []string{"alice"}
	for _, n := range []int{10, 52, 104} {
		deck, err := Deal(seed, clients, 0, n)
		require.NoError(t, err)
		zero := slices.Index(deck, 0)
		other := (zero + 1) % n
		bad := slices.Clone(deck)
		bad[zero], bad[other] = bad[other], bad[zero]
		err = Verify(Commit(seed), seed, clients, 0, bad)
		var m *MismatchError
		require.ErrorAs(t, err, &m)
		first := min(zero, other)
		name := func(c int) string {
			if n%52 == 0 {
				return strconv.Itoa(c) + " (" + Label(c) + ")"
			}
			return strconv.Itoa(c)
		}
		want := "fair: deck differs from the deal at 2 of its " + strconv.Itoa(n) + " places; first at place " +
			strconv.Itoa(first) + ": the deck has " + name(bad[first]) + ", the deal " + name(deck[first])
		assert.Equal(t, want, err.Error(), "n = %d", n)
		if n%52 == 0 {
			assert.Contains(t, err.Error(), "0 (AC)", "card 0 keeps its label")
		}
	}
}

// TestOver32: the protocol writes each client seed's length and their
// count in 32 bits; 2³²−1 fits and 2³² does not.
func TestOver32(t *testing.T) {
	assert.False(t, over32(0))
	if strconv.IntSize == 64 {
		n := uint64(math.MaxUint32) // a variable: the constant overflows int on 32-bit platforms
		assert.False(t, over32(int(n)))
		assert.True(t, over32(int(n+1)))
	}
}

// TestHistoryBlank: a history that is empty or only white space is an
// error, never a panic.
func TestHistoryBlank(t *testing.T) {
	for _, s := range []string{"", " ", "\n\t\r ", "{}", "null"} {
		var h History
		assert.NotPanics(t, func() {
			assert.Error(t, h.UnmarshalJSON([]byte(s)), "%q", s)
		})
	}
}

// TestTranscriptBounds: "n" runs from 1 to MaxCards, both ends read and
// one past each refused; a deck's card numbers run from 0 to n−1.
func TestTranscriptBounds(t *testing.T) {
	const c = `{"version":1,"commitment":"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd","client_seeds":["a"],"nonce":"0","n":`
	for n, ok := range map[int]bool{0: false, 1: true, 2: true, MaxCards - 1: true, MaxCards: true, MaxCards + 1: false} {
		var tr Transcript
		err := json.Unmarshal([]byte(c+strconv.Itoa(n)+`}`), &tr)
		if ok {
			assert.NoError(t, err, "n = %d", n)
			assert.Equal(t, n, tr.N)
		} else {
			assert.ErrorContains(t, err, `"n": want an integer from 1 to 65536`, "n = %d", n)
		}
	}
	var tr Transcript
	assert.NoError(t, json.Unmarshal([]byte(c+`2,"deck":[1,0]}`), &tr))
	assert.ErrorContains(t, json.Unmarshal([]byte(c+`2,"deck":[2,0]}`), &tr), `"deck"[0]: 2 is not a card number in 0..1`)
}

// TestCheckText: a surrogate escape is read only as half of a pair, high
// (\ud800–\udbff) then low (\udc00–\udfff); the code points on either side
// of those ranges are ordinary characters. Invalid UTF-8 is reported at its
// first bad byte.
func TestCheckText(t *testing.T) {
	for _, s := range []string{
		`"\ud7ff"`, `"\ue000"`, `"\uffff"`, `"\u0041"`, `"\ud800\udc00"`, `"\udbff\udfff"`, `"\ud800\udfff"`,
		`"\udbff\udc00"`, `"a\\udc00"`, `"\ud83d\ude00 \ud7ff"`, `x\udc00`,
	} {
		assert.NoError(t, checkText([]byte(s)), s)
	}
	for s, at := range map[string]int{
		`"\udc00"`: 1, `"\udfff"`: 1, `"\ud800"`: 1, `"\udbff"`: 1, `"\ud800\ud7ff"`: 1,
		`"\udbff\ue000"`: 1, `"\ud800\udbff"`: 1, `"\ud800x"`: 1, `"ab\udc00"`: 3, `"\ud800\udc00\udc00"`: 13,
	} {
		assert.EqualError(t, checkText([]byte(s)), fmt.Sprintf("byte %d: \\u%s: a lone surrogate, not a Unicode character", at, s[at+2:at+6]), s)
	}
	// Only a backslash starts an escape; an escape cut short is left to the
	// JSON syntax check; one that ends the data is still read.
	assert.NoError(t, checkText([]byte(`"audc00"`)))
	assert.NotPanics(t, func() { assert.NoError(t, checkText([]byte(`"\u12`))) })
	assert.EqualError(t, checkText([]byte(`"\udc00`)), `byte 1: \udc00: a lone surrogate, not a Unicode character`)
	for s, at := range map[string]int{"\xff": 0, "ab\xffc": 2, "é\xff": 2, "é": -1, "ab\xe2\x82": 2} {
		err := checkText([]byte(s))
		if at < 0 {
			assert.NoError(t, err, "%q", s)
			continue
		}
		assert.EqualError(t, err, fmt.Sprintf("byte %d: invalid UTF-8", at), "%q", s)
	}
}
