package fair

import (
	"fmt"
	"math/rand/v2"
)

// Source is a round's words, the ones [Deal] draws, as a math/rand/v2 Source
// from which another algorithm can draw a re-derivable order.
//
// Give such a use a nonce of its own, or it shares the deal's words. It is
// not safe for concurrent use.
type Source struct {
	s *stream // behind a pointer, so that printing a Source shows no word
}

var _ rand.Source = (*Source)(nil)

// NewSource returns the words of the round of serverSeed, clientSeeds, nonce
// and n, the number the key binds (a deal's cards).
//
// It returns the errors [Deal] returns.
func NewSource(serverSeed []byte, clientSeeds []string, nonce uint64, n int) (*Source, error) {
	if err := checkRound(serverSeed, clientSeeds, n); err != nil {
		return nil, err
	}
	s := &Source{s: new(stream)}
	s.s.init(serverSeed, clientSeeds, nonce, n)
	return s, nil
}

// Uint64 returns the next word: block i's four words are words 4i to 4i+3.
func (s *Source) Uint64() uint64 { return s.s.word() }

// String describes s without its words or key.
func (s *Source) String() string {
	return fmt.Sprintf("fair.Source(next block %d)", s.s.block)
}
