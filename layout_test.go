package shuffle_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestReadmeLayout holds README.md's "Layout" table to the tree. Every
// name in the table's first column (a path, a glob such as zloops_*.go, or
// a directory with or without its slash) must name something that exists;
// and the table must name every source file of the root package, of
// audit/, audit/report/ and fair/, every directory at the top (or something
// in it), and every directory under cmd/ and internal/. Test files and the
// files of the commands may be named or not.
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
	for _, dir := range []string{".", "audit", "audit/report", "fair", "cmd", "internal"} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			p, name := filepath.Join(dir, e.Name()), e.Name()
			switch {
			case e.IsDir() && name != ".git" && (dir == "." || dir == "cmd" || dir == "internal"):
				want, dirs[p] = append(want, p), true
			case !e.IsDir() && (dir == "." || dir == "audit" || dir == "audit/report" || dir == "fair") &&
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

// TestReadmeShort holds README.md to at most 300 lines (issue 23: what the
// package is, the first snippet, install, the algorithms, one example per
// command and links; everything else in docs/), to a link to every
// docs/*.md, and each of those to its title on the first line and a link
// back to the README on the third.
func TestReadmeShort(t *testing.T) {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(text), "\n"); n > 300 {
		t.Errorf("README.md has %d lines: at most 300, the rest in docs/", n)
	}
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(docs) == 0 {
		t.Fatal("no docs/*.md")
	}
	linked := map[string]bool{}
	for _, l := range markdownLinks(string(text)) {
		linked[strings.SplitN(l, "#", 2)[0]] = true
	}
	for _, d := range docs {
		if !linked[d] {
			t.Errorf("README.md does not link to %s", d)
		}
		b, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.SplitN(string(b), "\n", 4)
		if len(lines) < 4 || !strings.HasPrefix(lines[0], "# ") || lines[1] != "" ||
			!strings.HasPrefix(lines[2], "[← README](../README.md)") {
			t.Errorf("%s: want a title on line 1 and [← README](../README.md) opening line 3", d)
		}
	}
}

// TestDocLinks holds every relative link and picture of README.md,
// docs/*.md, BENCHMARKS.md and CONTRIBUTING.md to the tree: the file or
// directory it names, relative to the document, exists, and an anchor
// (#…) is a heading of the document it points into, as GitHub makes
// anchors from headings. Code blocks and code spans are not read.
func TestDocLinks(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	docs = append([]string{"README.md", "BENCHMARKS.md", "CONTRIBUTING.md"}, docs...)
	anchors := map[string]map[string]bool{} // a document's anchors, read once
	anchorsOf := func(path string) map[string]bool {
		if a, ok := anchors[path]; ok {
			return a
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		anchors[path] = headingAnchors(string(b))
		return anchors[path]
	}
	for _, d := range docs {
		b, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		links := markdownLinks(string(b))
		if len(links) == 0 && d == "README.md" {
			t.Fatal("README.md has no links")
		}
		for _, l := range links {
			target, anchor, _ := strings.Cut(l, "#")
			path := d
			if target != "" {
				path = filepath.Join(filepath.Dir(d), filepath.FromSlash(target))
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s: link %s: no such file or directory", d, l)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchorsOf(path)[anchor] {
				t.Errorf("%s: link %s: %s has no heading with anchor #%s", d, l, path, anchor)
			}
		}
	}
}

var (
	fencedCode = regexp.MustCompile("(?ms)^```.*?^```")
	codeSpan   = regexp.MustCompile("`[^`\n]*`")
	linkTarget = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)|<img [^>]*src="([^"]+)"`)
)

// markdownLinks returns the targets of the links and pictures of a
// Markdown document that are not absolute URLs (http:, https:, mailto:),
// outside code blocks and code spans.
func markdownLinks(text string) []string {
	text = codeSpan.ReplaceAllString(fencedCode.ReplaceAllString(text, ""), "")
	var out []string
	for _, m := range linkTarget.FindAllStringSubmatch(text, -1) {
		l := m[1] + m[2]
		if strings.Contains(l, "://") || strings.HasPrefix(l, "mailto:") {
			continue
		}
		out = append(out, l)
	}
	return out
}

// headingAnchors returns the anchors GitHub gives the headings of a
// Markdown document: lower case, code marks and punctuation dropped,
// spaces as hyphens, and -1, -2, … after a repeated one.
func headingAnchors(text string) map[string]bool {
	text = fencedCode.ReplaceAllString(text, "")
	out := map[string]bool{}
	seen := map[string]int{}
	for _, l := range strings.Split(text, "\n") {
		h := strings.TrimLeft(l, "#")
		if len(h) == len(l) || len(l)-len(h) > 6 || !strings.HasPrefix(h, " ") {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(h)) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r):
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := seen[a]; n > 0 {
			out[a+"-"+strconv.Itoa(n)] = true
		} else {
			out[a] = true
		}
		seen[a]++
	}
	return out
}

// TestReadmeTestCommands holds the README's "Run the tests" block to CI:
// every command it shows is a line of .ci/run, as written.
func TestReadmeTestCommands(t *testing.T) {
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile("(?s)\n## Run the tests\n(.*?)\n## ").FindSubmatch(text)
	if section == nil {
		t.Fatal(`README.md has no "## Run the tests" section`)
	}
	block := regexp.MustCompile("(?s)```sh\n(.*?)```").FindSubmatch(section[1])
	if block == nil {
		t.Fatal(`README.md's "Run the tests" has no sh block`)
	}
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]bool{}
	for _, l := range strings.Split(string(ci), "\n") {
		lines[strings.TrimSpace(l)] = true
	}
	n := 0
	for _, l := range strings.Split(string(block[1]), "\n") {
		c := strings.TrimSpace(strings.SplitN(l, " #", 2)[0])
		if c == "" {
			continue
		}
		n++
		if !lines[c] {
			t.Errorf("README.md's test command %q is not a line of .ci/run", c)
		}
	}
	if n != 2 {
		t.Errorf("README.md shows %d test commands, want 2: the default run and SHUFFLE_LONG=1", n)
	}
}
