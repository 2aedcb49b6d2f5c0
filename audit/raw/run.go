package raw

import (
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"

	"gonum.org/v1/gonum/mathext"

	"github.com/fairshuffle/shuffle/audit/sp80022"
)

// Options are the settings of [Run]; the zero Options are its defaults.
type Options struct {
	SeqLen    int     // bits a sequence; 0: 10⁶
	Sequences int     // sequences to test; 0: every whole sequence of the input
	Workers   int     // sequences tested at once; 0: GOMAXPROCS
	Alpha     float64 // the verdict's family-wise level; 0: 0.001
	// Each, if not nil, is called with each sequence's p-values, in the
	// input's order, on Run's goroutine; an error from it ends Run.
	Each func(Sequence) error
	// Tested, if not nil, is called on Run's goroutine as each sequence
	// is done (for a progress line).
	Tested func(done int)
}

// A Sequence is the p-values of one sequence: P[i][j] is p-value j of test
// j of [Tests], nil where the test does not apply.
type Sequence struct {
	Index int // from 0
	P     [][]float64
}

// Tests returns the tests of every battery, in order, each named as NIST
// names it.
func Tests() []sp80022.Test {
	var t []sp80022.Test
	for _, b := range Batteries() {
		t = append(t, b.Tests...)
	}
	return t
}

// Run cuts r's bytes into sequences of o.SeqLen bits, most significant bit
// first, sequences back to back (as NIST's STS reads a binary file),
// applies every battery to each, and assesses the p-values as STS's final
// analysis does, with a family-wise verdict (see [Result.Verdict]). It
// reads at most o.Sequences sequences' bytes when o.Sequences is set; it
// holds about o.Workers + 2 sequences at a time whatever the input's size
// (and each worker's scratch: the FFT's is 36 bytes a bit).
//
// It returns the result so far with the error that ended it: r's, Each's,
// or ctx's (its cause). It panics if o.SeqLen, o.Sequences or o.Workers is
// negative or o.Alpha is not in [0, 1).
func Run(ctx context.Context, r io.Reader, o Options) (*Result, error) {
	switch {
	case o.SeqLen < 0, o.Sequences < 0, o.Workers < 0:
		panic(fmt.Sprintf("raw.Run: negative SeqLen %d, Sequences %d or Workers %d", o.SeqLen, o.Sequences, o.Workers))
	case !(o.Alpha >= 0 && o.Alpha < 1):
		panic(fmt.Sprintf("raw.Run: Alpha %g not in [0, 1)", o.Alpha))
	}
	if o.SeqLen == 0 {
		o.SeqLen = 1000000
	}
	if o.Workers == 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	if o.Alpha == 0 {
		o.Alpha = 0.001
	}
	tests := Tests()
	res := newResult(tests, o)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)

	type job struct {
		seq  Sequence
		bits sp80022.Bits
		skip []string // why each test did not apply
		done chan struct{}
	}
	order := make(chan *job, o.Workers)
	work := make(chan *job, o.Workers)
	type end struct {
		bytes, left int64
		digest      [32]byte
		err         error
	}
	ended := make(chan end, 1)
	go func() { // the reader: the only one to touch r
		defer close(order)
		defer close(work)
		c := &cutter{r: r, h: sha256.New(), n: o.SeqLen}
		var e end
		defer func() { ended <- e }()
		for i := 0; o.Sequences == 0 || i < o.Sequences; i++ {
			b, left, err := c.next()
			if err != nil {
				e.left = left
				if err != io.EOF {
					e.err = err
				}
				break
			}
			j := &job{seq: Sequence{Index: i}, bits: b, done: make(chan struct{})}
			select {
			case order <- j:
			case <-ctx.Done():
				return
			}
			work <- j
		}
		e.bytes = c.read
		copy(e.digest[:], c.h.Sum(nil))
	}()
	for range o.Workers {
		go func() {
			for j := range work {
				j.seq.P = make([][]float64, len(tests))
				j.skip = make([]string, len(tests))
				for i, t := range tests {
					if ctx.Err() != nil {
						break
					}
					p, err := t.Run(j.bits)
					if err != nil {
						j.skip[i] = err.Error()
					}
					j.seq.P[i] = p
				}
				j.bits = sp80022.Bits{}
				close(j.done)
			}
		}()
	}
	var err error
	for j := range order {
		select {
		case <-j.done:
		case <-ctx.Done():
		}
		if err = context.Cause(ctx); err != nil {
			break
		}
		res.add(j.seq, j.skip)
		if o.Each != nil {
			if err = o.Each(j.seq); err != nil {
				break
			}
		}
		if o.Tested != nil {
			o.Tested(res.Sequences)
		}
	}
	if err == nil {
		err = context.Cause(ctx) // the reader saw ctx end first
	}
	if err != nil {
		// The reader ends at its next sequence; a Read in progress
		// finishes in the background.
		return res.finish(), err
	}
	e := <-ended
	res.Bytes, res.LeftOver, res.Digest = e.bytes, e.left, e.digest
	res.short = o.Sequences > 0 && res.Sequences < o.Sequences
	return res.finish(), e.err
}

// RunSource is [Run] on o.Sequences sequences of src's output, each
// Uint64 most significant bit first as [Reader] gives it. It panics if
// o.Sequences is not positive.
func RunSource(src rand.Source, o Options) (*Result, error) {
	if o.Sequences <= 0 {
		panic(fmt.Sprintf("raw.RunSource: Sequences %d, want at least 1", o.Sequences))
	}
	return Run(context.Background(), Reader(src), o)
}

// A Result is what [Run] found.
type Result struct {
	SeqLen    int
	Sequences int      // whole sequences tested
	Bytes     int64    // bytes read
	LeftOver  int64    // bits read after the last whole sequence
	Digest    [32]byte // SHA-256 of the bytes read (set when the input was read without error)
	Alpha     float64
	Tests     []TestResult
	short     bool // the input ended before Options.Sequences
}

// A TestResult is one test's assessment over the sequences: a [Row] for
// each of its p-values, in NIST's order.
type TestResult struct {
	Battery, Name string
	NotApplicable int    // sequences it did not apply to
	Reason        string // why, for the first of them
	Rows          []Row
	tallies       []sp80022.Tally
	excursions    bool
}

// A Row is the second level of one p-value of a test: STS's assessment
// (a row of its finalAnalysisReport.txt), the smallest p-value, and P, the
// smallest of the row's checks (see [Result.Verdict]).
type Row struct {
	sp80022.Assessment
	Smallest float64
	P        float64
	Checks   int
}

func newResult(tests []sp80022.Test, o Options) *Result {
	r := &Result{SeqLen: o.SeqLen, Alpha: o.Alpha}
	for _, b := range Batteries() {
		for _, t := range b.Tests {
			r.Tests = append(r.Tests, TestResult{Battery: b.Name, Name: t.Name, excursions: excursions(t.Name)})
		}
	}
	return r
}

func (r *Result) add(s Sequence, skip []string) {
	r.Sequences++
	for i, p := range s.P {
		t := &r.Tests[i]
		if p == nil {
			if t.NotApplicable++; t.Reason == "" {
				t.Reason = skip[i]
			}
			continue
		}
		for len(t.Rows) < len(p) {
			t.Rows = append(t.Rows, Row{Smallest: math.Inf(1)})
			t.tallies = append(t.tallies, sp80022.Tally{Excursions: t.excursions})
		}
		for j, x := range p {
			t.tallies[j].Add(x)
			t.Rows[j].Smallest = min(t.Rows[j].Smallest, x)
		}
	}
}

// finish computes each row's assessment and checks.
func (r *Result) finish() *Result {
	for i := range r.Tests {
		t := &r.Tests[i]
		for j := range t.Rows {
			row := &t.Rows[j]
			row.Assessment = t.tallies[j].Assessment()
			row.P, row.Checks = checks(row)
		}
	}
	return r
}

// checks returns the smallest p-value of the row's checks, and how many
// there are: the smallest of its s p-values (1 − (1 − x)^s), the number
// below 0.01 (binomial, 1% each), and from 55 sequences on (NIST's
// minimum, SP 800-22 §4.2.2) the uniformity.
func checks(r *Row) (float64, int) {
	s := r.Sequences
	if s == 0 {
		return math.NaN(), 0
	}
	p := -math.Expm1(float64(s) * math.Log1p(-min(r.Smallest, 1)))
	if f := s - r.Passed; f > 0 {
		p = min(p, mathext.RegIncBeta(float64(f), float64(s-f+1), 0.01))
	}
	if s < 55 {
		return p, 2
	}
	return min(p, r.Uniformity), 3
}

// A Verdict is the outcome of a raw audit.
type Verdict int

const (
	Pass          Verdict = iota // no check below its threshold
	Fail                         // some check below it
	NotEnoughData                // no whole sequence, or fewer than asked
)

func (v Verdict) String() string {
	switch v {
	case Pass:
		return "pass"
	case Fail:
		return "fail"
	}
	return "not enough data"
}

// Verdict is Fail when some row's check has a p-value below Alpha/m, m
// the number of checks over all rows (Bonferroni: a random generator
// fails with probability at most Alpha, the uniformity's χ² being
// approximate); NotEnoughData when no whole sequence was read, or fewer
// than Options.Sequences; Pass otherwise.
func (r *Result) Verdict() Verdict {
	m := r.Checks()
	if r.Sequences == 0 || r.short || m == 0 {
		return NotEnoughData
	}
	for _, t := range r.Tests {
		for _, row := range t.Rows {
			if row.P < r.Alpha/float64(m) {
				return Fail
			}
		}
	}
	return Pass
}

// Checks returns the number of checks over all rows.
func (r *Result) Checks() int {
	m := 0
	for _, t := range r.Tests {
		for _, row := range t.Rows {
			m += row.Checks
		}
	}
	return m
}
