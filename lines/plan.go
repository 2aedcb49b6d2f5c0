package lines

import (
	"io"
	"math"
	"math/rand/v2"
	"strconv"

	"github.com/fairshuffle/shuffle"
)

// strategy is how a run writes its lines.
type strategy int

const (
	writeNothing strategy = iota // -n 0 or no lines: the header alone
	repeatLines                  // -r: each line drawn on its own
	shuffleAlgo                  // --algo: the whole input in memory
	sampleStream                 // -n COUNT of files: a reservoir (reservoir.go)
	sampleLines                  // -n COUNT of -i or -e below the line count: pick's draws
	shuffleAll                   // the labels' shuffle, in memory or spilled; -n cuts it
)

// inputLines is a run's lines, the header taken off: the numbers lo..lo+n−1 of
// -i, the operands of -e, or the lines of the files, read from r.
type inputLines struct {
	numbers bool
	lo      uint64
	args    []string // -e
	st      *stream  // the files
	r       io.Reader
	size    int64 // r's length, -1 if unknown
	n       uint64
	known   bool // n is the number of lines
}

// input opens the run's lines and takes the header off them.
func (s *shuf) input() (*inputLines, error) {
	o := s.o
	h := uint64(o.header)
	switch {
	case o.rangeSet:
		n := o.hi - o.lo + 1 // 0 for the empty range; the parser refuses 0-(2⁶⁴−1)
		h = min(h, n)
		for v := o.lo; v < o.lo+h; v++ {
			s.header = append(strconv.AppendUint(s.header, v, 10), o.delim)
		}
		return &inputLines{numbers: true, lo: o.lo + h, n: n - h, known: true}, nil
	case o.echo:
		h = min(h, uint64(len(o.operands)))
		for _, a := range o.operands[:h] {
			s.header = append(append(s.header, a...), o.delim)
		}
		args := o.operands[h:]
		return &inputLines{args: args, n: uint64(len(args)), known: true}, nil
	}
	st, err := s.openStream()
	if err != nil {
		return nil, err
	}
	s.st = st
	return &inputLines{st: st, r: s.prog.reader(st, st.size), size: st.size}, nil
}

func (in *inputLines) close() {
	if in.st != nil {
		in.st.close()
	}
}

// decide is the one place where a run's strategy is chosen, from the
// options and what is known of the input. -n COUNT up to sampleMax reads
// files, whose lines are not counted, through a reservoir that gives a
// file and a pipe the same sample; -i and -e, whose count is known,
// draw the line numbers with pick.
func (s *shuf) decide(in *inputLines) strategy {
	o := s.o
	switch {
	case o.count == 0 || in.known && in.n == 0 && !o.repeat:
		return writeNothing
	case o.repeat:
		return repeatLines
	case s.custom:
		return shuffleAlgo
	case o.key != nil: // Keyed: -n is the head of scatter's order
		return shuffleAll
	case o.countSet && o.count <= sampleMax && !in.known:
		return sampleStream
	case o.countSet && o.count <= sampleMax && o.count < in.n:
		return sampleLines
	}
	return shuffleAll
}

// execute runs the strategy decide chooses.
func (s *shuf) execute(in *inputLines) error {
	o := s.o
	switch s.decide(in) {
	case writeNothing:
		return s.finish(s.open(0))
	case sampleStream:
		return s.sampleReservoir(in.r)
	case repeatLines:
		return s.repeatLines(in)
	case shuffleAlgo:
		return s.shuffleAlgo(in)
	case sampleLines:
		// COUNT picks, no more than the output wants: only a write error
		// ends it sooner, and then writeUint and writeString write nothing.
		picks := s.pick(in.n, o.count)
		out := s.open(uint64(len(picks)))
		for _, v := range picks {
			if in.numbers {
				out.writeUint(in.lo + v)
			} else {
				out.writeString(in.args[v])
			}
		}
		return s.finish(out)
	}
	// shuffleAll
	if in.r == nil && (!in.numbers || in.n < 1<<32 && cost(0, int64(in.n)) <= s.mem) {
		// The numbers, not their text: 6 bytes a number where the text
		// takes up to 21. The order is the one their text would get.
		order, free, err := s.permutation(int(in.n))
		switch {
		case err == nil:
			defer free()
			out := s.open(in.n)
			for _, i := range order {
				if !out.more() {
					break
				}
				if in.numbers {
					out.writeUint(in.lo + uint64(i))
				} else {
					out.writeString(in.args[i])
				}
			}
			return s.finish(out)
		case !in.numbers:
			return errMemory
		}
		// Too little room for the numbers' order: their text is spilled,
		// with the same order.
	}
	if in.numbers {
		r, size := in.rangeText(o.delim)
		return s.scatterShuffle(s.prog.reader(r, size), size)
	}
	return s.scatterShuffle(in.r, in.size)
}

// rangeText is the text of a range's numbers, one a line, and its length.
func (in *inputLines) rangeText(delim byte) (io.Reader, int64) {
	last := in.lo + in.n - 1
	return &rangeReader{next: in.lo, last: last, delim: delim}, rangeBytes(in.lo, last)
}

// repeatLines is -r: each output line is drawn independently and uniformly
// from the input, COUNT times or until the output is closed.
func (s *shuf) repeatLines(in *inputLines) error {
	if in.r != nil {
		return s.runRepeat(in.r, in.size)
	}
	if in.n == 0 { // GNU creates the output first
		return s.noLines(s.open(0))
	}
	r := rand.New(s.own)
	out := s.open(math.MaxUint64) // -r writes COUNT lines, whatever in.n is
	for out.more() {
		if in.numbers {
			out.writeUint(in.lo + uint64N(r, in.n))
		} else {
			out.writeString(in.args[intN(r, len(in.args))])
		}
	}
	return s.finish(out)
}

// shuffleAlgo shuffles with --algo's algorithm, all of the input in memory.
func (s *shuf) shuffleAlgo(in *inputLines) error {
	switch {
	case in.numbers:
		return s.runAlgo(in.rangeText(s.o.delim))
	case in.r != nil:
		return s.runAlgo(in.r, in.size)
	}
	order := make([]uint32, len(in.args))
	for i := range order {
		order[i] = uint32(i)
	}
	shuffle.Slice(s.alg.New(s.src), order)
	out := s.open(in.n)
	for _, i := range order {
		out.writeString(in.args[i])
	}
	return s.finish(out)
}
