// Command mixing prints, as Markdown, how many rounds each repeated shuffle
// of the shuffle package needs before its deck is within a total variation
// distance of 0.01 of uniform, for 3 to 7 cards, exactly; and how many
// riffles decks of up to 10,000 cards need, from Bayer and Diaconis's
// formula. The mixing tables of docs/fairness.md are its output:
//
//	go run ./cmd/mixing
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fairshuffle/shuffle"
)

func main() {
	eps := flag.Float64("eps", 0.01, "the distance to reach")
	maxRounds := flag.Int("max", 400, "rounds to try before answering 'never'")
	flag.Parse()
	if *eps <= 0 || *eps >= 1 || *maxRounds < 1 {
		fmt.Fprintln(os.Stderr, "mixing: -eps must be in (0, 1) and -max at least 1")
		os.Exit(2)
	}
	run(os.Stdout, *eps, *maxRounds, []int{3, 4, 5, 6, 7}, []int{10, 52, 100, 1000, 10000})
}

// run writes both tables: the repeated shuffles on sizes items (at most 8),
// the riffle on cards.
func run(w io.Writer, eps float64, maxRounds int, sizes, cards []int) {
	fmt.Fprintf(w, "Rounds needed for a total variation distance below %g, exact by enumeration (in brackets: the distance after the default number of rounds):\n\n", eps)
	fmt.Fprintf(w, "| shuffle |")
	for _, n := range sizes {
		fmt.Fprintf(w, " n = %d |", n)
	}
	fmt.Fprintf(w, "\n| --- |%s\n", strings.Repeat(" --- |", len(sizes)))
	for _, a := range shuffle.Algorithms() {
		if a.Rounds == nil {
			continue // one pass: no rounds to count
		}
		fmt.Fprintf(w, "| %s |", a.Name)
		for _, n := range sizes {
			need := "never"
			for k, d := range shuffle.Distances(a, n, maxRounds) {
				if d < eps {
					need = fmt.Sprint(k)
					break
				}
			}
			fmt.Fprintf(w, " %s (%.3g) |", need, shuffle.Distance(a, n, 0))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nRiffles needed for a total variation distance below %g, from Bayer and Diaconis's formula:\n\n", eps)
	fmt.Fprint(w, "| cards |")
	for _, n := range cards {
		fmt.Fprintf(w, " %d |", n)
	}
	fmt.Fprintf(w, "\n| --- |%s\n| riffles |", strings.Repeat(" --- |", len(cards)))
	for _, n := range cards {
		// The distance falls with every riffle: bisect for the first k
		// below eps, between 0 and 64 riffles.
		lo, hi := 0, 64
		for lo < hi {
			if mid := (lo + hi) / 2; shuffle.RiffleDistance(n, mid) < eps {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		fmt.Fprintf(w, " %d |", lo)
	}
	fmt.Fprintln(w)
}
