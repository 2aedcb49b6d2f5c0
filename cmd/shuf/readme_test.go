package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/readme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeCommands runs every shuf command of the shell blocks of
// README.md and docs/*.md (docs/data-preparation.md has most), in a folder
// holding the files they name, and checks what its comment says. A command
// the documentation shows and this test does not know fails it, so the
// documentation cannot gain a claim that nothing checks; a command shown
// twice runs once.
func TestReadmeCommands(t *testing.T) {
	cmds, err := readme.AllCommands("../..", "shuf ", false)
	require.NoError(t, err)
	require.NotEmpty(t, cmds)

	dir := t.TempDir()
	lines := func(n int, f string) string {
		var b strings.Builder
		for i := range n {
			b.WriteString(f + strconv.Itoa(i) + "\n")
		}
		return b.String()
	}
	for name, text := range map[string]string{
		"deck.txt": lines(52, "card "), "big.log": lines(1000, "log line "),
		"train.csv": lines(200, "row,"), "40GB.txt": lines(3000, "x"),
		"data.csv": "id,text\n" + lines(200, "row,"), "more.csv": "id,text\n" + lines(50, "more,"),
		"features.txt": lines(300, "features "), "labels.txt": lines(300, "label "),
		"logs.csv.gz": string(gzipText(t, "id,text\n"+lines(500, "log,"))),
		"notes.csv":   "id,note\n" + strings.Repeat("1,\"two\nlines\"\n2,\"a \"\"quote\"\"\"\n3,plain\n", 40),
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return string(b)
	}
	isPermutation := func(out, of string) bool {
		a, b := strings.Split(out, "\n"), strings.Split(of, "\n")
		slices.Sort(a)
		slices.Sort(b)
		return slices.Equal(a, b)
	}
	run := func(c string) (stdout, stderr string) {
		sh := exec.Command("sh", "-c", c)
		sh.Dir = dir
		sh.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "TMPDIR="+dir, "LC_ALL=C")
		var out, errb strings.Builder
		sh.Stdout, sh.Stderr = &out, &errb
		require.NoError(t, sh.Run(), "%s: %s", c, errb.String())
		return out.String(), errb.String()
	}

	checks := map[string]func(out, errs string){
		"shuf --seed 42 -n 3 -i 1-1000000": func(out, _ string) {
			assert.Equal(t, "853397\n205561\n267000\n", out)
		},
		"shuf deck.txt": func(out, _ string) {
			assert.True(t, isPermutation(out, read("deck.txt")))
		},
		"shuf -n 5 big.log": func(out, _ string) {
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			assert.Len(t, got, 5)
			for _, l := range got {
				assert.Contains(t, read("big.log"), l+"\n")
			}
		},
		"shuf -i 1-49 -n 6": func(out, _ string) {
			got := strings.Fields(out)
			assert.Len(t, got, 6)
			seen := map[string]bool{}
			for _, f := range got {
				v, err := strconv.Atoi(f)
				assert.NoError(t, err)
				assert.True(t, v >= 1 && v <= 49 && !seen[f], "%s", out)
				seen[f] = true
			}
		},
		"shuf -r -n 10 -e heads tails": func(out, _ string) {
			got := strings.Fields(out)
			assert.Len(t, got, 10)
			for _, f := range got {
				assert.Contains(t, []string{"heads", "tails"}, f)
			}
		},
		"shuf -z -e a b c | xargs -0": func(out, _ string) {
			assert.ElementsMatch(t, []string{"a", "b", "c"}, strings.Fields(out))
		},
		"shuf --seed 2026 train.csv -o train.shuffled.csv": func(out, _ string) {
			first := read("train.shuffled.csv")
			assert.True(t, isPermutation(first, read("train.csv")))
			run("shuf --seed 2026 train.csv -o train.shuffled.csv")
			assert.Equal(t, first, read("train.shuffled.csv"), "the same seed gives the same order")
		},
		"shuf --crypto deck.txt": func(out, _ string) {
			assert.True(t, isPermutation(out, read("deck.txt")))
		},
		"shuf --algo naive deck.txt": func(out, errs string) {
			assert.True(t, isPermutation(out, read("deck.txt")))
			assert.Contains(t, errs, "naive")
		},
		"shuf --memory 512M 40GB.txt > out": func(_, _ string) {
			assert.True(t, isPermutation(read("out"), read("40GB.txt")))
		},
		"shuf --progress 40GB.txt > out": func(_, errs string) {
			assert.True(t, isPermutation(read("out"), read("40GB.txt")))
			assert.Regexp(t, `^shuf: reading 17 kB of 17 kB, .*s\nshuf: shuffling 3.0k lines: 100%, .*s\nshuf: writing 17 kB of 17 kB, .*s\n$`, errs)
		},
		"shuf --seed 7 --header data.csv -o data.shuffled.csv": func(_, _ string) {
			out := read("data.shuffled.csv")
			require.True(t, strings.HasPrefix(out, "id,text\n"))
			assert.True(t, isPermutation(out, read("data.csv")))
		},
		"shuf --seed 7 features.txt -o features.shuffled.txt": func(_, _ string) {
			assert.True(t, isPermutation(read("features.shuffled.txt"), read("features.txt")))
		},
		"shuf --seed 7 labels.txt -o labels.shuffled.txt": func(_, _ string) {
			f := strings.Split(read("features.shuffled.txt"), "\n")
			l := strings.Split(read("labels.shuffled.txt"), "\n")
			require.Len(t, l, len(f))
			for i := range f {
				assert.Equal(t, strings.TrimPrefix(f[i], "features "), strings.TrimPrefix(l[i], "label "), "line %d", i)
			}
		},
		"shuf --seed 7 --header --split 80,10,10 -o data data.csv": func(_, _ string) {
			var all strings.Builder
			for i, part := range []string{"data.train", "data.val", "data.test"} {
				text := read(part)
				require.True(t, strings.HasPrefix(text, "id,text\n"), part)
				assert.Equal(t, []int{161, 21, 21}[i], strings.Count(text, "\n"), part)
				all.WriteString(strings.TrimPrefix(text, "id,text\n"))
			}
			assert.True(t, isPermutation("id,text\n"+all.String(), read("data.csv")))
		},
		"shuf --seed 7 --header --shards 4 -o shard data.csv more.csv": func(_, _ string) {
			var all strings.Builder
			for i := range 4 {
				text := read(fmt.Sprintf("shard-%05d-of-00004", i))
				require.True(t, strings.HasPrefix(text, "id,text\n"))
				assert.Equal(t, []int{63, 63, 62, 62}[i], strings.Count(text, "\n")-1)
				all.WriteString(strings.TrimPrefix(text, "id,text\n"))
			}
			assert.True(t, isPermutation("id,text\n"+all.String(), read("data.csv")+lines(50, "more,")))
		},
		"shuf --seed 7 --header logs.csv.gz -o logs.shuffled.csv.zst": func(_, _ string) {
			out := textOf(t, filepath.Join(dir, "logs.shuffled.csv.zst"))
			require.True(t, strings.HasPrefix(out, "id,text\n"))
			assert.True(t, isPermutation(out, "id,text\n"+lines(500, "log,")))
		},
		"shuf --seed 7 --csv --header notes.csv -o notes.shuffled.csv": func(_, errs string) {
			recs := readCSV(t, read("notes.shuffled.csv"))
			assert.Equal(t, readCSV(t, read("notes.csv"))[0], recs[0])
			assert.Equal(t, recordKeys(readCSV(t, read("notes.csv"))[1:]), recordKeys(recs[1:]))
			assert.Empty(t, errs)
		},
		"shuf --seed 7 --aligned features.txt labels.txt -o shuffled": func(_, _ string) {
			assert.Equal(t, read("features.shuffled.txt"), read("shuffled/features.txt"), "what --seed 7 gives each")
			assert.Equal(t, read("labels.shuffled.txt"), read("shuffled/labels.txt"))
		},
		"shuf --seed 7 --header -n 100 data.csv": func(out, _ string) {
			require.True(t, strings.HasPrefix(out, "id,text\n"))
			rows := strings.Split(strings.TrimSuffix(strings.TrimPrefix(out, "id,text\n"), "\n"), "\n")
			assert.Len(t, rows, 100)
			assert.Len(t, slices.Compact(slices.Sorted(slices.Values(rows))), 100)
			for _, r := range rows {
				assert.Contains(t, read("data.csv"), r+"\n")
			}
		},
	}
	ran := map[string]bool{}
	for _, c := range cmds {
		if ran[c] {
			continue
		}
		check, ok := checks[c]
		if !assert.True(t, ok, "README or docs/ command %q is not checked by this test", c) {
			continue
		}
		out, errs := run(c)
		check(out, errs)
		delete(checks, c)
		ran[c] = true
	}
	assert.Empty(t, checks, "commands this test checks that neither README.md nor docs/ shows any more")
}
