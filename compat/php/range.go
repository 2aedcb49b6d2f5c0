package php

import "strconv"

// attempts is RANDOM_RANGE_ATTEMPTS: PHP 8.2 redraws a rejected word at most
// this many times in a row, and throws a Random\BrokenRandomEngineError at
// the next rejection. Each is rejected with probability below 1/2, so no
// seed is known to reach it.
const attempts = 50

var brokenEngine = "php: " + strconv.Itoa(attempts) + " draws in a row rejected, where PHP throws Random\\BrokenRandomEngineError"

// RandRange returns mt_rand(min, max): a uniform int64 in [min, max], drawn
// as PHP 8.2 does. That is one word when max-min < 2³², else two, redrawn
// while above PHP's limit. It panics if max < min, where PHP throws.
func (r *MT19937) RandRange(min, max int64) int64 {
	if max < min {
		panic("php: RandRange: max " + strconv.FormatInt(max, 10) + " < min " + strconv.FormatInt(min, 10))
	}
	umax := uint64(max) - uint64(min)
	if umax > 1<<32-1 {
		return int64(r.range64(umax) + uint64(min))
	}
	return int64(uint64(r.range32(uint32(umax))) + uint64(min))
}

// range32 is PHP 8.2's rand_range32: a uniform value in [0, umax].
func (r *MT19937) range32(umax uint32) uint32 {
	x := r.mt.Uint32()
	if umax == 1<<32-1 {
		return x
	}
	umax++
	if umax&(umax-1) == 0 {
		return x & (umax - 1)
	}
	for count := 0; ; {
		v := x % umax
		if accept32(x, v, umax) {
			return v
		}
		if count++; count > attempts {
			panic(brokenEngine)
		}
		x = r.mt.Uint32()
	}
}

// accept32 reports whether PHP keeps the word x, of remainder v mod umax:
// whether x <= limit = 2³²−1 − (2³²−1) mod umax − 1, PHP's bound, one below
// the largest whole multiple of umax. x − v is umax·⌊x/umax⌋, and x lies
// below that multiple exactly when umax·(⌊x/umax⌋+1) <= 2³²−1: the test
// without PHP's second division.
func accept32(x, v, umax uint32) bool { return x-v <= 1<<32-1-umax }

// range64 is PHP 8.2's rand_range64: a uniform value in [0, umax].
func (r *MT19937) range64(umax uint64) uint64 {
	x := r.Uint64()
	if umax == 1<<64-1 {
		return x
	}
	umax++
	if umax&(umax-1) == 0 {
		return x & (umax - 1)
	}
	for count := 0; ; {
		v := x % umax
		if accept64(x, v, umax) {
			return v
		}
		if count++; count > attempts {
			panic(brokenEngine)
		}
		x = r.Uint64()
	}
}

// accept64 is accept32 for rand_range64's 64-bit words.
func accept64(x, v, umax uint64) bool { return x-v <= 1<<64-1-umax }
