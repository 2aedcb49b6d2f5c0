package report

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/fairshuffle/shuffle/audit"
)

// Record is an audit as it is filed: the report, what was read, and the
// facts the written reports show beside it.
type Record struct {
	Report *audit.Report
	Source string      // what was read: a file name, "standard input", a command
	Input  audit.Input // from [audit.Reader.Input]
	// MaxDecks is the limit that stopped the reading, if Input.Limited.
	MaxDecks int64
	// Card names card c as the log writes it ([audit.Reader.Card]); nil
	// names it by its number from 0.
	Card func(c int) string
	// Tool and Version name the program in the JSON and HTML reports.
	Tool, Version string
	// Command is the command line that made the report, for the HTML
	// report's "Reproduce" (quoted for sh); Stdin and Exec say where its
	// decks came from: standard input, a command's output, or else a file.
	Command     []string
	Stdin, Exec bool
	// Date dates the HTML report; the zero time means now.
	Date time.Time
	// Scale is the heat map's deviation from 1/n drawn at full colour,
	// relative to 1/n; 0 means 0.25.
	Scale float64
}

// note is a test's note in the input's own names.
func note(t audit.Test, card func(int) string) string {
	switch {
	case t.Name == "cards" && t.Worst >= 0:
		if card == nil {
			return fmt.Sprintf("worst card: %d", t.Worst)
		}
		return "worst card: " + card(t.Worst)
	case t.Name == "places" && t.Worst >= 0:
		return fmt.Sprintf("worst position: %d (from 1)", t.Worst+1)
	}
	return t.Note
}

// Describe says what was audited, as "100000 decks of 52 cards".
//
// Or: "5000 shoes of 6 decks of 52 cards (312 cards)", "100000 deals of
// the first 5 cards of a deck of 52", "20000 deals of the 4 to 6 cards…".
func Describe(r *audit.Report) string {
	switch whole := r.Dealt == r.Deck; {
	case r.Used != "" && r.Copies == 1:
		return fmt.Sprintf("%d deals of the %d to %d cards %s uses, from a deck of %d", r.Decks, r.Dealt, r.MostDealt, r.Used, r.Deck)
	case r.Used != "":
		return fmt.Sprintf("%d deals of the %d to %d cards %s uses, from a shoe of %d decks of %d cards (%d cards)", r.Decks, r.Dealt, r.MostDealt, r.Used, r.Copies, r.N, r.Deck)
	case whole && r.Copies == 1:
		return fmt.Sprintf("%d decks of %d cards", r.Decks, r.N)
	case whole:
		return fmt.Sprintf("%d shoes of %d decks of %d cards (%d cards)", r.Decks, r.Copies, r.N, r.Deck)
	case r.Copies == 1:
		return fmt.Sprintf("%d deals of the first %d cards of a deck of %d", r.Decks, r.Dealt, r.Deck)
	}
	return fmt.Sprintf("%d deals of the first %d cards of a shoe of %d decks of %d cards (%d cards)", r.Decks, r.Dealt, r.Copies, r.N, r.Deck)
}

// shapeText is what a line holds: "deck of 52 cards", "shoe of 6 decks of
// 52 cards", "first 5 cards of a deck of 52 cards", "first 20 cards of a
// shoe of 6 decks of 52 cards".
func shapeText(r *audit.Report) string {
	s := fmt.Sprintf("deck of %d cards", r.N)
	if r.Copies > 1 {
		s = fmt.Sprintf("shoe of %d decks of %d cards", r.Copies, r.N)
	}
	switch {
	case r.Used != "":
		s = fmt.Sprintf("first %d to %d cards of a %s, as %s uses them", r.Dealt, r.MostDealt, s, r.Used)
	case r.Dealt < r.Deck:
		s = fmt.Sprintf("first %d cards of a %s", r.Dealt, s)
	}
	return s
}

// Text writes rec as shuffle-audit prints it: what was audited, then a
// table of the tests and the verdict.
func Text(w io.Writer, rec *Record) error {
	r, in := rec.Report, rec.Input
	ew := &errWriter{w: w}
	w = ew
	fmt.Fprintf(w, "Audit of %s from %s (sha256 %s).\n", Describe(r), rec.Source, hex.EncodeToString(in.SHA256))
	if in.Limited {
		fmt.Fprintf(w, "Stopped at -max-decks %d; the sha256 is of the lines read.\n", rec.MaxDecks)
	}
	if in.Cut != nil {
		fmt.Fprintf(w, "Not audited: line %d, the last, cut short (%d cards of %d, no newline).\n", in.Cut.Line, in.Cut.Cards, in.Cut.Want)
	}
	if in.Blank > 0 {
		fmt.Fprintf(w, "Ignored: %d trailing blank lines.\n", in.Blank)
	}
	ran := 0
	for _, t := range r.Tests {
		if t.Ran() {
			ran++
		}
	}
	fmt.Fprintf(w, "%d tests ran; family-wise α = %g (Holm's correction).\n\n", ran, r.Alpha)
	tw := newTable(w, false)
	fmt.Fprintln(tw, "test\tstatistic\tdf\tp\tHolm p\tresult\t")
	for _, t := range r.Tests {
		if !t.Ran() {
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\tnot run\t%s\n", t.Name, t.Skipped)
			continue
		}
		res := "pass"
		if !t.Pass {
			res = "FAIL"
		}
		df := "-"
		if t.DF > 0 {
			df = fmt.Sprintf("%.0f", t.DF)
		}
		stat := fmt.Sprintf("%.1f", t.Statistic)
		switch {
		case strings.HasSuffix(t.Name, "/batches"):
			stat = fmt.Sprintf("%.3f", t.Statistic)
		case t.Name == "repeats":
			stat = fmt.Sprintf("%.0f", t.Statistic)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", t.Name, stat, df, FormatP(t.P), FormatP(t.Holm), res, note(t, rec.Card))
	}
	tw.Flush()
	fmt.Fprintf(w, "\nverdict: %s\n", r.Verdict)
	return ew.err
}

// errWriter keeps the first error of w.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}

// jsonReport is the JSON report.
type jsonReport struct {
	Tool     string     `json:"tool"`
	Version  string     `json:"version"`
	Input    string     `json:"input"`
	SHA256   string     `json:"sha256"`
	Decks    int64      `json:"decks"`
	Shape    string     `json:"shape"`
	N        int        `json:"n"`      // distinct cards
	Copies   int        `json:"copies"` // of each card in the shuffled deck or shoe
	Deck     int        `json:"deck"`   // cards in the shuffled deck or shoe
	Dealt    int        `json:"dealt"`  // cards a line holds; with Used, the fewest, which every other test sees
	Alpha    float64    `json:"alpha"`
	Verdict  string     `json:"verdict"`
	Blank    int        `json:"trailing_blank_lines"`
	Cut      int        `json:"cut_short_line,omitempty"` // the number of the last line, cut short and not audited
	MaxDecks int64      `json:"max_decks,omitempty"`      // the reading stopped at -max-decks
	Used     string     `json:"used,omitempty"`           // the game whose rules set each line's length
	Most     int        `json:"most_dealt,omitempty"`     // with Used, the most cards a line may hold
	Tests    []jsonTest `json:"tests"`
}

// jsonTest is a test of the -json output; the numbers are null when the
// test did not run.
type jsonTest struct {
	Name      string   `json:"name"`
	Statistic *float64 `json:"statistic"`
	DF        *float64 `json:"df"`
	P         *float64 `json:"p"`
	Holm      *float64 `json:"p_holm"`
	Pass      *bool    `json:"pass"`
	MinDecks  int64    `json:"min_decks"`
	Skipped   string   `json:"skipped,omitempty"`
	Note      string   `json:"note,omitempty"`
	// Batches are a second-level test's batch p-values, in the order
	// they were dealt (null for one that could not be computed).
	Batches []*float64 `json:"batches,omitempty"`
	// Outcomes, Observed and Expected are a game's outcomes, how many
	// lines gave each, and how many a uniform shuffle gives on average.
	Outcomes []string  `json:"outcomes,omitempty"`
	Observed []int64   `json:"observed,omitempty"`
	Expected []float64 `json:"expected,omitempty"`
}

// JSON writes rec as one indented JSON object: the input, the verdict and
// each test, null for a number it did not compute.
func JSON(w io.Writer, rec *Record) error {
	r, in := rec.Report, rec.Input
	j := jsonReport{Tool: rec.Tool, Version: rec.Version, Input: rec.Source, SHA256: hex.EncodeToString(in.SHA256),
		Decks: r.Decks, Shape: shapeText(r), N: r.N, Copies: r.Copies, Deck: r.Deck, Dealt: r.Dealt, Used: r.Used, Most: r.MostDealt,
		Alpha: r.Alpha, Verdict: r.Verdict, Blank: in.Blank, Tests: []jsonTest{}}
	if in.Limited {
		j.MaxDecks = rec.MaxDecks
	}
	if in.Cut != nil {
		j.Cut = in.Cut.Line
	}
	num := func(x float64) *float64 {
		if math.IsNaN(x) {
			return nil
		}
		return &x
	}
	for _, t := range r.Tests {
		jt := jsonTest{Name: t.Name, MinDecks: t.MinDecks, Skipped: t.Skipped, Note: note(t, rec.Card),
			Outcomes: t.Outcomes, Observed: t.Observed, Expected: t.Expected}
		if t.Ran() {
			pass := t.Pass
			jt.Statistic, jt.DF, jt.P, jt.Holm, jt.Pass = num(t.Statistic), num(t.DF), num(t.P), num(t.Holm), &pass
		}
		for _, p := range t.Batches {
			jt.Batches = append(jt.Batches, num(p))
		}
		j.Tests = append(j.Tests, jt)
	}
	e := json.NewEncoder(w)
	e.SetIndent("", "  ")
	return e.Encode(j)
}

// FormatP writes a p-value as the reports do: three decimals, or one
// digit and an exponent below 0.001; "-" for NaN.
func FormatP(p float64) string {
	switch {
	case math.IsNaN(p):
		return "-"
	case p < 1e-300:
		return "<1e-300"
	case p < 1e-3:
		return fmt.Sprintf("%.0e", p)
	}
	return fmt.Sprintf("%.3f", p)
}

func newTable(w io.Writer, right bool) *tabwriter.Writer {
	var flags uint
	if right {
		flags = tabwriter.AlignRight
	}
	return tabwriter.NewWriter(w, 0, 0, 2, ' ', flags)
}

// Heatmaps returns the heat maps of r's position and adjacency tables,
// without titles, at the given [Heatmap].Scale.
func Heatmaps(r *audit.Report, scale float64) (pos, adj Heatmap) {
	// Each cell is scaled so that a uniform shuffle's is 1/n: the
	// position table's (n rows, a column for each of the m places of a
	// line) already is; the adjacency table's expected count per line is
	// (m−1)k²/(N(N−1)) for two different cards of a shoe of k copies of n
	// cards (N = nk), and (m−1)k(k−1)/(N(N−1)) for a card and itself,
	// which is 1/n and 0 for a whole deck of distinct cards: its diagonal
	// is left blank, as is the whole table when a line holds one card.
	n, m, d := r.N, r.Dealt, float64(r.Decks)
	pos = Heatmap{N: n, M: m, P: make([]float64, n*m), Scale: scale}
	adj = Heatmap{N: n, P: make([]float64, n*n), Scale: scale, Rows: "card →", Cols: "the card after it →"}
	if m != n {
		pos.Cols = "place dealt →"
	}
	for i := range pos.P {
		pos.P[i] = float64(r.Positions[i]) / d
	}
	N, k := float64(r.Deck), float64(r.Copies)
	same, other := 1.0, 1.0 // the adjacency scale factors
	if r.Copies > 1 || r.Dealt < r.Deck {
		pairs := float64(m-1) / (N * (N - 1))
		other = 1 / (float64(n) * pairs * k * k)
		same = 1 / (float64(n) * pairs * k * (k - 1))
	}
	for i := range adj.P {
		switch {
		case m < 2:
			adj.P[i] = math.NaN() // one card a line has no neighbour
		case i/n != i%n:
			adj.P[i] = float64(r.Adjacency[i]) / d * other
		case r.Copies == 1:
			adj.P[i] = math.NaN() // a card never follows itself
		default:
			adj.P[i] = float64(r.Adjacency[i]) / d * same
		}
	}
	return pos, adj
}
