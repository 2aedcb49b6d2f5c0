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

// ErrNoncesSpent is what [Session.Deal] and [Session.Next] return once the
// deal at nonce 2⁶⁴−1 of a set of client seeds is done: no nonce is left
// for those seeds under this server seed.
var ErrNoncesSpent = errors.New("fair: every nonce of these client seeds is spent under the session's server seed: start a new session")

// Session is the house's side of one server seed's rounds. It deals the
// rounds of each set of client seeds (the same seeds in the same order) at
// nonces 0, 1, 2, … in turn, so that the nonce is fixed before the seeds
// arrive and a player can check that their rounds have no gap. It reveals
// the seed once, after every deal in progress.
//
// It holds one [Counter] per set of client seeds dealt. It is safe for
// concurrent use; printing it shows the commitment, not the seed.
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

// A Counter is where a [Session] stands with one set of client seeds: the
// nonce its next deal of those seeds uses. Spent is set once the deal at
// nonce 2⁶⁴−1 is done; Next is then 2⁶⁴−1, and no deal is left.
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

// ResumeSession returns a session of serverSeed whose counters are
// counters, for a house that restarts and stored them; a set of client
// seeds not among them starts at nonce 0.
//
// The house must store the counter of a round's seeds ([Session.Counters])
// before it publishes the round. It returns an error if serverSeed is not
// SeedSize bytes, or a counter breaks [Deal]'s rules on client seeds, is
// Spent with a Next other than 2⁶⁴−1, or repeats another's client seeds.
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

// Next returns the nonce the next deal of clientSeeds will use: 0 for seeds
// not dealt yet. It returns [ErrNoncesSpent] if none is left.
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

// Counters returns a copy of the session's counters, one per set of client
// seeds dealt, in no particular order: what [ResumeSession] needs.
func (s *Session) Counters() []Counter {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Counter, 0, len(s.counters))
	for _, c := range s.counters {
		out = append(out, Counter{ClientSeeds: slices.Clone(c.ClientSeeds), Next: c.Next, Spent: c.Spent})
	}
	return out
}

// Deal deals a round of n cards from clientSeeds at their next nonce and
// returns its transcript, without the seed ([Session.Reveal] gives it later).
// It takes O(n) time and O(n) memory, and the first deal of a set of seeds
// adds their counter to the session.
//
// It returns [Deal]'s errors, [ErrRevealed] or [ErrNoncesSpent]; a failed deal
// uses no nonce.
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

// Reveal ends the session and returns a copy of its seed, to publish so
// that the players can verify every round dealt. It waits for the deals in
// progress: every deal that succeeds has completed before Reveal returns,
// and later deals fail with [ErrRevealed].
func (s *Session) Reveal() []byte {
	s.life.Lock()
	defer s.life.Unlock()
	s.revealed = true
	return slices.Clone(s.seed[:])
}

// String describes s by its commitment and the number of sets of client
// seeds it has dealt.
func (s *Session) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprintf("fair.Session(commitment %s, %d sets of client seeds dealt)", s.commitment, len(s.counters))
}
