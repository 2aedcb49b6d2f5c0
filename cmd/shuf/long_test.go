package main

import "github.com/fairshuffle/shuffle/internal/long"

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
