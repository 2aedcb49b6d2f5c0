package shuffle

import (
	"flag"
	"os"
	"testing"
)

// TestMain gives the benchmarks a default -benchtime of 0.1 s instead of
// 1 s, so that docs/performance.md's `go test -run '^$' -bench .` finishes in well
// under 30 s with every algorithm in it; an explicit -benchtime wins.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.benchtime" })
	if !set {
		if err := flag.Set("test.benchtime", "100ms"); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}

// skipInBroadRun skips a benchmark of many seconds per operation in a run of
// every benchmark (-bench . or -bench .*) without -sweep; a -bench pattern
// of its own, or -sweep, runs it.
func skipInBroadRun(b *testing.B) {
	if p := flag.Lookup("test.bench").Value.String(); !*sweepBench && (p == "." || p == ".*") {
		b.Skip("seconds per operation: -sweep, or name it in -bench")
	}
}
