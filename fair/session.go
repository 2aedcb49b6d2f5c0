package fair

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// ErrRevealed is what [Session.Deal] returns once the session's seed has
// been revealed: every later deal would be known in advance.
var ErrRevealed = errors.New("fair: the session's server seed is revealed: start a new session")

// ErrNoncesSpent is what [Session.Deal] returns after the deal at nonce
// 2⁶⁴−1: no nonce is left for this seed.
var ErrNoncesSpent = errors.New("fair: every nonce of the session's server seed is spent: start a new session")

// Session is the house's side of one server seed's rounds: it deals each at
// the next nonce, never one twice, and reveals the seed once.
//
// It is safe for concurrent use; printing it shows the commitment, not the seed.
type Session struct {
	mu         sync.Mutex
	seed       *[SeedSize]byte // behind a pointer, so that printing a Session shows no byte of it
	commitment string
	next       uint64 // the nonce of the next deal
	spent      bool   // the deal at nonce 2⁶⁴−1 is done
	revealed   bool
}

// NewSession returns a session with a new server seed, dealing from nonce 0.
func NewSession() *Session {
	s, _ := ResumeSession(NewServerSeed(), 0)
	return s
}

// ResumeSession returns a session of serverSeed whose next deal uses nonce
// next, for a house that restarts and stored both.
//
// The house must store [Session.Next] before it publishes each deal. It
// returns an error if serverSeed is not SeedSize bytes.
func ResumeSession(serverSeed []byte, next uint64) (*Session, error) {
	if len(serverSeed) != SeedSize {
		return nil, fmt.Errorf("fair: server seed is %d bytes, want %d", len(serverSeed), SeedSize)
	}
	seed := new([SeedSize]byte)
	copy(seed[:], serverSeed)
	return &Session{seed: seed, commitment: Commit(seed[:]), next: next}, nil
}

// Commitment returns the commitment to the session's seed, to publish
// before taking the players' seeds.
func (s *Session) Commitment() string { return s.commitment }

// Next returns the nonce the next deal will use.
func (s *Session) Next() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.next
}

// Deal deals a round of n cards from clientSeeds at the next nonce and
// returns its transcript, without the seed ([Session.Reveal] gives it later).
//
// It returns [Deal]'s errors, [ErrRevealed] or [ErrNoncesSpent]; a failed deal
// uses no nonce.
func (s *Session) Deal(clientSeeds []string, n int) (*Transcript, error) {
	if err := checkRound(s.seed[:], clientSeeds, n); err != nil {
		return nil, err
	}
	s.mu.Lock()
	switch {
	case s.revealed:
		s.mu.Unlock()
		return nil, ErrRevealed
	case s.spent:
		s.mu.Unlock()
		return nil, ErrNoncesSpent
	}
	nonce := s.next
	if s.next++; s.next == 0 {
		s.spent = true
	}
	s.mu.Unlock()

	t := &Transcript{Commitment: s.commitment, ClientSeeds: slices.Clone(clientSeeds), Nonce: nonce, N: n}
	var st stream
	st.init(s.seed[:], clientSeeds, nonce, n)
	t.Deck = make([]int, n)
	st.shuffle(t.Deck)
	return t, nil
}

// Reveal ends the session and returns a copy of its seed, to publish so
// that the players can verify every round dealt. Later deals fail with
// [ErrRevealed].
func (s *Session) Reveal() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.revealed = true
	return slices.Clone(s.seed[:])
}

// String describes s by its commitment and next nonce.
func (s *Session) String() string {
	return fmt.Sprintf("fair.Session(commitment %s, next nonce %d)", s.commitment, s.Next())
}
