package report

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/audit"
)

// fairReport audits decks lines of the first dealt cards of shoes of
// copies decks of n cards, shuffled by a seeded source.
func fairReport(t *testing.T, n, copies, dealt, decks int) *audit.Report {
	t.Helper()
	a := audit.New(n, audit.Options{Copies: copies, Dealt: dealt})
	r := rand.New(rand.NewPCG(1, 2))
	shoe := make([]int, n*copies)
	for i := range shoe {
		shoe[i] = i % n
	}
	for range decks {
		r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
		require.NoError(t, a.Add(shoe[:a.Dealt()]))
	}
	return a.Report()
}

// htmlOf is rec's HTML report.
func htmlOf(t *testing.T, rec *Record) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, HTML(&b, rec))
	return b.String()
}

// TestHTMLTinyP: a p-value below 1e-300, 0 or subnormal, reads in the HTML
// as in the text report, "<1e-300", with the JSON's number in data-json;
// other p-values read as the JSON writes them.
func TestHTMLTinyP(t *testing.T) {
	r := fairReport(t, 5, 1, 0, 200)
	var ran []int
	for i, x := range r.Tests {
		if x.Ran() {
			ran = append(ran, i)
		}
	}
	require.GreaterOrEqual(t, len(ran), 3)
	a, b, c := &r.Tests[ran[0]], &r.Tests[ran[1]], &r.Tests[ran[2]]
	a.P, a.Holm = 0, 0
	b.P, b.Holm = 1e-320, 1e-300 // 1e-300 itself is not below 1e-300
	c.P, c.Holm = 0.25, 0.5
	rec := &Record{Report: r, Tool: "t"}
	page := htmlOf(t, rec)
	var text bytes.Buffer
	require.NoError(t, Text(&text, rec))
	assert.Equal(t, "<1e-300", FormatP(0))
	assert.Equal(t, "<1e-300", FormatP(1e-320))
	cell := func(name, field string) string {
		m := regexp.MustCompile(`<tr class="[a-z]+" data-test="` + regexp.QuoteMeta(name) + `">.*?<td class="num" data-field="` + field + `"([^>]*)>([^<]*)</td>`).FindStringSubmatch(page)
		require.NotNil(t, m, "%s: no %s cell", name, field)
		return m[1] + ">" + m[2]
	}
	for _, w := range []struct{ name, field, want string }{
		{a.Name, "p", ` data-json="0">&lt;1e-300`},
		{a.Name, "p_holm", ` data-json="0">&lt;1e-300`},
		{b.Name, "p", ` data-json="1e-320">&lt;1e-300`},
		{b.Name, "p_holm", `>1e-300`},
		{c.Name, "p", `>0.25`},
		{c.Name, "p_holm", `>0.5`},
	} {
		assert.Equal(t, w.want, cell(w.name, w.field), "%s %s", w.name, w.field)
	}
	// The text report says the same of the same tests.
	for _, name := range []string{a.Name, b.Name} {
		assert.Regexp(t, `(?m)^`+regexp.QuoteMeta(name)+` .*<1e-300`, text.String())
	}
	assert.NotContains(t, page, `data-field="p">0<`)
}

// TestHTMLShapes: the page names what each line is as the text report
// does, decks, shoes or deals, in its title, its facts and its prose; and
// never calls shoes or deals decks but where they are the decks of a shoe,
// a JSON key or flag, or the audit's words on a test (as in the text).
func TestHTMLShapes(t *testing.T) {
	for _, s := range []struct {
		copies, dealt int
		unit, header  string
		shuffled      string
	}{
		{1, 0, "decks", "Decks", "deck"},
		{3, 0, "shoes", "Shoes", "shoe"},
		{1, 4, "deals", "Deals", "deck"},
		{2, 4, "deals", "Deals", "shoe"},
	} {
		r := fairReport(t, 6, s.copies, s.dealt, 300)
		page := htmlOf(t, &Record{Report: r, Tool: "t", Command: []string{"t"}})
		var text bytes.Buffer
		require.NoError(t, Text(&text, &Record{Report: r, Source: "x"}))
		d := Describe(r)
		require.True(t, strings.HasPrefix(d, "300 "+s.unit+" of "), d)
		assert.Contains(t, text.String(), "Audit of "+d+" from x")
		assert.Contains(t, page, "<title>Shuffle audit: "+r.Verdict+", "+d+"</title>", s.unit)
		assert.Contains(t, page, "<tr><th>"+s.header+`</th><td data-field="decks">300</td></tr>`, s.unit)
		assert.Contains(t, page, "<tr><th>Cards in a "+s.shuffled+`</th><td data-field="deck">`, s.unit)
		assert.Contains(t, page, "Runs from: the "+s.unit+" a test needs.", s.unit)
		assert.Contains(t, page, "in this many "+s.unit+",", s.unit)
		if s.unit == "decks" {
			continue
		}
		// Whatever else says decks is a shoe's decks, a JSON key, a flag,
		// or the audit's own words on a test, which the text prints too.
		rest := regexp.MustCompile(`of \d+ decks|data-field="(decks|min_decks|max_decks)"|-max-decks|<span data-field="(skipped|note)">[^<]*</span>`).ReplaceAllString(page, "")
		word := `(?i).{0,40}\bdecks\b.{0,20}`
		if s.copies > 1 { // nor a deck: what is shuffled is a shoe
			rest = strings.ReplaceAll(rest, `data-field="deck"`, "")
			word = `(?i).{0,40}\bdecks?\b.{0,20}`
		}
		assert.Empty(t, regexp.MustCompile(word).FindAllString(rest, -1), s.unit)
	}
}
