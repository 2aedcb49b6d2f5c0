package version

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestVersion: the module version, or the revision with a dirty flag,
// never a bare (devel).
func TestVersion(t *testing.T) {
	for _, c := range []struct {
		main     string
		settings map[string]string
		want     string
	}{
		{"v1.2.3", nil, "v1.2.3"},
		{"v0.0.0-20261126105600-4612cff5e0a1+dirty", nil, "v0.0.0-20261126105600-4612cff5e0a1+dirty"},
		{"(devel)", map[string]string{"vcs.revision": "4612cff5e0a1", "vcs.modified": "false"}, "4612cff5e0a1"},
		{"(devel)", map[string]string{"vcs.revision": "4612cff5e0a1", "vcs.modified": "true"}, "4612cff5e0a1+dirty"},
		{"", map[string]string{"vcs.revision": "4612cff5e0a1"}, "4612cff5e0a1"},
		{"(devel)", nil, "devel, revision unknown (built without VCS information)"},
	} {
		bi := &debug.BuildInfo{Main: debug.Module{Version: c.main}}
		for k, v := range c.settings {
			bi.Settings = append(bi.Settings, debug.BuildSetting{Key: k, Value: v})
		}
		assert.Equal(t, c.want, Build(bi))
	}
}
