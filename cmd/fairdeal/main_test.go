package main

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/fair"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fairdeal runs the command in this process.
func fairdeal(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// issueSecret writes the issue's seed, 00 01 … 1f, as commit writes one.
func issueSecret(t *testing.T) string {
	seed := make([]byte, 32)
	for i := range seed {
		seed[i] = byte(i)
	}
	path := filepath.Join(t.TempDir(), "seed")
	require.NoError(t, os.WriteFile(path, []byte(hex.EncodeToString(seed)+"\n"), 0o600))
	return path
}

const (
	issueCommitment = "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"
	issueSeed       = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	issueDeck       = "[33,42,45,7,51,15,21,0,4,3,6,34,46,29,22,25,5,27,31,37,36,50,48,28,26,10,41,19,30,49,35,38,47,43,24,2,32,16,9,17,14,1,44,11,39,40,13,23,12,20,18,8]"
	issueCards      = `["8H","4S","7S","8C","KS","3D","9D","AC","5C","4C","7C","9H","8S","4H","10D","KD","6C","2H","6H","QH","JH","QS","10S","3H","AH","JC","3S","7D","5H","JS","10H","KH","9S","5S","QD","3C","7H","4D","10C","5D","2D","2C","6S","QC","AS","2S","AD","JD","KC","8D","6D","9C"]`
)

func TestDealIssueVector(t *testing.T) {
	secret := issueSecret(t)
	code, out, errs := fairdeal(t, "", "deal", "-secret", secret, "-client", "alice", "-nonce", "0")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, `{"version":1,"commitment":"`+issueCommitment+`","client_seeds":["alice"],"nonce":"0","n":52,"deck":`+issueDeck+`,"cards":`+issueCards+"}\n", out)
	assert.NotContains(t, out, issueSeed, "no seed without -reveal")

	code, out, _ = fairdeal(t, "", "deal", "-secret", secret, "-client", "alice", "-nonce", "0", "-reveal")
	require.Equal(t, 0, code)
	assert.Contains(t, out, `"server_seed":"`+issueSeed+`"`)

	code, out, errs = fairdeal(t, out, "verify")
	assert.Equal(t, 0, code, errs)
	assert.Equal(t, "ok: the commitment is the SHA-256 of the server seed\n"+
		"ok: the deck is the deal of 1 client seed, nonce 0, 52 cards\n"+
		"8H 4S 7S 8C KS 3D 9D AC 5C 4C 7C 9H 8S 4H 10D KD 6C 2H 6H QH JH QS 10S 3H AH JC 3S 7D 5H JS 10H KH 9S 5S QD 3C 7H 4D 10C 5D 2D 2C 6S QC AS 2S AD JD KC 8D 6D 9C\n"+
		"note: compare the commitment with the one you recorded before sending your seed (-commitment checks it)\n", out)
}

// commit, then deal a shoe and a small round with -reveal, then verify
// each from a file: the whole path a house and a player take.
func TestCommitDealVerify(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "seed")
	code, out, errs := fairdeal(t, "", "commit", "-secret", secret)
	require.Equal(t, 0, code, errs)
	info, err := os.Stat(secret)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	b, _ := os.ReadFile(secret)
	seed, err := hex.DecodeString(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	assert.Equal(t, `{"version":1,"commitment":"`+fair.Commit(seed)+`"}`+"\n", out)
	assert.NotContains(t, out, hex.EncodeToString(seed))

	code, _, errs = fairdeal(t, "", "commit", "-secret", secret)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "file exists", "an existing seed is never overwritten")
	b2, _ := os.ReadFile(secret)
	assert.Equal(t, b, b2)

	for _, args := range [][]string{
		{"-client", "alice", "-client", "bob", "-nonce", "18446744073709551615", "-decks", "6"},
		{"-client", "", "-client", "洗牌 🂡", "-nonce", "3", "-n", "5"},
	} {
		code, out, errs = fairdeal(t, "", append([]string{"deal", "-secret", secret, "-reveal"}, args...)...)
		require.Equal(t, 0, code, errs)
		path := filepath.Join(dir, "round.json")
		require.NoError(t, os.WriteFile(path, []byte(out), 0o644))
		code, out, errs = fairdeal(t, "", "verify", path)
		assert.Equal(t, 0, code, errs)
		assert.Contains(t, out, "ok: the deck is the deal of 2 client seeds")
	}
}

func TestVerifyFails(t *testing.T) {
	revealed := `{"version":1,"commitment":"` + issueCommitment + `","server_seed":"` + issueSeed +
		`","client_seeds":["alice"],"nonce":"0","n":52,"deck":` + issueDeck + `}`

	// Two cards swapped: exit 1, what differs, and the true deal.
	swapped := strings.Replace(revealed, "[33,42,", "[42,33,", 1)
	code, out, _ := fairdeal(t, swapped, "verify")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "ok: the commitment is the SHA-256 of the server seed\n")
	assert.Contains(t, out, "NOT VERIFIED: the deck is not the deal of 1 client seed, nonce 0, 52 cards: deck differs from the deal at 2 of its 52 places; first at place 0: the deck has 42 (4S), the deal 33 (8H)\nthe deal is:\n8H 4S 7S")

	// Another nonce: the deck is not that round's.
	code, out, _ = fairdeal(t, strings.Replace(revealed, `"nonce":"0"`, `"nonce":"1"`, 1), "verify")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "NOT VERIFIED: the deck is not the deal of 1 client seed, nonce 1, 52 cards")

	// A seed that is not the committed one.
	other := strings.Replace(revealed, issueSeed, strings.Repeat("ab", 32), 1)
	code, out, _ = fairdeal(t, other, "verify")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "NOT VERIFIED: the commitment is "+issueCommitment+", the SHA-256 of the server seed is ")

	// No deck: the commitment is checked and the deal printed.
	code, out, _ = fairdeal(t, strings.Replace(revealed, `,"deck":`+issueDeck, "", 1), "verify")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "the transcript holds no deck; the deal of 1 client seed, nonce 0, 52 cards is:\n8H 4S")
}

func TestBadInput(t *testing.T) {
	secret := issueSecret(t)
	c := `"commitment":"` + issueCommitment + `"`
	for _, tc := range []struct {
		stdin string
		args  []string
		msg   string
	}{
		{"", nil, "usage:"},
		{"", []string{"shuffle"}, `fairdeal: unknown command "shuffle"`},
		{"", []string{"commit"}, "fairdeal: commit: -secret FILE is required"},
		{"", []string{"commit", "-secret", filepath.Join(t.TempDir(), "no", "such", "dir")}, "fairdeal: commit: open"},
		{"", []string{"deal", "-secret", secret, "-nonce", "0"}, "fairdeal: deal: at least one -client SEED is required"},
		{"", []string{"deal", "-secret", secret, "-client", "a"}, "fairdeal: deal: -nonce N is required"},
		{"", []string{"deal", "-secret", secret, "-client", "a", "-nonce", "-1"}, `fairdeal: deal: -nonce "-1": want an integer`},
		{"", []string{"deal", "-secret", secret, "-client", "a", "-nonce", "0", "-n", "0"}, "fairdeal: deal: -n 0: want 1 to 65536"},
		{"", []string{"deal", "-secret", secret, "-client", "a", "-nonce", "0", "-n", "52", "-decks", "2"}, "fairdeal: deal: -n and -decks: give one"},
		{"", []string{"deal", "-secret", secret, "-client", "\xff", "-nonce", "0"}, "fairdeal: deal: fair: client seed 0 (from 0) is not valid UTF-8"},
		{"", []string{"deal", "-secret", secret + "x", "-client", "a", "-nonce", "0"}, "no such file"},
		{"", []string{"deal", "-secret", secret, "-client", "a", "-nonce", "0", "extra"}, `unexpected argument "extra"`},
		{"", []string{"deal", "-bogus"}, "flag provided but not defined: -bogus"},
		{"", []string{"verify", "a", "b"}, "one transcript at a time"},
		{"", []string{"verify", "/no/such/file"}, "fairdeal: verify: open /no/such/file"},
		{"{\n  \"version\": 1,\n  " + c + ",\n}", []string{"verify"}, "fairdeal: verify: standard input:4:1: invalid character '}' looking for beginning of object key string"},
		{`{"version":1,` + c + `,"n":"52"}`, []string{"verify"}, `fairdeal: verify: standard input: transcript: "n": want an integer from 1 to`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"0","n":3,"deck":[0,1,7]}`, []string{"verify"}, `transcript: "deck"[2]: 7 is not a card number in 0..2`},
		{`{"version":1,` + c + `,"client_seeds":["a"],"nonce":"0","n":3}`, []string{"verify"}, "no server_seed: the house has not revealed it"},
		{`{"version":1,` + c + `,"server_seed":"` + issueSeed + `","client_seeds":["a"],"nonce":"0","n":65537}`, []string{"verify"}, `transcript: "n": want an integer from 1 to 65536`},
		{"", []string{"verify"}, "fairdeal: verify: standard input:1:1: unexpected end of JSON input"},
	} {
		code, out, errs := fairdeal(t, tc.stdin, tc.args...)
		assert.Equal(t, 2, code, "%q", tc.args)
		assert.Empty(t, out, "%q", tc.args)
		assert.Contains(t, errs, tc.msg, "%q", tc.args)
		assert.NotContains(t, errs, issueSeed, "no error quotes the seed")
	}
	bad := filepath.Join(t.TempDir(), "seed")
	require.NoError(t, os.WriteFile(bad, []byte(issueSeed[:62]), 0o600))
	code, _, errs := fairdeal(t, "", "deal", "-secret", bad, "-client", "a", "-nonce", "0")
	assert.Equal(t, 2, code)
	assert.Equal(t, "fairdeal: deal: "+bad+": want a server seed of 64 hex digits\n", errs)
	assert.NotContains(t, errs, issueSeed[:62])

	code, out, _ := fairdeal(t, "", "help")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "fairdeal verify [-commitment HEX] [TRANSCRIPT]")
}

// One verifier, three front ends: every transcript of
// fair/testdata/verdicts.json gets from the command the verdict that
// fair.VerifyJSON and the page give it, as its exit status (0 pass, 1
// fail, 2 error).
func TestVerdicts(t *testing.T) {
	b, err := os.ReadFile("../../fair/testdata/verdicts.json")
	require.NoError(t, err)
	var cases []struct {
		Name     string `json:"name"`
		Input    string `json:"input"`
		Base64   string `json:"input_base64"`
		Recorded string `json:"commitment"`
		Verdict  string `json:"verdict"`
	}
	require.NoError(t, json.Unmarshal(b, &cases))
	require.Greater(t, len(cases), 100)
	status := map[string]int{"pass": 0, "fail": 1, "error": 2}
	for _, c := range cases {
		in := c.Input
		if c.Base64 != "" {
			raw, err := base64.StdEncoding.DecodeString(c.Base64)
			require.NoError(t, err)
			in = string(raw)
		}
		args := []string{"verify"}
		if c.Recorded != "" {
			args = append(args, "-commitment", c.Recorded)
		}
		code, out, errs := fairdeal(t, in, args...)
		assert.Equal(t, status[c.Verdict], code, "%s:\n%s%s", c.Name, out, errs)
	}
}

// A history and a recorded commitment: what verify prints.
func TestVerifyHistory(t *testing.T) {
	secret := issueSecret(t)
	var rounds []string
	for _, nonce := range []string{"0", "1", "2"} {
		code, out, errs := fairdeal(t, "", "deal", "-secret", secret, "-client", "alice", "-nonce", nonce, "-n", "5", "-reveal")
		require.Equal(t, 0, code, errs)
		rounds = append(rounds, strings.TrimSpace(out))
	}
	code, out, _ := fairdeal(t, "["+strings.Join(rounds, ",")+"]", "verify", "-commitment", issueCommitment)
	assert.Equal(t, 0, code)
	assert.Equal(t, "ok: 3 rounds under commitment "+issueCommitment+": each deck is the deal, and the nonces of each set of client seeds run 0, 1, 2, … with no gap\n", out)

	code, out, _ = fairdeal(t, "["+rounds[0]+","+rounds[2]+"]", "verify")
	assert.Equal(t, 1, code)
	assert.Equal(t, "NOT VERIFIED: history[1]: nonce 2, want 1: the rounds of the client seeds [\"alice\"] must run 0, 1, 2, … with no gap\n"+
		"note: compare the commitment with the one you recorded before sending your seed (-commitment checks it)\n", out)

	other := fair.Commit(make([]byte, 32))
	code, out, _ = fairdeal(t, rounds[0], "verify", "-commitment", other)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "NOT VERIFIED: the SHA-256 of the server seed is "+issueCommitment+", not "+other+", the commitment you recorded\n")

	code, out, errs := fairdeal(t, rounds[0], "verify", "-commitment", strings.ToUpper(issueCommitment))
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Equal(t, "fairdeal: verify: standard input: the recorded commitment: want 64 lowercase hex digits\n", errs)
}
