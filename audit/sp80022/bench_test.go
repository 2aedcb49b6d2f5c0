package sp80022

import (
	"sort"
	"testing"
)

// BenchmarkTests times each test on one sequence of 10⁶ bits of ChaCha8:
//
//	go test ./audit/sp80022 -run '^$' -bench Tests -count 6
func BenchmarkTests(b *testing.B) {
	bits := input("chacha8-a") // 10⁶ bits on which every test applies
	names := make([]string, 0, len(battery))
	for name := range battery {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		f := battery[name]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := f(bits); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("All", func(b *testing.B) {
		for b.Loop() {
			for _, name := range names {
				battery[name](bits)
			}
		}
	})
}
