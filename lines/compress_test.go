package lines

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompressedChanged: a compressed file that changes while it is read
// is the one checked, by its size.
func TestCompressedChanged(t *testing.T) {
	gz := gzipText(t, seqText(1, 100000))
	dir := t.TempDir()
	// Changed while read: the compressed file is the one checked.
	in := filepath.Join(dir, "in.gz")
	require.NoError(t, os.WriteFile(in, gz, 0o644))
	done := false
	readHook = func(name string, read int64) {
		if !done && name == in {
			done = true
			require.NoError(t, os.Truncate(in, int64(len(gz)/2)))
		}
	}
	defer func() { readHook = nil }()
	code, stdout, stderr := runArgs(t, "", "--seed", "1", in)
	assert.True(t, done)
	assert.Equal(t, 1, code)
	assert.Equal(t, fmt.Sprintf("shuf: %s: changed while being read: its size went from %d to %d bytes\n", in, len(gz), len(gz)/2), stderr)
	assert.Empty(t, stdout)
}

// TestMagicMatches: a head is a magic whole at exactly its length, its
// start while shorter, and neither once a byte differs; a name is packed
// by its suffix only if something comes before it; the packings' names.
func TestMagicMatches(t *testing.T) {
	for _, m := range magics {
		head := make([]byte, len(m.bytes))
		for i, r := range m.bytes {
			head[i] = r[1]
		}
		whole, start := m.matches(head)
		assert.True(t, whole, "%q", head)
		assert.False(t, start, "%q: whole, and the start of nothing more", head)
		whole, start = m.matches(head[:len(head)-1])
		assert.False(t, whole)
		assert.True(t, start, "%q", head[:len(head)-1])
		whole, start = m.matches(append(head, 'x'))
		assert.True(t, whole, "%q and more", head)
		assert.False(t, start)
	}
	assert.Equal(t, ".gz", packedSuffix("a.gz"))
	assert.Equal(t, ".zst", packedSuffix("a.zst"))
	assert.Equal(t, "", packedSuffix(".gz"), "a name that is the suffix alone")
	assert.Equal(t, "", packedSuffix("a.gzip"))
	assert.Equal(t, []string{"gzip", "zstd"}, []string{gzipped.String(), zstded.String()})
}

// TestPackerCutting: the compressed bytes of a text do not depend on how
// its writes are cut, before and after the compressor is made (at 64 KiB):
// the same lines give the same file, whatever path wrote them.
func TestPackerCutting(t *testing.T) {
	data := []byte(randomLines(300<<10, 1, 60, 3))
	for _, suffix := range []string{".gz", ".zst"} {
		var whole, cut bytes.Buffer
		p := packer(suffix, &whole)
		_, err := p.Write(data)
		require.NoError(t, err)
		require.NoError(t, p.Close())
		q := packer(suffix, &cut)
		for i := 0; i < len(data); i += 777 {
			_, err := q.Write(data[i:min(i+777, len(data))])
			require.NoError(t, err)
		}
		require.NoError(t, q.Close())
		assert.True(t, bytes.Equal(whole.Bytes(), cut.Bytes()), "%s: the bytes differ", suffix)
	}
}

// TestCompressedInputs: a gzip or zstd file, or pipe, is its lines: the
// same output as the plain file's, for a seed.
func TestCompressedInputs(t *testing.T) {
	text := randomLines(100<<10, 1, 60, 8)
	plain := write(t, "plain", text)
	want := shufOut(t, Files(plain), Seed(6))
	for _, suffix := range []string{".gz", ".zst"} {
		var b bytes.Buffer
		p := packer(suffix, &b)
		_, err := p.Write([]byte(text))
		require.NoError(t, err)
		require.NoError(t, p.Close())
		packed := write(t, "packed"+suffix, b.String())
		assert.True(t, want == shufOut(t, Files(packed), Seed(6)), "%s file", suffix)
		assert.True(t, want == shufOut(t, Reader(bytes.NewReader(b.Bytes())), Seed(6)), "%s pipe", suffix)
	}
}
