package shuffle

import (
	"math/rand/v2"
	"runtime"
)

// fisher-yates is Durstenfeld's backward loop, as durstenfeld runs it, with its
// indices cut several from each random word, by chained multiplications with
// one rejection test against the product of their bounds (Brackett-Rozinsky
// and Lemire, 2025; the proof is in batch.go): six per word while the bound
// is at most 2⁹, down to two up to 2²⁸. From large.threshold items on it
// scatters into cache-sized buckets first (large.go).
var algFisherYates = &algo{name: "fisher-yates", uniform: true,
	summary: "Durstenfeld's backward swap loop on the package's fastest exact path",
	time:    "O(n)", draws: "n−1 bounded indices, up to six from each word",
	shape: shapeBackward, batched: true, scatters: true}

//go:generate go run ./internal/genloops

// FisherYates shuffles s in place, uniformly: the package's fastest exact
// shuffle.
//
// O(n) time, n−1 bounded draws, up to six a word; from 2²³ items a buffer of n.
func FisherYates[S ~[]E, E any](s S) { shuffleSlice(&shuffler{alg: algFisherYates}, s) }

// NewFisherYates returns the fisher-yates [Shuffler], drawing from src: for i =
// n−1 down to 1, swap item i with a uniform item j ≤ i.
//
// From 2²³ items it scatters as [Parallel] does.
func NewFisherYates(src rand.Source) Shuffler { return &shuffler{alg: algFisherYates, src: src} }

// Parallel shuffles s in place with fisher-yates on up to workers goroutines
// (0: GOMAXPROCS), in the very order [Slice]([NewFisherYates](src), s) gives.
//
// From 2²³ items it allocates len(s) items and draws from generators seeded
// from src, which must wait. It panics if workers < 0.
func Parallel[S ~[]E, E any](src rand.Source, s S, workers int) {
	if workers < 0 {
		panic("shuffle: Parallel: negative workers")
	}
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	if len(s) < large.threshold {
		Slice(NewFisherYates(src), s)
		return
	}
	r := newRNG(src)
	if r.script != nil {
		backward(&r, s, true)
		return
	}
	scatter(&r, s, workers)
}
