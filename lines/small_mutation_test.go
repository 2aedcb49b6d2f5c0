package lines

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHeaderPastInput: a header count far past the lines of the inputs
// (shuf --header=N with N as large as an int goes) takes the whole first
// file as the header and every later file's lines as its copy, checked or
// dropped, and ends as soon as the inputs do: the count is not walked to
// its end.
func TestHeaderPastInput(t *testing.T) {
	a := write(t, "a", "h\ni\nj\n")
	for _, b := range []string{"h\ni\n", "h\ni\nj\n", "h"} {
		assert.Equal(t, "h\ni\nj\n", shufOut(t, Files(a, write(t, "b", b)), Seed(1), Header(math.MaxInt)), "%q", b)
	}
	for _, b := range []string{"x\n", "x\ny\nz\nw\n", ""} {
		assert.Equal(t, "h\ni\nj\n", shufOut(t, Files(a, write(t, "b", b)), Seed(1), Header(math.MaxInt), DropHeaders()), "%q", b)
	}
}

// TestMatchLineHolds: matchLine holds at most 256 bytes of a line it
// checks, however long (a later file's first line of a megabyte, read
// 64 KiB at a time): got is its first 256 bytes, whether it is the header's
// line or not.
func TestMatchLineHolds(t *testing.T) {
	line := []byte(strings.Repeat("0123456789", 100<<10) + "\n")
	other := bytes.Clone(line)
	other[len(other)-2] = 'x'
	for _, want := range [][]byte{line, other, []byte("h\n")} {
		br := bufio.NewReaderSize(bytes.NewReader(line), 64<<10)
		got, same, err := matchLine(br, want, '\n')
		require.NoError(t, err)
		assert.Equal(t, bytes.Equal(want, line), same)
		assert.Equal(t, line[:256], got)
	}
}

// TestPackerWaits: a compressed file's compressor (about 1 MB for gzip,
// 6 MB for zstd) is made only once more than 64 KiB have come, in writes
// of any size, so that the parts of --shards and --split, each given the
// header when created, do not hold one each at once: up to 64 KiB, a
// header of exactly that size included, nothing reaches the file; the
// byte after it starts the gzip stream.
func TestPackerWaits(t *testing.T) {
	data := []byte(randomLines(100<<10, 1, 60, 4))
	for _, cuts := range [][]int{{64 << 10}, {1000, 64<<10 - 1000}, {40 << 10, 24 << 10, 40 << 10}} {
		var file bytes.Buffer
		p := packer(".gz", &file)
		at := 0
		for _, n := range cuts {
			if at+n > 64<<10 {
				break
			}
			_, err := p.Write(data[at : at+n])
			require.NoError(t, err)
			at += n
		}
		assert.Zero(t, file.Len(), "%v: after %d bytes", cuts, at)
		for ; at < len(data); at += 1000 {
			_, err := p.Write(data[at:min(at+1000, len(data))])
			require.NoError(t, err)
			if at == 64<<10 {
				assert.NotZero(t, file.Len(), "%v: the byte past 64 KiB", cuts)
			}
		}
		require.NoError(t, p.Close())
		z, err := gzip.NewReader(&file)
		require.NoError(t, err)
		text, err := io.ReadAll(z)
		require.NoError(t, err)
		assert.True(t, bytes.Equal(data, text), "%v: the text differs", cuts)
	}
}

// TestStdioClosed: an output *os.File that cannot even be stat'ed, as
// standard output closed (shuf >&-), has glibc's buffer of BUFSIZ, 8192
// bytes (glibc takes st_blksize only from an fstat that succeeds, and only
// when it is positive): GNU says "write error" once for up to 8192 bytes
// of output, twice past them.
func TestStdioClosed(t *testing.T) {
	for _, c := range []struct {
		lines int
		again bool
	}{{1, false}, {2048, false}, {2049, true}} {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		require.NoError(t, r.Close())
		require.NoError(t, w.Close())
		err = Shuffle(context.Background(), w, mutLines(c.lines, "abc"), Seed(1))
		var we *WriteError
		require.ErrorAs(t, err, &we)
		assert.ErrorIs(t, err, os.ErrClosed)
		assert.Equal(t, c.again, we.Again, "%d lines", c.lines)
	}
}

// TestStdioSinkCuts: the sink's model holds however the writes cut the
// output (it is an io.Writer like any other): an empty write tells
// nothing of the first line, and the first line is the output's first,
// not the first bytes of a later write, which may be the middle of a
// line. Either way here the whole output fits in GNU's buffer, first line
// included: the failed last write is reported once.
func TestStdioSinkCuts(t *testing.T) {
	for _, writes := range [][]string{{"", "ab\ncd\n"}, {"a\nbb", "bb"}, {"a\n", "", "bb\n"}} {
		g := newGNUSink(&mutFailWriter{ok: len(writes) - 1}, '\n')
		for i, b := range writes {
			g.final = i == len(writes)-1
			_, err := g.Write([]byte(b))
			if !g.final {
				require.NoError(t, err)
				continue
			}
			var we *WriteError
			require.ErrorAs(t, err, &we)
			assert.False(t, we.Again, "%q", writes)
		}
	}
}

// TestDealSizes: the bytes the buckets' bookkeeping counts for each bucket
// as the lines are cut (what huge checks against the 4 GiB a bucket's
// index can reach) are the bytes the dealers put in it, records' heads
// included: lines short and long (past longLen), an empty one, pieces cut
// at line ends and inside lines, on one dealer and on two.
func TestDealSizes(t *testing.T) {
	text := randomLines(300<<10, 1, 120, 21) + "\n" + strings.Repeat("L", longLen+10) + "\n" + randomLines(50<<10, 1, 40, 22)
	for _, c := range []struct{ procs, cut int }{{1, 0}, {2, 0}, {1, 7 << 10}, {2, 7 << 10}} {
		procs := c.procs
		old := runtime.GOMAXPROCS(procs)
		src := rand.NewChaCha8(seedKey(1))
		s := &shuf{o: &options{count: 1<<64 - 1, delim: '\n'}, src: src, own: src, mem: 1 << 30, tmp: &tempDir{}}
		const k = 8
		bs := &buckets{s: s, b: make([]bucket, k), sizes: make([]int64, k), shift: labelBits - bits.TrailingZeros(uint(k))}
		bs.startDealers()
		for rest := text; rest != ""; {
			end := strings.IndexByte(rest[min(len(rest), 20<<10):], '\n') + min(len(rest), 20<<10) + 1
			if c.cut > 0 { // pieces cut inside lines, a line of longLen across many
				end = min(len(rest), c.cut)
			}
			bs.deal([]byte(rest[:end]), nil)
			rest = rest[end:]
		}
		bs.stopDealers()
		runtime.GOMAXPROCS(old)
		require.NoError(t, bs.err)
		assert.Equal(t, int64(len(text)), bs.bytes)
		for i := range bs.b {
			assert.Equal(t, int64(len(bs.b[i].b)), bs.sizes[i], "%d dealers: bucket %d", procs, i)
		}
		bs.release()
	}
}

// TestRangeBytesPast64: the size of a range's text past 64 bits is capped
// too, whether one run of digits passes them (878416384462359601 numbers
// of 21 bytes are 2⁶⁴+5 bytes) or two that are less each pass them
// together (5·10¹⁷ numbers of 20 bytes and 4.3·10¹⁷+1 of 21).
func TestRangeBytesPast64(t *testing.T) {
	assert.Equal(t, int64(math.MaxInt64), rangeBytes(1e19, 1e19+878416384462359600))
	assert.Equal(t, int64(math.MaxInt64), rangeBytes(95e17, 1e19+43e16))
}
