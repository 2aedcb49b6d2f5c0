package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/lines"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPackageWritesAsShuf holds the lines package to the built command:
// for the same seed, lines.Shuffle, called with its own options (not
// through this command's flags), writes byte for byte what shuf writes,
// over the golden runs of TestGolden and every path: in memory, in
// buckets (a 9 MB file, with SHUFFLE_LONG=1), spilled past --memory, a
// pipe against a file, -z, -n, -r, --header (and =drop), --csv,
// --allow-binary, --random-source, --shards, --split, --aligned, and gzip
// and zstd in and out. Outputs that are files are compared file by file.
func TestPackageWritesAsShuf(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	dir := t.TempDir()
	small := write(t, "small", seqText(1, 300000))
	mid := seqText(1, 60000)
	// 9 MB, past bucketMin: the buckets' path; with SHUFFLE_LONG=1 only
	// (2 s), and lines/ tests the buckets against the other paths.
	big := small
	if long.Enabled() {
		big = write(t, "big", seqText(1, 1300000))
	}
	zero := write(t, "zero", strings.ReplaceAll(seqText(1, 50000), "\n", "\x00"))
	csv := write(t, "data.csv", "id,text\n"+strings.Repeat("1,\"a\nb\"\n2,c\n3,\"d,\"\"e\"\"\"\n", 4000))
	csv2 := write(t, "more.csv", "id,text\n"+strings.Repeat("4,f\n5,\"g\nh\"\n", 3000))
	gz := filepath.Join(dir, "small.gz")
	require.NoError(t, os.WriteFile(gz, gzipText(t, mid), 0o644))
	zs := filepath.Join(dir, "small.zst")
	require.NoError(t, os.WriteFile(zs, zstdText(t, mid), 0o644))
	features := write(t, "features", numbered("f", 5000))
	labels := write(t, "labels", numbered("l", 5000))
	differ := write(t, "differ.csv", "ID,TEXT\n9,z\n")
	binary := write(t, "binary", "a\x00b\nc\nd\x01\n")
	src := filepath.Join(dir, "source")
	require.NoError(t, os.WriteFile(src, randomBytes(4<<20, 3), 0o644))
	durstenfeld, _ := shuffle.Lookup("durstenfeld")
	// shuf writes its files in dir/shuf, the package the same names in dir/pkg.
	require.NoError(t, os.Mkdir(filepath.Join(dir, "shuf"), 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "pkg"), 0o755))
	out := func(name string) string { return filepath.Join(dir, "shuf", name) }
	pkg := func(name string) string { return filepath.Join(dir, "pkg", name) }

	for _, tc := range []struct {
		name  string
		stdin string   // the pipe, for both
		args  []string // shuf's
		in    lines.Input
		opts  []lines.Option
		files []string // the output files to compare
	}{
		{"range", "", []string{"--seed", "1", "-i", "1-20"}, lines.Range(1, 20), []lines.Option{lines.Seed(1)}, nil},
		{"echo", "", []string{"--seed", "1", "-e", "a", "b", "c", "d", "e"}, lines.Strings("a", "b", "c", "d", "e"), []lines.Option{lines.Seed(1)}, nil},
		{"range-n", "", []string{"--seed", "42", "-n", "3", "-i", "1-1000000"}, lines.Range(1, 1000000), []lines.Option{lines.Seed(42), lines.Count(3)}, nil},
		{"range-r", "", []string{"--seed", "42", "-n", "3", "-r", "-i", "1-1000000"}, lines.Range(1, 1000000), []lines.Option{lines.Seed(42), lines.Count(3), lines.Repeat()}, nil},
		{"algo", "", []string{"--seed", "1", "--algo", "durstenfeld", "-i", "1-10"}, lines.Range(1, 10), []lines.Option{lines.Seed(1), lines.Algorithm(durstenfeld)}, nil},
		{"pipe-n", seqText(1, 100), []string{"--seed", "9", "-n", "5"}, lines.Files(), []lines.Option{lines.Seed(9), lines.Count(5)}, nil},
		{"memory", "", []string{"--seed", "7", small}, lines.Files(small), []lines.Option{lines.Seed(7)}, nil},
		{"spill", "", []string{"--seed", "7", "--memory", "64K", small}, lines.Files(small), []lines.Option{lines.Seed(7), lines.Memory(64 << 10)}, nil},
		{"spill-1M", "", []string{"--seed", "7", "--memory", "1M", small}, lines.Files(small), []lines.Option{lines.Seed(7), lines.Memory(1 << 20)}, nil},
		{"buckets", "", []string{"--seed", "3", big}, lines.Files(big), []lines.Option{lines.Seed(3)}, nil},
		{"pipe", seqText(1, 300000), []string{"--seed", "7"}, lines.Reader(strings.NewReader(seqText(1, 300000))), []lines.Option{lines.Seed(7)}, nil},
		{"pipe-spill", seqText(1, 20000), []string{"--seed", "7", "--memory", "64K", "-"}, lines.Files("-"), []lines.Option{lines.Seed(7), lines.Memory(64 << 10)}, nil},
		{"range-spill", "", []string{"--seed", "7", "-i", "1-60000", "--memory", "64K"}, lines.Range(1, 60000), []lines.Option{lines.Seed(7), lines.Memory(64 << 10)}, nil},
		{"zero", "", []string{"--seed", "5", "-z", zero}, lines.Files(zero), []lines.Option{lines.Seed(5), lines.Delim(0)}, nil},
		{"sample", "", []string{"--seed", "5", "-n", "1000", small}, lines.Files(small), []lines.Option{lines.Seed(5), lines.Count(1000)}, nil},
		{"repeat", "", []string{"--seed", "5", "-r", "-n", "1000", small}, lines.Files(small), []lines.Option{lines.Seed(5), lines.Repeat(), lines.Count(1000)}, nil},
		{"header-csv", "", []string{"--seed", "2", "--header", "--csv", csv, csv2}, lines.Files(csv, csv2), []lines.Option{lines.Seed(2), lines.Header(1), lines.CSV(',')}, nil},
		{"csv-spill", "", []string{"--seed", "2", "--csv", "--memory", "64K", csv}, lines.Files(csv), []lines.Option{lines.Seed(2), lines.CSV(','), lines.Memory(64 << 10)}, nil},
		{"header-drop", "", []string{"--seed", "2", "--header", "--header-mismatch=drop", csv, differ}, lines.Files(csv, differ), []lines.Option{lines.Seed(2), lines.Header(1), lines.DropHeaders()}, nil},
		{"binary", "", []string{"--seed", "2", "--allow-binary", binary}, lines.Files(binary), []lines.Option{lines.Seed(2), lines.AllowBinary()}, nil},
		{"random-source", "", []string{"--random-source", src, "-n", "50", small}, lines.Files(small), []lines.Option{lines.RandomFile(src), lines.Count(50)}, nil},
		{"gzip-in", "", []string{"--seed", "4", gz, zs}, lines.Files(gz, zs), []lines.Option{lines.Seed(4)}, nil},
		{"gzip-out", "", []string{"--seed", "4", "-o", out("o.gz"), gz}, lines.Files(gz), []lines.Option{lines.Seed(4), lines.Output(pkg("o.gz"))}, []string{"o.gz"}},
		{"shards", "", []string{"--seed", "6", "--shards", "3", "-o", out("sh"), small}, lines.Files(small),
			[]lines.Option{lines.Seed(6), lines.Shards(3), lines.Output(pkg("sh"))}, nil},
		{"split-zst", "", []string{"--seed", "6", "--split", "80,10,10", "--header", "--csv", "-o", out("sp.zst"), csv}, lines.Files(csv),
			[]lines.Option{lines.Seed(6), lines.Split(80, 10, 10), lines.Header(1), lines.CSV(','), lines.Output(pkg("sp.zst"))}, nil},
		{"aligned", "", []string{"--seed", "8", "--aligned", "-o", out("al"), features, labels}, lines.Files(features, labels),
			[]lines.Option{lines.Seed(8), lines.Aligned(pkg("al"))}, []string{"al/features", "al/labels"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runBin(t, tc.stdin, "", tc.args...)
			require.Equal(t, 0, r.code, r.stderr)
			var got bytes.Buffer
			opts := append([]lines.Option{lines.Stdin(strings.NewReader(tc.stdin))}, tc.opts...)
			require.NoError(t, lines.Shuffle(context.Background(), &got, tc.in, opts...))
			assert.True(t, r.stdout == got.String(), "standard output differs")
			files := tc.files
			switch {
			case tc.name == "shards":
				files = lines.PartNames("sh", lines.Shards(3))
			case tc.name == "split-zst":
				files = lines.PartNames("sp.zst", lines.Split(80, 10, 10))
			}
			for _, f := range files {
				want, err := os.ReadFile(out(f))
				require.NoError(t, err)
				have, err := os.ReadFile(pkg(f))
				require.NoError(t, err)
				assert.NotEmpty(t, want, f)
				assert.True(t, bytes.Equal(want, have), "%s differs", f)
			}
		})
	}
}
