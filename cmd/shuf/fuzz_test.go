package main

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/lines"
)

// FuzzArgs feeds the option parser any command line: the arguments are the
// input split at NUL bytes, in the C or a UTF-8 locale, with or without
// POSIXLY_CORRECT. Nothing may panic. A command line refused (by the
// parser, by the rules of which options go together, by the algorithm's
// name, by --shards and --split) gives a one-line message, with GNU's hint
// after a usage error; run prints exactly that, writes nothing to standard
// output and exits with status 1, GNU's status for every one of them (the
// runs are side-effect free: a command line that is accepted is not run,
// except --help and --version, which exit 0 with their text). A command
// line accepted leaves options that hold together.
//
//	go test -run '^$' -fuzz '^FuzzArgs$' -fuzztime 15s ./cmd/shuf
func FuzzArgs(f *testing.F) {
	for _, args := range [][]string{
		{}, {"-e", "a", "b"}, {"-i", "1-10", "-n", "3"}, {"-rn5", "-e", "x"}, {"-zi1-3"},
		{"--head-count=4", "file"}, {"--hea", "2"}, {"--he=1"}, {"--r"}, {"--ra=src"}, {"--random-source", "x", "-r"},
		{"--input-range", "5-4"}, {"-i", "0-18446744073709551615"}, {"-i", "1x-3"}, {"-n", "-1"},
		{"-o", "a", "-o", "b"}, {"--seed", "7", "--crypto"}, {"--seed=1", "--seed=2"}, {"--algo", "naive", "-r"},
		{"--algo", "bogo"}, {"--memory", "64K"}, {"--memory", "10%"}, {"--memory", "9999999999T"},
		{"--header", "3"}, {"--header=x"}, {"--shards", "0"}, {"--shards", "4", "-o", "p"}, {"--shards", "4"},
		{"--split", "80,10,10", "-o", "d"}, {"--split", "50,60"}, {"--split", "100,0,0,0"}, {"--split=,"},
		{"--shards", "2", "--split", "50,50", "-o", "p"}, {"-r", "--shards", "2", "-o", "p"},
		{"--", "-n", "3"}, {"-e", "--", "-x"}, {"-x"}, {"-"}, {"--=x"}, {"---"}, {"--é"}, {"-é"}, {"-n", "a'b"},
		{"-n", "\xff\x01"}, {"--help", "-x"}, {"-x", "--help"}, {"--version"}, {"--v"}, {"-e", "-i", "1-2"},
		{"-i", "1-2", "extra"}, {"--ec", "--in=1-2"}, {"--output"}, {"-n"}, {"-o"}, {"--repeat=yes"},
		{"--progress"}, {"--progress=2s"}, {"--progress=0"}, {"--pro"},
		{"--csv", "-z"}, {"--csv=;", "f"}, {"--csv=ab"}, {"--header-mismatch=drop"}, {"--header", "--header-mismatch=x"},
		{"--allow-binary", "f"}, {"--aligned", "a", "b", "-o", "d"}, {"--aligned", "a", "-"}, {"--aligned", "-e", "x"},
	} {
		f.Add(strings.Join(args, "\x00"), false, false)
	}
	f.Add("-n\x003\x00file", true, false)
	f.Add("-n\x00a’b\x00-e", false, true)
	f.Fuzz(func(t *testing.T, argv string, posix, utf8 bool) {
		var args []string
		if argv != "" {
			args = strings.Split(argv, "\x00")
		}
		if posix {
			t.Setenv("POSIXLY_CORRECT", "1")
		} else {
			os.Unsetenv("POSIXLY_CORRECT")
		}
		locale := "C"
		if utf8 {
			locale = "C.UTF-8"
		}
		t.Setenv("LC_ALL", locale)

		o, err := parseArgs(args)
		if err == nil {
			err = o.check()
		}
		if err != nil {
			code, stdout, stderr := runHere(t, "", args...)
			want := "shuf: " + message(err) + "\n"
			var u usageError
			if errors.As(err, &u) {
				want += "Try 'shuf --help' for more information.\n"
			}
			if code != 1 || stdout != "" || stderr != want {
				t.Fatalf("shuf %q: status %d, stdout %q, stderr %q; want 1, nothing, %q", args, code, stdout, stderr, want)
			}
			// One line, unless it quotes a newline the arguments hold (GNU
			// prints an unknown option as it is).
			if msg := message(err); msg == "" || strings.Contains(msg, "\n") && !strings.Contains(argv, "\n") {
				t.Fatalf("shuf %q: message %q", args, msg)
			}
			return
		}
		if o.help || o.version {
			code, stdout, stderr := runHere(t, "", args...)
			if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "Usage: shuf ") && !strings.HasPrefix(stdout, "shuf (github.com/fairshuffle/shuffle) ") {
				t.Fatalf("shuf %q: status %d, stderr %q, stdout %.40q", args, code, stderr, stdout)
			}
			return
		}
		checkOptions(t, args, o)
		// The checks made later, before any input is read, may refuse it;
		// they must not panic, and they must say why.
		in, opts := o.shuffle(nil, discard{}, nil)
		if err := lines.Check(in, opts...); err != nil && message(err) == "" {
			t.Fatalf("shuf %q: an empty message", args)
		}
	})
}

// checkOptions fails t if options that the parser accepted do not hold
// together.
func checkOptions(t *testing.T, args []string, o *options) {
	t.Helper()
	fail := func(format string, a ...any) { t.Fatalf("shuf %q: "+format, append([]any{args}, a...)...) }
	switch {
	case o.delim != '\n' && o.delim != 0:
		fail("delimiter %q", o.delim)
	case o.echo && o.rangeSet:
		fail("both -e and -i")
	case o.rangeSet && len(o.operands) > 0:
		fail("-i with operands %q", o.operands)
	case o.rangeSet && o.hi < o.lo && o.hi != o.lo-1, o.rangeSet && o.lo == 0 && o.hi == math.MaxUint64:
		fail("range %d-%d", o.lo, o.hi)
	case o.sources() > 1:
		fail("%d random sources", o.sources())
	case !o.countSet && o.count != math.MaxUint64:
		fail("count %d without -n", o.count)
	case o.header < 0 || o.shards < 0 || o.memory < 0:
		fail("header %d, shards %d, memory %d", o.header, o.shards, o.memory)
	case o.algo != "" && o.repeat:
		fail("--algo with -r")
	}
	if o.split != nil {
		sum := 0
		for _, p := range o.split {
			sum += p
		}
		if sum != 100 || len(o.split) < 2 || len(o.split) > 3 {
			fail("split %v", o.split)
		}
	}
	if files := o.files; o.echo || o.rangeSet {
		if files != nil {
			fail("files %q with -e or -i", files)
		}
	} else if !slices.Equal(files, o.operands) {
		fail("files %q, operands %q", files, o.operands)
	}
	if o.countSet {
		for _, a := range args {
			if a == "--" {
				break
			}
			if v, ok := strings.CutPrefix(a, "--head-count="); ok {
				if n, err := parseUint(v); err == nil && n < o.count {
					fail("-n %d, but --head-count=%s was given", o.count, v)
				}
			}
		}
	}
}

type discard struct{}

func (discard) Write(b []byte) (int, error) { return len(b), nil }

// FuzzRandomSource runs small shuffles with any bytes as the
// --random-source, through every way shuf draws: -i, -e, a file, -n (the
// sampler, and the draws past 2³¹ lines), -r, each --algo, -z, --header,
// -o, --shards, --split, and past memory, to standard output and to -o,
// where the draws go on while the output is written. Nothing may panic. Each run either succeeds, with a permutation
// of the lines (-n: so many distinct lines; -r: so many lines, each an
// input line), or fails with status 1 and GNU's message for a source that
// ran out, "end of file", having written no file and, in memory, nothing
// at all; past memory, what reached standard output is distinct lines of
// the input.
//
//	go test -run '^$' -fuzz '^FuzzRandomSource$' -fuzztime 15s ./cmd/shuf
func FuzzRandomSource(f *testing.F) {
	for i := range 16 {
		f.Add(randomBytes(i*97%1000, uint64(i)), uint8(i), uint8(3*i+1)) // each mode
	}
	f.Add([]byte{}, uint8(0), uint8(1))
	f.Add([]byte{}, uint8(1), uint8(2))
	f.Add(make([]byte, 8), uint8(0), uint8(2))
	f.Add(make([]byte, 4096), uint8(5), uint8(40))
	f.Add(randomBytes(41000, 9), uint8(6), uint8(0))  // past memory, enough
	f.Add(randomBytes(30003, 9), uint8(6), uint8(0))  // past memory, out after 64 KiB of output
	f.Add(randomBytes(30003, 9), uint8(13), uint8(0)) // the same, with -o
	f.Add([]byte{}, uint8(8), uint8(3))               // --shards, out at once
	const modes = 14
	dir := f.TempDir()
	algos := algoNames()
	f.Fuzz(func(t *testing.T, src []byte, mode, n uint8) {
		t.Setenv("LC_ALL", "C")
		dir := filepath.Join(dir, "run") // afresh for each input
		tmp := filepath.Join(dir, "tmp")
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(tmp, 0o755); err != nil {
			t.Fatal(err)
		}
		t.Setenv("TMPDIR", tmp)
		srcFile := filepath.Join(dir, "src")
		if err := os.WriteFile(srcFile, src, 0o644); err != nil {
			t.Fatal(err)
		}
		out := filepath.Join(dir, "out")
		lines := int(n%16) + 1
		var in []string
		for i := range lines {
			in = append(in, "line "+strconv.Itoa(i))
		}
		file := filepath.Join(dir, "in")
		text := strings.Join(in, "\n") + "\n"
		k := int(n/16)%lines + 1 // for -n and -r
		kind := "all"            // what a successful run writes: all the lines, k distinct ones, k repeated
		spill := false
		files := []string{} // the files a successful run writes
		var args []string
		switch mode % modes {
		case 0:
			args = []string{"-i", "0-" + strconv.Itoa(lines-1)}
			for i := range in {
				in[i] = strconv.Itoa(i)
			}
		case 1:
			args = append([]string{"-e"}, in...)
		case 2:
			args = []string{file}
		case 3:
			args, kind = []string{"-n", strconv.Itoa(k), file}, "some"
		case 4:
			args, kind = append([]string{"-r", "-n", strconv.Itoa(k), "-e"}, in...), "repeat"
		case 5:
			args = append([]string{"--algo", algos[int(n)%len(algos)], "-e"}, in...)
		case 6, 13: // past memory: 12,000 lines, 3,000 words of labels
			in = in[:0]
			for i := range 12000 {
				in = append(in, "line "+strconv.Itoa(i))
			}
			text = strings.Join(in, "\n") + "\n"
			args, spill = []string{"--memory", "64K", file}, true
			if mode%modes == 13 {
				args, files = []string{"--memory", "64K", "-o", out, file}, []string{out}
			}
		case 7:
			args, files = []string{"-o", out, file}, []string{out}
		case 8:
			args, files = []string{"--shards", "2", "-o", out, file}, []string{out + "-00000-of-00002", out + "-00001-of-00002"}
		case 9:
			args, kind = []string{"-n", strconv.Itoa(k), "-i", "1-18446744073709551615"}, "huge"
		case 10:
			args = append([]string{"-z", "-e"}, in...)
		case 11:
			args = []string{"--header", file}
		case 12:
			args, kind, files = []string{"--split", "50,50", "-n", strconv.Itoa(k), "-o", out, file}, "some", []string{out + ".train", out + ".test"}
		}
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		args = append([]string{"--random-source", srcFile}, args...)
		code, stdout, stderr := runHere(t, "", args...)
		if es, _ := os.ReadDir(tmp); len(es) > 0 {
			t.Fatalf("shuf %.80q: temporary files left", args)
		}
		// Nothing beside the input but the output's files, and those only
		// after a success.
		es, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range es {
			p := filepath.Join(dir, e.Name())
			if p != srcFile && p != file && p != tmp && (code != 0 || !slices.Contains(files, p)) {
				t.Fatalf("shuf %.80q: status %d, and %s was left", args, code, e.Name())
			}
		}
		delim := "\n"
		if mode%modes == 10 {
			delim = "\x00"
		}
		// A biased --algo warns first.
		if w, rest, ok := strings.Cut(stderr, "\n"); ok && strings.HasPrefix(w, "shuf: warning: ") && mode%modes == 5 {
			stderr = rest
		}
		if code != 0 {
			want := "shuf: '" + srcFile + "': end of file\n"
			if code != 1 || stderr != want {
				t.Fatalf("shuf %.80q: status %d, stderr %q; want 1, %q", args, code, stderr, want)
			}
			got := splitLines(stdout, delim)
			if !spill && len(got) > 0 || !distinctOf(got, in) {
				t.Fatalf("shuf %.80q failed after writing %.80q", args, stdout)
			}
			return
		}
		if stderr != "" {
			t.Fatalf("shuf %.80q: status 0, stderr %q", args, stderr)
		}
		written := stdout
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				t.Fatalf("shuf %.80q: %v", args, err)
			}
			written += string(b)
		}
		got := splitLines(written, delim)
		if mode%modes == 11 { // the header first, then the others
			if len(got) == 0 || got[0] != in[0] {
				t.Fatalf("shuf %.80q: the header is not first: %.80q", args, written)
			}
			got, in = got[1:], in[1:]
		}
		switch kind {
		case "all":
			if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(in))) {
				t.Fatalf("shuf %.80q: not a permutation: %.80q", args, written)
			}
		case "some":
			if len(got) != k || !distinctOf(got, in) {
				t.Fatalf("shuf %.80q: not %d distinct lines: %.80q", args, k, written)
			}
		case "repeat":
			if len(got) != k {
				t.Fatalf("shuf %.80q: not %d lines: %.80q", args, k, written)
			}
			for _, l := range got {
				if !slices.Contains(in, l) {
					t.Fatalf("shuf %.80q: %q is no input line", args, l)
				}
			}
		case "huge":
			seen := map[string]bool{}
			for _, l := range got {
				v, err := strconv.ParseUint(l, 10, 64)
				if err != nil || v == 0 || seen[l] {
					t.Fatalf("shuf %.80q: %q", args, written)
				}
				seen[l] = true
			}
			if len(got) != k {
				t.Fatalf("shuf %.80q: %d lines, not %d", args, len(got), k)
			}
		}
	})
}

// splitLines is s cut after each delimiter, the delimiters dropped; s must
// end with one unless empty.
func splitLines(s, delim string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, delim), delim)
}

// distinctOf reports whether the lines are distinct lines of in.
func distinctOf(lines, in []string) bool {
	seen := map[string]bool{}
	for _, l := range lines {
		if seen[l] || !slices.Contains(in, l) {
			return false
		}
		seen[l] = true
	}
	return true
}
