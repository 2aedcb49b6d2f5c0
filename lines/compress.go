package lines

import (
	"bufio"
	"compress/gzip"
	"errors"
	"io"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Compressed input is read as the text it holds: gzip (compress/gzip,
// several members as one, as gzip -dc reads them) and zstd
// (github.com/klauspost/compress/zstd, several frames as one, skippable
// frames skipped), known by their first bytes, whatever the file's name.
// The other compressed formats and archives are known by theirs too, and
// refused, so that none is shuffled as bytes. Output whose name ends in
// .gz or .zst is written compressed.

// packing is how an input's bytes are packed.
type packing int

const (
	unpacked packing = iota
	gzipped
	zstded
)

func (p packing) String() string {
	if p == gzipped {
		return "gzip"
	}
	return "zstd"
}

// A magic is the first bytes of a packing: each byte a range.
type magic struct {
	bytes [][2]byte // each byte's lowest and highest value
	p     packing
	other string // the name of a format shuf does not read
}

// exact is the magic of the bytes of s.
func exact(s string, p packing, other string) magic {
	m := magic{p: p, other: other}
	for i := range len(s) {
		m.bytes = append(m.bytes, [2]byte{s[i], s[i]})
	}
	return m
}

var magics = func() []magic {
	zstdSkippable := exact("P\x2a\x4d\x18", zstded, "")
	zstdSkippable.bytes[0] = [2]byte{0x50, 0x5f}
	bzip2 := func(block string) magic {
		m := exact("BZh1"+block, unpacked, "bzip2-compressed")
		m.bytes[3] = [2]byte{'1', '9'}
		return m
	}
	return []magic{
		exact("\x1f\x8b", gzipped, ""),
		exact("\x28\xb5\x2f\xfd", zstded, ""),
		zstdSkippable,
		bzip2("\x31\x41\x59\x26\x53\x59"), // a block
		bzip2("\x17\x72\x45\x38\x50\x90"), // the end: no block
		exact("\xfd7zXZ\x00", unpacked, "xz-compressed"),
		exact("\x04\x22\x4d\x18", unpacked, "lz4-compressed"),
		exact("LZIP\x01", unpacked, "lzip-compressed"), // version 1: text may begin with the word
		exact("\x1f\x9d", unpacked, "compressed by compress (.Z)"),
		exact("PK\x03\x04", unpacked, "a zip archive"),
		exact("PK\x05\x06", unpacked, "a zip archive"),
		exact("7z\xbc\xaf\x27\x1c", unpacked, "a 7z archive"),
	}
}()

// matches tells whether head is m's magic (whole), or the start of it.
func (m magic) matches(head []byte) (whole, start bool) {
	for i, c := range head {
		if i == len(m.bytes) {
			return true, false
		}
		if c < m.bytes[i][0] || c > m.bytes[i][1] {
			return false, false
		}
	}
	return len(head) == len(m.bytes), len(head) < len(m.bytes)
}

// packingOf tells the packing of an input from its first bytes. A format
// shuf cannot read gives its name as other.
func packingOf(head []byte) (p packing, other string) {
	for _, m := range magics {
		if whole, _ := m.matches(head); whole {
			return m.p, m.other
		}
	}
	return unpacked, ""
}

// peekMagic returns the first bytes of br, as many as tell its packing:
// one more only while they are the start of a magic, so that a pipe's
// first line, shorter than a magic, is not waited on.
func peekMagic(br *bufio.Reader) ([]byte, error) {
	for n := 1; ; n++ {
		head, err := br.Peek(n)
		if err != nil {
			return head, err
		}
		more := false
		for _, m := range magics {
			if _, start := m.matches(head); start {
				more = true
			}
		}
		if !more {
			return head, nil
		}
	}
}

// unpack returns the reader of what r holds, packed by p, and a function
// that releases it.
func unpack(p packing, r io.Reader) (io.Reader, func(), error) {
	if p == gzipped {
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, nil, err
		}
		return z, func() { z.Close() }, nil
	}
	// One decoder, no goroutines: reading is not where the time goes, and
	// nothing is left running when a run ends early. Lowmem keeps its
	// buffers to what the frames need.
	z, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true))
	if err != nil {
		return nil, nil, err
	}
	return z, z.Close, nil
}

// packError words an error of the decompressor of an input.
func packError(p packing, err error) string {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "the " + p.String() + " data stops short: the file is cut off"
	}
	msg := err.Error()
	msg = strings.TrimPrefix(strings.TrimPrefix(msg, "gzip: "), "zstd: ")
	return "corrupt " + p.String() + " data: " + msg
}

// packedSuffix is the suffix of a name that says its file is written
// compressed: ".gz", ".zst", or "".
func packedSuffix(name string) string {
	for _, s := range []string{".gz", ".zst"} {
		if strings.HasSuffix(name, s) && len(name) > len(s) {
			return s
		}
	}
	return ""
}

// packer returns the compressor of a file named with suffix, writing to
// w. gzip at its default level (6, as gzip's), zstd at its (3) with the
// window the zstd command takes there (2 MiB), with neither a name nor a
// time in the header: the same lines give the same bytes (with the same
// compressor: a later Go or zstd package may pack them otherwise, the text
// staying the same). zstd runs in this goroutine, with no others to end if
// the run fails. The compressor is made when the first 64 KiB have come
// (or at the end), and closed by the end of its file or part: the parts,
// written one after the other, hold one compressor at a time, about
// 1 MB for gzip and 6 MB for zstd.
func packer(suffix string, w io.Writer) io.WriteCloser {
	return &lazyPacker{suffix: suffix, w: w}
}

type lazyPacker struct {
	suffix  string
	w       io.Writer
	pending []byte // what came before the compressor was made
	z       io.WriteCloser
	closed  bool
}

func (l *lazyPacker) make() error {
	if l.suffix == ".gz" {
		l.z = gzip.NewWriter(l.w)
	} else {
		z, err := zstd.NewWriter(l.w, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithWindowSize(2<<20), zstd.WithAllLitEntropyCompression(true)) // text with few repeats shrinks too
		if err != nil {
			panic("shuf: zstd options: " + err.Error())
		}
		l.z = z
	}
	_, err := l.z.Write(l.pending)
	l.pending = nil
	return err
}

func (l *lazyPacker) Write(b []byte) (int, error) {
	if l.closed {
		return 0, errors.New("shuf: a write after the compressed file was closed")
	}
	if l.z == nil {
		if len(l.pending)+len(b) <= 64<<10 {
			l.pending = append(l.pending, b...)
			return len(b), nil
		}
		if err := l.make(); err != nil {
			return 0, err
		}
	}
	return l.z.Write(b)
}

func (l *lazyPacker) Close() error {
	if l.closed {
		return nil
	}
	l.closed = true
	if l.z == nil {
		if err := l.make(); err != nil {
			return err
		}
	}
	err := l.z.Close()
	l.z = nil // its buffers go
	return err
}

// partName is the name of a part of --shards or --split: PREFIX followed
// by what names the part, or, when PREFIX ends in .gz or .zst, the part's
// name before that suffix, so that every part is written compressed:
// -o data.gz --shards 2 writes data-00000-of-00002.gz.
func partName(prefix, part string) string {
	suffix := packedSuffix(prefix)
	return strings.TrimSuffix(prefix, suffix) + part + suffix
}

// createOutput creates a file of the output (see target): written through
// a compressor if its name ends in .gz or .zst, and with --csv through a
// csvWriter, which comes first.
func (s *shuf) createOutput(name string) (*target, error) {
	t, err := s.tmp.createTarget(name)
	if err != nil {
		return nil, err
	}
	t.w = t.f
	if suffix := packedSuffix(name); suffix != "" {
		t.pack = packer(suffix, t.f)
		t.w = t.pack
	}
	t.w = s.textOutput(t.w)
	return t, nil
}

// closePack writes the end of t's compressed data, if it has a compressor.
func (t *target) closePack() error {
	if t.pack == nil {
		return nil
	}
	p := t.pack
	t.pack = nil
	return p.Close()
}
