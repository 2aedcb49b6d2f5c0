// Package scatter shuffles data too large for one machine in two steps that
// any distributed engine can run: give every record a bucket, and shuffle
// each bucket on its own.
//
//  1. Label: record p goes to bucket [Bucket](key, p, buckets).
//  2. Group the records by bucket (the engine's group-by-key), put each
//     bucket in position order ([Pos.Compare]; engines deliver a group in
//     any order), and shuffle it with [Shuffle](key, bucket, records).
//
// Writing bucket 0, then bucket 1, and so on, each in its shuffled order,
// gives a uniformly random order of all the records. [Order] computes that
// order in one process, for checking an engine's output.
//
// A record's position is where it sits in the input: the index of its file
// in the list of input files and its line's index in that file, both from 0
// (a single input is file 0). Labels are keyed by position, never by
// content, so identical lines are labelled independently, as uniformity
// needs. The output depends only on the key, the number of buckets and the
// number of records in each file, never on how many workers the engine
// used or in which order it delivered them; inputs with the same numbers of
// lines get the same permutation, so aligned files stay aligned.
//
// Why the result is exactly uniform (Sanders, "Random permutations on
// distributed, external and hierarchical memory", IPL 1998): fix any order π
// of the n records and any bucket sizes n₀, …, n_{B−1} summing to n. Exactly
// one labelling puts π's first n₀ records in bucket 0, its next n₁ in bucket
// 1, and so on; the labels being independent and uniform, it has
// probability B⁻ⁿ. Given the labelling, each bucket's input order is fixed
// (position order), so its uniform shuffle yields π's order for that bucket
// with probability 1/n_j!, independently of the other buckets. Hence
// P(π) = Σ over sizes of B⁻ⁿ·Π 1/n_j!, the same for every π.
//
// The labels and the buckets' generators are derived from the key with
// SHA-256, and the buckets are shuffled by the shuffle package's
// fisher-yates drawing from ChaCha8; "independent and uniform" holds in so
// far as those are indistinguishable from random without the key, the
// assumption every seeded shuffle rests on. A key made by [NewKey] from a
// 64-bit seed can give at most 2⁶⁴ different orders.
package scatter

import (
	"crypto/sha256"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"

	"github.com/fairshuffle/shuffle"
)

// A Key determines a shuffle: the same key, number of buckets and input
// give the same order. Make one from a seed with [NewKey], or fill one from
// crypto/rand for an order nobody can predict.
type Key [32]byte

// NewKey returns the key for seed: the SHA-256 of a fixed label and the
// seed.
func NewKey(seed uint64) Key {
	const label = "github.com/fairshuffle/shuffle/scatter key\x00"
	var msg [len(label) + 8]byte
	copy(msg[:], label)
	binary.LittleEndian.PutUint64(msg[len(label):], seed)
	return sha256.Sum256(msg[:])
}

// A Pos is the position of a record in the input.
type Pos struct {
	File uint64 // the index of the record's file in the list of inputs
	Line uint64 // the index of the record in its file
}

// Compare returns −1, 0 or +1 as p comes before, at or after q in position
// order: by file, then by line.
func (p Pos) Compare(q Pos) int {
	if p.File != q.File {
		if p.File < q.File {
			return -1
		}
		return 1
	}
	switch {
	case p.Line < q.Line:
		return -1
	case p.Line > q.Line:
		return 1
	}
	return 0
}

// Bucket returns the bucket, in [0, buckets), of the record at position p:
// uniform, and independent for distinct positions. It hashes the key and p
// with SHA-256 and reduces 64 bits of the hash by Lemire's
// multiply-and-reject method, so there is no modulo bias; a rejection (less
// likely than buckets/2⁶⁴) takes the next 64 bits. O(1): one SHA-256 block,
// no allocation. Bucket panics if buckets < 1.
func Bucket(k Key, p Pos, buckets int) int {
	if buckets < 1 {
		panic("scatter: Bucket: buckets < 1")
	}
	return int(bucket(k, p, uint64(buckets)))
}

// bucket is Bucket for n ≥ 1 buckets, any n a uint64 can hold.
func bucket(k Key, p Pos, n uint64) uint64 {
	// key, 'p', file, line, counter: 53 bytes, one SHA-256 block.
	var msg [32 + 1 + 8 + 8 + 4]byte
	copy(msg[:32], k[:])
	msg[32] = 'p'
	binary.LittleEndian.PutUint64(msg[33:], p.File)
	binary.LittleEndian.PutUint64(msg[41:], p.Line)
	reject := -n % n // 2⁶⁴ mod n: the low products that would bias the draw
	for ctr := uint32(0); ; ctr++ {
		binary.LittleEndian.PutUint32(msg[49:], ctr)
		h := sha256.Sum256(msg[:])
		for i := 0; i < len(h); i += 8 {
			hi, lo := bits.Mul64(binary.LittleEndian.Uint64(h[i:]), n)
			if lo >= reject {
				return hi
			}
		}
	}
}

// Shuffle shuffles s, the records of one bucket in position order,
// uniformly, with the shuffle package's fisher-yates drawing from a ChaCha8
// generator seeded with the SHA-256 of the key and the bucket's index. The
// same key, bucket and s give the same order. O(len(s)) time; a slice of
// fewer than two records is left alone. Shuffle panics if bucket < 0.
func Shuffle[S ~[]E, E any](k Key, bucket int, s S) {
	if bucket < 0 {
		panic("scatter: Shuffle: negative bucket")
	}
	if len(s) < 2 {
		return
	}
	var msg [32 + 1 + 8]byte
	copy(msg[:32], k[:])
	msg[32] = 'b'
	binary.LittleEndian.PutUint64(msg[33:], uint64(bucket))
	shuffle.Slice(shuffle.NewFisherYates(rand.NewChaCha8(sha256.Sum256(msg[:]))), s)
}

// Order returns the positions of the records of files holding lines[f]
// records each, in the order the two steps write them for key k and the
// given number of buckets. It is the reference for an engine's output, in
// one process: O(n) time and memory for n records. Order panics if buckets
// < 1 or a count is negative.
func Order(k Key, lines []int, buckets int) []Pos {
	if buckets < 1 {
		panic("scatter: Order: buckets < 1")
	}
	total := 0
	for _, c := range lines {
		if c < 0 {
			panic("scatter: Order: negative count")
		}
		total += c
	}
	label := make([]int, 0, total)
	start := make([]int, buckets+1) // start[b+1] counts bucket b, then becomes its end
	for f, c := range lines {
		for i := range c {
			b := Bucket(k, Pos{uint64(f), uint64(i)}, buckets)
			label = append(label, b)
			start[b+1]++
		}
	}
	for b := range buckets {
		start[b+1] += start[b]
	}
	out := make([]Pos, total)
	next := append([]int(nil), start[:buckets]...)
	j := 0
	for f, c := range lines { // position order, so each bucket fills in position order
		for i := range c {
			b := label[j]
			out[next[b]] = Pos{uint64(f), uint64(i)}
			next[b]++
			j++
		}
	}
	for b := range buckets {
		Shuffle(k, b, out[start[b]:start[b+1]])
	}
	return out
}
