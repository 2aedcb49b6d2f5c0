package audit_test

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seq writes the numbers from..to−1, separated by spaces.
func seq(from, to int) string {
	s := make([]string, 0, to-from)
	for v := from; v < to; v++ {
		s = append(s, strconv.Itoa(v))
	}
	return strings.Join(s, " ")
}

// TestReadFirstLine: every way a first line can be wrong, and the shapes
// at the edges of what a first line may set, each with the message a user
// reads (shuffle-audit prints it as it is).
func TestReadFirstLine(t *testing.T) {
	abc := []string{"a", "b", "c"}
	for _, c := range []struct {
		log  string
		o    audit.ReadOptions
		want string // the first error; "" for none
	}{
		{"AS KS QS\n", audit.ReadOptions{}, "log: line 1: 3 cards: labels other than numbers must be the 52 standard cards (such as AS KD 10H 2C), or k copies of each (a shoe of k decks), or those of -labels FILE; -deck N for lines that hold the first cards dealt"},
		{"a b\n", audit.ReadOptions{Labels: abc}, "log: line 1: 2 cards, want the 3 labels of -labels, or k copies of each; -deck N for lines that hold the first cards dealt"},
		{"a b c b c a\n", audit.ReadOptions{Labels: abc}, ""},
		{"AS KS\n", audit.ReadOptions{Deck: 104, Copies: 4}, "-copies 4: a deck of 104 cards of 52 labels holds 2 copies of each"},
		{"AS KS AS\n", audit.ReadOptions{Deck: 104, Copies: 2}, ""},
		{"0 1\n", audit.ReadOptions{Deck: 2050}, "-deck 2050: 2050 distinct cards, want at most 1024 (-copies K for a shoe)"},
		{"0 1\n", audit.ReadOptions{Deck: 1025}, "-deck 1025: 1025 distinct cards, want at most 1024 (-copies K for a shoe)"},
		{"0 1\n", audit.ReadOptions{Deck: 1024}, ""},
		{"0 1\n", audit.ReadOptions{Deck: 2048, Copies: 2}, ""},
		{"1 2 3 0\n", audit.ReadOptions{Deck: 3}, "log: line 1: 4 cards, more than the 3 of -deck 3"},
		{"1 2 0\n", audit.ReadOptions{Deck: 3}, ""},
		{seq(0, 1025) + "\n", audit.ReadOptions{Deck: 2048, Copies: 2}, "log: line 1: 1025 cards, want at most 1024 a line"},
		{seq(0, 1024) + "\n", audit.ReadOptions{Deck: 2048, Copies: 2}, ""},
		{strings.Repeat("AS ", 1040) + "\n", audit.ReadOptions{Deck: 52 * 20}, "log: line 1: 1040 cards, want at most 1024 a line"},
		{"0 1 x\n", audit.ReadOptions{}, `log: line 1: "x" (number 3 on the line) is not a card number`},
		{"0 1 5\n", audit.ReadOptions{}, "log: line 1: card 5 (number 3 on the line) is more than the 3 cards on the line: a first line is a whole deck or shoe, 0..n-1 or 1..n (-deck N for lines that hold the first cards dealt)"},
		{"0 1\n", audit.ReadOptions{}, "log: line 1: 2 cards, want at least 3"},
		{"2 3 2\n", audit.ReadOptions{}, "log: line 1: no card 0 or 1: the cards are 0..n-1 or 1..n"},
		{"3 1 2\n", audit.ReadOptions{}, ""},
		{"0 0 1 1\n", audit.ReadOptions{}, "log: line 1: 2 distinct cards, want at least 3"},
		{"0 0 0\n", audit.ReadOptions{}, "log: line 1: 1 distinct cards, want at least 3"},
		{"0 2 2\n", audit.ReadOptions{}, "log: line 1: card 0 is there once and card 1 not at all: every card from 0 to 2 must be there equally often (a deck, or a shoe of k decks)"},
		{"0 0 0 1 1 2\n", audit.ReadOptions{}, "log: line 1: card 0 is there 3 times and card 1 twice: every card from 0 to 2 must be there equally often (a deck, or a shoe of k decks)"},
		{"1 1 2 3 3 2\n", audit.ReadOptions{}, ""},
		{seq(0, 1025) + "\n", audit.ReadOptions{}, "log: line 1: 1025 distinct cards, want at most 1024"},
		{seq(1, 1025) + "\n", audit.ReadOptions{}, ""},
		// -hand: a shoe, more than a line, the whole deck, too many hands
		// for 63 bits. C(66, 33) < 2⁶³ < C(67, 33); C(70, 60) = C(70, 10)
		// fits, but the ranks pass through C(70, 35), which does not.
		{"0 1 2 0 1 2\n", audit.ReadOptions{Hand: 2}, "-hand 2: the hands of a shoe are not equally likely sets of cards; -hand needs a deck of distinct cards"},
		{"0 1 2\n", audit.ReadOptions{Deck: 10, Hand: 4}, "-hand 4: more than the 3 cards a line holds"},
		{"0 1 2\n", audit.ReadOptions{Deck: 10, Hand: 3}, ""},
		{"0 1 2\n", audit.ReadOptions{Hand: 3}, "-hand 3: every hand is the whole deck"},
		{"0 1 2\n", audit.ReadOptions{Hand: 2}, ""},
		{seq(0, 33) + "\n", audit.ReadOptions{Deck: 66, Hand: 33}, ""},
		{seq(0, 33) + "\n", audit.ReadOptions{Deck: 67, Hand: 33}, "-hand 33: the hands of 33 cards from 67 are too many to count"},
		{seq(0, 60) + "\n", audit.ReadOptions{Deck: 70, Hand: 60}, "-hand 60: the hands of 60 cards from 70 are too many to count"},
		{seq(0, 3) + "\n", audit.ReadOptions{Deck: 70, Hand: 3}, ""},
		// -game: the standard deck, enough cards a line, a deck count the
		// game knows.
		{"0 1 2 3 4 5\n", audit.ReadOptions{Deck: 10, Games: []audit.Game{audit.Baccarat}}, "-game baccarat: needs the 52 cards of a standard deck, not 10"},
		{"AS KS QS JS\n", audit.ReadOptions{Deck: 52, Games: []audit.Game{audit.Poker}}, "-game poker: reads 5 cards, and a line holds 4"},
		{"AS KS QS JS 10S\n", audit.ReadOptions{Deck: 52, Games: []audit.Game{audit.Poker}}, ""},
		{"AS KS QS JS 10S\n", audit.ReadOptions{Deck: 104, Games: []audit.Game{audit.Poker}}, "-game poker: audit: game poker: 2 decks: defined for 1 deck only: a shoe of several decks deals hands one deck cannot (five of a kind, a flush with a pair)"},
	} {
		c.o.Name = "log"
		_, errs := readAll(t, c.log, c.o)
		if c.want == "" {
			assert.Empty(t, errs, "%.40q %+v", c.log, c.o)
			continue
		}
		if assert.NotEmpty(t, errs, "%.40q %+v", c.log, c.o) {
			assert.EqualError(t, errs[0], c.want, "%.40q %+v", c.log, c.o)
			var le *audit.LineError
			var oe *audit.OptionError
			if errors.As(errs[0], &le) {
				require.Len(t, errs, 2)
				assert.ErrorIs(t, errs[1], audit.ErrFirstLine)
			} else {
				assert.ErrorAs(t, errs[0], &oe)
			}
		}
	}
}

// TestReadLines: what the lines after the first may hold, as numbers of a
// whole deck, of a shoe and of a partial deal, on both ways of checking a
// line (a bit set for fewer than 64 cards, counts for more): the decks
// read, and each bad line's message.
func TestReadLines(t *testing.T) {
	for _, c := range []struct {
		log   string
		o     audit.ReadOptions
		decks [][]int
		errs  []string
	}{
		// Nine digits, zero-padded, are a number; ten are not.
		{"000000000 000000001 9\n9 000000001 0\n0000000001 0 9\n", audit.ReadOptions{Deck: 10}, [][]int{{0, 1, 9}, {9, 1, 0}}, []string{`line 3: "0000000001" (number 1 on the line) is not a card number`}},
		{"0 1 2\n1x 2 0\n0 1 2 1\n0 1\n", audit.ReadOptions{}, [][]int{{0, 1, 2}}, []string{`line 2: "1x" (number 1 on the line) is not a card number`, "line 3: 4 cards, want 3", "line 4: 2 cards, want 3"}},
		{"0 1 2\n0 1 3\n", audit.ReadOptions{}, [][]int{{0, 1, 2}}, []string{"line 2: card 3 (number 3 on the line) is not in 0..2"}},
		{"1 2 3\n1 2 0\n", audit.ReadOptions{}, [][]int{{0, 1, 2}}, []string{"line 2: card 0 (number 3 on the line) is not in 1..3"}},
		// Every card out of range, on a line of one card or of several.
		{"10\n0\n11\n", audit.ReadOptions{Deck: 10}, [][]int{{9}}, []string{"line 2: card 0 (number 1 on the line) is not in 1..10", "line 3: card 11 (number 1 on the line) is not in 1..10"}},
		{"0 1 2\n3 4 5\n", audit.ReadOptions{}, [][]int{{0, 1, 2}}, []string{"line 2: card 3 (number 1 on the line) is not in 0..2"}},
		// A line with several faults: the first one is reported.
		{"0 1 2\n1 1 1\n5 1 7\n", audit.ReadOptions{}, [][]int{{0, 1, 2}}, []string{"line 2: card 1 is there twice (numbers 1 and 2 on the line)", "line 3: card 5 (number 1 on the line) is not in 0..2"}},
		{"0 1 2 0 1 2\n1 1 1 1 2 2\n", audit.ReadOptions{}, [][]int{{0, 1, 2, 0, 1, 2}}, []string{"line 2: card 1 is there more than 2 times (number 3 on the line is one too many)"}},
		// A partial deal: card 0 decides numbers from 0, card n from 1;
		// both on a line, or a card past n, is a bad line.
		{"3 4\n0 10\n11 1\n0 9\n", audit.ReadOptions{Deck: 10}, [][]int{{3, 4}, {0, 9}}, []string{"line 2: card 0 (number 1 on the line) and card 10 (number 2): the cards are 0..9 or 1..10", "line 3: card 11 (number 1 on the line) is not in 0..9 or 1..10"}},
		{"3 4\n10 1\n", audit.ReadOptions{Deck: 10}, [][]int{{2, 3}, {9, 0}}, nil},
		{"3 4\n0 100\n101 1\n0 99\n", audit.ReadOptions{Deck: 100}, [][]int{{3, 4}, {0, 99}}, []string{"line 2: card 0 (number 1 on the line) and card 100 (number 2): the cards are 0..99 or 1..100", "line 3: card 101 (number 1 on the line) is not in 0..99 or 1..100"}},
		{"3 4\n100 1\n3 3\n", audit.ReadOptions{Deck: 100}, [][]int{{2, 3}, {99, 0}}, []string{"line 3: card 3 is there twice (numbers 1 and 2 on the line)"}},
		{"3 4\n5 0\n4 4\n", audit.ReadOptions{Deck: 100}, [][]int{{3, 4}, {5, 0}}, []string{"line 3: card 4 is there twice (numbers 1 and 2 on the line)"}},
		{"3 4\n5 0\n4 4\n", audit.ReadOptions{Deck: 10}, [][]int{{3, 4}, {5, 0}}, []string{"line 3: card 4 is there twice (numbers 1 and 2 on the line)"}},
		// 64 is the first card the bit set cannot hold.
		{seq(0, 65) + "\n" + seq(0, 64) + " 63\n" + seq(1, 65) + " 64\n" + seq(1, 65) + " 0\n", audit.ReadOptions{}, [][]int{ints(0, 65), append(ints(1, 65), 0)}, []string{"line 2: card 63 is there twice (numbers 64 and 65 on the line)", "line 3: card 64 is there twice (numbers 64 and 65 on the line)"}},
		{"63 64\n64 64\n0 1\n", audit.ReadOptions{Deck: 64}, [][]int{{62, 63}}, []string{"line 2: card 64 is there twice (numbers 1 and 2 on the line)", "line 3: card 0 (number 1 on the line) is not in 1..64"}},
		// A shoe of two decks: three copies are one too many.
		{"0 1 2 0 1 2\n1 1 0 0 2 2\n1 1 0 1 2 2\n", audit.ReadOptions{}, [][]int{{0, 1, 2, 0, 1, 2}, {1, 1, 0, 0, 2, 2}}, []string{"line 3: card 1 is there more than 2 times (number 4 on the line is one too many)"}},
		{"0 1 0 1\n1 1 5\n1 1 1\n", audit.ReadOptions{Deck: 6, Copies: 2}, [][]int{{0, 1, 0, 1}}, []string{"line 2: 3 cards, want 4", "line 3: 3 cards, want 4"}},
		{"0 1 0\n1 1 2\n1 1 1\n", audit.ReadOptions{Deck: 6, Copies: 2}, [][]int{{0, 1, 0}, {1, 1, 2}}, []string{"line 3: card 1 is there more than 2 times (number 3 on the line is one too many)"}},
		// Labels: an unknown one names it, a repeated one by its label.
		{"a b c\nc c a\nc d a\nb c\n", audit.ReadOptions{Labels: []string{"a", "b", "c"}}, [][]int{{0, 1, 2}}, []string{"line 2: card c is there twice (numbers 1 and 2 on the line)", `line 3: unknown card "d" (number 2 on the line)`, "line 4: 2 cards, want 3"}},
	} {
		c.o.Name = "log"
		decks, errs := readAll(t, c.log, c.o)
		assert.Equal(t, c.decks, decks, "%.60q", c.log)
		var msgs []string
		for _, err := range errs {
			msgs = append(msgs, err.Error())
		}
		for i := range c.errs {
			c.errs[i] = "log: " + c.errs[i]
		}
		assert.Equal(t, c.errs, msgs, "%.60q", c.log)
	}
}

// ints is from..to−1.
func ints(from, to int) []int {
	s := make([]int, 0, to-from)
	for v := from; v < to; v++ {
		s = append(s, v)
	}
	return s
}

// TestReadNames: how Card names a card of each form.
func TestReadNames(t *testing.T) {
	for _, c := range []struct {
		log  string
		o    audit.ReadOptions
		want []string
	}{
		{"1 2 3\n", audit.ReadOptions{}, []string{"1", "2", "3"}},
		{"0 1 2\n", audit.ReadOptions{}, []string{"0", "1", "2"}},
		{"b a c\n", audit.ReadOptions{Labels: []string{"c", "b", "a"}}, []string{"c", "b", "a"}},
		{"5 10\n", audit.ReadOptions{Deck: 10}, []string{"1", "2", "3"}},
	} {
		r := audit.NewReader(strings.NewReader(c.log), c.o)
		_, err := r.Next()
		require.NoError(t, err)
		assert.Equal(t, c.want, []string{r.Card(0), r.Card(1), r.Card(2)}, c.log)
	}
}

// TestReadBlankLines: blank lines inside the log are each a bad line, in
// order, before the line after them; the ones at the end are counted.
func TestReadBlankLines(t *testing.T) {
	decks, errs := readAll(t, "0 1 2\n\n \t,\n0 0 1\n2 1 0\n\n", audit.ReadOptions{Name: "log"})
	assert.Equal(t, [][]int{{0, 1, 2}, {2, 1, 0}}, decks)
	var msgs []string
	for _, err := range errs {
		msgs = append(msgs, err.Error())
	}
	assert.Equal(t, []string{"log: line 2: blank line", "log: line 3: blank line", "log: line 4: card 0 is there twice (numbers 1 and 2 on the line)"}, msgs)
}

// TestReadLastLine: a last line without a newline is a deck if it holds
// every card a line holds, and cut short (or, Strict, bad) if it holds
// fewer.
func TestReadLastLine(t *testing.T) {
	r := audit.NewReader(strings.NewReader("0 1 2\n2 1 0"), audit.ReadOptions{})
	rep, err := r.Audit(audit.Options{})
	require.NoError(t, err)
	assert.EqualValues(t, 2, rep.Decks)
	assert.Nil(t, r.Input().Cut)
	r = audit.NewReader(strings.NewReader("0 1 2"), audit.ReadOptions{})
	rep, err = r.Audit(audit.Options{})
	require.NoError(t, err)
	assert.EqualValues(t, 1, rep.Decks)
	decks, errs := readAll(t, "0 1 2\n2 1 0\r\n1 0 2\r", audit.ReadOptions{})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{0, 1, 2}, {2, 1, 0}, {1, 0, 2}}, decks)
}

// TestReadLimited: Input.Limited says MaxDecks stopped the reading, and
// only that.
func TestReadLimited(t *testing.T) {
	for _, c := range []struct {
		log      string
		maxDecks int64
		decks    int
		limited  bool
	}{
		{"", 0, 0, false},
		{"0 1 2\n", 0, 1, false},
		{"0 1 2\n2 1 0\n", 3, 2, false},
		{"0 1 2\n2 1 0\n0 2 1\n", 1, 1, true},
	} {
		r := audit.NewReader(strings.NewReader(c.log), audit.ReadOptions{MaxDecks: c.maxDecks})
		decks, err := 0, error(nil)
		for ; err == nil; decks++ {
			_, err = r.Next()
		}
		assert.Equal(t, io.EOF, err)
		assert.Equal(t, c.decks, decks-1, "%q", c.log)
		assert.Equal(t, c.limited, r.Input().Limited, "%q MaxDecks %d", c.log, c.maxDecks)
	}
}

// TestReadAuditTwentyBad: Audit's error lists 20 bad lines whole, and
// counts them only past 20.
func TestReadAuditTwentyBad(t *testing.T) {
	for bad, lines := range map[int]int{20: 20, 21: 21} {
		log := "0 1 2\n" + strings.Repeat("0 0 1\n", bad)
		_, err := audit.NewReader(strings.NewReader(log), audit.ReadOptions{Name: "x"}).Audit(audit.Options{})
		require.Error(t, err)
		msgs := strings.Split(err.Error(), "\n")
		assert.Len(t, msgs, lines, "%d bad lines", bad)
		assert.Equal(t, bad > 20, strings.HasSuffix(err.Error(), "bad lines in all"), "%d bad lines", bad)
	}
}

// TestReadPending: the lines of a partial deal are held back until one
// holds card 0 or card n, up to 2²⁰ cards: then the reading ends.
func TestReadPending(t *testing.T) {
	// 2,048 lines of 512 cards of 1..1023 from a deck of 1,024: 2²⁰
	// cards held back, the most that may be.
	line := seq(1, 513) + "\n"
	log := strings.Repeat(line, 2048)
	r := audit.NewReader(strings.NewReader(log+"0"+line[1:]), audit.ReadOptions{Deck: 1024})
	decks := 0
	var err error
	for ; err == nil; decks++ {
		_, err = r.Next()
	}
	assert.Equal(t, io.EOF, err)
	assert.Equal(t, 2049, decks-1)

	_, errs := readAll(t, log+line, audit.ReadOptions{Deck: 1024})
	require.Len(t, errs, 1)
	assert.EqualError(t, errs[0], "cannot tell whether the cards count from 0 or from 1: none of the first 2049 lines holds card 0 or card 1024")
}

// TestReadLongLines: a line of up to 2²⁰−1 bytes is read; a longer one
// is a bad line, skipped, and the reading goes on, also when it is last.
func TestReadLongLines(t *testing.T) {
	const max = 1 << 20
	pad := func(s string, n int) string { return s + strings.Repeat(" ", n-len(s)) }
	decks, errs := readAll(t, pad("0 1 2", max-1)+"\n"+pad("2 1 0", max)+"\n1 0 2\n"+pad("0 2 1", 3*max), audit.ReadOptions{Name: "log"})
	assert.Equal(t, [][]int{{0, 1, 2}, {1, 0, 2}}, decks)
	var msgs []string
	for _, err := range errs {
		msgs = append(msgs, err.Error())
	}
	assert.Equal(t, []string{"log: line 2: longer than 1048576 bytes", "log: line 4: longer than 1048576 bytes"}, msgs)
}

// stalling returns (0, nil) stalls times before each read of r.
type stalling struct {
	r      io.Reader
	stalls int
	left   int
}

func (s *stalling) Read(p []byte) (int, error) {
	if s.left > 0 {
		s.left--
		return 0, nil
	}
	s.left = s.stalls
	return s.r.Read(p)
}

// TestReadStalls: a reader that returns nothing 100 times running is
// waited for; one that returns nothing 101 times is io.ErrNoProgress.
func TestReadStalls(t *testing.T) {
	log := "0 1 2\n2 1 0\n"
	decks, errs := readAll(t, log, audit.ReadOptions{})
	require.Empty(t, errs)
	r := audit.NewReader(&stalling{r: strings.NewReader(log), stalls: 100, left: 100}, audit.ReadOptions{})
	got := 0
	var err error
	for ; err == nil; got++ {
		_, err = r.Next()
	}
	assert.Equal(t, io.EOF, err)
	assert.Equal(t, len(decks), got-1)

	r = audit.NewReader(&stalling{r: strings.NewReader(log), stalls: 101, left: 101}, audit.ReadOptions{})
	_, err = r.Next()
	assert.ErrorIs(t, err, io.ErrNoProgress)
}

// TestReadLabelsEdges: ReadLabels and ReadOptions.Labels take 3 to
// MaxCards labels.
func TestReadLabelsEdges(t *testing.T) {
	labels := func(n int) []string {
		l := make([]string, n)
		for i := range l {
			l[i] = "c" + strconv.Itoa(i)
		}
		return l
	}
	for _, n := range []int{2, 3, audit.MaxCards, audit.MaxCards + 1} {
		l := labels(n)
		ok := n >= 3 && n <= audit.MaxCards
		got, err := audit.ReadLabels(strings.NewReader(strings.Join(l, "\n")), "f")
		if ok {
			assert.NoError(t, err, n)
			assert.Equal(t, l, got)
		} else {
			assert.Error(t, err, n)
		}
		_, err = audit.NewReader(strings.NewReader(strings.Join(l, " ")+"\n"), audit.ReadOptions{Labels: l}).Next()
		var oe *audit.OptionError
		assert.Equal(t, !ok, errors.As(err, &oe), n)
	}
	_, err := audit.ReadLabels(strings.NewReader(strings.Join(labels(audit.MaxCards+1), "\n")), "f")
	assert.EqualError(t, err, "f: 1025 labels, want at most 1024")
	_, err = audit.ReadLabels(strings.NewReader("a\nb c\nd\n"), "f")
	assert.EqualError(t, err, `f:2: label "b c" contains a space, comma or tab`)
	for _, l := range [][]string{{"a", "", "c"}, {"a", "b c", "d"}, {"a", "b", "a"}} {
		_, err = audit.NewReader(strings.NewReader("a\n"), audit.ReadOptions{Labels: l}).Next()
		var oe *audit.OptionError
		assert.ErrorAs(t, err, &oe, "%q", l)
	}
}

// TestReadOptionEdges: the least and the largest Deck, and a shoe of
// three cards, are options NewReader takes.
func TestReadOptionEdges(t *testing.T) {
	for _, o := range []audit.ReadOptions{{Deck: 3}, {Deck: audit.MaxDeck}, {Deck: 6, Copies: 2}, {Deck: 6, Copies: 1}} {
		assert.NotPanics(t, func() { audit.NewReader(strings.NewReader(""), o) }, "%+v", o)
	}
	for _, o := range []audit.ReadOptions{{Deck: 6, Copies: 3}, {Deck: 6, Copies: -1}} {
		assert.Panics(t, func() { audit.NewReader(strings.NewReader(""), o) }, "%+v", o)
	}
}

// TestReadOneCard: a line may hold one card, of a partial deal: the card
// dealt first.
func TestReadOneCard(t *testing.T) {
	decks, errs := readAll(t, "7\n0\n3", audit.ReadOptions{Deck: 10})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{7}, {0}, {3}}, decks)
	decks, errs = readAll(t, "AS\n10d\n", audit.ReadOptions{Deck: 52})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{39}, {22}}, decks)
}

// TestReadTens: T stands for 10 in every suit and case, and for nothing
// else.
func TestReadTens(t *testing.T) {
	decks, errs := readAll(t, "TC tD 10h T♠ JC\n", audit.ReadOptions{Deck: 52})
	assert.Empty(t, errs)
	assert.Equal(t, [][]int{{9, 13 + 9, 26 + 9, 39 + 9, 10}}, decks)
}
