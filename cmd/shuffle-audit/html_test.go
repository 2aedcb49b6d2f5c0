package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/audit"
)

// writeDeckFile writes decks of n cards, 0..n−1, one a line, from a PCG
// seeded with seed: fair ones, or from the naive shuffle (every card
// swapped with any), which is biased.
func writeDeckFile(t *testing.T, path string, n, decks int, seed uint64, naive bool) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0))
	var b strings.Builder
	d := make([]int, n)
	for range decks {
		for i := range d {
			d[i] = i
		}
		for i := range d {
			j := r.IntN(i + 1)
			if naive {
				j = r.IntN(n)
			}
			d[i], d[j] = d[j], d[i]
		}
		for i, c := range d {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(c))
		}
		b.WriteByte('\n')
	}
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
}

// page is an HTML report read back: the figures of its data-field
// elements, the rows of its table of tests, the batch p-values of each
// plot, and the heat map's cells.
type page struct {
	fields map[string]string            // outside the table of tests
	tests  []string                     // the rows' data-test, in order
	rows   map[string]map[string]string // data-test → data-field → value
	plots  map[string][]string          // data-batches → the dots' data-p, in order
	cells  int                          // heat map cells
	style  string                       // the text of the style elements
	tags   map[string]bool              // every element's name
}

// readPage parses an HTML report as XML. The report is written to be
// well-formed XML (every element closed, attributes quoted, no named
// entities but XML's own), so encoding/xml reads it strictly and whole: a
// tag left open or a stray character fails the test, where a pattern over
// the text would pass it. A figure's value is its data-json attribute if it
// has one, else its text.
func readPage(t *testing.T, b []byte) page {
	t.Helper()
	p := page{fields: map[string]string{}, rows: map[string]map[string]string{},
		plots: map[string][]string{}, tags: map[string]bool{}}
	type open struct {
		name, field, json, row, plot string
		list                         bool // inside a data-list: the figures are its items
		text                         strings.Builder
	}
	var stack []*open
	d := xml.NewDecoder(bytes.NewReader(b))
	d.Strict = true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "the report is not well-formed")
		switch tok := tok.(type) {
		case xml.StartElement:
			o := &open{name: tok.Name.Local}
			if len(stack) > 0 {
				o.row, o.plot, o.list = stack[len(stack)-1].row, stack[len(stack)-1].plot, stack[len(stack)-1].list
			}
			p.tags[o.name] = true
			for _, a := range tok.Attr {
				v := a.Value
				switch a.Name.Local {
				case "data-field":
					o.field = v
				case "data-json":
					o.json = v
				case "data-list":
					o.list = true
				case "data-test":
					require.NotContains(t, p.rows, v, "two rows for test %s", v)
					o.row = v
					p.tests = append(p.tests, v)
					p.rows[v] = map[string]string{}
				case "data-batches":
					o.plot = v
					p.plots[v] = []string{}
				case "data-p":
					require.NotEmpty(t, o.plot, "a batch dot outside a plot")
					p.plots[o.plot] = append(p.plots[o.plot], v)
				case "class":
					if v == "cell" {
						p.cells++
					}
				case "src", "href", "srcset", "action", "poster", "background":
					// Only references within the page: url(#…), #….
					assert.True(t, strings.HasPrefix(v, "#"), "%s=%q loads something", a.Name.Local, v)
				}
			}
			stack = append(stack, o)
		case xml.CharData:
			for _, o := range stack {
				o.text.Write(tok)
			}
			if len(stack) > 0 && stack[len(stack)-1].name == "style" {
				p.style += string(tok)
			}
		case xml.EndElement:
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if o.field == "" {
				continue
			}
			v := o.text.String()
			if o.json != "" {
				v = o.json
			}
			m := p.fields
			if o.row != "" {
				m = p.rows[o.row]
			}
			if prev, ok := m[o.field]; ok && o.list {
				m[o.field] = prev + ", " + v // as jsonText writes a list
				continue
			}
			require.NotContains(t, m, o.field, "two figures %s (row %q)", o.field, o.row)
			m[o.field] = v
		}
	}
	return p
}

// jsonText is a JSON value, decoded with UseNumber, as the report shows it.
func jsonText(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case json.Number:
		return v.String()
	case string:
		return v
	case []any: // a second-level test's batch p-values; a game's outcomes and counts
		s := make([]string, len(v))
		for i, x := range v {
			s[i] = jsonText(x)
		}
		return strings.Join(s, ", ")
	}
	return fmt.Sprintf("unexpected JSON value %#v", v)
}

// checkAgainstJSON checks that every figure of the JSON report is in the
// page, the same, and that the page shows no test figure the JSON lacks.
func checkAgainstJSON(t *testing.T, p page, report []byte) (tests []map[string]any) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(report))
	d.UseNumber()
	var j map[string]any
	require.NoError(t, d.Decode(&j))
	for k, v := range j {
		if k == "tests" {
			continue
		}
		if assert.Contains(t, p.fields, k, "the page lacks the JSON's %s", k) {
			assert.Equal(t, jsonText(v), p.fields[k], "%s", k)
		}
	}
	for _, v := range j["tests"].([]any) {
		tests = append(tests, v.(map[string]any))
	}
	require.Len(t, p.tests, len(tests))
	for i, jt := range tests {
		name := jt["name"].(string)
		require.Equal(t, name, p.tests[i], "row %d", i)
		row := p.rows[name]
		for k, v := range jt {
			if assert.Contains(t, row, k, "%s: the page lacks the JSON's %s", name, k) {
				assert.Equal(t, jsonText(v), row[k], "%s: %s", name, k)
			}
		}
		for k, v := range row {
			if _, ok := jt[k]; !ok {
				assert.Empty(t, v, "%s: %s is on the page, not in the JSON", name, k)
			}
		}
	}
	return tests
}

// ksDistance is the Kolmogorov–Smirnov distance of ps from the uniform
// distribution, computed as the audit package does.
func ksDistance(ps []float64) float64 {
	ps = slices.Clone(ps)
	slices.Sort(ps)
	k := float64(len(ps))
	d := 0.0
	for i, u := range ps {
		d = max(d, float64(i+1)/k-u, u-float64(i)/k)
	}
	return d
}

// checkPlots checks that every second-level test that ran has a plot with
// a dot per batch (df is the number of batches), and that the p-values of
// the dots give the JSON's statistic, the Kolmogorov–Smirnov distance.
func checkPlots(t *testing.T, p page, tests []map[string]any) int {
	t.Helper()
	plotted := 0
	for _, jt := range tests {
		name := jt["name"].(string)
		if !strings.HasSuffix(name, "/batches") || jt["pass"] == nil {
			assert.NotContains(t, p.plots, name, "a plot of a test that did not run")
			continue
		}
		dots, ok := p.plots[name]
		if !assert.True(t, ok, "no plot of %s", name) {
			continue
		}
		plotted++
		df, err := jt["df"].(json.Number).Int64()
		require.NoError(t, err)
		require.Len(t, dots, int(df), name)
		ps := make([]float64, len(dots))
		for i, s := range dots {
			ps[i], err = strconv.ParseFloat(s, 64)
			require.NoError(t, err)
			assert.True(t, ps[i] >= 0 && ps[i] <= 1, "%s: batch %d: p = %s", name, i+1, s)
		}
		stat, err := jt["statistic"].(json.Number).Float64()
		require.NoError(t, err)
		assert.Equal(t, stat, ksDistance(ps), "%s: the plotted p-values do not give the statistic", name)
	}
	assert.Len(t, p.plots, plotted)
	return plotted
}

// checkSelfContained checks that the page loads nothing: no script, style
// sheet, frame, object or image element, no reference out of the page, and
// no address but the SVG namespace's.
func checkSelfContained(t *testing.T, p page, raw []byte) {
	t.Helper()
	for _, tag := range []string{"script", "link", "iframe", "frame", "object", "embed", "img", "image", "use", "base", "audio", "video", "source", "foreignObject"} {
		assert.False(t, p.tags[tag], "a <%s> element", tag)
	}
	assert.NotRegexp(t, `(?i)<\s*script`, string(raw))
	assert.NotContains(t, p.style, "@import")
	for _, m := range regexp.MustCompile(`url\(([^)]*)\)`).FindAllStringSubmatch(p.style, -1) {
		assert.True(t, strings.HasPrefix(m[1], "#"), "style loads %s", m[0])
	}
	rest := strings.ReplaceAll(string(raw), `xmlns="http://www.w3.org/2000/svg"`, "")
	assert.NotRegexp(t, `(?i)https?:|//[a-z0-9.-]+/|\bsrc\s*=`, rest)
	assert.NotContains(t, string(raw), "http-equiv")
}

// TestHTMLReport audits a file of fair decks with -json and -html at once,
// its name hostile, and checks every figure of the page against the JSON
// report; then the same decks from -exec, and biased decks, which fail.
func TestHTMLReport(t *testing.T) {
	defer func(f func() time.Time) { htmlNow = f }(htmlNow)
	htmlNow = func() time.Time { return time.Date(2026, 1, 2, 4, 5, 6, 0, time.FixedZone("CET", 3600)) }
	dir := t.TempDir()
	// The path holds </script> as a directory ending in < and a file
	// beginning with script>.
	decks := filepath.Join(dir, `<script>alert("x & y")<`, `script> 'q'.txt`)
	if runtime.GOOS == "windows" {
		decks = filepath.Join(dir, "decks & 'q'.txt") // no <, >, " in Windows file names
	}
	require.NoError(t, os.MkdirAll(filepath.Dir(decks), 0o755))
	writeDeckFile(t, decks, 8, 3000, 7, false)
	out := filepath.Join(dir, "report.html")
	// Batches of 100 decks: 30 of them, and every second-level test runs.
	args := []string{"-in", decks, "-json", "-batch", "100", "-html", out}
	stdout, errs, code := audited(t, args...)
	require.Equal(t, 0, code, errs)
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	p := readPage(t, raw)
	tests := checkAgainstJSON(t, p, []byte(stdout))
	assert.Equal(t, 7, checkPlots(t, p, tests))
	checkSelfContained(t, p, raw)

	assert.Equal(t, "pass", p.fields["verdict"])
	assert.Equal(t, decks, p.fields["input"], "the input's name, escaped and read back")
	assert.Equal(t, "2026-01-02 03:05:06 UTC", p.fields["date"])
	assert.Equal(t, "shuffle-audit -in "+shellQuote(decks)+" -json -batch 100 -html "+shellQuote(out), p.fields["command"])
	for k, v := range map[string]string{"copies": "1", "deck": "8", "dealt": "8", "n": "8", "decks": "3000"} {
		assert.Equal(t, v, p.fields[k], k)
	}
	assert.Equal(t, 64, p.cells, "the heat map's cells")
	assert.Contains(t, string(raw), `<div class="verdict pass">`)

	// The same decks printed by a command: the same figures, but for the
	// input's name and the command line.
	if runtime.GOOS != "windows" {
		cmd := "cat " + shellQuote(decks)
		stdout2, errs, code := audited(t, "-exec", cmd, "-json", "-batch", "100", "-html", out)
		require.Equal(t, 0, code, errs)
		raw2, err := os.ReadFile(out)
		require.NoError(t, err)
		p2 := readPage(t, raw2)
		checkAgainstJSON(t, p2, []byte(stdout2))
		checkPlots(t, p2, tests)
		assert.Equal(t, cmd, p2.fields["input"])
		assert.Equal(t, "shuffle-audit -exec "+shellQuote(cmd)+" -json -batch 100 -html "+shellQuote(out), p2.fields["command"])
		assert.Equal(t, p.rows, p2.rows)
		assert.Equal(t, p.plots, p2.plots)
		assert.Equal(t, p.fields["sha256"], p2.fields["sha256"])
	}

	// Biased decks: the verdict and the failing rows show it.
	writeDeckFile(t, decks, 8, 3000, 7, true)
	stdout, errs, code = audited(t, "-in", decks, "-json", "-batch", "100", "-html", out)
	require.Equal(t, 1, code, errs)
	raw, err = os.ReadFile(out)
	require.NoError(t, err)
	p = readPage(t, raw)
	checkPlots(t, p, checkAgainstJSON(t, p, []byte(stdout)))
	assert.Equal(t, "fail", p.fields["verdict"])
	assert.Contains(t, string(raw), `<div class="verdict fail">`)
	assert.Equal(t, "false", p.rows["positions"]["pass"])
	assert.Regexp(t, `<tr class="fail" data-test="positions">.*>FAIL</td>`, string(raw))
}

// TestHTMLFlag: -html needs -in or -exec, and a file it can write.
func TestHTMLFlag(t *testing.T) {
	_, errs, code := audited(t, "-html", filepath.Join(t.TempDir(), "r.html"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "-html needs -in or -exec")
	dir := t.TempDir()
	decks := filepath.Join(dir, "d.txt")
	writeDeckFile(t, decks, 5, 100, 1, false)
	_, errs, code = audited(t, "-in", decks, "-html", filepath.Join(dir, "no", "r.html"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "-html: ")
}

// shellQuote is how the report quotes a word of its command line for sh
// (report's TestShellQuote checks it with sh): as it is when it holds only
// characters no shell treats specially, else in single quotes.
func shellQuote(s string) string {
	if regexp.MustCompile(`^[-a-zA-Z0-9_./=:,+@%]+$`).MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// TestHTMLGame: a game's row gives each outcome with its observed and
// expected count, the page's figures the JSON's; the observed counts sum to
// the deals, the expected are the deals times the game's exact chances;
// and a game test with too few deals to run gives them too. A log of the
// cards each coup uses shows its lengths, as the JSON has them.
func TestHTMLGame(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "coups.txt"), filepath.Join(dir, "report.html")
	label := names52()
	r := rand.New(rand.NewPCG(3, 4))
	shoe := make([]int, 8*52)
	var b strings.Builder
	for range 3000 {
		for i := range shoe {
			shoe[i] = i % 52
		}
		r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
		b.WriteString(label(shoe[:6]) + "\n")
	}
	probs, err := audit.Baccarat.Probs(8)
	require.NoError(t, err)
	for _, lines := range []int{3000, 20} {
		require.NoError(t, os.WriteFile(in, []byte(strings.Join(strings.SplitAfter(b.String(), "\n")[:lines], "")), 0o644))
		stdout, errs, code := audited(t, "-in", in, "-deck", "416", "-game", "baccarat", "-json", "-html", out)
		require.Contains(t, []int{0, 3}, code, errs)
		raw, err := os.ReadFile(out)
		require.NoError(t, err)
		p := readPage(t, raw)
		checkAgainstJSON(t, p, []byte(stdout))
		row := p.rows["baccarat"]
		assert.Equal(t, "player, banker, tie", row["outcomes"])
		sum := 0
		for _, s := range strings.Split(row["observed"], ", ") {
			n, err := strconv.Atoi(s)
			require.NoError(t, err)
			sum += n
		}
		assert.Equal(t, lines, sum, "the observed counts")
		var want []string
		for _, q := range probs {
			x, err := json.Marshal(float64(lines) * q)
			require.NoError(t, err)
			want = append(want, string(x))
		}
		assert.Equal(t, strings.Join(want, ", "), row["expected"])
		assert.Equal(t, lines == 20, row["pass"] == "null", "the test runs at 3000 deals, not at 20")
	}
	// The cards each coup uses: the page says how many a line holds.
	require.NoError(t, os.WriteFile(in, []byte(coups(3000, 5, false)), 0o644))
	stdout, errs, code := audited(t, "-in", in, "-deck", "416", "-game", "baccarat", "-json", "-html", out)
	require.Equal(t, 0, code, errs)
	raw, err := os.ReadFile(out)
	require.NoError(t, err)
	p := readPage(t, raw)
	checkAgainstJSON(t, p, []byte(stdout))
	assert.Equal(t, map[string]string{"dealt": "4", "most_dealt": "6", "used": "baccarat", "shape": "first 4 to 6 cards of a shoe of 8 decks of 52 cards, as baccarat uses them"},
		map[string]string{"dealt": p.fields["dealt"], "most_dealt": p.fields["most_dealt"], "used": p.fields["used"], "shape": p.fields["shape"]})
}
