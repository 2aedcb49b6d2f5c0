package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/audit/report"
)

// decksLog is a log of count decks of n cards, one a line, shuffled by
// math/rand/v2 from a fixed seed.
func decksLog(count, n int) string {
	r := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for range count {
		cards := make([]string, n)
		for i, c := range r.Perm(n) {
			cards[i] = strconv.Itoa(c)
		}
		b.WriteString(strings.Join(cards, " ") + "\n")
	}
	return b.String()
}

// Read a log, audit it, and write the report shuffle-audit prints.
func ExampleText() {
	rd := audit.NewReader(strings.NewReader(decksLog(5000, 8)), audit.ReadOptions{Name: "decks.txt"})
	r, err := rd.Audit(audit.Options{})
	if err != nil {
		panic(err)
	}
	rec := &report.Record{Report: r, Source: "decks.txt", Input: rd.Input(), Card: rd.Card}
	var text strings.Builder
	if err := report.Text(&text, rec); err != nil {
		panic(err)
	}
	for _, line := range strings.Split(text.String(), "\n")[:8] {
		fmt.Println(strings.TrimRight(line, " "))
	}
	// Output:
	// Audit of 5000 decks of 8 cards from decks.txt (sha256 d381da10c52151ee9f602aedb21677a89e4389720225705119f9707fd7172324).
	// 11 tests ran; family-wise α = 0.001 (Holm's correction).
	//
	// test                  statistic  df  p      Holm p  result
	// positions             63.4       49  0.163  1.000   pass
	// cards                 14.5       7   0.346  1.000   pass     worst card: 7
	// places                20.9       7   0.031  0.345   pass     worst position: 5 (from 1)
	// spearman              0.0        1   0.929  1.000   pass
}

// Write the HTML report for filing: one self-contained page.
func ExampleHTML() {
	rd := audit.NewReader(strings.NewReader(decksLog(5000, 8)), audit.ReadOptions{Name: "decks.txt"})
	r, err := rd.Audit(audit.Options{})
	if err != nil {
		panic(err)
	}
	rec := &report.Record{Report: r, Source: "decks.txt", Input: rd.Input(), Card: rd.Card,
		Tool: "my-audit", Version: "v1.0.0", Command: []string{"my-audit", "decks.txt"},
		Date: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)}
	var page bytes.Buffer
	if err := report.HTML(&page, rec); err != nil {
		panic(err)
	}
	fmt.Println(regexp.MustCompile(`<title>.*</title>`).FindString(page.String()))
	// Output:
	// <title>Shuffle audit: pass, 5000 decks of 8 cards</title>
}

// Draw the position and adjacency tables as PNG heat maps.
func ExampleHeatmaps() {
	rd := audit.NewReader(strings.NewReader(decksLog(5000, 8)), audit.ReadOptions{})
	r, err := rd.Audit(audit.Options{})
	if err != nil {
		panic(err)
	}
	pos, adj := report.Heatmaps(r, 0.25)
	pos.Title, adj.Title = report.Describe(r), "adjacency"
	for _, h := range []report.Heatmap{pos, adj} {
		var b bytes.Buffer
		if err := h.WritePNG(&b); err != nil { // or WriteSVG
			panic(err)
		}
		img, err := png.Decode(&b)
		if err != nil {
			panic(err)
		}
		fmt.Println(h.Title, img.Bounds().Size())
	}
	// Output:
	// 5000 decks of 8 cards (717,648)
	// adjacency (717,648)
}

// Write the JSON report, and read a figure back.
func ExampleJSON() {
	rd := audit.NewReader(strings.NewReader(decksLog(5000, 8)), audit.ReadOptions{Name: "decks.txt"})
	r, err := rd.Audit(audit.Options{})
	if err != nil {
		panic(err)
	}
	var b bytes.Buffer
	if err := report.JSON(&b, &report.Record{Report: r, Source: "decks.txt", Input: rd.Input(), Tool: "my-audit"}); err != nil {
		panic(err)
	}
	var j struct {
		Verdict string
		Tests   []struct {
			Name string
			P    *float64
		}
	}
	if err := json.Unmarshal(b.Bytes(), &j); err != nil {
		panic(err)
	}
	fmt.Printf("%s: %s p = %.3f\n", j.Verdict, j.Tests[0].Name, *j.Tests[0].P)
	// Output:
	// pass: positions p = 0.163
}
