package main

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"testing"
)

// FuzzInput audits arbitrary input through the whole command, as -in -
// reads it, with and without -deck and -copies: it never panics and ends
// with one of its documented statuses, 2 (bad input) with a message.
func FuzzInput(f *testing.F) {
	f.Add([]byte("0 1 2\n2 1 0\n1 0 2\n"), uint16(0), uint8(0))
	f.Add([]byte("AS KD 10H\n"), uint16(52), uint8(0))
	f.Add([]byte("1 1 2 2 3 3\n3 2 1 3 2 1\n\n\n"), uint16(0), uint8(0))
	f.Add([]byte("0 5\n3 1\n"), uint16(12), uint8(2))
	f.Add([]byte("5♠️ 4♥ 00 01\n"), uint16(0), uint8(0))
	f.Add([]byte("0 1 2\n1 2"), uint16(0), uint8(0))
	f.Fuzz(func(t *testing.T, input []byte, deck uint16, copies uint8) {
		args := []string{"-in", "-"}
		if deck > 0 {
			args = append(args, "-deck", strconv.Itoa(int(deck%2048)))
			if copies > 0 {
				args = append(args, "-copies", strconv.Itoa(int(copies%9)))
			}
		}
		var errs bytes.Buffer
		code := run(context.Background(), args, bytes.NewReader(input), io.Discard, &errs, false)
		switch code {
		case 0, 1, 3:
		case 2:
			if errs.Len() == 0 {
				t.Fatalf("exit 2 without a message on %q %v", input, args)
			}
		default:
			t.Fatalf("exit %d on %q %v: %s", code, input, args, errs.String())
		}
	})
}
