// Command shuffle-beam shuffles the lines of text files, exactly uniformly,
// on an Apache Beam runner: on this machine (direct or prism), or on Flink, Spark or
// Google Cloud Dataflow.
//
//	shuffle-beam --seed 7 --buckets 256 --output out/corpus 'data/part-*.txt'
//
// writes out/corpus-00000-of-00256 … out/corpus-00255-of-00256;
// concatenated in name order they hold every line of the inputs, in an order
// that depends only on the seed, the number of buckets and the number of
// lines in each input file (see package textshuffle). Inputs are file names
// or glob patterns (a pattern's matches sorted by name), local or, on
// Dataflow, gs://. Without --seed the order is drawn from crypto/rand.
//
// Runner flags are Beam's: --runner (direct, prism, flink, spark, dataflow,
// universal), --endpoint for Flink and Spark job servers, --project,
// --region and --staging_location for Dataflow. --runner prism starts
// Beam's portable runner inside this process, with its workers in it too
// (loopback): nothing to install or download, and no network past this
// machine. While the pipeline runs, prism's job server listens on a port
// the kernel picks, on every interface; and Beam leaves an empty file
// beamloopbackworker-* in the temporary directory on each run.
package main

import (
	"context"
	"crypto/rand"
	"flag"
	"fmt"
	"log"
	"os"
	"strconv"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/gcs"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/dataflow"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/direct"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/flink"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/spark"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/universal"

	"github.com/fairshuffle/shuffle/beam/textshuffle"
	"github.com/fairshuffle/shuffle/scatter"
)

var (
	output  = flag.String("output", "", "prefix of the output files (required)")
	buckets = flag.Int("buckets", 256, "number of buckets, and of output files; a bucket must fit in a worker's memory")
	seed    *uint64
)

func init() {
	flag.Func("seed", "seed of the order (default: random)", func(s string) error {
		v, err := strconv.ParseUint(s, 10, 64)
		seed = &v
		return err
	})
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: shuffle-beam [flags] --output PREFIX FILE|PATTERN...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	beam.Init() // on a worker, runs the worker and exits

	if *output == "" || flag.NArg() == 0 || *buckets < 1 {
		flag.Usage()
		os.Exit(2)
	}
	var key scatter.Key
	if seed != nil {
		key = scatter.NewKey(*seed)
	} else {
		rand.Read(key[:])
	}
	ctx := context.Background()
	files, err := textshuffle.Expand(ctx, flag.Args())
	if err != nil {
		log.Fatal(err)
	}
	p, s := beam.NewPipelineWithRoot()
	textshuffle.Shuffle(s, key, *buckets, files, *output)
	runner := *runners.Runner
	if runner == "" {
		runner = "direct"
	}
	if _, err := beam.Run(ctx, runner, p); err != nil {
		log.Fatal(err)
	}
}
