package main

import (
	"encoding/csv"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// csvRecords writes n records of RFC 4180 CSV with encoding/csv, from a
// fixed seed: fields with separators, doubled quotes, line breaks, empty
// ones, and a first field that numbers the record. With crlf the lines
// end in CR LF, and so do the breaks inside fields.
func csvRecords(t *testing.T, n int, seed uint64, crlf bool) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	pieces := []string{"a", "bc", ",", `"`, `""`, "\n", " ", "é", "x y", "\n\n", ""}
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.UseCRLF = crlf
	for i := range n {
		rec := []string{strconv.Itoa(i)}
		for range 2 {
			var f strings.Builder
			for range r.IntN(5) {
				f.WriteString(pieces[r.IntN(len(pieces))])
			}
			rec = append(rec, f.String())
		}
		require.NoError(t, w.Write(rec))
	}
	w.Flush()
	require.NoError(t, w.Error())
	return b.String()
}

// readCSV reads text back with encoding/csv, strictly (no lazy quotes).
func readCSV(t *testing.T, text string) [][]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	require.NoError(t, err, "encoding/csv cannot read the output")
	return recs
}

func recordKeys(recs [][]string) []string {
	keys := make([]string, len(recs))
	for i, r := range recs {
		keys[i] = strings.Join(r, "\x00")
	}
	slices.Sort(keys)
	return keys
}

// TestCSV: --csv shuffles records, not lines. encoding/csv reads every
// output back, and finds the input's records (after the header, which
// comes first, whole, in every file written): all of them where all are
// written, distinct ones of the input for -n, and input records for -r;
// on every path (in memory, past memory, -n, -r, --shards, --split,
// standard input, gzip input, several files, CR LF lines). With a seed
// the records come in the order -i gives as many numbers: the
// permutation of as many lines.
func TestCSV(t *testing.T) {
	t.Parallel()
	const n = 3000
	const hdr = "id,\"note, with a comma\",\"a line\nbreak\"\n"
	body := csvRecords(t, n, 7, false)
	require.Greater(t, strings.Count(body, "\n"), n+100, "records with line breaks")
	file := write(t, "data.csv", hdr+body)
	more := write(t, "more.csv", hdr+csvRecords(t, 40, 8, false))
	gz := write(t, "data.csv.gz", string(gzipText(t, hdr+body)))
	crlf := write(t, "crlf.csv", strings.ReplaceAll(hdr, "\n", "\r\n")+csvRecords(t, n, 7, true))
	header := readCSV(t, hdr)[0]
	all := readCSV(t, body)
	dir := t.TempDir()

	check := func(name, out string, want [][]string, count int) {
		t.Helper()
		recs := readCSV(t, out)
		require.NotEmpty(t, recs, name)
		assert.Equal(t, header, recs[0], "%s: the header first", name)
		recs = recs[1:]
		switch {
		case count < 0: // all
			assert.Equal(t, recordKeys(want), recordKeys(recs), "%s: not the input's records", name)
		default:
			assert.Len(t, recs, count, name)
			in := map[string]bool{}
			for _, k := range recordKeys(want) {
				in[k] = true
			}
			distinct := map[string]bool{}
			for _, k := range recordKeys(recs) {
				assert.True(t, in[k], "%s: %q is no input record", name, k)
				distinct[k] = true
			}
			if !strings.HasPrefix(name, "-r") {
				assert.Len(t, distinct, count, "%s: a record twice", name)
			}
		}
	}
	for _, tc := range []struct {
		name  string
		args  []string
		stdin string
		want  [][]string
		count int
	}{
		{"memory", []string{file}, "", all, -1},
		{"spill", []string{"--memory", "64K", file}, "", all, -1},
		{"-n", []string{"-n", "50", file}, "", all, 50},
		{"-n spill", []string{"-n", "50", "--memory", "64K", file}, "", all, 50},
		{"-n past the sampler", []string{"-n", "2000000", file}, "", all, -1},
		{"-r", []string{"-r", "-n", "100", file}, "", all, 100},
		{"stdin", []string{"--memory", "64K"}, hdr + body, all, -1},
		{"gzip", []string{gz}, "", all, -1},
		{"crlf", []string{crlf}, "", all, -1},
		{"several", []string{file, more}, "", append(slices.Clone(all), readCSV(t, csvRecords(t, 40, 8, false))...), -1},
	} {
		out := ok(t, tc.stdin, append([]string{"--csv", "--header", "--seed", "5"}, tc.args...)...)
		check(tc.name, out, tc.want, tc.count)
	}
	// The parts: each begins with the header, and together they hold the records.
	for _, parts := range [][]string{{"--shards", "3"}, {"--split", "80,10,10"}, {"--shards", "4", "--memory", "64K"}} {
		p := filepath.Join(dir, "p.csv")
		ok(t, "", append([]string{"--csv", "--header", "--seed", "5", "-o", p, file}, parts...)...)
		o := &options{output: p}
		if parts[0] == "--shards" {
			o.shards, _ = strconv.Atoi(parts[1])
		} else {
			o.split = []int{80, 10, 10}
		}
		var got [][]string
		for i, part := range readParts(t, o.partNames()) {
			recs := readCSV(t, part)
			require.Equal(t, header, recs[0], "%q part %d", parts, i)
			got = append(got, recs[1:]...)
		}
		assert.Equal(t, recordKeys(all), recordKeys(got), "%q", parts)
	}

	// The permutation of n lines.
	plain := write(t, "plain.csv", body)
	out := readCSV(t, ok(t, "", "--csv", "--seed", "5", plain))
	perm := strings.Fields(ok(t, "", "--seed", "5", "-i", "0-"+strconv.Itoa(n-1)))
	require.Len(t, out, n)
	for i, rec := range out {
		require.Equal(t, perm[i], rec[0], "record %d", i)
	}
	assert.Equal(t, ok(t, "", "--csv", "--seed", "5", plain), ok(t, "", "--csv", "--seed", "5", "--memory", "64K", plain))

	// Without --csv, the same file is torn apart, and shuf says so.
	r := runBin(t, "", "", "--seed", "5", file)
	assert.Equal(t, 0, r.code)
	assert.Equal(t, "shuf: warning: "+file+":1: a quoted field holds a line break, as CSV may: without --csv its lines are shuffled apart\n", r.stderr)
	_, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	assert.Error(t, err, "the lines shuffled apart are not CSV")
	// Once a file, though -n reads it twice, past its first block both times.
	r = runBin(t, "", "", "--seed", "5", "-n", "3", write(t, "twice.csv", "a,b\n\"x\ny\",2\n"+seqText(1, 100000)))
	assert.Equal(t, 0, r.code)
	assert.Equal(t, 1, strings.Count(r.stderr, "warning"), "%s", r.stderr)
}

// TestCSVErrors: what is not CSV as --csv reads it is an error naming the
// file and the line; options that do not go with --csv are refused; text
// that is not CSV gets no warning.
func TestCSVErrors(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	for _, tc := range []struct {
		text string
		args []string
		want string
	}{
		{"a,b\n\"x,y\n1,2\n", nil, ":2: a quoted field starts on this line and is not closed at the end of the file (--csv)"},
		{"a,b\n1,2\n\"x\"y,1\n", nil, ":3: text after the closing quote of a field (--csv; a quote inside quotes is written twice)"},
		{"a,b\n\"x\n\x00\",1\n", nil, ":3: a NUL byte: the input looks binary; --allow-binary shuffles it as it is, without --csv"},
		{"a,b\n\"x\n\x00\",1\n", []string{"--allow-binary"}, ":3: a NUL byte, which CSV does not hold (--csv)"},
	} {
		file := write(t, "bad.csv", tc.text)
		for _, path := range [][]string{nil, {"--memory", "64K"}, {"-n", "1"}} {
			args := append(append(append([]string{"--csv"}, tc.args...), path...), file)
			r := runBin(t, "", "", args...)
			assert.Equal(t, 1, r.code, "%q", args)
			assert.Equal(t, "shuf: "+file+tc.want+"\n", r.stderr, "%q", args)
			assert.Empty(t, r.stdout)
		}
	}
	// Another separator: a field opened by a quote after it may hold one.
	out := ok(t, "", "--csv=;", "--seed", "1", write(t, "semi", "a;\"x\ny\"\nb;c\n"))
	assert.Equal(t, []string{"a;\"x\ny\"\n", "b;c\n"}, sortedRecords(out, ';'))
	out = ok(t, "", `--csv=\t`, "--seed", "1", write(t, "tab", "a\t\"x\ny\"\nb\tc\n"))
	assert.Equal(t, []string{"a\t\"x\ny\"\n", "b\tc\n"}, sortedRecords(out, '\t'))
	// A quote inside an unquoted field is taken as it is.
	out = ok(t, "", "--csv", write(t, "bare", "5\" disk,1\n\"x\ny\",2\n"))
	assert.Contains(t, []string{"5\" disk,1\n\"x\ny\",2\n", "\"x\ny\",2\n5\" disk,1\n"}, out)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--csv", "-z"}, "shuf: --csv and -z cannot be combined\n"},
		{[]string{"--csv", "-e", "a"}, "shuf: --csv reads files: it cannot be combined with -e or -i\n"},
		{[]string{"--csv", "-i", "1-3"}, "shuf: --csv reads files: it cannot be combined with -e or -i\n"},
		{[]string{"--csv=ab"}, "shuf: invalid --csv separator: 'ab'; one byte, not a quote or a line break\n"},
		{[]string{`--csv="`}, "shuf: invalid --csv separator: '\"'; one byte, not a quote or a line break\n"},
	} {
		r := runBin(t, "", "", tc.args...)
		assert.Equal(t, 1, r.code, "%q", tc.args)
		assert.Equal(t, tc.want, r.stderr, "%q", tc.args)
	}
	// No warning: quotes on one line, a first line without a comma, -z,
	// --csv itself, a break only past the first 64 KiB.
	for _, tc := range []struct {
		text string
		args []string
	}{
		{"a,\"b,c\"\n\"d\",e\n", nil},
		{"He said \"well\nthen\"\nok\n", nil},
		{"a,\"b\nc\"\x00", []string{"-z"}},
		{"a,\"b\nc\"\n", []string{"--csv"}},
		{strings.Repeat("a,b\n", 20000) + "\"c\nd\",e\n", nil},
	} {
		r := runBin(t, "", "", append(tc.args, write(t, "quiet", tc.text))...)
		assert.Equal(t, 0, r.code)
		assert.Empty(t, r.stderr, "%q", tc.text)
	}
}

// sortedRecords is the records of CSV output, each with its line feed,
// split where encoding/csv splits them (with comma), sorted.
func sortedRecords(out string, comma rune) []string {
	read := func(s string) ([][]string, error) {
		r := csv.NewReader(strings.NewReader(s))
		r.Comma = comma
		return r.ReadAll()
	}
	recs, err := read(out)
	if err != nil {
		return []string{"not CSV: " + err.Error()}
	}
	var s []string
	rest := out
	for range recs {
		// Each record is the shortest prefix that reads as one record.
		for i := 1; i <= len(rest); i++ {
			if rest[i-1] != '\n' {
				continue
			}
			if r, err := read(rest[:i]); err == nil && len(r) == 1 {
				s = append(s, rest[:i])
				rest = rest[i:]
				break
			}
		}
	}
	slices.Sort(s)
	return s
}
