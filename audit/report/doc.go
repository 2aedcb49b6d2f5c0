// Package report writes an audit of shuffled decks ([audit.Report]) as
// shuffle-audit does: the text table, the JSON report, one self-contained
// HTML page for filing, and heat maps of the position and adjacency tables
// as PNG and SVG.
//
//	rd := audit.NewReader(f, audit.ReadOptions{Name: "decks.txt"})
//	r, err := rd.Audit(audit.Options{})
//	…
//	rec := &report.Record{Report: r, Source: "decks.txt", Input: rd.Input(), Card: rd.Card}
//	err = report.HTML(w, rec)
//
// It is a package of its own, not part of audit, so that a program that
// only wants the statistics does not link html/template, image/png and a
// font: audit needs gonum and the standard library's basics only.
//
// The heat maps' text is drawn with golang.org/x/image/font in the Go
// fonts; their colours are a diverging map from blue through white to
// red. The HTML page loads nothing: its plots and heat map are inline SVG.
package report
