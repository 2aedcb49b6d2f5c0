package report

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/audit"
)

// TestDescribeShapes: each of the four shapes a log can hold is named, in
// the text's first line and the JSON's "shape", as what it is; a deck is
// never "a shoe of 1 deck", nor a whole line "the first 52 cards".
func TestDescribeShapes(t *testing.T) {
	for _, c := range []struct {
		n, copies, dealt int
		describe, shape  string
	}{
		{52, 1, 52, "7 decks of 52 cards", "deck of 52 cards"},
		{52, 2, 104, "7 shoes of 2 decks of 52 cards (104 cards)", "shoe of 2 decks of 52 cards"},
		{52, 1, 5, "7 deals of the first 5 cards of a deck of 52", "first 5 cards of a deck of 52 cards"},
		{52, 2, 103, "7 deals of the first 103 cards of a shoe of 2 decks of 52 cards (104 cards)", "first 103 cards of a shoe of 2 decks of 52 cards"},
	} {
		r := &audit.Report{N: c.n, Copies: c.copies, Deck: c.n * c.copies, Dealt: c.dealt, Decks: 7}
		assert.Equal(t, c.describe, Describe(r))
		assert.Equal(t, c.shape, shapeText(r))
	}
}

// TestNote: the worst card is named as the log writes it, or by its number
// from 0, card 0 included; the worst position is counted from 1; any
// other test, and cards or places with no worst line (−1), keep their note.
func TestNote(t *testing.T) {
	name := func(c int) string { return []string{"A♠", "2♠"}[c] }
	for _, c := range []struct {
		t    audit.Test
		card func(int) string
		want string
	}{
		{audit.Test{Name: "cards", Worst: 0}, nil, "worst card: 0"},
		{audit.Test{Name: "cards", Worst: 0}, name, "worst card: A♠"},
		{audit.Test{Name: "cards", Worst: 1}, name, "worst card: 2♠"},
		{audit.Test{Name: "cards", Worst: -1, Note: "kept"}, name, "kept"},
		{audit.Test{Name: "places", Worst: 0}, nil, "worst position: 1 (from 1)"},
		{audit.Test{Name: "places", Worst: -1, Note: "kept"}, nil, "kept"},
		{audit.Test{Name: "positions", Worst: 3, Note: "kept"}, name, "kept"},
	} {
		assert.Equal(t, c.want, note(c.t, c.card), "%+v", c.t)
	}
}

// tableRecord is a record of every kind of row the text and JSON reports
// write: a failed test, a test with no degrees of freedom, the statistics
// written with 0 and 3 decimals, a test that did not run, and p-values at
// the edges of FormatP.
func tableRecord() *Record {
	nan := math.NaN()
	return &Record{
		Report: &audit.Report{N: 4, Copies: 1, Deck: 4, Dealt: 4, Decks: 100, Alpha: 0.001, Verdict: "Fail",
			Tests: []audit.Test{
				{Name: "positions", Statistic: 40.25, DF: 9, P: 1e-5, Holm: 4e-5, Worst: -1},
				{Name: "cards", Statistic: 2, DF: 3, P: 0.5, Holm: 1, Pass: true, Worst: 0},
				{Name: "repeats", Statistic: 3, DF: 0, P: 0.25, Holm: 1, Pass: true, Worst: -1, Note: "expected 2.1"},
				{Name: "cards/batches", Statistic: 0.1234, DF: 10, P: 0.75, Holm: 1, Pass: true, Worst: -1, Batches: []float64{0.5, nan}},
				{Name: "rounds", P: nan, Holm: nan, Worst: -1, Skipped: "needs 1000 decks", MinDecks: 1000},
			}},
		Source:   "d.txt",
		Input:    audit.Input{SHA256: []byte{0xab}, Blank: 1, Cut: &audit.CutLine{Line: 102, Cards: 2, Want: 4}, Limited: true},
		MaxDecks: 100,
		Tool:     "t",
	}
}

// TestText: the text report's lines for a record with every kind of row:
// the limit, the cut line and the blank lines; df "-" for a test without
// degrees of freedom; the statistic with 0 decimals for repeats and 3 for
// a second level; tests that ran counted, those that did not shown.
func TestText(t *testing.T) {
	var b strings.Builder
	require.NoError(t, Text(&b, tableRecord()))
	var lines []string
	for _, l := range strings.Split(b.String(), "\n") {
		lines = append(lines, strings.TrimRight(l, " "))
	}
	assert.Equal(t, []string{
		"Audit of 100 decks of 4 cards from d.txt (sha256 ab).",
		"Stopped at -max-decks 100; the sha256 is of the lines read.",
		"Not audited: line 102, the last, cut short (2 cards of 4, no newline).",
		"Ignored: 1 trailing blank lines.",
		"4 tests ran; family-wise α = 0.001 (Holm's correction).",
		"",
		"test           statistic  df  p      Holm p  result",
		"positions      40.2       9   1e-05  4e-05   FAIL",
		"cards          2.0        3   0.500  1.000   pass     worst card: 0",
		"repeats        3          -   0.250  1.000   pass     expected 2.1",
		"cards/batches  0.123      10  0.750  1.000   pass",
		"rounds         -          -   -      -       not run  needs 1000 decks",
		"",
		"verdict: Fail",
		"",
	}, lines)
}

// TestJSON: the JSON report's fields for the same record: null numbers for
// the test that did not run and for a NaN batch, the cut line and the
// limit given.
func TestJSON(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, JSON(&b, tableRecord()))
	var j map[string]any
	require.NoError(t, json.Unmarshal(b.Bytes(), &j))
	assert.Equal(t, "deck of 4 cards", j["shape"])
	assert.Equal(t, "ab", j["sha256"])
	assert.Equal(t, 102.0, j["cut_short_line"])
	assert.Equal(t, 100.0, j["max_decks"])
	assert.Equal(t, 1.0, j["trailing_blank_lines"])
	tests := j["tests"].([]any)
	require.Len(t, tests, 5)
	rep := tests[2].(map[string]any)
	assert.Equal(t, 0.0, rep["df"])
	assert.Equal(t, "expected 2.1", rep["note"])
	assert.Equal(t, []any{0.5, nil}, tests[3].(map[string]any)["batches"])
	skipped := tests[4].(map[string]any)
	for _, k := range []string{"statistic", "df", "p", "p_holm", "pass"} {
		assert.Nil(t, skipped[k], k)
	}
	assert.Equal(t, "worst card: 0", tests[1].(map[string]any)["note"])
}

// TestFormatP: three decimals from 0.001 up, one digit and an exponent
// below it, "<1e-300" below 1e-300 (0 included), and "-" for NaN.
func TestFormatP(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{
		{math.NaN(), "-"}, {0, "<1e-300"}, {9.9e-301, "<1e-300"}, {1e-300, "1e-300"},
		{9.4e-4, "9e-04"}, {1e-3, "0.001"}, {0.5, "0.500"}, {1, "1.000"},
	} {
		assert.Equal(t, c.want, FormatP(c.p), "%g", c.p)
	}
}

// TestHeatmapsColumns: the position map's columns are named "place dealt"
// only when a line holds fewer places than there are cards.
func TestHeatmapsColumns(t *testing.T) {
	for _, c := range []struct {
		copies, dealt int
		cols          string
	}{{1, 4, ""}, {1, 2, "place dealt →"}, {2, 8, "place dealt →"}} {
		r := &audit.Report{N: 4, Copies: c.copies, Deck: 4 * c.copies, Dealt: c.dealt, Decks: 1,
			Positions: make([]int64, 4*c.dealt), Adjacency: make([]int64, 16)}
		pos, _ := Heatmaps(r, 0.25)
		assert.Equal(t, c.cols, pos.Cols, "%d copies, %d dealt", c.copies, c.dealt)
	}
}

// TestHeatmapsScales: each map's cell is its count over the decks, scaled
// so that a uniform shuffle's is 1/n: a whole deck's adjacency is not
// scaled at all (exactly, for 49 cards, where 49·(1/49) rounds below 1),
// nor its positions; a partial deal's and a shoe's adjacency cells are
// scaled by the chance of each pair, a card after itself by its own; a
// card never follows itself in a deck, and a line of one card has no
// neighbours (NaN).
func TestHeatmapsScales(t *testing.T) {
	for _, c := range []struct {
		n, copies, dealt int
		other, same      float64 // NaN: blank
	}{
		{49, 1, 49, 1, math.NaN()},
		{4, 1, 2, 3, math.NaN()}, // 1 pair of 12 ordered pairs a line
		{4, 2, 8, 0.5, 1},        // 7 pairs of 56: 1/8 of them for a, b
		{4, 2, 3, 1.75, 3.5},     // 2 pairs of 56
		{4, 1, 1, math.NaN(), math.NaN()},
	} {
		n := c.n
		r := &audit.Report{N: n, Copies: c.copies, Deck: n * c.copies, Dealt: c.dealt, Decks: 3,
			Positions: make([]int64, n*c.dealt), Adjacency: make([]int64, n*n)}
		for i := range r.Positions {
			r.Positions[i] = int64(i + 1)
		}
		for i := range r.Adjacency {
			r.Adjacency[i] = int64(2*i + 1)
		}
		pos, adj := Heatmaps(r, 0.5)
		assert.Equal(t, 0.5, adj.Scale)
		for i, p := range pos.P {
			require.Equal(t, float64(i+1)/3, p, "n=%d copies=%d dealt=%d: position cell %d", n, c.copies, c.dealt, i)
		}
		for i, p := range adj.P {
			f := c.other
			if i/n == i%n {
				f = c.same
			}
			want := float64(2*i+1) / 3 * f
			if c.n == 49 {
				want = float64(2*i+1) / 3
			}
			if math.IsNaN(f) {
				require.True(t, math.IsNaN(p), "n=%d copies=%d dealt=%d: adjacency cell %d is %g, want blank", n, c.copies, c.dealt, i, p)
				continue
			}
			require.InDelta(t, want, p, 1e-12*want, "n=%d copies=%d dealt=%d: adjacency cell %d", n, c.copies, c.dealt, i)
			if c.n == 49 {
				require.Equal(t, want, p, "n=49: adjacency cell %d unscaled", i)
			}
		}
	}
}
