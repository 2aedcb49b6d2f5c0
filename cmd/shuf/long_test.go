package main

import "github.com/fairshuffle/shuffle/internal/long"

// quick returns full with SHUFFLE_LONG=1 and a fifth of it otherwise: the
// chi-square tests of this package take a fifth of their trials by
// default, keeping their level and their negative controls, which fail
// even then at p < 10⁻¹⁴.
func quick(full int) int {
	if long.Enabled() {
		return full
	}
	return full / 5
}

// sampled returns every vector with SHUFFLE_LONG=1, and otherwise every
// fourth, from the first: a fixed cross-section for the default run.
func sampled[E any](all []E) []E {
	if long.Enabled() {
		return all
	}
	var out []E
	for i := 0; i < len(all); i += 4 {
		out = append(out, all[i])
	}
	return out
}
