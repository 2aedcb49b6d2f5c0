package shuffle_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fairshuffle/shuffle/internal/readme"
)

// TestReadmeGoBlocks holds every Go code block of README.md and docs/*.md
// to a runnable example: the block, blank lines and indentation aside, must
// stand in the body of an Example function of this package, of audit or of
// fair and carry its // Output: comment, so that go test checks what the
// documentation says the code prints.
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
// package's test files and the audit and fair packages'.
func exampleBodies(t *testing.T) [][]string {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"audit", "fair"} { // the documentation shows these packages' examples too
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
