package sp80022

import (
	"bufio"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// battery maps NIST's name of each test to its function.
var battery = func() map[string]func(Bits) ([]float64, error) {
	m := map[string]func(Bits) ([]float64, error){}
	for _, t := range Tests() {
		m[t.Name] = t.Run
	}
	return m
}()

// TestSTS holds every test to STS 2.1.2's p-values on the inputs of
// inputs_test.go, as testdata/run-sts recorded them: STS prints six
// decimals, so each p-value must be within 1e-6 (half a unit of the sixth
// decimal and rounding), and where STS wrote none the test must not apply.
func TestSTS(t *testing.T) {
	f, err := os.Open("testdata/sts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checked := map[string]int{}
	worst := map[string]float64{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		name, test := fields[0], fields[1]
		fn, ok := battery[test]
		if !ok {
			continue // not provided yet
		}
		got, err := fn(input(name))
		if fields[2] == "NA" {
			var na *NotApplicableError
			if !errors.As(err, &na) {
				t.Errorf("%s %s: got %v, %v; STS wrote no p-value", name, test, got, err)
			}
			checked[test]++
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v; STS wrote %v", name, test, err, fields[2:])
			continue
		}
		if len(got) != len(fields)-2 {
			t.Errorf("%s %s: %d p-values, STS wrote %d", name, test, len(got), len(fields)-2)
			continue
		}
		for i, s := range fields[2:] {
			want, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			d := math.Abs(got[i] - want)
			worst[test] = max(worst[test], d)
			if d > 1e-6 || math.IsNaN(got[i]) {
				t.Errorf("%s %s[%d] = %.9f, STS %s", name, test, i, got[i], s)
			}
		}
		checked[test]++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for test := range battery {
		if checked[test] != len(inputs) {
			t.Errorf("%s: checked on %d inputs, want all %d", test, checked[test], len(inputs))
		}
		t.Logf("%-24s largest |p − STS's| %.2g", test, worst[test])
	}
}
