package main

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/readme"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadmeCommands runs every shuffle-audit command of the shell blocks
// of README.md and docs/*.md and checks what its comment says. The one
// without arguments is checked by CI, which compares its whole table with
// docs/auditing.md's. A command this test does not know fails it.
func TestReadmeCommands(t *testing.T) {
	const prefix = "go run ./cmd/shuffle-audit"
	cmds, err := readme.AllCommands("../..", prefix, true)
	require.NoError(t, err)
	require.NotEmpty(t, cmds)
	t.Chdir(t.TempDir())

	checks := map[string]func(out string){
		"": nil, // CI: docs/auditing.md's table
		"-algo riffle -n 10 -trials 100000 -seed 7": func(out string) {
			assert.Contains(t, row(t, out, "riffle"), "BIASED")
		},
		"-algo naive -png naive.png -svg naive.svg": func(string) {
			for _, f := range []string{"naive.png", "naive.svg"} {
				st, err := os.Stat(f)
				if assert.NoError(t, err) {
					assert.Positive(t, st.Size(), f)
				}
			}
		},
		"-source chacha8 -sequences 10": func(out string) {
			assert.Contains(t, out, "10 sequences of 1000000 bits")
			assert.Contains(t, out, "Verdict: pass")
		},
		"-riffle 12": func(out string) {
			assert.Regexp(t, `(?m)^\s+7\s+0\.3341\s+1\.0000$`, out)
			assert.Regexp(t, `(?m)^\s+12\s+0\.0108\s+0\.2775$`, out)
		},
	}
	seen := map[string]bool{}
	for _, c := range cmds {
		check, ok := checks[c]
		if !assert.True(t, ok, "README or docs/ command %q is not checked by this test", prefix+" "+c) {
			continue
		}
		seen[c] = true
		if check == nil {
			continue
		}
		out, errs, code := audited(t, strings.Fields(c)...)
		require.Equal(t, 0, code, errs)
		check(out)
	}
	for c := range checks {
		assert.True(t, seen[c], "neither README.md nor docs/ shows %q any more", prefix+" "+c)
	}
}

// TestReadmePipes runs every shell block of README.md and docs/*.md that
// pipes a program's decks into shuffle-audit (with the command built once)
// and checks the verdict and exit status its comment states, and that the
// output block after it in the same file is what the command prints.
func TestReadmePipes(t *testing.T) {
	long.Skip(t, "three audits of 100,000 decks dealt in Perl (10 s)")
	files, err := readme.Files("../..")
	require.NoError(t, err)
	bin := command(t)
	comment := regexp.MustCompile(`\| go run ./cmd/shuffle-audit (.*?) +# verdict: (pass|fail), exit status (\d)\n`)
	blocks := 0
	for _, f := range files {
		blocks += pipes(t, f, bin, comment)
	}
	assert.Equal(t, 3, blocks, "the piped audits of README.md and docs/")
}

// pipes runs the blocks of the file at path that comment matches, as
// TestReadmePipes says, and returns how many there were.
func pipes(t *testing.T, path, bin string, comment *regexp.Regexp) int {
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	blocks := 0
	for _, b := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllSubmatch(text, -1) {
		m := comment.FindSubmatch(b[1])
		if m == nil {
			continue
		}
		blocks++
		script := strings.Replace(string(b[1]), "go run ./cmd/shuffle-audit", bin, 1)
		var stdout strings.Builder
		cmd := exec.Command("sh", "-c", script)
		cmd.Stdout = &stdout
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else {
			require.NoError(t, err)
		}
		want, _ := strconv.Atoi(string(m[3]))
		assert.Equal(t, want, code, "%s", b[1])
		assert.Contains(t, stdout.String(), "\nverdict: "+string(m[2])+"\n", "%s", b[1])
		// The output block after the command is the command's output.
		i := strings.Index(string(text), string(b[0]))
		rest := string(text[i+len(b[0]):])
		shown := regexp.MustCompile("(?s)^\\s*```\n(.*?)```").FindStringSubmatch(rest)
		if assert.NotNil(t, shown, "no output block after %s", b[1]) {
			assert.Equal(t, shown[1], trimLines(stdout.String()), "%s: output differs from the run of %s", path, b[1])
		}
	}
	return blocks
}

func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
