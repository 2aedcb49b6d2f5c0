package lines

import (
	"bytes"
	"encoding/binary"
	"runtime"
	"sync/atomic"
)

// The lines are dealt to the buckets on several goroutines. The caller's
// cuts each piece of input into lines and draws their labels, in input
// order; dealers, one a CPU (two at most), each copy the lines of their
// own buckets (bucket i is dealer i mod the number of dealers'), so that a
// bucket still gets its lines in input order, and the copies and the
// faults of new memory are shared.

// cut is a piece of input cut into lines.
type cut struct {
	p       []byte
	starts  []uint32 // where each line that starts in p starts
	labels  []uint16 // and its label
	cont    bool     // p starts with the rest of a line not yet ended, up to starts[0] or its end
	open    bool     // p's last line does not end in p
	left    atomic.Int32
	release func() // called when every dealer is done with p
}

// dealer copies the lines of its buckets.
type dealer struct {
	bs     *buckets
	id     int
	in     chan *cut
	open   *bucket // the bucket of its line not yet ended, or nil
	openAt int     // where that line's record starts in it
	err    error   // a bucket that could not grow
}

// startDealers starts the dealers, as many as CPUs, at most two.
func (bs *buckets) startDealers() {
	n := min(runtime.GOMAXPROCS(0), 2)
	// Room for every cut there is, so that none is dropped to be made
	// again: a cut is new only when none is free, and every dealer takes
	// every cut, in order, so at most 6 are: the 4 in the channel of the
	// dealer furthest behind, the one it works on and the one deal fills.
	bs.free = make(chan *cut, 8)
	for i := range n {
		d := &dealer{bs: bs, id: i, in: make(chan *cut, 4)}
		bs.dealers = append(bs.dealers, d)
		bs.wg.Add(1)
		go func() {
			defer bs.wg.Done()
			d.run(n)
		}()
	}
}

// stopDealers waits for the dealers to be done with every piece, and
// takes their line not yet ended and their error.
func (bs *buckets) stopDealers() {
	if bs.dealers == nil {
		return
	}
	for _, d := range bs.dealers {
		close(d.in)
	}
	bs.wg.Wait()
	for _, d := range bs.dealers {
		if d.open != nil {
			bs.open, bs.openAt = d.open, d.openAt
		}
		if bs.err == nil {
			bs.err = d.err
		}
	}
	bs.dealers = nil
}

// deal cuts p into lines, draws their labels and hands it to the dealers;
// release is called when they are done with it. A line not ended in p goes
// on in the next p.
func (bs *buckets) deal(p []byte, release func()) {
	var c *cut
	select {
	case c = <-bs.free:
	default:
		c = &cut{}
	}
	c.p, c.starts, c.labels, c.release = p, c.starts[:0], c.labels[:0], release
	c.cont, c.open = bs.opened, false
	delim := bs.s.o.delim
	bs.bytes += int64(len(p))
	i := 0
	if bs.opened {
		j := bytes.IndexByte(p, delim)
		if j < 0 {
			i = len(p)
			c.open = true
		} else {
			i = j + 1
			bs.opened = false
		}
		bs.sizes[bs.openIn] += int64(i) // the rest of the line cut open
	}
	lab := &bs.s.lab
	lab.s = bs.s
	for i < len(p) {
		l := lab.next()
		c.starts = append(c.starts, uint32(i))
		c.labels = append(c.labels, l)
		j := bytes.IndexByte(p[i:], delim)
		end := len(p)
		if j >= 0 {
			end = i + j + 1
		}
		bs.sizes[int(l)>>bs.shift] += int64(recHead + end - i)
		if j < 0 {
			c.open, bs.opened, bs.openIn = true, true, int(l)>>bs.shift
		}
		i = end
	}
	bs.records += int64(len(c.starts))
	c.left.Store(int32(len(bs.dealers)))
	for _, d := range bs.dealers {
		d.in <- c
	}
}

func (d *dealer) run(n int) {
	bs := d.bs
	for c := range d.in {
		p, starts := c.p, c.starts
		if c.cont && d.open != nil {
			end := len(p)
			if len(starts) > 0 {
				end = int(starts[0])
			}
			d.put(d.open, p[:end])
			if len(starts) > 0 || !c.open {
				d.endOpen()
			}
		}
		for j, at := range starts {
			l := c.labels[j]
			bi := int(l) >> bs.shift
			if bi%n != d.id {
				continue
			}
			b := &bs.b[bi]
			b.records++
			end := len(p)
			if j+1 < len(starts) {
				end = int(starts[j+1])
			}
			line := p[at:end]
			k := uint16(min(len(line), longLen))
			w := len(b.b)
			switch {
			case j == len(starts)-1 && c.open: // its length is put when it ends
				d.open, d.openAt = b, w
				d.put(b, []byte{byte(l), byte(l >> 8), 0, 0})
				d.put(b, line)
			case cap(b.b)-w >= recHead+len(line):
				b.b = b.b[:w+recHead+len(line)]
				binary.LittleEndian.PutUint16(b.b[w:], l)
				binary.LittleEndian.PutUint16(b.b[w+2:], k)
				copy(b.b[w+recHead:], line)
			default:
				d.put(b, []byte{byte(l), byte(l >> 8), byte(k), byte(k >> 8)})
				d.put(b, line)
			}
		}
		if c.left.Add(-1) == 0 {
			if c.release != nil {
				c.release()
			}
			c.p = nil
			select {
			case bs.free <- c:
			default:
			}
		}
	}
}

// endOpen puts the length of the line that was not ended, now that it is.
func (d *dealer) endOpen() {
	b := d.open
	if d.err == nil {
		n := len(b.b) - d.openAt - recHead
		binary.LittleEndian.PutUint16(b.b[d.openAt+2:], uint16(min(n, longLen)))
	}
	d.open = nil
}

// put appends p to bucket b, growing it.
func (d *dealer) put(b *bucket, p []byte) {
	if err := b.grow(len(p)); err != nil {
		if d.err == nil {
			d.err = err
		}
		return
	}
	b.b = append(b.b, p...)
}
