package a

import (
	"testing"

	lg "github.com/fairshuffle/shuffle/internal/long"
)

var sizes = func() int {
	if lg.Enabled() {
		return 100
	}
	return 1
}()

type runner struct{}

func (runner) size() int { return sizes }

func helper() int { return runner{}.size() }

func TestDirect(t *testing.T) { lg.Skip(t, "direct") }

func TestThroughVar(t *testing.T) { _ = sizes }

func TestThroughMethod(t *testing.T) { _ = helper() }

func TestThroughValue(t *testing.T) {
	for _, f := range []func() int{helper} {
		f()
	}
}

func TestPlain(t *testing.T) {}

func TestlowerIsNoTest(t *testing.T) { lg.Skip(t, "not a test") }

func FuzzLong(f *testing.F) { _ = sizes }
