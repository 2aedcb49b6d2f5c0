package main

import "github.com/fairshuffle/shuffle/internal/long"

// sampled returns every vector with SHUFFLE_LONG=1, and otherwise every
// eighth, from the first: a fixed cross-section for the default run (the
// vectors are drawn at random, so any eighth of them is).
func sampled[E any](all []E) []E {
	if long.Enabled() {
		return all
	}
	var out []E
	for i := 0; i < len(all); i += 8 {
		out = append(out, all[i])
	}
	return out
}
