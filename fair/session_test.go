package fair

import (
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSessionNonces(t *testing.T) {
	s, err := ResumeSession(seed0(), 0)
	require.NoError(t, err)
	assert.Equal(t, Commit(seed0()), s.Commitment())
	for i, cs := range [][]string{{"alice"}, {"bob"}, {"alice"}, {"alice"}} {
		tr, err := s.Deal(cs, 52)
		require.NoError(t, err)
		assert.Equal(t, uint64(i), tr.Nonce, "a nonce is never used twice, whatever the seeds")
		want, _ := Deal(seed0(), cs, uint64(i), 52)
		assert.Equal(t, want, tr.Deck)
		assert.Nil(t, tr.ServerSeed)
	}
	_, err = s.Deal(nil, 52)
	assert.EqualError(t, err, "fair: no client seed")
	_, err = s.Deal([]string{"a"}, 0)
	assert.Error(t, err)
	assert.Equal(t, uint64(4), s.Next(), "a deal that fails uses no nonce")
}

func TestSessionConcurrent(t *testing.T) {
	s := NewSession()
	var mu sync.Mutex
	seen := map[uint64]bool{}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				tr, err := s.Deal([]string{"x"}, 5)
				if err != nil {
					panic(err)
				}
				mu.Lock()
				seen[tr.Nonce] = true
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	assert.Len(t, seen, 400)
	assert.Equal(t, uint64(400), s.Next())
}

func TestSessionReveal(t *testing.T) {
	s := NewSession()
	tr, err := s.Deal([]string{"alice", "bob"}, 104)
	require.NoError(t, err)
	assert.Equal(t, ErrNotRevealed, tr.Verify())
	seed := s.Reveal()
	assert.Equal(t, s.Commitment(), Commit(seed))
	tr.ServerSeed = seed
	assert.NoError(t, tr.Verify())
	_, err = s.Deal([]string{"alice"}, 52)
	assert.Equal(t, ErrRevealed, err)
	seed[0] ^= 1 // the session's copy is its own
	assert.Equal(t, s.Commitment(), Commit(s.Reveal()))
}

func TestSessionLastNonce(t *testing.T) {
	s, err := ResumeSession(seed0(), math.MaxUint64)
	require.NoError(t, err)
	tr, err := s.Deal([]string{"a"}, 2)
	require.NoError(t, err)
	assert.Equal(t, uint64(math.MaxUint64), tr.Nonce)
	_, err = s.Deal([]string{"a"}, 2)
	assert.Equal(t, ErrNoncesSpent, err)
	_, err = ResumeSession(seed0()[:16], 0)
	assert.EqualError(t, err, "fair: server seed is 16 bytes, want 32")
}

// Printing a session or a source, in any form, shows no byte of the seed or
// of the words.
func TestNoSecretPrinted(t *testing.T) {
	seed := make([]byte, SeedSize)
	for i := range seed {
		seed[i] = 0xa5 // 165, "a5", "¥": easy to spot in any verb's output
	}
	s, _ := ResumeSession(seed, 0)
	src, _ := NewSource(seed, []string{"a"}, 0, 52)
	w := src.Uint64()
	for _, v := range []any{s, src, *src} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%d", "%q"} {
			out := fmt.Sprintf(verb, v)
			for _, secret := range []string{"a5a5", "A5A5", "165 165", "165, 0xa5", "0xa5, 0xa5", "¥¥", "\\xa5\\xa5",
				fmt.Sprintf("%x", w>>32), fmt.Sprintf("%d", w)} {
				assert.NotContains(t, strings.ToLower(out), strings.ToLower(secret), "%s of %T", verb, v)
			}
		}
	}
	assert.Equal(t, "fair.Session(commitment "+Commit(seed)+", next nonce 0)", fmt.Sprint(s))
	assert.NotContains(t, fmt.Sprint(s), hex.EncodeToString(seed))
}
