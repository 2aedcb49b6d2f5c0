// Package fair deals cards by a commit–reveal protocol ("provably fair"):
// the house publishes the SHA-256 of a secret server seed, the players add
// seeds of their own, and once the house reveals its seed anyone can
// re-derive the deck and check it.
//
// A game server makes a seed and publishes its commitment:
//
//	seed := fair.NewServerSeed()
//	fmt.Println(fair.Commit(seed)) // published before any client seed is taken
//
// then deals each round from the players' seeds and a nonce fixed before
// they arrive: [Session] deals each set of client seeds at nonces 0, 1, 2,
// … in turn, so that a player whose rounds show no gap knows the house did
// not choose the nonce. After the seed is revealed the players check their
// rounds, or their whole [History], with [VerifyJSON], the command
// cmd/fairdeal or the page fair/verify.html, which accept and reject the
// same transcripts.
//
// # The protocol, version 1
//
// The server seed is 32 bytes; its commitment is the lowercase hex of its
// SHA-256. A round's inputs are one or more client seeds (UTF-8 strings, in
// order), a nonce (uint64) and n, the number of cards. Integers are
// big-endian; ‖ is concatenation.
//
//	key     = HMAC-SHA256(server seed, "fairshuffle/deal/v1" ‖ 0x00 ‖
//	              u32(number of client seeds) ‖ for each: u32(byte length) ‖ bytes ‖
//	              u64(nonce) ‖ u32(n))
//	block i = HMAC-SHA256(key, u64(i)), i = 0, 1, 2, …: four uint64 words each, in order
//	below m = the next word x with x < 2⁶⁴ − (2⁶⁴ mod m), taken mod m
//	deck    = 0, 1, …, n−1; for i = n−1 down to 1: swap places i and (below i+1)
//
// Place 0 is the top card. In a shoe of k decks, n = 52·k and card c is card
// c mod 52 of a deck, whose cards are numbered as [Label] names them.
//
// # The transcript
//
// A [Transcript]'s JSON form is an object with, in this order:
//
//	"version"       1
//	"commitment"    64 lowercase hex digits
//	"server_seed"   64 lowercase hex digits, once revealed
//	"client_seeds"  an array of one or more strings    }
//	"nonce"         a decimal string (or an integer)   } a round's: all three or none
//	"n"             the number of cards, 1 to [MaxCards]  }
//	"deck"          the card numbers, place 0 first, if dealt
//	"cards"         the deck's labels (see [Label]), when n is a multiple of 52
//
// The nonce is written as a string because JavaScript's numbers hold
// integers exactly only up to 2⁵³. A [History] is an array of revealed
// transcripts of rounds under one commitment. docs/fair-deal.md states the
// JSON rules every front end applies.
// docs/fair-deal.md states what the protocol proves and what it does not,
// and testdata/fair/vectors.json holds test vectors for other
// implementations.
//
// Every bounded number is exact (rejection, no modulo bias) and every deck is
// equally likely given a uniform key. No call of the package logs or prints
// a seed, and printing a [Session] or a [Source] shows no secret. The
// package imports only the standard library.
package fair

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"math"
	"unicode/utf8"
)

// Version is the protocol version this package implements.
const Version = 1

// SeedSize is the length of a server seed in bytes.
const SeedSize = 32

// MaxCards is the most cards a round can have, 1,260 decks: every verifier,
// the page in a browser too, must deal it again. A larger n is refused
// before any allocation.
const MaxCards = 1 << 16

// domain opens the key's message: it names the protocol and its version.
const domain = "fairshuffle/deal/v1"

// NewServerSeed returns a new server seed: SeedSize bytes from crypto/rand.
func NewServerSeed() []byte {
	seed := make([]byte, SeedSize)
	rand.Read(seed) // never fails: it crashes the program if the system's source does
	return seed
}

// Commit returns the commitment to serverSeed: the lowercase hex of its
// SHA-256, 64 characters. It panics if serverSeed is not SeedSize bytes.
func Commit(serverSeed []byte) string {
	if len(serverSeed) != SeedSize {
		panic(fmt.Sprintf("fair: Commit: serverSeed is %d bytes, want %d", len(serverSeed), SeedSize))
	}
	sum := sha256.Sum256(serverSeed)
	return hex.EncodeToString(sum[:])
}

// Deal returns the deck of the round that serverSeed, clientSeeds, nonce
// and n define: the card numbers 0..n−1, place 0 (the top card) first. It
// returns an error if serverSeed is not SeedSize bytes, clientSeeds is
// empty or holds a seed that is not valid UTF-8, or n is not in
// [1, MaxCards]. It takes O(n) time and allocates the deck.
func Deal(serverSeed []byte, clientSeeds []string, nonce uint64, n int) ([]int, error) {
	if err := checkRound(serverSeed, clientSeeds, n); err != nil {
		return nil, err
	}
	var s stream
	s.init(serverSeed, clientSeeds, nonce, n)
	deck := make([]int, n)
	s.shuffle(deck)
	return deck, nil
}

// checkRound returns an error if the inputs of a round break the protocol.
func checkRound(serverSeed []byte, clientSeeds []string, n int) error {
	if len(serverSeed) != SeedSize {
		return fmt.Errorf("fair: server seed is %d bytes, want %d", len(serverSeed), SeedSize)
	}
	return checkInputs("fair: ", clientSeeds, n)
}

// over32 reports whether a length n is more than the protocol's 32-bit
// length fields can hold.
func over32(n int) bool { return uint64(n) > math.MaxUint32 }

// checkInputs returns an error, its message opening with prefix, if the
// client seeds or n of a round break the protocol.
func checkInputs(prefix string, clientSeeds []string, n int) error {
	if len(clientSeeds) == 0 {
		return errors.New(prefix + "no client seed")
	}
	for i, c := range clientSeeds {
		if !utf8.ValidString(c) {
			return fmt.Errorf("%sclient seed %d (from 0) is not valid UTF-8", prefix, i)
		}
		if over32(len(c)) {
			return fmt.Errorf("%sclient seed %d (from 0) is %d bytes, more than 2³²−1", prefix, i, len(c))
		}
	}
	if over32(len(clientSeeds)) {
		return fmt.Errorf("%s%d client seeds, more than 2³²−1", prefix, len(clientSeeds))
	}
	if n < 1 || n > MaxCards {
		return fmt.Errorf("%sn = %d cards, want 1 to %d", prefix, n, MaxCards)
	}
	return nil
}

// stream is a round's words: block i is HMAC-SHA256(key, u64(i)), read as
// four big-endian words.
type stream struct {
	mac   hash.Hash // keyed with the round's key; its state stays behind a pointer
	block uint64    // the index of the next block
	buf   [sha256.Size]byte
	used  int // bytes of buf already read
	ctr   [8]byte
}

// init keys s for a round whose inputs checkRound accepted.
func (s *stream) init(serverSeed []byte, clientSeeds []string, nonce uint64, n int) {
	m := hmac.New(sha256.New, serverSeed)
	var b [8]byte
	io.WriteString(m, domain)
	m.Write([]byte{0})
	binary.BigEndian.PutUint32(b[:4], uint32(len(clientSeeds)))
	m.Write(b[:4])
	for _, c := range clientSeeds {
		binary.BigEndian.PutUint32(b[:4], uint32(len(c)))
		m.Write(b[:4])
		io.WriteString(m, c)
	}
	binary.BigEndian.PutUint64(b[:], nonce)
	m.Write(b[:])
	binary.BigEndian.PutUint32(b[:4], uint32(n))
	m.Write(b[:4])
	var key [sha256.Size]byte
	s.mac = hmac.New(sha256.New, m.Sum(key[:0]))
	s.block, s.used = 0, len(s.buf)
}

// word returns the next word of the stream.
func (s *stream) word() uint64 {
	if s.used == len(s.buf) {
		binary.BigEndian.PutUint64(s.ctr[:], s.block)
		s.mac.Reset()
		s.mac.Write(s.ctr[:])
		s.mac.Sum(s.buf[:0])
		s.block++
		s.used = 0
	}
	x := binary.BigEndian.Uint64(s.buf[s.used:])
	s.used += 8
	return x
}

// below returns a uniform number in [0, m) for m ≥ 1: the first word below
// 2⁶⁴ − (2⁶⁴ mod m), the largest multiple of m that fits, taken mod m.
func (s *stream) below(m uint64) uint64 {
	r := -m % m // 2⁶⁴ mod m
	for {
		if x := s.word(); x <= math.MaxUint64-r {
			return x % m
		}
	}
}

// shuffle fills deck with 0..len(deck)−1 and shuffles it backwards, each
// place i swapped with a place below i+1.
func (s *stream) shuffle(deck []int) {
	for i := range deck {
		deck[i] = i
	}
	for i := len(deck) - 1; i > 0; i-- {
		j := s.below(uint64(i) + 1)
		deck[i], deck[j] = deck[j], deck[i]
	}
}

// Verify checks a revealed round: commitment (64 lowercase hex digits)
// commits to serverSeed, compared in constant time, and deck is its deal.
//
// It returns a *[MismatchError] for a failed check, another error for an
// input [Deal] refuses or a commitment not of 64 lowercase hex digits.
func Verify(commitment string, serverSeed []byte, clientSeeds []string, nonce uint64, deck []int) error {
	committed, err := decodeCommitment(commitment)
	if err != nil {
		return err
	}
	if err := checkRound(serverSeed, clientSeeds, len(deck)); err != nil {
		return err
	}
	if err := checkCommitment(committed, serverSeed); err != nil {
		return err
	}
	return compareDeck(serverSeed, clientSeeds, nonce, deck)
}

// decodeCommitment returns the 32 bytes that 64 lowercase hex digits spell.
func decodeCommitment(commitment string) ([]byte, error) {
	if !isHex32(commitment) {
		return nil, fmt.Errorf("fair: commitment is not %d lowercase hex digits", 2*sha256.Size)
	}
	b, _ := hex.DecodeString(commitment)
	return b, nil
}

// checkCommitment returns a *MismatchError unless committed is the SHA-256
// of serverSeed, comparing in constant time.
func checkCommitment(committed, serverSeed []byte) error {
	sum := sha256.Sum256(serverSeed)
	if subtle.ConstantTimeCompare(committed, sum[:]) != 1 {
		return &MismatchError{Field: "commitment",
			Committed: hex.EncodeToString(committed), Hashed: hex.EncodeToString(sum[:])}
	}
	return nil
}

// compareDeck deals the round of len(deck) cards and returns a
// *MismatchError if deck differs from it.
func compareDeck(serverSeed []byte, clientSeeds []string, nonce uint64, deck []int) error {
	dealt, err := Deal(serverSeed, clientSeeds, nonce, len(deck))
	if err != nil {
		return err
	}
	e := &MismatchError{Field: "deck", Place: -1, N: len(deck)}
	for i, c := range dealt {
		if deck[i] != c {
			if e.Place < 0 {
				e.Place, e.Shown, e.Dealt = i, deck[i], c
			}
			e.Places++
		}
	}
	if e.Place >= 0 {
		return e
	}
	return nil
}

// A MismatchError reports a revealed round that does not check out: a
// commitment not the seed's SHA-256, or a deck not the deal.
type MismatchError struct {
	Field string // "commitment" or "deck"

	// For the commitment: the commitment given and the SHA-256 of the
	// revealed seed, in lowercase hex.
	Committed, Hashed string

	// For the deck: its n cards, the first place that differs, the card
	// shown there and the card the deal puts there, and how many places
	// differ.
	N, Place, Shown, Dealt, Places int
}

// Error says which field differs, and where.
func (e *MismatchError) Error() string {
	if e.Field == "commitment" {
		return fmt.Sprintf("fair: commitment does not match the server seed: the commitment is %s, the seed's SHA-256 is %s",
			e.Committed, e.Hashed)
	}
	return fmt.Sprintf("fair: deck differs from the deal at %d of its %d places; first at place %d: the deck has %s, the deal %s",
		e.Places, e.N, e.Place, cardName(e.Shown, e.N), cardName(e.Dealt, e.N))
}

// cardName is card c of an n-card deal as a number, with its label when n
// is a number of whole decks.
func cardName(c, n int) string {
	if n%52 == 0 && c >= 0 {
		return fmt.Sprintf("%d (%s)", c, Label(c))
	}
	return fmt.Sprint(c)
}

// Label returns the name of card c mod 52, rank then suit: AC, 2C, …, KC,
// AD, …, KS for 0 to 51.
//
// It panics if c < 0.
func Label(c int) string {
	if c < 0 {
		panic(fmt.Sprintf("fair: Label: negative card %d", c))
	}
	c %= 52
	return ranks[c%13] + suits[c/13]
}

var (
	ranks = [13]string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
	suits = [4]string{"C", "D", "H", "S"}
)
