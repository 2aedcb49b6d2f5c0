package fair

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// issueTranscript is the issue's vector as a revealed transcript.
func issueTranscript(t *testing.T) *Transcript {
	deck, err := Deal(seed0(), []string{"alice"}, 0, 52)
	require.NoError(t, err)
	return &Transcript{Commitment: Commit(seed0()), ServerSeed: seed0(), ClientSeeds: []string{"alice"}, N: 52, Deck: deck}
}

func TestTranscriptForm(t *testing.T) {
	b, err := json.Marshal(issueTranscript(t))
	require.NoError(t, err)
	want := `{"version":1,"commitment":"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd",` +
		`"server_seed":"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",` +
		`"client_seeds":["alice"],"nonce":"0","n":52,` +
		`"deck":[33,42,45,7,51,15,21,0,4,3,6,34,46,29,22,25,5,27,31,37,36,50,48,28,26,10,41,19,30,49,35,38,47,43,24,2,32,16,9,17,14,1,44,11,39,40,13,23,12,20,18,8],` +
		`"cards":["8H","4S","7S","8C","KS","3D","9D","AC","5C","4C","7C","9H","8S","4H","10D","KD","6C","2H","6H","QH","JH","QS","10S","3H","AH","JC","3S","7D","5H","JS","10H","KH","9S","5S","QD","3C","7H","4D","10C","5D","2D","2C","6S","QC","AS","2S","AD","JD","KC","8D","6D","9C"]}`
	assert.Equal(t, want, string(b))
	b, err = json.Marshal(*issueTranscript(t)) // a value too, as in a struct's field
	require.NoError(t, err)
	assert.Equal(t, want, string(b))

	// Stages: a commitment alone, a deal not yet revealed, a round without a deck.
	for _, tr := range []*Transcript{
		{Commitment: Commit(seed0())},
		{Commitment: Commit(seed0()), ServerSeed: seed0()},
		{Commitment: Commit(seed0()), ClientSeeds: []string{"<&>\"\\\n\u2028é"}, Nonce: 1<<64 - 1, N: 3, Deck: []int{2, 0, 1}},
		{Commitment: Commit(seed0()), ClientSeeds: []string{""}, Nonce: 5, N: 104},
	} {
		b, err := json.Marshal(tr)
		require.NoError(t, err)
		var back Transcript
		require.NoError(t, json.Unmarshal(b, &back), "%s", b)
		assert.Equal(t, *tr, back)
	}
	// MarshalJSON escapes only what JSON needs (json.Marshal escapes <, > and & again).
	b, _ = (&Transcript{Commitment: Commit(seed0()), ClientSeeds: []string{"<&>"}, Nonce: 1<<64 - 1, N: 3}).MarshalJSON()
	assert.Equal(t, `{"version":1,"commitment":"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd","client_seeds":["<&>"],"nonce":"18446744073709551615","n":3}`, string(b))
}

func TestTranscriptMarshalChecks(t *testing.T) {
	c := Commit(seed0())
	for _, c := range []struct {
		tr  Transcript
		msg string
	}{
		{Transcript{Commitment: strings.ToUpper(c)}, "fair: transcript: commitment: want 64 lowercase hex digits"},
		{Transcript{Commitment: c, ServerSeed: []byte{1}}, "fair: transcript: server seed is 1 bytes, want 32"},
		{Transcript{Commitment: c, Nonce: 3}, "fair: transcript: client seeds, a nonce or a deck without n"},
		{Transcript{Commitment: c, N: 3}, "fair: transcript: no client seed"},
		{Transcript{Commitment: c, N: 3, ClientSeeds: []string{"a"}, Deck: []int{0, 1}}, "fair: transcript: deck has 2 cards, n is 3"},
		{Transcript{Commitment: c, N: 3, ClientSeeds: []string{"a"}, Deck: []int{0, 1, 3}}, "fair: transcript: deck[2]: card 3 is not in 0..2"},
		{Transcript{Commitment: c, N: 3, ClientSeeds: []string{"a"}, Deck: []int{0, 1, 1}}, "fair: transcript: deck[2]: card 1 appears twice"},
		{Transcript{Commitment: c, N: 3, ClientSeeds: []string{"\xff"}}, "fair: transcript: client seed 0 (from 0) is not valid UTF-8"},
	} {
		_, err := json.Marshal(&c.tr)
		assert.ErrorContains(t, err, c.msg)
	}
}

func TestTranscriptParseErrors(t *testing.T) {
	const c = `"commitment":"630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"`
	const round = `"client_seeds":["a"],"nonce":"0","n":3`
	for _, c := range []struct{ in, msg string }{
		{`[]`, "fair: transcript: want a JSON object"},
		{`{` + c + `}`, `fair: transcript: no "version"`},
		{`{"version":1}`, `fair: transcript: no "commitment"`},
		{`{"version":2,` + c + `}`, `fair: transcript: "version": 2 is not 1, the version this package reads`},
		{`{"version":1.0,` + c + `}`, `fair: transcript: "version": 1.0 is not 1`},
		{`{"version":1,` + c + `,"version":1}`, `fair: transcript: "version" appears twice`},
		{`{"version":1,` + c + `,"Deck":[]}`, `fair: transcript: unknown field "Deck"`},
		{`{"version":1,"commitment":null}`, `fair: transcript: "commitment": want a string of 64 lowercase hex digits`},
		{`{"version":1,"commitment":"630DCD2966C4336691125448BBB25B4FF412A49C732DB2C8ABC1B8581BD710DD"}`, `"commitment": want a string of 64 lowercase hex digits`},
		{`{"version":1,` + c + `,"server_seed":"00"}`, `"server_seed": want a string of 64 lowercase hex digits`},
		{`{"version":1,` + c + `,"client_seeds":["a"]}`, `fair: transcript: no "nonce": a round needs "client_seeds", "nonce" and "n"`},
		{`{"version":1,` + c + `,"nonce":"1"}`, `fair: transcript: no "client_seeds"`},
		{`{"version":1,` + c + `,"client_seeds":[],"nonce":"0","n":3}`, `fair: transcript: "client_seeds": want at least one`},
		{`{"version":1,` + c + `,"client_seeds":["a",null],"nonce":"0","n":3}`, `fair: transcript: "client_seeds"[1]: want a string`},
		{`{"version":1,` + c + `,"client_seeds":"a","nonce":"0","n":3}`, `fair: transcript: "client_seeds": want an array of strings`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"-1","n":3}`, `fair: transcript: "nonce": want a decimal integer`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"01","n":3}`, `fair: transcript: "nonce": want a decimal integer`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"18446744073709551616","n":3}`, `fair: transcript: "nonce": want a decimal integer`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":1e3,"n":3}`, `fair: transcript: "nonce": want a decimal integer`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"0","n":0}`, `fair: transcript: "n": want an integer from 1 to`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"0","n":"52"}`, `fair: transcript: "n": want an integer from 1 to`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"0","n":4294967296}`, `fair: transcript: "n": want an integer from 1 to`},
		{`{"version":1,` + c + `,"deck":[0]}`, `fair: transcript: a "deck" without a round`},
		{`{"version":1,` + c + `,` + round + `,"deck":[0,1]}`, `fair: transcript: "deck" has 2 cards, "n" is 3`},
		{`{"version":1,` + c + `,` + round + `,"deck":null}`, `fair: transcript: "deck": want an array of card numbers`},
		{`{"version":1,` + c + `,` + round + `,"deck":[0,1,3]}`, `fair: transcript: "deck"[2]: 3 is not a card number in 0..2`},
		{`{"version":1,` + c + `,` + round + `,"deck":[0,1,1.0]}`, `fair: transcript: "deck"[2]: 1.0 is not a card number in 0..2`},
		{`{"version":1,` + c + `,` + round + `,"deck":[0,1,1]}`, `fair: transcript: deck[2]: card 1 appears twice`},
		{`{"version":1,` + c + `,` + round + `,"deck":[0,1,2],"cards":["AC","2C","3C"]}`, `fair: transcript: "cards" in a round of 3 cards: labels are for whole decks of 52`},
		{`{"version":1,` + c + `,` + round + `,"cards":["AC"]}`, `fair: transcript: "cards" without a "deck"`},
		{`{"version":1,` + c + `,"client_seeds":["` + "\xff" + `"],"nonce":"0","n":3}`, `fair: transcript: byte 110: invalid UTF-8`},
		{`{"version":1,` + c + `} {}`, `invalid character`},
	} {
		var tr Transcript
		err := json.Unmarshal([]byte(c.in), &tr)
		if assert.Error(t, err, c.in) {
			assert.Contains(t, err.Error(), c.msg, c.in)
		}
		err = tr.UnmarshalJSON([]byte(c.in)) // called directly, without json's syntax check first
		assert.Error(t, err, c.in)
	}
	// Labels that are not the deck's.
	b, _ := json.Marshal(issueTranscript(t))
	var tr Transcript
	err := json.Unmarshal([]byte(strings.Replace(string(b), `"4S"`, `"4s"`, 1)), &tr)
	assert.EqualError(t, err, `fair: transcript: "cards"[1]: "4s" is not 4S, the label of card 42`)
	err = json.Unmarshal([]byte(strings.Replace(string(b), `"4S",`, ``, 1)), &tr)
	assert.EqualError(t, err, `fair: transcript: "cards" has 51 labels, "deck" 52 cards`)
	// White space and a nonce written as a number are read; what was read is unchanged by a failure.
	in := "{\n \"version\" : 1 ,\n " + c + " , \"client_seeds\" : [ \"a\" ] , \"nonce\" : 18446744073709551615 , \"n\" : 3 }\n"
	require.NoError(t, json.Unmarshal([]byte(in), &tr))
	assert.Equal(t, Transcript{Commitment: Commit(seed0()), ClientSeeds: []string{"a"}, Nonce: 1<<64 - 1, N: 3}, tr)
	assert.Error(t, json.Unmarshal([]byte(`{"version":1}`), &tr))
	assert.Equal(t, 3, tr.N)
}

func TestTranscriptVerify(t *testing.T) {
	tr := issueTranscript(t)
	assert.NoError(t, tr.Verify())
	tr.Deck[0], tr.Deck[1] = tr.Deck[1], tr.Deck[0]
	var m *MismatchError
	require.ErrorAs(t, tr.Verify(), &m)
	assert.Equal(t, 0, m.Place)
	tr.Deck = nil
	assert.NoError(t, tr.Verify(), "no deck to compare: the commitment alone is checked")
	tr.ServerSeed = make([]byte, 32)
	require.ErrorAs(t, tr.Verify(), &m)
	assert.Equal(t, "commitment", m.Field)
	tr.ServerSeed = nil
	assert.True(t, errors.Is(tr.Verify(), ErrNotRevealed))
	tr.ServerSeed = []byte{1}
	assert.EqualError(t, tr.Verify(), "fair: transcript: server seed is 1 bytes, want 32")
}
