package lines

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestProgress: each phase is reported as it starts, and counts what it
// has done of its total, with its rate; a nil progress passes everything
// through.
func TestProgress(t *testing.T) {
	var phases []*Phase
	p := &progress{report: func(ph *Phase) { phases = append(phases, ph) }}
	r := p.reader(strings.NewReader(strings.Repeat("x", 1500)), 3000)
	_, err := io.Copy(io.Discard, r)
	require.NoError(t, err)
	require.Len(t, phases, 1)
	assert.Regexp(t, `^reading 1\.5 kB of 3\.0 kB, [0-9.]+ [kM]?B/s$`, phases[0].String())
	_, err = io.Copy(p.writer(io.Discard), strings.NewReader("0123456789"))
	require.NoError(t, err)
	require.Len(t, phases, 2)
	assert.Regexp(t, `^writing 10 B, [0-9.]+ [kM]?B/s$`, phases[1].String())
	assert.Equal(t, int64(1500), phases[0].Done(), "the bytes read")
	assert.True(t, phases[0].Top && phases[1].Top)

	var none *progress
	sr := strings.NewReader("a")
	assert.Same(t, io.Reader(sr), none.reader(sr, 1))
	assert.Same(t, io.Reader(sr), none.counted(sr))
	assert.Equal(t, io.Writer(io.Discard), none.writer(io.Discard))
	none.reading("reading", 1)
	none.shuffling(1, 2)
	none.spilling(1)
	none.merging(1, 1)
	none.step("reading", 1)
	none.expectOutput(1)
	none.add(1)
}

// TestProgressCountsLargeReads: a read into a large buffer, as the
// in-memory path reads a whole file, is counted a MiB at a time, so that
// the line moves while the file is read.
func TestProgressCountsLargeReads(t *testing.T) {
	p := &progress{report: func(*Phase) {}}
	r := p.reader(bytes.NewReader(make([]byte, 3*progressRead)), 3*progressRead)
	n, err := r.Read(make([]byte, 3*progressRead))
	require.NoError(t, err)
	assert.Equal(t, progressRead, n)
	assert.Equal(t, int64(progressRead), p.in.Load())
}

// TestProgressSteps: the shuffle counts exactly the steps it announces
// (arrangeSteps), on plain lines and on the records of a temporary file,
// and for -i and -e: so the percentage moves in each pass and ends at 100.
func TestProgressSteps(t *testing.T) {
	const n = 3*progressBlock + 5
	src := rand.NewChaCha8([32]byte{9})
	var plain, records []byte
	ls := make([]uint16, n)
	for i := range n {
		ls[i] = uint16(i * 7919)
		line := strconv.AppendInt(nil, int64(i), 10)
		plain = append(append(plain, line...), '\n')
		records = append(append(binary.LittleEndian.AppendUint16(records, ls[i]), line...), '\n')
	}
	for _, c := range []struct {
		data    []byte
		ls      []uint16
		records bool
	}{{plain, ls, false}, {records, nil, true}} {
		p := &progress{report: func(*Phase) {}}
		out := &output{w: io.Discard, left: math.MaxUint64, buf: make([]byte, 0, outBuf), prog: p}
		if m := (mixer{fy: shuffle.NewFisherYates(src)}); c.records {
			arrangeRecords[uint32](out, m, c.data, 0, labels, '\n')
		} else {
			arrange[uint32](out, m, c.data, c.ls, labels, '\n')
		}
		assert.Equal(t, arrangeSteps(n, c.records), p.work.Load(), "records: %v", c.records)
	}
	p := &progress{report: func(*Phase) {}}
	s := &shuf{src: src, own: src, prog: p}
	_, free, err := s.permutation(n)
	require.NoError(t, err)
	free()
	assert.Equal(t, arrangeSteps(n, false), p.work.Load(), "-i, -e")
}

func TestByteText(t *testing.T) {
	for n, want := range map[int64]string{0: "0 B", 999: "999 B", 1000: "1.0 kB", 1500: "1.5 kB", 9949: "9.9 kB",
		9950: "10 kB", 999499: "999 kB", 999500: "1.0 MB", 35e9: "35 GB", 1 << 62: "4612 PB"} {
		assert.Equal(t, want, byteText(n), "%d", n)
	}
}
