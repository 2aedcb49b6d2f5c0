package fair

import (
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
		assert.False(t, over32(math.MaxUint32))
		assert.True(t, over32(math.MaxUint32+1))
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
