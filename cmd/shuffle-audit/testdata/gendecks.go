//go:build ignore

// Gendecks writes uniformly shuffled decks, one a line, for measuring
// shuffle-audit's throughput:
//
//	go run ./cmd/shuffle-audit/testdata/gendecks.go -decks 10000000 > decks.txt
//
// Each deck is a permutation of 0..n−1 (or, with -copies k, k copies of each
// card: a shoe), numbers separated by spaces, shuffled by Fisher–Yates from
// PCG(-seed, 0), so the same flags give the same file.
package main

import (
	"bufio"
	"flag"
	"math/rand/v2"
	"os"
	"strconv"
)

func main() {
	decks := flag.Int("decks", 1000000, "decks to write")
	n := flag.Int("n", 52, "distinct cards")
	copies := flag.Int("copies", 1, "copies of each card")
	seed := flag.Uint64("seed", 1, "seed")
	flag.Parse()
	r := rand.New(rand.NewPCG(*seed, 0))
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	deck := make([]int, *n**copies)
	var line []byte
	for range *decks {
		for i := range deck {
			deck[i] = i % *n
		}
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		line = line[:0]
		for i, c := range deck {
			if i > 0 {
				line = append(line, ' ')
			}
			line = strconv.AppendInt(line, int64(c), 10)
		}
		line = append(line, '\n')
		w.Write(line)
	}
	if err := w.Flush(); err != nil {
		os.Exit(1)
	}
}
