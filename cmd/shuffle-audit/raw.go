package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync/atomic"
	"syscall"

	"github.com/fairshuffle/shuffle/audit/raw"
	"github.com/fairshuffle/shuffle/internal/input"
	"github.com/fairshuffle/shuffle/internal/term"
	"github.com/fairshuffle/shuffle/internal/version"
)

// checkRaw checks the flags of -raw and -source.
func checkRaw(c *config, set map[string]bool) error {
	for _, f := range []string{"in", "labels", "batch", "deck", "copies", "hand", "max-decks", "strict", "game", "base", "algo", "n", "trials", "riffle", "workers", "png", "svg", "scale"} {
		if set[f] {
			return fmt.Errorf("-%s applies to decks, not to -raw or -source", f)
		}
	}
	switch {
	case c.raw != "" && c.source != "":
		return errors.New("-raw and -source: choose one")
	case c.exec != "" && c.raw != "-":
		return errors.New("-exec with -raw: write -raw - to read the program's output as raw bytes")
	case c.seqlen < 1 || c.sequences < 0:
		return fmt.Errorf("-seqlen %d, -sequences %d: want at least 1 bit, and 0 (all) or more sequences", c.seqlen, c.sequences)
	case c.source != "" && c.sequences == 0 && !c.dieharder:
		c.sequences = 100
	}
	if c.source == "" {
		return nil
	}
	_, err := raw.Source(c.source, c.seed)
	return err
}

// auditRaw tests the raw bits of -raw or -source, or with -dieharder
// writes them to standard output, until dieharder closes the pipe or for
// -sequences' bits.
func auditRaw(ctx context.Context, c *config, stdin io.Reader, stdout, stderr io.Writer, progress bool) int {
	fail := func(format string, args ...any) int {
		fmt.Fprintf(stderr, "shuffle-audit: "+format+"\n", args...)
		return 2
	}
	var r io.Reader
	var cmd *exec.Cmd
	if src, err := raw.Source(c.source, c.seed); err == nil {
		r = raw.Reader(src)
	} else {
		in, ec, end, err := input.Open(c.raw, c.exec, stdin, stderr)
		if err != nil {
			return fail("%v", err)
		}
		defer end()
		r, cmd = in, ec
	}
	if c.dieharder {
		if c.sequences > 0 {
			r = io.LimitReader(r, (int64(c.sequences)*int64(c.seqlen)+7)/8)
		}
		if _, err := io.Copy(stdout, r); err != nil && !errors.Is(err, syscall.EPIPE) {
			return fail("-dieharder: %v", err)
		}
		return 0
	}
	o := raw.Options{SeqLen: c.seqlen, Sequences: c.sequences, Alpha: c.alpha}
	var jw *raw.JSONWriter
	if c.json {
		jw = raw.NewJSONWriter(stdout, c.seqlen)
		o.Each = jw.Sequence
	}
	var done atomic.Int64
	bar := term.NewProgress(stderr, progress, "sequences", int64(c.sequences), &done)
	o.Tested = func(n int) { done.Store(int64(n)) }
	res, err := raw.Run(ctx, r, o)
	bar.Stop()
	if err == nil && cmd != nil && (c.sequences == 0 || res.Sequences < c.sequences) { // it ended of itself: did it fail?
		if werr := cmd.Wait(); werr != nil {
			err = fmt.Errorf("-exec %q: %v", c.exec, werr)
		}
	}
	switch {
	case ctx.Err() != nil:
		fmt.Fprintf(stderr, "shuffle-audit: stopped after %d sequences; no verdict\n", res.Sequences)
		return stopStatus(ctx)
	case err != nil:
		return fail("%s: %v; no verdict", inputName(c), err)
	case jw != nil:
		err = jw.Close(res)
	default:
		err = res.WriteText(stdout, inputName(c))
	}
	if err == nil && c.html != "" {
		err = writeFile(c.html, func(w io.Writer) error {
			return res.WriteHTML(w, raw.Page{Input: inputName(c), Command: append([]string{"shuffle-audit"}, c.args...), Version: version.Of(), Date: htmlNow()})
		})
	}
	if err != nil {
		return fail("%v", err)
	}
	return [...]int{raw.Pass: 0, raw.Fail: 1, raw.NotEnoughData: exitInconclusive}[res.Verdict()]
}
