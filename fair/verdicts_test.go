package fair

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updateVerdicts = flag.Bool("update-verdicts", false, "rewrite testdata/verdicts.json from verdictCases")

// verdictsFile holds the transcripts that every front end must judge alike:
// fair.VerifyJSON (TestVerdicts), fairdeal verify (cmd/fairdeal's
// TestVerdicts), the page's script under node (scripts/fairpage) and in
// Chromium (TestPageChromium).
const verdictsFile = "testdata/verdicts.json"

// A verdictCase is a transcript or a history, a commitment the player
// recorded ("" for none), and the verdict: pass, fail (well-formed, does not
// verify) or error (breaks a rule of the JSON form, or holds no revealed
// seed).
type verdictCase struct {
	Name     string `json:"name"`
	Input    string `json:"input,omitempty"`
	Base64   string `json:"input_base64,omitempty"` // for input that is not UTF-8
	Recorded string `json:"commitment,omitempty"`
	Verdict  string `json:"verdict"`
}

// bytes returns the case's input.
func (c verdictCase) bytes() []byte {
	if c.Base64 != "" {
		b, _ := base64.StdEncoding.DecodeString(c.Base64)
		return b
	}
	return []byte(c.Input)
}

// round returns the revealed transcript of a round of seed0, as MarshalJSON
// writes it.
func round(t testing.TB, clients []string, nonce uint64, n int) string {
	deck, err := Deal(seed0(), clients, nonce, n)
	require.NoError(t, err)
	b, err := (&Transcript{Commitment: Commit(seed0()), ServerSeed: seed0(), ClientSeeds: clients, Nonce: nonce, N: n, Deck: deck}).MarshalJSON()
	require.NoError(t, err)
	return string(b)
}

// replace replaces the one occurrence of old in s, and fails if there is
// not exactly one: a case must be what its name says.
func replace(t testing.TB, s, old, new string) string {
	require.Equal(t, 1, strings.Count(s, old), "%q in %s", old, s)
	return strings.Replace(s, old, new, 1)
}

// setDeck replaces the deck of transcript s, which has no labels.
func setDeck(t testing.TB, s, deck string) string {
	i := strings.Index(s, `"deck":[`)
	require.True(t, i >= 0 && strings.HasSuffix(s, "]}"), s)
	return s[:i] + `"deck":` + deck + "}"
}

func history(rounds ...string) string { return "[" + strings.Join(rounds, ",") + "]" }

func verdictCases(t testing.TB) []verdictCase {
	c := Commit(seed0())
	seedHex := "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	alice := []string{"alice"}
	g := round(t, alice, 0, 52) // the round
	head := `{"version":1,"commitment":"` + c + `","server_seed":"` + seedHex + `"`
	small := round(t, alice, 0, 3) // n = 3: no labels
	small1 := round(t, alice, 1, 3)
	d1, _ := Deal(seed0(), alice, 1, 3)
	swapped1 := "[" + strconvInts([]int{d1[1], d1[0], d1[2]}) + "]"
	swapped1 = strings.ReplaceAll(swapped1, " ", ",")
	noDeck := head + `,"client_seeds":["alice"],"nonce":"0","n":52}`
	deck := g[strings.Index(g, `"deck":`):strings.Index(g, `,"cards"`)]
	cards := g[strings.Index(g, `"cards":`) : len(g)-1]
	r := func(name, in, verdict string) verdictCase {
		return verdictCase{Name: name, Input: in, Verdict: verdict}
	}
	other := strings.Repeat("ab", 32)
	cases := []verdictCase{
		// What verifies.
		r("the issue's round", g, "pass"),
		{Name: "the issue's round, with the commitment recorded", Input: g, Recorded: c, Verdict: "pass"},
		r("a round without a deck", noDeck, "pass"),
		r("a round with its deck and without labels", replace(t, g, ","+cards, ""), "pass"),
		r("a commitment and its seed, no round", head+"}", "pass"),
		r("n = 3, no labels", small, "pass"),
		r("the nonce as a number", replace(t, g, `"nonce":"0"`, `"nonce":0`), "pass"),
		r("the nonce as a string of escapes", replace(t, g, `"nonce":"0"`, `"nonce":"\u0030"`), "pass"),
		r("a key written with an escape", replace(t, g, `"version"`, `"\u0076ersion"`), "pass"),
		r("white space between the tokens", " \n\t{\r\n"+strings.ReplaceAll(g[1:], `,"`, " ,\n  \"")+" \n", "pass"),
		r("the keys in another order", `{"n":52,"nonce":"0",`+g[1:strings.Index(g, `,"client_seeds"`)]+`,"client_seeds":["alice"],`+deck+"}", "pass"),
		r("a seed with a tab and a line break", round(t, []string{"line one\tand\nline two"}, 0, 52), "pass"),
		r("a seed with a carriage return and a line break", round(t, []string{"a\r\nb"}, 0, 52), "pass"),
		r("a seed a+b", round(t, []string{"a+b"}, 0, 52), "pass"),
		r("a seed with a space and %20", round(t, []string{"a b%20c"}, 0, 52), "pass"),
		r("a seed beyond the BMP, as a surrogate pair escaped", replace(t, round(t, []string{"🂡"}, 0, 52), `"🂡"`, `"\ud83c\udca1"`), "pass"),
		r("a seed with an escaped NUL", round(t, []string{"a\x00b"}, 0, 52), "pass"),
		r("an empty seed", round(t, []string{""}, 0, 52), "pass"),
		r("the largest nonce, as a string", round(t, alice, math.MaxUint64, 52), "pass"),
		r("the largest nonce, as a number", replace(t, round(t, alice, math.MaxUint64, 52), `"18446744073709551615"`, `18446744073709551615`), "pass"),
		r("a history: nonces 0, 1, 2", history(g, round(t, alice, 1, 52), round(t, alice, 2, 52)), "pass"),
		r("a history of one round", history(g), "pass"),
		{Name: "a history, with the commitment recorded", Input: history(g, round(t, alice, 1, 3)), Recorded: c, Verdict: "pass"},
		r("a history of three sets of seeds, each from 0", history(g, round(t, []string{"bob"}, 0, 52), round(t, alice, 1, 52),
			round(t, []string{"alice", "bob"}, 0, 104), round(t, []string{"bob", "alice"}, 0, 52), round(t, []string{"bob"}, 1, 2)), "pass"),

		// What does not verify.
		r("two cards swapped, labels and all", strings.NewReplacer("[33,42,", "[42,33,", `["8H","4S",`, `["4S","8H",`).Replace(g), "fail"),
		r("another server seed", replace(t, g, seedHex, other), "fail"),
		r("a commitment that is not the seed's", replace(t, g, c, Commit([]byte(other[:32]))), "fail"),
		r("another nonce", replace(t, g, `"nonce":"0"`, `"nonce":"1"`), "fail"),
		r("the seeds in another order", replace(t, round(t, []string{"alice", "bob"}, 0, 52), `["alice","bob"]`, `["bob","alice"]`), "fail"),
		{Name: "a commitment other than the one recorded", Input: g, Recorded: Commit([]byte(other[:32])), Verdict: "fail"},
		r("a history with a gap: nonces 0, 2", history(g, round(t, alice, 2, 52)), "fail"),
		r("a history with a repeat: nonces 0, 0", history(g, g), "fail"),
		r("a history from nonce 1", history(round(t, alice, 1, 52)), "fail"),
		r("a history out of order: nonces 1, 0", history(round(t, alice, 1, 52), g), "fail"),
		r("a history whose second set has a gap", history(g, round(t, []string{"bob"}, 1, 52)), "fail"),
		r("a history with a tampered deck", history(g, setDeck(t, small1, swapped1)), "fail"),
		r("a history whose second round is dealt at another nonce", history(g, replace(t, round(t, alice, 2, 52), `"nonce":"2"`, `"nonce":"1"`)), "fail"),

		// What breaks a rule.
		r("labels that contradict the deck numbers", replace(t, g, `"cards":["8H","4S",`, `"cards":["4S","8H",`), "error"),
		r("a label in lowercase", replace(t, g, `"4S"`, `"4s"`), "error"),
		r("a label missing", replace(t, g, `"4S",`, ``), "error"),
		r("labels on 3 cards", replace(t, small, `]}`, `],"cards":["AC","2C","3C"]}`), "error"),
		r("labels without a deck", replace(t, g, deck+",", ""), "error"),
		r("no client_seeds", replace(t, g, `"client_seeds":["alice"],`, ``), "error"),
		r("client_seeds empty", replace(t, g, `["alice"]`, `[]`), "error"),
		r("client_seeds [null]", replace(t, g, `["alice"]`, `[null]`), "error"),
		r("client_seeds null", replace(t, g, `["alice"]`, `null`), "error"),
		r("client_seeds a string", replace(t, g, `["alice"]`, `"alice"`), "error"),
		r("a client seed that is a number", replace(t, g, `["alice"]`, `[1]`), "error"),
		r("a client seed that is an object", replace(t, g, `["alice"]`, `[{"seed":"alice"}]`), "error"),
		r("no nonce", replace(t, g, `"nonce":"0",`, ``), "error"),
		r("no n", replace(t, g, `"n":52,`, ``), "error"),
		r("version 2", replace(t, g, `"version":1`, `"version":2`), "error"),
		r("version 1.0", replace(t, g, `"version":1`, `"version":1.0`), "error"),
		r("version as a string", replace(t, g, `"version":1`, `"version":"1"`), "error"),
		r("no version", replace(t, g, `"version":1,`, ``), "error"),
		r("no commitment", replace(t, g, `"commitment":"`+c+`",`, ``), "error"),
		r("an unknown field", replace(t, g, `"version":1,`, `"version":1,"note":"hi",`), "error"),
		r("a field in another case", replace(t, g, `"deck"`, `"Deck"`), "error"),
		r("a null", replace(t, g, `"version":1,`, `"version":1,"note":null,`), "error"),
		r("a duplicate key with the same value", replace(t, g, `"n":52,`, `"n":52,"n":52,`), "error"),
		r("a duplicate nonce", replace(t, g, `"nonce":"0",`, `"nonce":"0","nonce":"1",`), "error"),
		r("a duplicate key, the second escaped", replace(t, g, `"n":52,`, `"n":52,"\u006e":52,`), "error"),
		r("a raw line break in a seed", replace(t, round(t, []string{"a\nb"}, 0, 52), `"a\nb"`, "\"a\nb\""), "error"),
		r("a raw tab in a seed", replace(t, round(t, []string{"a\tb"}, 0, 52), `"a\tb"`, "\"a\tb\""), "error"),
		r("a lone \\ud800", replace(t, g, `"alice"`, `"al\ud800ice"`), "error"),
		r("a lone \\udc00", replace(t, g, `"alice"`, `"al\udc00ice"`), "error"),
		r("\\ud800 at the end of a seed", replace(t, g, `"alice"`, `"alice\ud800"`), "error"),
		r("\\ud800 then \\u0041", replace(t, g, `"alice"`, `"\ud800\u0041"`), "error"),
		r("the pair reversed: \\udca1\\ud83c", replace(t, g, `"alice"`, `"\udca1\ud83c"`), "error"),
		r("a lone surrogate in an unknown key's name", replace(t, g, `"version":1,`, `"version":1,"\ud800":1,`), "error"),
		r("a bad escape", replace(t, g, `"alice"`, `"al\ice"`), "error"),
		r("a short \\u escape", replace(t, g, `"alice"`, `"\u41"`), "error"),
		r("the commitment in uppercase", replace(t, g, c, strings.ToUpper(c)), "error"),
		r("the server seed in uppercase", replace(t, g, seedHex, strings.ToUpper(seedHex)), "error"),
		{Name: "the recorded commitment in uppercase", Input: g, Recorded: strings.ToUpper(c), Verdict: "error"},
		{Name: "the recorded commitment too short", Input: g, Recorded: c[:63], Verdict: "error"},
		r("a short server seed", replace(t, g, seedHex, seedHex[:62]), "error"),
		r("no server seed: not revealed", replace(t, g, `"server_seed":"`+seedHex+`",`, ``), "error"),
		r("n = 0", replace(t, small, `"n":3`, `"n":0`), "error"),
		r("n = 52.0", replace(t, g, `"n":52`, `"n":52.0`), "error"),
		r("n = 5.2e1", replace(t, g, `"n":52`, `"n":5.2e1`), "error"),
		r("n as a string", replace(t, g, `"n":52`, `"n":"52"`), "error"),
		r("n = 65537, past MaxCards", replace(t, noDeck, `"n":52`, `"n":65537`), "error"),
		r("n = 2³²", replace(t, noDeck, `"n":52`, `"n":4294967296`), "error"),
		r("n = 1e400", replace(t, noDeck, `"n":52`, `"n":1e400`), "error"),
		r("n with 400 digits", replace(t, noDeck, `"n":52`, `"n":`+strings.Repeat("9", 400)), "error"),
		r("nonce 2⁶⁴", replace(t, g, `"nonce":"0"`, `"nonce":"18446744073709551616"`), "error"),
		r("nonce 2⁶⁴ as a number", replace(t, g, `"nonce":"0"`, `"nonce":18446744073709551616`), "error"),
		r("nonce 1e3", replace(t, g, `"nonce":"0"`, `"nonce":1e3`), "error"),
		r("nonce 0.0", replace(t, g, `"nonce":"0"`, `"nonce":0.0`), "error"),
		r("nonce -1", replace(t, g, `"nonce":"0"`, `"nonce":"-1"`), "error"),
		r("nonce -0", replace(t, g, `"nonce":"0"`, `"nonce":-0`), "error"),
		r("nonce 00", replace(t, g, `"nonce":"0"`, `"nonce":"00"`), "error"),
		r("nonce 01, a string", replace(t, round(t, alice, 1, 52), `"nonce":"1"`, `"nonce":"01"`), "error"),
		r("nonce 01, a number", replace(t, round(t, alice, 1, 52), `"nonce":"1"`, `"nonce":01`), "error"),
		r("nonce with a space", replace(t, g, `"nonce":"0"`, `"nonce":" 0"`), "error"),
		r("nonce +1", replace(t, round(t, alice, 1, 52), `"nonce":"1"`, `"nonce":"+1"`), "error"),
		r("nonce null", replace(t, g, `"nonce":"0"`, `"nonce":null`), "error"),
		r("a nonce in a history with a leading zero", history(g, replace(t, round(t, alice, 1, 52), `"nonce":"1"`, `"nonce":"01"`)), "error"),
		r("a card out of range", setDeck(t, small, "[0,1,3]"), "error"),
		r("a card twice", setDeck(t, small, "[0,1,1]"), "error"),
		r("a card -0", setDeck(t, small, "[-0,1,2]"), "error"),
		r("a card as a string", setDeck(t, small, `["0",1,2]`), "error"),
		r("a card 1.0", setDeck(t, small, "[0,1.0,2]"), "error"),
		r("a card with 30 digits", setDeck(t, small, "[0,1,"+strings.Repeat("1", 30)+"]"), "error"),
		r("a deck too short", setDeck(t, small, "[0,1]"), "error"),
		r("a deck empty", setDeck(t, small, "[]"), "error"),
		r("a deck null", setDeck(t, small, "null"), "error"),
		r("a deck without a round", head+`,`+deck+`}`, "error"),
		r("data after the object", g+" {}", "error"),
		r("a trailing comma", g[:len(g)-1]+",}", "error"),
		r("a byte-order mark", "\ufeff"+g, "error"),
		r("single quotes", strings.ReplaceAll(head, `"`, `'`)+"}", "error"),
		r("empty input", "", "error"),
		r("white space only", " \n", "error"),
		r("null", "null", "error"),
		r("a string", `"`+c+`"`, "error"),
		r("an empty history", "[]", "error"),
		r("a history [null]", "[null]", "error"),
		r("a history holding a commitment alone", history(g, head+"}"), "error"),
		r("a history with an unrevealed round", history(g, replace(t, round(t, alice, 1, 52), `"server_seed":"`+seedHex+`",`, ``)), "error"),
		r("a history of two commitments", history(g, strings.NewReplacer(seedHex, other, c, Commit([]byte(other[:32]))).Replace(round(t, alice, 1, 52))), "error"),
		r("a history nested", "["+history(g)+"]", "error"),
		r("deep nesting in an unknown field", replace(t, g, `"version":1,`, `"version":1,"x":`+strings.Repeat("[", 5000)+strings.Repeat("]", 5000)+`,`), "error"),
		{Name: "invalid UTF-8 in a seed", Base64: base64.StdEncoding.EncodeToString([]byte(replace(t, g, `"alice"`, "\"al\xffice\""))), Verdict: "error"},
		{Name: "an encoded surrogate (CESU-8) in a seed", Base64: base64.StdEncoding.EncodeToString([]byte(replace(t, g, `"alice"`, "\"al\xed\xa0\x80ice\""))), Verdict: "error"},
	}
	return cases
}

// Every case of testdata/verdicts.json gets its verdict from VerifyJSON,
// and the file is what verdictCases writes (-update-verdicts rewrites it).
func TestVerdicts(t *testing.T) {
	cases := verdictCases(t)
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	e.SetIndent("", "\t")
	require.NoError(t, e.Encode(cases))
	if *updateVerdicts {
		require.NoError(t, os.WriteFile(verdictsFile, b.Bytes(), 0o644))
	}
	file, err := os.ReadFile(verdictsFile)
	require.NoError(t, err)
	assert.Equal(t, b.String(), string(file), "go test ./fair -run TestVerdicts -update-verdicts rewrites it")
	names := map[string]bool{}
	count := map[string]int{}
	for _, c := range cases {
		assert.False(t, names[c.Name], "two cases named %q", c.Name)
		names[c.Name] = true
		count[c.Verdict]++
		err := VerifyJSON(c.bytes(), c.Recorded)
		assert.Equal(t, c.Verdict, verdictOf(err), "%s: %v", c.Name, err)
	}
	t.Logf("%d cases: %v", len(cases), count)
}

// verdictOf is VerifyJSON's error as a verdict.
func verdictOf(err error) string {
	switch {
	case err == nil:
		return "pass"
	case Failed(err):
		return "fail"
	}
	return "error"
}

// The errors of VerifyJSON say what and where.
func TestVerifyJSONErrors(t *testing.T) {
	g := round(t, []string{"alice"}, 0, 52)
	for _, c := range []struct{ in, recorded, msg string }{
		{replace(t, g, `"alice"`, `"al\ud800ice"`), "", `fair: transcript: byte 193: \ud800: a lone surrogate, not a Unicode character`},
		{history(g, round(t, []string{"alice"}, 2, 52)), "", `fair: history[1]: nonce 2, want 1: the rounds of the client seeds ["alice"] must run 0, 1, 2, … with no gap`},
		{history(g, g), "", `fair: history[1]: nonce 0, want 1`},
		{history(g, replace(t, round(t, []string{"alice"}, 2, 52), `"nonce":"2"`, `"nonce":"1"`)), "", `fair: history[1]: deck differs from the deal at`},
		{"[]", "", "fair: history: no round"},
		{"[null]", "", "fair: history[0]: transcript: want a JSON object"},
		{g, "ABC", "fair: the recorded commitment: want 64 lowercase hex digits"},
	} {
		assert.ErrorContains(t, VerifyJSON([]byte(c.in), c.recorded), c.msg)
	}
	var ne *NonceError
	require.True(t, errors.As(VerifyJSON([]byte(history(g, g)), ""), &ne))
	assert.Equal(t, NonceError{Round: 1, ClientSeeds: []string{"alice"}, Nonce: 0, Want: 1}, *ne)
	var re *RoundError
	var me *MismatchError
	err := VerifyJSON([]byte(history(g, replace(t, round(t, []string{"alice"}, 2, 52), `"nonce":"2"`, `"nonce":"1"`))), "")
	require.True(t, errors.As(err, &re) && errors.As(err, &me))
	assert.Equal(t, 1, re.Round)
}

// The page's script and VerifyJSON agree beyond the table too: on mutants of
// its inputs (a byte replaced by one that matters to JSON, deleted, or a
// piece repeated), 2,000 from a fixed seed, 20,000 with SHUFFLE_LONG=1, run
// through node (on the PATH, as in CI).
func TestVerdictsMutated(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("no node on the PATH: the page's script cannot run")
	}
	count := 2000
	if long.Enabled() {
		count = 20000
	}
	rng := rand.New(rand.NewPCG(31, 1))
	base := verdictCases(t)
	const alphabet = "{}[],:\"\\0123456789-+.eEunlfatrs ud8Dc\n\t\r\x00\xff\u00e9"
	var cases []verdictCase
	verdicts := map[string]int{}
	for range count {
		c := base[rng.IntN(len(base))]
		b := []byte(string(c.bytes()))
		for range 1 + rng.IntN(3) {
			if len(b) == 0 {
				break
			}
			i := rng.IntN(len(b))
			switch rng.IntN(4) {
			case 0, 1:
				b[i] = alphabet[rng.IntN(len(alphabet))]
			case 2:
				b = append(b[:i], b[i+1:]...)
			case 3:
				j := min(len(b), i+1+rng.IntN(12))
				b = slices.Insert(b, i, b[i:j]...)
			}
		}
		m := verdictCase{Base64: base64.StdEncoding.EncodeToString(b), Recorded: c.Recorded}
		m.Verdict = verdictOf(VerifyJSON(b, m.Recorded))
		cases = append(cases, m)
		verdicts[m.Verdict]++
	}
	data, err := json.Marshal(cases)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "mutants.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	out, err := exec.Command(node, "../scripts/fairpage/node-test.mjs", path).CombinedOutput()
	assert.NoError(t, err, "%s", out)
	t.Logf("%s; Go's verdicts: %v", bytes.TrimSpace(out), verdicts)
}
