package raw

import (
	"github.com/fairshuffle/shuffle/audit/classic"
	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// A Battery is a named list of tests of a sequence of bits, each giving
// its p-values in a fixed order, or an error where it does not apply.
type Battery struct {
	Name  string
	Tests []sp80022.Test
}

// Batteries returns the batteries [Run] applies, in the order it reports
// them: NIST SP 800-22 rev 1a's fifteen tests, then the classic tests of
// [classic.Tests] (Knuth's §3.3.2, one p-value each). Each call returns
// new slices.
func Batteries() []Battery {
	return []Battery{
		{"NIST SP 800-22 rev 1a", sp80022.Tests()},
		{"Classic tests (Knuth, TAOCP vol. 2, §3.3.2)", classicTests()},
	}
}

// classicTests returns [classic.Tests] as tests of the form every battery
// here has: a test's one p-value, or its error.
func classicTests() []sp80022.Test {
	var ts []sp80022.Test
	for _, t := range classic.Tests() {
		ts = append(ts, sp80022.Test{Name: t.Name, Run: func(b sp80022.Bits) ([]float64, error) {
			r, err := t.Run(b)
			if err != nil {
				return nil, err
			}
			return []float64{r.P}, nil
		}})
	}
	return ts
}

// excursions reports whether test name is one of the random excursions
// tests, whose p-values of 0 STS's final analysis leaves out.
func excursions(name string) bool {
	return name == "RandomExcursions" || name == "RandomExcursionsVariant"
}
