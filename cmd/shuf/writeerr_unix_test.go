//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteErrorsAsGNU: when the output cannot be written, what shuf
// says and its status are GNU shuf's. Started with SIGPIPE ignored (a
// shell's trap "" PIPE) and its reader gone, GNU says "write error: Broken
// pipe" and exits with status 1, and says "write error" a second time when
// the failed write was not its last: when its output outgrew its stdio
// buffer of 4096 bytes (a pipe's block size), or its first line filled
// it. The same holds for a full device, and the reader that goes after
// one line (head -1). With SIGPIPE at its default, both die of it
// silently (status 141). Each case's stderr and status are pinned, and,
// on a machine with GNU shuf 9.1, compared with GNU's.
func TestWriteErrorsAsGNU(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("shuf learns that SIGPIPE was ignored from /proc")
	}
	dir := t.TempDir()
	x := func(n int) string { return strings.Repeat("x", n) }
	for name, text := range map[string]string{
		"4096":  strings.Repeat("x\n", 2048),
		"4098":  strings.Repeat("x\n", 2049),
		"big":   seqText(1, 200000),
		"small": "a\nb\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	// Each program runs as "shuf" from PATH, so that GNU's messages, which
	// name it after argv[0], say "shuf".
	progs := map[string]string{"ours": bin}
	if gnu := gnuShuf(); gnu != "" {
		progs["GNU"] = gnu
	}
	const (
		pipe  = "shuf: write error: Broken pipe\n"
		full  = "shuf: write error: No space left on device\n"
		again = "shuf: write error\n"
	)
	for _, tc := range []struct {
		how  string // gone: the reader is gone before shuf starts; head: head -1; full: /dev/full
		trap bool   // SIGPIPE ignored
		args []string
		want string // standard error, then the status
	}{
		{"gone", true, []string{"small"}, pipe + "status 1\n"},
		{"gone", true, []string{"-e", "a", "b"}, pipe + "status 1\n"},
		{"gone", true, []string{"-i", "1-1000"}, pipe + "status 1\n"}, // 3,893 bytes
		{"gone", true, []string{"-i", "1-1200"}, pipe + again + "status 1\n"},
		{"gone", true, []string{"4096"}, pipe + "status 1\n"},
		{"gone", true, []string{"4098"}, pipe + again + "status 1\n"},
		{"gone", true, []string{"-e", x(4094)}, pipe + "status 1\n"},
		{"gone", true, []string{"-e", x(4095)}, pipe + again + "status 1\n"}, // a first line of 4096 bytes
		{"gone", true, []string{"-n", "3", "big"}, pipe + "status 1\n"},
		{"gone", true, []string{"big"}, pipe + again + "status 1\n"},
		{"gone", true, []string{"-r", "-e", "y"}, pipe + again + "status 1\n"},
		{"gone", true, []string{"--help"}, pipe + "status 1\n"},
		{"gone", true, []string{"--version"}, pipe + "status 1\n"},
		{"gone", false, []string{"big"}, "status 141\n"},
		{"head", true, []string{"big"}, pipe + again + "status 1\n"},
		{"head", true, []string{"-i", "1-1000000"}, pipe + again + "status 1\n"},
		{"head", true, []string{"-r", "-e", "y"}, pipe + again + "status 1\n"},
		{"head", false, []string{"big"}, "status 141\n"},
		{"head", false, []string{"-r", "-e", "y"}, "status 141\n"},
		{"full", false, []string{"-i", "1-1000", "-o", "/dev/full"}, full + "status 1\n"},
		{"full", false, []string{"-i", "1-1200", "-o", "/dev/full"}, full + again + "status 1\n"},
		{"full", false, []string{"-i", "1-1200"}, full + again + "status 1\n"},
		{"full", false, []string{"big"}, full + again + "status 1\n"},
	} {
		for who, prog := range progs {
			got := runAsShuf(t, dir, prog, tc.how, tc.trap, tc.args)
			assert.Equal(t, tc.want, got, "%s: %s, SIGPIPE ignored %v: shuf %q", who, tc.how, tc.trap, clip(strings.Join(tc.args, " ")))
		}
	}
	if progs["GNU"] == "" {
		t.Log("no GNU shuf 9.1 here: compared with the pinned messages only")
	}
	// Past memory too; GNU has no --memory.
	got := runAsShuf(t, dir, bin, "gone", true, []string{"--memory", "64K", "big"})
	assert.Equal(t, pipe+again+"status 1\n", got, "past memory")
	got = runAsShuf(t, dir, bin, "head", true, []string{"--memory", "64K", "big"})
	assert.Equal(t, pipe+again+"status 1\n", got, "past memory, head -1")
}

// runAsShuf runs prog as "shuf" with args in dir, under sh, SIGPIPE
// ignored if trap; how says where its output goes (see
// TestWriteErrorsAsGNU). It returns shuf's standard error and then a line
// "status N".
func runAsShuf(t *testing.T, dir, prog, how string, trap bool, args []string) string {
	t.Helper()
	bindir := t.TempDir()
	require.NoError(t, os.Symlink(prog, filepath.Join(bindir, "shuf")))
	script := `shuf "$@"; echo "status $?" >&2`
	switch how {
	case "head":
		script = `{ ` + script + `; } | head -1 >/dev/null`
	case "full":
		script = `shuf "$@" >/dev/full; echo "status $?" >&2`
	}
	if trap {
		script = `trap "" PIPE; ` + script
	}
	cmd := exec.Command("sh", append([]string{"-c", script, "sh"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+bindir+":"+os.Getenv("PATH"), "LC_ALL=C", "TMPDIR="+dir)
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if how == "gone" {
		r, w, err := os.Pipe()
		require.NoError(t, err)
		require.NoError(t, r.Close()) // no reader, before anything is written
		cmd.Stdout = w
		defer w.Close()
	}
	require.NoError(t, cmd.Run(), errb.String())
	return errb.String()
}
