package sp80022

import (
	"fmt"

	"github.com/fairshuffle/shuffle/audit/internal/pvalue"
)

// igamc and normal are the shared ones, under the names STS gives them.
var (
	igamc  = pvalue.Igamc
	normal = pvalue.Normal
)

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
