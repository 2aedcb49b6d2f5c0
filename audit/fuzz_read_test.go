package audit_test

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/fairshuffle/shuffle/audit"
)

// FuzzReader reads arbitrary logs, with and without Deck and Copies: it
// never panics, every error is a *LineError naming a line read, an
// *OptionError, ErrFirstLine after the first line's error, or what ended
// the log; and every deck it returns is one the auditor takes.
func FuzzReader(f *testing.F) {
	f.Add([]byte("0 1 2\n2 1 0\n1 0 2\n"), uint16(0), uint8(0))
	f.Add([]byte("AS KD 10H\n"), uint16(52), uint8(0))
	f.Add([]byte("1 1 2 2 3 3\n3 2 1 3 2 1\n\n\n"), uint16(0), uint8(0))
	f.Add([]byte("0 5\n3 1\n"), uint16(12), uint8(2))
	f.Add([]byte("5♠️ 4♥ 00 01\n"), uint16(0), uint8(0))
	f.Add([]byte("0 1 2\n1 2"), uint16(0), uint8(0))
	f.Fuzz(func(t *testing.T, log []byte, deck uint16, copies uint8) {
		o := audit.ReadOptions{Name: "log"}
		if d := int(deck % 2048); d >= 3 {
			o.Deck = d
			if c := int(copies % 9); c > 0 && d%c == 0 && d/c >= 3 {
				o.Copies = c
			}
		}
		r := audit.NewReader(bytes.NewReader(log), o)
		var a *audit.Auditor
		lines := bytes.Count(log, []byte("\n")) + 1
		firstBad := false
		for {
			d, err := r.Next()
			var le *audit.LineError
			var oe *audit.OptionError
			switch {
			case err == io.EOF:
				return
			case errors.As(err, &le):
				if le.Name != "log" || le.Line < 1 || le.Line > lines {
					t.Fatalf("line error %v: not a line of the %d", err, lines)
				}
				firstBad = a == nil
				continue
			case errors.Is(err, audit.ErrFirstLine):
				if !firstBad {
					t.Fatalf("ErrFirstLine without the first line's error")
				}
				return
			case errors.As(err, &oe), err != nil:
				return
			}
			if a == nil {
				a = audit.New(r.N(), r.Options(audit.Options{}))
			}
			if err := a.Add(d); err != nil {
				t.Fatalf("deck %v from %q: %v", d, log, err)
			}
		}
	})
}
