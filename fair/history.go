package fair

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
)

// History is every round a player saw under one commitment, in order. Its
// JSON form is an array of revealed transcripts of rounds of one commitment
// and seed; [History.Verify] checks too that the nonces of each set of
// client seeds run 0, 1, 2, … with no gap, as a [Session] deals them.
type History []Transcript

// UnmarshalJSON reads h from its JSON form, each transcript as
// [Transcript.UnmarshalJSON] does; its errors name the round.
func (h *History) UnmarshalJSON(data []byte) error {
	if err := checkText(data); err != nil {
		return fmt.Errorf("fair: history: %v", err)
	}
	var raw []json.RawMessage
	if d := bytes.TrimLeft(data, " \t\r\n"); len(d) == 0 || d[0] != '[' || json.Unmarshal(data, &raw) != nil {
		return errors.New("fair: history: want a JSON array of transcripts")
	}
	if len(raw) == 0 {
		return errors.New("fair: history: no round")
	}
	out := make(History, len(raw))
	for i, r := range raw {
		if err := out[i].UnmarshalJSON(r); err != nil {
			return fmt.Errorf("fair: history[%d]: %s", i, strings.TrimPrefix(err.Error(), "fair: "))
		}
	}
	if err := out.check(); err != nil {
		return err
	}
	*h = out
	return nil
}

// check returns an error unless h is one or more revealed rounds of one
// commitment and server seed.
func (h History) check() error {
	if len(h) == 0 {
		return errors.New("fair: history: no round")
	}
	for i := range h {
		t := &h[i]
		if err := t.check(); err != nil {
			return fmt.Errorf("fair: history[%d]: %s", i, strings.TrimPrefix(err.Error(), "fair: "))
		}
		switch {
		case t.ServerSeed == nil:
			return fmt.Errorf("fair: history[%d]: no server seed: the house has not revealed it", i)
		case t.N == 0:
			return fmt.Errorf("fair: history[%d]: not a round: a history holds rounds", i)
		case t.Commitment != h[0].Commitment || !bytes.Equal(t.ServerSeed, h[0].ServerSeed):
			return fmt.Errorf("fair: history[%d]: another commitment or server seed than round 0's: a history is the rounds of one commitment", i)
		}
	}
	return nil
}

// Verify checks each round as [Transcript.Verify] does, then the nonces. It
// returns a *[RoundError] (of a *[MismatchError]), a *[NonceError], or an
// error for a history that breaks the rules of its JSON form.
func (h History) Verify() error {
	if err := h.check(); err != nil {
		return err
	}
	for i := range h {
		if err := h[i].Verify(); err != nil {
			return &RoundError{Round: i, Err: err}
		}
	}
	type state struct {
		next  uint64
		spent bool
	}
	sets := map[string]*state{}
	for i := range h {
		k := setKey(h[i].ClientSeeds)
		s := sets[k]
		if s == nil {
			s = new(state)
			sets[k] = s
		}
		if s.spent || h[i].Nonce != s.next {
			return &NonceError{Round: i, ClientSeeds: h[i].ClientSeeds, Nonce: h[i].Nonce, Want: s.next, Spent: s.spent}
		}
		if s.next == math.MaxUint64 {
			s.spent = true
		} else {
			s.next++
		}
	}
	return nil
}

// A RoundError is a round of a [History] that does not verify.
type RoundError struct {
	Round int   // its place in the history, from 0
	Err   error // a *MismatchError
}

// Error names the round and what differs.
func (e *RoundError) Error() string {
	return fmt.Sprintf("fair: history[%d]: %s", e.Round, strings.TrimPrefix(e.Err.Error(), "fair: "))
}

// Unwrap returns e.Err.
func (e *RoundError) Unwrap() error { return e.Err }

// A NonceError is a round of a [History] whose nonce is not the next of its
// client seeds.
type NonceError struct {
	Round       int // its place in the history, from 0
	ClientSeeds []string
	Nonce       uint64 // the round's
	Want        uint64 // the next nonce of its client seeds
	Spent       bool   // nonce 2⁶⁴−1 of its client seeds came earlier: none is left
}

// Error names the round, its nonce and the one expected.
func (e *NonceError) Error() string {
	seeds, _ := json.Marshal(e.ClientSeeds)
	if e.Spent {
		return fmt.Sprintf("fair: history[%d]: nonce %d after nonce 2⁶⁴−1 of the client seeds %s: no nonce is left", e.Round, e.Nonce, seeds)
	}
	return fmt.Sprintf("fair: history[%d]: nonce %d, want %d: the rounds of the client seeds %s must run 0, 1, 2, … with no gap", e.Round, e.Nonce, e.Want, seeds)
}

// VerifyJSON checks a revealed transcript or [History] in JSON, as fairdeal
// verify and fair/verify.html do. If recorded, the commitment the player
// noted, is not "", the seed must hash to it.
//
// It returns nil, an error for which [Failed] is true, or an error naming
// what breaks the JSON form or is not revealed ([ErrNotRevealed]).
func VerifyJSON(data []byte, recorded string) error {
	if recorded != "" && !isHex32(recorded) {
		return errors.New("fair: the recorded commitment: want 64 lowercase hex digits")
	}
	var seed []byte
	var verify func() error
	if d := bytes.TrimLeft(data, " \t\r\n"); len(d) > 0 && d[0] == '[' {
		var h History
		if err := json.Unmarshal(data, &h); err != nil {
			return err
		}
		if err := h.check(); err != nil {
			return err
		}
		seed, verify = h[0].ServerSeed, h.Verify
	} else {
		var t Transcript
		if err := json.Unmarshal(data, &t); err != nil {
			return err
		}
		if t.ServerSeed == nil {
			return ErrNotRevealed
		}
		seed, verify = t.ServerSeed, t.Verify
	}
	if recorded != "" {
		committed, _ := decodeCommitment(recorded)
		if err := checkCommitment(committed, seed); err != nil {
			return err
		}
	}
	return verify()
}

// Failed reports whether err says that a well-formed round or history does
// not verify (a *[MismatchError] or *[NonceError]), not that input is bad.
func Failed(err error) bool {
	var m *MismatchError
	var n *NonceError
	return errors.As(err, &m) || errors.As(err, &n)
}
