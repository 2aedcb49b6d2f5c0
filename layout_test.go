package shuffle_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeLayout holds README.md's "Layout" table to the tree. Every
// name in the table's first column (a path, a glob such as zloops_*.go, or
// a directory with or without its slash) must name something that exists;
// and the table must name every source file of the root package, of audit/
// and of fair/, every directory at the top (or something in it), and every
// directory under cmd/ and internal/. Test files and the files of the
// commands may be named or not.
func TestReadmeLayout(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile(`(?s)\n## Layout\n(.*?)\n## `).FindSubmatch(readme)
	if section == nil {
		t.Fatal(`README.md has no "## Layout" section`)
	}
	var names []string
	for _, line := range strings.Split(string(section[1]), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 3 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`") {
			continue
		}
		for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cells[1], -1) {
			names = append(names, strings.TrimSuffix(m[1], "/"))
		}
	}
	if len(names) == 0 {
		t.Fatal("the Layout table names nothing")
	}
	for _, n := range names {
		if m, err := filepath.Glob(n); err != nil || len(m) == 0 {
			t.Errorf("the Layout table names %s: no such file or directory", n)
		}
	}
	// named reports whether the table names path, or, for a directory,
	// something in it.
	named := func(path string, dir bool) bool {
		for _, n := range names {
			if ok, _ := filepath.Match(n, path); ok || dir && strings.HasPrefix(n, path+"/") {
				return true
			}
		}
		return false
	}
	var want []string         // the paths the table must name
	dirs := map[string]bool{} // which of them are directories
	for _, dir := range []string{".", "audit", "fair", "cmd", "internal"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			p, name := filepath.Join(dir, e.Name()), e.Name()
			switch {
			case e.IsDir() && name != ".git" && (dir == "." || dir == "cmd" || dir == "internal"):
				want, dirs[p] = append(want, p), true
			case !e.IsDir() && (dir == "." || dir == "audit" || dir == "fair") &&
				strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go"):
				want = append(want, p)
			}
		}
	}
	for _, p := range want {
		if !named(p, dirs[p]) {
			t.Errorf("the Layout table does not name %s", p)
		}
	}
}
