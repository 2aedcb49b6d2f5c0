//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInputChangedBinary runs the built command on a file and a FIFO, in
// that order, and changes the file once the command holds both open and
// waits on the FIFO: so the change comes, for certain, after the command
// looked at the file and before it finished its input. Each change must
// end it with status 1 and the message, and leave no -o file, in memory
// and past memory.
func TestInputChangedBinary(t *testing.T) {
	text := seqText(1, 50000)
	n := len(text)
	for _, mem := range []string{"1G", "64K"} {
		for _, tc := range []struct {
			name string
			do   func(path string) error
			want string // a regular expression
		}{
			{"shrink", func(path string) error { return os.Truncate(path, int64(n/2)) },
				fmt.Sprintf("its size went from %d to %d bytes", n, n/2)},
			{"grow", func(path string) error {
				f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
				if err == nil {
					_, err = f.WriteString("more\n")
					f.Close()
				}
				return err
			}, fmt.Sprintf("(its size went from %d to %d bytes|it grew past the %d bytes it had when opened)", n, n+5, n)},
			{"replace", func(path string) error {
				if err := os.WriteFile(path+".new", []byte(text), 0o644); err != nil {
					return err
				}
				return os.Rename(path+".new", path)
			}, "another file took its name"},
		} {
			t.Run(mem+"/"+tc.name, func(t *testing.T) {
				dir := t.TempDir()
				in, fifo, out := filepath.Join(dir, "in"), filepath.Join(dir, "fifo"), filepath.Join(dir, "out")
				require.NoError(t, os.WriteFile(in, []byte(text), 0o644))
				require.NoError(t, syscall.Mkfifo(fifo, 0o600))
				cmd := exec.Command(bin, "--memory", mem, "-o", out, in, fifo)
				cmd.Env = append(os.Environ(), "LC_ALL=C", "TMPDIR="+dir)
				var stdout, stderr bytes.Buffer
				cmd.Stdout, cmd.Stderr = &stdout, &stderr
				require.NoError(t, cmd.Start())
				defer cmd.Process.Kill()

				// Opening the FIFO for writing waits until shuf opens it for
				// reading, after the file.
				opened := make(chan *os.File, 1)
				go func() {
					w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
					if err == nil {
						opened <- w
					}
				}()
				var w *os.File
				select {
				case w = <-opened:
				case <-time.After(30 * time.Second):
					t.Fatalf("shuf did not open the FIFO: %s", stderr.String())
				}
				require.NoError(t, tc.do(in))
				// shuf may have seen the change at the end of the file and
				// gone: then this write fails, as it should.
				w.WriteString(seqText(50001, 60000))
				w.Close()

				err := cmd.Wait()
				ee, isExit := err.(*exec.ExitError)
				require.True(t, isExit, "want status 1, got %v", err)
				assert.Equal(t, 1, ee.ExitCode())
				assert.Regexp(t, "^shuf: "+regexp.QuoteMeta(in)+": changed while being read: "+tc.want+"\n$", stderr.String())
				assert.Empty(t, stdout.String())
				assert.NoFileExists(t, out)
				assert.Equal(t, []string{"fifo", "in"}, dirNames(t, dir), "a file was left behind")
			})
		}
	}
}
