package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var gnuList = flag.Bool("gnu.list", false, "TestGNU: log every vector that differs from GNU shuf, not only the first ones")

// TestGNU runs this shuf and GNU coreutils shuf 9.1 side by side, in the C
// locale (and in C.UTF-8 for the quoting of odd strings, where the machine
// has that locale), on a fixed set of argument vectors: a generated part (options,
// values, bad input, abbreviations, options after operands, "--", -, several
// -n, odd strings in messages), drawn from a fixed seed, and a hand-picked
// part (every prefix of every long option, of GNU's and of ours, the edge
// values of -n and -i). For each vector it compares the exit status and
// standard error byte for byte, and the output wherever it does not depend
// on the random draws:
//
//   - the output's lines, sorted: a full permutation has the same lines in
//     any order;
//   - where a count or -r may make the output a random subset (the vector
//     has a short option group with n or r, or a long option from --h or
//     --r): the number of lines only;
//   - -r without a count, cut after outLimit bytes by closing the pipe, so
//     that both die of SIGPIPE (status 141, as the shell reports): the set of
//     lines seen;
//   - a --random-source that runs out ("end of file") on both sides: not the
//     output, since how much of it comes first depends on how many bytes
//     each draw takes, which differs by design (GNU takes the bits a draw
//     needs, this shuf 8 bytes). So the random sources the vectors name are
//     missing, a directory, empty, or 1 MiB: either both need none or
//     neither runs out, except with -r and no count, where both do;
//   - --help: the text down to the --version line, with the blocks of the
//     documented additions taken out of ours, must equal GNU's (what
//     follows, GNU's links to its manual and ours to ours, differs);
//   - --version: ours names this project, not GNU coreutils, in one line;
//   - input with a NUL byte read without -z (the file "zero", or a pipe):
//     GNU shuffles it, ours refuses it as binary, a difference on purpose
//     (binaryRefused).
//
// Options GNU lacks are recognised only when spelled in full, so the
// vectors use them only abbreviated, where GNU's behaviour must stand.
// The vectors that use an addition itself (several file operands) are
// not compared: doc.go lists the additions. Skipped where the machine has
// no GNU shuf 9.1.
func TestGNU(t *testing.T) {
	t.Parallel()
	gnu := gnuShuf()
	if gnu == "" {
		t.Skip("no GNU coreutils shuf 9.1 on this machine to compare with")
	}
	dir := gnuFixtures(t)
	before := listDir(t, dir)
	vectors := gnuVectors()
	if !gnuHasUTF8(gnu) {
		t.Log("no C.UTF-8 locale: its vectors are left out")
		vectors = slices.DeleteFunc(vectors, func(v vector) bool { return slices.Contains(v.env, "LC_ALL=C.UTF-8") })
	}
	require.GreaterOrEqual(t, len(vectors), 1541)
	vectors = sampled(vectors) // all of them with SHUFFLE_LONG=1

	type diff struct {
		v         vector
		why       string
		gnu, ours outcome
	}
	var (
		mu    sync.Mutex
		diffs []diff
		work  = make(chan vector)
		wg    sync.WaitGroup
	)
	for range 2 * runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range work {
				g := runShuf(gnu, dir, v)
				o := runShuf(bin, dir, v)
				if why := compareOutcomes(v, g, o); why != "" {
					mu.Lock()
					diffs = append(diffs, diff{v, why, g, o})
					mu.Unlock()
				}
			}
		}()
	}
	start := time.Now()
	for _, v := range vectors {
		work <- v
	}
	close(work)
	wg.Wait()
	t.Logf("%d vectors against GNU shuf in %v, %d differ", len(vectors), time.Since(start).Round(time.Millisecond), len(diffs))

	slices.SortFunc(diffs, func(a, b diff) int { return strings.Compare(a.v.String(), b.v.String()) })
	for i, d := range diffs {
		if i == 30 && !*gnuList {
			t.Errorf("... and %d more (-gnu.list shows them all)", len(diffs)-i)
			break
		}
		t.Errorf("%s: %s\n GNU:  %d %q %q\n ours: %d %q %q", d.v, d.why,
			d.gnu.code, clip(d.gnu.stdout), d.gnu.stderr, d.ours.code, clip(d.ours.stdout), d.ours.stderr)
	}
	assert.Equal(t, before, listDir(t, dir), "a vector left a file behind")
}

// gnuHasUTF8 reports whether GNU shuf quotes in curly quotes in C.UTF-8,
// that is, whether the machine has the locale.
func gnuHasUTF8(gnu string) bool {
	cmd := exec.Command(gnu, "-n", "x")
	cmd.Env = append(os.Environ(), "LC_ALL=C.UTF-8")
	out, _ := cmd.CombinedOutput()
	return strings.Contains(string(out), "‘x’")
}

// vector is one command line: the arguments, the environment beside
// LC_ALL=C, and standard input: the file "in", or, if pipe, a pipe that
// carries input.
type vector struct {
	args  []string
	env   []string
	pipe  bool
	input string
}

func (v vector) String() string {
	s := strings.TrimSpace(strings.Join(v.env, " ") + fmt.Sprintf(" shuf %q", v.args))
	if v.pipe {
		s = fmt.Sprintf("printf %q | %s", v.input, s)
	}
	return s
}

// outcome is how a run ended.
type outcome struct {
	code           int // 141 for death by SIGPIPE, as the shell reports it
	stdout, stderr string
	cut            bool // the output went past outLimit and the pipe was closed
}

// outLimit is how much output is read before the pipe is closed: -r
// without a count writes until then.
const outLimit = 1 << 16

// runShuf runs prog, named shuf, in dir on v, with the file "in" as
// standard input. It never lasts more than 20 seconds.
func runShuf(prog, dir string, v vector) outcome {
	cmd := exec.Command(prog, v.args...)
	cmd.Args[0] = "shuf" // GNU names itself after argv[0]
	cmd.Dir = dir
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "LC_") && !strings.HasPrefix(kv, "LANG") && !strings.HasPrefix(kv, "POSIXLY_CORRECT=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(append(cmd.Env, "LC_ALL=C"), v.env...)
	if v.pipe {
		cmd.Stdin = strings.NewReader(v.input) // through a pipe
	} else {
		in, err := os.Open(filepath.Join(dir, "in"))
		if err != nil {
			panic(err)
		}
		defer in.Close()
		cmd.Stdin = in
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	r, w, err := os.Pipe()
	if err != nil {
		panic(err)
	}
	cmd.Stdout = w
	if err := cmd.Start(); err != nil {
		panic(err)
	}
	w.Close()
	timer := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	out, _ := io.ReadAll(io.LimitReader(r, outLimit+1))
	r.Close()
	err = cmd.Wait()
	timer.Stop()
	o := outcome{stdout: string(out), stderr: errb.String(), cut: len(out) > outLimit}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		o.code = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			o.code = 128 + int(ws.Signal())
			if ws.Signal() == syscall.SIGKILL {
				o.stderr += "(killed after 20 s)"
			}
		}
	} else if err != nil {
		panic(err)
	}
	return o
}

// compareOutcomes says how ours differs from GNU's, or "" if it does not,
// by the rules in TestGNU's comment.
func compareOutcomes(v vector, g, o outcome) string {
	switch {
	case binaryRefused(v, o):
		return ""
	case g.code != o.code:
		return "exit status"
	case g.stderr != o.stderr:
		return "standard error"
	case strings.HasPrefix(g.stdout, "Usage: shuf "):
		if helpBody(g.stdout, false) != helpBody(o.stdout, true) {
			return "--help"
		}
		return ""
	case strings.HasPrefix(g.stdout, "shuf (GNU coreutils) "):
		if !strings.HasPrefix(o.stdout, "shuf (github.com/fairshuffle/shuffle) ") || strings.Count(o.stdout, "\n") != 1 {
			return "--version"
		}
		return ""
	case g.cut || o.cut:
		if g.cut != o.cut {
			return "output cut on one side only"
		}
		if !slices.Equal(distinctLines(g.stdout), distinctLines(o.stdout)) {
			return "lines of -r"
		}
		return ""
	case strings.HasSuffix(g.stderr, ": end of file\n"):
		return ""
	}
	gl, ol := outLines(g.stdout), outLines(o.stdout)
	if slices.Equal(gl, ol) {
		return ""
	}
	if len(gl) != len(ol) {
		return "number of output lines"
	}
	if mayDraw(v) {
		return ""
	}
	return "output lines"
}

// binaryRefused tells a vector whose input holds a NUL byte and is read
// without -z, which ours refuses as binary, with its message and status
// 1, whatever GNU then does with it.
func binaryRefused(v vector, o outcome) bool {
	if o.code != 1 || o.stdout != "" || !binaryMessage.MatchString(o.stderr) {
		return false
	}
	for _, a := range v.args {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "--z") || len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.Contains(a, "z") {
			return false // -z or --zero-terminated: NUL is the delimiter
		}
	}
	return v.pipe && strings.Contains(v.input, "\x00") || slices.Contains(v.args, "zero")
}

var binaryMessage = regexp.MustCompile(`^shuf: (zero|standard input):1: a NUL byte: the input looks binary; -z reads NUL-delimited lines, --allow-binary shuffles it as it is\n$`)

// helpBody is --help's text down to the --version line; for ours, without
// the lines of the documented additions, and without the sentence on
// several FILEs, another.
func helpBody(s string, ours bool) string {
	if ours {
		s = strings.Replace(s, severalFiles, "", 1)
	}
	var b strings.Builder
	skipping := false
	for _, l := range strings.SplitAfter(s, "\n") {
		if ours {
			if additionLine.MatchString(l) {
				skipping = true
				continue
			}
			if skipping && strings.HasPrefix(l, strings.Repeat(" ", 30)) {
				continue
			}
			skipping = false
		}
		b.WriteString(l)
		if strings.Contains(l, "--version") {
			break
		}
	}
	return b.String()
}

// severalFiles is the sentence of our --help on several FILE operands.
const severalFiles = " Several FILEs are\nshuffled together."

// additionLine is --help's line for an option GNU shuf lacks: one of
// optSpecs' additions.
var additionLine = func() *regexp.Regexp {
	var names []string
	for _, o := range optSpecs {
		if o.full {
			names = append(names, regexp.QuoteMeta(o.long))
		}
	}
	return regexp.MustCompile(`^ +--(` + strings.Join(names, "|") + `)\b`)
}()

// mayDraw tells a vector whose output may be a random subset: one with a
// short option group holding n or r, or a long option from --h or --r.
func mayDraw(v vector) bool {
	for _, a := range v.args {
		if strings.HasPrefix(a, "--h") || strings.HasPrefix(a, "--r") ||
			len(a) > 1 && a[0] == '-' && a[1] != '-' && strings.ContainsAny(a, "nr") {
			return true
		}
	}
	return false
}

// outLines is the output's records, sorted; with -z the delimiter is NUL,
// and splitting on both is enough to compare.
func outLines(s string) []string {
	l := strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == 0 })
	slices.Sort(l)
	return l
}

// distinctLines is the output's complete lines, each once, sorted.
func distinctLines(s string) []string {
	if i := strings.LastIndexAny(s, "\n\x00"); i >= 0 {
		s = s[:i+1]
	} else {
		s = ""
	}
	return slices.Compact(outLines(s))
}

func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		names = append(names, p)
		return err
	}))
	return names
}

// gnuFixtures makes the files the vectors name, in a fresh directory.
func gnuFixtures(t *testing.T) string {
	dir := t.TempDir()
	rnd := make([]byte, 1<<20)
	r := rand.New(rand.NewPCG(15, 15))
	for i := range rnd {
		rnd[i] = byte(r.Uint32())
	}
	for name, content := range map[string]string{
		"in":    "i\ni\n",
		"one":   "x\n",
		"same":  "s\ns\ns\n",
		"abc":   "a\nb\nc\n",
		"nonl":  "t\nt",
		"empty": "",
		"zero":  "z\x00z\x00",
		"blank": "\n\n",
		"x=y":   "q\n",
		"rand":  string(rnd),
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "dir"), 0o755))
	return dir
}

// The pools the generated vectors draw from.
var (
	gnuFiles = []string{"one", "same", "abc", "nonl", "empty", "zero", "blank", "dir", "-", "x=y",
		"missing", "a=b", "a:b", "x^y", "~h", "#h", "a~", "a#", "a b", "a'b", "é", "a\nb", "a\tb", "it's",
		"a'b é", "{", "a{", "}", "a@b", "a?", `a\b`, "a$", "a!", "a*", "a[b", "a]b", "a%b", "a,b", "a+b",
		"a'b:c", "a'b#", "\x7f", "é'", "dir/", "dir/missing", "./one", "/nonexistent/x"}
	gnuEcho = []string{"x", "x", "s", "=", ":", "^", "~", "#", "a b", "é", "", " ", "a=b", "#!", "a\tb",
		"~user", "a:b:c", "^$", "'", `\`, "\x01", "ünï", "-", "--", "x\ny", "100%"}
	gnuRanges = []string{"1-3", "5-5", "0-0", "1-0", "3-1", "7-7", "10-12", "x", "1-", "-3", "-", "+1-+3", " 1-2",
		"1x-3", "1-3x", "0-18446744073709551615", "18446744073709551615-18446744073709551615",
		"99999999999999999999-1", "1-99999999999999999999", "", "a=b", "1:2", "1-2-3", "٣-٤", "1 -2",
		"18446744073709551615-18446744073709551614", "2-0", "0x1-0x3", "1--3", "=", "^", "~", "#"}
	gnuCounts = []string{"0", "1", "2", "3", "5", "+2", " 3", "3 ", "x", "-1", "", "18446744073709551615",
		"18446744073709551616", "99999999999999999999", "0x3", "3k", "=2", "2:", "1e2", "٣", "010", "~", "#", "^",
		"a b", "é"}
	gnuFlags = []string{"-r", "-z", "--repeat", "--zero-terminated", "--rep", "--z", "--zero", "--re",
		"-rz", "-zr", "-z", "-r"}
	gnuSources = []string{"rand", "missing", "dir", "", "empty", "a=b", "a:b", "/dev/null", "é", "#x"}
	gnuPiped   = []string{"", "p\n", "p\nq\n", "p\np\np\n", "p", "p\x00q\x00"}
	gnuOutputs = []string{"dir", "", "nodir/x", "dir/", "a:b/c", "#/x"}
	gnuBad     = []string{"-x", "--foo", "--foo=bar", "--=", "--=x", "---", "--r", "--r=1", "--h", "--he",
		"--he=1", "--s", "--s=1", "--se", "--c", "--a", "--m", "--m=1", "--e=1", "--echo=1", "--rep=1", "--z=1",
		"--help=1", "--v=1", "-n", "--head-count", "--random-source", "-i", "-", "--", "-W", "-?",
		"--input-range", "--hea", "--heade", "--sh", "--sp", "--f", "--fi", "-e-", "-:", "-=", "--:", "--~",
		"--^", "--#", "--é", "-é", "--help", "--version", "--hel", "--ver", "--v"}
)

// gnuVectors is the generated vectors, from a fixed seed, and the
// hand-picked ones, each once.
func gnuVectors() []vector {
	r := rand.New(rand.NewPCG(15, 1541))
	pick := func(s []string) string { return s[r.IntN(len(s))] }
	var vs []vector
	for len(vs) < 1700 {
		var groups [][]string
		switch r.IntN(5) {
		case 0, 1: // files
			if r.IntN(4) > 0 {
				groups = append(groups, []string{pick(gnuFiles)})
			}
		case 2: // -e
			g := []string{pick([]string{"-e", "--echo", "--e", "--ec"})}
			for range r.IntN(4) {
				g = append(g, pick(gnuEcho))
			}
			groups = append(groups, g)
		case 3: // -i
			v := pick(gnuRanges) // none of them both valid and large
			switch r.IntN(4) {
			case 0:
				groups = append(groups, []string{"-i", v})
			case 1:
				groups = append(groups, []string{"-i" + v})
			case 2:
				groups = append(groups, []string{pick([]string{"--input-range", "--i", "--in", "--input"}) + "=" + v})
			default:
				groups = append(groups, []string{pick([]string{"--input-range", "--i", "--inp"}), v})
			}
			if r.IntN(8) == 0 {
				groups = append(groups, []string{pick(gnuFiles)}) // extra operand
			}
		case 4: // standard input
		}
		var count []string
		if r.IntN(2) == 0 {
			v := pick(gnuCounts)
			switch r.IntN(6) {
			case 0:
				count = []string{"-n" + v}
			case 1:
				count = []string{"--head-count=" + v}
			case 2:
				count = []string{pick([]string{"--head-count", "--head", "--hea"}), v}
			case 3:
				count = []string{"--he=" + v} // ambiguous in GNU: --head-count, --help
			default:
				count = []string{"-n", v}
			}
		}
		for range r.IntN(3) {
			switch r.IntN(10) {
			case 0, 1, 2:
				groups = append(groups, []string{pick(gnuFlags)})
			case 3, 4:
				s := pick(gnuSources)
				switch r.IntN(3) {
				case 0:
					groups = append(groups, []string{"--random-source=" + s})
				case 1:
					groups = append(groups, []string{pick([]string{"--random-source", "--ra", "--rand"}), s})
				default:
					groups = append(groups, []string{"--ran=" + s})
				}
			case 5:
				o := pick(gnuOutputs)
				if r.IntN(2) == 0 {
					groups = append(groups, []string{"-o", o})
				} else {
					groups = append(groups, []string{pick([]string{"--output", "--o", "--out"}) + "=" + o})
				}
			case 6:
				groups = append(groups, []string{"-n", pick(gnuCounts)}) // repeated -n
			default:
				groups = append(groups, []string{pick(gnuBad)})
			}
		}
		r.Shuffle(len(groups), func(i, j int) { groups[i], groups[j] = groups[j], groups[i] })
		if count != nil {
			groups = slices.Insert(groups, r.IntN(len(groups)+1), count)
		}
		var args []string
		for _, g := range groups {
			if r.IntN(12) == 0 {
				args = append(args, "--") // what follows is operands
			}
			args = append(args, g...)
		}
		v := vector{args: args}
		if r.IntN(10) == 0 {
			v.env = []string{"POSIXLY_CORRECT=1"}
		}
		if r.IntN(6) == 0 {
			v.pipe, v.input = true, pick(gnuPiped)
		}
		if fileOperands(args, v.env != nil) >= 2 || hasOutput(args) && !outputFails(args) {
			continue // several inputs are an addition; a real output file is not made
		}
		vs = append(vs, v)
	}
	vs = append(vs, handPicked()...)
	seen := map[string]bool{}
	var out []vector
	for _, v := range vs {
		if k := v.String(); !seen[k] {
			seen[k] = true
			out = append(out, v)
		}
	}
	return out
}

// handPicked is every prefix of every long option, GNU's and ours, alone,
// with "=1" and with a following argument; the edge values of -n and -i;
// and odd strings as lines and in messages.
func handPicked() []vector {
	var vs []vector
	add := func(args ...string) { vs = append(vs, vector{args: args}) }
	for _, name := range []string{"echo", "input-range", "head-count", "output", "random-source", "repeat",
		"zero-terminated", "help", "version", "seed", "crypto", "algo", "memory", "header", "shards", "split",
		"header-mismatch", "csv", "allow-binary", "aligned", "progress"} {
		additions := []string{"seed", "crypto", "algo", "memory", "header", "shards", "split",
			"header-mismatch", "csv", "allow-binary", "aligned", "progress"}
		gnu := !slices.Contains(additions, name)
		for k := 1; k <= len(name); k++ {
			p := "--" + name[:k]
			if !gnu && k == len(name) {
				break // the addition itself
			}
			if slices.Contains(additions, name[:k]) {
				continue // another addition: --header of --header-mismatch
			}
			if name == "output" {
				add("-i", "1-3", p+"=dir")
				add("-e", "x", p, "")
				continue
			}
			add(p)
			add(p + "=1")
			add("-e", "x", p)
			add("-i", "1-3", p, "1")
			add("-i", "1-3", p+"=")
		}
	}
	for _, n := range []string{"0", "1", "2", "3", "4", "18446744073709551615", "18446744073709551616",
		"99999999999999999999", "+0", "-0", " 0", "00", "0 ", "\t1", "\n1", "1\n", "+", "++1", "1.0", "1,0"} {
		add("-n", n, "-i", "1-3")
		add("-n", n, "-e", "x", "x")
		add("-n", n, "same")
		add("-n", n, "-r", "-e", "y")
		add("-n", n, "missing")
		add("-rn", n, "empty")
	}
	for _, i := range []string{"0-0", "1-0", "0-1", "5-5", "5-4", "5-3", "18446744073709551615-18446744073709551615",
		"18446744073709551614-18446744073709551615", "18446744073709551615-18446744073709551614",
		"0-18446744073709551615", "1-18446744073709551615", "0-18446744073709551616", "+1-2", "1-+2", " 1- 2",
		"1 - 2", "01-03", "1-3-", "-1-3", "1", "", "-", "--", "a-b"} {
		add("-n", "2", "-i", i)
		add("-r", "-n", "2", "-i", i)
		add("-n", "0", "-i", i)
		if i == "1-18446744073709551615" {
			continue // without a count, 2⁶⁴−1 lines
		}
		add("-i", i)
		add("-i", i, "--random-source=missing")
		add("-i", i, "--random-source=empty")
	}
	for _, s := range gnuEcho {
		add("-e", s)
		add("-e", s, s)
		add("-n", s)
		add("-i", s)
		add("--random-source", "nodir/"+s, "-e", "a", "b")
		add("-o", "nodir/"+s+"/x", "-e", "a")
		add("-z", "-e", s)
	}
	for _, f := range gnuFiles {
		add(f)
		add("-z", f)
		add("-n", "1", f)
		add("-n", "0", f)
		add("-r", "-n", "2", f)
		if !slices.Contains([]string{"one", "same", "abc", "nonl", "zero", "blank", "x=y", "./one"}, f) {
			add("--random-source", f, "-e", "a", "b")
		}
	}
	for _, src := range []string{"missing", "empty", "dir", "/dev/null"} {
		for _, in := range [][]string{{"-e", "a"}, {"-i", "5-5"}, {"one"}, {"empty"}, {"-n", "0", "abc"},
			{"-e"}, {"-r", "-n", "1", "-e", "a"}, {"-r", "-n", "0", "-e", "a", "b"}, {"-i", "1-0"}, {"-n", "1", "-e", "a"},
			{"-e", "a", "b"}, {"-n", "1", "-e", "a", "b"}, {"-r", "-e"}, {"-r", "-n", "3", "one"},
			{"-n", "1", "one"}, {"-n", "3", "abc"}, {"-n", "1", "dir"}, {"-n", "2", "-o", "dir", "abc"}} {
			add(append([]string{"--random-source=" + src}, in...)...)
		}
	}
	for _, args := range [][]string{
		{}, {"-"}, {"--"}, {"--", "-"}, {"--", "--"}, {"-e"}, {"-e", "--"}, {"-e", "--", "-n", "1"},
		{"-e", "-n", "1", "a", "a"}, {"-n", "1", "-n", "2", "-e", "a", "b", "c"}, {"-n", "x", "-n", "1"},
		{"-n", "1", "-n", "x"}, {"-i", "1-2", "-i", "1-2"}, {"-o", "dir", "-o", "dir", "-e", "a"},
		{"--random-source=rand", "--random-source=rand", "-e", "a"}, {"-e", "-i", "1-2"}, {"-i", "1-2", "-e"},
		{"-r", "-r", "-n", "2", "-e", "a"}, {"-z", "-z", "zero"}, {"-ze", "a", "b"}, {"-ez", "a"}, {"-rn3", "-e", "x"},
		{"-n3r", "-e", "x"}, {"-i1-3", "-n0"}, {"-zn", "1", "-e", "a"}, {"-en"}, {"-o"}, {"-i"}, {"--echo", "--", "-e"},
		{"one", "--"}, {"--", "one"}, {"-r", "one"}, {"-r", "empty"}, {"-r", "-z", "empty"}, {"-rz", "-n", "4", "zero"},
		{"--help", "--version"}, {"--version", "--help"}, {"-x", "--help"}, {"--help", "-x"}, {"--help", "--foo"},
		{"--hel", "-n", "x"}, {"-n", "x", "--help"}, {"--help", "missing", "other"}, {"-e", "a", "--help"},
		{"-i", "1-3", "-o", "dir"}, {"-e", "a", "-o", ""}, {"-o", "dir", "missing"}, {"-o", "dir", "-n", "0", "-e", "a"},
	} {
		add(args...)
	}
	// (one -n 1 under POSIXLY_CORRECT is three FILE operands, an addition.)
	vs = append(vs,
		vector{args: []string{"-n", "1", "one"}, env: []string{"POSIXLY_CORRECT=1"}},
		vector{args: []string{"-e", "a", "-n", "1"}, env: []string{"POSIXLY_CORRECT=1"}},
		vector{args: []string{"-e", "--", "-n"}, env: []string{"POSIXLY_CORRECT=1"}},
		vector{args: []string{"-i", "1-3", "x", "-r"}, env: []string{"POSIXLY_CORRECT=1"}},
	)
	// A pipe for standard input: with -n, GNU reads it by reservoir
	// sampling, which opens --random-source first, and draws from it when
	// the input has exactly COUNT lines.
	for _, in := range gnuPiped {
		for _, count := range [][]string{nil, {"-n", "0"}, {"-n", "1"}, {"-n", "2"}, {"-n", "3"},
			{"-n", "18446744073709551615"}, {"-r", "-n", "2"}, {"-zn", "1"}, {"-n", "1", "-o", "dir"},
			{"-n", "2", "-o", "dir"}} {
			for _, src := range []string{"", "missing", "empty", "dir", "/dev/null", "rand"} {
				args := slices.Clone(count)
				if src != "" {
					args = append(args, "--random-source="+src)
				}
				vs = append(vs, vector{args: args, pipe: true, input: in})
			}
		}
	}
	// The curly quotes and the printable runes of a UTF-8 locale.
	for _, s := range append(slices.Clone(gnuEcho), "’", "a’b", "\xff", "é\xff", "\u200b",
		"\u2028", "\u00ad", "\ue000", "\u0378", "\u0085", "\u00a0", "\U0001F600", "\U0010FFFF", "é\xc3") {
		utf := []string{"LC_ALL=C.UTF-8"}
		vs = append(vs, vector{args: []string{"-n", s}, env: utf}, vector{args: []string{"nodir/" + s}, env: utf}, vector{args: []string{s + "x"}, env: utf},
			vector{args: []string{"-i", s}, env: utf})
	}
	return vs
}

// fileOperands counts the arguments that would be file operands if none
// of the options took one (a rough count, enough to keep out several
// inputs, which GNU refuses and this shuf takes). With posix
// (POSIXLY_CORRECT), the first operand makes all that follow operands.
func fileOperands(args []string, posix bool) int {
	n := 0
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return n + len(args) - i - 1
		case posix && (a == "-" || !strings.HasPrefix(a, "-")):
			return n + len(args) - i
		case a == "-" || !strings.HasPrefix(a, "-"):
			n++
		case strings.HasPrefix(a, "-e") || strings.HasPrefix(a, "--e") || strings.HasPrefix(a, "-i") ||
			strings.HasPrefix(a, "--i") || strings.HasPrefix(a, "-z") && strings.Contains(a, "e"):
			return 0 // -e: the operands are lines; -i: GNU's "extra operand" stands
		case a == "-n" || a == "-o" || a == "--head-count" || a == "--random-source" || a == "--ra" ||
			a == "--rand" || a == "--head" || a == "--hea" || a == "--output" || a == "--o" || a == "--out":
			i++
		}
	}
	return n
}

// hasOutput and outputFails keep the vectors from writing an output file:
// each -o names a path that cannot be created.
func hasOutput(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "-o") || strings.HasPrefix(a, "--o") {
			return true
		}
	}
	return false
}

func outputFails(args []string) bool {
	for i, a := range args {
		val, ok := "", false
		switch {
		case a == "-o" || a == "--output" || a == "--o" || a == "--out":
			if i+1 < len(args) {
				val, ok = args[i+1], true
			}
		case strings.HasPrefix(a, "-o"):
			val, ok = a[2:], true
		case strings.HasPrefix(a, "--o") && strings.Contains(a, "="):
			_, val, _ = strings.Cut(a, "=")
			ok = true
		}
		if ok && !slices.Contains(gnuOutputs, val) && !strings.HasSuffix(val, "/x") {
			return false
		}
	}
	return true
}
