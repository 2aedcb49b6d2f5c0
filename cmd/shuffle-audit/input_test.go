package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/audit"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// decks writes count decks of n cards from math/rand/v2, one a line,
// through format (which gets the deck of 0..n−1).
func decks(count, n int, format func([]int) string) string {
	r := rand.New(rand.NewPCG(3, 3))
	var b strings.Builder
	for range count {
		b.WriteString(format(r.Perm(n)))
		b.WriteByte('\n')
	}
	return b.String()
}

func streamed(t *testing.T, input string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), append([]string{"-in", "-"}, args...), strings.NewReader(input), &out, &errb, false)
	return out.String(), errb.String(), code
}

// TestForms: the same decks as numbers from 0, from 1 (commas, CRLF), and
// as card labels (tabs) give the same report.
func TestForms(t *testing.T) {
	join := func(d []int, sep string, name func(int) string) string {
		s := make([]string, len(d))
		for i, c := range d {
			s[i] = name(c)
		}
		return strings.Join(s, sep)
	}
	names := audit.StandardCards()
	var outs []string
	for _, f := range []func([]int) string{
		func(d []int) string { return join(d, " ", func(c int) string { return itoa(c) }) },
		func(d []int) string { return join(d, ", ", func(c int) string { return itoa(c + 1) }) + "\r" },
		func(d []int) string { return join(d, "\t", func(c int) string { return names[c] }) },
	} {
		out, errs, code := streamed(t, decks(3000, 52, f))
		require.Equal(t, 0, code, errs)
		// Past the digest, and the worst card in the input's own names.
		outs = append(outs, regexp.MustCompile(`worst card: \S+`).ReplaceAllString(out[strings.Index(out, "\n"):], ""))
	}
	assert.Equal(t, outs[0], outs[1])
	assert.Equal(t, outs[0], outs[2])
}

func itoa(c int) string { return strconv.Itoa(c) }

// TestBadLines: every bad line is reported with its number and reason,
// and the exit status is 2 with no verdict.
func TestBadLines(t *testing.T) {
	input := "0 1 2 3\n3 2 1 0\n0 1 2\n0 1 1 3\n0 1 2 9\n0 x 2 3\n\n1 0 3 2\n"
	out, errs, code := streamed(t, input)
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	for _, want := range []string{
		"line 3: 3 cards, want 4", "line 4: card 1 is there twice (numbers 2 and 3 on the line)",
		"line 5: card 9 (number 4 on the line) is not in 0..3", `line 6: "x" (number 2 on the line) is not a card number`,
		"line 7: blank line", "5 bad lines; no verdict",
	} {
		assert.Contains(t, errs, want)
	}
	assert.NotContains(t, errs, "line 8")
	for input, want := range map[string]string{
		"":        "no decks; no verdict",
		"AS KD\n": "labels other than numbers must be the 52 standard cards",
		"0 1\n":   "2 cards, want at least 3",
		decks(1, 52, names52()) + strings.Replace(decks(1, 52, names52()), "AS", "ZZ", 1): `unknown card "ZZ"`,
	} {
		_, errs, code := streamed(t, input)
		assert.Equal(t, 2, code, input)
		assert.Contains(t, errs, want)
	}
	// Only the first 20 bad lines are shown one by one.
	_, errs, _ = streamed(t, "0 1 2\n"+strings.Repeat("0 0 0\n", 30))
	assert.Equal(t, 20, strings.Count(errs, "is there twice"))
	assert.Contains(t, errs, "30 bad lines in all")
}

func names52() func([]int) string {
	names := audit.StandardCards()
	return func(d []int) string {
		s := make([]string, len(d))
		for i, c := range d {
			s[i] = names[c]
		}
		return strings.Join(s, " ")
	}
}

// TestJSONAndVerdicts: a fair stream passes with exit 0, a biased one
// (every deck the same) fails with exit 1, and -json has the fields the
// issue names.
func TestJSONAndVerdicts(t *testing.T) {
	fair := decks(2000, 8, fmtInts)
	out, errs, code := streamed(t, fair, "-json")
	require.Equal(t, 0, code, errs)
	var j map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	for _, k := range []string{"tool", "version", "sha256", "decks", "n", "alpha", "verdict", "tests"} {
		assert.Contains(t, j, k)
	}
	assert.Equal(t, "pass", j["verdict"])
	assert.EqualValues(t, 2000, j["decks"])
	test := j["tests"].([]any)[0].(map[string]any)
	for _, k := range []string{"name", "statistic", "df", "p", "pass"} {
		assert.Contains(t, test, k)
	}
	same := strings.Repeat("3 1 4 0 2 5 7 6\n", 2000)
	out, _, code = streamed(t, same)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "verdict: fail")
}

func fmtInts(d []int) string {
	s := make([]string, len(d))
	for i, c := range d {
		s[i] = itoa(c)
	}
	return strings.Join(s, " ")
}

// TestExecAndLabels: -exec runs a command line; -labels names the cards;
// a failing command is bad input.
func TestExecAndLabels(t *testing.T) {
	dir := t.TempDir()
	labels := filepath.Join(dir, "labels")
	require.NoError(t, os.WriteFile(labels, []byte("red\ngreen\nblue\nblack\n"), 0o644))
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(decks(500, 4, fmtInts)), "\n") {
		for i, name := range []string{"red", "green", "blue", "black"} {
			l = strings.ReplaceAll(l, itoa(i), name)
		}
		lines = append(lines, l)
	}
	file := filepath.Join(dir, "decks")
	require.NoError(t, os.WriteFile(file, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"-exec", "cat " + file, "-labels", labels}, nil, &out, &errb, false)
	assert.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), "verdict: pass")
	out.Reset()
	errb.Reset()
	code = run(context.Background(), []string{"-exec", "cat " + file + "; exit 3", "-labels", labels}, nil, &out, &errb, false)
	assert.Equal(t, 2, code)
	assert.Contains(t, errb.String(), "exit status 3")
	code = run(context.Background(), []string{"-in", filepath.Join(dir, "missing")}, nil, &out, &errb, false)
	assert.Equal(t, 2, code)
}
