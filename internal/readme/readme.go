// Package readme reads the commands that README.md shows, so that the
// commands' tests can run each one and check what its comment says.
package readme

import (
	"os"
	"regexp"
	"strings"
)

var shellBlock = regexp.MustCompile("(?s)```sh\n(.*?)```")

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
