package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/fairshuffle/shuffle"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/internal/stattest"
)

func audited(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(""), &out, &errb, false)
	return out.String(), errb.String(), code
}

// row returns the table row of algorithm name.
func row(t *testing.T, table, name string) string {
	t.Helper()
	for _, l := range strings.Split(table, "\n") {
		if f := strings.Fields(l); len(f) > 0 && f[0] == name {
			return l
		}
	}
	t.Fatalf("no row for %s in\n%s", name, table)
	return ""
}

// TestVerdicts audits every algorithm at n = 20 with 50,000 trials: the
// uniform ones must pass (each row is a family at α = 0.001, so the six
// rows fail together about 6 times in 1,000 seeds, and this seed is
// fixed), and every biased one must be caught, which shows that the
// battery has power; transpositions, whose default n·ln n rounds come close
// to uniform, is caught by its fixed points and cycles.
func TestVerdicts(t *testing.T) {
	t.Parallel()
	out, _, code := audited(t, "-n", "20", "-trials", "50000")
	c := stattest.Checks{Rule: "each uniform algorithm's row must find no bias, a family at α = 0.001 (the six fail together about 6 times in 1,000 seeds), and each biased one must be caught; fixed seeds"}
	c.Check(code == 0, 1, "exit status %d, want 0", code)
	for _, a := range shuffle.Algorithms() {
		r := strings.Join(strings.Fields(row(t, out, a.Name)), " ")
		if a.Uniform {
			c.Check(strings.Contains(r, "no bias found"), 0, "%s, uniform: want no bias found: %s", a.Name, r)
		} else {
			c.Check(strings.Contains(r, "BIASED"), 0, "%s, biased: want BIASED: %s", a.Name, r)
		}
	}
	// A cut keeps n−2 neighbours: adjacency catches it.
	cut := row(t, out, "cut")
	c.Check(regexp.MustCompile(`^cut +no +\S+ +\S+ +\S+ +[^ ]+\* `).MatchString(cut), 0, "cut: adjacency must catch it: %s", strings.Join(strings.Fields(cut), " "))
	c.Report(t)
}

// TestAlgorithmSeeds: an algorithm's row does not depend on which other
// algorithms are audited, nor on how many at once.
func TestAlgorithmSeeds(t *testing.T) {
	one, _, _ := audited(t, "-algo", "riffle", "-n", "10", "-trials", "20000")
	two, _, _ := audited(t, "-algo", "naive,riffle", "-n", "10", "-trials", "20000", "-workers", "1")
	assert.Equal(t, strings.Fields(row(t, one, "riffle")), strings.Fields(row(t, two, "riffle")))
}

func TestReproducible(t *testing.T) {
	one, _, _ := audited(t, "-algo", "naive,riffle", "-n", "10", "-trials", "20000", "-workers", "1")
	two, _, _ := audited(t, "-algo", "naive,riffle", "-n", "10", "-trials", "20000", "-workers", "3")
	assert.Equal(t, one, two, "the result depends on the number of workers")
	three, _, _ := audited(t, "-algo", "naive,riffle", "-n", "10", "-trials", "20000", "-seed", "2")
	assert.NotEqual(t, one, three)
}

func TestPictures(t *testing.T) {
	dir := t.TempDir()
	_, errs, code := audited(t, "-algo", "naive", "-n", "12", "-trials", "20000",
		"-png", filepath.Join(dir, "m.png"), "-svg", filepath.Join(dir, "m.svg"))
	require.Equal(t, 0, code, errs)
	f, err := os.Open(filepath.Join(dir, "m.png"))
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Greater(t, img.Bounds().Dx(), 520)
	b, err := os.ReadFile(filepath.Join(dir, "m.svg"))
	require.NoError(t, err)
	d := xml.NewDecoder(bytes.NewReader(b))
	for {
		_, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
	}
	assert.Equal(t, 144, strings.Count(string(b), `class="cell"`))
	assert.Contains(t, string(b), "naive, n = 12, 20000 shuffles")

	// Several algorithms: a file each.
	_, _, code = audited(t, "-algo", "naive,fisher-yates", "-n", "5", "-trials", "10000", "-png", filepath.Join(dir, "h.png"))
	require.Equal(t, 0, code)
	for _, name := range []string{"h-naive.png", "h-fisher-yates.png", "h-naive-adjacency.png"} {
		_, err := os.Stat(filepath.Join(dir, name))
		assert.NoError(t, err)
	}
}

func TestRiffleTable(t *testing.T) {
	out, _, code := audited(t, "-riffle", "10")
	require.Equal(t, 0, code)
	// Bayer and Diaconis's table for 52 cards: 7 riffles leave 0.334.
	assert.Regexp(t, `(?m)^ +7 +0\.3341 +`, out)
	assert.Regexp(t, `(?m)^ +10 +0\.0429 +`, out)
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-n", "2"}, {"-n", "5000"}, {"-algo", "bogo"}, {"-trials", "-5"}, {"-trials", "9223372036854775807"},
		{"-scale", "0"}, {"-riffle", "5000"}, {"-workers", "0"}, {"-nope"}, {"extra"},
		{"-alpha", "0"}, {"-alpha", "1"}, {"-json"}, {"-labels", "x"}, {"-batch", "100"},
		{"-in", ""}, {"-exec", ""}, {"-in", "x", "-exec", "y"}, {"-in", "x", "-n", "5"}, {"-in", "x", "-batch", "-1"},
		{"-deck", "52"}, {"-copies", "2"}, {"-hand", "5"}, {"-max-decks", "5"}, {"-strict"},
		{"-in", "x", "-deck", "2"}, {"-in", "x", "-deck", "0"}, {"-in", "x", "-deck", "2000000"}, {"-in", "x", "-copies", "2"},
		{"-in", "x", "-deck", "52", "-copies", "0"}, {"-in", "x", "-deck", "52", "-copies", "5"}, {"-in", "x", "-deck", "52", "-copies", "26"},
		{"-in", "x", "-hand", "0"}, {"-in", "x", "-hand", "-1"}, {"-in", "x", "-deck", "104", "-copies", "2", "-hand", "5"},
		{"-in", "x", "-deck", "52", "-hand", "52"}, {"-in", "x", "-max-decks", "0"}, {"-in", "x", "-max-decks", "-3"},
	} {
		_, errs, code := audited(t, args...)
		assert.Equal(t, 2, code, "%q", args)
		assert.NotEmpty(t, errs, "%q", args)
	}
	_, _, code := audited(t, "-h")
	assert.Equal(t, 0, code)
}

// TestPartial stops an audit when the progress line first shows: the
// algorithm under way keeps its row and pictures, marked partial, and the
// others are not run.
func TestPartial(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	args := []string{"-algo", "fisher-yates,naive,riffle", "-trials", "1000000", "-workers", "1", "-png", filepath.Join(dir, "h.png")}
	code := run(ctx, args, nil, &out, cancelWriter{"decks audited", cancel}, true)
	assert.Equal(t, 130, code)
	assert.Contains(t, out.String(), "PARTIAL RESULT: interrupted; not audited: naive, riffle.")
	assert.Regexp(t, `\(partial: \d+000 trials\)`, row(t, out.String(), "fisher-yates"))
	assert.Contains(t, row(t, out.String(), "naive"), "not run")
	for name, want := range map[string]bool{"h-fisher-yates.png": true, "h-fisher-yates-adjacency.png": true, "h-naive.png": false, "h-riffle.png": false} {
		_, err := os.Stat(filepath.Join(dir, name))
		assert.Equal(t, want, err == nil, name)
	}
}

// cancelWriter is a progress display that stops the audit when it first
// shows the text named.
type cancelWriter struct {
	name   string
	cancel func()
}

func (w cancelWriter) Write(p []byte) (int, error) {
	if bytes.Contains(p, []byte(w.name)) {
		w.cancel()
	}
	return len(p), nil
}

// built is the command, built once for the tests that run it.
var built struct {
	once sync.Once
	dir  string
	out  []byte
	err  error
}

// command returns the path of the built command.
func command(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "shuffle-audit-test"); built.err == nil {
			built.out, built.err = exec.Command("go", "build", "-o", built.dir, ".").CombinedOutput()
		}
	})
	require.NoError(t, built.err, "%s", built.out)
	return filepath.Join(built.dir, "shuffle-audit")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// TestInterrupt sends the built command a real Ctrl-C.
func TestInterrupt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	cmd := exec.Command(command(t), "-algo", "riffle", "-trials", "100000000")
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	require.NoError(t, cmd.Start())
	time.Sleep(500 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(os.Interrupt))
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	require.True(t, ok, "%v", err)
	assert.Equal(t, 130, ee.ExitCode())
	assert.Contains(t, stdout.String(), "PARTIAL RESULT: interrupted.")
	assert.Contains(t, row(t, stdout.String(), "riffle"), "partial")
}

// TestTerminate sends the built command SIGTERM while it audits what a
// program prints: it exits 143, and the program is ended.
func TestTerminate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	cmd := exec.Command(command(t), "-exec", "echo $$ > "+pidFile+"; exec yes '3 1 4 0 2 5 7 6'")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	require.NoError(t, cmd.Start())
	var pid int
	require.Eventually(t, func() bool {
		b, err := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
		return err == nil && pid > 0
	}, 10*time.Second, 10*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	require.True(t, ok, "%v", err)
	assert.Equal(t, 143, ee.ExitCode(), stderr.String())
	assert.Regexp(t, `terminated after \d+ decks; no verdict`, stderr.String())
	p, err := os.FindProcess(pid)
	if err == nil {
		assert.Error(t, p.Signal(syscall.Signal(0)), "the -exec program %d still runs", pid)
	}
}

// TestUsage: -h names the exit statuses.
func TestUsage(t *testing.T) {
	_, errs, code := audited(t, "-h")
	assert.Equal(t, 0, code)
	for _, want := range []string{"0 pass, 1 fail, 3 inconclusive", "2 bad input or usage, 130 interrupted", "143 terminated\n(SIGTERM)", "-game string", "-html FILE", "-deck N", "-copies K", "-hand K", "-max-decks N", "-strict"} {
		assert.Contains(t, errs, want)
	}
}
