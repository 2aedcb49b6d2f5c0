// Package php reproduces PHP 8.2's mt_srand, mt_rand and shuffle bit for
// bit: the same seed gives the same numbers and the same order as PHP.
//
// [NewMT19937] is mt_srand(seed) in PHP's default mode, MT_RAND_MT19937:
// the reference Mersenne Twister seeded with the seed's low 32 bits.
// [MT19937.Rand] is mt_rand(), [MT19937.RandRange] is mt_rand(min, max),
// [Shuffle] and [ShuffleSlice] are shuffle($array) after mt_srand, and
// [StrShuffle] is str_shuffle. An [MT19937] is also a math/rand/v2 Source.
//
// The vectors in testdata/compat/php were made by PHP (gen.php beside
// them); scripts/compat-live-php checks fresh seeds against PHP.
package php
