// Package pvalue holds the p-values that the raw-output tests share:
// audit/sp80022's NIST tests and audit/classic's Knuth tests.
package pvalue

import (
	"math"

	"gonum.org/v1/gonum/mathext"
)

// Igamc is the regularised upper incomplete gamma function Q(a, x), with
// NIST's STS convention that it is 1 when x ≤ 0 or a ≤ 0. STS uses Cephes'
// old igamc; gonum's is Cephes' newer one, which agrees with it far inside
// the six decimals STS prints.
func Igamc(a, x float64) float64 {
	if x <= 0 || a <= 0 {
		return 1
	}
	return mathext.GammaIncRegComp(a, x)
}

// ChiSquare is the upper tail of the chi-square distribution with df
// degrees of freedom at x: Q(df/2, x/2), 0 at x = +Inf.
func ChiSquare(x, df float64) float64 {
	if math.IsInf(x, 1) {
		return 0
	}
	return Igamc(df/2, x/2)
}

// Normal is the standard normal distribution function as STS's
// cephes_normal computes it, from erf on either side of zero.
func Normal(x float64) float64 {
	if x > 0 {
		return 0.5 * (1 + math.Erf(x/math.Sqrt2))
	}
	return 0.5 * (1 - math.Erf(-x/math.Sqrt2))
}
