package sp80022

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Bits is a sequence of bits packed 64 to a word, most significant first,
// as STS reads a binary file. The zero Bits is empty.
type Bits struct {
	words []uint64
	n     int
}

// FromBytes returns the 8·len(p) bits of p, each byte's most significant
// bit first. It copies p.
func FromBytes(p []byte) Bits {
	b := Bits{words: make([]uint64, (len(p)+7)/8), n: 8 * len(p)}
	for i, c := range p {
		b.words[i/8] |= uint64(c) << (56 - 8*(i%8))
	}
	return b
}

// FromWords returns the first n bits of words, most significant first. It
// copies words, and panics unless 0 ≤ n ≤ 64·len(words).
func FromWords(words []uint64, n int) Bits {
	if n < 0 || n > 64*len(words) {
		panic(fmt.Sprintf("sp80022.FromWords: n = %d out of range [0, %d]", n, 64*len(words)))
	}
	b := Bits{words: make([]uint64, (n+63)/64), n: n}
	copy(b.words, words)
	b.clearTail()
	return b
}

// FromSource returns n bits from ⌈n/64⌉ calls of src.Uint64, each word
// most significant bit first (big-endian). It panics if n is negative.
func FromSource(src rand.Source, n int) Bits {
	if n < 0 {
		panic(fmt.Sprintf("sp80022.FromSource: negative n %d", n))
	}
	b := Bits{words: make([]uint64, (n+63)/64), n: n}
	for i := range b.words {
		b.words[i] = src.Uint64()
	}
	b.clearTail()
	return b
}

// ParseASCII returns the bits written as '0's and '1's in s, as STS's
// ASCII mode reads them (NIST's data.e). It skips white space; any other
// byte is an error that says where it is.
func ParseASCII(s []byte) (Bits, error) {
	var b Bits
	var w uint64
	for i, c := range s {
		switch c {
		case '0', '1':
			w = w<<1 | uint64(c-'0')
			b.n++
			if b.n%64 == 0 {
				b.words = append(b.words, w)
				w = 0
			}
		case ' ', '\t', '\n', '\r':
		default:
			return Bits{}, fmt.Errorf("sp80022: byte %d is %q, not '0', '1' or white space", i, c)
		}
	}
	if r := b.n % 64; r != 0 {
		b.words = append(b.words, w<<(64-r))
	}
	return b, nil
}

func (b *Bits) clearTail() {
	if r := b.n % 64; r != 0 {
		b.words[len(b.words)-1] &^= ^uint64(0) >> r
	}
}

// Len returns the number of bits.
func (b Bits) Len() int { return b.n }

// Bit returns bit i, 0 or 1. It panics if i is out of range.
func (b Bits) Bit(i int) int {
	if uint(i) >= uint(b.n) {
		panic(fmt.Sprintf("sp80022.Bits.Bit: index %d out of range [0, %d)", i, b.n))
	}
	return int(b.words[i/64] >> (63 - i%64) & 1)
}

// Slice returns bits i to j−1 as a new sequence. It panics unless
// 0 ≤ i ≤ j ≤ Len.
func (b Bits) Slice(i, j int) Bits {
	if i < 0 || j < i || j > b.n {
		panic(fmt.Sprintf("sp80022.Bits.Slice: [%d:%d] out of range [0:%d]", i, j, b.n))
	}
	s := Bits{words: make([]uint64, (j-i+63)/64), n: j - i}
	for k := range s.words {
		s.words[k] = b.word(i + 64*k)
	}
	s.clearTail()
	return s
}

// Word returns the 64 bits from bit i on, the first most significant,
// zeros past the end. It panics unless 0 ≤ i < Len.
func (b Bits) Word(i int) uint64 {
	if uint(i) >= uint(b.n) {
		panic(fmt.Sprintf("sp80022.Bits.Word: index %d out of range [0, %d)", i, b.n))
	}
	return b.word(i)
}

// word returns the 64 bits from bit i on, zeros past the end.
func (b Bits) word(i int) uint64 {
	q, r := i/64, uint(i%64)
	w := b.words[q] << r
	if r != 0 && q+1 < len(b.words) {
		w |= b.words[q+1] >> (64 - r)
	}
	return w
}

// ones returns the number of ones.
func (b Bits) ones() int {
	c := 0
	for _, w := range b.words {
		c += bits.OnesCount64(w)
	}
	return c
}
