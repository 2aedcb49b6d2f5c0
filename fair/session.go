package fair

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
)

// ErrRevealed is what [Session.Deal] returns once the session's seed has
// been revealed: every later deal would be known in advance.
var ErrRevealed = errors.New("fair: the session's server seed is revealed: start a new session")

// ErrNoncesSpent is what [Session.Deal] and [Session.Next] return for client
// seeds whose nonce 2⁶⁴−1 is dealt: none is left.
var ErrNoncesSpent = errors.New("fair: every nonce of these client seeds is spent under the session's server seed: start a new session")

// Session is the house's side of one server seed's rounds. It deals each
// set of client seeds (in order) at nonces 0, 1, 2, …, fixed before the
// seeds arrive, and reveals the seed once, after the deals in progress.
//
// It is safe for concurrent use; printing it shows the commitment, not the seed.
type Session struct {
	// life is held shared by each deal, from its check of revealed to its
	// deck, and exclusively by Reveal, which so waits for deals in progress.
	life       sync.RWMutex
	seed       *[SeedSize]byte // behind a pointer, so that printing a Session shows no byte of it
	commitment string
	revealed   bool // guarded by life

	mu       sync.Mutex          // guards counters
	counters map[string]*Counter // by setKey of the client seeds
}

// A Counter is the next nonce of a [Session] for one set of client seeds;
// Spent, with Next = 2⁶⁴−1, once that nonce is dealt.
type Counter struct {
	ClientSeeds []string
	Next        uint64
	Spent       bool
}

// setKey is the client seeds as the key message writes them: a map key that
// two different sets never share.
func setKey(clientSeeds []string) string {
	var b strings.Builder
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(clientSeeds)))
	b.Write(n[:])
	for _, c := range clientSeeds {
		binary.BigEndian.PutUint32(n[:], uint32(len(c)))
		b.Write(n[:])
		b.WriteString(c)
	}
	return b.String()
}

// afterDeal, if not nil, is called by each deal of a session once its deck
// is dealt, while the deal still holds the session: the tests count with it
// the deals that complete.
var afterDeal func()

// NewSession returns a session with a new server seed, which deals every set
// of client seeds from nonce 0.
func NewSession() *Session {
	s, _ := ResumeSession(NewServerSeed(), nil)
	return s
}

// ResumeSession returns a session of serverSeed at the counters a house
// stored ([Session.Counters]) before publishing each round; other seeds
// start at nonce 0. It returns an error for a malformed or repeated counter.
func ResumeSession(serverSeed []byte, counters []Counter) (*Session, error) {
	if len(serverSeed) != SeedSize {
		return nil, fmt.Errorf("fair: server seed is %d bytes, want %d", len(serverSeed), SeedSize)
	}
	s := &Session{seed: new([SeedSize]byte), counters: make(map[string]*Counter, len(counters))}
	copy(s.seed[:], serverSeed)
	s.commitment = Commit(s.seed[:])
	for i, c := range counters {
		prefix := fmt.Sprintf("fair: counter %d (from 0): ", i)
		if err := checkInputs(prefix, c.ClientSeeds, 1); err != nil {
			return nil, err
		}
		if c.Spent && c.Next != math.MaxUint64 {
			return nil, fmt.Errorf("%sspent, but its next nonce is %d, not 2⁶⁴−1", prefix, c.Next)
		}
		k := setKey(c.ClientSeeds)
		if s.counters[k] != nil {
			return nil, fmt.Errorf("%sthe same client seeds as an earlier counter", prefix)
		}
		s.counters[k] = &Counter{ClientSeeds: slices.Clone(c.ClientSeeds), Next: c.Next, Spent: c.Spent}
	}
	return s, nil
}

// Commitment returns the commitment to the session's seed, to publish
// before taking the players' seeds.
func (s *Session) Commitment() string { return s.commitment }

// Next returns the nonce of the next deal of clientSeeds (0 at first), or
// [ErrNoncesSpent].
func (s *Session) Next(clientSeeds []string) (uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.counters[setKey(clientSeeds)]
	switch {
	case c == nil:
		return 0, nil
	case c.Spent:
		return 0, ErrNoncesSpent
	}
	return c.Next, nil
}

// Counters returns a copy of the counters of the client seeds dealt, in no
// order: what [ResumeSession] needs.
func (s *Session) Counters() []Counter {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Counter, 0, len(s.counters))
	for _, c := range s.counters {
		out = append(out, Counter{ClientSeeds: slices.Clone(c.ClientSeeds), Next: c.Next, Spent: c.Spent})
	}
	return out
}

// Deal deals n cards from clientSeeds at their next nonce and returns the
// transcript, without the seed, in O(n) time. It returns [Deal]'s errors,
// [ErrRevealed] or [ErrNoncesSpent]; a failed deal uses no nonce.
func (s *Session) Deal(clientSeeds []string, n int) (*Transcript, error) {
	if err := checkRound(s.seed[:], clientSeeds, n); err != nil {
		return nil, err
	}
	s.life.RLock()
	defer s.life.RUnlock()
	if s.revealed {
		return nil, ErrRevealed
	}
	nonce, err := s.take(clientSeeds)
	if err != nil {
		return nil, err
	}
	t := &Transcript{Commitment: s.commitment, ClientSeeds: slices.Clone(clientSeeds), Nonce: nonce, N: n}
	var st stream
	st.init(s.seed[:], clientSeeds, nonce, n)
	t.Deck = make([]int, n)
	st.shuffle(t.Deck)
	if afterDeal != nil {
		afterDeal()
	}
	return t, nil
}

// take returns the next nonce of clientSeeds and counts it used.
func (s *Session) take(clientSeeds []string) (uint64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := setKey(clientSeeds)
	c := s.counters[k]
	if c == nil {
		c = &Counter{ClientSeeds: slices.Clone(clientSeeds)}
		s.counters[k] = c
	}
	if c.Spent {
		return 0, ErrNoncesSpent
	}
	nonce := c.Next
	if nonce == math.MaxUint64 {
		c.Spent = true // Next stays at 2⁶⁴−1: it never wraps to 0
	} else {
		c.Next++
	}
	return nonce, nil
}

// Reveal ends the session and returns a copy of its seed, to publish. It
// waits for the deals in progress; later deals fail with [ErrRevealed].
func (s *Session) Reveal() []byte {
	s.life.Lock()
	defer s.life.Unlock()
	s.revealed = true
	return slices.Clone(s.seed[:])
}

// String describes s by its commitment and its number of counters.
func (s *Session) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("fair.Session(commitment %s, %d sets of client seeds dealt)", s.commitment, len(s.counters))
}
