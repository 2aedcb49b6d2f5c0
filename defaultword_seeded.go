//go:build shuffle_seeddefault

package shuffle

import (
	"math/rand/v2"
	"sync"
)

// defaultWords is where backwardDefault takes its words from when the
// package is built with the tag shuffle_seeddefault, for the tests only
// (TestDefaultLoop); never in a build without the tag.
var defaultWords rand.Source = rand.NewPCG(0x5eed, 0xdef)

// defaultMu keeps defaultWords whole when the tests shuffle with the
// default source on several goroutines, as the default source allows.
var defaultMu sync.Mutex

// defaultWord is, under the tag, the next word of defaultWords.
func defaultWord() uint64 {
	defaultMu.Lock()
	defer defaultMu.Unlock()
	return defaultWords.Uint64()
}
