package raw

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/fairshuffle/shuffle"
)

// Reader returns an endless stream of src's output: each Uint64 as 8
// bytes, most significant first, so that [Run] tests the words' bits in
// the order [sp80022.FromSource] takes them. Its Read never fails.
func Reader(src rand.Source) *SourceReader { return &SourceReader{src: src} }

// A SourceReader is the stream of [Reader].
type SourceReader struct {
	src  rand.Source
	word [8]byte
	left int // bytes of word not yet read
}

func (s *SourceReader) Read(p []byte) (int, error) {
	n := 0
	for s.left > 0 && n < len(p) {
		p[n] = s.word[8-s.left]
		n, s.left = n+1, s.left-1
	}
	for ; len(p)-n >= 8; n += 8 {
		binary.BigEndian.PutUint64(p[n:], s.src.Uint64())
	}
	if n < len(p) {
		binary.BigEndian.PutUint64(s.word[:], s.src.Uint64())
		s.left = 8
		for s.left > 0 && n < len(p) {
			p[n] = s.word[8-s.left]
			n, s.left = n+1, s.left-1
		}
	}
	return n, nil
}

// Sources names the sources [Source] makes.
var Sources = []string{"pcg", "chacha8", "crypto"}

// Source returns a new source by name: "pcg" (math/rand/v2's PCG seeded
// with seed and 0), "chacha8" (ChaCha8 whose key is seed, little-endian,
// then zeros) or "crypto" ([shuffle.NewCryptoSource], which ignores seed).
func Source(name string, seed uint64) (rand.Source, error) {
	switch name {
	case "pcg":
		return rand.NewPCG(seed, 0), nil
	case "chacha8":
		var key [32]byte
		binary.LittleEndian.PutUint64(key[:], seed)
		return rand.NewChaCha8(key), nil
	case "crypto":
		return shuffle.NewCryptoSource(), nil
	}
	return nil, fmt.Errorf("raw: no source %q; there are %s", name, strings.Join(Sources, ", "))
}
