package lines

import (
	"bytes"
	"fmt"
	"io"
	"math/bits"
)

// PartNames is the files that [Output](prefix) writes with [Shards] or
// [Split], in the order of the parts. They are prefix-00000-of-00008 … for
// Shards(8), prefix.train, prefix.val and prefix.test for a Split of three.
// A .gz or .zst suffix stays last (data-00000-of-00002.gz); without either
// option it is nil.
func PartNames(prefix string, opts ...Option) []string {
	o := &options{output: prefix}
	for _, opt := range opts {
		opt(o)
	}
	return o.partNames()
}

// partNames returns the files --shards or --split write, or nil for one
// output: PREFIX-00000-of-00008 … for --shards 8, PREFIX.train, PREFIX.val,
// PREFIX.test for three --split parts, PREFIX.train and PREFIX.test for two;
// a PREFIX ending in .gz or .zst keeps that suffix last (partName).
func (o *options) partNames() []string {
	var names []string
	switch {
	case o.shards > 0:
		for i := range o.shards {
			names = append(names, partName(o.output, fmt.Sprintf("-%05d-of-%05d", i, o.shards)))
		}
	case len(o.split) == 2:
		names = []string{partName(o.output, ".train"), partName(o.output, ".test")}
	case len(o.split) == 3:
		names = []string{partName(o.output, ".train"), partName(o.output, ".val"), partName(o.output, ".test")}
	}
	return names
}

// checkParts applies the rules of --shards and --split that involve other
// options (parseSplit checks the percentages).
func (o *options) checkParts() error {
	if o.shards == 0 && o.split == nil {
		return nil
	}
	switch {
	case o.shards > 0 && o.split != nil:
		return fatalError("--shards and --split cannot be combined")
	case !o.outputSet:
		return fatalError("--shards and --split need -o PREFIX")
	case o.repeat && !o.countSet:
		return fatalError("--shards and --split need -n COUNT with -r")
	}
	return nil
}

// partSizes says how many of n lines each part gets. Shards: n/N each, the
// first n mod N one more. A split: each part's exact share n·p/100 rounded
// down, and the lines left over, one each, to the parts with the largest
// remainders, the earlier part first on a tie (the largest remainder
// method): every part is within one line of its share.
func (o *options) partSizes(n uint64) []uint64 {
	if o.shards > 0 {
		k := uint64(o.shards)
		sizes := make([]uint64, k)
		for i := range sizes {
			sizes[i] = n / k
			if uint64(i) < n%k {
				sizes[i]++
			}
		}
		return sizes
	}
	sizes := make([]uint64, len(o.split))
	rems := make([]uint64, len(o.split))
	left := n
	for i, p := range o.split {
		hi, lo := bits.Mul64(n, uint64(p))
		sizes[i], rems[i] = bits.Div64(hi, lo, 100)
		left -= sizes[i]
	}
	for ; left > 0; left-- {
		best := 0
		for i := range rems {
			if rems[i] > rems[best] {
				best = i
			}
		}
		sizes[best]++
		rems[best] = 0
	}
	return sizes
}

// parts writes lines to the files of --shards or --split in turn, each
// getting its size in lines, and each starting with the header. It sees
// the output as bytes and cuts it at delimiters, so every way of writing
// lines can write to it.
type parts struct {
	ws      []io.Writer
	names   []string
	targets []*target // the files, when ws are files
	sizes   []uint64
	cur     int
	delim   byte
}

// createParts creates every part, each with the header, so that exactly
// one file a part exists, empty ones too.
func (s *shuf) createParts(names []string, sizes []uint64, header []byte, delim byte) (*parts, error) {
	p := &parts{sizes: sizes, delim: delim}
	for _, name := range names {
		t, err := s.createOutput(name)
		if err != nil {
			s.tmp.abort(p.targets)
			return nil, err
		}
		t.part = true
		p.targets = append(p.targets, t)
		p.ws = append(p.ws, t.w)
		p.names = append(p.names, name)
		if _, err := t.w.Write(header); err != nil {
			s.tmp.abort(p.targets)
			return nil, fileWriteError(name, err)
		}
	}
	return p, nil
}

func (p *parts) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		for p.cur < len(p.sizes) && p.sizes[p.cur] == 0 {
			p.cur++
		}
		if p.cur == len(p.sizes) {
			panic("shuf: parts: more lines than planned")
		}
		cut := len(b)
		if c := uint64(bytes.Count(b, []byte{p.delim})); c >= p.sizes[p.cur] {
			cut = 0
			for range p.sizes[p.cur] {
				cut += bytes.IndexByte(b[cut:], p.delim) + 1
			}
			p.sizes[p.cur] = 0
		} else {
			p.sizes[p.cur] -= c
		}
		if _, err := p.ws[p.cur].Write(b[:cut]); err != nil {
			return 0, fileWriteError(p.names[p.cur], err)
		}
		if p.sizes[p.cur] == 0 && p.targets != nil { // the part is whole: its compressor, if any, can go
			if err := p.targets[p.cur].closePack(); err != nil {
				return 0, fileWriteError(p.names[p.cur], err)
			}
		}
		b = b[cut:]
	}
	return n, nil
}
