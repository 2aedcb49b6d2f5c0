package main

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestRunEndsItsGoroutines: run, called in this process as the fuzz
// targets call it, leaves no goroutine behind (its signal watcher ends
// when it returns): 50 runs may not add 50 goroutines.
func TestRunEndsItsGoroutines(t *testing.T) {
	before := runtime.NumGoroutine()
	for range 50 {
		code, _, _ := runHere(t, "", "-e", "a", "b")
		assert.Equal(t, 0, code)
	}
	time.Sleep(50 * time.Millisecond)
	assert.LessOrEqual(t, runtime.NumGoroutine(), before+5, "goroutines left by 50 runs")
}
