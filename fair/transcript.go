package fair

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"
)

// ErrNotRevealed is what [Transcript.Verify] returns for a transcript
// without the server seed.
var ErrNotRevealed = errors.New("fair: the transcript has no server seed: the house has not revealed it")

// Transcript is the record of a round that the house publishes and the
// players check: the commitment alone, then the deal, then the revealed
// seed. MarshalJSON and UnmarshalJSON write and read the JSON form that the
// package documentation's "The transcript" states.
type Transcript struct {
	Commitment  string   // lowercase hex of the SHA-256 of the server seed
	ServerSeed  []byte   // nil until revealed
	ClientSeeds []string // nil in a commitment alone
	Nonce       uint64
	N           int   // 0 in a commitment alone
	Deck        []int // nil if the transcript holds no deck
}

// Verify checks a revealed transcript: the commitment is that of the server
// seed and, if the transcript holds a deck, the deck is the deal. It returns
// [ErrNotRevealed] without the seed, a *[MismatchError] for a failed check,
// and another error for a transcript that breaks the rules MarshalJSON
// checks.
func (t *Transcript) Verify() error {
	if t.ServerSeed == nil {
		return ErrNotRevealed
	}
	if err := t.check(); err != nil {
		return err
	}
	committed, _ := hex.DecodeString(t.Commitment)
	if err := checkCommitment(committed, t.ServerSeed); err != nil {
		return err
	}
	if t.N == 0 || t.Deck == nil {
		return nil
	}
	return compareDeck(t.ServerSeed, t.ClientSeeds, t.Nonce, t.Deck)
}

// check returns an error if t breaks a rule of the JSON form.
func (t *Transcript) check() error {
	if !isHex32(t.Commitment) {
		return errors.New("fair: transcript: commitment: want 64 lowercase hex digits")
	}
	if t.ServerSeed != nil && len(t.ServerSeed) != SeedSize {
		return fmt.Errorf("fair: transcript: server seed is %d bytes, want %d", len(t.ServerSeed), SeedSize)
	}
	if t.N == 0 {
		if t.ClientSeeds != nil || t.Nonce != 0 || t.Deck != nil {
			return errors.New("fair: transcript: client seeds, a nonce or a deck without n")
		}
		return nil
	}
	if err := checkInputs("fair: transcript: ", t.ClientSeeds, t.N); err != nil {
		return err
	}
	if t.Deck != nil {
		if len(t.Deck) != t.N {
			return fmt.Errorf("fair: transcript: deck has %d cards, n is %d", len(t.Deck), t.N)
		}
		seen := make([]bool, t.N)
		for i, c := range t.Deck {
			if c < 0 || c >= t.N {
				return fmt.Errorf("fair: transcript: deck[%d]: card %d is not in 0..%d", i, c, t.N-1)
			}
			if seen[c] {
				return fmt.Errorf("fair: transcript: deck[%d]: card %d appears twice", i, c)
			}
			seen[c] = true
		}
	}
	return nil
}

// isHex32 reports whether s is 64 lowercase hex digits.
func isHex32(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := range len(s) {
		if c := s[i]; !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// MarshalJSON writes t in its JSON form after checking its rules: a
// commitment of 64 lowercase hex digits, n distinct cards, and so on.
func (t Transcript) MarshalJSON() ([]byte, error) {
	if err := t.check(); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(`{"version":1,"commitment":"`)
	b.WriteString(t.Commitment)
	b.WriteByte('"')
	if t.ServerSeed != nil {
		b.WriteString(`,"server_seed":"`)
		b.WriteString(hex.EncodeToString(t.ServerSeed))
		b.WriteByte('"')
	}
	if t.N == 0 {
		b.WriteByte('}')
		return b.Bytes(), nil
	}
	b.WriteString(`,"client_seeds":[`)
	for i, c := range t.ClientSeeds {
		if i > 0 {
			b.WriteByte(',')
		}
		writeString(&b, c)
	}
	fmt.Fprintf(&b, `],"nonce":"%d","n":%d`, t.Nonce, t.N)
	if t.Deck != nil {
		b.WriteString(`,"deck":[`)
		for i, c := range t.Deck {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(c))
		}
		b.WriteByte(']')
		if t.N%52 == 0 {
			b.WriteString(`,"cards":[`)
			for i, c := range t.Deck {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(`"` + Label(c) + `"`)
			}
			b.WriteByte(']')
		}
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// writeString writes s as a JSON string, escaping only what JSON requires.
func writeString(b *bytes.Buffer, s string) {
	e := json.NewEncoder(b)
	e.SetEscapeHTML(false)
	e.Encode(s)             // a valid UTF-8 string: no error
	b.Truncate(b.Len() - 1) // Encode's newline
}

// UnmarshalJSON reads t from its JSON form. It accepts nothing else: no
// unknown or repeated key, no null, no missing field of a round, no deck
// that is not a permutation of 0..n−1, no labels that are not the deck's,
// no invalid UTF-8. Its errors name the field and what is wrong with it.
func (t *Transcript) UnmarshalJSON(data []byte) error {
	if err := checkText(data); err != nil {
		return fmt.Errorf("fair: transcript: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("fair: transcript: want a JSON object")
	}
	var (
		seen     = map[string]bool{}
		out      Transcript
		deck     []json.RawMessage
		cards    []string
		hasNonce bool
	)
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("fair: transcript: %v", err)
		}
		key, ok := tok.(string)
		if !ok {
			return errors.New("fair: transcript: want a JSON object")
		}
		if seen[key] {
			return fmt.Errorf("fair: transcript: %q appears twice", key)
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("fair: transcript: %q: %v", key, err)
		}
		bad := func(want string) error { return fmt.Errorf("fair: transcript: %q: want %s", key, want) }
		switch key {
		case "version":
			if string(raw) != "1" {
				return fmt.Errorf("fair: transcript: \"version\": %s is not 1, the version this package reads", raw)
			}
		case "commitment", "server_seed":
			var s string
			if raw[0] != '"' || json.Unmarshal(raw, &s) != nil || !isHex32(s) {
				return bad("a string of 64 lowercase hex digits")
			}
			if key == "commitment" {
				out.Commitment = s
			} else {
				out.ServerSeed, _ = hex.DecodeString(s)
			}
		case "client_seeds":
			var a []json.RawMessage
			if raw[0] != '[' || json.Unmarshal(raw, &a) != nil {
				return bad("an array of strings")
			}
			out.ClientSeeds = make([]string, len(a))
			for i, r := range a {
				if r[0] != '"' || json.Unmarshal(r, &out.ClientSeeds[i]) != nil {
					return fmt.Errorf("fair: transcript: \"client_seeds\"[%d]: want a string", i)
				}
			}
		case "nonce":
			s := string(raw)
			if raw[0] == '"' && json.Unmarshal(raw, &s) != nil {
				return bad("a decimal integer from 0 to 2⁶⁴−1 without leading zeros, as a string or a number")
			}
			if !isDecimal(s) {
				return bad("a decimal integer from 0 to 2⁶⁴−1 without leading zeros, as a string or a number")
			}
			out.Nonce, err = strconv.ParseUint(s, 10, 64)
			if err != nil {
				return bad("a decimal integer from 0 to 2⁶⁴−1 without leading zeros, as a string or a number")
			}
			hasNonce = true
		case "n":
			n, err := strconv.ParseUint(string(raw), 10, 64)
			if err != nil || !isDecimal(string(raw)) || n < 1 || n > MaxCards || n > uint64(maxInt) {
				return bad(fmt.Sprintf("an integer from 1 to %d", min(uint64(MaxCards), uint64(maxInt))))
			}
			out.N = int(n)
		case "deck":
			if raw[0] != '[' || json.Unmarshal(raw, &deck) != nil {
				return bad("an array of card numbers")
			}
			if deck == nil {
				deck = []json.RawMessage{}
			}
		case "cards":
			var a []json.RawMessage
			if raw[0] != '[' || json.Unmarshal(raw, &a) != nil {
				return bad("an array of card labels")
			}
			cards = make([]string, len(a))
			for i, r := range a {
				if r[0] != '"' || json.Unmarshal(r, &cards[i]) != nil {
					return fmt.Errorf("fair: transcript: \"cards\"[%d]: want a string", i)
				}
			}
		default:
			return fmt.Errorf("fair: transcript: unknown field %q", key)
		}
	}
	if _, err := dec.Token(); err != nil { // the closing brace
		return fmt.Errorf("fair: transcript: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("fair: transcript: data after the object")
	}

	for _, k := range []string{"version", "commitment"} {
		if !seen[k] {
			return fmt.Errorf("fair: transcript: no %q", k)
		}
	}
	round := seen["client_seeds"] || hasNonce || seen["n"]
	if round {
		for _, k := range []string{"client_seeds", "nonce", "n"} {
			if !seen[k] {
				return fmt.Errorf("fair: transcript: no %q: a round needs \"client_seeds\", \"nonce\" and \"n\"", k)
			}
		}
		if len(out.ClientSeeds) == 0 {
			return errors.New("fair: transcript: \"client_seeds\": want at least one")
		}
	}
	if deck != nil {
		if !round {
			return errors.New("fair: transcript: a \"deck\" without a round")
		}
		if len(deck) != out.N {
			return fmt.Errorf("fair: transcript: \"deck\" has %d cards, \"n\" is %d", len(deck), out.N)
		}
		out.Deck = make([]int, len(deck))
		for i, r := range deck {
			c, err := strconv.ParseUint(string(r), 10, 64)
			if err != nil || !isDecimal(string(r)) || c >= uint64(out.N) {
				return fmt.Errorf("fair: transcript: \"deck\"[%d]: %s is not a card number in 0..%d", i, r, out.N-1)
			}
			out.Deck[i] = int(c)
		}
	}
	if cards != nil {
		if out.Deck == nil {
			return errors.New("fair: transcript: \"cards\" without a \"deck\"")
		}
		if out.N%52 != 0 {
			return fmt.Errorf("fair: transcript: \"cards\" in a round of %d cards: labels are for whole decks of 52", out.N)
		}
		if len(cards) != len(out.Deck) {
			return fmt.Errorf("fair: transcript: \"cards\" has %d labels, \"deck\" %d cards", len(cards), len(out.Deck))
		}
		for i, c := range out.Deck {
			if cards[i] != Label(c) {
				return fmt.Errorf("fair: transcript: \"cards\"[%d]: %q is not %s, the label of card %d", i, cards[i], Label(c), c)
			}
		}
	}
	if err := out.check(); err != nil {
		return err
	}
	*t = out
	return nil
}

// maxInt is the largest int on this platform.
const maxInt = int(^uint(0) >> 1)

// checkText returns an error if data is not valid UTF-8 or holds an escape
// of a lone surrogate (\ud800 not followed by \udc00 to \udfff, or the
// second half alone): a string that is no Unicode text, which encoding/json
// would read as U+FFFD.
func checkText(data []byte) error {
	if !utf8.Valid(data) {
		i := 0
		for i < len(data) {
			r, size := utf8.DecodeRune(data[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		return fmt.Errorf("byte %d: invalid UTF-8", i)
	}
	in, high := false, -1 // in a string; where a first half was just read
	lone := func(at int) error {
		return fmt.Errorf("byte %d: \\u%s: a lone surrogate, not a Unicode character", at, data[at+2:at+6])
	}
	for i := 0; i < len(data); i++ {
		c := data[i]
		if !in {
			in = c == '"'
			continue
		}
		if c == '\\' && i+6 <= len(data) && data[i+1] == 'u' {
			u, err := strconv.ParseUint(string(data[i+2:i+6]), 16, 16)
			if err != nil {
				return nil // a bad escape: the JSON syntax check says where
			}
			switch {
			case high >= 0 && (u < 0xdc00 || u > 0xdfff):
				return lone(high)
			case high < 0 && 0xdc00 <= u && u <= 0xdfff:
				return lone(i)
			case 0xd800 <= u && u <= 0xdbff:
				high = i
			default:
				high = -1
			}
			i += 5
			continue
		}
		if high >= 0 {
			return lone(high)
		}
		switch c {
		case '"':
			in = false
		case '\\':
			i++ // the escaped byte
		}
	}
	if high >= 0 {
		return lone(high)
	}
	return nil
}

// isDecimal reports whether s is a non-negative decimal integer without
// leading zeros.
func isDecimal(s string) bool {
	if s == "" || s[0] == '0' && len(s) > 1 {
		return false
	}
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
