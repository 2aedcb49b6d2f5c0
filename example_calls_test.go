package shuffle_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle"
)

// A seating order for six guests: seat i gets guest p[i].
func ExamplePerm() {
	fmt.Println(shuffle.Perm(rand.NewPCG(1, 2), 6))
	// Output:
	// [2 1 5 0 3 4]
}

func ExampleChoose() {
	src := rand.NewPCG(1, 2)
	moves := []string{"rock", "paper", "scissors"}
	for range 4 {
		fmt.Println(shuffle.Choose(src, moves))
	}
	// Output:
	// scissors
	// paper
	// scissors
	// scissors
}

// Five winning tickets of a million, the million left as they were:
// SampleOf allocates the five, never a copy of the rest.
func ExampleSampleOf() {
	tickets := make([]int, 1_000_000)
	for i := range tickets {
		tickets[i] = 100_000_000 + i
	}
	fmt.Println(shuffle.SampleOf(rand.NewPCG(1, 2), tickets, 5))
	fmt.Println(tickets[:3])
	// Output:
	// [100769373 100616436 100784428 100796597 100234279]
	// [100000000 100000001 100000002]
}

// A prize draw: each ticket wins with probability its weight over the
// weights left; a winner is out, and a ticket bought late joins the pool.
func ExampleNewWeighted() {
	names := []string{"ann", "bob", "cy", "dee"}
	tickets := []float64{5, 1, 3, 1}
	pool, err := shuffle.NewWeighted(rand.NewPCG(2026, 1), tickets)
	if err != nil {
		panic(err)
	}
	first, _ := pool.Take()
	fmt.Println("first prize:", names[first])
	if err := pool.Reweight(1, 4); err != nil { // bob buys three more
		panic(err)
	}
	for {
		i, ok := pool.Take()
		if !ok {
			break
		}
		fmt.Println("next:", names[i])
	}
	fmt.Println(pool.Reweight(2, -1))
	// Output:
	// first prize: ann
	// next: bob
	// next: dee
	// next: cy
	// shuffle: Weighted.Reweight: weight 2 is -1; weights must be finite and not negative
}
