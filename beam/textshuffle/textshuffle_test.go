package textshuffle_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/graph"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/runtime/graphx"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	"github.com/fairshuffle/shuffle/internal/perm"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/fairshuffle/shuffle/beam/textshuffle"
	"github.com/fairshuffle/shuffle/lines"
	"github.com/fairshuffle/shuffle/scatter"
)

// alpha is the level of every statistical test here: a fair pipeline fails
// one with probability 10⁻⁴, one of the two that must pass with probability
// at most 2·10⁻⁴. The seeds are fixed, so a verdict is the same on every run.
const alpha = 1e-4

func init() {
	register.DoFn2x0[textshuffle.Record, func(int, textshuffle.Record)](&labelByContent{})
}

type quiet struct{}

func (quiet) Log(context.Context, log.Severity, int, string) {}

func TestMain(m *testing.M) {
	beam.Init()
	log.SetLogger(quiet{}) // the direct runner logs every pipeline it runs
	os.Exit(m.Run())
}

// writeFiles writes files into dir as f0, f1, …, each line ending in '\n'
// except where the line list ends with "" (an unterminated last line is
// the one before it), and returns their paths.
func writeFiles(t *testing.T, dir string, files [][]string) []string {
	var paths []string
	for i, lines := range files {
		text := strings.Join(lines, "\n")
		if len(lines) > 0 && lines[len(lines)-1] != "" {
			text += "\n"
		}
		p := filepath.Join(dir, fmt.Sprintf("f%d", i))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
		paths = append(paths, p)
	}
	return paths
}

// readShards returns the lines of the files prefix-*-of-*, concatenated in
// name order, after checking that there are exactly buckets of them and no
// temporary file is left.
func readShards(t *testing.T, prefix string, buckets int) []string {
	names, err := filepath.Glob(prefix + "-*")
	require.NoError(t, err)
	require.Len(t, names, buckets)
	slices.Sort(names)
	var lines []string
	for b, n := range names {
		require.Equal(t, textshuffle.ShardName(prefix, b, buckets), n)
		text, err := os.ReadFile(n)
		require.NoError(t, err)
		if len(text) > 0 {
			lines = append(lines, strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")...)
		}
	}
	return lines
}

// want returns the lines of files in the order scatter.Order gives for k.
func want(k scatter.Key, files [][]string, buckets int) []string {
	counts := make([]int, len(files))
	for f, lines := range files {
		counts[f] = len(lines)
		if len(lines) > 0 && lines[len(lines)-1] == "" {
			counts[f]-- // the "" marks an unterminated last line
		}
	}
	var out []string
	for _, p := range scatter.Order(k, counts, buckets) {
		out = append(out, files[p.File][p.Line])
	}
	return out
}

func run(t *testing.T, p *beam.Pipeline) {
	_, err := direct.Execute(context.Background(), p)
	require.NoError(t, err)
}

// TestShuffle runs the whole pipeline, from files to files, and checks
// that its output is scatter.Order's, twice for each case: the direct
// runner hands the groups to the writer in the order of a Go map, different
// on every run.
func TestShuffle(t *testing.T) {
	files := [][]string{
		{"a", "b", "", "b", "c", "d", "e"},
		{},
		{"same", "same", "same", "x\ty", "long " + strings.Repeat("z", 3<<20), "", "w", "", "unterminated", ""},
		{"one"},
	}
	dir := t.TempDir()
	paths := writeFiles(t, dir, files)
	for i, buckets := range []int{1, 3, 50} {
		k := scatter.NewKey(uint64(100 + i))
		var first []string
		for rep := range 2 {
			prefix := filepath.Join(dir, fmt.Sprintf("out%d-%d", buckets, rep), "part")
			p, s := beam.NewPipelineWithRoot()
			textshuffle.Shuffle(s, k, buckets, paths, prefix)
			run(t, p)
			got := readShards(t, prefix, buckets)
			require.Equal(t, want(k, files, buckets), got, "buckets=%d", buckets)
			if rep == 0 {
				first = got
			}
		}
		assert.NotEqual(t, files[0], first[:len(files[0])])
	}
}

// TestSameAsLines: the pipeline and the lines package with Keyed (shuf
// --buckets B --seed N) write the same bytes for the same key, buckets and
// files: one implementation of the labels and of each bucket's shuffle,
// scatter's, on a cluster and on one machine, in memory or spilled.
func TestSameAsLines(t *testing.T) {
	files := [][]string{
		{"a", "b", "", "b", "c", "d", "e"},
		{},
		{"same", "same", "same", "x\ty", "w", "", "unterminated", ""},
		{"one"},
	}
	var big []string
	for i := range 5000 {
		big = append(big, fmt.Sprintf("line %d", i))
	}
	files = append(files, big)
	dir := t.TempDir()
	paths := writeFiles(t, dir, files)
	for _, buckets := range []int{1, 7, 300} {
		k := scatter.NewKey(uint64(buckets))
		prefix := filepath.Join(dir, fmt.Sprintf("out%d", buckets), "part")
		p, s := beam.NewPipelineWithRoot()
		textshuffle.Shuffle(s, k, buckets, paths, prefix)
		run(t, p)
		beamOut := strings.Join(readShards(t, prefix, buckets), "\n") + "\n"
		for _, mem := range []int64{0, 16 << 10} { // in memory; spilled
			var b strings.Builder
			opts := []lines.Option{lines.Keyed(k, buckets)}
			if mem > 0 {
				opts = append(opts, lines.Memory(mem))
			}
			require.NoError(t, lines.Shuffle(context.Background(), &b, lines.Files(paths...), opts...))
			assert.Equal(t, beamOut, b.String(), "buckets=%d memory=%d", buckets, mem)
		}
	}
}

// TestDelivery feeds the same records to Label and Write as 1 and as 4
// PCollections, each a different random permutation of the records,
// flattened: what reaches the grouping, and in what order, is what the
// number of workers and the bundle sizes change. The direct runner itself
// has no parallelism setting, so this is how the test varies them; the
// output must not change.
func TestDelivery(t *testing.T) {
	var records []textshuffle.Record
	for f, n := range []int{40, 3, 25} {
		for i := range n {
			records = append(records, textshuffle.Record{Pos: scatter.Pos{File: uint64(f), Line: uint64(i)}, Line: fmt.Sprintf("%d:%d", f, i)})
		}
	}
	k, buckets := scatter.NewKey(9), 4
	var ref []string
	for _, p := range scatter.Order(k, []int{40, 3, 25}, buckets) {
		ref = append(ref, fmt.Sprintf("%d:%d", p.File, p.Line))
	}
	dir := t.TempDir()
	for _, splits := range []int{1, 4} {
		for rep := range 3 {
			perm := slices.Clone(records)
			rand.New(rand.NewPCG(uint64(splits), uint64(rep))).Shuffle(len(perm), func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
			p, s := beam.NewPipelineWithRoot()
			var parts []beam.PCollection
			for w := range splits {
				parts = append(parts, beam.CreateList(s, perm[w*len(perm)/splits:(w+1)*len(perm)/splits]))
			}
			prefix := filepath.Join(dir, fmt.Sprintf("s%d-%d", splits, rep), "part")
			textshuffle.Write(s, k, buckets, prefix, textshuffle.Label(s, k, buckets, beam.Flatten(s, parts...)))
			run(t, p)
			assert.Equal(t, ref, readShards(t, prefix, buckets), "splits=%d, rep=%d", splits, rep)
		}
	}
}

// labelByContent is the mistake the package avoids: a bucket from the
// line's content, so that identical lines always share a bucket.
type labelByContent struct {
	Key     scatter.Key
	Buckets int
}

func (f *labelByContent) ProcessElement(r textshuffle.Record, emit func(int, textshuffle.Record)) {
	var h uint64
	for _, c := range []byte(r.Line) {
		h = h*31 + uint64(c)
	}
	emit(scatter.Bucket(f.Key, scatter.Pos{Line: h}, f.Buckets), r)
}

// orderTest shuffles files with the keys of seeds 0…trials−1, all in one
// pipeline on the direct runner, labelling with label (nil: Label), and
// returns the p-value of the chi-square of the counts of the distinct
// orders of the lines against equal counts.
func orderTest(t *testing.T, files [][]string, buckets, trials int, label func(beam.Scope, scatter.Key, beam.PCollection) beam.PCollection) float64 {
	dir := t.TempDir()
	paths := writeFiles(t, dir, files)
	p, s := beam.NewPipelineWithRoot()
	for i := range trials {
		k := scatter.NewKey(uint64(i))
		recs := textshuffle.Read(s, paths)
		var labelled beam.PCollection
		if label == nil {
			labelled = textshuffle.Label(s, k, buckets, recs)
		} else {
			labelled = label(s, k, recs)
		}
		textshuffle.Write(s, k, buckets, filepath.Join(dir, fmt.Sprint(i), "part"), labelled)
	}
	run(t, p)

	var all []string
	for _, f := range files {
		all = append(all, f...)
	}
	slices.Sort(all)
	index := map[string]int{}
	for {
		index[strings.Join(all, "\n")] = len(index)
		if !perm.Next(all) {
			break
		}
	}
	obs := make([]float64, len(index))
	exp := make([]float64, len(index))
	for i := range trials {
		j, ok := index[strings.Join(readShards(t, filepath.Join(dir, fmt.Sprint(i), "part"), buckets), "\n")]
		require.True(t, ok, "trial %d: not an order of the input", i)
		obs[j]++
	}
	for j := range exp {
		exp[j] = float64(trials) / float64(len(exp))
	}
	return distuv.ChiSquared{K: float64(len(obs) - 1)}.Survival(stat.ChiSquare(obs, exp))
}

// TestUniform runs the pipeline under 720 seeds on 4 distinct lines in two
// files (24 orders, 30 expected each) and under 600 seeds on 4 lines of
// which two are equal (12 orders, 50 each), with 2 buckets; and, as the
// negative control, the second with buckets from the lines' content, which
// keeps the equal lines together. Each of the three runs all its shuffles in
// one pipeline: 1,920 shuffles, about 5 s of CPU.
func TestUniform(t *testing.T) {
	distinct := [][]string{{"a", "b", "c"}, {"d"}}
	repeated := [][]string{{"x", "y"}, {"x", "z"}}
	p := orderTest(t, distinct, 2, 720, nil)
	t.Logf("4 distinct lines, 2 buckets, 720 seeds: p=%.3g", p)
	assert.Greater(t, p, alpha)
	p = orderTest(t, repeated, 2, 600, nil)
	t.Logf("4 lines, 2 equal, 2 buckets, 600 seeds: p=%.3g", p)
	assert.Greater(t, p, alpha)
	byContent := func(s beam.Scope, k scatter.Key, recs beam.PCollection) beam.PCollection {
		return beam.ParDo(s, &labelByContent{Key: k, Buckets: 2}, recs)
	}
	p = orderTest(t, repeated, 2, 600, byContent)
	t.Logf("control, labelled by content: p=%.3g", p)
	assert.Less(t, p, alpha)
}

// TestEncoding sends the pipeline's DoFns through the encoding that carries
// them to the workers of the portable runners (Flink, Spark, Dataflow), which
// the direct runner skips: the key, the file list and the rest must arrive
// intact.
func TestEncoding(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	textshuffle.Shuffle(s, scatter.NewKey(5), 7, []string{"a.txt", "gs://b/c.txt"}, "out/x")
	edges, _, err := p.Build()
	require.NoError(t, err)
	fns := 0
	for _, e := range edges {
		if e.Op != graph.ParDo || !strings.HasPrefix(reflect.TypeOf(e.DoFn.Recv).String(), "*textshuffle.") {
			continue
		}
		pb, err := graphx.EncodeMultiEdge(e)
		require.NoError(t, err)
		_, fn, _, _, _, err := graphx.DecodeMultiEdge(pb)
		require.NoError(t, err)
		assert.Equal(t, e.DoFn.Recv, fn.Recv)
		fns++
	}
	assert.Equal(t, 4, fns) // read, label, buckets, write
}

func TestShardName(t *testing.T) {
	assert.Equal(t, "out/x-00007-of-00256", textshuffle.ShardName("out/x", 7, 256))
	assert.Equal(t, "x-000007-of-123456", textshuffle.ShardName("x", 7, 123456))
}

func TestExpand(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"b.txt", "a.txt", "c.log"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), nil, 0o644))
	}
	got, err := textshuffle.Expand(context.Background(), []string{filepath.Join(dir, "c.log"), filepath.Join(dir, "*.txt")})
	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "c.log"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")}, got)
	_, err = textshuffle.Expand(context.Background(), []string{filepath.Join(dir, "*.csv")})
	assert.ErrorContains(t, err, "no file matches")
}

func TestPanics(t *testing.T) {
	_, s := beam.NewPipelineWithRoot()
	assert.PanicsWithValue(t, "textshuffle: Label: buckets < 1", func() { textshuffle.Label(s, scatter.Key{}, 0, beam.PCollection{}) })
	assert.PanicsWithValue(t, "textshuffle: Write: buckets < 1", func() { textshuffle.Write(s, scatter.Key{}, 0, "x", beam.PCollection{}) })
}

// BenchmarkShuffle runs the whole pipeline on the direct runner over n
// lines of 20 bytes in 4 files, 64 buckets, and reports the time per line.
func BenchmarkShuffle(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		b.Run(fmt.Sprintf("lines=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			var paths []string
			for f := range 4 {
				var sb strings.Builder
				for i := range n / 4 {
					fmt.Fprintf(&sb, "line %6d of file %d\n", i, f)
				}
				p := filepath.Join(dir, fmt.Sprintf("f%d", f))
				require.NoError(b, os.WriteFile(p, []byte(sb.String()), 0o644))
				paths = append(paths, p)
			}
			for i := 0; b.Loop(); i++ {
				p, s := beam.NewPipelineWithRoot()
				textshuffle.Shuffle(s, scatter.NewKey(uint64(i)), 64, paths, filepath.Join(dir, fmt.Sprint(i), "part"))
				if _, err := direct.Execute(context.Background(), p); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/line")
		})
	}
}
