// Command fairdeal deals and verifies provably fair rounds of cards: the
// commit–reveal protocol of package github.com/fairshuffle/shuffle/fair,
// which docs/fair-deal.md states byte for byte.
//
//	fairdeal commit -secret FILE
//	fairdeal deal -secret FILE -client SEED [-client SEED]... -nonce N [-n CARDS | -decks K] [-reveal]
//	fairdeal verify [-commitment HEX] [TRANSCRIPT]
//
// commit makes a server seed, writes it in hex to FILE (created with mode
// 0600; an existing file is never overwritten) and prints the commitment
// as a transcript: publish it before taking the players' seeds. deal deals
// a round from the seed in FILE, the client seeds in the order given, the
// nonce (the number of earlier rounds of the same client seeds under the
// seed: 0, 1, 2, …, as docs/fair-deal.md requires and players check) and n
// cards (52 by default, or 52·K for K decks), and prints its transcript;
// -reveal adds the server seed, once every round under it is over. verify
// reads a revealed transcript, or a history (an array of a player's
// transcripts under one commitment), from the file or standard input and
// checks that the commitment is the SHA-256 of the seed, that each deck is
// the deal and that the nonces of each set of client seeds run 0, 1, 2, …
// with no gap; -commitment is the commitment the player recorded before
// sending a seed. It accepts and rejects exactly what fair.VerifyJSON and
// the page fair/verify.html do.
//
// A transcript is one JSON object: version, commitment, server_seed once
// revealed, client_seeds, nonce (a decimal string), n, deck (card numbers,
// place 0 first) and cards (their labels, AC to KS, when n is a multiple
// of 52). The exit status is 0 when a transcript verifies (or a commit or
// deal succeeds), 1 when it does not verify, with what differs, and 2 on
// bad input or usage. Only commit and deal -reveal write the seed, and
// only where asked.
package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/fairshuffle/shuffle/fair"
)

// maxCards bounds the deals of this command: fair.MaxCards, the bound of
// every front end, so that a transcript cannot make it allocate gigabytes.
const maxCards = fair.MaxCards

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage:
  fairdeal commit -secret FILE
  fairdeal deal -secret FILE -client SEED [-client SEED]... -nonce N [-n CARDS | -decks K] [-reveal]
  fairdeal verify [-commitment HEX] [TRANSCRIPT]
exit status: 0 verified (or done), 1 not verified, 2 bad input or usage
`

// run is the command on args, returning its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	var err error
	switch args[0] {
	case "commit":
		err = commit(args[1:], stdout, stderr)
	case "deal":
		err = deal(args[1:], stdout, stderr)
	case "verify":
		return verify(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		err = fmt.Errorf("unknown command %q", args[0])
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "fairdeal: %v\n", err)
		return 2
	}
	return 0
}

// newFlags returns a flag set for a subcommand that prints its errors and
// usage on stderr.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("fairdeal "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parse parses args and refuses operands.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errors.New("bad usage") // flag printed the details
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q", fs.Name(), fs.Arg(0))
	}
	return nil
}

func commit(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("commit", stderr)
	secret := fs.String("secret", "", "write the new server seed, in hex, to this `file` (mode 0600, never overwritten)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *secret == "" {
		return errors.New("commit: -secret FILE is required: the seed must be kept to deal and to reveal")
	}
	f, err := os.OpenFile(*secret, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	seed := fair.NewServerSeed()
	if _, err := fmt.Fprintf(f, "%x\n", seed); err != nil {
		f.Close()
		return fmt.Errorf("commit: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return write(stdout, &fair.Transcript{Commitment: fair.Commit(seed)})
}

// clientSeeds is the repeatable -client flag.
type clientSeeds []string

func (c *clientSeeds) String() string     { return strings.Join(*c, ",") }
func (c *clientSeeds) Set(s string) error { *c = append(*c, s); return nil }

func deal(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("deal", stderr)
	secret := fs.String("secret", "", "read the server seed, in hex, from this `file`")
	var clients clientSeeds
	fs.Var(&clients, "client", "a client `seed`; repeat it for several, in order")
	nonce := fs.String("nonce", "", "the round's `nonce`: the number of earlier rounds of these client seeds under the seed (0, 1, 2, …)")
	n := fs.Int("n", 52, "the number of `cards`")
	decks := fs.Int("decks", 0, "deal a shoe of `K` decks: 52·K cards")
	reveal := fs.Bool("reveal", false, "write the server seed into the transcript")
	if err := parse(fs, args); err != nil {
		return err
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *secret == "":
		return errors.New("deal: -secret FILE is required")
	case len(clients) == 0:
		return errors.New("deal: at least one -client SEED is required")
	case *nonce == "":
		return errors.New("deal: -nonce N is required: each round needs a nonce of its own")
	case set["n"] && set["decks"]:
		return errors.New("deal: -n and -decks: give one")
	}
	nn, err := strconv.ParseUint(*nonce, 10, 64)
	if err != nil {
		return fmt.Errorf("deal: -nonce %q: want an integer from 0 to 18446744073709551615", *nonce)
	}
	cards := *n
	if set["decks"] {
		if *decks < 1 || *decks > maxCards/52 {
			return fmt.Errorf("deal: -decks %d: want 1 to %d", *decks, maxCards/52)
		}
		cards = 52 * *decks
	}
	if cards < 1 || cards > maxCards {
		return fmt.Errorf("deal: -n %d: want 1 to %d", cards, maxCards)
	}
	seed, err := readSecret(*secret)
	if err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	d, err := fair.Deal(seed, clients, nn, cards)
	if err != nil {
		return fmt.Errorf("deal: %w", err)
	}
	t := &fair.Transcript{Commitment: fair.Commit(seed), ClientSeeds: clients, Nonce: nn, N: cards, Deck: d}
	if *reveal {
		t.ServerSeed = seed
	}
	return write(stdout, t)
}

// readSecret reads a server seed written by commit: 64 hex digits, white
// space around them allowed. Its errors never quote the file.
func readSecret(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	seed, err := hex.DecodeString(strings.TrimSpace(string(b)))
	if err != nil || len(seed) != fair.SeedSize {
		return nil, fmt.Errorf("%s: want a server seed of %d hex digits", path, 2*fair.SeedSize)
	}
	return seed, nil
}

// write prints t's JSON form and a newline.
func write(w io.Writer, t *fair.Transcript) error {
	b, err := t.MarshalJSON()
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}

func verify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("verify", stderr)
	recorded := fs.String("commitment", "", "the commitment (64 lowercase hex digits) you recorded before sending your seed")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(stderr, "fairdeal: verify: one transcript at a time, not %d\n", fs.NArg())
		return 2
	}
	name, in := "standard input", stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "fairdeal: verify: %v\n", err)
			return 2
		}
		defer f.Close()
		name, in = fs.Arg(0), f
	}
	data, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintf(stderr, "fairdeal: verify: %s: %v\n", name, err)
		return 2
	}
	// The verdict is fair.VerifyJSON's; what follows only explains it.
	verr := fair.VerifyJSON(data, *recorded)
	if verr != nil && !fair.Failed(verr) {
		msg := strings.TrimPrefix(verr.Error(), "fair: ")
		if errors.Is(verr, fair.ErrNotRevealed) {
			msg = "no server_seed: the house has not revealed it, so there is nothing to verify yet"
		}
		fmt.Fprintf(stderr, "fairdeal: verify: %s: %s\n", where(name, data, verr), msg)
		return 2
	}
	defer func() {
		if *recorded == "" {
			fmt.Fprintln(stdout, "note: compare the commitment with the one you recorded before sending your seed (-commitment checks it)")
		}
	}()
	var h fair.History
	if json.Unmarshal(data, &h) == nil {
		if verr != nil {
			fmt.Fprintf(stdout, "NOT VERIFIED: %s\n", strings.TrimPrefix(verr.Error(), "fair: "))
			return 1
		}
		fmt.Fprintf(stdout, "ok: %d round%s under commitment %s: each deck is the deal, and the nonces of each set of client seeds run 0, 1, 2, … with no gap\n",
			len(h), plural(len(h)), h[0].Commitment)
		return 0
	}
	var t fair.Transcript
	json.Unmarshal(data, &t) // VerifyJSON read it
	status := 0
	if *recorded != "" {
		if c := fair.Commit(t.ServerSeed); c != *recorded {
			fmt.Fprintf(stdout, "NOT VERIFIED: the SHA-256 of the server seed is %s, not %s, the commitment you recorded\n", c, *recorded)
			status = 1
		} else {
			fmt.Fprintln(stdout, "ok: the SHA-256 of the server seed is the commitment you recorded")
		}
	}
	status = max(status, report(&t, stdout))
	if (status != 0) != (verr != nil) { // cannot happen: report makes the same checks
		fmt.Fprintf(stderr, "fairdeal: verify: internal error: fair.VerifyJSON says %v, the report %d\n", verr, status)
		return 2
	}
	return status
}

// where is the place of a JSON error in data: name:line:column for a
// syntax error, the name alone otherwise (the error names the field).
func where(name string, data []byte, err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	off := int64(-1)
	switch {
	case errors.As(err, &syn):
		off = syn.Offset
	case errors.As(err, &typ):
		off = typ.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return name
	}
	// The offset counts the bytes read, the offending one included.
	before := string(data[:max(off-1, 0)])
	line := 1 + strings.Count(before, "\n")
	col := len(before) - strings.LastIndexByte(before, '\n')
	return fmt.Sprintf("%s:%d:%d", name, line, col)
}

// report checks a revealed, well-formed transcript, prints the result of
// each check, and returns 0 if both pass and 1 if either fails.
func report(t *fair.Transcript, stdout io.Writer) int {
	status := 0
	if fair.Commit(t.ServerSeed) == t.Commitment {
		fmt.Fprintln(stdout, "ok: the commitment is the SHA-256 of the server seed")
	} else {
		status = 1
		fmt.Fprintf(stdout, "NOT VERIFIED: the commitment is %s, the SHA-256 of the server seed is %s\n", t.Commitment, fair.Commit(t.ServerSeed))
	}
	if t.N == 0 {
		fmt.Fprintln(stdout, "the transcript holds no round: nothing more to check")
		return status
	}
	round := fmt.Sprintf("%d client seed%s, nonce %d, %d cards", len(t.ClientSeeds), plural(len(t.ClientSeeds)), t.Nonce, t.N)
	dealt, err := fair.Deal(t.ServerSeed, t.ClientSeeds, t.Nonce, t.N)
	if err != nil { // the transcript reader checked what Deal checks
		fmt.Fprintf(stdout, "NOT VERIFIED: %v\n", err)
		return 1
	}
	if t.Deck == nil {
		fmt.Fprintf(stdout, "the transcript holds no deck; the deal of %s is:\n", round)
	} else {
		var m *fair.MismatchError
		err := fair.Verify(fair.Commit(t.ServerSeed), t.ServerSeed, t.ClientSeeds, t.Nonce, t.Deck)
		if errors.As(err, &m) {
			fmt.Fprintf(stdout, "NOT VERIFIED: the deck is not the deal of %s: %s\n", round, strings.TrimPrefix(m.Error(), "fair: "))
			fmt.Fprintln(stdout, "the deal is:")
			status = 1
		} else {
			fmt.Fprintf(stdout, "ok: the deck is the deal of %s\n", round)
		}
	}
	fmt.Fprintln(stdout, deckLine(dealt))
	return status
}

// deckLine is a deck as labels when it is whole decks of 52, as numbers
// otherwise.
func deckLine(deck []int) string {
	s := make([]string, len(deck))
	for i, c := range deck {
		if len(deck)%52 == 0 {
			s[i] = fair.Label(c)
		} else {
			s[i] = strconv.Itoa(c)
		}
	}
	return strings.Join(s, " ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
