// Command plot draws ns/element against n, on a log scale, for each
// implementation in the output of BenchmarkCompare, using the median of
// repeated runs.
//
//	go run ./plot -in bench.txt -out ns-per-element.png
package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"regexp"
	"slices"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

func main() {
	in := flag.String("in", "-", "benchmark output to read (- for standard input)")
	out := flag.String("out", "ns-per-element.png", "image to write (.png or .svg)")
	flag.Parse()
	r := io.Reader(os.Stdin)
	if *in != "-" {
		f, err := os.Open(*in)
		if err != nil {
			log.Fatal(err)
		}
		defer f.Close()
		r = f
	}
	series, err := parse(r)
	if err != nil {
		log.Fatal(err)
	}
	if err := draw(series, *out); err != nil {
		log.Fatal(err)
	}
}

var line = regexp.MustCompile(`^BenchmarkCompare/impl=([^/]+)/n=(\d+)(?:-\d+)?\s.*?\s([\d.]+) ns/element`)

// parse returns, for each implementation, the median ns/element at each n.
func parse(r io.Reader) (map[string]plotter.XYs, error) {
	samples := map[string]map[int][]float64{}
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		m := line.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		n, _ := strconv.Atoi(m[2])
		v, err := strconv.ParseFloat(m[3], 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", sc.Text(), err)
		}
		if samples[m[1]] == nil {
			samples[m[1]] = map[int][]float64{}
		}
		samples[m[1]][n] = append(samples[m[1]][n], v)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("no BenchmarkCompare lines with ns/element")
	}
	series := map[string]plotter.XYs{}
	for impl, byN := range samples {
		for n, vs := range byN {
			slices.Sort(vs)
			series[impl] = append(series[impl], plotter.XY{X: float64(n), Y: vs[len(vs)/2]})
		}
		slices.SortFunc(series[impl], func(a, b plotter.XY) int { return cmp.Compare(a.X, b.X) })
	}
	return series, nil
}

func draw(series map[string]plotter.XYs, out string) error {
	p := plot.New()
	p.Title.Text = "Shuffling []int: time per element"
	p.X.Label.Text = "n (items)"
	p.Y.Label.Text = "ns per element (median)"
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = plot.LogTicks{Prec: -1}
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	p.Legend.Left = true
	names := make([]string, 0, len(series))
	for name := range series {
		names = append(names, name)
	}
	slices.Sort(names)
	for i, name := range names {
		l, pts, err := plotter.NewLinePoints(series[name])
		if err != nil {
			return err
		}
		l.Color = plotutil.Color(i)
		l.Dashes = plotutil.Dashes(i)
		pts.Color = plotutil.Color(i)
		pts.Shape = plotutil.Shape(i)
		p.Add(l, pts)
		p.Legend.Add(name, l, pts)
	}
	return p.Save(8*vg.Inch, 5*vg.Inch, out)
}
