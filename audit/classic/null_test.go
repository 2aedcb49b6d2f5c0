package classic

import (
	"math/rand/v2"
	"testing"

	"github.com/fairshuffle/shuffle/audit/sp80022"
	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/stattest"
)

// scaled is every test at parameters for scaled numbers, small ranges
// where ties are common (a die, a deck), so that the laws' handling of
// ties is on trial.
var scaled = []struct {
	name string
	d    uint64
	run  func(v []uint32, d uint64) (Result, error)
}{
	{"Equidistribution d=52", 52, Equidistribution},
	{"SerialPairs d=6", 6, func(v []uint32, d uint64) (Result, error) { return Serial(v, d, 2) }},
	{"SerialTriples d=6", 6, func(v []uint32, d uint64) (Result, error) { return Serial(v, d, 3) }},
	{"Gap d=52 [0,13) t=16", 52, func(v []uint32, d uint64) (Result, error) { return Gap(v, d, 0, 13, 16) }},
	{"Poker d=6 k=5", 6, func(v []uint32, d uint64) (Result, error) { return Poker(v, d, 5) }},
	{"CouponCollector d=6 t=30", 6, func(v []uint32, d uint64) (Result, error) { return CouponCollector(v, d, 30) }},
	{"Permutations d=52 t=4", 52, func(v []uint32, d uint64) (Result, error) { return Permutations(v, d, 4) }},
	{"RunsUp d=6 t=5", 6, func(v []uint32, d uint64) (Result, error) { return RunsUp(v, d, 5) }},
	{"RunsDown d=6 t=5", 6, func(v []uint32, d uint64) (Result, error) { return RunsDown(v, d, 5) }},
	{"MaxOfT d=52 t=5", 52, func(v []uint32, d uint64) (Result, error) { return MaxOfT(v, d, 5, 16) }},
	{"SerialCorrelation d=6", 6, func(v []uint32, d uint64) (Result, error) { return SerialCorrelation(v, d, 1) }},
}

// TestNull runs every test on many fair sequences from fixed seeds and
// holds each test's p-values to NIST's second level (sp80022.Assess):
// the proportion not below 0.01 within STS's range and the p-values' ten
// bins uniform (p ≥ 10⁻⁴). For uniform p-values a test fails that with
// chance about 0.0035 at 100 sequences (5 or more below 0.01: 0.0034; the
// bins: 10⁻⁴), about 0.08 for the 23 checks together; at 1,000 sequences
// 0.0016 a test (21 or more below 0.01: 0.0015). The seeds are fixed, so
// the verdict is the same every run. On bits: 100 sequences of 400,000
// bits of PCG (1,000 of 10⁶ with SHUFFLE_LONG=1, about 20 s of CPU); on
// scaled numbers: 100 sequences of 30,000 integers (1,000).
func TestNull(t *testing.T) {
	seqs, bits := 100, 400000
	if long.Enabled() {
		seqs, bits = 1000, 1000000
	}
	c := stattest.Checks{Rule: "sp80022.Assess passes: ≥ 96 of 100 p-values (980 of 1,000) not below 0.01, bins uniform at p ≥ 1e-4; each fails by chance about 0.0035 (0.0016)"}
	ps := map[string][]float64{}
	var names []string
	for s := range seqs {
		b := sp80022.FromSource(rand.NewPCG(uint64(s), 29), bits)
		for _, o := range Battery(b) {
			if o.Err != nil {
				t.Fatalf("seed %d: %s: %v", s, o.Name, o.Err)
			}
			if s == 0 {
				names = append(names, o.Name)
			}
			ps[o.Name] = append(ps[o.Name], o.P)
		}
		r := rand.New(rand.NewPCG(uint64(s), 30))
		v := make([]uint32, 30000)
		for _, sc := range scaled {
			for i := range v {
				v[i] = uint32(r.Uint64N(sc.d))
			}
			res, err := sc.run(v, sc.d)
			if err != nil {
				t.Fatalf("seed %d: %s: %v", s, sc.name, err)
			}
			if s == 0 {
				names = append(names, sc.name)
			}
			ps[sc.name] = append(ps[sc.name], res.P)
		}
	}
	for _, name := range names {
		a := sp80022.Assess(ps[name])
		c.Check(a.Pass(), float64(a.Min-a.Passed)+1e4*max(0, 1e-4-a.Uniformity), "%s: %d of %d pass (range %d–%d), uniformity %.3g, bins %v",
			name, a.Passed, a.Sequences, a.Min, a.Max, a.Uniformity, a.Bins)
		t.Logf("%s: %d of %d pass, uniformity %.3g, bins %v", name, a.Passed, a.Sequences, a.Uniformity, a.Bins)
	}
	c.Report(t)
	if len(names) != len(Tests())+len(scaled) {
		t.Errorf("%d tests assessed, want %d", len(names), len(Tests())+len(scaled))
	}
}
