package sp80022

import (
	"flag"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// The inputs on which testdata/sts.txt holds STS 2.1.2's p-values, all
// made here: testdata/run-sts writes them with
//
//	go test ./audit/sp80022 -run TestWriteInputs -write DIR
//
// and runs STS on each. Never change an input: the figures are STS's.
var inputs = []struct {
	name string
	make func() Bits
}{
	{"e", func() Bits { return eBits(1000000) }},
	{"chacha8-a", func() Bits { return FromSource(chacha8("sp80022 a"), 1000000) }},
	{"chacha8-b", func() Bits { return FromSource(chacha8("sp80022 b"), 1000000) }},
	{"pcg-1-2-100000", func() Bits { return FromSource(rand.NewPCG(1, 2), 100000) }},
	{"pcg-3-4-5024", func() Bits { return FromSource(rand.NewPCG(3, 4), 5024) }},
	{"biased-0.51-1000000", func() Bits { return biased(rand.NewPCG(5, 6), 0.51, 1000000) }},
	{"biased-0.6-100000", func() Bits { return biased(rand.NewPCG(7, 8), 0.6, 100000) }},
	{"pcg-13-14-400003", func() Bits { return FromSource(rand.NewPCG(13, 14), 400003) }},
	{"alternating-20000", func() Bits { return FromSource(alternatingSource{}, 20000) }},
}

// batches are the inputs of STS's second level: k sequences of n bits
// each, one after the other, for testdata/run-sts to run STS on all at
// once and record its finalAnalysisReport.txt.
// TestAssessSTS checks the long ones with SHUFFLE_LONG=1 only.
var batches = []struct {
	name string
	n, k int
	long bool
	make func() Bits
}{
	{"pcg-30x400000", 400000, 30, true, func() Bits { return FromSource(rand.NewPCG(21, 22), 30*400000) }},
	{"biased-0.502-30x400000", 400000, 30, true, func() Bits { return biased(rand.NewPCG(23, 24), 0.502, 30*400000) }},
	{"chacha8-57x100000", 100000, 57, false, func() Bits { return FromSource(chacha8("sp80022 c"), 57*100000) }},
}

var inputCache sync.Map

// input returns the named input, made once.
func input(name string) Bits {
	if b, ok := inputCache.Load(name); ok {
		return b.(Bits)
	}
	for _, in := range inputs {
		if in.name == name {
			b := in.make()
			inputCache.Store(name, b)
			return b
		}
	}
	for _, in := range batches {
		if in.name == name {
			b := in.make()
			inputCache.Store(name, b)
			return b
		}
	}
	panic("no input " + name)
}

func chacha8(seed string) *rand.ChaCha8 {
	var s [32]byte
	copy(s[:], seed)
	return rand.NewChaCha8(s)
}

// alternatingSource gives 1010…: its walk returns to zero every other
// step, too often for STS's random excursions test, which gives up.
type alternatingSource struct{}

func (alternatingSource) Uint64() uint64 { return 0xaaaaaaaaaaaaaaaa }

// biased returns n bits, each 1 with probability p, from src.
func biased(src rand.Source, p float64, n int) Bits {
	r := rand.New(src)
	w := make([]uint64, (n+63)/64)
	for i := range n {
		if r.Float64() < p {
			w[i/64] |= 1 << (63 - i%64)
		}
	}
	return FromWords(w, n)
}

// eBits returns the first n bits of the binary expansion of e, its two
// integer bits first (10.1011011111…), as NIST's data.e holds them: the
// series Σ 1/k! summed by binary splitting.
func eBits(n int) Bits {
	// Enough terms that the tail is below 2^−(n+64).
	terms, lg := 1, 0.0
	for lg < float64(n+64) {
		terms++
		lg += math.Log2(float64(terms))
	}
	p, q := eSplit(0, int64(terms))
	// e = 1 + p/q; the n bits are ⌊e·2^(n−2)⌋.
	num := new(big.Int).Add(p, q)
	num.Lsh(num, uint(n-2))
	num.Quo(num, q)
	if num.BitLen() != n {
		panic(fmt.Sprintf("eBits: %d bits, want %d", num.BitLen(), n))
	}
	buf := make([]byte, (n+7)/8)
	num.Lsh(num, uint(8*len(buf)-n)).FillBytes(buf)
	return FromBytes(buf).Slice(0, n)
}

// eSplit returns p, q with p/q = Σ_{k=a+1}^{b} 1/((a+1)(a+2)⋯k) and q =
// (a+1)(a+2)⋯b.
func eSplit(a, b int64) (p, q *big.Int) {
	if b-a == 1 {
		return big.NewInt(1), big.NewInt(b)
	}
	m := (a + b) / 2
	pl, ql := eSplit(a, m)
	pr, qr := eSplit(m, b)
	p = pl.Mul(pl, qr).Add(pl, pr)
	q = ql.Mul(ql, qr)
	return p, q
}

var writeDir = flag.String("write", "", "TestWriteInputs writes the inputs, as binary files NAME.bin, in this directory")

// TestWriteInputs writes the inputs for testdata/run-sts, when asked to.
func TestWriteInputs(t *testing.T) {
	if *writeDir == "" {
		t.Skip("no -write DIR")
	}
	type file struct {
		name string
		n, k int
	}
	var files []file
	for _, in := range inputs {
		files = append(files, file{in.name, input(in.name).n, 1})
	}
	for _, in := range batches {
		files = append(files, file{in.name, in.n, in.k})
	}
	for _, in := range files {
		b := input(in.name)
		// STS reads a binary file 4 bytes at a time: pad it to a multiple
		// of 4 bytes with zeros, which it reads but does not use.
		buf := make([]byte, (b.n+31)/32*4)
		for i := range (b.n + 7) / 8 {
			buf[i] = byte(b.words[i/8] >> (56 - 8*(i%8)))
		}
		if err := os.WriteFile(filepath.Join(*writeDir, in.name+".bin"), buf, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%s %d %d\n", in.name, in.n, in.k)
	}
}

// TestE checks the expansion of e against its well-known hexadecimal
// digits, 2.B7E151628AED2A6ABF7158809CF4F3C7….
func TestE(t *testing.T) {
	const hex = "2B7E151628AED2A6ABF7158809CF4F3C7"
	b := eBits(2 + 4*(len(hex)-1))
	for i := range b.Len() {
		d := hex[(i+2)/4] // the first digit, 2, is two bits: 10
		var v int
		if d >= 'A' {
			v = int(d-'A') + 10
		} else {
			v = int(d - '0')
		}
		if want := v >> (3 - (i+2)%4) & 1; b.Bit(i) != want {
			t.Fatalf("bit %d of e is %d, want %d", i, b.Bit(i), want)
		}
	}
}
