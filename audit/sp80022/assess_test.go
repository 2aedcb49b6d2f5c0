package sp80022

import (
	"bufio"
	"errors"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
)

// TestAssessSTS holds Assess to the rows of STS's finalAnalysisReport.txt
// on the batches of inputs_test.go, as testdata/run-sts recorded them:
// the same bins, the same sample and passing count, the same "*" for the
// proportion, and the uniformity p-value to 1e-6. The two batches of
// 30 × 400,000 bits (the random excursions tests' rows, a failing source)
// run with SHUFFLE_LONG=1.
func TestAssessSTS(t *testing.T) {
	rows := map[string][][]string{} // batch → rows
	f, err := os.Open("testdata/sts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		fl := strings.Fields(sc.Text())
		if len(fl) > 2 && fl[1] == "final" {
			rows[fl[0]] = append(rows[fl[0]], fl[2:])
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, batch := range batches {
		if batch.long && !long.Enabled() {
			t.Logf("%s: runs with %s=1", batch.name, long.Var)
			continue
		}
		if len(rows[batch.name]) == 0 {
			t.Errorf("%s: no rows of STS's final analysis", batch.name)
			continue
		}
		p := batchPValues(batch.name, batch.n, batch.k)
		seen := map[string]int{}
		for _, row := range rows[batch.name] {
			test := row[len(row)-1]
			i := seen[test]
			seen[test]++
			ps, ok := p[test]
			if !ok {
				t.Logf("%s: %s not applicable to the sequences; STS's row %v", batch.name, test, row)
				continue
			}
			var a Assessment
			if strings.HasPrefix(test, "RandomExcursions") {
				a = AssessExcursions(ps[i])
			} else {
				a = Assess(ps[i])
			}
			checkRow(t, batch.name+" "+test+"["+strconv.Itoa(i)+"]", a, row)
		}
	}
}

// checkRow compares a with a row of STS's report: C1 … C10, P-VALUE (or
// ----, maybe with *), PROPORTION (or ------, maybe with *), test.
func checkRow(t *testing.T, what string, a Assessment, row []string) {
	t.Helper()
	for j := range 10 {
		if c, _ := strconv.Atoi(row[j]); c != a.Bins[j] {
			t.Errorf("%s: bins %v, STS %v", what, a.Bins, row[:10])
			break
		}
	}
	rest := row[10 : len(row)-1]
	unif := rest[0]
	rest = rest[1:]
	uniformBad := false
	if len(rest) > 0 && rest[0] == "*" {
		uniformBad, rest = true, rest[1:]
	}
	if unif == "----" {
		if !math.IsNaN(a.Uniformity) {
			t.Errorf("%s: uniformity %v, STS none", what, a.Uniformity)
		}
	} else {
		u, _ := strconv.ParseFloat(unif, 64)
		if math.Abs(u-a.Uniformity) > 1e-6 || uniformBad != (a.Uniformity < 0.0001) {
			t.Errorf("%s: uniformity %v, STS %s", what, a.Uniformity, unif)
		}
	}
	prop := rest[0]
	propBad := len(rest) > 1 && rest[1] == "*"
	if prop == "------" {
		if a.Sequences != 0 {
			t.Errorf("%s: %d sequences, STS none", what, a.Sequences)
		}
		return
	}
	pass, size, _ := strings.Cut(prop, "/")
	if pass != strconv.Itoa(a.Passed) || size != strconv.Itoa(a.Sequences) {
		t.Errorf("%s: %d/%d passed, STS %s", what, a.Passed, a.Sequences, prop)
	}
	if propBad != (a.Passed < a.Min || a.Passed > a.Max) {
		t.Errorf("%s: %d in [%d, %d], STS %s", what, a.Passed, a.Min, a.Max, strings.Join(rest, " "))
	}
}

// batchPValues returns, for each test that applies to every sequence of
// the batch, its p-values: p[test][i][s] is p-value i on sequence s. The
// random excursions tests' p-values are 0 where they do not apply, as STS
// writes them.
func batchPValues(name string, n, k int) map[string][][]float64 {
	all := input(name)
	res := make([]map[string][]float64, k)
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for s := range k {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			b := all.Slice(s*n, (s+1)*n)
			res[s] = map[string][]float64{}
			for test, f := range battery {
				p, err := f(b)
				var na *NotApplicableError
				switch {
				case err == nil:
					res[s][test] = p
				case errors.As(err, &na) && test == "RandomExcursions":
					res[s][test] = make([]float64, 8)
				case errors.As(err, &na) && test == "RandomExcursionsVariant":
					res[s][test] = make([]float64, 18)
				}
			}
		}()
	}
	wg.Wait()
	p := map[string][][]float64{}
	for test := range battery {
		ok := true
		for s := range k {
			if _, found := res[s][test]; !found {
				ok = false
			}
		}
		if !ok {
			continue
		}
		m := len(res[0][test])
		p[test] = make([][]float64, m)
		for i := range m {
			for s := range k {
				p[test][i] = append(p[test][i], res[s][test][i])
			}
		}
	}
	return p
}

// TestAssess checks STS's conventions on small cases: a p-value printed
// 0.010000 fails, one printed 0.100000 is in the second bin, the expected
// count is truncated, and AssessExcursions drops zeros.
func TestAssess(t *testing.T) {
	a := Assess([]float64{0.0099999, 0.0100004, 0.0100006, 0.09999996, 1})
	if a.Sequences != 5 || a.Passed != 3 || a.Bins != [10]int{3, 1, 0, 0, 0, 0, 0, 0, 0, 1} || !math.IsNaN(a.Uniformity) {
		t.Errorf("Assess: %+v", a)
	}
	p := make([]float64, 25)
	for i := range p {
		p[i] = (float64(i) + 0.5) / 25
	}
	a = Assess(p)
	// 25 p-values, 2 or 3 a bin; STS's expected count is 2, not 2.5; the
	// range (0.99 ± 3√(0.99·0.01/25))·25 = [23.26, 26.24], truncated.
	chi2 := 0.0
	for _, f := range a.Bins {
		chi2 += float64((f-2)*(f-2)) / 2
	}
	if a.Passed != 25 || a.Min != 23 || a.Max != 26 || math.Abs(a.Uniformity-igamc(4.5, chi2/2)) > 1e-15 || !a.Pass() {
		t.Errorf("Assess of 25 even p-values: %+v", a)
	}
	if e := AssessExcursions([]float64{0, 0.0000004, 0.5}); e.Sequences != 1 {
		t.Errorf("AssessExcursions kept %d of 0, 0.0000004, 0.5; want 1", e.Sequences)
	}
	if bad := Assess(make([]float64, 100)); bad.Pass() || bad.Passed != 0 || bad.Uniformity > 1e-10 {
		t.Errorf("Assess of 100 zeros passes: %+v", bad)
	}
}
