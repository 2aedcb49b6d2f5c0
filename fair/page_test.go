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
	"image"
	"image/color"
	"image/png"
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

// chromiumRun runs headless Chromium on the page at path with fragment and
// extra flags, and returns what it writes on standard output.
func chromiumRun(t *testing.T, path, fragment string, flags ...string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	require.NoError(t, err)
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	if fragment != "" {
		u += "#" + fragment
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=20000"}, flags...)
	cmd := exec.CommandContext(ctx, chromium, append(args, u)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	require.NoError(t, cmd.Run(), "chromium: %s", errb.String())
	return out.String()
}

// chromiumDOM loads the verifier page with fragment in headless Chromium,
// lets its script fill in the form and check the round, and returns the
// page's DOM.
func chromiumDOM(t *testing.T, fragment string) string {
	t.Helper()
	return chromiumRun(t, "verify.html", fragment, "--dump-dom")
}

// linkEncode writes a link's fragment as the page reads it: key=value
// pairs joined by &, each percent-encoded, a space as %20 (a + is a plus).
func linkEncode(pairs ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(strings.ReplaceAll(url.QueryEscape(pairs[i]), "+", "%20") + "=" + strings.ReplaceAll(url.QueryEscape(pairs[i+1]), "+", "%20"))
	}
	return b.String()
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

// The page in headless Chromium: for every published vector (line breaks
// included), the page filled in from the link's fragment, with the deck
// shown, says "pass" and shows the deal; tampered, malformed and
// nonce-gapped links say "fail" or "error"; the page's script gives every
// transcript of testdata/verdicts.json the verdict Go gives it; and at
// 400×800 the verdict is on the screen. With SHUFFLE_LONG=1, in the
// chromium on the PATH: about 1.5 s a page, 2 pages at a time.
func TestPageChromium(t *testing.T) {
	long.Skip(t, "the verifier page in headless Chromium (36 pages, two at a time)")
	chromium = findChromium(t)
	b, err := os.ReadFile(vectorsFile)
	require.NoError(t, err)
	var f vectorFile
	require.NoError(t, json.Unmarshal(b, &f))
	fragment := func(commitment, seed string, clients []string, nonce string, n int, deck []int) string {
		p := []string{"commitment", commitment, "server_seed", seed}
		for _, c := range clients {
			p = append(p, "client", c)
		}
		p = append(p, "nonce", nonce, "n", strconv.Itoa(n))
		if deck != nil {
			p = append(p, "deck", strconvInts(deck))
		}
		return linkEncode(p...)
	}
	t.Run("vectors", func(t *testing.T) {
		for _, v := range f.Vectors {
			t.Run(v.Name, func(t *testing.T) {
				t.Parallel()
				verdict, msg, deck := pageResult(t, chromiumDOM(t, fragment(v.Commitment, v.ServerSeed, v.ClientSeeds, v.Nonce, v.N, v.Deck)))
				assert.Equal(t, "pass", verdict, msg)
				assert.Equal(t, strconvInts(v.Deck), deck)
			})
		}
	})
	t.Run("verdicts.json", func(t *testing.T) {
		t.Parallel()
		pageVerdicts(t)
	})
	t.Run("400x800", func(t *testing.T) {
		t.Parallel()
		verdictOnScreen(t, linkEncode("transcript", history(round(t, []string{"alice"}, 0, 312), round(t, []string{"alice"}, 1, 312))), "pass")
	})
	v := f.Vectors[0]
	swapped := slices.Clone(v.Deck)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	other := strings.Repeat("ab", 32)
	c := Commit(seed0())
	g := round(t, []string{"alice"}, 0, 52)
	for _, c := range []struct {
		name, fragment, verdict, msg string
	}{
		{"tampered deck", fragment(v.Commitment, v.ServerSeed, v.ClientSeeds, v.Nonce, v.N, swapped), "fail",
			"NOT verified. The deck shown is not the deal: it differs at 2 of its 52 places; first at place 0, where it has 42 (4S) and the deal 33 (8H)."},
		{"another seed", fragment(v.Commitment, other, v.ClientSeeds, v.Nonce, v.N, v.Deck), "fail",
			"NOT verified. The commitment is not the SHA-256 of this server seed"},
		{"malformed seed", fragment(v.Commitment, other[:10], v.ClientSeeds, v.Nonce, v.N, nil), "error",
			"Cannot check: the server seed must be 64 lowercase hex digits (it has 10 characters)."},
		{"a+b written raw in a link", strings.Replace(fragment(c, v.ServerSeed, []string{"a+b"}, "0", 52, mustDeal(t, "a+b")), "a%2Bb", "a+b", 1), "pass", "Verified"},
		{"a seed with a carriage return and a line break, in a link", fragment(c, v.ServerSeed, []string{"a\r\nb"}, "0", 52, mustDeal(t, "a\r\nb")), "pass", "Verified"},
		{"a transcript", linkEncode("transcript", transcriptJSON(t, v.ServerSeed, v.Deck)), "pass",
			"Verified: the commitment is the SHA-256 of the server seed; the deck shown is the deal."},
		{"a tampered transcript", linkEncode("transcript", transcriptJSON(t, v.ServerSeed, swapped)), "fail",
			"NOT verified. The deck shown is not the deal: it differs at 2 of its 52 places"},
		{"a transcript whose labels contradict its deck", linkEncode("transcript", strings.Replace(g, `"cards":["8H","4S"`, `"cards":["4S","8H"`, 1)), "error",
			"Cannot check: \"cards\"[0]: \"4S\" is not 8H, the label of card 33."},
		{"a transcript with a line break in a seed", linkEncode("transcript", round(t, []string{"line one\tand\nline two"}, 0, 52)), "pass", "Verified"},
		{"a history with a gap", linkEncode("transcript", history(g, round(t, []string{"alice"}, 2, 52))), "fail",
			"NOT verified. Round 1 of the history has nonce 2 where 1 was due"},
		{"a transcript and the commitment recorded", linkEncode("transcript", g, "commitment", c), "pass", "It is the commitment you recorded."},
		{"a transcript and another commitment recorded", linkEncode("transcript", g, "commitment", Commit([]byte(other[:32]))), "fail",
			"NOT verified. The server seed's SHA-256 is " + c},
		{"a link that is not UTF-8", "transcript=%FF", "error", "Cannot check: the link's round is not percent-encoded UTF-8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			verdict, msg, _ := pageResult(t, chromiumDOM(t, c.fragment))
			assert.Equal(t, c.verdict, verdict, msg)
			assert.Contains(t, msg, c.msg)
		})
	}
}

// mustDeal is the deck of seed0, the client seed c, nonce 0 and 52 cards.
func mustDeal(t *testing.T, c string) []int {
	d, err := Deal(seed0(), []string{c}, 0, 52)
	require.NoError(t, err)
	return d
}

// pageVerdicts runs the page's script in Chromium on every transcript of
// testdata/verdicts.json, in a page of its own that holds the script cut
// from verify.html and the cases, and requires the verdict Go gives.
func pageVerdicts(t *testing.T) {
	page, err := os.ReadFile("verify.html")
	require.NoError(t, err)
	script := scriptRE.FindStringSubmatch(string(page))[1]
	cases, err := os.ReadFile(verdictsFile)
	require.NoError(t, err)
	var want []verdictCase
	require.NoError(t, json.Unmarshal(cases, &want))
	var embedded bytes.Buffer
	json.HTMLEscape(&embedded, cases) // no "</script>" in the data
	harness := `<!DOCTYPE html><meta charset="utf-8"><pre id="out">running</pre>
<script type="application/json" id="cases">` + embedded.String() + `</script>
<script>` + script + `</script>
<script>
(async () => {
  const out = [];
  for (const c of JSON.parse(document.getElementById("cases").textContent)) {
    const r = c.input_base64 !== undefined
      ? await FairDeal.verifyBytes(Uint8Array.from(atob(c.input_base64), (ch) => ch.charCodeAt(0)), c.commitment || "")
      : await FairDeal.verifyText(c.input, c.commitment || "");
    out.push(r.verdict);
  }
  document.getElementById("out").textContent = JSON.stringify(out);
})();
</script>`
	path := filepath.Join(t.TempDir(), "harness.html")
	require.NoError(t, os.WriteFile(path, []byte(harness), 0o644))
	dom := chromiumRun(t, path, "", "--dump-dom")
	m := regexp.MustCompile(`<pre id="out">([^<]*)</pre>`).FindStringSubmatch(dom)
	require.NotNil(t, m, "no result in the harness page:\n%.2000s", dom)
	var got []string
	require.NoError(t, json.Unmarshal([]byte(html.UnescapeString(m[1])), &got), "the harness page says %q", m[1])
	require.Len(t, got, len(want))
	for i, c := range want {
		assert.Equal(t, c.Verdict, got[i], "%s", c.Name)
	}
}

// verdictOnScreen loads the page with fragment at 400×800 and requires the
// colours of the verdict's box in the screenshot: the verdict is in view
// without scrolling.
func verdictOnScreen(t *testing.T, fragment, verdict string) {
	shot := filepath.Join(t.TempDir(), "page.png")
	chromiumRun(t, "verify.html", fragment, "--window-size=400,800", "--hide-scrollbars", "--screenshot="+shot)
	f, err := os.Open(shot)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, image.Rect(0, 0, 400, 800), img.Bounds())
	// The verdict's background and border (verify.html's style).
	colours := map[string][2]color.RGBA{
		"pass": {{0xe3, 0xf5, 0xe6, 0xff}, {0x2e, 0x8b, 0x45, 0xff}},
		"fail": {{0xfd, 0xe8, 0xe8, 0xff}, {0xc6, 0x28, 0x28, 0xff}},
	}[verdict]
	var found [2]int
	for y := range 800 {
		for x := range 400 {
			r, g, b, _ := img.At(x, y).RGBA()
			for i, c := range colours {
				if uint8(r>>8) == c.R && uint8(g>>8) == c.G && uint8(b>>8) == c.B {
					found[i]++
				}
			}
		}
	}
	assert.Greater(t, found[0], 5000, "pixels of the verdict's background in a 400×800 screenshot")
	assert.Greater(t, found[1], 300, "pixels of the verdict's border in a 400×800 screenshot")
	if os.Getenv("FAIR_SCREENSHOT") != "" { // to look at it
		b, _ := os.ReadFile(shot)
		os.WriteFile(os.Getenv("FAIR_SCREENSHOT"), b, 0o644)
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
