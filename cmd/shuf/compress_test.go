package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func gzipText(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	_, err := z.Write([]byte(text))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	return b.Bytes()
}

func zstdText(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	z, err := zstd.NewWriter(&b)
	require.NoError(t, err)
	_, err = z.Write([]byte(text))
	require.NoError(t, err)
	require.NoError(t, z.Close())
	return b.Bytes()
}

// textOf is the text of a gzip or zstd file.
func textOf(t *testing.T, name string) string {
	t.Helper()
	f, err := os.Open(name)
	require.NoError(t, err)
	defer f.Close()
	var r io.Reader
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(f)
		require.NoError(t, err, name)
		r = z
	} else {
		z, err := zstd.NewReader(f)
		require.NoError(t, err, name)
		defer z.Close()
		r = z
	}
	b, err := io.ReadAll(r)
	require.NoError(t, err, name)
	return string(b)
}

// TestCompressedInput: gzip (one member or several) and zstd input, known
// by its first bytes whatever its name, gives what its text gives with the
// same seed, on every path: in memory, past memory, -n (which reads it
// twice), --header with several inputs, standard input, -r.
func TestCompressedInput(t *testing.T) {
	t.Parallel()
	text := numbered("line ", 30000) + "no newline"
	plain := write(t, "plain", text)
	half := len(text) / 2
	packed := map[string][]byte{
		"gz":          gzipText(t, text),
		"gz-members":  append(gzipText(t, text[:half]), gzipText(t, text[half:])...),
		"zst":         zstdText(t, text),
		"zst-skipped": append([]byte("\x50\x2a\x4d\x18\x03\x00\x00\x00abc"), zstdText(t, text)...),
	}
	if zstdCLI, err := exec.LookPath("zstd"); err == nil {
		out, err := exec.Command("sh", "-c", "zstd -q -c "+plain+" | cat", zstdCLI).Output()
		require.NoError(t, err)
		packed["zst-cli"] = out
	}
	plainOut := map[string]string{} // shuf's output of the plain text, by arguments: the same for every kind
	for kind, b := range packed {
		file := write(t, "data-"+kind, string(b)) // no suffix: the bytes tell
		paths := [][]string{nil, {"--memory", "64K"}, {"-n", "7"}, {"-n", "7", "--memory", "64K"},
			{"--header=3"}, {"-r", "-n", "9"}, {"--shards", "3"}}
		if kind != "gz" && kind != "zst" {
			paths = paths[:1] // the other ways to pack, once
		}
		for _, args := range paths {
			base := append([]string{"--seed", "11"}, args...)
			if len(args) > 0 && args[0] == "--shards" {
				dir := t.TempDir()
				ok(t, "", append(base, "-o", filepath.Join(dir, "p"), file)...)
				ok(t, "", append(base, "-o", filepath.Join(dir, "q"), plain)...)
				o := &options{output: filepath.Join(dir, "p"), shards: 3}
				want := &options{output: filepath.Join(dir, "q"), shards: 3}
				assert.Equal(t, readParts(t, want.partNames()), readParts(t, o.partNames()), "%s %q", kind, args)
				continue
			}
			key := strings.Join(args, "\x00")
			want, done := plainOut[key]
			if !done {
				want = ok(t, "", append(base, plain)...)
				plainOut[key] = want
			}
			assert.Equal(t, want, ok(t, "", append(base, file)...), "%s %q", kind, args)
			assert.Equal(t, want, ok(t, string(b), base...), "%s %q from standard input", kind, args)
		}
		// Beside plain input, with the header checked in each.
		hdr := write(t, "hdr", "line 0\nmore\n")
		assert.Equal(t, ok(t, "", "--seed", "2", "--header", plain, hdr), ok(t, "", "--seed", "2", "--header", file, hdr), kind)
	}
	// Empty compressed input is no lines.
	assert.Equal(t, "", ok(t, "", write(t, "empty.gz", string(gzipText(t, "")))))
	assert.Equal(t, "", ok(t, "", write(t, "empty.zst", string(zstdText(t, "")))))
}

// TestBinaryRefused: input that looks binary (a NUL byte in its first
// 64 KiB; with -z, where NUL ends the lines, many control characters) and
// the compressed formats shuf does not read are refused with a message
// naming the file (and the line of the NUL), status 1, nothing written;
// --allow-binary shuffles them as they are.
func TestBinaryRefused(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	r := rand.New(rand.NewPCG(3, 4))
	noise := make([]byte, 100000)
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	hint := "; -z reads NUL-delimited lines, --allow-binary shuffles it as it is"
	nul := write(t, "nul", "a\nb\nc\x00d\ne\n")
	for _, tc := range []struct {
		name, content string
		args          []string
		want          string
	}{
		{"nul", "", nil, ":3: a NUL byte: the input looks binary" + hint},
		{"noise", string(noise), nil, ":2: a NUL byte: the input looks binary" + hint},
		{"noise.gz", string(gzipText(t, string(noise))), nil, ":2: a NUL byte: the input looks binary" + hint},
		{"noise-z", string(noise), []string{"-z"}, ": 6590 of its first 65536 bytes are control characters: the input looks binary; --allow-binary shuffles it as it is"},
		{"x.xz", "\xfd7zXZ\x00\x00\x04", nil, ": xz-compressed: shuf reads only gzip and zstd; decompress it first"},
		{"x.bz2", "BZh91AY&SY\x00", nil, ": bzip2-compressed: shuf reads only gzip and zstd; decompress it first"},
		{"x.zip", "PK\x03\x04\x14\x00", nil, ": a zip archive: shuf reads only gzip and zstd; decompress it first"},
		{"x.lz4", "\x04\x22\x4d\x18\x64", nil, ": lz4-compressed: shuf reads only gzip and zstd; decompress it first"},
	} {
		file := nul
		if tc.content != "" {
			file = write(t, tc.name, tc.content)
		}
		for _, path := range [][]string{nil, {"--memory", "64K"}, {"-n", "2"}, {"stdin"}} {
			args := append(append([]string{"-o", out}, tc.args...), path...)
			stdin := ""
			if len(path) == 1 {
				b, err := os.ReadFile(file)
				require.NoError(t, err)
				stdin, args = string(b), args[:len(args)-1]
			} else {
				args = append(args, file)
			}
			res := runBin(t, stdin, "", args...)
			assert.Equal(t, 1, res.code, "%s %q", tc.name, args)
			want := "shuf: " + file + tc.want + "\n"
			if stdin != "" {
				want = "shuf: standard input" + tc.want + "\n"
			}
			assert.Equal(t, want, res.stderr, "%s %q", tc.name, args)
			assert.Empty(t, res.stdout)
			assert.NoFileExists(t, out)
		}
		// Asked for, the bytes are shuffled as lines (a gzip file's, those it holds).
		b, err := os.ReadFile(file)
		require.NoError(t, err)
		if strings.HasSuffix(tc.name, ".gz") {
			b = noise
		}
		got := ok(t, "", append(append([]string{"--allow-binary"}, tc.args...), file)...)
		delim := byte('\n')
		if len(tc.args) > 0 {
			delim = 0
		}
		if b[len(b)-1] != delim {
			b = append(b, delim)
		}
		assert.True(t, slices.Equal(sorted(string(b), delim), sorted(got, delim)), "%s: not its lines", tc.name)
	}
	// Text is not refused: NUL-delimited names with -z, a NUL past the
	// first block, control characters as separators.
	ok(t, "", "-z", write(t, "names", "a\x00b c\x00\x1b[1md\x00"))
	ok(t, "", write(t, "late", strings.Repeat("x\n", 40000)+"y\x00\n"))
	ok(t, "", write(t, "hive", strings.Repeat("a\x01b\x01c\n", 10000)))
	ok(t, "", write(t, "words", "LZIP is a compressor\nBZh, PK and 7z are not\n"))
	res := runBin(t, "", "", write(t, "x.lz", "LZIP\x01\x0c\x00"))
	assert.Equal(t, 1, res.code)
	assert.Contains(t, res.stderr, "x.lz: lzip-compressed: shuf reads only gzip and zstd; decompress it first\n")
}

// TestCompressedOutput: -o NAME.gz or NAME.zst writes the output
// compressed, and so do --shards and --split given such a PREFIX, each
// part named with the suffix last; the text is what the same seed writes
// uncompressed, headers included, and the bytes are the same on every run.
func TestCompressedOutput(t *testing.T) {
	t.Parallel()
	text := "h1\n" + numbered("r", 20000)
	in := write(t, "in", text)
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, suffix := range []string{".gz", ".zst"} {
		for _, args := range [][]string{nil, {"--memory", "64K"}, {"-n", "5"}, {"--header"}} {
			base := append([]string{"--seed", "5"}, args...)
			want := ok(t, "", append(base, in)...)
			ok(t, "", append(base, "-o", p("out"+suffix), in)...)
			assert.Equal(t, want, textOf(t, p("out"+suffix)), "%s %q", suffix, args)
			first, err := os.ReadFile(p("out" + suffix))
			require.NoError(t, err)
			ok(t, "", append(base, "-o", p("out"+suffix), in)...)
			again, err := os.ReadFile(p("out" + suffix))
			require.NoError(t, err)
			assert.Equal(t, first, again, "the same bytes")
		}
		for _, parts := range [][]string{{"--shards", "3"}, {"--split", "80,10,10"}, {"--split", "50,50"}} {
			args := append([]string{"--seed", "5", "--header"}, parts...)
			ok(t, "", append(args, "-o", p("plain"), in)...)
			ok(t, "", append(args, "-o", p("packed"+suffix), in)...)
			o := &options{output: p("plain")}
			if parts[0] == "--shards" {
				o.shards = 3
			} else {
				o.split, _ = parseSplit(parts[1])
			}
			wants := readParts(t, o.partNames())
			o.output = p("packed" + suffix)
			names := o.partNames()
			require.Len(t, names, len(wants))
			for i, name := range names {
				assert.True(t, strings.HasSuffix(name, suffix) && !strings.Contains(strings.TrimSuffix(name, suffix), suffix), name)
				assert.Equal(t, wants[i], textOf(t, name), "%s", name)
			}
		}
	}
	assert.FileExists(t, p("packed-00002-of-00003.gz"))
	assert.FileExists(t, p("packed.val.zst"))
	assert.FileExists(t, p("packed.test.gz"))
	// Read back as input, a compressed output is the same text.
	ok(t, "", "--seed", "5", "-o", p("round.gz"), in)
	assert.Equal(t, sorted(text, '\n'), sorted(ok(t, "", p("round.gz")), '\n'))
}

// TestCompressedPartsMemory: the parts are written one after the other,
// and each part's compressor goes when the part is whole, so 64 zstd
// shards of 250 KB each hold one compressor at a time: a peak of 25 MB
// where holding them all takes 110 MB. The command runs under a fresh
// copy of the test binary (peakHelper), not to be charged this one's peak.
func TestCompressedPartsMemory(t *testing.T) {
	t.Parallel()
	in := write(t, "in", numbered(strings.Repeat("x", 90), 170000)) // 16 MB
	dir := t.TempDir()
	self, err := os.Executable()
	require.NoError(t, err)
	cmd := exec.Command(self)
	args := []string{bin, "--seed", "1", "--memory", "1M", "--shards", "64", "-o", filepath.Join(dir, "p.zst"), in}
	cmd.Env = append(os.Environ(), "SHUF_PEAK_ARGS="+strings.Join(args, "\x1f"), "TMPDIR="+t.TempDir())
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	var lines int
	var peak int64
	_, err = fmt.Sscan(string(out), &lines, &peak)
	require.NoError(t, err, "%s", out)
	if peak == 0 {
		t.Skip("no peak memory on this system")
	}
	assert.Less(t, peak, int64(60<<20), "peak memory of 64 zstd shards")
	t.Logf("64 zstd shards of 16 MB: peak RSS %.1f MB", float64(peak)/1e6)
	o := &options{output: filepath.Join(dir, "p.zst"), shards: 64}
	lines = 0
	for _, name := range o.partNames() {
		lines += strings.Count(textOf(t, name), "\n")
	}
	assert.Equal(t, 170000, lines)
}

// TestCompressedBroken: compressed input cut short or corrupt is an error
// naming the file and the line the text broke in, with status 1 and
// nothing written; so is a file that changes while read, as for plain
// files (the compressed file is checked).
func TestCompressedBroken(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	text := seqText(1, 100000)
	gz := gzipText(t, text)
	zs := zstdText(t, text)
	corrupt := func(b []byte) []byte {
		c := bytes.Clone(b)
		for i := len(c) / 2; i < len(c)/2+64; i++ {
			c[i] ^= 0x5a
		}
		return c
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		name, content, want string
	}{
		{"cut.gz", string(gz[:len(gz)/2]), `^shuf: .*cut\.gz:\d+: the gzip data stops short: the file is cut off$`},
		{"bad.gz", string(corrupt(gz)), `^shuf: .*bad\.gz:\d+: corrupt gzip data: .+$`},
		{"cut.zst", string(zs[:len(zs)/2]), `^shuf: .*cut\.zst:\d+: (the zstd data stops short: the file is cut off|corrupt zstd data: .+)$`},
		{"bad.zst", string(corrupt(zs)), `^shuf: .*bad\.zst:\d+: corrupt zstd data: .+$`},
		{"header.gz", "\x1f\x8b\x08", `^shuf: .*header\.gz:1: the gzip data stops short: the file is cut off$`},
	} {
		file := write(t, tc.name, tc.content)
		for _, args := range [][]string{{file}, {"--memory", "64K", file}, {"-n", "3", file}} {
			r := runBin(t, "", "", append([]string{"-o", out}, args...)...)
			assert.Equal(t, 1, r.code, "%s %q", tc.name, args)
			assert.Regexp(t, tc.want, strings.TrimSuffix(r.stderr, "\n"), "%s %q", tc.name, args)
			assert.NoFileExists(t, out)
		}
	}
	// The line: the text broke after the lines read whole.
	r := runBin(t, "", "", write(t, "lines.gz", string(gzipText(t, "a\nb\nc\n")[:20])))
	assert.Equal(t, 1, r.code)
	assert.Regexp(t, `lines\.gz:\d+: `, r.stderr)

}
