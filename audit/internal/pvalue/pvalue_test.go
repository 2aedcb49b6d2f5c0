package pvalue

import (
	"math"
	"testing"
)

// TestValues holds the three functions to values known in closed form:
// Q(1, x) = e^−x; the chi-square with 2 degrees of freedom, e^(−x/2);
// Φ(±1.959963984540054) = 0.975, 0.025; and STS's conventions at the edges.
func TestValues(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Igamc(1, 2)", Igamc(1, 2), math.Exp(-2)},
		{"Igamc(3, 0)", Igamc(3, 0), 1},
		{"Igamc(0, 3)", Igamc(0, 3), 1},
		{"ChiSquare(5, 2)", ChiSquare(5, 2), math.Exp(-2.5)},
		{"ChiSquare(+Inf, 9)", ChiSquare(math.Inf(1), 9), 0},
		{"Normal(1.96)", Normal(1.959963984540054), 0.975},
		{"Normal(-1.96)", Normal(-1.959963984540054), 0.025},
		{"Normal(0)", Normal(0), 0.5},
	} {
		if math.Abs(c.got-c.want) > 1e-14 {
			t.Errorf("%s = %.17g, want %.17g", c.name, c.got, c.want)
		}
	}
}
