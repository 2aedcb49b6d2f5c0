package lines

import (
	"bytes"
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle"
)

// runArgs runs Shuffle with the options that args give in shuf's syntax
// (those these tests use: --seed, -o, -n, --memory SIZE in K, -r, -z,
// --header, --csv, --algo, --random-source, -i, FILE), and returns what
// cmd/shuf would: its status, standard output and standard error.
func runArgs(t testing.TB, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var opts []Option
	var files []string
	var in *Input
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string {
			i++
			return args[i]
		}
		num := func(s string) uint64 {
			n, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("runArgs: %q", s)
			}
			return n
		}
		switch a {
		case "--seed":
			opts = append(opts, Seed(num(next())))
		case "-o":
			opts = append(opts, Output(next()))
		case "-n":
			opts = append(opts, Count(num(next())))
		case "--memory":
			opts = append(opts, Memory(int64(num(strings.TrimSuffix(next(), "K")))<<10))
		case "-r":
			opts = append(opts, Repeat())
		case "-z":
			opts = append(opts, Delim(0))
		case "--header":
			opts = append(opts, Header(1))
		case "--csv":
			opts = append(opts, CSV(','))
		case "--algo":
			alg, ok := shuffle.Lookup(next())
			if !ok {
				t.Fatalf("runArgs: --algo %s", args[i])
			}
			opts = append(opts, Algorithm(alg))
		case "--random-source":
			opts = append(opts, RandomFile(next()))
		case "-i":
			lo, hi, _ := strings.Cut(next(), "-")
			r := Range(num(lo), num(hi))
			in = &r
		default:
			if strings.HasPrefix(a, "-") && a != "-" {
				t.Fatalf("runArgs: %s", a)
			}
			files = append(files, a)
		}
	}
	if in == nil {
		f := Files(files...)
		in = &f
	}
	var out, errb bytes.Buffer
	opts = append(opts, Stdin(strings.NewReader(stdin)), Warnings(&errb))
	if err := Shuffle(context.Background(), &out, *in, opts...); err != nil {
		errb.WriteString("shuf: " + err.Error() + "\n")
		return 1, out.String(), errb.String()
	}
	return 0, out.String(), errb.String()
}

// ok is what runArgs writes to standard output, for a run that must succeed.
func ok(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, stdout, stderr := runArgs(t, stdin, args...)
	if code != 0 {
		t.Fatalf("shuf %q: status %d: %s", args, code, stderr)
	}
	return stdout
}
