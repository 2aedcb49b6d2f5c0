package sp80022

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"
)

// igamc is the regularised upper incomplete gamma function Q(a, x) with
// STS's convention that it is 1 when x ≤ 0 or a ≤ 0. STS uses Cephes' old
// igamc; gonum's is Cephes' newer one, which agrees with it far inside the
// six decimals STS prints (the tests against STS's figures hold it to that).
func igamc(a, x float64) float64 {
	if x <= 0 || a <= 0 {
		return 1
	}
	return mathext.GammaIncRegComp(a, x)
}

// normal is the standard normal distribution function as STS's
// cephes_normal computes it, from erf on either side of zero.
func normal(x float64) float64 {
	if x > 0 {
		return 0.5 * (1 + math.Erf(x/math.Sqrt2))
	}
	return 0.5 * (1 - math.Erf(-x/math.Sqrt2))
}

// NotApplicableError reports that a test does not apply to a sequence:
// where STS writes no p-value, or computes one from no data.
type NotApplicableError struct {
	Test   string // NIST's name of the test, as in STS's output directories
	Reason string
}

// Error says which test does not apply, and why.
func (e *NotApplicableError) Error() string {
	return fmt.Sprintf("sp80022: %s does not apply: %s", e.Test, e.Reason)
}

func notApplicable(test, format string, args ...any) error {
	return &NotApplicableError{Test: test, Reason: fmt.Sprintf(format, args...)}
}
