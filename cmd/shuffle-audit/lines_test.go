package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// afterHeader is a text report from its tests on: what does not depend
// on the input's digest and the notes under it.
func afterHeader(t *testing.T, out string) string {
	t.Helper()
	i := strings.Index(out, " tests ran;")
	require.Positive(t, i, out)
	return out[strings.LastIndex(out[:i], "\n")+1:]
}

// TestBlankLines: trailing blank lines are ignored and counted; a blank
// line anywhere else is a bad line.
func TestBlankLines(t *testing.T) {
	fair := decks(2000, 8, fmtInts)
	plain, _, code := streamed(t, fair)
	require.Equal(t, 0, code)
	out, errs, code := streamed(t, fair+"\n \r\n\t\n")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "\nIgnored: 3 trailing blank lines.\n")
	assert.Equal(t, afterHeader(t, plain), afterHeader(t, out))
	out, _, _ = streamed(t, fair+"\n\n", "-json")
	var j map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	assert.EqualValues(t, 2, j["trailing_blank_lines"])

	lines := strings.SplitAfter(fair, "\n")
	inside := strings.Join(lines[:10], "") + "\n\n" + strings.Join(lines[10:], "")
	_, errs, code = streamed(t, inside)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "line 11: blank line\n")
	assert.Contains(t, errs, "line 12: blank line\n")
	assert.Contains(t, errs, "2 bad lines; no verdict")
	_, errs, code = streamed(t, "\n"+fair)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "line 1: blank line\n")
	_, errs, code = streamed(t, "\n\n")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "no decks; no verdict")
}

// TestCutShort: a last line with no newline and fewer cards than the
// others is left out with a warning, or is a bad line with -strict; a
// whole last line needs no newline.
func TestCutShort(t *testing.T) {
	fair := decks(2000, 8, fmtInts)
	plain, _, _ := streamed(t, fair)
	cut := fair + "3 1 4 0"
	out, errs, code := streamed(t, cut)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, errs, "warning: standard input: line 2001, the last, has 4 cards of 8 and no newline: cut short, so not audited (-strict makes it a bad line)")
	assert.Contains(t, out, "Audit of 2000 decks of 8 cards")
	assert.Contains(t, out, "\nNot audited: line 2001, the last, cut short (4 cards of 8, no newline).\n")
	assert.Equal(t, afterHeader(t, plain), afterHeader(t, out))
	h := sha256.Sum256([]byte(cut))
	assert.Contains(t, out, hex.EncodeToString(h[:]), "the digest is of all that was read")
	out, _, _ = streamed(t, cut, "-json")
	var j map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	assert.EqualValues(t, 2001, j["cut_short_line"])

	_, errs, code = streamed(t, cut, "-strict")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "line 2001: 4 cards, want 8 (the last line, cut short: no newline)")

	// Whole, or too long, with no newline: an ordinary line.
	out, _, code = streamed(t, fair+"3 1 4 0 2 5 7 6")
	assert.Equal(t, 0, code)
	assert.Contains(t, out, "Audit of 2001 decks")
	_, errs, code = streamed(t, fair+"3 1 4 0 2 5 7 6 8")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "line 2001: 9 cards, want 8")
	// Cut short with a newline: a bad line.
	_, errs, code = streamed(t, fair+"3 1 4 0\n")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "line 2001: 4 cards, want 8")
}

// TestWritten: zero-padded numbers count from 0; a suit symbol may carry
// the emoji variation selector U+FE0F.
func TestWritten(t *testing.T) {
	plain, _, code := streamed(t, decks(3000, 52, fmtInts))
	require.Equal(t, 0, code)
	padded, errs, code := streamed(t, decks(3000, 52, func(d []int) string {
		s := make([]string, len(d))
		for i, c := range d {
			s[i] = fmt.Sprintf("%02d", c)
		}
		return strings.Join(s, " ")
	}))
	require.Equal(t, 0, code, errs)
	assert.Equal(t, afterHeader(t, plain), afterHeader(t, padded))

	names := audit.StandardCards()
	symbols := strings.NewReplacer("C", "♣️", "D", "♦️", "H", "♥\uFE0F", "S", "♠")
	emoji, errs, code := streamed(t, decks(3000, 52, func(d []int) string {
		s := make([]string, len(d))
		for i, c := range d {
			s[i] = symbols.Replace(names[c])
		}
		return strings.Join(s, " ")
	}))
	require.Equal(t, 0, code, errs)
	worst := regexp.MustCompile(`worst card: \S+`)
	assert.Equal(t, worst.ReplaceAllString(afterHeader(t, plain), ""), worst.ReplaceAllString(afterHeader(t, emoji), ""))
}

// TestMaxDecks: -max-decks stops reading after N decks, from a file and
// from a program, which it ends; the digest is of the lines read.
func TestMaxDecks(t *testing.T) {
	fair := decks(3000, 8, fmtInts)
	out, errs, code := inFile(t, fair, "-max-decks", "1000")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Audit of 1000 decks of 8 cards")
	assert.Contains(t, out, "\nStopped at -max-decks 1000; the sha256 is of the lines read.\n")
	lines := strings.SplitAfter(fair, "\n")
	h := sha256.Sum256([]byte(strings.Join(lines[:1000], "")))
	assert.Contains(t, out, hex.EncodeToString(h[:]))
	out, _, _ = inFile(t, fair, "-max-decks", "1000", "-json")
	var j map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	assert.EqualValues(t, 1000, j["max_decks"])
	assert.EqualValues(t, 1000, j["decks"])
	// More than there are: no note.
	out, _, _ = inFile(t, fair, "-max-decks", "5000")
	assert.NotContains(t, out, "Stopped")

	// A program that never stops: it is ended.
	var stdout, stderr bytes.Buffer
	finished := make(chan int)
	pidFile := filepath.Join(t.TempDir(), "pid")
	go func() {
		finished <- run(context.Background(), []string{"-exec", `echo $$ > ` + pidFile + `; exec yes "3 1 4 0 2 5 7 6"`, "-max-decks", "5000"}, nil, &stdout, &stderr, false)
	}()
	select {
	case code = <-finished:
	case <-time.After(30 * time.Second):
		t.Fatal("-max-decks did not end the -exec program")
	}
	assert.Equal(t, 1, code, stderr.String())
	assert.Contains(t, stdout.String(), "Audit of 5000 decks of 8 cards")
	assert.Contains(t, stdout.String(), "verdict: fail")
	b, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	require.NoError(t, err)
	if p, err := os.FindProcess(pid); err == nil {
		assert.Error(t, p.Signal(syscall.Signal(0)), "the -exec program %d still runs", pid)
	}
	// A program that leaves a child of its own printing: the child ends
	// when it next writes to the closed pipe.
	go func() {
		finished <- run(context.Background(), []string{"-exec", `yes "3 1 4 0 2 5 7 6"; true`, "-max-decks", "100"}, nil, &stdout, &stderr, false)
	}()
	select {
	case code = <-finished:
	case <-time.After(30 * time.Second):
		t.Fatal("-max-decks did not end the -exec program")
	}
	assert.Equal(t, 1, code, stderr.String())
}

// TestJSONFields: the shape, the input's notes and the second level's
// batch p-values.
func TestJSONFields(t *testing.T) {
	out, errs, code := streamed(t, decks(21000, 4, fmtInts), "-json")
	require.Equal(t, 0, code, errs)
	var j struct {
		Version, Shape                string
		N, Copies, Deck, Dealt, Blank int
		Tests                         []struct {
			Name    string
			DF, P   *float64
			Batches []*float64
		}
		Cut           *int `json:"cut_short_line"`
		MaxDecks      *int `json:"max_decks"`
		TrailingBlank *int `json:"trailing_blank_lines"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	assert.Equal(t, "deck of 4 cards", j.Shape)
	assert.Equal(t, []int{4, 1, 4, 4}, []int{j.N, j.Copies, j.Deck, j.Dealt})
	assert.Nil(t, j.Cut)
	assert.Nil(t, j.MaxDecks)
	require.NotNil(t, j.TrailingBlank)
	assert.NotEqual(t, "(devel)", j.Version)
	assert.NotEmpty(t, j.Version)
	second := 0
	for _, test := range j.Tests {
		if strings.HasSuffix(test.Name, "/batches") && test.P != nil {
			second++
			assert.Len(t, test.Batches, int(*test.DF), test.Name)
			for _, p := range test.Batches {
				require.NotNil(t, p)
				assert.True(t, *p >= 0 && *p <= 1, "%s: %g", test.Name, *p)
			}
		} else {
			assert.Nil(t, test.Batches, test.Name)
		}
	}
	assert.Positive(t, second)
}
