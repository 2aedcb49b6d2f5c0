package fair

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateVectors = flag.Bool("update-vectors", false, "rewrite testdata/fair/vectors.json from the implementation")

// vectorsFile holds the published test vectors, for this package's tests,
// the page's (scripts/fairpage) and any other implementation's.
const vectorsFile = "../testdata/fair/vectors.json"

// vectorInput is one round of the published vectors.
type vectorInput struct {
	name    string
	seed    []byte
	clients []string
	nonce   uint64
	n       int
}

func vectorInputs() []vectorInput {
	ff := bytes.Repeat([]byte{0xff}, SeedSize)
	hashed := sha256.Sum256([]byte("fairshuffle/deal/v1 test vectors"))
	h := hashed[:]
	return []vectorInput{
		{"the protocol's own vector", seed0(), []string{"alice"}, 0, 52},
		{"several client seeds", seed0(), []string{"alice", "bob", "carol"}, 1, 52},
		{"the same seeds in another order", seed0(), []string{"carol", "bob", "alice"}, 1, 52},
		{"an empty client seed", seed0(), []string{""}, 0, 52},
		{"two empty client seeds", seed0(), []string{"", ""}, 0, 52},
		{"length prefixes: ab, c", seed0(), []string{"ab", "c"}, 0, 52},
		{"length prefixes: a, bc", seed0(), []string{"a", "bc"}, 0, 52},
		{"Unicode, precomposed é (NFC)", seed0(), []string{"caf\u00e9"}, 0, 52},
		{"Unicode, e and a combining acute (NFD): not normalised", seed0(), []string{"cafe\u0301"}, 0, 52},
		{"Unicode beyond the BMP and CJK", seed0(), []string{"🂡 洗牌", "Ωμέγα"}, 7, 52},
		{"a seed with a tab and a line break", seed0(), []string{"line one\tand\nline two"}, 0, 52},
		{"a long client seed (1,000 bytes)", h, []string{strings.Repeat("0123456789", 100)}, 3, 52},
		{"n = 1", seed0(), []string{"alice"}, 0, 1},
		{"n = 2", seed0(), []string{"alice"}, 0, 2},
		{"n = 3", seed0(), []string{"alice"}, 0, 3},
		{"two decks, n = 104", h, []string{"alice", "bob"}, 5, 104},
		{"a six-deck shoe, n = 312", h, []string{"alice", "bob"}, 42, 312},
		{"nonce 2⁵³ + 1, past JavaScript's exact numbers", seed0(), []string{"alice"}, 1<<53 + 1, 52},
		{"the largest nonce, 2⁶⁴ − 1", seed0(), []string{"alice"}, math.MaxUint64, 52},
		{"server seed of ff bytes", ff, []string{"alice"}, 0, 52},
		{"server seed SHA-256(\"fairshuffle/deal/v1 test vectors\")", h, []string{"player-7f3a", "table-12"}, 1000, 52},
	}
}

// refKey is the round's key, computed without the package.
func refKey(seed []byte, clients []string, nonce uint64, n int) []byte {
	m := hmac.New(sha256.New, seed)
	m.Write([]byte("fairshuffle/deal/v1\x00"))
	binary.Write(m, binary.BigEndian, uint32(len(clients)))
	for _, c := range clients {
		binary.Write(m, binary.BigEndian, uint32(len(c)))
		m.Write([]byte(c))
	}
	binary.Write(m, binary.BigEndian, nonce)
	binary.Write(m, binary.BigEndian, uint32(n))
	return m.Sum(nil)
}

// jsonOf is v in JSON without HTML escapes.
func jsonOf(v any) string {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		panic(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// vectorsJSON writes the file of vectors from the implementation.
func vectorsJSON(t *testing.T) []byte {
	var b strings.Builder
	b.WriteString(`{
  "protocol": "fairshuffle/deal/v1",
  "about": "Test vectors of the fairshuffle deal, version 1 (docs/fair-deal.md). Hex is lowercase; nonce and the numbers of below are decimal strings, as they can pass 2^53. key is HMAC-SHA256(server_seed, message); words are the first six 64-bit words (block 0, then block 1); deck is place 0 (the top card) first. below: the number in [0, m) that the words give, each word at or above 2^64 - (2^64 mod m) rejected; words_used counts the words read.",
  "vectors": [
`)
	for i, v := range vectorInputs() {
		deck, err := Deal(v.seed, v.clients, v.nonce, v.n)
		require.NoError(t, err)
		var s stream
		s.init(v.seed, v.clients, v.nonce, v.n)
		words := make([]string, 6)
		for k := range words {
			words[k] = fmt.Sprintf("%016x", s.word())
		}
		fmt.Fprintf(&b, "    {\n      \"name\": %s,\n", jsonOf(v.name))
		fmt.Fprintf(&b, "      \"server_seed\": %q,\n      \"commitment\": %q,\n", hex.EncodeToString(v.seed), Commit(v.seed))
		fmt.Fprintf(&b, "      \"client_seeds\": %s,\n      \"nonce\": \"%d\",\n      \"n\": %d,\n", jsonOf(v.clients), v.nonce, v.n)
		fmt.Fprintf(&b, "      \"key\": %q,\n      \"words\": %s,\n", hex.EncodeToString(refKey(v.seed, v.clients, v.nonce, v.n)), jsonOf(words))
		fmt.Fprintf(&b, "      \"deck\": %s\n    }", jsonOf(deck))
		if i < len(vectorInputs())-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ],\n  \"below\": [\n")
	for i, c := range belowCases {
		words := make([]string, len(c.words))
		for k, w := range c.words {
			words[k] = fmt.Sprintf("%016x", w)
		}
		s := streamOf(c.words...)
		value := s.below(c.m)
		used := len(c.words) - (len(s.buf)-s.used)/8
		fmt.Fprintf(&b, "    {\"m\": \"%d\", \"words\": %s, \"value\": \"%d\", \"words_used\": %d}", c.m, jsonOf(words), value, used)
		if i < len(belowCases)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("  ]\n}\n")
	return []byte(b.String())
}

// vectorFile is the file's form, as another implementation reads it.
type vectorFile struct {
	Protocol string
	Vectors  []struct {
		Name        string
		ServerSeed  string   `json:"server_seed"`
		Commitment  string   `json:"commitment"`
		ClientSeeds []string `json:"client_seeds"`
		Nonce       string   `json:"nonce"`
		N           int      `json:"n"`
		Key         string   `json:"key"`
		Words       []string `json:"words"`
		Deck        []int    `json:"deck"`
	}
	Below []struct {
		M, Value  string
		Words     []string
		WordsUsed int `json:"words_used"`
	}
}

// TestVectors holds the published file to the implementation, and checks
// each vector against the plain reference (refDeal, refKey) and Verify.
func TestVectors(t *testing.T) {
	want := vectorsJSON(t)
	if *updateVectors {
		require.NoError(t, os.WriteFile(vectorsFile, want, 0o644))
	}
	got, err := os.ReadFile(vectorsFile)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got), "%s differs from the implementation: go test ./fair -run TestVectors -update-vectors rewrites it", vectorsFile)

	var f vectorFile
	require.NoError(t, json.Unmarshal(got, &f))
	assert.Equal(t, "fairshuffle/deal/v1", f.Protocol)
	require.Len(t, f.Vectors, len(vectorInputs()))
	for _, v := range f.Vectors {
		seed, err := hex.DecodeString(v.ServerSeed)
		require.NoError(t, err)
		nonce, err := strconv.ParseUint(v.Nonce, 10, 64)
		require.NoError(t, err)
		assert.Equal(t, v.Commitment, Commit(seed), v.Name)
		assert.Equal(t, v.Key, hex.EncodeToString(refKey(seed, v.ClientSeeds, nonce, v.N)), v.Name)
		assert.Equal(t, refDeal(seed, v.ClientSeeds, nonce, v.N), v.Deck, v.Name)
		assert.NoError(t, Verify(v.Commitment, seed, v.ClientSeeds, nonce, v.Deck), v.Name)
	}
	require.Len(t, f.Below, len(belowCases))
	for i, c := range f.Below {
		assert.Equal(t, strconv.FormatUint(belowCases[i].value, 10), c.Value)
		assert.Equal(t, belowCases[i].used, c.WordsUsed)
	}
}
