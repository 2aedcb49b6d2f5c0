//go:build !shuffle_seeddefault

package shuffle

import "math/rand/v2"

// defaultWord is the default source's next word for backwardDefault,
// rand.Uint64 (inlined: nothing between the loop and the runtime). Built
// with the tag shuffle_seeddefault, the tests choose its words instead
// (defaultword_seeded.go), so that they can compare that loop with the
// reference word for word, as they do the seeded loops: the default source
// itself cannot be seeded.
func defaultWord() uint64 { return rand.Uint64() }
