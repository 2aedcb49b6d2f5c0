package audit

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// form is how the cards of an input are written.
type form int

const (
	fromZero  form = iota // numbers 0..n−1
	fromOne               // numbers 1..n
	labelled              // card labels
	undecided             // numbers of a partial deal, before a line holds card 0 or card n
)

// lengths is what sets the length of a line.
type lengths int

const (
	fixedLength lengths = iota // the first line
	usedLengths                // the game's rules: a line holds the cards its outcome uses
	maybeUsed                  // either: every line so far holds the game's Cards, all of them used
)

// decoder turns lines into decks of card indices.
type decoder struct {
	n, k, deck, m int // the first m of the deck = n·k cards, k copies of each of n
	form          form
	lengths       lengths
	game          Game           // the one game, if its rules may set the lengths
	least, most   int            // the fewest and the most cards game.Uses allows
	stated        bool           // the form of numbers is -base's
	labels        map[string]int // labelled: label to index
	names         []string       // labelled: index to label
	fields        [][]byte
	cnt           []int32 // copies of each card (by its number as written) on the line being checked
	at            []int32 // the place (from 1) of the last of them
}

// standardLabels are the 52 cards: ranks A, 2–10, J, Q, K of clubs,
// diamonds, hearts and spades, in that order, numbered 0..51 (AC is 0, KS
// is 51). T stands for 10, suits may be the symbols ♣♦♥♠ (with or without
// the emoji variation selector U+FE0F after them, as in 5♠️), and case
// does not matter.
func standardLabels() (map[string]int, []string) {
	m := map[string]int{}
	var names []string
	ranks := []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
	for s, suit := range []string{"C", "D", "H", "S"} {
		symbol := []string{"♣", "♦", "♥", "♠"}[s]
		for r, rank := range ranks {
			i := 13*s + r
			names = append(names, rank+suit)
			rks := []string{rank, strings.ToLower(rank)}
			if rank == "10" {
				rks = append(rks, "T", "t")
			}
			for _, rk := range rks {
				for _, su := range []string{suit, strings.ToLower(suit), symbol, symbol + "\uFE0F"} {
					m[rk+su] = i
				}
			}
		}
	}
	return m, names
}

func separator(c byte) bool { return c == ' ' || c == ',' || c == '\t' }

// split cuts a line into fields at runs of spaces, commas and tabs.
func (d *decoder) split(line []byte) [][]byte {
	f := d.fields[:0]
	start := -1
	for i, c := range line {
		if separator(c) {
			if start >= 0 {
				f = append(f, line[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		f = append(f, line[start:])
	}
	d.fields = f
	return f
}

// blank reports whether a line holds no card.
func blank(line []byte) bool {
	for _, c := range line {
		if !separator(c) {
			return false
		}
	}
	return true
}

// first sets the shape and the form from the first line, which is not
// blank, and returns it decoded. An error is the line's, or an
// *OptionError.
func (d *decoder) first(line []byte, r *Reader) ([]int, error) {
	o := &r.o
	f := d.split(line)
	m := len(f)
	if _, ok := atoi(f[0]); o.Labels != nil || !ok {
		if o.Base != Inferred {
			return nil, &OptionError{errors.New("-base: the cards are labels, not numbers")}
		}
		d.form, d.labels, d.names = labelled, r.labels, o.Labels
		if o.Labels == nil {
			d.labels, d.names = standardLabels()
		}
	}
	switch {
	case d.form == labelled:
		n, deck := len(d.names), o.Deck
		switch {
		case deck == 0 && m%n != 0 && o.Labels == nil:
			return nil, fmt.Errorf("%d cards: labels other than numbers must be the 52 standard cards (such as AS KD 10H 2C), or k copies of each (a shoe of k decks), or those of -labels FILE; -deck N for lines that hold the first cards dealt", m)
		case deck == 0 && m%n != 0:
			return nil, fmt.Errorf("%d cards, want the %d labels of -labels, or k copies of each; -deck N for lines that hold the first cards dealt", m, n)
		case deck == 0:
			deck = m
		case deck%n != 0:
			return nil, &OptionError{fmt.Errorf("-deck %d: not a whole number of decks of the %d cards", deck, n)}
		case o.Copies > 0 && o.Copies != deck/n:
			return nil, &OptionError{fmt.Errorf("-copies %d: a deck of %d cards of %d labels holds %d copies of each", o.Copies, deck, n, deck/n)}
		}
		d.n, d.k, d.deck, d.m = n, deck/n, deck, m
	case o.Deck == 0:
		if err := d.wholeNumbers(f, o.Base); err != nil {
			return nil, err
		}
	default:
		k := max(o.Copies, 1)
		d.n, d.k, d.deck, d.m = o.Deck/k, k, o.Deck, m
		d.form, d.stated = undecided, o.Base != Inferred
		switch o.Base {
		case FromZero:
			d.form = fromZero
		case FromOne:
			d.form = fromOne
		}
		if d.n > MaxCards {
			return nil, &OptionError{fmt.Errorf("-deck %d: %d distinct cards, want at most %d (-copies K for a shoe)", o.Deck, d.n, MaxCards)}
		}
	}
	if g := o.Games; len(g) == 1 && g[0].Uses != nil && o.Deck > 0 && o.Hand == 0 {
		// A log of the cards each outcome uses: decided by the first
		// line if it is shorter than the game reads, else held open
		// (Reader.decideLengths).
		d.game = g[0]
		d.least, d.most = d.game.Uses(nil)
		switch {
		case d.least <= m && m < d.game.Cards:
			d.lengths, d.m = usedLengths, d.least
		case d.game.Cards <= m && m <= d.most:
			d.lengths = maybeUsed
		}
	}
	switch {
	case m > d.deck:
		return nil, fmt.Errorf("%d cards, more than the %d of -deck %d", m, d.deck, d.deck)
	case m > MaxCards:
		return nil, fmt.Errorf("%d cards, want at most %d a line", m, MaxCards)
	}
	if err := d.checkHand(o.Hand); err != nil {
		return nil, &OptionError{err}
	}
	if err := d.checkGames(o.Games); err != nil {
		return nil, &OptionError{err}
	}
	d.cnt, d.at = make([]int32, d.n+1), make([]int32, d.n+1)
	deck := make([]int, m)
	if err := d.decode(line, deck); err != nil {
		return nil, err
	}
	return deck, nil
}

// wholeNumbers sets the shape and form from a first line of numbers that
// is a whole deck or shoe: 0..n−1 or 1..n, each card equally often, as
// base says if it is not Inferred.
func (d *decoder) wholeNumbers(f [][]byte, base Base) error {
	m := len(f)
	vals := make([]int, m)
	lo, hi := -1, -1
	for i, x := range f {
		v, ok := atoi(x)
		switch {
		case !ok:
			return fmt.Errorf("%q (number %d on the line) is not a card number", x, i+1)
		case v > m:
			return fmt.Errorf("card %d (number %d on the line) is more than the %d cards on the line: a first line is a whole deck or shoe, 0..n-1 or 1..n (-deck N for lines that hold the first cards dealt)", v, i+1, m)
		}
		vals[i] = v
		if lo < 0 || v < lo {
			lo = v
		}
		hi = max(hi, v)
	}
	switch {
	case m < 3:
		return fmt.Errorf("%d cards, want at least 3", m)
	case lo > 1:
		return fmt.Errorf("no card 0 or 1: the cards are 0..n-1 or 1..n")
	case base == FromZero && lo != 0:
		return fmt.Errorf("no card 0, and -base 0 says the cards count from 0")
	case base == FromOne && lo != 1:
		return fmt.Errorf("card 0 (number %d on the line), and -base 1 says the cards count from 1", slices.Index(vals, 0)+1)
	}
	cnt := make([]int, hi+1)
	for _, v := range vals {
		cnt[v]++
	}
	for v := lo; v <= hi; v++ {
		if cnt[v] != cnt[lo] {
			return fmt.Errorf("card %d is there %s and card %d %s: every card from %d to %d must be there equally often (a deck, or a shoe of k decks)",
				lo, times(cnt[lo]), v, times(cnt[v]), lo, hi)
		}
	}
	n := hi - lo + 1
	switch {
	case n < 3:
		return fmt.Errorf("%d distinct cards, want at least 3", n)
	case n > MaxCards:
		return fmt.Errorf("%d distinct cards, want at most %d", n, MaxCards)
	}
	d.n, d.k, d.deck, d.m = n, m/n, m, m
	d.form = fromZero
	if lo == 1 {
		d.form = fromOne
	}
	return nil
}

func times(k int) string {
	switch k {
	case 0:
		return "not at all"
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(k) + " times"
}

// checkHand says why -hand k does not fit the shape, if it does not; the
// audit ranks the C(N, k) hands in 63 bits, with every C(c, i) for c ≤ N
// and i ≤ k on the way.
func (d *decoder) checkHand(k int) error {
	if k == 0 {
		return nil
	}
	N := int64(d.deck)
	switch {
	case d.k > 1:
		return fmt.Errorf("-hand %d: the hands of a shoe are not equally likely sets of cards; -hand needs a deck of distinct cards", k)
	case k > d.m:
		return fmt.Errorf("-hand %d: more than the %d cards a line holds", k, d.m)
	case k == d.deck:
		return fmt.Errorf("-hand %d: every hand is the whole deck", k)
	case !new(big.Int).Binomial(N, int64(min(k, d.deck/2))).IsInt64():
		return fmt.Errorf("-hand %d: the hands of %d cards from %d are too many to count", k, k, N)
	}
	return nil
}

// checkGames says why a -game does not fit the shape, if one does not: a
// game reads cards 0..51 and its first Cards cards, and knows its chances
// for some numbers of decks only.
func (d *decoder) checkGames(games []Game) error {
	for _, g := range games {
		switch {
		case d.n != 52:
			return fmt.Errorf("-game %s: needs the 52 cards of a standard deck, not %d", g.Name, d.n)
		case d.m < g.Cards && d.lengths != usedLengths:
			return fmt.Errorf("-game %s: reads %d cards, and a line holds %d", g.Name, g.Cards, d.m)
		}
		if _, err := g.Probs(d.k); err != nil {
			return fmt.Errorf("-game %s: %v", g.Name, err)
		}
	}
	return nil
}

// checkLength says why line, decoded, is not as long as the lengths
// rule says, if it is not; and the fewest cards the rule wants.
func (d *decoder) checkLength(line []int) (want int, err error) {
	if d.lengths == usedLengths {
		want, _ = d.game.Uses(line)
		return want, usedLength(d.game, line)
	}
	if len(line) != d.m {
		return d.m, fmt.Errorf("%d cards, want %d", len(line), d.m)
	}
	return d.m, nil
}

// decode parses a line into deck (len m) and checks it. The cards are
// indices from 0, but on a line of numbers before the form is decided,
// which are left as they are written.
func (d *decoder) decode(line []byte, deck []int) error {
	var err error
	switch {
	case d.form == labelled:
		err = d.parseLabels(line, deck)
	case !parseNumbers(line, deck):
		err = d.numbersError(line)
	}
	if err != nil {
		return err
	}
	return d.check(deck)
}

func (d *decoder) parseLabels(line []byte, deck []int) error {
	f := d.split(line)
	if len(f) != len(deck) {
		return fmt.Errorf("%d cards, want %d", len(f), len(deck))
	}
	for i, x := range f {
		c, ok := d.labels[string(x)]
		if !ok {
			return fmt.Errorf("unknown card %q (number %d on the line)", x, i+1)
		}
		deck[i] = c
	}
	return nil
}

// parseNumbers reads a line of exactly len(deck) numbers of at most 9
// digits into deck, in one pass; it returns false if the line is anything
// else.
func parseNumbers(line []byte, deck []int) bool {
	k := 0
	for i := 0; i < len(line); {
		c := line[i] - '0'
		if c > 9 {
			if !separator(line[i]) {
				return false
			}
			i++
			continue
		}
		if k == len(deck) {
			return false
		}
		v, start := int(c), i
		for i++; i < len(line); i++ {
			c := line[i] - '0'
			if c > 9 {
				break
			}
			v = v*10 + int(c)
		}
		if i-start > 9 || i < len(line) && !separator(line[i]) {
			return false
		}
		deck[k] = v
		k++
	}
	return k == len(deck)
}

// numbersError says what is wrong with a line that parseNumbers refused.
func (d *decoder) numbersError(line []byte) error {
	f := d.split(line)
	if len(f) != d.m {
		return fmt.Errorf("%d cards, want %d", len(f), d.m)
	}
	for i, x := range f {
		if _, ok := atoi(x); !ok {
			return fmt.Errorf("%q (number %d on the line) is not a card number", x, i+1)
		}
	}
	return errors.New("not a line of numbers") // not reached
}

// check checks that every card of deck is in range and there at most k
// times, decides the form of numbers of a partial deal when the line holds
// card 0 or card n, and makes numbers from 1 indices from 0.
func (d *decoder) check(deck []int) error {
	lo, hi := 0, d.n-1
	switch d.form {
	case fromOne:
		lo, hi = 1, d.n
	case undecided:
		hi = d.n
	}
	if d.k == 1 && hi < 64 && d.quick(deck, lo, hi) {
		return nil
	}
	zero, top := 0, 0 // undecided: the places (from 1) of card 0 and of card n
	var err error
	i := 0
	for ; i < len(deck); i++ {
		v := deck[i]
		if v < lo || v > hi {
			if d.form == undecided {
				err = fmt.Errorf("card %d (number %d on the line) is not in 0..%d or 1..%d", v, i+1, d.n-1, d.n)
			} else {
				err = fmt.Errorf("card %d (number %d on the line) is not in %d..%d", v, i+1, lo, hi)
				if d.stated {
					err = fmt.Errorf("%w (-base %d)", err, lo)
				}
			}
			break
		}
		if int(d.cnt[v]) == d.k {
			if d.k == 1 {
				err = fmt.Errorf("card %s is there twice (numbers %d and %d on the line)", d.written(v), d.at[v], i+1)
			} else {
				err = fmt.Errorf("card %s is there more than %d times (number %d on the line is one too many)", d.written(v), d.k, i+1)
			}
			break
		}
		d.cnt[v]++
		d.at[v] = int32(i + 1)
		switch {
		case v == 0:
			zero = i + 1
		case v == d.n:
			top = i + 1
		}
	}
	for _, v := range deck[:i] {
		d.cnt[v] = 0
	}
	if err != nil {
		return err
	}
	if d.form == undecided {
		switch {
		case zero > 0 && top > 0:
			return fmt.Errorf("card 0 (number %d on the line) and card %d (number %d): the cards are 0..%d or 1..%d", zero, d.n, top, d.n-1, d.n)
		case zero > 0:
			d.form = fromZero
		case top > 0:
			d.form = fromOne
		}
	}
	if d.form == fromOne {
		for i := range deck {
			deck[i]--
		}
	}
	return nil
}

// quick is check for a line of distinct cards below 64 that is good,
// with a bit for each card; false if the line is not, for check to say
// why.
func (d *decoder) quick(deck []int, lo, hi int) bool {
	var seen uint64
	for _, v := range deck {
		if v < lo || v > hi || seen&(1<<v) != 0 {
			return false
		}
		seen |= 1 << v
	}
	if d.form == undecided {
		switch zero, top := seen&1 != 0, seen&(1<<d.n) != 0; {
		case zero && top:
			return false
		case zero:
			d.form = fromZero
		case top:
			d.form = fromOne
		}
	}
	if d.form == fromOne {
		for i := range deck {
			deck[i]--
		}
	}
	return true
}

// atoi parses a non-negative decimal number of at most 9 digits.
func atoi(b []byte) (int, bool) {
	if len(b) == 0 || len(b) > 9 {
		return 0, false
	}
	v := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + int(c-'0')
	}
	return v, true
}

// written is how messages name card v as it is written on a line.
func (d *decoder) written(v int) string {
	if d.form == labelled {
		return d.names[v]
	}
	return strconv.Itoa(v)
}

// name is how messages name card index c.
func (d *decoder) name(c int) string {
	switch d.form {
	case labelled:
		return d.names[c]
	case fromOne:
		return strconv.Itoa(c + 1)
	}
	return strconv.Itoa(c)
}

// errLong is the error of a line longer than maxLine.
var errLong = fmt.Errorf("longer than %d bytes", maxLine)

// lineReader reads lines, and hashes the bytes of the lines it has
// returned (in blocks, as it refills its buffer), so that the digest is
// of what was read, also when the reading stops early.
type lineReader struct {
	r        io.Reader
	buf      []byte
	pos, end int // buf[pos:end] is not read yet
	hashed   int // buf[hashed:pos] is read and not hashed yet
	h        hash.Hash
	err      error // from r
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: r, buf: make([]byte, maxLine), h: sha256.New()}
}

// next returns the next line without its newline (and carriage return),
// valid until the next call, and whether it ended with a newline; errLong,
// after skipping it, if it is longer than maxLine; the reader's error
// (io.EOF at the end) when there are no more lines.
func (lr *lineReader) next() (line []byte, nl bool, err error) {
	long := false
	for {
		if i := bytes.IndexByte(lr.buf[lr.pos:lr.end], '\n'); i >= 0 {
			line = lr.buf[lr.pos : lr.pos+i]
			lr.pos += i + 1
			nl = true
		} else if lr.err != nil && (lr.pos < lr.end || long) {
			line = lr.buf[lr.pos:lr.end]
			lr.pos = lr.end
		} else if lr.err != nil {
			return nil, false, lr.err
		} else {
			if lr.pos == 0 && lr.end == len(lr.buf) {
				long, lr.pos = true, lr.end // skip what is buffered
			}
			lr.fill()
			continue
		}
		if long {
			return nil, nl, errLong
		}
		return bytes.TrimSuffix(line, []byte("\r")), nl, nil
	}
}

// fill hashes what has been read, moves what has not to the front of the
// buffer, and reads more.
func (lr *lineReader) fill() {
	lr.h.Write(lr.buf[lr.hashed:lr.pos])
	lr.end = copy(lr.buf, lr.buf[lr.pos:lr.end])
	lr.pos, lr.hashed = 0, 0
	for empty := 0; ; empty++ {
		n, err := lr.r.Read(lr.buf[lr.end:])
		lr.end += n
		switch {
		case err != nil:
			lr.err = err
			return
		case n > 0:
			return
		case empty == 100:
			lr.err = io.ErrNoProgress
			return
		}
	}
}

// sum returns the SHA-256 of the lines returned.
func (lr *lineReader) sum() []byte {
	lr.h.Write(lr.buf[lr.hashed:lr.pos])
	lr.hashed = lr.pos
	return lr.h.Sum(nil)
}

// StandardCards returns the labels of the 52 standard cards as a [Reader]
// numbers them.
//
// Card i is at index i: AC, 2C, …, KC, AD, …, KS.
func StandardCards() []string {
	_, names := standardLabels()
	return names
}
