package ethereum

import (
	"crypto/sha256"
	"encoding/binary"
)

// The SHUFFLE_ROUND_COUNT of the specification's presets.
const (
	RoundsMainnet = 90
	RoundsMinimal = 10
)

// maxCount is the largest count the specification can shuffle: a position
// over 256 must fit in 32 bits.
const maxCount = 1 << 40

// ShuffledIndex returns compute_shuffled_index(index, count, seed) with
// rounds rounds, as the consensus specification defines it.
// It hashes 2·rounds times; it panics if index >= count, if count > 2^40
// (the specification's uint32 of position/256 overflows) or if rounds is
// outside [0, 255].
func ShuffledIndex(index, count uint64, seed [32]byte, rounds int) uint64 {
	if index >= count {
		panic("ethereum: ShuffledIndex: index >= count")
	}
	if count > maxCount {
		panic("ethereum: ShuffledIndex: count > 2^40")
	}
	checkRounds("ShuffledIndex", rounds)
	var buf [32 + 1 + 4]byte
	copy(buf[:], seed[:])
	for r := range rounds {
		buf[32] = byte(r)
		p := sha256.Sum256(buf[:33])
		pivot := binary.LittleEndian.Uint64(p[:8]) % count
		flip := pivot - index // (pivot + count - index) mod count, without overflow
		if pivot < index {
			flip += count
		}
		position := max(index, flip)
		binary.LittleEndian.PutUint32(buf[33:], uint32(position/256))
		h := sha256.Sum256(buf[:])
		if h[position%256/8]>>(position%8)&1 == 1 {
			index = flip
		}
	}
	return index
}

// Shuffle permutes s so that item i becomes the former item
// ShuffledIndex(i, len(s), seed, rounds), the order compute_committee
// slices (Lodestar's unshuffleList). It hashes about rounds·(len(s)/256 + 3)
// times; it panics if len(s) > 2^40 or rounds is outside [0, 255].
func Shuffle[S ~[]E, E any](s S, seed [32]byte, rounds int) {
	check("Shuffle", len(s), rounds)
	// Round r maps each position i to flip(i) or leaves it, an involution;
	// ShuffledIndex applies rounds 0, 1, ... to an index, so the list, whose
	// item i must be s[f_last(...f_0(i))], takes the rounds last first.
	for r := rounds - 1; r >= 0; r-- {
		round(s, seed, r)
	}
}

// InverseShuffle undoes [Shuffle]: its item ShuffledIndex(i) becomes the
// former item i, as Lodestar's shuffleList. Its cost is Shuffle's.
func InverseShuffle[S ~[]E, E any](s S, seed [32]byte, rounds int) {
	check("InverseShuffle", len(s), rounds)
	for r := range rounds {
		round(s, seed, r)
	}
}

func checkRounds(name string, rounds int) {
	if rounds < 0 || rounds > 255 {
		panic("ethereum: " + name + ": rounds outside [0, 255]")
	}
}

// check panics, naming the call, if ShuffledIndex would for a list of n.
func check(name string, n, rounds int) {
	if uint64(n) > maxCount {
		panic("ethereum: " + name + ": len(s) > 2^40")
	}
	checkRounds(name, rounds)
}

// round applies round r's swaps to s: i and its flip (pivot - i) mod n are
// swapped when the bit of the larger of the two is set. The pairs lie in
// [0, pivot] and in (pivot, n), each mirrored about its middle, and each
// pair's larger position falls as its smaller one rises, so one hash
// serves a run of 256 positions.
func round[E any](s []E, seed [32]byte, r int) {
	n := uint64(len(s))
	if n <= 1 {
		return
	}
	var buf [32 + 1 + 4]byte
	copy(buf[:], seed[:])
	buf[32] = byte(r)
	p := sha256.Sum256(buf[:33])
	pivot := binary.LittleEndian.Uint64(p[:8]) % n
	var h [32]byte
	block := ^uint64(0) // the position/256 that h is the hash of
	// [0, pivot]: i and pivot-i, for i < pivot-i; then (pivot, n): i and
	// pivot+n-i, for i < pivot+n-i.
	for _, half := range [2][2]uint64{{0, pivot}, {pivot + 1, n - 1}} {
		for i, j := half[0], half[1]; i < j; i, j = i+1, j-1 {
			if j/256 != block {
				block = j / 256
				binary.LittleEndian.PutUint32(buf[33:], uint32(block))
				h = sha256.Sum256(buf[:])
			}
			// A swap decided by a hash bit is a coin flip no branch
			// predictor can guess: written as a choice of values, it
			// compiles to conditional moves for word-sized items, twice as
			// fast at 10^5 uint32s.
			x, y := s[i], s[j]
			if h[j%256/8]>>(j%8)&1 == 1 {
				x, y = y, x
			}
			s[i], s[j] = x, y
		}
	}
}
