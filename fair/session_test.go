package fair

import (
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each set of client seeds, the same seeds in the same order, has its own
// nonces 0, 1, 2, …: a player sees every one of their rounds, with no gap.
func TestSessionNonces(t *testing.T) {
	s, err := ResumeSession(seed0(), nil)
	require.NoError(t, err)
	assert.Equal(t, Commit(seed0()), s.Commitment())
	for i, c := range []struct {
		seeds []string
		nonce uint64
	}{
		{[]string{"alice"}, 0}, {[]string{"bob"}, 0}, {[]string{"alice"}, 1}, {[]string{"alice"}, 2},
		{[]string{"alice", "bob"}, 0}, {[]string{"bob", "alice"}, 0}, {[]string{"ab"}, 0}, {[]string{"a", "b"}, 0},
		{[]string{"alice", "bob"}, 1}, {[]string{"bob"}, 1}, {[]string{""}, 0}, {[]string{"", ""}, 0},
	} {
		next, err := s.Next(c.seeds)
		require.NoError(t, err)
		assert.Equal(t, c.nonce, next, "round %d: Next before the deal", i)
		tr, err := s.Deal(c.seeds, 52)
		require.NoError(t, err)
		assert.Equal(t, c.nonce, tr.Nonce, "round %d %q", i, c.seeds)
		want, _ := Deal(seed0(), c.seeds, c.nonce, 52)
		assert.Equal(t, want, tr.Deck)
		assert.Nil(t, tr.ServerSeed)
	}
	_, err = s.Deal(nil, 52)
	assert.EqualError(t, err, "fair: no client seed")
	_, err = s.Deal([]string{"alice"}, 0)
	assert.Error(t, err)
	_, err = s.Deal([]string{"alice"}, MaxCards+1)
	assert.Error(t, err)
	next, _ := s.Next([]string{"alice"})
	assert.Equal(t, uint64(3), next, "a deal that fails uses no nonce")
	assert.Len(t, s.Counters(), 8)
	assert.Equal(t, "fair.Session(commitment "+Commit(seed0())+", 8 sets of client seeds dealt)", s.String())

	// A house that restarts resumes from its stored counters, and goes on
	// where each set stood.
	r, err := ResumeSession(seed0(), s.Counters())
	require.NoError(t, err)
	tr, err := r.Deal([]string{"alice"}, 52)
	require.NoError(t, err)
	assert.Equal(t, uint64(3), tr.Nonce)
	tr, err = r.Deal([]string{"carol"}, 52)
	require.NoError(t, err)
	assert.Equal(t, uint64(0), tr.Nonce)
}

func TestResumeSessionErrors(t *testing.T) {
	for _, c := range []struct {
		seed     []byte
		counters []Counter
		msg      string
	}{
		{seed0()[:16], nil, "fair: server seed is 16 bytes, want 32"},
		{seed0(), []Counter{{Next: 3}}, "fair: counter 0 (from 0): no client seed"},
		{seed0(), []Counter{{ClientSeeds: []string{"a"}}, {ClientSeeds: []string{"\xff"}}}, "fair: counter 1 (from 0): client seed 0 (from 0) is not valid UTF-8"},
		{seed0(), []Counter{{ClientSeeds: []string{"a"}, Next: 5, Spent: true}}, "fair: counter 0 (from 0): spent, but its next nonce is 5, not 2⁶⁴−1"},
		{seed0(), []Counter{{ClientSeeds: []string{"a"}, Next: 1}, {ClientSeeds: []string{"a"}, Next: 7}}, "fair: counter 1 (from 0): the same client seeds as an earlier counter"},
	} {
		s, err := ResumeSession(c.seed, c.counters)
		assert.Nil(t, s)
		assert.EqualError(t, err, c.msg)
	}
}

func TestSessionConcurrent(t *testing.T) {
	s := NewSession()
	var mu sync.Mutex
	seen := map[string]map[uint64]bool{"x": {}, "y": {}}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seed := []string{"x", "y"}[g%2]
			for range 50 {
				tr, err := s.Deal([]string{seed}, 5)
				if err != nil {
					panic(err)
				}
				mu.Lock()
				seen[seed][tr.Nonce] = true
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for _, seed := range []string{"x", "y"} {
		assert.Len(t, seen[seed], 200, "nonces 0 to 199 of %q, each once", seed)
		assert.True(t, seen[seed][0] && seen[seed][199])
		next, _ := s.Next([]string{seed})
		assert.Equal(t, uint64(200), next)
	}
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

// Reveal waits for the deals in progress, and no deal completes after it
// returns: 16 goroutines deal 2,000-card rounds (about 0.2 ms each) while
// Reveal is called; the deals that completed when Reveal returned are all
// the deals that ever succeed, and each took the next nonce of its seeds.
// Run it under go test -race. Without the wait (a Reveal that only sets a
// flag), deals in progress complete after it and the test fails.
func TestSessionConcurrentReveal(t *testing.T) {
	var completed atomic.Int64
	afterDeal = func() { completed.Add(1) }
	defer func() { afterDeal = nil }()
	for trial := range 5 {
		s := NewSession()
		var (
			wg        sync.WaitGroup
			succeeded atomic.Int64
			started   = make(chan struct{})
			once      sync.Once
		)
		completed.Store(0)
		for g := range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ; i++ {
					if i == 3 {
						once.Do(func() { close(started) })
					}
					_, err := s.Deal([]string{strconv.Itoa(g % 4)}, 2000)
					if err == ErrRevealed {
						return
					}
					if err != nil {
						panic(err)
					}
					succeeded.Add(1)
				}
			}()
		}
		<-started
		s.Reveal()
		atReveal := completed.Load()
		wg.Wait()
		assert.Equal(t, atReveal, completed.Load(), "trial %d: deals completed after Reveal returned", trial)
		assert.Equal(t, atReveal, succeeded.Load(), "trial %d", trial)
		var nonces uint64
		for _, c := range s.Counters() {
			nonces += c.Next
		}
		assert.Equal(t, uint64(atReveal), nonces, "trial %d: a nonce taken for every deal that completed, no other", trial)
	}
}

// After nonce 2⁶⁴−1 of a set of seeds comes no nonce: not 0 again, neither in
// the session nor in one resumed from its counters.
func TestSessionLastNonce(t *testing.T) {
	s, err := ResumeSession(seed0(), []Counter{{ClientSeeds: []string{"a"}, Next: math.MaxUint64 - 1}})
	require.NoError(t, err)
	for _, want := range []uint64{math.MaxUint64 - 1, math.MaxUint64} {
		next, err := s.Next([]string{"a"})
		require.NoError(t, err)
		assert.Equal(t, want, next)
		tr, err := s.Deal([]string{"a"}, 2)
		require.NoError(t, err)
		assert.Equal(t, want, tr.Nonce)
	}
	check := func(s *Session, b uint64) {
		_, err := s.Deal([]string{"a"}, 2)
		assert.Equal(t, ErrNoncesSpent, err)
		_, err = s.Next([]string{"a"})
		assert.Equal(t, ErrNoncesSpent, err)
		tr, err := s.Deal([]string{"b"}, 2)
		require.NoError(t, err, "other seeds deal on")
		assert.Equal(t, b, tr.Nonce)
	}
	check(s, 0)
	counters := s.Counters()
	require.Len(t, counters, 2)
	r, err := ResumeSession(seed0(), counters)
	require.NoError(t, err)
	check(r, 1)
}

// Printing a session or a source, in any form, shows no byte of the seed or
// of the words.
func TestNoSecretPrinted(t *testing.T) {
	seed := make([]byte, SeedSize)
	for i := range seed {
		seed[i] = 0xa5 // 165, "a5", "¥": easy to spot in any verb's output
	}
	s, _ := ResumeSession(seed, nil)
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
	assert.Equal(t, "fair.Session(commitment "+Commit(seed)+", 0 sets of client seeds dealt)", fmt.Sprint(s))
	assert.NotContains(t, fmt.Sprint(s), hex.EncodeToString(seed))
}
