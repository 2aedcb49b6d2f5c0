package fair

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// FuzzTranscript feeds the transcript parser any bytes: it must never
// panic, and what it accepts must write back in a form that reads back to
// the same transcript and writes again byte for byte; a transcript whose
// seed is revealed verifies or says why not.
func FuzzTranscript(f *testing.F) {
	deck, _ := Deal(seed0(), []string{"alice"}, 0, 52)
	full, _ := (&Transcript{Commitment: Commit(seed0()), ServerSeed: seed0(), ClientSeeds: []string{"alice"}, N: 52, Deck: deck}).MarshalJSON()
	f.Add(full)
	f.Add([]byte(`{"version":1,"commitment":"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"}`))
	f.Add([]byte(`{"version":1,"commitment":"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd","client_seeds":["","\u00e9\ud83c\udca1"],"nonce":18446744073709551615,"n":2,"deck":[1,0]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var tr Transcript
		if err := tr.UnmarshalJSON(data); err != nil {
			if tr.N != 0 || tr.Commitment != "" {
				t.Fatalf("a failed parse changed the transcript: %+v", tr)
			}
			return
		}
		out, err := tr.MarshalJSON()
		if err != nil {
			t.Fatalf("accepted %q, cannot write it: %v", data, err)
		}
		var back Transcript
		if err := json.Unmarshal(out, &back); err != nil {
			t.Fatalf("cannot read back %s: %v", out, err)
		}
		again, _ := back.MarshalJSON()
		if !bytes.Equal(out, again) {
			t.Fatalf("written twice differently:\n%s\n%s", out, again)
		}
		if tr.ServerSeed != nil && tr.N > 0 && tr.N <= 1000 {
			err := tr.Verify()
			if _, ok := err.(*MismatchError); err != nil && !ok {
				t.Fatalf("a parsed transcript fails to verify for another reason: %v", err)
			}
		}
	})
}

// FuzzDeal deals any inputs of up to 300 cards: the deck must be the plain
// reference's (refDeal) and a permutation, it must verify, and a deck with
// two places swapped must not.
func FuzzDeal(f *testing.F) {
	f.Add(seed0(), "alice", uint64(0), uint16(52))
	f.Add([]byte{}, "a|b|", uint64(math.MaxUint64), uint16(1))
	f.Add(bytes.Repeat([]byte{0xff}, 40), "🂡|洗牌", uint64(1<<53+1), uint16(311))
	f.Fuzz(func(t *testing.T, seed []byte, clients string, nonce uint64, n16 uint16) {
		seed = append(seed, make([]byte, SeedSize)...)[:SeedSize]
		cs := strings.Split(strings.ToValidUTF8(clients, "?"), "|")
		n := int(n16)%300 + 1
		deck, err := Deal(seed, cs, nonce, n)
		if err != nil {
			t.Fatal(err)
		}
		ref := refDeal(seed, cs, nonce, n)
		seen := make([]bool, n)
		for i, c := range deck {
			if c != ref[i] || seen[c] {
				t.Fatalf("deck %v, reference %v", deck, ref)
			}
			seen[c] = true
		}
		c := Commit(seed)
		if err := Verify(c, seed, cs, nonce, deck); err != nil {
			t.Fatal(err)
		}
		if n > 1 {
			deck[0], deck[n-1] = deck[n-1], deck[0]
			if _, ok := Verify(c, seed, cs, nonce, deck).(*MismatchError); !ok {
				t.Fatal("a deck with two places swapped verifies")
			}
		}
	})
}

// FuzzVerifyJSON feeds VerifyJSON any bytes, from the transcripts of
// testdata/verdicts.json: it must never panic, and an input it judges
// (pass or fail) must read as a transcript or history whose canonical form,
// as MarshalJSON writes it, gets the same verdict.
func FuzzVerifyJSON(f *testing.F) {
	for _, c := range verdictCases(f) {
		f.Add(c.bytes())
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		verdict := verdictOf(VerifyJSON(data, ""))
		if verdict == "error" {
			return
		}
		var canon []byte
		var h History
		if err := json.Unmarshal(data, &h); err == nil {
			canon = append(canon, '[')
			for i := range h {
				b, err := h[i].MarshalJSON()
				if err != nil {
					t.Fatalf("judged %s, cannot write round %d: %v", verdict, i, err)
				}
				if i > 0 {
					canon = append(canon, ',')
				}
				canon = append(canon, b...)
			}
			canon = append(canon, ']')
		} else {
			var tr Transcript
			if err := json.Unmarshal(data, &tr); err != nil {
				t.Fatalf("judged %s, reads as neither a history nor a transcript: %v", verdict, err)
			}
			var err error
			if canon, err = tr.MarshalJSON(); err != nil {
				t.Fatalf("judged %s, cannot write it: %v", verdict, err)
			}
		}
		if again := verdictOf(VerifyJSON(canon, "")); again != verdict {
			t.Fatalf("%q is %s, its canonical form %s is %s", data, verdict, canon, again)
		}
	})
}
