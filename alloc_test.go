package shuffle

import (
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// allocCases are calls whose bytes allocated a test bounds. They are
// measured in a fresh process (allocatedBytes), where nothing else runs:
// runtime.MemStats counts the whole process, so in the test process a
// parallel test or the runtime's own work could be counted with the call.
var allocCases = map[string]func(){
	"reservoir-huge-k": func() {
		src := rand.NewPCG(4, 4)
		huge := int(min(1<<40, math.MaxInt))
		for _, items := range []int{10, 1000, 100_000} {
			for _, k := range []int{1 << 24, huge} {
				stream := slices.Values(ordered(items))
				measure("k="+strconv.Itoa(k)+" items="+strconv.Itoa(items), func() { Reservoir(src, stream, k) })
			}
		}
		long := slices.Values(ordered(100_000))
		measure("k=10 items=100000", func() { Reservoir(src, long, 10) })
	},
	"sampleof-million": func() {
		million := ordered(1_000_000)
		src := rand.NewPCG(6, 6)
		measure("SampleOf 10 of 1e6", func() { SampleOf(src, million, 10) })
	},
}

// measure prints the fewest bytes f allocated in 5 calls, as "name\tbytes".
func measure(name string, f func()) {
	best := uint64(math.MaxUint64)
	var before, after runtime.MemStats
	for range 5 {
		runtime.GC()
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		best = min(best, after.TotalAlloc-before.TotalAlloc)
	}
	os.Stdout.WriteString("alloc\t" + name + "\t" + strconv.FormatUint(best, 10) + "\n")
}

// TestAllocChild is the fresh process of allocatedBytes: it runs the case
// named by SHUFFLE_ALLOC_CASE, and nothing when that is not set.
func TestAllocChild(t *testing.T) {
	if c := os.Getenv("SHUFFLE_ALLOC_CASE"); c != "" {
		runtime.GOMAXPROCS(1)
		allocCases[c]()
	}
}

// allocatedBytes runs allocCases[name] in a fresh process of this test
// binary and returns the bytes each of its calls allocated, by name.
func allocatedBytes(t *testing.T, name string) map[string]uint64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestAllocChild$", "-test.count", "1")
	cmd.Env = append(os.Environ(), "SHUFFLE_ALLOC_CASE="+name)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	got := map[string]uint64{}
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Split(line, "\t"); len(f) == 3 && f[0] == "alloc" {
			b, err := strconv.ParseUint(f[2], 10, 64)
			require.NoError(t, err)
			got[f[1]] = b
		}
	}
	require.NotEmpty(t, got, "%s", out)
	return got
}
