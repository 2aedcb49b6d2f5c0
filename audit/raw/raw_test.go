package raw

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/audit/sp80022"
)

func chacha8(seed string) *rand.ChaCha8 {
	var s [32]byte
	copy(s[:], seed)
	return rand.NewChaCha8(s)
}

// TestCut: sequences of any length, back to back in the bit stream, as
// STS reads them; the bits after the last whole one counted.
func TestCut(t *testing.T) {
	data := make([]byte, 1001)
	Reader(rand.NewPCG(1, 2)).Read(data)
	all := sp80022.FromBytes(data)
	for _, n := range []int{1, 7, 8, 9, 63, 64, 65, 100, 1000, 8008, 8009} {
		c := &cutter{r: bytes.NewReader(data), h: nopHash{}, n: n}
		for i := 0; ; i++ {
			b, left, err := c.next()
			if err == io.EOF {
				require.Equal(t, i, 8008/n, "n = %d", n)
				require.Equal(t, int64(8008-i*n), left, "n = %d", n)
				break
			}
			require.NoError(t, err)
			require.Equal(t, all.Slice(i*n, (i+1)*n), b, "n = %d, sequence %d", n, i)
		}
	}
}

type nopHash struct{ io.Writer }

func (nopHash) Write(p []byte) (int, error) { return len(p), nil }
func (nopHash) Sum(b []byte) []byte         { return b }
func (nopHash) Reset()                      {}
func (nopHash) Size() int                   { return 0 }
func (nopHash) BlockSize() int              { return 1 }

// TestReader: the bytes of Reader are the source's words, big-endian, in
// reads of any size.
func TestReader(t *testing.T) {
	want := make([]byte, 800)
	src := rand.NewPCG(3, 4)
	for i := 0; i < len(want); i += 8 {
		w := src.Uint64()
		for k := range 8 {
			want[i+k] = byte(w >> (56 - 8*k))
		}
	}
	r := Reader(rand.NewPCG(3, 4))
	var got []byte
	for size := 1; len(got) < len(want); size = size%13 + 1 {
		p := make([]byte, min(size, len(want)-len(got)))
		n, err := r.Read(p)
		require.NoError(t, err)
		got = append(got, p[:n]...)
	}
	assert.Equal(t, want, got)
}

// TestRunSequences: each sequence's p-values are those of the tests on
// its bits, in order, whatever the workers.
func TestRunSequences(t *testing.T) {
	const n, k = 20000, 5
	all := sp80022.FromSource(chacha8("raw"), n*k)
	for _, workers := range []int{1, 3} {
		var got []Sequence
		res, err := RunSource(chacha8("raw"), Options{SeqLen: n, Sequences: k, Workers: workers,
			Each: func(s Sequence) error { got = append(got, s); return nil }})
		require.NoError(t, err)
		require.Equal(t, k, res.Sequences)
		require.Len(t, got, k)
		for i, s := range got {
			require.Equal(t, i, s.Index)
			b := all.Slice(i*n, (i+1)*n)
			for j, test := range Tests() {
				p, _ := test.Run(b)
				require.Equal(t, p, s.P[j], "sequence %d, %s", i, test.Name)
			}
		}
	}
}

// TestSTSFinal: the assessment of 57 sequences of 10⁵ bits of ChaCha8
// is STS 2.1.2's finalAnalysisReport.txt on them, row for row (the
// figures sp80022's tests hold its Assess to), but for Universal, which
// needs 387,840 bits: STS writes no p-value, then its final analysis reads
// 57 zeros and marks a failing row; Run says the test does not apply.
func TestSTSFinal(t *testing.T) {
	f, err := os.Open("../sp80022/testdata/sts.txt")
	require.NoError(t, err)
	defer f.Close()
	var want []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s, ok := strings.CutPrefix(sc.Text(), "chacha8-57x100000 final "); ok && !strings.HasSuffix(s, " Universal") {
			want = append(want, s)
		}
	}
	require.Len(t, want, 187)
	res, err := RunSource(chacha8("sp80022 c"), Options{SeqLen: 100000, Sequences: 57})
	require.NoError(t, err)
	var got []string
	for _, test := range res.Tests {
		if test.Battery != Batteries()[0].Name {
			continue // the classic tests, which STS does not have
		}
		for _, r := range test.Rows {
			var b strings.Builder
			for _, c := range r.Bins {
				fmt.Fprintf(&b, "%d ", c)
			}
			u := "----"
			if r.Uniformity == r.Uniformity {
				u = fmt.Sprintf("%.6f", r.Uniformity)
			}
			fmt.Fprintf(&b, "%s %d/%d %s", u, r.Passed, r.Sequences, test.Name)
			got = append(got, b.String())
		}
	}
	assert.Equal(t, want, got)
}

// TestNotEnoughData: no whole sequence, or fewer than asked, is no verdict.
func TestNotEnoughData(t *testing.T) {
	data := make([]byte, 2500)
	Reader(rand.NewPCG(1, 1)).Read(data)
	for _, c := range []struct {
		seqlen, sequences, got int
		left                   int64
	}{
		{30000, 0, 0, 20000},
		{10000, 3, 2, 0},
		{8000, 0, 2, 4000},
	} {
		res, err := Run(context.Background(), bytes.NewReader(data), Options{SeqLen: c.seqlen, Sequences: c.sequences})
		require.NoError(t, err)
		assert.Equal(t, c.got, res.Sequences)
		assert.Equal(t, c.left, res.LeftOver)
		assert.Equal(t, int64(len(data)), res.Bytes)
		if c.got < 2 || c.sequences > 0 {
			assert.Equal(t, NotEnoughData, res.Verdict(), "%+v", c)
		} else {
			assert.Equal(t, Pass, res.Verdict(), "%+v", c)
		}
	}
}

// TestErrors: a read error and an error from Each end Run with it.
func TestErrors(t *testing.T) {
	boom := errors.New("boom")
	_, err := Run(context.Background(), io.MultiReader(bytes.NewReader(make([]byte, 3000)), errReader{boom}), Options{SeqLen: 8000})
	assert.ErrorIs(t, err, boom)
	res, err := RunSource(rand.NewPCG(1, 2), Options{SeqLen: 8000, Sequences: 5, Each: func(s Sequence) error {
		if s.Index == 2 {
			return boom
		}
		return nil
	}})
	assert.ErrorIs(t, err, boom)
	assert.Equal(t, 3, res.Sequences)
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(boom)
	_, err = Run(ctx, Reader(rand.NewPCG(1, 2)), Options{SeqLen: 8000})
	assert.ErrorIs(t, err, boom)
	assert.Panics(t, func() { RunSource(rand.NewPCG(1, 2), Options{}) })
	assert.Panics(t, func() { Run(context.Background(), nil, Options{SeqLen: -1}) })
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

// TestJSON: the schema, every test by NIST's name in NIST's order,
// [] where one does not apply, and the assessment after.
func TestJSON(t *testing.T) {
	var buf bytes.Buffer
	jw := NewJSONWriter(&buf, 20000)
	res, err := RunSource(chacha8("json"), Options{SeqLen: 20000, Sequences: 2, Each: jw.Sequence})
	require.NoError(t, err)
	require.NoError(t, jw.Close(res))
	var doc struct {
		Raw struct {
			SeqLen    int               `json:"seqlen"`
			Sequences []json.RawMessage `json:"sequences"`
			Count     int               `json:"count"`
			Tests     []jsonTest        `json:"tests"`
			Verdict   string            `json:"verdict"`
		} `json:"raw"`
	}
	require.NoError(t, json.Unmarshal(buf.Bytes(), &doc), buf.String())
	assert.Equal(t, 20000, doc.Raw.SeqLen)
	assert.Equal(t, 2, doc.Raw.Count)
	assert.Equal(t, "pass", doc.Raw.Verdict)
	require.Len(t, doc.Raw.Sequences, 2)
	want := []string{"Frequency", "BlockFrequency", "CumulativeSums", "Runs", "LongestRun", "Rank", "FFT", "NonOverlappingTemplate", "OverlappingTemplate", "Universal", "ApproximateEntropy", "RandomExcursions", "RandomExcursionsVariant", "Serial", "LinearComplexity",
		"Equidistribution", "SerialPairs", "SerialTriples", "Gap", "Poker", "CouponCollector", "Permutations", "RunsUp", "RunsDown", "RunsUpAll", "MaxOfT", "SerialCorrelation"}
	// Universal needs 387,840 bits; too few cycles for the excursions; six
	// classic tests need more than 20,000 bits.
	widths := []int{1, 1, 2, 1, 1, 1, 1, 148, 1, 0, 1, 0, 0, 2, 1,
		0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 0}
	dec := json.NewDecoder(bytes.NewReader(doc.Raw.Sequences[0]))
	_, err = dec.Token()
	require.NoError(t, err)
	for i, name := range want {
		key, err := dec.Token()
		require.NoError(t, err)
		require.Equal(t, name, key)
		var p []float64
		require.NoError(t, dec.Decode(&p))
		assert.Len(t, p, widths[i], name)
		assert.NotNil(t, p, name)
	}
	require.Len(t, doc.Raw.Tests, 15+12)
	assert.Len(t, doc.Raw.Tests[7].Rows, 148)
}

// TestHTML: the page names the input, its digest and the verdict, and
// has a row per p-value.
func TestHTML(t *testing.T) {
	res, err := RunSource(chacha8("html"), Options{SeqLen: 20000, Sequences: 3})
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, res.WriteHTML(&buf, Page{Input: "x.bin <&>", Command: []string{"shuffle-audit", "-raw", "x.bin"}}))
	s := buf.String()
	assert.Contains(t, s, "x.bin &lt;&amp;&gt;")
	assert.Contains(t, s, fmt.Sprintf("%x", res.Digest))
	assert.Contains(t, s, `Raw output audit: <span class="pass">pass</span>`)
	assert.Equal(t, 161+3+6+6, strings.Count(s, `<td class="l">`), "rows") // 161+6 p-values, 3+6 tests that do not apply
	assert.Contains(t, s, "Universal</td><td colspan")
}
