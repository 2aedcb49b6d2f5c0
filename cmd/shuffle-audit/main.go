// Command shuffle-audit tests whether shuffled decks look uniformly random,
// with the battery of the audit package: where each card lands, which card
// follows which, the order of every pair, fixed points, cycles, rising
// sequences, dependence between consecutive decks, repeated decks, and a
// second level over batches; a family-wise verdict (Holm, α = 0.001).
//
//	shuffle-audit -in decks.txt
//	my-dealer | shuffle-audit -in -
//	shuffle-audit -exec 'python3 deal.py --count 100000' -json
//	shuffle-audit -in deals.txt -deck 52 -hand 5 # the first 5 cards of each deck
//
// A line is a deck (0..n−1, 1..n, or card labels: AS KD 10H 2C, 5♠️, or
// those of -labels), a shoe of k decks, or with -deck N the first cards
// dealt from a deck or shoe of N; [audit.Reader] reads it, and says what a
// bad line is. The reports (text, -json, -html, and the -png and -svg heat
// maps) are those of [github.com/fairshuffle/shuffle/audit/report]. The exit status is 0 when the verdict is
// pass, 1 when it is fail, 3 when it is inconclusive (too few decks for any
// test), 2 for bad input or usage, 130 when interrupted (SIGINT) and 143
// when terminated (SIGTERM); Ctrl-C prints what has been counted.
//
// With neither -in nor -exec, it audits every algorithm of the shuffle
// package at n = 52, 500,000 decks each, one row per algorithm, each from
// PCG seeded by -seed and the algorithm's name; it exits 1 only if an
// algorithm that is uniform by design fails:
//
//	go run ./cmd/shuffle-audit
//	go run ./cmd/shuffle-audit -algo naive -png naive.png
//	go run ./cmd/shuffle-audit -riffle 12
//
// docs/auditing.md has the whole story: formats, shapes, the battery and
// its power.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"text/tabwriter"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/audit/raw"
	"github.com/fairshuffle/shuffle/internal/term"
)

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-signals
		signal.Reset(os.Interrupt, syscall.SIGTERM) // a second signal kills at once
		cause := errInterrupted
		if s == syscall.SIGTERM {
			cause = errTerminated
		}
		cancel(cause)
	}()
	os.Exit(run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, term.IsTerminal(os.Stderr)))
}

// The causes of a run's context ending on a signal.
var (
	errInterrupted = errors.New("interrupted (SIGINT)")
	errTerminated  = errors.New("terminated (SIGTERM)")
)

// stopStatus is the exit status of a run that its context stopped: 143
// (128 + 15) after SIGTERM, 130 (128 + 2) after Ctrl-C or anything else.
func stopStatus(ctx context.Context) int {
	if errors.Is(context.Cause(ctx), errTerminated) {
		return 143
	}
	return 130
}

type config struct {
	// The package's algorithms.
	algos   []shuffle.Algorithm
	n       int
	trials  int
	seed    uint64
	riffle  int
	workers int
	// Decks from outside.
	in       string
	exec     string
	labels   string
	json     bool
	batch    int
	deck     int
	copies   int
	hand     int
	maxDecks int64
	strict   bool
	base     audit.Base   // -base
	games    []audit.Game // -game
	html     string       // -html: the report as one HTML file
	args     []string     // the command line, for the HTML report
	// Raw bits.
	raw, source       string
	seqlen, sequences int
	dieharder         bool
	// Both.
	alpha float64
	png   string
	svg   string
	scale float64
}

// maxTrials keeps an audit of the package's algorithms within a day.
const maxTrials = min(1<<40, math.MaxInt)

// run is the command; it returns the exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, progress bool) int {
	c, err := parse(args, stderr)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, "shuffle-audit:", err)
		return 2
	}
	switch {
	case c.riffle > 0:
		riffleTable(stdout, c.n, c.riffle)
		return 0
	case c.raw != "" || c.source != "":
		return auditRaw(ctx, c, stdin, stdout, stderr, progress)
	case c.in != "" || c.exec != "":
		return auditStream(ctx, c, stdin, stdout, stderr, progress)
	}
	return auditAlgorithms(ctx, c, stdout, stderr, progress)
}

func parse(args []string, stderr io.Writer) (*config, error) {
	fs := flag.NewFlagSet("shuffle-audit", flag.ContinueOnError)
	fs.SetOutput(stderr)
	c := &config{args: args}
	fs.StringVar(&c.in, "in", "", "audit the decks of `FILE`, one a line (- for standard input)")
	fs.StringVar(&c.exec, "exec", "", "run `COMMAND` (with sh -c) and audit the decks it prints")
	fs.StringVar(&c.labels, "labels", "", "card labels, one a line, from `FILE`: label i (from 0) is card i")
	fs.BoolVar(&c.json, "json", false, "with -in or -exec: write the report as JSON to standard output")
	fs.StringVar(&c.html, "html", "", "with -in or -exec: write the report as one self-contained HTML `FILE` (for filing: verdict, input digest, every test, heat map)")
	fs.IntVar(&c.deck, "deck", 0, "a line holds only the first cards dealt (as many as on the first line) of a shuffled deck or shoe of `N` cards: 52·k for the standard labels, a multiple of the -labels, n·K for numbers (-copies K), which count from 0 or from 1 as the first line with card 0 or card n shows")
	base := fs.Int("base", 0, "with numbers: they count from `B`, 0 or 1 (default: from the smallest on a whole deck's first line; with -deck, as the first line with card 0 or card n shows)")
	fs.IntVar(&c.copies, "copies", 0, "with -deck and numbers: the shuffled deck is a shoe of `K` copies of each of its N/K cards (default 1)")
	fs.IntVar(&c.hand, "hand", 0, "also test that every set of `K` cards is as likely as any other to be the first K of a line (a deck of distinct cards; K up to the cards a line holds)")
	game := fs.String("game", "", "also test the outcomes of card games dealt from each line's first cards, comma-separated: "+strings.Join(gameNames(), ", ")+" (the 52 standard cards; with -deck, -game baccarat alone reads lines of the 4 to 6 cards each coup uses, checked against the tableau)")
	fs.Int64Var(&c.maxDecks, "max-decks", 0, "stop after `N` decks, and end the -exec program (default: all)")
	fs.BoolVar(&c.strict, "strict", false, "a last line cut short (no newline and fewer cards than the others) is a bad line, not left out with a warning")
	fs.IntVar(&c.batch, "batch", 0, "decks per batch of the second level (default: the largest power of two from 1024 to 8192 that gives 20 batches)")
	fs.Float64Var(&c.alpha, "alpha", 0.001, "family-wise significance level (Holm's correction over all tests)")
	algo := fs.String("algo", "", "algorithms to audit, comma-separated (default all): "+strings.Join(names(shuffle.Algorithms()), ", "))
	fs.IntVar(&c.n, "n", 52, "cards in the deck, for the package's algorithms")
	fs.IntVar(&c.trials, "trials", 0, "shuffles per algorithm (default: 500,000·52/n, at least 10,000)")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the algorithms' sources")
	fs.StringVar(&c.png, "png", "", "write the position table as a PNG heat map to `FILE`, and the adjacency table to FILE-adjacency.png (FILE-algo.png for each of several algorithms)")
	fs.StringVar(&c.svg, "svg", "", "write the heat maps as SVG to `FILE`")
	fs.Float64Var(&c.scale, "scale", 0.25, "deviation from 1/n drawn at full colour, relative to 1/n")
	fs.IntVar(&c.riffle, "riffle", 0, "print the exact total variation and separation distance of 1 to `N` riffles of n cards, and exit")
	fs.IntVar(&c.workers, "workers", runtime.GOMAXPROCS(0), "algorithms audited at once")
	fs.StringVar(&c.raw, "raw", "", "test the bytes of `FILE` (- for standard input, or with -exec the program's output) as bits, most significant first, with NIST SP 800-22's fifteen tests")
	fs.StringVar(&c.source, "source", "", "test the output of the package's source `NAME`, seeded by -seed: "+strings.Join(raw.Sources, ", "))
	fs.IntVar(&c.seqlen, "seqlen", 1000000, "with -raw or -source: bits a sequence")
	fs.IntVar(&c.sequences, "sequences", 0, "with -raw or -source: sequences to test (default all; with -source 100)")
	fs.BoolVar(&c.dieharder, "dieharder", false, "with -raw or -source: write the bits to standard output as they are, for dieharder -g 200, instead of testing them")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: shuffle-audit -in FILE|- [flags]
       shuffle-audit -exec COMMAND [flags]
       shuffle-audit -raw FILE|- | -source NAME [-seqlen N] [-sequences K] [flags]
       shuffle-audit [-algo NAMES] [-n N] [-trials T] [flags]

Tests whether shuffled decks look uniformly random: decks read from a file
or printed by a command, or shuffled by the algorithms of
github.com/fairshuffle/shuffle. A line is a deck: 0..n-1 or 1..n, or card
labels (AS KD 10H 2C ... or those of -labels); or a shoe of k decks, each
card k times (k from the first line); or, with -deck N, the first cards
dealt from a deck or shoe of N. Trailing blank lines are ignored; a last
line cut short is left out with a warning (-strict: a bad line).
Exit status: 0 pass, 1 fail, 3 inconclusive (too few decks for any test),
2 bad input or usage, 130 interrupted (SIGINT, Ctrl-C), 143 terminated
(SIGTERM). Flags:

`)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if *game != "" {
		for _, name := range strings.Split(*game, ",") {
			g, ok := audit.LookupGame(strings.TrimSpace(name))
			if !ok {
				return nil, fmt.Errorf("-game: no game %q; there are %s", name, strings.Join(gameNames(), ", "))
			}
			c.games = append(c.games, g)
		}
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if c.raw != "" || c.source != "" {
		return c, checkRaw(c, set)
	}
	stream := c.in != "" || c.exec != ""
	switch {
	case set["in"] && c.in == "":
		return nil, errors.New("-in: want a file name, or - for standard input")
	case set["exec"] && c.exec == "":
		return nil, errors.New("-exec: want a command")
	case c.in != "" && c.exec != "":
		return nil, errors.New("-in and -exec: choose one")
	case !(c.alpha > 0 && c.alpha < 1):
		return nil, fmt.Errorf("-alpha %g: want a level between 0 and 1", c.alpha)
	case !(c.scale > 0) || math.IsInf(c.scale, 0):
		return nil, fmt.Errorf("-scale %g: want a positive number", c.scale)
	case c.batch < 0:
		return nil, fmt.Errorf("-batch %d is negative", c.batch)
	case set["deck"] && (c.deck < 3 || c.deck > audit.MaxDeck):
		return nil, fmt.Errorf("-deck %d: want 3 to %d cards", c.deck, audit.MaxDeck)
	case set["copies"] && !set["deck"]:
		return nil, errors.New("-copies needs -deck (without it, the first line gives the copies)")
	case set["copies"] && c.copies < 1:
		return nil, fmt.Errorf("-copies %d: want at least 1", c.copies)
	case set["copies"] && c.deck%c.copies != 0:
		return nil, fmt.Errorf("-deck %d is not %d copies of a deck (-copies %d)", c.deck, c.copies, c.copies)
	case set["copies"] && c.deck/c.copies < 3:
		return nil, fmt.Errorf("-deck %d with -copies %d: %d distinct cards, want at least 3", c.deck, c.copies, c.deck/c.copies)
	case set["hand"] && c.hand < 1:
		return nil, fmt.Errorf("-hand %d: want at least 1 card", c.hand)
	case c.hand > 0 && c.copies > 1:
		return nil, fmt.Errorf("-hand %d with -copies %d: the hands of a shoe are not equally likely sets of cards; -hand needs a deck of distinct cards", c.hand, c.copies)
	case c.hand > 0 && set["deck"] && c.hand >= c.deck:
		return nil, fmt.Errorf("-hand %d: want fewer than the %d cards of -deck", c.hand, c.deck)
	case set["max-decks"] && c.maxDecks < 1:
		return nil, fmt.Errorf("-max-decks %d: want at least 1", c.maxDecks)
	case set["base"] && *base != 0 && *base != 1:
		return nil, fmt.Errorf("-base %d: want 0 or 1", *base)
	case set["base"]:
		c.base = audit.FromZero + audit.Base(*base)
	}
	if stream {
		for _, f := range []string{"algo", "n", "trials", "seed", "riffle", "workers", "seqlen", "sequences", "dieharder"} {
			if set[f] {
				return nil, fmt.Errorf("-%s applies to the package's algorithms or raw bits, not to -in or -exec (the first deck gives n)", f)
			}
		}
		return c, nil
	}
	for _, f := range []string{"labels", "json", "batch", "deck", "copies", "hand", "max-decks", "strict", "html", "game", "base", "seqlen", "sequences", "dieharder"} {
		if set[f] {
			return nil, fmt.Errorf("-%s needs -in or -exec", f)
		}
	}
	switch {
	case c.n < 3 || c.n > 1<<12:
		return nil, fmt.Errorf("-n %d: want 3 to 4096 cards", c.n)
	case c.trials < 0 || c.trials > maxTrials:
		return nil, fmt.Errorf("-trials %d: want 0 (the default) to %d", c.trials, maxTrials)
	case c.riffle > 1000:
		return nil, fmt.Errorf("-riffle %d: want at most 1000", c.riffle)
	case c.riffle < 0:
		return nil, fmt.Errorf("-riffle %d is negative", c.riffle)
	case c.workers < 1:
		return nil, fmt.Errorf("-workers %d: want at least 1", c.workers)
	}
	if c.trials == 0 {
		c.trials = max(26_000_000/c.n, 10000)
	}
	if *algo == "" {
		c.algos = shuffle.Algorithms()
	} else {
		for _, name := range strings.Split(*algo, ",") {
			a, ok := shuffle.Lookup(strings.TrimSpace(name))
			if !ok {
				return nil, fmt.Errorf("-algo: no algorithm %q; there are %s", name, strings.Join(names(shuffle.Algorithms()), ", "))
			}
			c.algos = append(c.algos, a)
		}
	}
	return c, nil
}

func gameNames() []string {
	var s []string
	for _, g := range audit.Games() {
		s = append(s, g.Name)
	}
	return s
}

func names(as []shuffle.Algorithm) []string {
	var s []string
	for _, a := range as {
		s = append(s, a.Name)
	}
	return s
}

// streamOf is the PCG stream of algorithm name: a hash of the name, so
// adding an algorithm to the registry changes no other row.
func streamOf(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// riffleTable prints the exact distance from uniform after k riffles of n
// cards, for k = 1..rounds (Bayer and Diaconis 1992).
func riffleTable(w io.Writer, n, rounds int) {
	fmt.Fprintf(w, "Riffle shuffles of %d cards (Gilbert–Shannon–Reeds), exact (Bayer and Diaconis 1992):\n\n", n)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "riffles\ttotal variation\tseparation\t")
	for k := 1; k <= rounds; k++ {
		fmt.Fprintf(tw, "%d\t%.4f\t%.4f\t\n", k, shuffle.RiffleDistance(n, k), shuffle.RiffleSeparation(n, k))
	}
	tw.Flush()
	fmt.Fprintln(w, "\nTotal variation: the largest difference, over all sets of orders, between the chance of the set after k riffles and under a uniform shuffle.")
	fmt.Fprintln(w, "Separation: 1 minus the smallest ratio of an order's chance to 1/n!.")
}
