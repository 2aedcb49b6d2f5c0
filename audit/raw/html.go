package raw

import (
	"encoding/hex"
	"fmt"
	"html/template"
	"io"
	"strings"
	"time"
)

// Page is what an HTML report says beside a [Result]: what was read, and
// how.
type Page struct {
	Input   string   // what was read: a file, standard input, a source
	Command []string // the command line, if any
	Version string   // of the tool
	Date    time.Time
}

// WriteHTML writes r as one self-contained HTML page a lab can file: the
// input and its SHA-256, the verdict, the histogram of every p-value, and
// a table of STS's final analysis, a row per p-value of each test with
// its own histogram, STS's marks and the verdict's checks.
func (r *Result) WriteHTML(w io.Writer, pg Page) error {
	type row struct {
		Label, Uniformity, Proportion, Smallest, P string
		Bins                                       [10]int
		Plot                                       template.HTML
		STS, Fails                                 bool
	}
	type test struct {
		Battery, Name, Reason string
		NotApplicable         int
		Rows                  []row
	}
	var pooled [10]int
	var tests []test
	m := r.Checks()
	limit := r.Alpha / float64(max(m, 1))
	for _, t := range r.Tests {
		ht := test{Battery: t.Battery, Name: t.Name, Reason: t.Reason, NotApplicable: t.NotApplicable}
		for j, x := range t.Rows {
			u, pm, um := x.uniformityText()
			hr := row{Label: label(t, j), Uniformity: u + um, Proportion: fmt.Sprintf("%d/%d%s", x.Passed, x.Sequences, pm),
				Smallest: fmt.Sprintf("%.3g", x.Smallest), P: fmt.Sprintf("%.3g", x.P), Bins: x.Bins,
				Plot: histogram(x.Bins, 80, 16, false), STS: x.Pass(), Fails: x.P < limit}
			for k, c := range x.Bins {
				pooled[k] += c
			}
			ht.Rows = append(ht.Rows, hr)
		}
		tests = append(tests, ht)
	}
	verdict := r.Verdict().String()
	if r.Verdict() != NotEnoughData {
		t, j, p := r.Worst()
		verdict += fmt.Sprintf(": the smallest check's p-value is %.3g (%s), against %g/%d = %.3g", p, label(*t, j), r.Alpha, m, limit)
	}
	return htmlPage.Execute(w, map[string]any{
		"R": r, "Page": pg, "Verdict": verdict, "Class": strings.ReplaceAll(r.Verdict().String(), " ", "-"),
		"Command": strings.Join(pg.Command, " "), "Digest": hex.EncodeToString(r.Digest[:]),
		"Date": pg.Date.UTC().Format("2006-01-02 15:04:05 UTC"), "Checks": m,
		"Histogram": histogram(pooled, 600, 200, true), "Tests": tests,
	})
}

// histogram draws counts as an SVG bar chart w by h pixels; with axes, the
// tenths' labels and a line at the mean count, what uniform p-values give.
func histogram(counts [10]int, w, h int, axes bool) template.HTML {
	total, top := 0, 1
	for _, c := range counts {
		total, top = total+c, max(top, c)
	}
	pad := 0
	if axes {
		pad = 20
	}
	bw := float64(w) / 10
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img">`, w, h+pad)
	for i, c := range counts {
		bh := float64(h) * float64(c) / float64(top) * 0.95
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#4a6fa5"><title>[%.1f, %.1f): %d</title></rect>`,
			float64(i)*bw+1, float64(h)-bh, bw-2, bh, float64(i)/10, float64(i+1)/10, c)
		if axes {
			fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="12" text-anchor="middle">%.1f–%.1f</text>`, (float64(i)+0.5)*bw, h+15, float64(i)/10, float64(i+1)/10)
		}
	}
	if axes && total > 0 {
		y := float64(h) - float64(h)*float64(total)/10/float64(top)*0.95
		fmt.Fprintf(&b, `<line x1="0" x2="%d" y1="%.1f" y2="%.1f" stroke="#c0392b" stroke-dasharray="6 4"/>`, w, y, y)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

var htmlPage = template.Must(template.New("raw").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>Raw output audit: {{.R.Verdict}}</title>
<style>
body{font-family:sans-serif;margin:2em;max-width:70em;color:#222}
table{border-collapse:collapse;font-size:13px}
td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}
th{background:#eee}
td.l,th.l{text-align:left}
.pass{color:#1e7b34}.fail{color:#b00020}.not-enough-data{color:#8a6d00}
tr.bad td{background:#fde8e8}
.meta td{text-align:left}
</style></head><body>
<h1>Raw output audit: <span class="{{.Class}}">{{.R.Verdict}}</span></h1>
<table class="meta">
<tr><th class="l">Input</th><td>{{.Page.Input}}</td></tr>
{{if .Command}}<tr><th class="l">Command</th><td><code>{{.Command}}</code></td></tr>{{end}}
<tr><th class="l">Sequences</th><td>{{.R.Sequences}} of {{.R.SeqLen}} bits, most significant bit of each byte first; {{.R.LeftOver}} bits left over</td></tr>
<tr><th class="l">Bytes read</th><td>{{.R.Bytes}}, SHA-256 <code>{{.Digest}}</code></td></tr>
<tr><th class="l">Verdict</th><td class="{{.Class}}">{{.Verdict}} (Bonferroni over {{.Checks}} checks at α = {{.R.Alpha}}: each row's smallest p-value, its count of p-values below 0.01, and from 55 sequences its uniformity)</td></tr>
<tr><th class="l">Tool</th><td>shuffle-audit {{.Page.Version}}, {{.Date}}</td></tr>
</table>
<h2>Every p-value, in tenths</h2>
<p>All the p-values of every row below, pooled; the dashed line is the count in each tenth if they are uniform.</p>
{{.Histogram}}
<h2>STS's final analysis</h2>
<p>C1 to C10: the p-values of a row in each tenth, [0, 0.1) to [0.9, 1]. Uniformity: the χ² p-value of those counts, * below 0.0001. Proportion: the p-values not below 0.01, * outside STS's range. Rows whose check fails the verdict are shaded.</p>
<table>
<tr><th class="l">Test</th><th>C1</th><th>C2</th><th>C3</th><th>C4</th><th>C5</th><th>C6</th><th>C7</th><th>C8</th><th>C9</th><th>C10</th><th>histogram</th><th>uniformity</th><th>proportion</th><th>STS</th><th>smallest p</th><th>check p</th></tr>
{{range .Tests}}{{$t := .}}{{if not .Rows}}<tr><td class="l">{{.Name}}</td><td colspan="16" class="l">does not apply to any sequence: {{.Reason}}</td></tr>{{end}}{{range .Rows}}<tr{{if .Fails}} class="bad"{{end}}><td class="l">{{.Label}}</td>{{range .Bins}}<td>{{.}}</td>{{end}}<td>{{.Plot}}</td><td>{{.Uniformity}}</td><td>{{.Proportion}}</td><td>{{if .STS}}pass{{else}}<span class="fail">*</span>{{end}}</td><td>{{.Smallest}}</td><td>{{.P}}</td></tr>
{{end}}{{end}}</table>
</body></html>
`))
