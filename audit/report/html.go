package report

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fairshuffle/shuffle/audit"
)

// The HTML report: one self-contained file a lab can file, with the
// figures of the JSON report, the position heat map and the second
// level's batch p-values as inline SVG. It loads nothing: no script, no
// style sheet, no font, no image from elsewhere.
//
// Its figures are the JSON report's: HTML writes that report, reads it
// back with its numbers as written, and prints each number exactly as the
// JSON has it, but a p-value below 1e-300, which reads "<1e-300" as in the
// text report ([FormatP]). Every figure is in an element with a data-field
// attribute named after its JSON key (data-json holds the JSON value where
// the text shows it otherwise: null, true, false, such a p-value), and each
// test's row has data-test, so a program can read the page back and
// compare. A list of the JSON (a game's outcomes, observed and expected
// counts) is a table with data-list, its items elements with the list's
// data-field, in order. The markup is also well-formed XML: every element is closed, so
// an XML parser reads it whole.

// htmlJSON is the JSON report with its numbers as written.
type htmlJSON struct {
	Tool     string       `json:"tool"`
	Version  string       `json:"version"`
	Input    string       `json:"input"`
	SHA256   string       `json:"sha256"`
	Decks    json.Number  `json:"decks"`
	Shape    string       `json:"shape"`
	N        json.Number  `json:"n"`
	Used     string       `json:"used"`
	Most     *json.Number `json:"most_dealt"`
	Alpha    json.Number  `json:"alpha"`
	Verdict  string       `json:"verdict"`
	Blank    json.Number  `json:"trailing_blank_lines"`
	Cut      *json.Number `json:"cut_short_line"`
	MaxDecks *json.Number `json:"max_decks"`
	Tests    []struct {
		Name      string         `json:"name"`
		Statistic *json.Number   `json:"statistic"`
		DF        *json.Number   `json:"df"`
		P         *json.Number   `json:"p"`
		Holm      *json.Number   `json:"p_holm"`
		Pass      *bool          `json:"pass"`
		MinDecks  json.Number    `json:"min_decks"`
		Skipped   string         `json:"skipped"`
		Note      string         `json:"note"`
		Batches   []*json.Number `json:"batches"`
		Outcomes  []string       `json:"outcomes"`
		Observed  []json.Number  `json:"observed"`
		Expected  []json.Number  `json:"expected"`
	} `json:"tests"`
}

// htmlPage is what the template shows.
type htmlPage struct {
	J                   htmlJSON
	Copies, Deck, Dealt int
	Date                string
	Title               string // what was audited, as the text report says it ([Describe])
	Unit, One           string // what a line is: decks, shoes or deals; and one of them
	Shuffled            string // what is shuffled: deck or shoe
	Command             string
	FromStdin, FromExec bool
	Ran                 int
	Failed              []string
	Tests               []htmlTest
	Heatmap             template.HTML // the position heat map, SVG; empty if not drawn
	HeatmapWhy          string        // why not
	Scale               string        // the heat map's full-colour deviation, in percent
	Plots               []template.HTML
}

// htmlTest is a row of the table of tests.
type htmlTest struct {
	Name     string
	Class    string // pass, fail or skipped
	Nums     []htmlNum
	Pass     string // the JSON value: true, false or null
	Result   string // what the row shows
	MinDecks string
	Skipped  string
	Note     string
	Batches  string // a second-level test's batch p-values, as the JSON writes them
	Outcomes []htmlOutcome
}

// htmlOutcome is a row of a game's table of outcomes, its counts as the
// JSON writes them.
type htmlOutcome struct{ Name, Observed, Expected string }

// htmlNum is a number of a test, as the JSON writes it; Null when the JSON
// has null. A p-value below 1e-300 shows as the text report writes it
// ([FormatP]), with the JSON's number in JSON.
type htmlNum struct {
	Field string
	Text  string
	JSON  string
	Null  bool
}

// HTML writes rec as one self-contained HTML page for filing.
//
// It shows the verdict, the facts of the input, every test with the
// figures of [JSON], the position heat map and the batch p-values.
func HTML(w io.Writer, rec *Record) error {
	r := rec.Report
	scale := rec.Scale
	if scale == 0 {
		scale = 0.25
	}
	var buf bytes.Buffer
	if err := JSON(&buf, rec); err != nil {
		return err
	}
	d := json.NewDecoder(&buf)
	d.UseNumber()
	p := htmlPage{Copies: r.Copies, Deck: r.Deck, Dealt: r.Dealt,
		Date:  cmp.Or(rec.Date, time.Now()).UTC().Format("2006-01-02 15:04:05 UTC"),
		Title: Describe(r), Unit: unit(r), Shuffled: "deck",
		Command:   shellJoin(rec.Command),
		FromStdin: rec.Stdin, FromExec: rec.Exec,
		Scale: strconv.FormatFloat(100*scale, 'g', -1, 64) + "%"}
	p.One = strings.TrimSuffix(p.Unit, "s")
	if r.Copies > 1 {
		p.Shuffled = "shoe"
	}
	if err := d.Decode(&p.J); err != nil {
		return err
	}
	if len(p.J.Tests) != len(r.Tests) {
		return fmt.Errorf("the JSON report has %d tests, the audit %d", len(p.J.Tests), len(r.Tests))
	}
	p.J.Input = printable(p.J.Input)
	num := func(field string, x *json.Number) htmlNum {
		if x == nil {
			return htmlNum{Field: field, Null: true}
		}
		if v, err := x.Float64(); err == nil && (field == "p" || field == "p_holm") && v < 1e-300 {
			return htmlNum{Field: field, Text: FormatP(v), JSON: x.String()}
		}
		return htmlNum{Field: field, Text: x.String()}
	}
	for i, t := range p.J.Tests {
		h := htmlTest{Name: t.Name, Class: "skipped", Pass: "null", Result: "not run",
			MinDecks: t.MinDecks.String(), Skipped: t.Skipped, Note: printable(t.Note),
			Nums: []htmlNum{num("statistic", t.Statistic), num("df", t.DF), num("p", t.P), num("p_holm", t.Holm)}}
		if t.Pass != nil {
			p.Ran++
			h.Class, h.Pass, h.Result = "pass", "true", "pass"
			if !*t.Pass {
				h.Class, h.Pass, h.Result = "fail", "false", "FAIL"
				p.Failed = append(p.Failed, t.Name)
			}
		}
		var bs []string
		for _, b := range t.Batches {
			if b == nil {
				bs = append(bs, "null")
			} else {
				bs = append(bs, b.String())
			}
		}
		h.Batches = strings.Join(bs, ", ")
		if len(t.Observed) != len(t.Outcomes) || len(t.Expected) != len(t.Outcomes) {
			return fmt.Errorf("the JSON report's test %s has %d outcomes, %d observed and %d expected counts", t.Name, len(t.Outcomes), len(t.Observed), len(t.Expected))
		}
		for j, o := range t.Outcomes {
			h.Outcomes = append(h.Outcomes, htmlOutcome{printable(o), t.Observed[j].String(), t.Expected[j].String()})
		}
		p.Tests = append(p.Tests, h)
		rt := r.Tests[i]
		if rt.Name != t.Name {
			return fmt.Errorf("the JSON report's test %d is %s, the audit's %s", i, t.Name, rt.Name)
		}
		if len(rt.Batches) > 0 {
			svg, err := batchPlot(rt)
			if err != nil {
				return err
			}
			p.Plots = append(p.Plots, svg)
		}
	}
	if h, ok := positionMap(r, scale); ok {
		var b strings.Builder
		if err := h.WriteSVG(&b); err != nil {
			return err
		}
		p.Heatmap = template.HTML(b.String()) // WriteSVG escapes its text
	} else {
		p.HeatmapWhy = "No " + p.One + " was audited: there is no position table to draw."
	}
	return htmlTemplate.Execute(w, p)
}

// unit is what a line of r is, as [Describe] names it: decks, shoes or
// deals.
func unit(r *audit.Report) string {
	switch {
	case r.Dealt < r.Deck:
		return "deals"
	case r.Copies > 1:
		return "shoes"
	}
	return "decks"
}

// positionMap is the position table of r as a heat map: cards by rows,
// the places a line holds by columns; false when no deck was audited.
func positionMap(r *audit.Report, scale float64) (Heatmap, bool) {
	n, m := r.N, r.Dealt
	if len(r.Positions) != n*m || r.Decks == 0 {
		return Heatmap{}, false
	}
	h := Heatmap{N: n, M: m, P: make([]float64, n*m), Scale: scale,
		Title: Describe(r), Rows: "card →", Cols: "place →"}
	for i, x := range r.Positions {
		h.P[i] = float64(x) / float64(r.Decks)
	}
	return h, true
}

// printable replaces the control characters of s, other than tab and
// newline, which XML does not allow, with U+FFFD.
func printable(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' || r == 0x7f {
			return '\uFFFD'
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
}

// shellJoin quotes args for sh and joins them with spaces.
func shellJoin(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = shellQuote(a)
	}
	return strings.Join(q, " ")
}

// shellQuote quotes s for sh: as it is when it holds only characters no
// shell treats specially, else in single quotes.
func shellQuote(s string) string {
	plain := s != ""
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("-_./=:,+@%", r)) {
			plain = false
			break
		}
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// jsonNumber is x as encoding/json writes it.
func jsonNumber(x float64) string {
	b, err := json.Marshal(x)
	if err != nil {
		return "null" // NaN or infinite
	}
	return string(b)
}

// Geometry of a batch plot, in pixels.
const (
	plotL    = 44                    // left edge of the axes
	plotT    = 28                    // top edge
	plotSide = 160                   // side of the axes
	plotW    = plotL + plotSide + 14 // the picture
	plotH    = plotT + plotSide + 40
)

// batchPlot draws the batch p-values of second-level test t as their
// empirical distribution function against the uniform one, the diagonal,
// with the Kolmogorov–Smirnov distance D marked, and a dot per batch. The
// dots come in the order the batches were dealt, each with its p-value in
// data-p as JSON writes it and its number in data-batch.
func batchPlot(t audit.Test) (template.HTML, error) {
	ps := t.Batches
	k := len(ps)
	if slices.ContainsFunc(ps, math.IsNaN) {
		return "", fmt.Errorf("%s: a batch p-value is not a number", t.Name)
	}
	order := make([]int, k)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case ps[a] < ps[b]:
			return -1
		case ps[a] > ps[b]:
			return 1
		}
		return 0
	})
	rank := make([]int, k)
	for r, i := range order {
		rank[i] = r
	}
	x := func(u float64) float64 { return plotL + plotSide*min(max(u, 0), 1) }
	y := func(f float64) float64 { return plotT + plotSide*(1-f) }
	var b strings.Builder
	f := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	class := "pass"
	if t.Ran() && !t.Pass {
		class = "fail"
	}
	f(`<svg xmlns="http://www.w3.org/2000/svg" class="batches %s" width="%d" height="%d" viewBox="0 0 %[2]d %[3]d" font-family="sans-serif" font-size="12" data-batches="%s">`+"\n",
		class, plotW, plotH, template.HTMLEscapeString(t.Name))
	f(`<text x="%d" y="16" font-size="14" font-weight="bold" text-anchor="middle">%s</text>`+"\n",
		plotL+plotSide/2, template.HTMLEscapeString(strings.TrimSuffix(t.Name, "/batches")))
	// Grid, frame and ticks.
	for _, v := range []float64{0.25, 0.5, 0.75} {
		f(`<path d="M%g %g V%g M%g %g H%g" stroke="#e4e4e4" fill="none"/>`+"\n", x(v), y(0), y(1), x(0), y(v), x(1))
	}
	f(`<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#969696"/>`+"\n", plotL, plotT, plotSide, plotSide)
	for _, v := range []float64{0, 0.5, 1} {
		s := strconv.FormatFloat(v, 'g', -1, 64)
		f(`<text x="%g" y="%g" text-anchor="middle">%s</text>`, x(v), y(0)+15, s)
		f(`<text x="%g" y="%g" text-anchor="end">%s</text>`+"\n", x(0)-4, y(v)+4, s)
	}
	f(`<text x="%g" y="%d" text-anchor="middle" fill="#555">batch p-value</text>`+"\n", x(0.5), plotH-6)
	f(`<text transform="translate(14 %g) rotate(-90)" text-anchor="middle" fill="#555">share of batches ≤ p</text>`+"\n", y(0.5))
	// The uniform distribution, the batches' distribution, and D.
	f(`<path class="uniform" d="M%g %g L%g %g" stroke="#888" stroke-dasharray="4 3" fill="none"/>`+"\n", x(0), y(0), x(1), y(1))
	f(`<path class="ecdf" d="M%g %g`, x(0), y(0))
	gap, at, from, to := -1.0, 0.0, 0.0, 0.0
	for r, i := range order {
		u := ps[i]
		f(" H%.2f V%.2f", x(u), y(float64(r+1)/float64(k)))
		lo, hi := float64(r)/float64(k), float64(r+1)/float64(k)
		if d := hi - u; d > gap {
			gap, at, from, to = d, u, u, hi
		}
		if d := u - lo; d > gap {
			gap, at, from, to = d, u, lo, u
		}
	}
	f(` H%g" fill="none" stroke-width="2"/>`+"\n", x(1))
	f(`<path class="gap" d="M%.2f %.2f V%.2f" stroke="#e66101" stroke-width="3"/>`+"\n", x(at), y(from), y(to))
	anchor, dx := "start", 5.0
	if at > 0.75 {
		anchor, dx = "end", -5
	}
	f(`<text x="%.2f" y="%.2f" text-anchor="%s" fill="#e66101" stroke="#fff" stroke-width="3" paint-order="stroke" font-weight="bold">D</text>`+"\n", x(at)+dx, y((from+to)/2)+4, anchor)
	for i, u := range ps {
		f(`<circle class="batch" cx="%.2f" cy="%.2f" r="2.5" data-batch="%d" data-p="%s"/>`+"\n",
			x(u), y(float64(rank[i]+1)/float64(k)), i+1, jsonNumber(u))
	}
	b.WriteString("</svg>\n")
	return template.HTML(b.String()), nil // the only text, the test's name, is escaped
}

var htmlTemplate = template.Must(template.New("report").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8"/>
<meta name="viewport" content="width=device-width, initial-scale=1"/>
<title>Shuffle audit: {{.J.Verdict}}, {{.Title}}</title>
<style>
@page { size: A4; margin: 14mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 15px; line-height: 1.4;
  color: #222; background: #fff; max-width: 980px; margin: 0 auto; padding: 18px 24px; }
h1 { font-size: 24px; margin: 0 0 2px; }
h2 { font-size: 18px; margin: 26px 0 8px; border-bottom: 1px solid #ccc; padding-bottom: 3px; }
.sub { color: #555; margin: 0 0 14px; }
.verdict { border: 3px solid; border-radius: 6px; padding: 10px 16px; margin: 0 0 16px; display: flex; align-items: baseline; gap: 18px; }
.verdict.pass { color: #14622c; border-color: #2a9d4b; background: #eaf7ee; }
.verdict.fail { color: #9b1220; border-color: #c8283c; background: #fcebed; }
.verdict .word { font-size: 40px; font-weight: bold; text-transform: uppercase; letter-spacing: 0.04em; }
.verdict .why { font-size: 16px; color: #222; }
table { border-collapse: collapse; }
.facts th { text-align: left; font-weight: normal; color: #555; padding: 2px 16px 2px 0; vertical-align: top; white-space: nowrap; }
.facts td { padding: 2px 0; vertical-align: top; }
code, .hash, pre { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
.hash { overflow-wrap: anywhere; }
.facts code { white-space: pre-wrap; overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f4f4f4; padding: 6px 8px; margin: 0; border-radius: 4px; }
.tests { width: 100%; font-size: 13px; }
.tests th { text-align: left; border-bottom: 2px solid #888; padding: 3px 6px; white-space: nowrap; }
.tests td { border-bottom: 1px solid #ddd; padding: 3px 6px; vertical-align: top; }
.tests th.num { text-align: right; }
.tests td.num, .tests td.result, .tests .name { white-space: nowrap; }
.tests .name { display: block; }
.tests .detail { display: block; font-size: 12px; color: #555; }
.tests td.num { text-align: right; font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 12px; font-variant-numeric: tabular-nums; }
.tests tr.fail td { background: #fcebed; }
.tests tr.fail td.result { color: #9b1220; font-weight: bold; }
.tests tr.pass td.result { color: #14622c; }
.tests tr.skipped td { color: #777; }
.tests table.outcomes { margin: 3px 0 1px; }
.tests table.outcomes th, .tests table.outcomes td { border: none; padding: 0 14px 0 0; font-size: 12px; font-weight: normal; color: #444; background: none; }
.tests table.outcomes th { border-bottom: 1px solid #bbb; }
.figures { display: flex; flex-wrap: wrap; gap: 6px 10px; }
figure { margin: 0; break-inside: avoid; }
figure.heatmap svg { width: 620px; max-width: 100%; height: auto; }
svg.batches .ecdf { stroke: #1f4e79; }
svg.batches.fail .ecdf { stroke: #b2182b; }
svg.batches .batch { fill: #1f4e79; }
svg.batches.fail .batch { fill: #b2182b; }
.legend { font-size: 13px; color: #444; margin: 4px 0 8px; }
.legend svg { vertical-align: middle; margin: 0 3px 0 12px; }
figcaption, .note { font-size: 13px; color: #444; }
.read p { margin: 6px 0; }
footer { margin-top: 24px; font-size: 12px; color: #777; border-top: 1px solid #ccc; padding-top: 6px; }
@media print {
  body { font-size: 10pt; max-width: none; padding: 0; }
  h2 { break-after: avoid; }
  .tests { font-size: 8pt; }
  .tests td.num { font-size: 7pt; }
  .tests .detail { font-size: 7pt; }
  .tests tr { break-inside: avoid; }
  figure.heatmap svg { width: 150mm; }
  svg.batches { width: 58mm; height: auto; }
}
</style>
</head>
<body>
<h1>Shuffle audit report</h1>
<p class="sub"><span data-field="tool">{{.J.Tool}}</span> <span data-field="version">{{.J.Version}}</span>, <span data-field="date">{{.Date}}</span></p>

<div class="verdict {{.J.Verdict}}">
<span class="word" data-field="verdict">{{.J.Verdict}}</span>
<span class="why">{{if .Failed}}{{len .Failed}} of {{.Ran}} tests reject a uniform shuffle: {{range $i, $n := .Failed}}{{if $i}}, {{end}}{{$n}}{{end}}.{{else}}None of the {{.Ran}} tests rejects a uniform shuffle.{{end}}
Family-wise α = {{.J.Alpha}}, Holm’s correction.</span>
</div>

<table class="facts">
<tr><th>Input</th><td><code data-field="input">{{.J.Input}}</code>{{if .FromExec}} (the command’s output){{end}}</td></tr>
<tr><th>SHA-256 of the input</th><td class="hash" data-field="sha256">{{.J.SHA256}}</td></tr>
<tr><th>{{if eq .Unit "shoes"}}Shoes{{else if eq .Unit "deals"}}Deals{{else}}Decks{{end}}</th><td data-field="decks">{{.J.Decks}}</td></tr>
<tr><th>Shape</th><td data-field="shape">{{.J.Shape}}</td></tr>
<tr><th>Distinct cards (n)</th><td data-field="n">{{.J.N}}</td></tr>
<tr><th>Copies of each card</th><td data-field="copies">{{.Copies}}</td></tr>
<tr><th>Cards in a {{.Shuffled}}</th><td data-field="deck">{{.Deck}}</td></tr>
{{if .J.Used}}<tr><th>Cards a line holds</th><td><span data-field="dealt">{{.Dealt}}</span> to <span data-field="most_dealt">{{.J.Most}}</span>, as <span data-field="used">{{.J.Used}}</span> uses them; every other test sees the first {{.Dealt}}</td></tr>{{else}}<tr><th>Cards a line holds</th><td data-field="dealt">{{.Dealt}}</td></tr>{{end}}
<tr><th>Trailing blank lines</th><td data-field="trailing_blank_lines">{{.J.Blank}}</td></tr>
{{with .J.Cut}}<tr><th>Last line, cut short, left out</th><td data-field="cut_short_line">{{.}}</td></tr>
{{end}}{{with .J.MaxDecks}}<tr><th>Stopped at -max-decks</th><td data-field="max_decks">{{.}}</td></tr>
{{end}}<tr><th>Family-wise α</th><td data-field="alpha">{{.J.Alpha}}</td></tr>
<tr><th>Reproduce</th><td><pre data-field="command">{{.Command}}</pre>
<span class="note">{{if .FromStdin}}with the same {{.Unit}} on standard input (the SHA-256 above); {{else if .FromExec}}the command must print the same {{.Unit}} (the SHA-256 above); {{else}}in the same directory, with the same file (the SHA-256 above); {{end}}the same input gives the same figures.</span></td></tr>
</table>

<h2>Tests</h2>
<table class="tests">
<thead><tr><th>test, note</th><th class="num">statistic</th><th class="num">df</th><th class="num">p</th><th class="num">Holm p</th><th>result</th><th class="num">runs from</th></tr></thead>
<tbody>
{{range .Tests}}<tr class="{{.Class}}" data-test="{{.Name}}"><td><span class="name" data-field="name">{{.Name}}</span>{{if or .Skipped .Note}}<span class="detail">{{if .Skipped}}<span data-field="skipped">{{.Skipped}}</span>{{end}}{{if and .Skipped .Note}}; {{end}}{{if .Note}}<span data-field="note">{{.Note}}</span>{{end}}</span>{{end}}{{if .Batches}}<details><summary>the batches’ p-values</summary><span class="detail" data-field="batches">{{.Batches}}</span></details>{{end}}{{if .Outcomes}}<table class="outcomes" data-list="outcomes"><thead><tr><th>outcome</th><th class="num">observed</th><th class="num">expected</th></tr></thead><tbody>{{range .Outcomes}}<tr><td data-field="outcomes">{{.Name}}</td><td class="num" data-field="observed">{{.Observed}}</td><td class="num" data-field="expected">{{.Expected}}</td></tr>{{end}}</tbody></table>{{end}}</td>{{range .Nums}}<td class="num" data-field="{{.Field}}"{{if .Null}} data-json="null"{{else if .JSON}} data-json="{{.JSON}}"{{end}}>{{if .Null}}–{{else}}{{.Text}}{{end}}</td>{{end}}<td class="result" data-field="pass" data-json="{{.Pass}}">{{.Result}}</td><td class="num" data-field="min_decks">{{.MinDecks}}</td></tr>
{{end}}</tbody>
</table>
<p class="note">A game’s row gives, for each outcome, the {{.Unit}} that gave it (observed) and the average under a uniform shuffle (expected: the {{.Unit}} times its exact chance). Statistic: a chi-square; for repeats, the number of repeated {{.Unit}}; for the second level (…/batches), the Kolmogorov–Smirnov distance D. df: its degrees of freedom, or the number of batches. Runs from: the {{.Unit}} a test needs. The figures are those of the JSON report (-json), digit for digit, but that a p below 1e-300 reads &lt;1e-300, as in the text report.</p>

<h2>Where each card lands</h2>
{{if .Heatmap}}<figure class="heatmap">
{{.Heatmap}}<figcaption>Rows: cards; columns: positions in the {{.Shuffled}}, from 0. White: the card lands there 1/n of the time, as under a uniform shuffle; red: more often, blue: less often; full colour at ±{{.Scale}} of 1/n.</figcaption>
</figure>{{else}}<p class="note">{{.HeatmapWhy}}</p>{{end}}

<h2>Second level: the p-values of the batches</h2>
{{if .Plots}}<p class="legend">
<svg width="26" height="10"><path d="M1 5 H25" stroke="#1f4e79" stroke-width="2"/></svg>share of batches with p-value ≤ p (red when the test fails)
<svg width="26" height="10"><path d="M1 5 H25" stroke="#888" stroke-dasharray="4 3"/></svg>a uniform shuffle
<svg width="10" height="10"><circle cx="5" cy="5" r="2.5" fill="#1f4e79"/></svg>a batch
<svg width="12" height="14"><path d="M6 1 V13" stroke="#e66101" stroke-width="3"/></svg>D, the largest gap
</p>
<div class="figures">
{{range .Plots}}<figure>{{.}}</figure>
{{end}}</div>{{else}}<p class="note">No second-level test ran: the table above says what each needs.</p>{{end}}

<h2>How to read this</h2>
<div class="read">
<p>Each test counts one feature of the {{.Unit}} (where each card lands, which card follows which, the order of each pair, fixed points, cycles, rising sequences, how a {{.One}} follows the one before, repeated {{.Unit}}) and compares the count with its exact distribution under a uniform shuffle. Its p is the chance that a uniform shuffle gives a statistic at least as far from what is expected. With many tests some small p is expected by chance, so each p is adjusted for the whole family by Holm’s method: a test fails when its Holm p is below α, and the verdict is fail when any test fails. A uniform shuffle fails with a chance of at most α.</p>
<p>The second level cuts the {{.Unit}} into batches in the order they came and runs the tests on each batch. Under a uniform shuffle the batch p-values are spread evenly over 0 to 1, so each curve keeps close to the diagonal; D, the largest gap, is the Kolmogorov–Smirnov statistic. A bias that comes and goes, or drifts, pulls the curve away.</p>
<p>A pass is evidence, not proof: a bias too small to show in this many {{.Unit}}, or one that no test looks at, goes unseen.</p>
</div>
<footer>Written by {{if eq .J.Tool "shuffle-audit"}}shuffle-audit (github.com/fairshuffle/shuffle/cmd/shuffle-audit){{else}}{{.J.Tool}} (with github.com/fairshuffle/shuffle/audit/report){{end}}. This file is self-contained: it loads nothing.</footer>
</body>
</html>
`))
