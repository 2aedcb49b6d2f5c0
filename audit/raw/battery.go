package raw

import "github.com/fairshuffle/shuffle/audit/sp80022"

// A Battery is a named list of tests of a sequence of bits, each giving
// its p-values in a fixed order, or an error where it does not apply.
type Battery struct {
	Name  string
	Tests []sp80022.Test
}

// Batteries returns the batteries [Run] applies, in the order it reports
// them: NIST SP 800-22 rev 1a's fifteen tests. Each call returns new
// slices.
func Batteries() []Battery {
	return []Battery{
		{"NIST SP 800-22 rev 1a", sp80022.Tests()},
	}
}

// excursions reports whether test name is one of the random excursions
// tests, whose p-values of 0 STS's final analysis leaves out.
func excursions(name string) bool {
	return name == "RandomExcursions" || name == "RandomExcursionsVariant"
}
