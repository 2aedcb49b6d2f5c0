// Package readme reads the commands that README.md and the documents under
// docs/ show, so that the commands' tests can run each one and check what
// its comment says, wherever in the documentation it stands.
package readme

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var shellBlock = regexp.MustCompile("(?s)```sh\n(.*?)```")

// Files returns the paths of the documentation under root, the module's
// directory: README.md, then every docs/*.md in the order of their names.
func Files(root string) ([]string, error) {
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		return nil, err
	}
	return append([]string{filepath.Join(root, "README.md")}, docs...), nil
}

// Commands returns, from the ```sh blocks of the file at path, every line
// that starts with prefix, its comment (" # …") and surrounding space
// removed, and with prefix kept or stripped as strip says.
func Commands(path, prefix string, strip bool) ([]string, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cmds []string
	for _, b := range shellBlock.FindAllSubmatch(text, -1) {
		for _, l := range strings.Split(string(b[1]), "\n") {
			if !strings.HasPrefix(l, prefix) {
				continue
			}
			c := strings.SplitN(l, " #", 2)[0]
			if strip {
				c = strings.TrimPrefix(c, prefix)
			}
			cmds = append(cmds, strings.TrimSpace(c))
		}
	}
	return cmds, nil
}

// AllCommands is [Commands] over every file [Files] returns for root, in
// that order: the commands the whole documentation shows. A command shown
// in two places comes twice.
func AllCommands(root, prefix string, strip bool) ([]string, error) {
	files, err := Files(root)
	if err != nil {
		return nil, err
	}
	var cmds []string
	for _, f := range files {
		c, err := Commands(f, prefix, strip)
		if err != nil {
			return nil, err
		}
		cmds = append(cmds, c...)
	}
	return cmds, nil
}
