package shuffle_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/long"
	"github.com/fairshuffle/shuffle/internal/readme"
)

// TestReadmeGoBlocks holds every Go code block of README.md and docs/*.md
// to a runnable example: the block, blank lines and indentation aside, must
// stand in the body of an Example function of this package, of audit,
// audit/report, audit/sp80022, audit/classic, fair, lines or a compat
// package and carry its // Output: comment, so that go test checks what
// the documentation says the code prints.
func TestReadmeGoBlocks(t *testing.T) {
	files, err := readme.Files(".")
	if err != nil {
		t.Fatal(err)
	}
	bodies := exampleBodies(t)
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		blocks := regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(text, -1)
		if len(blocks) == 0 && f == "README.md" {
			t.Fatal("README.md has no Go code block")
		}
		for _, b := range blocks {
			block := codeLines(string(b[1]))
			if !strings.Contains(strings.Join(block, "\n"), "// Output:") {
				t.Errorf("%s: Go block has no // Output: comment:\n%s", f, b[1])
				continue
			}
			if !anyContains(bodies, block) {
				t.Errorf("%s: Go block is not the body of any Example function:\n%s", f, b[1])
			}
		}
	}
}

// exampleBodies returns the lines of every Example function's body in the
// package's test files and those of audit, fair and the compat packages.
func exampleBodies(t *testing.T) [][]string {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"audit", "audit/report", "audit/sp80022", "audit/classic", "audit/raw", "fair", "lines", "compat/*"} { // the documentation shows these packages' examples too
		more, err := filepath.Glob(dir + "/*_test.go")
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	var bodies [][]string
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil || !strings.HasPrefix(fn.Name.Name, "Example") {
				continue
			}
			lo, hi := fset.Position(fn.Body.Lbrace).Offset+1, fset.Position(fn.Body.Rbrace).Offset
			bodies = append(bodies, codeLines(string(src[lo:hi])))
		}
	}
	return bodies
}

// codeLines returns the non-blank lines of code, each trimmed of white space.
func codeLines(code string) []string {
	var out []string
	for _, l := range strings.Split(code, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// anyContains reports whether one of bodies holds block as consecutive lines.
func anyContains(bodies [][]string, block []string) bool {
	for _, body := range bodies {
		for i := 0; i+len(block) <= len(body); i++ {
			if strings.Join(body[i:i+len(block)], "\n") == strings.Join(block, "\n") {
				return true
			}
		}
	}
	return false
}

// TestReadmeInstall does what README.md's Install section says to use the
// package from a clone while its module path is not served: each sh block
// of the section but the one with go get runs in a new module beside a
// clone (the tree under test, as ../shuffle), whose main is the README's
// first snippet; then go run must print what the snippet's // Output: says.
// It needs the module proxy or a module cache holding the package's
// requirements (go mod tidy reads their go.mod files).
func TestReadmeInstall(t *testing.T) {
	long.Skip(t, "the README's install from a clone, in a new module (go mod tidy, go run; a few seconds)")
	text, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := regexp.MustCompile("(?s)\n## Install\n(.*?)\n## ").FindSubmatch(text)
	if section == nil {
		t.Fatal(`README.md has no "## Install" section`)
	}
	var blocks []string
	for _, b := range regexp.MustCompile("(?s)```sh\n(.*?)```").FindAllSubmatch(section[1], -1) {
		if !strings.Contains(string(b[1]), "go get ") {
			blocks = append(blocks, string(b[1]))
		}
	}
	if len(blocks) != 2 {
		t.Fatalf("README.md's Install shows %d ways to use a clone, want 2 (replace, workspace)", len(blocks))
	}
	snippet := regexp.MustCompile("(?s)```go\n(.*?)```").FindSubmatch(text)
	if snippet == nil {
		t.Fatal("README.md has no Go code block")
	}
	want := regexp.MustCompile(`// Output: (.*)`).FindSubmatch(snippet[1])
	if want == nil {
		t.Fatal("the README's first snippet has no one-line // Output:")
	}
	root, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	main := "package main\n\nimport (\n\t\"fmt\"\n\t\"math/rand/v2\"\n\n\t\"github.com/fairshuffle/shuffle\"\n)\n\nfunc main() {\n" + string(snippet[1]) + "}\n"
	for i, block := range blocks {
		dir := t.TempDir()
		if err := os.Symlink(root, filepath.Join(dir, "shuffle")); err != nil {
			t.Fatal(err)
		}
		app := filepath.Join(dir, "app")
		if err := os.Mkdir(app, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(app, "main.go"), []byte(main), 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(script string) string {
			t.Helper()
			cmd := exec.Command("sh", "-ec", script)
			cmd.Dir = app
			cmd.Env = append(os.Environ(), "GOWORK=", "GOFLAGS=")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("block %d: %s: %v\n%s", i+1, script, err, out)
			}
			return string(out)
		}
		run("go mod init example.com/app")
		run(block)
		if got := run("go run ."); got != string(want[1])+"\n" {
			t.Errorf("block %d:\n%s\ngo run . printed %q, want %q", i+1, block, got, string(want[1])+"\n")
		}
	}
}
