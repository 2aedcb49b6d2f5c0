package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeCommands runs every shuf command of the README's shell blocks,
// in a folder holding the files they name, and checks what its comment
// says. A command the README shows and this test does not know fails it, so
// the README cannot gain a claim that nothing checks.
func TestReadmeCommands(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	var cmds []string
	for _, b := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllSubmatch(readme, -1) {
		for _, l := range strings.Split(string(b[1]), "\n") {
			if strings.HasPrefix(l, "shuf ") {
				cmds = append(cmds, strings.TrimSpace(strings.SplitN(l, " #", 2)[0]))
			}
		}
	}
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
	}
	for _, c := range cmds {
		check, ok := checks[c]
		if !assert.True(t, ok, "README command %q is not checked by this test", c) {
			continue
		}
		out, errs := run(c)
		check(out, errs)
		delete(checks, c)
	}
	assert.Empty(t, checks, "commands this test checks that the README no longer shows")
}
