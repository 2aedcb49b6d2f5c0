package lines

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInputChanged changes an input file while shuf reads it, through
// readHook, on each path that reads files: in memory (one read takes the
// whole file), past memory (a single pass in reads of 1 MiB, to the spill
// files), and -n, which counts the lines (in reads of 1 MiB) and then
// reads the file again (64 KiB at a time), changed in its first pass or
// in its second. Each change (truncated to half, appended to, replaced by
// another file under its name, and cut where shuf is reading and put back
// to its size, zeros after the cut, which only the end coming too soon
// shows) must end the run with status 1, a message naming the file and
// saying what changed, nothing on standard output, no -o file and no
// temporary file. The same runs without a change succeed.
func TestInputChanged(t *testing.T) {
	t.Setenv("LC_ALL", "C")
	text := seqText(1, 400000)
	n := int64(len(text))
	const extra = "extra\n"
	// A change is made at a read of the file, and again at each read after
	// that until it reports that it is done; each run makes its own.
	type change func(t *testing.T, path string, read int64) (done bool)
	changes := []struct {
		name string
		make func() change
	}{
		{"shrink", func() change {
			return func(t *testing.T, path string, _ int64) bool {
				require.NoError(t, os.Truncate(path, n/2))
				return true
			}
		}},
		{"grow", func() change {
			return func(t *testing.T, path string, _ int64) bool {
				f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
				require.NoError(t, err)
				_, err = f.WriteString(extra)
				require.NoError(t, err)
				require.NoError(t, f.Close())
				return true
			}
		}},
		{"replace", func() change {
			return func(t *testing.T, path string, _ int64) bool {
				other := path + ".new"
				require.NoError(t, os.WriteFile(other, []byte(seqText(400001, 800000)), 0o644))
				require.NoError(t, os.Rename(other, path))
				return true
			}
		}},
		{"cut", func() change {
			cut := int64(-1)
			return func(t *testing.T, path string, read int64) bool {
				if cut < 0 { // the next read finds the end
					cut = read
					require.NoError(t, os.Truncate(path, cut))
					return false
				}
				require.Equal(t, cut, read, "a read went past the cut")
				require.NoError(t, os.Truncate(path, n)) // before shuf looks at its size
				return true
			}
		}},
	}
	shrunk := fmt.Sprintf("its size went from %d to %d bytes", n, n/2)
	grewPast := fmt.Sprintf("it grew past the %d bytes it had when opened", n)
	replaced := "another file took its name"
	cut := func(at int64) string {
		return fmt.Sprintf("it ended after %d of the %d bytes it had when opened", at, n)
	}
	for _, path := range []struct {
		name string
		args []string
		pass int      // the pass over the file during which it changes
		at   int64    // at the first read that ends past this byte
		want []string // the message of each change; "" for none
	}{
		// One read takes the whole file: the change comes before the
		// read that finds the end, and cannot cut the file short.
		{"memory", nil, 1, 1, []string{shrunk, grewPast, replaced, ""}},
		{"spill", []string{"--memory", "256K"}, 1, 1 << 20, []string{shrunk, grewPast, replaced, cut(1 << 20)}},
		// -n reads the file once, to its end, through the reservoir.
		{"sample", []string{"-n", "5"}, 1, 1 << 20, []string{shrunk, grewPast, replaced, cut(1 << 20)}},
	} {
		for i, ch := range changes {
			if path.want[i] == "" {
				continue
			}
			t.Run(path.name+"/"+ch.name, func(t *testing.T) {
				change := ch.make()
				dir := t.TempDir()
				tmp := t.TempDir()
				t.Setenv("TMPDIR", tmp)
				in := filepath.Join(dir, "in")
				require.NoError(t, os.WriteFile(in, []byte(text), 0o644))
				out := filepath.Join(dir, "out")
				args := append([]string{"--seed", "1", "-o", out}, path.args...)
				args = append(args, in)

				pass, last, started, done := 0, int64(-1), false, false
				readHook = func(name string, read int64) {
					require.Equal(t, in, name)
					if read < last || last < 0 {
						pass++ // a new pass starts
					}
					last = read
					if !done && (started || pass == path.pass && read >= path.at) {
						started = true
						done = change(t, in, read)
					}
				}
				defer func() { readHook = nil }()
				code, stdout, stderr := runArgs(t, "", args...)
				require.True(t, done, "the change was not made (pass %d)", pass)
				assert.Equal(t, 1, code)
				assert.Equal(t, "shuf: "+in+": changed while being read: "+path.want[i]+"\n", stderr)
				assert.Empty(t, stdout)
				assert.NoFileExists(t, out)
				assert.Equal(t, []string{"in"}, dirNames(t, dir), "a file was left beside the input")
				assertEmpty(t, tmp)
			})
		}
		t.Run(path.name+"/unchanged", func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			in := write(t, "in", text)
			reads := 0
			readHook = func(string, int64) { reads++ }
			defer func() { readHook = nil }()
			code, stdout, stderr := runArgs(t, "", append(append([]string{"--seed", "1"}, path.args...), in)...)
			assert.Equal(t, 0, code, stderr)
			if slices.Contains(path.args, "-n") {
				assert.Equal(t, 5, strings.Count(stdout, "\n"))
			} else {
				assert.True(t, slices.Equal(sorted(text, '\n'), sorted(stdout, '\n')), "not a permutation")
			}
			assert.NotZero(t, reads, "the hook saw no read")
			assertEmpty(t, tmp)
		})
	}
}
