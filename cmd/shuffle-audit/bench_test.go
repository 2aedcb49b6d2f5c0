package main

import (
	"strings"
	"testing"
)

// BenchmarkReadDecks is the reading goroutine alone: lines of 52 numbers
// to decks, with the digest; the audit runs on another goroutine.
func BenchmarkReadDecks(b *testing.B) {
	input := decks(20000, 52, fmtInts)
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		out := make(chan chunk, 1)
		free := make(chan []int, 1)
		go readDecks(strings.NewReader(input), &inputOptions{}, out, free, nil)
		for ch := range out {
			select {
			case free <- ch.decks:
			default:
			}
			if ch.done {
				break
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/20000, "ns/deck")
}
