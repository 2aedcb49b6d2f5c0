package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// A deck line is a permutation of 0..n−1 or of 1..n as numbers, or n card
// labels, separated by spaces, commas or tabs; n and the form come from the
// first line.

// form is how the decks of an input are written.
type form int

const (
	fromZero form = iota // numbers 0..n−1
	fromOne              // numbers 1..n
	labelled             // card labels
)

// maxErrors is how many bad lines are reported one by one.
const maxErrors = 20

// maxLine is the longest line read: 4096 cards of 5 bytes, and room.
const maxLine = 1 << 20

// decoder turns lines into decks of card indices.
type decoder struct {
	n      int
	form   form
	labels map[string]int // labelled: label to index
	names  []string       // labelled: index to label
	fields [][]byte
	seen   []int // seen[c]: 1 + the number on the line of card c, this line
}

// standardLabels are the 52 cards: ranks A, 2–10, J, Q, K of clubs,
// diamonds, hearts and spades, in that order, numbered 0..51 (AC is 0, KS
// is 51). T stands for 10, suits may be the symbols ♣♦♥♠, and case does
// not matter.
func standardLabels() (map[string]int, []string) {
	m := map[string]int{}
	var names []string
	ranks := []string{"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}
	for s, suit := range []string{"C", "D", "H", "S"} {
		symbol := []string{"♣", "♦", "♥", "♠"}[s]
		for r, rank := range ranks {
			i := 13*s + r
			names = append(names, rank+suit)
			for _, rk := range []string{rank, strings.ToLower(rank)} {
				m[rk+suit], m[rk+strings.ToLower(suit)], m[rk+symbol] = i, i, i
				if rank == "10" {
					m["T"+suit], m["t"+suit], m["T"+symbol], m["t"+strings.ToLower(suit)], m["T"+strings.ToLower(suit)], m["t"+suit] = i, i, i, i, i, i
				}
			}
		}
	}
	return m, names
}

// readLabels reads a -labels file: one label a line (blank lines skipped);
// label i (from 0) is card i.
func readLabels(path string) (map[string]int, []string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	m := map[string]int{}
	var names []string
	for i, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if strings.ContainsAny(l, " ,\t") {
			return nil, nil, fmt.Errorf("%s:%d: label %q contains a space, comma or tab", path, i+1, l)
		}
		if j, ok := m[l]; ok {
			return nil, nil, fmt.Errorf("%s:%d: label %q is also on line %d", path, i+1, l, j+1)
		}
		m[l] = len(names)
		names = append(names, l)
	}
	if len(names) < 3 {
		return nil, nil, fmt.Errorf("%s: %d labels, want at least 3", path, len(names))
	}
	return m, names, nil
}

// split cuts a line into fields at runs of spaces, commas and tabs.
func (d *decoder) split(line []byte) [][]byte {
	f := d.fields[:0]
	start := -1
	for i, c := range line {
		if c == ' ' || c == ',' || c == '\t' {
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

// first sets n and the form from the first line. labels, if not nil, are
// the -labels file's.
func (d *decoder) first(line []byte, labels map[string]int, names []string) error {
	f := d.split(line)
	if len(f) == 0 {
		return errors.New("empty line")
	}
	d.n = len(f)
	if labels != nil {
		d.form, d.labels, d.names = labelled, labels, names
		if d.n != len(names) {
			return fmt.Errorf("%d cards, want the %d labels of -labels", d.n, len(names))
		}
		return nil
	}
	if _, err := strconv.Atoi(string(f[0])); err != nil {
		d.form = labelled
		d.labels, d.names = standardLabels()
		if d.n != 52 {
			return fmt.Errorf("%d cards: labels other than numbers must be the 52 standard cards (such as AS KD 10H 2C) or those of -labels FILE", d.n)
		}
		return nil
	}
	d.form = fromOne
	for _, x := range f {
		if len(x) == 1 && x[0] == '0' {
			d.form = fromZero
		}
	}
	if d.n < 3 {
		return fmt.Errorf("%d cards, want at least 3", d.n)
	}
	return nil
}

// decode parses a line into deck (len n) and checks that it is a
// permutation.
func (d *decoder) decode(line []byte, deck []int) error {
	if err := d.parse(line, deck); err != nil {
		return err
	}
	if d.seen == nil {
		d.seen = make([]int, d.n)
	}
	defer clear(d.seen)
	for i, c := range deck {
		if j := d.seen[c]; j > 0 {
			return fmt.Errorf("card %s is there twice (numbers %d and %d on the line)", d.name(c), j, i+1)
		}
		d.seen[c] = i + 1
	}
	return nil
}

func (d *decoder) parse(line []byte, deck []int) error {
	f := d.split(line)
	if len(f) != d.n {
		return fmt.Errorf("%d cards, want %d", len(f), d.n)
	}
	if d.form == labelled {
		for i, x := range f {
			c, ok := d.labels[string(x)]
			if !ok {
				return fmt.Errorf("unknown card %q (number %d on the line)", x, i+1)
			}
			deck[i] = c
		}
		return nil
	}
	lo := 0
	if d.form == fromOne {
		lo = 1
	}
	for i, x := range f {
		v, ok := atoi(x)
		if !ok {
			return fmt.Errorf("%q (number %d on the line) is not a card number", x, i+1)
		}
		if v < lo || v >= d.n+lo {
			return fmt.Errorf("card %d (number %d on the line) is not in %d..%d", v, i+1, lo, d.n+lo-1)
		}
		deck[i] = v - lo
	}
	return nil
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

// name is how messages name card c.
func (d *decoder) name(c int) string {
	switch d.form {
	case labelled:
		return d.names[c]
	case fromOne:
		return strconv.Itoa(c + 1)
	}
	return strconv.Itoa(c)
}

// chunk is a run of decoded decks, flat, with the line number of the
// first; or the input's end (done), with its error and digest.
type chunk struct {
	n     int // cards per deck
	decks []int
	line  int
	bad   []badLine // lines that could not be decoded, in order
	done  bool
	err   error // reading failed
	sum   []byte
	dec   *decoder
}

type badLine struct {
	line int
	why  string
}

// chunkDecks is the number of decks sent at once.
const chunkDecks = 2048

// readDecks decodes r on its own goroutine and sends the decks in chunks,
// then a final chunk with done set. It stops early if stop is closed.
func readDecks(r io.Reader, labels map[string]int, names []string, out chan<- chunk, stop <-chan struct{}) {
	h := sha256.New()
	br := bufio.NewReaderSize(io.TeeReader(r, h), maxLine)
	d := &decoder{}
	send := func(c chunk) bool {
		select {
		case out <- c:
			return true
		case <-stop:
			return false
		}
	}
	var cur chunk
	lineNo := 0
	var deck []int
	for {
		line, err := readLine(br)
		if err == io.EOF {
			break
		}
		lineNo++
		if err != nil {
			if errors.Is(err, bufio.ErrBufferFull) {
				cur.bad = append(cur.bad, badLine{lineNo, fmt.Sprintf("longer than %d bytes", maxLine)})
				if skipLine(br) != nil {
					break
				}
				continue
			}
			cur.err = err
			break
		}
		if d.n == 0 {
			if err := d.first(line, labels, names); err != nil {
				cur.bad = append(cur.bad, badLine{lineNo, err.Error()})
				cur.done, cur.err, cur.dec = true, errors.New("cannot tell the deck size from the first line"), d
				send(cur)
				return
			}
			deck = make([]int, d.n)
		}
		if err := d.decode(line, deck); err != nil {
			cur.bad = append(cur.bad, badLine{lineNo, err.Error()})
			continue
		}
		if len(cur.decks) == 0 {
			cur.line, cur.n = lineNo, d.n
		}
		cur.decks = append(cur.decks, deck...)
		if len(cur.decks) >= chunkDecks*d.n {
			if !send(cur) {
				return
			}
			cur = chunk{decks: make([]int, 0, chunkDecks*d.n)}
		}
	}
	cur.done, cur.sum, cur.dec = true, h.Sum(nil), d
	send(cur)
}

// readLine returns the next line without its newline (and carriage
// return), valid until the next call; bufio.ErrBufferFull if it is longer
// than the reader's buffer.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	switch {
	case err == io.EOF && len(line) > 0:
		err = nil
	case err != nil:
		return nil, err
	}
	return trimEOL(line), nil
}

func skipLine(br *bufio.Reader) error {
	for {
		_, err := br.ReadSlice('\n')
		if err != bufio.ErrBufferFull {
			if err == io.EOF {
				return nil
			}
			return err
		}
	}
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}
