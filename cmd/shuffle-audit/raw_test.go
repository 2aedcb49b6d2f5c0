package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/audit/raw"
)

// rawBytes returns n bytes of src, big-endian words.
func rawBytes(src rand.Source, n int) []byte {
	b := make([]byte, n)
	raw.Reader(src).Read(b)
	return b
}

func auditedRaw(t *testing.T, stdin []byte, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, bytes.NewReader(stdin), &out, &errb, false)
	return out.String(), errb.String(), code
}

// TestRawStatuses: 0 pass, 1 fail, 2 bad input or usage, 3 not enough
// data; from a file, standard input, -exec and -source.
func TestRawStatuses(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.bin")
	require.NoError(t, os.WriteFile(good, rawBytes(rand.NewPCG(1, 2), 5*2500), 0o666))
	stuck := make([]byte, 5*2500)
	for _, c := range []struct {
		stdin []byte
		args  []string
		code  int
		out   string
	}{
		{nil, []string{"-raw", good, "-seqlen", "20000"}, 0, "Verdict: pass"},
		{stuck, []string{"-raw", "-", "-seqlen", "20000"}, 1, "Verdict: fail"},
		{nil, []string{"-exec", "cat " + good, "-raw", "-", "-seqlen", "20000"}, 0, "Verdict: pass"},
		{nil, []string{"-source", "chacha8", "-seqlen", "20000", "-sequences", "3"}, 0, "3 sequences of 20000 bits"},
		{nil, []string{"-raw", good, "-seqlen", "200000"}, 3, "Verdict: not enough data"},
		{nil, []string{"-raw", good, "-seqlen", "20000", "-sequences", "6"}, 3, "Verdict: not enough data"},
		{nil, []string{"-raw", filepath.Join(dir, "missing")}, 2, ""},
		{nil, []string{"-raw", good, "-seqlen", "0"}, 2, ""},
		{nil, []string{"-raw", good, "-deck", "52"}, 2, ""},
		{nil, []string{"-source", "mt"}, 2, ""},
		{nil, []string{"-exec", "cat", "-raw", good}, 2, ""},
		{nil, []string{"-in", good, "-seqlen", "100"}, 2, ""},
		{nil, []string{"-exec", "cat " + good + "; exit 3", "-raw", "-", "-seqlen", "20000"}, 2, ""},
		{nil, []string{"-exec", "cat " + good + "; exit 3", "-raw", "-", "-seqlen", "20000", "-sequences", "2"}, 0, "Verdict: pass"},
	} {
		out, errs, code := auditedRaw(t, c.stdin, c.args...)
		assert.Equal(t, c.code, code, "%q: %s", c.args, errs)
		assert.Contains(t, out, c.out, "%q", c.args)
	}
}

// TestRawJSON: -json gives the schema; -html a page.
func TestRawJSON(t *testing.T) {
	html := filepath.Join(t.TempDir(), "raw.html")
	out, errs, code := auditedRaw(t, rawBytes(rand.NewPCG(3, 4), 2*2500), "-raw", "-", "-seqlen", "20000", "-json", "-html", html)
	require.Equal(t, 0, code, errs)
	var doc struct {
		Raw struct {
			SeqLen    int                    `json:"seqlen"`
			Sequences []map[string][]float64 `json:"sequences"`
			Verdict   string                 `json:"verdict"`
		} `json:"raw"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, 20000, doc.Raw.SeqLen)
	assert.Equal(t, "pass", doc.Raw.Verdict)
	require.Len(t, doc.Raw.Sequences, 2)
	assert.Len(t, doc.Raw.Sequences[1]["NonOverlappingTemplate"], 148)
	page, err := os.ReadFile(html)
	require.NoError(t, err)
	assert.Contains(t, string(page), "standard input")
	assert.Contains(t, string(page), "-seqlen 20000")
}

// TestRawDieharder: -dieharder writes the source's bytes as they are, as
// many as -sequences asks, for dieharder -g 200 to read.
func TestRawDieharder(t *testing.T) {
	out, errs, code := auditedRaw(t, nil, "-source", "pcg", "-seed", "5", "-dieharder", "-seqlen", "1000", "-sequences", "3")
	require.Equal(t, 0, code, errs)
	assert.Equal(t, string(rawBytes(rand.NewPCG(5, 0), 375)), out)
	in := rawBytes(rand.NewPCG(6, 7), 999)
	out, _, code = auditedRaw(t, in, "-raw", "-", "-dieharder")
	assert.Equal(t, 0, code)
	assert.Equal(t, string(in), out)
}
