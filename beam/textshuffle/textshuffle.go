// Package textshuffle shuffles the lines of text files on Apache Beam,
// exactly uniformly, by the two steps of package
// [github.com/fairshuffle/shuffle/scatter]:
//
//  1. [Read] reads each file with one DoFn call, so every line gets its
//     position: (the file's index in the input list, the line's index in
//     the file). [Label] keys every line by [scatter.Bucket] of its
//     position.
//  2. [Write] groups the lines by bucket, sorts each bucket by position
//     (runners deliver a group in any order), shuffles it with
//     [scatter.Shuffle] and writes it, whole, to the bucket's own file,
//     [ShardName](prefix, bucket, buckets).
//
// The file names are zero-padded, so concatenating them in name order gives
// the shuffled corpus: the order of [scatter.Order], which depends only on
// the key, the number of buckets and the number of lines in each file. No
// runner, number of workers, bundle size or retry can change it, and every
// bucket's file is written, empty or not, to a temporary name and then
// renamed, so a retried bundle rewrites the same bytes.
//
// Limits: a file is read by one worker, start to end (line numbers need
// that), so the corpus should come in many files for the read to spread;
// a bucket is held in one worker's memory, so choose the number of buckets
// to keep a bucket well inside it (bytes / buckets, about a quarter of a
// worker's memory at most).
package textshuffle

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/fairshuffle/shuffle/scatter"
)

func init() {
	beam.RegisterCoder(reflect.TypeFor[Record](), encodeRecord, decodeRecord)
	register.DoFn3x1[context.Context, int, func(Record), error](&readFn{})
	register.Emitter1[Record]()
	register.DoFn2x0[Record, func(int, Record)](&labelFn{})
	register.Emitter2[int, Record]()
	register.DoFn2x0[[]byte, func(int, bool)](&bucketsFn{})
	register.Emitter2[int, bool]()
	register.DoFn4x1[context.Context, int, func(*Record) bool, func(*bool) bool, error](&writeFn{})
	register.Iter1[Record]()
	register.Iter1[bool]()
}

// A Record is a line of the input, without its newline, and its position.
type Record struct {
	Pos  scatter.Pos
	Line string
}

func encodeRecord(r Record) []byte {
	b := binary.AppendUvarint(nil, r.Pos.File)
	b = binary.AppendUvarint(b, r.Pos.Line)
	return append(b, r.Line...)
}

func decodeRecord(b []byte) (Record, error) {
	f, n := binary.Uvarint(b)
	if n <= 0 {
		return Record{}, errors.New("textshuffle: bad record encoding")
	}
	l, m := binary.Uvarint(b[n:])
	if m <= 0 {
		return Record{}, errors.New("textshuffle: bad record encoding")
	}
	return Record{Pos: scatter.Pos{File: f, Line: l}, Line: string(b[n+m:])}, nil
}

// Shuffle adds to s the steps that shuffle the lines of files (paths any
// registered Beam filesystem can open) with key k among buckets buckets and
// write them to the files ShardName(prefix, b, buckets) for b in [0,
// buckets). It panics if buckets < 1.
func Shuffle(s beam.Scope, k scatter.Key, buckets int, files []string, prefix string) {
	s = s.Scope("textshuffle.Shuffle")
	Write(s, k, buckets, prefix, Label(s, k, buckets, Read(s, files)))
}

// Read returns a PCollection<Record> of the lines of files, each with its
// position: file f of the list is read by one DoFn call, from its start, and
// its i-th line (from 0) gets Pos{File: f, Line: i}. A line ends at '\n' or
// at the end of the file; a '\n' at the very end does not start a line.
func Read(s beam.Scope, files []string) beam.PCollection {
	s = s.Scope("textshuffle.Read")
	idx := make([]int, len(files))
	for i := range idx {
		idx[i] = i
	}
	return beam.ParDo(s, &readFn{Files: files}, beam.CreateList(s, idx))
}

type readFn struct {
	Files []string
}

func (f *readFn) ProcessElement(ctx context.Context, i int, emit func(Record)) error {
	path := f.Files[i]
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	rc, err := fs.OpenRead(ctx, path)
	if err != nil {
		return err
	}
	defer rc.Close()
	r := bufio.NewReaderSize(rc, 1<<20)
	for line := uint64(0); ; line++ {
		b, err := r.ReadSlice('\n')
		var long []byte
		for err == bufio.ErrBufferFull { // a line longer than the buffer
			long = append(long, b...)
			b, err = r.ReadSlice('\n')
		}
		if long != nil {
			b = append(long, b...)
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("textshuffle: reading %s: %w", path, err)
		}
		if len(b) == 0 { // end of file, no unterminated last line
			return nil
		}
		emit(Record{Pos: scatter.Pos{File: uint64(i), Line: line}, Line: string(bytes.TrimSuffix(b, []byte{'\n'}))})
	}
}

// Label returns a PCollection<KV<int, Record>>: the records, keyed by their
// bucket, [scatter.Bucket](k, r.Pos, buckets). It panics if buckets < 1.
func Label(s beam.Scope, k scatter.Key, buckets int, records beam.PCollection) beam.PCollection {
	if buckets < 1 {
		panic("textshuffle: Label: buckets < 1")
	}
	return beam.ParDo(s.Scope("textshuffle.Label"), &labelFn{Key: k, Buckets: buckets}, records)
}

type labelFn struct {
	Key     scatter.Key
	Buckets int
}

func (f *labelFn) ProcessElement(r Record, emit func(int, Record)) {
	emit(scatter.Bucket(f.Key, r.Pos, f.Buckets), r)
}

// Write writes labelled, a PCollection<KV<int, Record>> keyed by buckets in
// [0, buckets), to the files ShardName(prefix, b, buckets): the records of
// bucket b, sorted by position and shuffled by [scatter.Shuffle](k, b, …),
// one line each. Every bucket's file is written, empty or not, first under
// a temporary name. It panics if buckets < 1.
func Write(s beam.Scope, k scatter.Key, buckets int, prefix string, labelled beam.PCollection) {
	if buckets < 1 {
		panic("textshuffle: Write: buckets < 1")
	}
	s = s.Scope("textshuffle.Write")
	all := beam.ParDo(s, &bucketsFn{Buckets: buckets}, beam.Impulse(s))
	grouped := beam.CoGroupByKey(s, labelled, all)
	beam.ParDo0(s, &writeFn{Key: k, Buckets: buckets, Prefix: prefix}, grouped)
}

// bucketsFn emits every bucket's index once, so that every bucket has a
// group, and a file, even when no record falls in it.
type bucketsFn struct {
	Buckets int
}

func (f *bucketsFn) ProcessElement(_ []byte, emit func(int, bool)) {
	for b := range f.Buckets {
		emit(b, true)
	}
}

type writeFn struct {
	Key     scatter.Key
	Buckets int
	Prefix  string
}

func (f *writeFn) ProcessElement(ctx context.Context, b int, records func(*Record) bool, _ func(*bool) bool) (err error) {
	var rs []Record
	var r Record
	for records(&r) {
		rs = append(rs, r)
	}
	slices.SortFunc(rs, func(x, y Record) int { return x.Pos.Compare(y.Pos) })
	scatter.Shuffle(f.Key, b, rs)

	name := ShardName(f.Prefix, b, f.Buckets)
	var nonce [8]byte
	rand.Read(nonce[:])
	tmp := fmt.Sprintf("%s.tmp-%x", name, nonce)
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	wc, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(wc, 1<<20)
	for _, r := range rs {
		w.WriteString(r.Line)
		w.WriteByte('\n')
	}
	if err := errors.Join(w.Flush(), wc.Close()); err != nil {
		return fmt.Errorf("textshuffle: writing %s: %w", tmp, err)
	}
	return filesystem.Rename(ctx, fs, tmp, name)
}

// ShardName returns the name of bucket b's file among buckets files:
// prefix-BBBBB-of-NNNNN, zero-padded to five digits or more, so that the
// names sort in bucket order.
func ShardName(prefix string, b, buckets int) string {
	w := max(5, len(strconv.Itoa(buckets)))
	return fmt.Sprintf("%s-%0*d-of-%0*d", prefix, w, b, w, buckets)
}

// Expand returns the files named by patterns, in order: a pattern with a
// glob metacharacter (*?[) stands for its matches, sorted by name, and must
// match at least one file; any other pattern is a file name. A file's index
// in the result is its index in the records' positions.
func Expand(ctx context.Context, patterns []string) ([]string, error) {
	var files []string
	for _, p := range patterns {
		if !strings.ContainsAny(p, "*?[") {
			files = append(files, p)
			continue
		}
		fs, err := filesystem.New(ctx, p)
		if err != nil {
			return nil, err
		}
		m, err := fs.List(ctx, p)
		fs.Close()
		if err != nil {
			return nil, fmt.Errorf("textshuffle: listing %s: %w", p, err)
		}
		if len(m) == 0 {
			return nil, fmt.Errorf("textshuffle: no file matches %s", p)
		}
		slices.Sort(m)
		files = append(files, m...)
	}
	return files, nil
}
