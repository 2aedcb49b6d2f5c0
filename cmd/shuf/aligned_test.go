package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// indexOf is the numbers that end the lines of out, each line prefix and
// a number: which input line each output line came from.
func indexOf(t *testing.T, out, prefix string) []int {
	t.Helper()
	var idx []int
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		v, err := strconv.Atoi(strings.TrimPrefix(l, prefix))
		require.NoError(t, err, "%q", l)
		idx = append(idx, v)
	}
	return idx
}

func readText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	require.NoError(t, err)
	return string(b)
}

// TestAlignedOption: --aligned FILE... -o DIR writes DIR/FILE for each,
// all by one permutation: with --seed, the one each file gets alone with
// that seed; without, a random one, still the same for all. It holds with
// the run's other options (past memory, -n, --header, --shards, gzip
// input written to a .gz name, CSV records beside lines).
func TestAlignedOption(t *testing.T) {
	t.Parallel()
	const n = 5000
	feat := write(t, "features.txt", numbered("f", n))
	lab := write(t, "labels.txt", numbered("label number ", n))
	dir := filepath.Join(t.TempDir(), "out") // made by shuf
	ok(t, "", "--aligned", "--seed", "7", feat, lab, "-o", dir)
	f, l := readText(t, filepath.Join(dir, "features.txt")), readText(t, filepath.Join(dir, "labels.txt"))
	assert.Equal(t, ok(t, "", "--seed", "7", feat), f, "the file alone with the seed")
	assert.Equal(t, ok(t, "", "--seed", "7", lab), l)
	assert.Equal(t, indexOf(t, f, "f"), indexOf(t, l, "label number "))

	for _, args := range [][]string{nil, {"--memory", "64K"}, {"-n", "20"}, {"-r", "-n", "30"}, {"--algo", "inside-out"}} {
		out := t.TempDir()
		ok(t, "", append([]string{"--aligned", feat, lab, "-o", out}, args...)...)
		f, l := readText(t, filepath.Join(out, "features.txt")), readText(t, filepath.Join(out, "labels.txt"))
		fi := indexOf(t, f, "f")
		assert.Equal(t, fi, indexOf(t, l, "label number "), "%q", args)
		if args == nil {
			assert.NotEqual(t, indexOf(t, ok(t, "", "--seed", "7", feat), "f"), fi, "no seed: not the seeded order")
		}
	}

	// Headers, shards, gzip in and out, and CSV records beside lines:
	// each file's header stays its own, and the records go with the lines.
	hf := write(t, "hf.txt.gz", string(gzipText(t, "feature\n"+numbered("f", n))))
	var csvText strings.Builder
	csvText.WriteString("id,note\n")
	for i := range n {
		csvText.WriteString(strconv.Itoa(i) + ",\"two\nlines\"\n")
	}
	hc := write(t, "hc.csv", csvText.String())
	out := t.TempDir()
	ok(t, "", "--aligned", "--seed", "3", "--header", "--csv", "--shards", "2", hf, hc, "-o", out)
	for i := range 2 {
		part := strconv.Itoa(i)
		ft := textOf(t, filepath.Join(out, "hf.txt-0000"+part+"-of-00002.gz"))
		ct := readText(t, filepath.Join(out, "hc.csv-0000"+part+"-of-00002"))
		require.True(t, strings.HasPrefix(ft, "feature\n") && strings.HasPrefix(ct, "id,note\n"))
		recs := readCSV(t, ct)[1:]
		fi := indexOf(t, strings.TrimPrefix(ft, "feature\n"), "f")
		require.Len(t, recs, len(fi))
		for j, r := range recs {
			assert.Equal(t, strconv.Itoa(fi[j]), r[0], "part %d, record %d", i, j)
		}
	}
}

// TestAlignedRefused: files of different line counts are an error naming
// two of them, with status 1, before anything is written (no DIR made);
// so are the command lines --aligned cannot run.
func TestAlignedRefused(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	a := write(t, "a.txt", numbered("a", 300))
	b := write(t, "b.txt", numbered("b", 299))
	c := write(t, "c.txt", numbered("c", 300))
	dir := filepath.Join(t.TempDir(), "out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--aligned", a, c, b, "-o", dir}, "shuf: --aligned: " + b + " has 299 lines and " + a + " 300 lines; aligned files must have as many\n"},
		{[]string{"--aligned", "--header", "--csv", a, write(t, "d.csv", "h\n\"1\n2\"\n"), "-o", dir}, "d.csv"},
		{[]string{"--aligned", a, "-"}, "shuf: --aligned needs -o DIR\n"},
		{[]string{"--aligned", "-o", dir}, "shuf: --aligned needs the files to shuffle\n"},
		{[]string{"--aligned", a, "-", "-o", dir}, "shuf: --aligned reads each file twice: it cannot read standard input\n"},
		{[]string{"--aligned", a, filepath.Join(t.TempDir(), "a.txt"), "-o", dir}, ""},
		{[]string{"--aligned", "--random-source", a, a, "-o", dir}, "shuf: --aligned cannot take --random-source: use --seed\n"},
		{[]string{"--aligned", "-r", a, "-o", dir}, "shuf: --aligned needs -n COUNT with -r\n"},
		{[]string{"--aligned", "-e", "x", "-o", dir}, "shuf: --aligned shuffles files: it cannot be combined with -e or -i\n"},
		{[]string{"--aligned", a, "/dev/null", "-o", dir}, "shuf: --aligned reads each file twice: /dev/null is not a regular file\n"},
		{[]string{"--aligned", a, "-o", a}, "shuf: " + a + ": Not a directory\n"},
	} {
		r := runBin(t, "", "", tc.args...)
		assert.Equal(t, 1, r.code, "%q", tc.args)
		switch {
		case tc.want == "d.csv":
			assert.Contains(t, r.stderr, "d.csv has 1 record and "+a+" 299 records after its header; aligned files must have as many\n")
		case tc.want == "":
			assert.Contains(t, r.stderr, "shuf: --aligned: "+a+" and ")
			assert.Contains(t, r.stderr, "a.txt would both be written to "+filepath.Join(dir, "a.txt")+"\n")
		default:
			assert.Equal(t, tc.want, r.stderr, "%q", tc.args)
		}
		assert.Empty(t, r.stdout)
		assert.NoDirExists(t, dir, "%q", tc.args)
	}
	// A DIR that exists is used, and kept with what it held.
	require.NoError(t, os.Mkdir(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "keep"), []byte("k"), 0o644))
	r := runBin(t, "", "", "--aligned", a, b, "-o", dir)
	assert.Equal(t, 1, r.code)
	assert.Equal(t, []string{"keep"}, dirNames(t, dir))
	ok(t, "", "--aligned", a, c, "-o", dir)
	assert.Equal(t, []string{"a.txt", "c.txt", "keep"}, dirNames(t, dir))
}
