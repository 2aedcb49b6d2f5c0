package fair

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"flag"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updatePage = flag.Bool("update-page", false, "rewrite the script's hash in verify.html's Content-Security-Policy")

var (
	scriptRE = regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	cspRE    = regexp.MustCompile(`script-src 'sha256-([A-Za-z0-9+/=]+)'`)
)

// The verifier page is self-contained: one inline script, allowed by its
// hash in a Content-Security-Policy that lets the page load and send
// nothing (default-src 'none'), and no address of anything elsewhere.
func TestPageSelfContained(t *testing.T) {
	b, err := os.ReadFile("verify.html")
	require.NoError(t, err)
	page := string(b)
	scripts := scriptRE.FindAllStringSubmatch(page, -1)
	require.Len(t, scripts, 1, "one inline script")
	assert.Equal(t, 1, strings.Count(page, "<script"), "no other script element")
	sum := sha256.Sum256([]byte(scripts[0][1]))
	hash := base64.StdEncoding.EncodeToString(sum[:])
	m := cspRE.FindStringSubmatch(page)
	require.NotNil(t, m, "a script-src hash in the page's Content-Security-Policy")
	if *updatePage && m[1] != hash {
		page = strings.Replace(page, m[1], hash, 1)
		require.NoError(t, os.WriteFile("verify.html", []byte(page), 0o644))
		m[1] = hash
	}
	assert.Equal(t, hash, m[1], "the script changed: go test ./fair -run TestPageSelfContained -update-page rewrites its hash")
	assert.Contains(t, page, `content="default-src 'none';`)
	assert.NotContains(t, page, "://", "no address of anything elsewhere")
	for _, bad := range []string{"innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "fetch(", "XMLHttpRequest", "WebSocket", "localStorage", "sessionStorage", "src="} {
		assert.NotContains(t, page, bad)
	}
}

// chromium is the Chromium binary TestPageChromium runs, found on the PATH.
var chromium string

// findChromium returns the first of chromium and chromium-browser on the
// PATH. It is for SHUFFLE_LONG=1, which must not lose the page's test in
// silence: it fails t if there is none.
func findChromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	t.Fatal("SHUFFLE_LONG=1 runs the verifier page in Chromium, and there is none on the PATH (Debian: apt-get install chromium)")
	return ""
}

// chromiumDOM loads the verifier page with fragment in headless Chromium,
// lets its script fill in the form and check the round, and returns the
// page's DOM.
func chromiumDOM(t *testing.T, fragment string) string {
	t.Helper()
	page, err := filepath.Abs("verify.html")
	require.NoError(t, err)
	u := (&url.URL{Scheme: "file", Path: page}).String() + "#" + fragment
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir="+t.TempDir(), "--virtual-time-budget=10000", "--dump-dom", u)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Run(), "chromium: %s", errb.String())
	return out.String()
}

var (
	verdictRE = regexp.MustCompile(`id="verdict" data-verdict="([a-z]*)"[^>]*>([^<]*)<`)
	numbersRE = regexp.MustCompile(`id="deck-numbers">([^<]*)<`)
)

// pageResult is what the page shows: its verdict, its message and the
// deal's card numbers.
func pageResult(t *testing.T, dom string) (verdict, message, deck string) {
	v := verdictRE.FindStringSubmatch(dom)
	require.NotNil(t, v, "no verdict in the page:\n%s", dom)
	if d := numbersRE.FindStringSubmatch(dom); d != nil {
		deck = d[1]
	}
	return v[1], html.UnescapeString(v[2]), deck
}

// The page in headless Chromium: for every published vector whose client
// seeds a text box can hold (no line break), the page filled in from the
// link's fragment, with the deck shown, says "pass" and shows the deal;
// a tampered deck, another server seed and a malformed seed say "fail",
// "fail" and "error"; a transcript as MarshalJSON writes it, pasted whole,
// says "pass", and with two cards swapped "fail". With SHUFFLE_LONG=1, in
// the chromium on the PATH: about 1.5 s a page, 2 pages at a time.
func TestPageChromium(t *testing.T) {
	long.Skip(t, "the verifier page in headless Chromium (25 s)")
	chromium = findChromium(t)
	b, err := os.ReadFile(vectorsFile)
	require.NoError(t, err)
	var f vectorFile
	require.NoError(t, json.Unmarshal(b, &f))
	fragment := func(commitment, seed string, clients []string, nonce string, n int, deck []int) string {
		q := url.Values{"commitment": {commitment}, "server_seed": {seed}, "client": clients, "nonce": {nonce}, "n": {strconv.Itoa(n)}}
		if deck != nil {
			q.Set("deck", strconvInts(deck))
		}
		return q.Encode()
	}
	t.Run("vectors", func(t *testing.T) {
		for _, v := range f.Vectors {
			if strings.ContainsAny(strings.Join(v.ClientSeeds, ""), "\r\n") {
				continue // a text box drops line breaks; the node test covers this vector
			}
			t.Run(v.Name, func(t *testing.T) {
				t.Parallel()
				verdict, msg, deck := pageResult(t, chromiumDOM(t, fragment(v.Commitment, v.ServerSeed, v.ClientSeeds, v.Nonce, v.N, v.Deck)))
				assert.Equal(t, "pass", verdict, msg)
				assert.Equal(t, strconvInts(v.Deck), deck)
			})
		}
	})
	v := f.Vectors[0]
	swapped := slices.Clone(v.Deck)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	other := strings.Repeat("ab", 32)
	for _, c := range []struct {
		name, fragment, verdict, msg string
	}{
		{"tampered deck", fragment(v.Commitment, v.ServerSeed, v.ClientSeeds, v.Nonce, v.N, swapped), "fail",
			"NOT verified. The deck shown is not the deal: it differs at 2 of its 52 places; first at place 0, where it has 42 (4S) and the deal 33 (8H)."},
		{"another seed", fragment(v.Commitment, other, v.ClientSeeds, v.Nonce, v.N, v.Deck), "fail",
			"NOT verified. The commitment is not the SHA-256 of this server seed"},
		{"malformed seed", fragment(v.Commitment, other[:10], v.ClientSeeds, v.Nonce, v.N, nil), "error",
			"Cannot check: the server seed must be 64 hex digits (it has 10 characters)."},
		{"a transcript", url.Values{"transcript": {transcriptJSON(t, v.ServerSeed, v.Deck)}}.Encode(), "pass",
			"Verified: the commitment is the SHA-256 of the server seed, and the deck shown is the deal."},
		{"a tampered transcript", url.Values{"transcript": {transcriptJSON(t, v.ServerSeed, swapped)}}.Encode(), "fail",
			"NOT verified. The deck shown is not the deal: it differs at 2 of its 52 places"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			verdict, msg, _ := pageResult(t, chromiumDOM(t, c.fragment))
			assert.Equal(t, c.verdict, verdict)
			assert.Contains(t, msg, c.msg)
		})
	}
}

// transcriptJSON is the revealed transcript of the round, with
// deck, as MarshalJSON writes it.
func transcriptJSON(t *testing.T, seedHex string, deck []int) string {
	seed, err := hex.DecodeString(seedHex)
	require.NoError(t, err)
	b, err := (&Transcript{Commitment: Commit(seed), ServerSeed: seed, ClientSeeds: []string{"alice"}, N: 52, Deck: deck}).MarshalJSON()
	require.NoError(t, err)
	return string(b)
}
