package lines_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fairshuffle/shuffle/lines"
	"github.com/fairshuffle/shuffle/scatter"
)

// exampleFile writes text to a new file in a temporary directory, and
// returns its name and the directory.
func exampleFile(name, text string) (string, string) {
	dir, err := os.MkdirTemp("", "lines-example-")
	if err != nil {
		panic(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		panic(err)
	}
	return path, dir
}

// Shuffle a file to a writer: the same seed gives the same order on every
// machine, in this and later releases, as shuf --seed does.
func ExampleShuffle() {
	name, dir := exampleFile("words.txt", "alpha\nbravo\ncharlie\ndelta\necho\n")
	defer os.RemoveAll(dir)

	err := lines.Shuffle(context.Background(), os.Stdout, lines.Files(name), lines.Seed(1))
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// delta
	// bravo
	// echo
	// charlie
	// alpha
}

// Split a CSV file 80/10/10 into train, validation and test files, each
// compressed with gzip and starting with the header; a quoted field may
// hold a line break.
func ExampleSplit() {
	var b strings.Builder
	b.WriteString("id,text\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "%d,\"line one\nline two of record %d\"\n", i, i)
	}
	data, dir := exampleFile("data.csv", b.String())
	defer os.RemoveAll(dir)
	prefix := filepath.Join(dir, "data.csv.gz")

	err := lines.Shuffle(context.Background(), nil, lines.Files(data),
		lines.CSV(','), lines.Header(1), lines.Seed(7),
		lines.Split(80, 10, 10), lines.Output(prefix))
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, name := range lines.PartNames(prefix, lines.Split(80, 10, 10)) {
		fmt.Println(filepath.Base(name), records(name))
	}
	// Output:
	// data.csv.train.gz 800
	// data.csv.val.gz 100
	// data.csv.test.gz 100
}

// records counts the records of a gzip CSV file after its header: lines
// that start with a digit.
func records(name string) int {
	f, err := os.Open(name)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		panic(err)
	}
	n := 0
	sc := bufio.NewScanner(z)
	for sc.Scan() {
		if t := sc.Text(); t != "" && t[0] >= '0' && t[0] <= '9' {
			n++
		}
	}
	return n
}

// Shuffle past a memory limit: past 64 MB the lines go through temporary
// files (removed at the end), and the output is the one the shuffle in
// memory gives for the same seed. Here a 64 KiB limit stands in for a
// large file past 64 MB, so that the example runs quickly.
func ExampleMemory() {
	var b strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&b, "%d\n", i)
	}
	name, dir := exampleFile("numbers.txt", b.String())
	defer os.RemoveAll(dir)
	shuffled := func(opts ...lines.Option) [32]byte {
		var out bytes.Buffer
		opts = append(opts, lines.Seed(3))
		if err := lines.Shuffle(context.Background(), &out, lines.Files(name), opts...); err != nil {
			panic(err)
		}
		return sha256.Sum256(out.Bytes())
	}

	var phases []string
	spilled := shuffled(lines.Memory(64<<10), lines.Progress(func(ph *lines.Phase) {
		if ph.Top {
			phases = append(phases, strings.Fields(ph.Name)[0])
		}
	}))
	fmt.Println(spilled == shuffled(lines.Memory(64<<20)))
	fmt.Println(phases[:2])
	// Output:
	// true
	// [reading spilling]
}

// Shuffle on one machine in the order the Beam pipeline (beam/textshuffle,
// shuffle-beam --seed 7 --buckets 4) writes for the same files:
// scatter.Order's, whatever the memory.
func ExampleKeyed() {
	name, dir := exampleFile("words.txt", "alpha\nbravo\ncharlie\ndelta\necho\nfoxtrot\n")
	defer os.RemoveAll(dir)

	key := scatter.NewKey(7)
	err := lines.Shuffle(context.Background(), os.Stdout, lines.Files(name), lines.Keyed(key, 4))
	if err != nil {
		fmt.Println(err)
	}
	fmt.Println(scatter.Order(key, []int{6}, 4)) // (file, line) of each
	// Output:
	// charlie
	// foxtrot
	// alpha
	// bravo
	// echo
	// delta
	// [{0 2} {0 5} {0 0} {0 1} {0 4} {0 3}]
}
