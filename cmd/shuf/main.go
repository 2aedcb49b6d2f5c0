package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/internal/term"
	"github.com/fairshuffle/shuffle/lines"
)

func main() {
	roomyStart()
	// Started with SIGPIPE ignored, GNU shuf gets a write error when its
	// reader goes away, says so and exits with status 1; so must this one.
	// Go's runtime caught SIGPIPE at start: ignore it again.
	if sigpipeInherited() {
		signal.Ignore(syscall.SIGPIPE)
	}
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `Usage: shuf [OPTION]... [FILE]
  or:  shuf -e [OPTION]... [ARG]...
  or:  shuf -i LO-HI [OPTION]...
Write a random permutation of the input lines to standard output.

With no FILE, or when FILE is -, read standard input. Several FILEs are
shuffled together.

Mandatory arguments to long options are mandatory for short options too.
  -e, --echo                treat each ARG as an input line
  -i, --input-range=LO-HI   treat each number LO through HI as an input line
  -n, --head-count=COUNT    output at most COUNT lines
  -o, --output=FILE         write result to FILE instead of standard output
      --random-source=FILE  get random bytes from FILE
  -r, --repeat              output lines can be repeated
  -z, --zero-terminated     line delimiter is NUL, not newline
      --seed=N              a reproducible shuffle: the same N and the same
                              lines give the same output on every machine,
                              whatever --memory, in this and later releases
      --crypto              draw from the operating system's secure generator
      --algo=NAME           shuffle with another algorithm of the shuffle
                              package (default fisher-yates); a biased one
                              warns on standard error
      --memory=SIZE         shuffle inputs larger than SIZE through temporary
                              files in $TMPDIR (default a quarter of RAM
                              or of the cgroup's limit, at most a third of
                              what ulimit -v leaves); SIZE as for sort -S:
                              64M, 2G, 10%
      --header[=N]          write the first N lines (default 1) first,
                              unshuffled; -n counts the lines after them
      --shards=N            write N files PREFIX-00000-of-0000N, PREFIX
                              given by -o, each a random part
      --split=A,B[,C]       write PREFIX.train, [PREFIX.val,] PREFIX.test
                              with A, B, C percent of the lines
      --buckets=B           shuffle as shuffle-beam --buckets B does, with
                              --seed N as its --seed N: the same order
      --progress[=SECS]     write progress lines to standard error for logs,
                              every SECS seconds (default 5) and as each
                              phase ends
      --header-mismatch=drop  drop the header's lines from every later FILE
                              even where they differ (by default an error)
      --csv[=C]             shuffle CSV records (RFC 4180: a quoted field may
                              hold line breaks), fields separated by C (,)
      --allow-binary        shuffle input that looks binary, as bytes
      --aligned             shuffle each FILE to DIR/FILE, given by -o DIR,
                              all by the same permutation; their line counts
                              must be equal
      --help        display this help and exit
      --version     output version information and exit

Without -r and -n, every order of the lines is equally likely, whatever the
input's size; -n COUNT keeps only COUNT lines in memory. Input compressed
with gzip or zstd is read as the text it holds, and -o NAME.gz or NAME.zst
(and the files of --shards and --split) are written compressed; input that
looks binary is refused.
Algorithms for --algo: {algos}.
Documentation: <https://pkg.go.dev/github.com/fairshuffle/shuffle/cmd/shuf>
`

// run is the whole command; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	o, err := parseArgs(args)
	if err == nil {
		err = o.check()
	}
	if err != nil {
		complain(stderr, err)
		return 1
	}
	if o.help || o.version {
		text := strings.Replace(usage, "{algos}", strings.Join(algoNames(), ", "), 1)
		if o.version {
			text = fmt.Sprintf("shuf (github.com/fairshuffle/shuffle) %s\n", version())
		}
		if _, err := io.WriteString(stdout, text); err != nil {
			complain(stderr, &lines.WriteError{Err: err})
			return 1
		}
		return 0
	}
	var alg *shuffle.Algorithm
	if o.algo != "" {
		a, ok := shuffle.Lookup(o.algo)
		if !ok {
			complain(stderr, usageError{fmt.Sprintf("unknown algorithm %s; one of: %s", quote(o.algo), strings.Join(algoNames(), ", "))})
			return 1
		}
		alg = &a
	}

	// A long run shows its progress on standard error: as lines for a
	// log with --progress, else on one line if that is a terminal
	// (term.IsTerminal asks the driver, so /dev/null is not one) and
	// not the one the lines go to, which the line would run into.
	var prog *progress
	if o.progress > 0 {
		prog = startProgress(stderr, o.progress, o.progress, true)
		defer prog.end()
	} else if f, ok := stderr.(*os.File); ok && term.IsTerminal(f) && !o.toTerminal(stdout, f) {
		prog = startProgress(stderr, progressDelay, progressEvery, false)
		defer prog.end()
	}
	// The temporary files go on every way out: return, error, the signals
	// that stop a command, and a reader that goes away (SIGPIPE, which
	// GNU shuf dies of silently; so does this one, with the same status,
	// after removing them): a signal cancels the run, whose Shuffle
	// removes them and returns at once. A signal the parent made us
	// ignore, as nohup does, stays ignored: with SIGPIPE ignored (see
	// main), a reader that goes away is a write error, "Broken pipe", and
	// status 1, as with GNU.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var caught atomic.Int32
	stop := make(chan os.Signal, 1)
	for _, sig := range []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE} {
		if !signal.Ignored(sig) {
			signal.Notify(stop, sig)
		}
	}
	defer func() {
		signal.Stop(stop) // no signal comes after it returns
		close(stop)       // so the goroutine below ends
	}()
	go func() {
		sig, ok := <-stop
		if !ok {
			return
		}
		code := int32(130)
		if s, ok := sig.(syscall.Signal); ok {
			code = 128 + int32(s)
		}
		caught.Store(code)
		cancel()
	}()

	mem := o.memory
	if mem == 0 {
		var limited bool
		if mem, limited = lines.DefaultMemory(); !limited {
			mem = 0
		}
	}
	if mem > 0 {
		// Keep the collector to the budget, so that --memory (or, under
		// an address-space limit, its default) bounds the process and not
		// only what the shuffle holds: past what --memory counts, the
		// process holds its buffers (the output's 1 MiB, the spill files'
		// 8 MiB, the reader's 1 MiB) and the runtime.
		debug.SetMemoryLimit(mem + 24<<20)
	}
	in, opts := o.shuffle(stdin, stderr, alg)
	if prog != nil {
		opts = append(opts, lines.Progress(prog.phase))
	}
	err = lines.Shuffle(ctx, stdout, in, opts...)
	prog.end() // before any message
	if code := caught.Load(); code != 0 {
		return int(code)
	}
	if errors.Is(err, syscall.EPIPE) && !signal.Ignored(syscall.SIGPIPE) {
		return 128 + int(syscall.SIGPIPE) // the signal's handler exits so too
	}
	if err != nil {
		complain(stderr, err)
		return 1
	}
	return 0
}

// toTerminal reports whether the lines go to stdout and stdout is, or
// may be, the terminal tty.
func (o *options) toTerminal(stdout io.Writer, tty *os.File) bool {
	f, ok := stdout.(*os.File)
	return !o.outputSet && ok && term.SameTerminal(f, tty)
}

// check applies GNU's rules on which options and operands go together;
// the lines package checks the rest as the run starts.
func (o *options) check() error {
	if o.help || o.version {
		return nil
	}
	switch {
	case o.echo && o.rangeSet:
		return usageError{"cannot combine -e and -i options"}
	case o.rangeSet && len(o.operands) > 0:
		return usageError{"extra operand " + quote(o.operands[0])}
	case o.sources() > 1:
		return fatalError{"multiple random sources specified"}
	case o.algo != "" && o.repeat:
		return usageError{"--algo has no effect with -r: each line is drawn independently"}
	case o.data.mismatchSet && o.header == 0:
		return fatalError{"--header-mismatch needs --header"}
	}
	return nil
}

func algoNames() []string {
	var names []string
	for _, a := range shuffle.Algorithms() {
		names = append(names, a.Name)
	}
	return names
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
