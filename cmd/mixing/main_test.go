package main

import (
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	var b strings.Builder
	run(&b, 0.01, 50, []int{3, 4}, []int{10, 52})
	out := b.String()
	for _, want := range []string{
		"| shuffle | n = 3 | n = 4 |",
		"| cut | never (0.5) | never (0.833) |",
		"| riffle | 6 (0.00393) | 7 (0.00911) |",
		"| cards | 10 | 52 |",
		"| riffles | 9 | 13 |",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
