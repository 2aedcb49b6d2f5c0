package lines

import "sync"

// relay is the one parallel writer of the package: emitParallel's blocks
// of lines and arrange's buckets both go through it. Block i is worker
// i mod n's; each worker gathers its blocks in turn into its own two
// buffers and passes the pieces on, in order, on its own channel; the
// writer writes the blocks in order, taking block i's pieces from its
// worker's channel, and gives each buffer back to its worker. A worker
// waits only for its own buffers, which only the writer gives back after
// writing what they hold, and the writer waits only for the worker of the
// block it writes, which has every buffer it needs once the earlier
// pieces are written: so none can wait for ever. (A pool of buffers
// shared by all the workers, as emitParallel had, could deadlock: a
// worker running ahead over short blocks could hold every free buffer
// while the block being written waited for one.)
type relay struct {
	out    *output
	n      int
	free   []chan []byte
	pieces []chan chunk
	stop   chan struct{}
	wg     sync.WaitGroup
}

// chunk is a piece of a block of lines gathered by a worker of a relay:
// the lines copied to buf, then a long line, if any, as a slice of the
// data.
type chunk struct {
	buf, long []byte
	lines     int
	last      bool // the block's last piece
	panic     any  // what the worker panicked with: a RandomFile that ran out
}

// newRelay starts work(w) on n workers, each with two buffers of size
// bytes (out.spare's, if they are of that size); a worker's channel is
// closed when its work returns.
func newRelay(out *output, n, size int, work func(r *relay, w int)) *relay {
	r := &relay{out: out, n: n, free: make([]chan []byte, n), pieces: make([]chan chunk, n), stop: make(chan struct{})}
	for w := range n {
		r.free[w] = make(chan []byte, 2)
		r.pieces[w] = make(chan chunk, 2)
		for range 2 {
			var buf []byte
			if k := len(out.spare); k > 0 {
				buf, out.spare = out.spare[k-1], out.spare[:k-1]
			}
			if cap(buf) != size {
				buf = make([]byte, 0, size)
			}
			r.free[w] <- buf
		}
	}
	for w := range n {
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			defer close(r.pieces[w])
			work(r, w)
		}()
	}
	return r
}

// buffer is worker w's next buffer, empty; false when the relay stops.
func (r *relay) buffer(w int) ([]byte, bool) {
	select {
	case buf := <-r.free[w]:
		return buf[:0], true
	case <-r.stop:
		return nil, false
	}
}

// send passes worker w's next piece on; false when the relay stops.
func (r *relay) send(w int, c chunk) bool {
	select {
	case r.pieces[w] <- c:
		return true
	case <-r.stop:
		return false
	}
}

// write writes blocks blocks in order, while the output wants more, and
// calls done(i), if not nil, after block i's last piece; then it stops the
// workers and waits for them. It returns what a worker panicked with.
func (r *relay) write(blocks int, done func(i int)) (fail any) {
	out := r.out
	for i := 0; fail == nil && out.more() && i < blocks; i++ {
		w := i % r.n
		for {
			c, ok := <-r.pieces[w]
			if !ok {
				break
			}
			if c.panic != nil {
				fail = c.panic
				break
			}
			out.writeRaw(c.buf)
			out.writeRaw(c.long)
			out.left -= uint64(c.lines)
			r.free[w] <- c.buf
			if c.last && done != nil {
				done(i)
			}
			if c.last || out.err != nil {
				break
			}
		}
	}
	close(r.stop)
	r.wg.Wait()
	for w := range r.n {
		for len(r.free[w]) > 0 {
			out.spare = append(out.spare, <-r.free[w]) // for the next relay
		}
	}
	return fail
}
