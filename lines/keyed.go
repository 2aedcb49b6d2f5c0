package lines

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/fairshuffle/shuffle"
	"github.com/fairshuffle/shuffle/scatter"
)

// Keyed shuffles as package scatter does for key k and buckets buckets:
// in [scatter.Order]'s order, which beam/textshuffle writes too. A line's
// position is its file's index in [Files] and its index in that file;
// [Strings] and [Range] are one file. Keyed replaces the run's source,
// goes without [Repeat], [Algorithm], [Header], [CSV] and [Aligned], and
// panics if buckets is not in [1, 65536]. [Count] writes the order's head.
func Keyed(k scatter.Key, buckets int) Option {
	if buckets < 1 || buckets > labels {
		panic(fmt.Sprintf("lines.Keyed: buckets %d not in [1, %d]", buckets, labels))
	}
	return func(o *options) { o.key = &keying{key: k, buckets: uint64(buckets)} }
}

// keying is [Keyed]'s key and number of buckets.
//
// Both kinds of run are one algorithm on one machinery (the labels, the
// groups, the buckets in memory, the spill): with Keyed, a line's label
// is its scatter bucket, spread over the 16 bits of labels, and each group
// is shuffled by scatter.Shuffle rather than by the run's source in turn.
// A run without Keyed keeps labels drawn from its source, whose --seed
// streams are pinned for every release (scatter.go says why).
type keying struct {
	key     scatter.Key
	buckets uint64
}

// label is the label of the line at p: its bucket b, spread as
// ⌊b·2¹⁶/buckets⌋, which keeps the buckets' order and leaves no two
// buckets on one label, so that the spill's and the buckets' ranges of
// labels divide the lines as evenly as ever.
func (k *keying) label(p scatter.Pos) uint16 {
	b := uint64(scatter.Bucket(k.key, p, int(k.buckets)))
	return uint16(b << labelBits / k.buckets)
}

// bucket is the bucket whose label is l, ⌈l·buckets/2¹⁶⌉: from
// b·2¹⁶/buckets − 1 < l ≤ b·2¹⁶/buckets and buckets ≤ 2¹⁶ follows
// b − 1 < l·buckets/2¹⁶ ≤ b.
func (k *keying) bucket(l int) int {
	return int((uint64(l)*k.buckets + labels - 1) >> labelBits)
}

// check refuses what does not go with Keyed.
func (k *keying) check(o *options) error {
	if k == nil {
		return nil
	}
	var with string
	switch {
	case o.seedSet || o.crypto || o.src != nil || o.randSet:
		with = "a random source"
	case o.repeat:
		with = "-r"
	case o.alg != nil:
		with = "--algo"
	case o.header > 0:
		with = "--header"
	case o.data.csv:
		with = "--csv"
	case o.data.aligned:
		with = "--aligned"
	default:
		return nil
	}
	return fatalError("--buckets cannot be combined with " + with)
}

// fileEnds is where each input file's lines end in the stream's count of
// lines, for the positions of [Keyed]'s labels: end[i] is the number of
// lines of files 0 to i, MaxUint64 until the stream has read file i to
// its end. The stream and the labels may be on different goroutines.
type fileEnds struct {
	end   []atomic.Uint64
	lines uint64 // the delimiters the stream has given
}

func newFileEnds(files int) *fileEnds {
	e := &fileEnds{end: make([]atomic.Uint64, files)}
	for i := range e.end {
		e.end[i].Store(math.MaxUint64)
	}
	return e
}

// keyedLabel is the label of the labeler's next line, and moves it on.
func (l *labeler) keyedLabel(k *keying) uint16 {
	if st := l.s.st; st != nil && st.ends != nil {
		// Past the files that end at or before line n. The last file's
		// end is never passed: it is the count of every line the stream
		// gave, n's included, or MaxUint64 until the stream has it.
		for l.n >= st.ends.end[l.file].Load() {
			l.file++
		}
	}
	p := scatter.Pos{File: l.file, Line: l.n}
	if l.file > 0 {
		p.Line -= l.s.st.ends.end[l.file-1].Load()
	}
	l.n++
	return k.label(p)
}

// A mixer shuffles the groups (step 3): all from the run's fisher-yates,
// in label order, or, with [Keyed], each group by [scatter.Shuffle] for
// its bucket.
type mixer struct {
	fy  shuffle.Shuffler
	key *keying
}

func (s *shuf) mixer() mixer { return mixer{shuffle.NewFisherYates(s.src), s.key} }

// mix shuffles g, the group of label l.
func mix[S ~[]E, E any](m mixer, l int, g S) {
	if m.key != nil {
		scatter.Shuffle(m.key.key, m.key.bucket(l), g)
		return
	}
	shuffle.Slice(m.fy, g)
}
