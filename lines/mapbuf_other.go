//go:build !linux

package lines

// mapBuf is a byte buffer that grows; here, in Go's heap, by copying.
type mapBuf struct{ b []byte }

// grow makes room for n more bytes past len(m.b), half as much again as the
// capacity at least.
func (m *mapBuf) grow(n int) error {
	if need := len(m.b) + n; need > cap(m.b) {
		b := make([]byte, len(m.b), max(need, cap(m.b)+cap(m.b)/2, 64<<10))
		copy(b, m.b)
		m.b = b
	}
	return nil
}

// drop gives back the memory of the bytes before off; here it cannot.
func (m *mapBuf) drop(int) {}

func (m *mapBuf) free() {
	if m != nil {
		m.b = nil
	}
}

// keep returns m's bytes, to be given back by freeData.
func (m *mapBuf) keep() []byte { return m.b }

// freeData gives back data that keep returned: here the collector does.
func freeData([]byte) {}

// mapSlice returns n zeroed Ts and the func that gives them back: here,
// in Go's heap.
func mapSlice[T uint16 | uint32](n int) ([]T, func(), error) {
	return make([]T, n), func() {}, nil
}
