package vectors_test

import (
	"fmt"

	"github.com/fairshuffle/shuffle/compat/internal/vectors"
)

// A shuffle line of Gen.java, gen.php or gen.rb names the order by the
// SHA-256 of its decimals a line each; gen.py, gen.cpp, gen.mjs and rand's
// gen join them with blanks.
func ExampleSum() {
	order := vectors.Iota[int32](3)
	fmt.Println(vectors.Decimals(order))
	fmt.Println(vectors.SumLines(order))
	fmt.Println(vectors.Sum([]int64{0, 1, 2, -3}))
	// Output:
	// [0 1 2]
	// b78a1987bcbdc0903ba6ba29ee3e1f4e7cc1ca868a60889beb141e26e06cb005
	// 0febbeae02342c42d1711f5178625e4315c145798403de3694d4db5e7432d0d9
}

func ExampleRepr() {
	fmt.Println(vectors.Repr(0.5), vectors.Repr(3), vectors.Repr(1e-5), vectors.Repr(1.0/3))
	// Output: 0.5 3.0 1e-05 0.3333333333333333
}
