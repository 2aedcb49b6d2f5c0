// Package version names the build of a command, for the reports it
// files: the module version, or the VCS revision it was built from.
package version

import "runtime/debug"

// Of returns the version of the running program: [Build] of its build
// information, or "unknown" without any.
func Of() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return Build(bi)
}

// Build returns the module version of a build, or else the revision it
// was built from, with "+dirty" if the clone had changes; "(devel)" is
// never the answer.
func Build(bi *debug.BuildInfo) string {
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	switch {
	case rev == "":
		return "devel, revision unknown (built without VCS information)"
	case dirty:
		return rev + "+dirty"
	}
	return rev
}
