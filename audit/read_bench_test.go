package audit

import (
	"io"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkReader is reading alone: lines of 52 numbers to decks, with the
// digest.
func BenchmarkReader(b *testing.B) {
	var sb strings.Builder
	deck := make([]int, 52)
	for i := range deck {
		deck[i] = i
	}
	for d := range 20000 {
		deck[d%52], deck[(7*d+3)%52] = deck[(7*d+3)%52], deck[d%52]
		for i, c := range deck {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(c))
		}
		sb.WriteByte('\n')
	}
	input := sb.String()
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		r := NewReader(strings.NewReader(input), ReadOptions{})
		for {
			if _, err := r.Next(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/20000, "ns/deck")
}
