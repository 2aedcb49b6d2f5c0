// Package perm steps through the distinct orders of a slice, for the tests
// that count how often a shuffle gives each order.
package perm

import (
	"cmp"
	"slices"
)

// Next rearranges s into the next of its distinct orders in lexicographic
// order and reports true, or reports false, s unchanged, if s is the last.
// Starting from sorted s it visits each distinct order once, repeated items
// included (n!/∏ m_i! orders).
func Next[S ~[]E, E cmp.Ordered](s S) bool {
	i := len(s) - 2
	for i >= 0 && s[i] >= s[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(s) - 1
	for s[j] <= s[i] {
		j--
	}
	s[i], s[j] = s[j], s[i]
	slices.Reverse(s[i+1:])
	return true
}
