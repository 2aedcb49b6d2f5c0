package main

import (
	"bytes"
	"io"
	"slices"
)

// lineStarts returns where each of the n lines of data starts.
func lineStarts[T int | uint32 | uint64](data []byte, n int64, delim byte) []T {
	starts := make([]T, 0, n)
	for p := 0; p < len(data); p += bytes.IndexByte(data[p:], delim) + 1 {
		starts = append(starts, T(p))
	}
	return starts
}

// slurp reads r into memory, ending each line with delim (adding one to a
// last line that lacks it), until EOF or until holding the data and its
// index would cost more than limit bytes. It returns all of r as data, or,
// past limit, rest: a reader of the same bytes as r, those read so far
// first. size, the length of r if known (else -1), sizes the buffer.
func slurp(r io.Reader, size, limit int64, delim byte) (data []byte, lines int64, rest io.Reader, err error) {
	if size < 0 {
		return slurpChunks(r, limit, delim)
	}
	if cost(size, 0) > limit {
		return nil, 0, r, nil
	}
	data = make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			// Full: the input is at its end, or it grew. A last line
			// without its delimiter gets one from the stream, which fills
			// the byte kept for it; so look for one more byte before
			// growing, lest the end cost a copy of the whole input.
			var one [1]byte
			m, err := io.ReadFull(r, one[:])
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, 0, nil, readError{err}
			}
			data = append(slices.Grow(data, min(cap(data), 256<<20)), one[:m]...)
			if one[0] == delim {
				lines++
			}
		}
		m, err := r.Read(data[len(data):cap(data)])
		lines += int64(bytes.Count(data[len(data):len(data)+m], []byte{delim}))
		data = data[:len(data)+m]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, 0, nil, readError{err}
		}
		if cost(int64(len(data)), lines) > limit {
			return nil, 0, io.MultiReader(bytes.NewReader(data), r), nil
		}
	}
	return terminate(data, lines, limit, delim)
}

// terminate ends slurp: it adds the last delimiter if missing and checks
// the cost once more.
func terminate(data []byte, lines, limit int64, delim byte) ([]byte, int64, io.Reader, error) {
	if len(data) > 0 && data[len(data)-1] != delim {
		data = append(data, delim)
		lines++
	}
	if cost(int64(len(data)), lines) > limit {
		return nil, 0, bytes.NewReader(data), nil
	}
	return data, lines, nil, nil
}

// slurpChunks is slurp for an input of unknown size. Growing one buffer
// would hold the old copy beside the new one, half as much again as the
// input, so it reads into chunks of growing size, the large ones mapped
// apart from Go's heap, and at EOF copies them into one buffer, unmapping
// each as it goes: at most one chunk more than the input. Past limit the
// chunks are streamed, and unmapped as they are read.
func slurpChunks(r io.Reader, limit int64, delim byte) (data []byte, lines int64, rest io.Reader, err error) {
	cr := &chunkReader{}
	var total int64
	defer func() {
		if rest == nil {
			cr.release()
		}
	}()
	for {
		// No chunk reaches much past limit: the bytes past it are held
		// until they are streamed to the spill files.
		most := int64(16 << 20)
		if room := limit - cost(total, lines); room < most {
			most = max(room+1, 64<<10)
		}
		c := cr.grow(most)
		m, err := io.ReadFull(r, c[:cap(c)])
		cr.chunks[len(cr.chunks)-1] = c[:m]
		lines += int64(bytes.Count(c[:m], []byte{delim}))
		total += int64(m)
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, 0, nil, readError{err}
		}
		if cost(total, lines) > limit {
			return nil, 0, io.MultiReader(cr, r), nil
		}
	}
	if len(cr.chunks) == 1 && !cr.mapped[0] {
		data = cr.chunks[0]
	} else {
		data = make([]byte, 0, total+1)
		for i, c := range cr.chunks {
			data = append(data, c...)
			cr.free(i)
		}
	}
	cr.chunks = nil
	return terminate(data, lines, limit, delim)
}

// chunkReader holds the chunks slurpChunks read, and reads them back.
type chunkReader struct {
	chunks [][]byte
	mapped []bool
	next   int // the chunk Read is in
}

// grow adds an empty chunk: 64 KiB, then twice the last, up to 16 MiB,
// and never more than most bytes.
func (cr *chunkReader) grow(most int64) []byte {
	n := 64 << 10
	if k := len(cr.chunks); k > 0 {
		n = min(2*cap(cr.chunks[k-1]), 16<<20)
	}
	n = int(min(int64(n), most))
	c, mapped := allocBytes(n)
	cr.chunks = append(cr.chunks, c[:0])
	cr.mapped = append(cr.mapped, mapped)
	return c[:0]
}

func (cr *chunkReader) free(i int) {
	if cr.mapped[i] {
		freeBytes(cr.chunks[i])
		cr.mapped[i] = false
	}
	cr.chunks[i] = nil
}

func (cr *chunkReader) release() {
	for i := range cr.chunks {
		cr.free(i)
	}
}

func (cr *chunkReader) Read(p []byte) (int, error) {
	for cr.next < len(cr.chunks) {
		if c := cr.chunks[cr.next]; len(c) > 0 {
			n := copy(p, c)
			cr.chunks[cr.next] = c[n:]
			return n, nil
		}
		cr.free(cr.next)
		cr.next++
	}
	return 0, io.EOF
}

// cost is the memory the in-memory shuffle needs for data of this size:
// the data, a 2-byte label and a 4-byte index per line (8 bytes past 4 GiB).
func cost(size, lines int64) int64 {
	if size < 1<<32 {
		return size + 6*lines
	}
	return size + 10*lines
}
