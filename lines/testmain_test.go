package lines

import (
	"os"
	"testing"

	"github.com/fairshuffle/shuffle/internal/tmpfs"
)

// TestMain runs the tests with their spill files in memory where it can
// (package tmpfs says why).
func TestMain(m *testing.M) {
	done := tmpfs.Use()
	code := m.Run()
	done()
	os.Exit(code)
}
