package lines

import (
	"context"
	"io"
	"math"
	"os"
	"sync"
)

// Shuffle writes the lines of in to w in a uniformly random order. For the
// same options and source it writes what shuf writes, byte for byte. With [Output], [Shards], [Split] or [Aligned] it writes files and
// w may be nil. It holds the lines while they fit in [Memory] and past it
// goes through temporary files, removed before it returns; output files
// appear only when complete. When ctx is done it removes every file it
// made, writes nothing more and returns ctx.Err(). Errors are
// [*InputError], [*ChangedError], [*ReadError], [*WriteError],
// [*RandomSourceError] or [*Error]. It panics if w is nil without an
// output file, or for an invalid [CSV] separator.
func Shuffle(ctx context.Context, w io.Writer, in Input, opts ...Option) error {
	o := newOptions(in, opts)
	if w == nil && !o.outputSet {
		panic("lines.Shuffle: nil writer without Output")
	}
	if err := o.data.check(o); err != nil { // checkParts: in run, after the warnings
		return err
	}
	if err := o.key.check(o); err != nil {
		return err
	}
	tmp := &tempDir{}
	defer tmp.remove()
	run := func(w io.Writer) error {
		s := newShuf(o, w, tmp)
		s.ctx = ctx
		if o.progress != nil {
			s.prog = &progress{report: o.progress}
		}
		if o.data.aligned {
			return s.runAligned()
		}
		return s.run()
	}
	if ctx.Done() == nil { // never cancelled: no goroutine, no lock
		return run(w)
	}
	g := &guard{w: w}
	done := make(chan error, 1)
	go func() { done <- run(g) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		tmp.remove()
		g.close()
		return ctx.Err()
	}
}

// Check reports the error [Shuffle] would return for in and opts before
// reading anything: options that do not go together.
func Check(in Input, opts ...Option) error {
	return newOptions(in, opts).check()
}

func (o *options) check() error {
	if err := o.data.check(o); err != nil {
		return err
	}
	if err := o.key.check(o); err != nil {
		return err
	}
	return o.checkParts()
}

// guard is the writer of a run that ctx may cancel: once closed, by
// Shuffle's return, it writes nothing more.
type guard struct {
	mu     sync.Mutex
	w      io.Writer
	closed bool
}

func (g *guard) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return 0, context.Canceled
	}
	return g.w.Write(p)
}

func (g *guard) close() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
}

func newOptions(in Input, opts []Option) *options {
	o := &options{count: math.MaxUint64, delim: '\n', stdin: os.Stdin}
	for _, opt := range opts {
		opt(o)
	}
	o.files, o.operands, o.echo = in.files, in.operands, in.echo
	o.rangeSet, o.lo, o.hi = in.rangeSet, in.lo, in.hi
	if in.stdin != nil {
		o.stdin = in.stdin
	}
	return o
}
