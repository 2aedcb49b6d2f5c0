// Command longtests prints a go test -run pattern that matches the tests
// whose form depends on SHUFFLE_LONG: those that reach the package
// internal/long, directly or through the functions, methods and variables
// of their package they name. CI runs every test once in the default run,
// then only these with SHUFFLE_LONG=1: the others would run again exactly
// as before, for nothing.
//
//	SHUFFLE_LONG=1 go test -run "$(go run ./internal/longtests)" ./...
//
// It errs on the side of running: a name is followed to every declaration
// of that name in the package (a method name to every method so named), and
// a package whose TestMain reaches internal/long has all its tests matched.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

const longPath = "github.com/fairshuffle/shuffle/internal/long"

func main() {
	root := "."
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	var tests []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if path != root {
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir // a module of its own
			}
		}
		found, err := longTests(path)
		tests = append(tests, found...)
		return err
	})
	if err != nil {
		log.Fatal(err)
	}
	slices.Sort(tests)
	tests = slices.Compact(tests)
	if len(tests) == 0 {
		fmt.Println("^$")
		return
	}
	fmt.Printf("^(%s)$\n", strings.Join(tests, "|"))
}

// A decl is what one top-level declaration names, and whether it names
// internal/long itself.
type decl struct {
	names map[string]bool
	long  bool
}

// longTests returns the tests of the package in dir that reach
// internal/long.
func longTests(dir string) ([]string, error) {
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	byName := map[string][]*decl{} // a name to every declaration of it
	var tests []string
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		longName := ""
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == longPath {
				longName = "long"
				if im.Name != nil {
					longName = im.Name.Name
				}
			}
		}
		for _, dl := range f.Decls {
			d := &decl{names: map[string]bool{}}
			ast.Inspect(dl, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if x, ok := n.X.(*ast.Ident); ok && longName != "" && x.Name == longName {
						d.long = true
					}
				case *ast.Ident:
					d.names[n.Name] = true
				}
				return true
			})
			switch dl := dl.(type) {
			case *ast.FuncDecl:
				byName[dl.Name.Name] = append(byName[dl.Name.Name], d)
				if dl.Recv == nil && isTest(dl.Name.Name) {
					tests = append(tests, dl.Name.Name)
				}
			case *ast.GenDecl:
				for _, spec := range dl.Specs {
					switch s := spec.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							byName[n.Name] = append(byName[n.Name], d)
						}
					case *ast.TypeSpec:
						byName[s.Name.Name] = append(byName[s.Name.Name], d)
					}
				}
			}
		}
	}
	// Taint spreads from the declarations that name internal/long to those
	// that name them, until nothing changes.
	for changed := true; changed; {
		changed = false
		for _, ds := range byName {
			for _, d := range ds {
				if d.long {
					continue
				}
				for n := range d.names {
					if reaches(byName[n]) {
						d.long, changed = true, true
						break
					}
				}
			}
		}
	}
	if reaches(byName["TestMain"]) {
		return tests, nil
	}
	return slices.DeleteFunc(tests, func(t string) bool { return !reaches(byName[t]) }), nil
}

func reaches(ds []*decl) bool {
	for _, d := range ds {
		if d.long {
			return true
		}
	}
	return false
}

// isTest reports whether name is a test go test runs with -run: TestX or
// FuzzX (its seed corpus), X not starting with a lower-case letter.
func isTest(name string) bool {
	for _, p := range []string{"Test", "Fuzz"} {
		if rest, ok := strings.CutPrefix(name, p); ok && name != "TestMain" {
			return rest == "" || !('a' <= rest[0] && rest[0] <= 'z')
		}
	}
	return false
}
