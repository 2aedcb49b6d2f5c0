// Command genlines writes test input for shuf's benchmarks: lines of
// random printable text, of lengths uniform in [-min, -max] bytes (the
// newline included), until -size bytes, from a fixed -seed. With -nonl the
// last line has no newline (the file is one byte shorter).
//
//	go run ./cmd/shuf/testdata/genlines -size 1G > /tmp/1g.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
)

func main() {
	size := flag.String("size", "1G", "bytes to write: a number, or with K, M or G (powers of 1024)")
	lo := flag.Int("min", 50, "shortest line, newline included")
	hi := flag.Int("max", 150, "longest line, newline included")
	seed := flag.Uint64("seed", 1, "seed of the text")
	nonl := flag.Bool("nonl", false, "leave out the last line's newline")
	flag.Parse()
	n, err := parseSize(*size)
	if err != nil || *lo < 1 || *hi < *lo {
		fmt.Fprintln(os.Stderr, "genlines: bad -size, -min or -max")
		os.Exit(2)
	}
	r := rand.New(rand.NewPCG(*seed, 0))
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.;:-_"
	line := make([]byte, 0, *hi)
	for n > 0 {
		k := int64(*lo + r.IntN(*hi-*lo+1))
		if k > n {
			k = n
		}
		line = line[:0]
		for range k - 1 {
			line = append(line, alphabet[r.IntN(len(alphabet))])
		}
		n -= k
		if n > 0 || !*nonl {
			line = append(line, '\n')
		}
		w.Write(line)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, "genlines:", err)
		os.Exit(1)
	}
}

func parseSize(s string) (int64, error) {
	mul := int64(1)
	switch {
	case strings.HasSuffix(s, "K"):
		mul, s = 1<<10, s[:len(s)-1]
	case strings.HasSuffix(s, "M"):
		mul, s = 1<<20, s[:len(s)-1]
	case strings.HasSuffix(s, "G"):
		mul, s = 1<<30, s[:len(s)-1]
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v * mul, err
}
