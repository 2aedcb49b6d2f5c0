package sp80022

import (
	"slices"
	"testing"
)

// TestAperiodic checks the number of aperiodic templates of each length
// against STS's table numOfTemplates (2, 4, 6, 12, …, 148 for m = 9), and
// that a template of nine bits that overlaps itself is left out. TestSTS
// checks the 148 templates' order: the p-values come out in it.
func TestAperiodic(t *testing.T) {
	want := map[int]int{2: 2, 3: 4, 4: 6, 5: 12, 6: 20, 7: 40, 8: 74, 9: 148, 10: 284, 11: 568, 12: 1116}
	for m, w := range want {
		if got := len(aperiodic(m)); got != w {
			t.Errorf("m = %d: %d aperiodic templates, STS has %d", m, got, w)
		}
	}
	if !slices.IsSorted(templates9) {
		t.Error("the templates of 9 bits are not in increasing order")
	}
	for _, v := range []uint32{0b101010101, 0b110000011, 0b100000001, 0b111111111} {
		if slices.Contains(templates9, v) {
			t.Errorf("%09b overlaps itself, yet is a template", v)
		}
	}
	for _, v := range []uint32{0b000000001, 0b111111110, 0b110000000} {
		if !slices.Contains(templates9, v) {
			t.Errorf("%09b is aperiodic, yet not a template", v)
		}
	}
}
