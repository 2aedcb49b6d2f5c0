package audit

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A log holds one shuffled deck or shoe a line, or its first m cards, as
// numbers or card labels separated by spaces, commas or tabs. Without
// ReadOptions.Deck the first line is a whole deck, or a shoe of k copies of
// each of n cards: it gives n, k and how the cards are written. With Deck
// N a line holds the first m of N cards, m from the first line.

// MaxCards is the most distinct cards a log may have, and the most cards a
// line may hold.
//
// The tables grow as their squares, to about 70 MB at 1,024.
const MaxCards = 1 << 10

// MaxDeck is the largest [ReadOptions].Deck.
const MaxDeck = 1 << 20

// maxLine is the longest line read: 4096 cards of 5 bytes, and room.
const maxLine = 1 << 20

// maxPending is the most cards held while it is not known whether the
// numbers of a partial deal count from 0 or from 1.
const maxPending = 1 << 20

// ReadOptions say how a [Reader] reads a log. The zero value reads whole
// decks or shoes of numbers or of the 52 standard cards.
type ReadOptions struct {
	// Name names the log in errors: a file name, "standard input".
	Name string
	// Labels, if not nil, are the cards' labels: Labels[i] is card i.
	Labels []string
	// Deck, if positive, says a line holds the first cards dealt from a
	// deck or shoe of Deck cards; Copies, if positive, that the shoe has
	// Copies copies of each card (numbers only: labels say it).
	Deck, Copies int
	// Hand and Games are checked against the log's shape, as [New] needs.
	Hand  int
	Games []Game
	// MaxDecks, if positive, stops the reading after that many decks.
	MaxDecks int64
	// Strict makes a last line cut short a bad line, not left out.
	Strict bool
	// Base, for numbers, states whether they count from 0 or from 1; the
	// zero value, Inferred, has the first line that shows it say so.
	Base Base
}

// Base is how a log numbers its cards: see [ReadOptions].Base.
type Base int

// The values of [Base].
const (
	// Inferred: whole decks count from their smallest number, 0 or 1;
	// partial deals as the first line that holds card 0 or card N/k
	// shows, which a log may never do.
	Inferred Base = iota
	// FromZero: the cards are 0..n−1.
	FromZero
	// FromOne: the cards are 1..n.
	FromOne
)

// held is a line held back: its number, how many cards it holds, and
// whether it lacks a newline.
type held struct {
	no, n int
	cut   bool
}

// LineError is a bad line of a log: where it is and what is wrong.
type LineError struct {
	Name string // the log's name, from [ReadOptions].Name
	Line int    // from 1
	Err  error
	file bool // a labels file: name:line: err
}

// Error says where the line is, and what is wrong with it.
func (e *LineError) Error() string {
	if e.file {
		return fmt.Sprintf("%s:%d: %v", e.Name, e.Line, e.Err)
	}
	return fmt.Sprintf("%s: line %d: %v", e.Name, e.Line, e.Err)
}

// Unwrap returns e.Err.
func (e *LineError) Unwrap() error { return e.Err }

// OptionError is a [ReadOptions] field that does not fit the log, found on
// its first line; the message names the field as shuffle-audit's flag.
type OptionError struct{ Err error }

// Error says which option does not fit, and why.
func (e *OptionError) Error() string { return e.Err.Error() }

// Unwrap returns e.Err.
func (e *OptionError) Unwrap() error { return e.Err }

// ErrFirstLine ends a log whose first line is bad: that line, reported
// before it as a [*LineError], sets the shape of every line.
var ErrFirstLine = errors.New("the first line sets the shape of every line, and it is bad")

// ErrNoDecks is [Reader.Audit]'s error for a log without a deck.
var ErrNoDecks = errors.New("no decks")

// CutLine is a last line with no newline and fewer cards than the others:
// the log was cut short while it was written.
type CutLine struct{ Line, Cards, Want int }

// Input is what a [Reader] read: the SHA-256 of the lines read, trailing
// blank lines, a last line cut short, and whether MaxDecks stopped it.
type Input struct {
	SHA256  []byte
	Blank   int
	Cut     *CutLine // nil if none
	Limited bool
}

// Reader reads a log of decks, shoes or partial deals, one a line, and
// checks each line.
type Reader struct {
	o       ReadOptions
	labels  map[string]int // o.Labels: label to card
	lr      *lineReader
	d       decoder
	out     []int // decks decoded and not returned, flat, from pos
	pos     int
	bad     []error // bad lines not returned yet
	pending []int   // undecided: the lines so far, as written
	held    []held  // the lines of pending, when a game's rules may set their lengths
	lens    []int   // usedLengths: the length of each line of out, from lpos
	lpos    int
	lineNo  int
	blanks  int
	decks   int64
	err     error // io.EOF at the end, or what ended the reading
	in      Input
}

// NewReader returns a Reader of r. It panics if o is not a set of options
// shuffle-audit's flags allow: Deck outside 3..MaxDeck, Copies without
// Deck or not dividing it, a negative Hand or MaxDecks, an unknown Base.
func NewReader(r io.Reader, o ReadOptions) *Reader {
	switch {
	case o.Deck != 0 && (o.Deck < 3 || o.Deck > MaxDeck):
		panic(fmt.Sprintf("audit: NewReader: Deck = %d, want 0 or 3 to %d", o.Deck, MaxDeck))
	case o.Copies < 0 || o.Copies > 0 && (o.Deck == 0 || o.Deck%o.Copies != 0 || o.Deck/o.Copies < 3):
		panic(fmt.Sprintf("audit: NewReader: Copies = %d with Deck = %d", o.Copies, o.Deck))
	case o.Hand < 0 || o.MaxDecks < 0:
		panic(fmt.Sprintf("audit: NewReader: Hand = %d, MaxDecks = %d", o.Hand, o.MaxDecks))
	case o.Base < Inferred || o.Base > FromOne:
		panic(fmt.Sprintf("audit: NewReader: Base = %d, want Inferred, FromZero or FromOne", o.Base))
	}
	rd := &Reader{o: o, lr: newLineReader(r)}
	if o.Labels != nil {
		rd.labels = make(map[string]int, len(o.Labels))
		for i, l := range o.Labels {
			rd.labels[l] = i
		}
		if err := checkLabels(o.Labels); err != nil {
			rd.err = &OptionError{err}
		}
	}
	return rd
}

// checkLabels says why labels cannot be a deck's, if they cannot.
func checkLabels(labels []string) error {
	seen := map[string]bool{}
	for _, l := range labels {
		switch {
		case l == "" || strings.ContainsAny(l, " ,\t\r\n"):
			return fmt.Errorf("label %q is empty or contains a space, comma, tab or newline", l)
		case seen[l]:
			return fmt.Errorf("label %q comes twice", l)
		}
		seen[l] = true
	}
	if len(labels) < 3 || len(labels) > MaxCards {
		return fmt.Errorf("%d labels, want 3 to %d", len(labels), MaxCards)
	}
	return nil
}

// ReadLabels reads a file of card labels, one a line, blank lines skipped:
// label i (from 0) is card i. Its errors are [*LineError] values.
func ReadLabels(r io.Reader, name string) ([]string, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	at := map[string]int{}
	var labels []string
	for i, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if strings.ContainsAny(l, " ,\t") {
			return nil, &LineError{name, i + 1, fmt.Errorf("label %q contains a space, comma or tab", l), true}
		}
		if j, ok := at[l]; ok {
			return nil, &LineError{name, i + 1, fmt.Errorf("label %q is also on line %d", l, j+1), true}
		}
		at[l] = i
		labels = append(labels, l)
	}
	switch {
	case len(labels) < 3:
		return nil, fmt.Errorf("%s: %d labels, want at least 3", name, len(labels))
	case len(labels) > MaxCards:
		return nil, fmt.Errorf("%s: %d labels, want at most %d", name, len(labels), MaxCards)
	}
	return labels, nil
}

// Next returns the next deck, its cards numbered from 0, valid until the
// next call. A bad line's error is a [*LineError], after which Next goes
// on; at the end it returns [io.EOF], and any other error ends the log.
func (r *Reader) Next() ([]int, error) {
	for {
		switch {
		case len(r.bad) > 0:
			err := r.bad[0]
			if r.bad = r.bad[1:]; len(r.bad) == 0 {
				r.bad = nil
			}
			return nil, err
		case r.pos < len(r.out):
			m := r.d.m
			if r.lpos < len(r.lens) {
				m = r.lens[r.lpos]
				r.lpos++
			}
			deck := r.out[r.pos : r.pos+m]
			r.pos += m
			return deck, nil
		case r.err != nil:
			return nil, r.err
		}
		r.out, r.pos, r.lens, r.lpos = r.out[:0], 0, r.lens[:0], 0
		r.step()
	}
}

// N returns the number of distinct cards, once Next has returned a deck.
func (r *Reader) N() int { return r.d.n }

// Options returns o with the log's shape set: Copies, Dealt and Used, and
// ReadOptions' Hand and Games; valid once Next has returned a deck.
func (r *Reader) Options(o Options) Options {
	o.Copies, o.Dealt, o.Hand, o.Games = r.d.k, r.d.m, r.o.Hand, r.o.Games
	o.Used = r.d.lengths == usedLengths
	return o
}

// Card returns how the log writes card c (from 0): its label, or its
// number; valid once Next has returned a deck.
func (r *Reader) Card(c int) string { return r.d.name(c) }

// Input returns what was read; complete once Next has returned io.EOF.
func (r *Reader) Input() Input { return r.in }

// Audit reads the rest of the log and audits it with o, its shape set as
// [Reader.Options] does. Its error joins the first 20 bad lines' (a
// [*LineError] each) and what ended the log; [ErrNoDecks] if none.
func (r *Reader) Audit(o Options) (*Report, error) {
	var a *Auditor
	var errs []error
	bad := 0
	for {
		deck, err := r.Next()
		var le *LineError
		switch {
		case err == io.EOF:
		case errors.As(err, &le):
			if bad++; bad <= 20 {
				errs = append(errs, err)
			}
			continue
		case err != nil:
			errs = append(errs, err)
		default:
			if a == nil {
				a = New(r.N(), r.Options(o))
			}
			if err := a.Add(deck); err != nil {
				panic("audit: Reader.Audit: a deck the reader checked: " + err.Error())
			}
			continue
		}
		break
	}
	switch {
	case bad > 20:
		errs = append(errs, fmt.Errorf("%s: %d bad lines in all", r.o.Name, bad))
	case len(errs) == 0 && a == nil:
		errs = append(errs, ErrNoDecks)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return a.Report(), nil
}

// badLine queues a bad line's error.
func (r *Reader) badLine(line int, err error) {
	r.bad = append(r.bad, &LineError{Name: r.o.Name, Line: line, Err: err})
}

// step reads a line: it adds a deck to out, a bad line, or ends the log.
func (r *Reader) step() {
	if r.o.MaxDecks > 0 && r.decks >= r.o.MaxDecks {
		r.finish(nil)
		return
	}
	line, nl, err := r.lr.next()
	if err == io.EOF {
		r.finish(nil)
		return
	}
	r.lineNo++
	if err == errLong || err == nil && !blank(line) {
		// The blank lines before this one are inside the log.
		for i := r.blanks; i > 0; i-- {
			r.badLine(r.lineNo-i, errors.New("blank line"))
		}
		r.blanks = 0
	}
	d := &r.d
	switch {
	case err == errLong:
		r.badLine(r.lineNo, err)
		return
	case err != nil:
		r.finish(err)
		return
	case blank(line):
		r.blanks++
		return
	case !nl && d.m > 0 && len(d.split(line)) < d.m:
		f := len(d.split(line))
		if r.o.Strict {
			r.badLine(r.lineNo, fmt.Errorf("%d cards, want %d (the last line, cut short: no newline)", f, d.m))
		} else {
			r.in.Cut = &CutLine{r.lineNo, f, d.m}
		}
		return
	}
	was := d.form
	if d.m == 0 {
		first, err := d.first(line, r)
		if err != nil {
			var oe *OptionError
			if !errors.As(err, &oe) {
				r.badLine(r.lineNo, err)
				err = ErrFirstLine
			}
			r.finish(err)
			return
		}
		was = undecided
		if d.lengths != fixedLength {
			r.pending = append(r.pending, first...)
			r.hold(len(first), nl)
			return
		}
		r.out = append(r.out, first...)
	} else if d.lengths != fixedLength {
		r.stepUsed(line, nl)
		return
	} else {
		r.out = slices.Grow(r.out, d.m)[:d.m]
		if err := d.decode(line, r.out); err != nil {
			r.out = r.out[:0]
			r.badLine(r.lineNo, err)
			return
		}
	}
	r.decks++
	switch {
	case d.form == undecided:
		// Not known yet whether the numbers count from 0: held back.
		r.pending = append(r.pending, r.out...)
		r.out = r.out[:0]
		if len(r.pending) > maxPending {
			r.finish(fmt.Errorf("cannot tell whether the cards count from 0 or from 1: none of the first %d lines holds card 0 or card %d", r.lineNo, d.n))
		}
	case was == undecided && len(r.pending) > 0:
		// This line decides: the lines held back come first.
		if d.form == fromOne {
			for i := range r.pending {
				r.pending[i]--
			}
		}
		r.out = append(r.pending, r.out...)
		r.pending = nil
	}
}

// stepUsed reads a line of a log whose lengths a game's rules may set.
func (r *Reader) stepUsed(line []byte, nl bool) {
	d := &r.d
	if f := len(d.split(line)); f < d.least || f > d.most {
		r.badLine(r.lineNo, fmt.Errorf("%d cards, want %d to %d by the rules of game %s", f, d.least, d.most, d.game.Name))
		return
	}
	at, f := len(r.pending), len(d.fields)
	r.pending = slices.Grow(r.pending, f)[:at+f]
	was := d.form
	if err := d.decode(line, r.pending[at:]); err != nil {
		r.pending = r.pending[:at]
		r.badLine(r.lineNo, err)
		return
	}
	if was == undecided && d.form == fromOne {
		for i := range r.pending[:at] {
			r.pending[i]--
		}
	}
	r.hold(f, nl)
}

// hold holds the line of n cards at the end of pending, and releases what
// it can.
func (r *Reader) hold(n int, nl bool) {
	r.held = append(r.held, held{r.lineNo, n, !nl})
	r.decks++
	r.release()
}

// release passes the lines held on, each checked against the rule of
// lengths, once the numbering and that rule are known.
func (r *Reader) release() {
	d := &r.d
	if d.form == undecided {
		if len(r.pending) > maxPending {
			r.finish(fmt.Errorf("cannot tell whether the cards count from 0 or from 1: none of the first %d lines holds card 0 or card %d", r.lineNo, d.n))
		}
		return
	}
	if d.lengths == maybeUsed {
		r.decideLengths()
		if d.lengths == maybeUsed && len(r.pending) <= maxPending {
			return
		}
	}
	if d.lengths == maybeUsed {
		d.lengths = fixedLength // so many lines of the game's Cards, all used: either reading
	}
	at := 0
	for _, h := range r.held {
		line := r.pending[at : at+h.n]
		at += h.n
		want, err := d.checkLength(line)
		switch {
		case err == nil:
			r.out = append(r.out, line...)
			if d.lengths == usedLengths {
				r.lens = append(r.lens, h.n)
			}
			continue
		case h.cut && h.n < want && !r.o.Strict:
			r.in.Cut = &CutLine{h.no, h.n, want}
		case h.cut && h.n < want:
			r.badLine(h.no, fmt.Errorf("%w (the last line, cut short: no newline)", err))
		default:
			r.badLine(h.no, err)
		}
		r.decks--
	}
	r.pending, r.held = r.pending[:0], r.held[:0]
}

// decideLengths decides, from the lines held, what sets the lengths of a
// log whose first line holds as many cards as its game reads, all used: a
// line of another length says the game's rules do; one of that length
// whose outcome uses fewer, that the first line does.
func (r *Reader) decideLengths() {
	d := &r.d
	at := 0
	for _, h := range r.held {
		line := r.pending[at : at+h.n]
		at += h.n
		least, most := d.game.Uses(line)
		switch {
		case h.n != d.m:
			d.lengths, d.m = usedLengths, d.least
			return
		case least == most && least < h.n:
			d.lengths = fixedLength
			return
		}
	}
}

// finish ends the log with err, or io.EOF when err is nil.
func (r *Reader) finish(err error) {
	if err == nil && r.d.form == undecided && r.decks > 0 {
		err = fmt.Errorf("cannot tell whether the cards count from 0 or from 1: no line holds card 0 or card %d", r.d.n)
	}
	if err == nil && len(r.held) > 0 {
		// Lines held while the rule of lengths was open: if every one
		// holds the game's Cards, all used, both readings agree.
		if r.d.lengths == maybeUsed {
			r.decideLengths()
		}
		if r.d.lengths == maybeUsed {
			r.d.lengths = fixedLength
		}
		r.release()
	}
	r.in.SHA256, r.in.Blank = r.lr.sum(), r.blanks
	r.in.Limited = r.o.MaxDecks > 0 && r.decks == r.o.MaxDecks
	r.pending, r.held = nil, nil
	if err == nil {
		err = io.EOF
	} else {
		r.out, r.pos, r.lens, r.lpos = r.out[:0], 0, r.lens[:0], 0
	}
	r.err = err
}
