package audit

import (
	"math"
	"math/bits"
)

// keep is the most lines whose keys the repeats test holds, in a table of
// at most 2·keep slots of 16 bytes: 16 MiB, whatever the number of decks.
var keep int64 = 1 << 19

// repeatTally counts repeated lines in constant memory. The keys of the
// first keep lines are held: a repeat among them is counted as it comes;
// after them, a line equal to one of them is counted, and the others are
// not held. Both counts have exact laws (repeatTally.law), and a shuffle
// that can deal only a few billion orders still repeats one of the first
// million thousands of times in ten million decks.
type repeatTally struct {
	keys  keySet
	decks int64 // lines offered
	first int64 // repeats among the first keep lines
	later int64 // lines after those equal to one of them
}

func (r *repeatTally) add(key [2]uint64) {
	r.decks++
	switch {
	case r.decks <= keep:
		if !r.keys.insert(key) {
			r.first++
		}
	case r.keys.has(key):
		r.later++
	}
}

func (r *repeatTally) repeats() int64 { return r.first + r.later }

// law returns the mean and variance of repeats() for uniform lines from
// exp(logM) equally likely ones (variance NaN where the count is Poisson).
// Up to keep lines this is the birthday law. Beyond, with K = keep lines
// held and S distinct among them, the repeats are K − S plus a binomial
// count of the D − K later lines that fall among the S: mean
// E[K−S] + (D−K)E[S]/M and variance (1 − (D−K)/M)²Var(S) +
// (D−K)(E[S]/M − E[S²]/M²).
func (r *repeatTally) law(logM float64) (mean, variance float64) {
	d := float64(r.decks)
	if r.decks <= keep {
		return birthday(d, logM)
	}
	k := float64(keep)
	mk, vk := birthday(k, logM)
	es := k - mk
	if math.IsNaN(vk) {
		return mk + math.Exp(math.Log(d-k)+math.Log(es)-logM), math.NaN()
	}
	m := math.Round(math.Exp(logM))
	late := d - k
	mean = mk + late*es/m
	variance = (1-late/m)*(1-late/m)*vk + late*(es/m-(vk+es*es)/(m*m))
	return mean, max(variance, 0)
}

// keySet is a set of 128-bit keys by open addressing with linear probing,
// at most half full; the key {0, 0} marks an empty slot and is held apart.
type keySet struct {
	slots [][2]uint64
	n     int
	zero  bool
}

// slot is where probing for key starts: the keys may be packed lines, not
// hashes, so they are mixed first (a multiply and a shift of both halves).
func (s *keySet) slot(key [2]uint64) int {
	h := (key[0]*0x9e3779b97f4a7c15 ^ key[1]) * 0xbf58476d1ce4e5b9
	return int(h >> (64 - bits.Len(uint(len(s.slots)-1))))
}

func (s *keySet) has(key [2]uint64) bool {
	if key == [2]uint64{} {
		return s.zero
	}
	if len(s.slots) == 0 {
		return false
	}
	mask := len(s.slots) - 1
	for i := s.slot(key); ; i = (i + 1) & mask {
		switch s.slots[i] {
		case key:
			return true
		case [2]uint64{}:
			return false
		}
	}
}

// insert adds key and reports whether it was new.
func (s *keySet) insert(key [2]uint64) bool {
	if key == [2]uint64{} {
		if s.zero {
			return false
		}
		s.zero = true
		return true
	}
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.slots = make([][2]uint64, max(1024, 2*len(old)))
		for _, k := range old {
			if k != [2]uint64{} {
				s.put(k)
			}
		}
	}
	if s.has(key) {
		return false
	}
	s.put(key)
	s.n++
	return true
}

func (s *keySet) put(key [2]uint64) {
	mask := len(s.slots) - 1
	i := s.slot(key)
	for s.slots[i] != [2]uint64{} {
		i = (i + 1) & mask
	}
	s.slots[i] = key
}
