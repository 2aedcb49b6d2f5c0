package input

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpen: a file, standard input, and a program's output; a missing
// file is an error.
func TestOpen(t *testing.T) {
	f := filepath.Join(t.TempDir(), "in.txt")
	require.NoError(t, os.WriteFile(f, []byte("file\n"), 0o666))
	cases := []struct{ name, command, want string }{
		{f, "", "file\n"},
		{"-", "", "stdin\n"},
	}
	if runtime.GOOS != "windows" {
		cases = append(cases, struct{ name, command, want string }{"", "echo program", "program\n"})
	}
	for _, c := range cases {
		r, _, end, err := Open(c.name, c.command, strings.NewReader("stdin\n"), io.Discard)
		require.NoError(t, err)
		b, err := io.ReadAll(r)
		end()
		require.NoError(t, err)
		assert.Equal(t, c.want, string(b))
	}
	_, _, _, err := Open(filepath.Join(t.TempDir(), "missing"), "", nil, io.Discard)
	assert.Error(t, err)
}
