package audit_test

import (
	"crypto/sha256"
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// readAll reads every deck of log, and the errors in order.
func readAll(t *testing.T, log string, o audit.ReadOptions) (decks [][]int, errs []error) {
	t.Helper()
	r := audit.NewReader(strings.NewReader(log), o)
	for {
		d, err := r.Next()
		if err == io.EOF {
			return decks, errs
		}
		if err != nil {
			errs = append(errs, err)
			var le *audit.LineError
			if !errors.As(err, &le) {
				return decks, errs
			}
			continue
		}
		decks = append(decks, append([]int(nil), d...))
	}
}

// TestReaderForms: numbers from 0 or 1, zero-padded, labels and symbols
// read as the same decks; a partial deal's lines held back until one
// decides whether its numbers count from 0 are returned in order.
func TestReaderForms(t *testing.T) {
	want := [][]int{{2, 0, 1}, {1, 2, 0}}
	for _, log := range []string{"2 0 1\n1 2 0\n", "3,1,2\r\n2,3,1\n", "02\t00\t01\n01 02 00\n"} {
		decks, errs := readAll(t, log, audit.ReadOptions{})
		assert.Empty(t, errs, log)
		assert.Equal(t, want, decks, log)
	}
	decks, errs := readAll(t, "3C AC 2C 4C\n4♣️ 3♣ AC 2c\n", audit.ReadOptions{Deck: 52})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{2, 0, 1, 3}, {3, 2, 0, 1}}, decks)
	// 1..10 of 10: the first two lines hold neither 0 nor 10.
	decks, errs = readAll(t, "3 4\n5 6\n10 1\n", audit.ReadOptions{Deck: 10})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{2, 3}, {4, 5}, {9, 0}}, decks)
	cards := audit.StandardCards()
	assert.Equal(t, []string{"AC", "2C", "KS"}, []string{cards[0], cards[1], cards[51]})
	r := audit.NewReader(strings.NewReader("5♠️ 4S AS\n"), audit.ReadOptions{Deck: 52})
	d, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, []int{3*13 + 4, 3*13 + 3, 3 * 13}, d, "the selector after a suit symbol")
	assert.Equal(t, "5S", r.Card(3*13+4))
	_, err = audit.NewReader(strings.NewReader("5S\uFE0F AS KS\n"), audit.ReadOptions{Deck: 52}).Next()
	assert.ErrorContains(t, err, "unknown card \"5S\uFE0F\"", "the selector follows a suit symbol only")
}

// TestReaderErrors: each bad line is a *LineError with the log's name and
// the line's number, and the reading goes on; a bad first line ends it
// with ErrFirstLine, an option that does not fit with an *OptionError.
func TestReaderErrors(t *testing.T) {
	o := audit.ReadOptions{Name: "decks.txt"}
	decks, errs := readAll(t, "0 1 2\n0 0 2\n\n2 1 0\n0 1 x\n1 2 0\n\n\n", o)
	assert.Len(t, decks, 3)
	require.Len(t, errs, 3)
	for i, want := range []struct {
		line int
		msg  string
	}{{2, "decks.txt: line 2: card 0 is there twice (numbers 1 and 2 on the line)"}, {3, "decks.txt: line 3: blank line"}, {5, `decks.txt: line 5: "x" (number 3 on the line) is not a card number`}} {
		var le *audit.LineError
		require.ErrorAs(t, errs[i], &le)
		assert.Equal(t, want.line, le.Line)
		assert.Equal(t, "decks.txt", le.Name)
		assert.EqualError(t, errs[i], want.msg)
	}

	_, errs = readAll(t, "0 1 1\n0 1 2\n", o)
	require.Len(t, errs, 2)
	assert.EqualError(t, errs[0], "decks.txt: line 1: card 0 is there once and card 1 twice: every card from 0 to 1 must be there equally often (a deck, or a shoe of k decks)")
	assert.ErrorIs(t, errs[1], audit.ErrFirstLine)

	_, errs = readAll(t, "AS KS QS\n", audit.ReadOptions{Deck: 50})
	var oe *audit.OptionError
	require.Len(t, errs, 1)
	require.ErrorAs(t, errs[0], &oe)
	assert.EqualError(t, oe, "-deck 50: not a whole number of decks of the 52 cards")

	_, errs = readAll(t, "3 4\n5 6\n", audit.ReadOptions{Deck: 10})
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "cannot tell whether the cards count from 0 or from 1: no line holds card 0 or card 10")

	_, errs = readAll(t, "0 1 2\n", audit.ReadOptions{Labels: []string{"a", "b", "a"}})
	require.ErrorAs(t, errs[0], &oe)
}

// TestReaderInput: the digest, the trailing blank lines, the last line cut
// short (a bad line with Strict), and MaxDecks.
func TestReaderInput(t *testing.T) {
	log := "0 1 2\n2 1 0\n1 0"
	r := audit.NewReader(strings.NewReader(log), audit.ReadOptions{})
	rep, err := r.Audit(audit.Options{})
	require.NoError(t, err)
	assert.EqualValues(t, 2, rep.Decks)
	in := r.Input()
	assert.Equal(t, sha256.Sum256([]byte(log)), [32]byte(in.SHA256))
	assert.Equal(t, &audit.CutLine{Line: 3, Cards: 2, Want: 3}, in.Cut)
	assert.False(t, in.Limited)

	_, err = audit.NewReader(strings.NewReader(log), audit.ReadOptions{Strict: true, Name: "s"}).Audit(audit.Options{})
	var le *audit.LineError
	require.ErrorAs(t, err, &le)
	assert.EqualError(t, le, "s: line 3: 2 cards, want 3 (the last line, cut short: no newline)")

	// Blank lines inside the log are bad lines; at its end, counted.
	_, err = audit.NewReader(strings.NewReader("0 1 2\n\n2 1 0\n"), audit.ReadOptions{}).Audit(audit.Options{})
	require.ErrorAs(t, err, &le)
	assert.Equal(t, 2, le.Line)
	r = audit.NewReader(strings.NewReader("0 1 2\n2 1 0\n\n \n"), audit.ReadOptions{})
	_, err = r.Audit(audit.Options{})
	require.NoError(t, err)
	assert.Equal(t, 2, r.Input().Blank)
	assert.Nil(t, r.Input().Cut)

	r = audit.NewReader(strings.NewReader("0 1 2\n2 1 0\n1 0 2\n"), audit.ReadOptions{MaxDecks: 2})
	rep, err = r.Audit(audit.Options{})
	require.NoError(t, err)
	assert.EqualValues(t, 2, rep.Decks)
	assert.True(t, r.Input().Limited)
	assert.Equal(t, sha256.Sum256([]byte("0 1 2\n2 1 0\n")), [32]byte(r.Input().SHA256), "the digest of the lines read")

	_, err = audit.NewReader(strings.NewReader("\n\n"), audit.ReadOptions{}).Audit(audit.Options{})
	assert.ErrorIs(t, err, audit.ErrNoDecks)
}

// TestAuditErrors: Audit's error holds the first 20 bad lines and their
// count.
func TestAuditErrors(t *testing.T) {
	log := "0 1 2\n" + strings.Repeat("0 0 1\n", 25)
	_, err := audit.NewReader(strings.NewReader(log), audit.ReadOptions{Name: "x"}).Audit(audit.Options{})
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 21)
	assert.Equal(t, "x: line 21: card 0 is there twice (numbers 1 and 2 on the line)", lines[19])
	assert.Equal(t, "x: 25 bad lines in all", lines[20])
}

// TestReadLabels: one a line; a label twice, or with a space, is a
// *LineError that names the file and line.
func TestReadLabels(t *testing.T) {
	l, err := audit.ReadLabels(strings.NewReader("red\n\ngreen\nblue\n"), "colours.txt")
	require.NoError(t, err)
	assert.Equal(t, []string{"red", "green", "blue"}, l)
	_, err = audit.ReadLabels(strings.NewReader("red\ngreen\nred\n"), "colours.txt")
	var le *audit.LineError
	require.ErrorAs(t, err, &le)
	assert.EqualError(t, err, `colours.txt:3: label "red" is also on line 1`)
	_, err = audit.ReadLabels(strings.NewReader("a\nb\n"), "two.txt")
	assert.EqualError(t, err, "two.txt: 2 labels, want at least 3")
}

// TestNewReaderPanics: options no flag allows are programmer errors.
func TestNewReaderPanics(t *testing.T) {
	for _, o := range []audit.ReadOptions{{Deck: 2}, {Deck: audit.MaxDeck + 1}, {Copies: 2}, {Deck: 52, Copies: 5}, {Hand: -1}, {MaxDecks: -1}} {
		assert.Panics(t, func() { audit.NewReader(strings.NewReader(""), o) }, "%+v", o)
	}
}

// TestReaderBase: a partial deal whose numbers never hold card 0 or card n
// reads with Base FromZero and with FromOne, one card apart; a number out
// of the stated range is a bad line that names it; whole decks must start
// at the stated base; labels take no Base.
func TestReaderBase(t *testing.T) {
	log := "3 4\n5 6\n9 1\n"
	_, errs := readAll(t, log, audit.ReadOptions{Deck: 10})
	require.Len(t, errs, 1, "inferred: refused")
	decks, errs := readAll(t, log, audit.ReadOptions{Deck: 10, Base: audit.FromZero})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{3, 4}, {5, 6}, {9, 1}}, decks)
	decks, errs = readAll(t, log, audit.ReadOptions{Deck: 10, Base: audit.FromOne})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{2, 3}, {4, 5}, {8, 0}}, decks)

	o := audit.ReadOptions{Name: "d", Deck: 10, Base: audit.FromOne}
	decks, errs = readAll(t, "3 4\n0 6\n10 1\n", o)
	assert.Equal(t, [][]int{{2, 3}, {9, 0}}, decks)
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "d: line 2: card 0 (number 1 on the line) is not in 1..10 (-base 1)")
	o.Base = audit.FromZero
	decks, errs = readAll(t, "3 4\n10 6\n0 1\n", o)
	assert.Equal(t, [][]int{{3, 4}, {0, 1}}, decks)
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "d: line 2: card 10 (number 1 on the line) is not in 0..9 (-base 0)")

	_, errs = readAll(t, "1 2 3\n", audit.ReadOptions{Name: "d", Base: audit.FromZero})
	require.Len(t, errs, 2)
	assert.EqualError(t, errs[0], "d: line 1: no card 0, and -base 0 says the cards count from 0")
	_, errs = readAll(t, "2 0 1\n", audit.ReadOptions{Name: "d", Base: audit.FromOne})
	require.Len(t, errs, 2)
	assert.EqualError(t, errs[0], "d: line 1: card 0 (number 2 on the line), and -base 1 says the cards count from 1")
	decks, errs = readAll(t, "2 0 1\n", audit.ReadOptions{Base: audit.FromZero})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{2, 0, 1}}, decks)
	_, errs = readAll(t, "AS KD\n", audit.ReadOptions{Deck: 52, Base: audit.FromOne})
	var oe *audit.OptionError
	require.Len(t, errs, 1)
	require.ErrorAs(t, errs[0], &oe)
	assert.EqualError(t, oe, "-base: the cards are labels, not numbers")
	assert.Panics(t, func() { audit.NewReader(strings.NewReader(""), audit.ReadOptions{Base: 3}) })
}

// labelLines writes each line of cards, by their standard labels, as
// numbers from 1.
func labelLines(t *testing.T, log string) string {
	t.Helper()
	at := map[string]int{}
	for i, l := range audit.StandardCards() {
		at[l] = i
	}
	var b strings.Builder
	for _, line := range strings.SplitAfter(log, "\n") {
		for i, f := range strings.Fields(line) {
			c, ok := at[f]
			require.True(t, ok, f)
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(strconv.Itoa(c + 1))
		}
		if strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// TestReaderUsed: with -game baccarat alone and -deck, a log may hold the
// 4, 5 or 6 cards each coup uses: every line's length is checked against
// the tableau, and a line it does not allow is a bad line that says what it
// wants; a log whose first line holds 6 cards, all used, is read as the
// first line of another length or a 6-card line using fewer says (lines of
// numbers are held until one says whether they count from 0 too); a log of
// 6-card lines keeps its rule; the last line cut short is left out.
func TestReaderUsed(t *testing.T) {
	const (
		six   = "10C 3D 2H KS 9C 5D\n" // player's 2 draws 9, banker's 3 draws 5
		four  = "4C 8D 5H KS\n"        // naturals
		five  = "QC 4D 6H AS 3C\n"     // player stands on 6, banker's 5 draws
		four2 = "QC 4D 7H 2S\n"        // player stands on 7, banker on 6
		six2  = "10C 3D 2H QS 9C 5D\n" // as six, without KS: as numbers from 1, no 52
	)
	o := audit.ReadOptions{Name: "coups", Deck: 416, Games: []audit.Game{audit.Baccarat}}
	deals := func(log string) [][]int {
		var d [][]int
		for _, l := range strings.Split(strings.TrimSuffix(log, "\n"), "\n") {
			var cards []int
			for _, f := range strings.Fields(l) {
				cards = append(cards, slices.Index(audit.StandardCards(), f))
			}
			d = append(d, cards)
		}
		return d
	}
	for _, log := range []string{four + six + five + four2, six + four + six + five, six + six + four2, five + four2 + six, six2 + six2 + five + four} {
		for _, numbers := range []bool{false, true} {
			in, o := log, o
			if numbers {
				in, o.Copies = labelLines(t, log), 8
			}
			r := audit.NewReader(strings.NewReader(in), o)
			var got [][]int
			for {
				d, err := r.Next()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, in)
				got = append(got, slices.Clone(d))
			}
			assert.Equal(t, deals(log), got, in)
			opts := r.Options(audit.Options{})
			assert.True(t, opts.Used, in)
			assert.Equal(t, 4, opts.Dealt, in)
			rep, err := audit.NewReader(strings.NewReader(in), o).Audit(audit.Options{})
			require.NoError(t, err)
			assert.Equal(t, [3]any{"baccarat", 4, 6}, [3]any{rep.Used, rep.Dealt, rep.MostDealt})
		}
	}

	// Lines the tableau does not allow, after a first line that decides.
	decks, errs := readAll(t, four+"10C 3D 2H KS\n"+"4C 8D 5H KS 9C 9D\n"+"QC 4D 6H AS\n"+"10C 3D 2H KS 9C\n"+"4C 8D 5H\n"+"4C 8D 5H KS 9C 9D 2C\n"+five+"10C 3D 2H", o)
	assert.Equal(t, deals(four+five), decks)
	var want []string
	for _, e := range []string{
		"line 2: 4 cards, want 5 or 6 by the rules of game baccarat",
		"line 3: 6 cards, want 4 by the rules of game baccarat",
		"line 4: 4 cards, want 5 by the rules of game baccarat",
		"line 5: 5 cards, want 6 by the rules of game baccarat",
		"line 6: 3 cards, want 4 to 6 by the rules of game baccarat",
		"line 7: 7 cards, want 4 to 6 by the rules of game baccarat",
	} {
		want = append(want, "coups: "+e)
	}
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	assert.Equal(t, want, got)
	r := audit.NewReader(strings.NewReader(four+"10C 3D 2H KS"), o)
	rep, err := r.Audit(audit.Options{})
	require.NoError(t, err)
	assert.EqualValues(t, 1, rep.Decks)
	assert.Equal(t, &audit.CutLine{Line: 2, Cards: 4, Want: 5}, r.Input().Cut)
	o.Strict = true
	_, errs = readAll(t, four+"10C 3D 2H KS", o)
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "coups: line 2: 4 cards, want 5 or 6 by the rules of game baccarat (the last line, cut short: no newline)")
	o.Strict = false

	// A log of 6-card lines: a 6-card line whose coup uses fewer says so,
	// before or after; so does the end of a log of 6-card coups.
	for _, log := range []string{six + "4C 8D 5H KS 9C 9D\n" + four, "4C 8D 5H KS 9C 9D\n" + six + four} {
		r := audit.NewReader(strings.NewReader(log), o)
		decks, errs := readAll(t, log, o)
		assert.Len(t, decks, 2)
		require.Len(t, errs, 1)
		assert.EqualError(t, errs[0], "coups: line 3: 4 cards, want 6")
		_, err := r.Next()
		require.NoError(t, err)
		assert.Equal(t, audit.Options{Dealt: 6, Copies: 8, Games: o.Games}, r.Options(audit.Options{}))
	}
	r = audit.NewReader(strings.NewReader(six+six), o)
	_, err = r.Next()
	require.NoError(t, err)
	assert.False(t, r.Options(audit.Options{}).Used)
	// Not with two games, nor with -hand: the first line sets the length.
	_, errs = readAll(t, four, audit.ReadOptions{Deck: 52, Games: []audit.Game{audit.Baccarat, audit.Poker}})
	require.NotEmpty(t, errs)
	assert.ErrorContains(t, errs[0], "-game baccarat: reads 6 cards, and a line holds 4")
}

// TestReaderWholeLabels: without -deck, a first line of labels is a whole
// deck of the 52 standard cards, or a shoe of k copies of each; any other
// count is the first line's error.
func TestReaderWholeLabels(t *testing.T) {
	cards := audit.StandardCards()
	rev := slices.Clone(cards)
	slices.Reverse(rev)
	want := make([]int, 52)
	for i := range want {
		want[i] = 51 - i
	}
	for k := 1; k <= 2; k++ {
		line := strings.Repeat(strings.Join(rev, " ")+" ", k)
		decks, errs := readAll(t, line+"\n", audit.ReadOptions{})
		require.Empty(t, errs, "%d decks", k)
		require.Len(t, decks, 1)
		assert.Len(t, decks[0], 52*k)
		assert.Equal(t, want, decks[0][:52], "%d decks", k)
	}
	_, errs := readAll(t, strings.Join(rev[1:], " ")+"\n", audit.ReadOptions{})
	require.NotEmpty(t, errs)
	assert.ErrorContains(t, errs[0], "51 cards: labels other than numbers must be the 52 standard cards")
}
