package b

import (
	"os"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
)

func TestMain(m *testing.M) {
	if long.Enabled() {
		os.Setenv("BIG", "1")
	}
	os.Exit(m.Run())
}

func TestOne(t *testing.T) {}

func TestTwo(t *testing.T) {}
