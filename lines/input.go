package lines

import (
	"bytes"
	"io"
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
//
// The buffer is mapped apart from Go's heap, so that running out of memory
// is an error ("read error: Cannot allocate memory"), not a crash, and
// freeData gives it back at once. A file's is sized once, with a byte to
// spare for the delimiter; a pipe's grows as it fills, and growing moves
// its pages, never its bytes: the input is never copied, nor held twice.
func slurp(r io.Reader, size, limit int64, delim byte) (data []byte, lines int64, rest io.Reader, err error) {
	return slurpFrom(&mapBuf{}, r, size, limit, delim)
}

// slurpFrom is slurp with the first bytes of the input read into m
// already (bucketShuffle's), and the rest in r; it takes m over.
func slurpFrom(m *mapBuf, r io.Reader, size, limit int64, delim byte) (data []byte, lines int64, rest io.Reader, err error) {
	if size >= 0 && cost(size, 0) > limit {
		if len(m.b) == 0 {
			m.free()
			return nil, 0, r, nil
		}
		return nil, 0, io.MultiReader(&mapReader{m: m}, r), nil
	}
	lines = int64(bytes.Count(m.b, []byte{delim}))
	if cap(m.b) == 0 {
		if err := m.grow(int(max(size+1, 64<<10))); err != nil {
			return nil, 0, nil, readError(err)
		}
	}
	for {
		if len(m.b) == cap(m.b) {
			if size >= 0 {
				// Full: the file is at its end, or it grew. A last line
				// without its delimiter gets one from the stream, which
				// fills the byte kept for it; so look for one more byte
				// before growing.
				var one [1]byte
				n, err := io.ReadFull(r, one[:])
				if err == io.EOF {
					break
				}
				if err != nil {
					m.free()
					return nil, 0, nil, readError(err)
				}
				if err := m.grow(n); err != nil {
					m.free()
					return nil, 0, nil, readError(err)
				}
				m.b = append(m.b, one[0])
				if one[0] == delim {
					lines++
				}
			}
			if err := m.grow(1); err != nil {
				m.free()
				return nil, 0, nil, readError(err)
			}
		}
		// Not much past limit: past it, the bytes are held until they are
		// streamed to the spill files.
		room := min(cap(m.b)-len(m.b), int(min(max(limit-cost(int64(len(m.b)), lines)+1, 64<<10), 1<<62)))
		n, err := r.Read(m.b[len(m.b) : len(m.b)+room])
		lines += int64(bytes.Count(m.b[len(m.b):len(m.b)+n], []byte{delim}))
		m.b = m.b[:len(m.b)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			m.free()
			return nil, 0, nil, readError(err)
		}
		if cost(int64(len(m.b)), lines) > limit {
			return nil, 0, io.MultiReader(&mapReader{m: m}, r), nil
		}
	}
	if len(m.b) > 0 && m.b[len(m.b)-1] != delim {
		if err := m.grow(1); err != nil {
			m.free()
			return nil, 0, nil, readError(err)
		}
		m.b = append(m.b, delim)
		lines++
	}
	if cost(int64(len(m.b)), lines) > limit {
		return nil, 0, &mapReader{m: m}, nil
	}
	return m.keep(), lines, nil, nil
}

// mapReader reads a mapBuf, and gives its memory back as it goes: what
// past limit slurp read ahead goes to the spill files.
type mapReader struct {
	m       *mapBuf
	off     int
	dropped int
}

func (r *mapReader) Read(p []byte) (int, error) {
	if r.off == len(r.m.b) {
		r.m.free()
		r.off = 0
		return 0, io.EOF
	}
	n := copy(p, r.m.b[r.off:])
	r.off += n
	if r.off-r.dropped >= 16<<20 {
		r.m.drop(r.off)
		r.dropped = r.off
	}
	return n, nil
}

// cost is the memory the in-memory shuffle needs for data of this size:
// the data, a 2-byte label and a 4-byte index per line (8 bytes past 4 GiB).
func cost(size, lines int64) int64 {
	if size < 1<<32 {
		return size + 6*lines
	}
	return size + 10*lines
}
