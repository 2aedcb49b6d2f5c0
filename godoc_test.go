package shuffle_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docLimits are the limits on the exported docs of a package: the first
// sentence says what the call does in at most maxWords words; what follows
// the first paragraph (complexity, draws, panics) is at most restLines
// lines; and a doc is at most meanLines lines of text on average, the blank
// line between its paragraphs aside.
type docLimits struct {
	maxWords, restLines int
	meanLines           float64
}

var godocLimits = docLimits{maxWords: 25, restLines: 2, meanLines: 3}

// exportedDoc is one exported identifier's doc comment.
type exportedDoc struct {
	name, text string
}

// exportedDocs returns the doc of every exported function, method, type,
// constant and variable of the package in dir, test files aside, and the
// package doc.
func exportedDocs(t *testing.T, dir string) (pkgDoc string, docs []exportedDoc) {
	t.Helper()
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}
	p, err := doc.NewFromFiles(fset, parsed, "example.com/"+dir)
	if err != nil {
		t.Fatal(err)
	}
	add := func(name, text string) { docs = append(docs, exportedDoc{name, text}) }
	values := func(vs []*doc.Value) {
		for _, v := range vs {
			add(strings.Join(v.Names, ", "), v.Doc)
		}
	}
	funcs := func(prefix string, fs []*doc.Func) {
		for _, f := range fs {
			add(prefix+f.Name, f.Doc)
		}
	}
	values(p.Consts)
	values(p.Vars)
	funcs("", p.Funcs)
	for _, ty := range p.Types {
		add(ty.Name, ty.Doc)
		values(ty.Consts)
		values(ty.Vars)
		funcs("", ty.Funcs)
		funcs(ty.Name+".", ty.Methods)
	}
	return p.Doc, docs
}

// firstSentence is the doc's first sentence, as go doc's synopsis takes it.
func firstSentence(text string) string {
	var p doc.Package
	return p.Synopsis(text)
}

// docShape measures one doc: the words of its first sentence, its lines of
// text (blank lines between paragraphs aside), and the lines of text after
// its first paragraph.
func docShape(text string) (words, lines, rest int) {
	words = len(strings.Fields(firstSentence(text)))
	for i, para := range strings.Split(strings.TrimSpace(text), "\n\n") {
		n := strings.Count(strings.TrimSpace(para), "\n") + 1
		lines += n
		if i > 0 {
			rest += n
		}
	}
	return words, lines, rest
}

// TestGodoc holds the exported docs of the root package, audit, fair, lines and
// the compat packages to godocLimits, and the package doc of the root
// package to naming every exported identifier, as [Name]. With -v it logs,
// per package, the docs' mean lines and first-sentence words and the
// longest first sentence.
func TestGodoc(t *testing.T) {
	for _, dir := range []string{".", "audit", "audit/report", "audit/sp80022", "fair", "lines", "compat/cpp", "compat/ethereum", "compat/internal/mt19937", "compat/internal/vectors", "compat/java", "compat/numpy", "compat/php", "compat/python", "compat/ruby", "compat/rust"} {
		pkgDoc, docs := exportedDocs(t, dir)
		var lines, words, longest int
		for _, d := range docs {
			if d.text == "" {
				t.Errorf("%s: %s has no doc", dir, d.name)
				continue
			}
			w, l, rest := docShape(d.text)
			lines, words, longest = lines+l, words+w, max(longest, w)
			if w > godocLimits.maxWords {
				t.Errorf("%s: %s: the first sentence has %d words, more than %d: %q", dir, d.name, w, godocLimits.maxWords, firstSentence(d.text))
			}
			if rest > godocLimits.restLines {
				t.Errorf("%s: %s: %d lines after the first paragraph, more than %d", dir, d.name, rest, godocLimits.restLines)
			}
		}
		mean := float64(lines) / float64(len(docs))
		t.Logf("%-6s %3d docs, %.2f lines and %.1f first-sentence words a doc, the longest first sentence %d words",
			dir, len(docs), mean, float64(words)/float64(len(docs)), longest)
		if mean > godocLimits.meanLines {
			t.Errorf("%s: the docs average %.2f lines, more than %g", dir, mean, godocLimits.meanLines)
		}
		if dir != "." {
			continue
		}
		for _, d := range docs {
			for _, name := range strings.Split(d.name, ", ") {
				if strings.Contains(name, ".") { // a method: its type is named
					continue
				}
				if !regexp.MustCompile(`\[` + regexp.QuoteMeta(name) + `\]`).MatchString(pkgDoc) {
					t.Errorf("the package doc does not name [%s]", name)
				}
			}
		}
	}
}
