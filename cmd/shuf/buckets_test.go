package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/scatter"
)

// TestBuckets: shuf --buckets B --seed N writes scatter.Order's order of
// its files' lines for scatter.NewKey(N), as shuffle-beam does, in memory
// and spilled; without --seed, a key nobody can predict.
func TestBuckets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	texts := []string{randomLines(200<<10, 1, 80, 4), "", "p\nq", "single\n"}
	var names []string
	var files [][]string
	counts := make([]int, len(texts))
	for i, text := range texts {
		name := filepath.Join(dir, string(rune('a'+i)))
		require.NoError(t, os.WriteFile(name, []byte(text), 0o644))
		names = append(names, name)
		var ls []string
		if text != "" {
			ls = strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		}
		files, counts[i] = append(files, ls), len(ls)
	}
	var want strings.Builder
	for _, p := range scatter.Order(scatter.NewKey(5), counts, 9) {
		want.WriteString(files[p.File][p.Line] + "\n")
	}
	for _, extra := range [][]string{nil, {"--memory", "32K"}} {
		r := runBin(t, "", dir, append(append([]string{"--buckets", "9", "--seed", "5"}, extra...), names...)...)
		assert.Equal(t, result{stdout: want.String()}, r, "%q", extra)
	}
	a := runBin(t, "", dir, append([]string{"--buckets", "9"}, names...)...)
	b := runBin(t, "", dir, append([]string{"--buckets", "9"}, names...)...)
	assert.Equal(t, sorted(want.String(), '\n'), sorted(a.stdout, '\n'))
	assert.NotEqual(t, a.stdout, b.stdout, "two keys from the secure generator")
	for args, msg := range map[string]string{
		"--buckets 0":                           "shuf: invalid --buckets count: '0' (1 to 65536)\n",
		"--buckets 65537":                       "shuf: invalid --buckets count: '65537' (1 to 65536)\n",
		"--buckets 4 -r":                        "shuf: --buckets cannot be combined with -r\n",
		"--buckets 4 --random-source /dev/zero": "shuf: --buckets cannot be combined with a random source\n",
		"--buckets 4 --header":                  "shuf: --buckets cannot be combined with --header\n",
	} {
		r := runBin(t, "", dir, append(strings.Fields(args), names[0])...)
		assert.Equal(t, result{stderr: msg, code: 1}, r, args)
	}
}
