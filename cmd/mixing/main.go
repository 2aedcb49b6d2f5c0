// Command mixing prints, as Markdown, how many rounds each repeated shuffle
// of the shuffle package needs before its deck is within a total variation
// distance of 0.01 of uniform, for 3 to 7 cards, with the exact distances
// behind the answer; and the same for the riffle at deck sizes up to 10,000
// from Bayer and Diaconis's formula. The README's mixing tables are its
// output:
//
//	go run ./cmd/mixing
package main

import (
	"flag"
	"fmt"
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
	sizes := []int{3, 4, 5, 6, 7}
	fmt.Printf("Rounds needed for a total variation distance below %g, exact by enumeration (in brackets: the distance after the default number of rounds):\n\n", *eps)
	fmt.Printf("| shuffle |")
	for _, n := range sizes {
		fmt.Printf(" n = %d |", n)
	}
	fmt.Printf("\n| --- |%s\n", strings.Repeat(" --- |", len(sizes)))
	for _, a := range shuffle.Algorithms() {
		if a.NewRounds == nil {
			continue
		}
		fmt.Printf("| %s |", a.Name)
		for _, n := range sizes {
			curve := shuffle.Distances(a, n, *maxRounds)
			need := "never"
			for k, d := range curve {
				if d < *eps {
					need = fmt.Sprint(k)
					break
				}
			}
			fmt.Printf(" %s (%.3g) |", need, shuffle.Distance(a, n, 0))
		}
		fmt.Println()
	}
	fmt.Printf("\nRiffles needed for a total variation distance below %g, from Bayer and Diaconis's formula:\n\n", *eps)
	fmt.Println("| cards | 10 | 52 | 100 | 1,000 | 10,000 |")
	fmt.Println("| --- | --- | --- | --- | --- | --- |")
	fmt.Print("| riffles |")
	for _, n := range []int{10, 52, 100, 1000, 10000} {
		// The distance falls with every riffle: bisect for the first k
		// below eps, between 0 and 64 riffles.
		lo, hi := 0, 64
		for lo < hi {
			if mid := (lo + hi) / 2; shuffle.RiffleDistance(n, mid) < *eps {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		fmt.Printf(" %d |", lo)
	}
	fmt.Println()
}
