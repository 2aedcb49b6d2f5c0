package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// startSpill starts the built command with --memory 64K on standard
// input, TMPDIR tmp, and writes it 2 MB without closing it: when the
// write returns, the command has read all but a pipe's buffer, past its
// memory, and is spilling. On Linux it waits until a spill file is open,
// and fails t if none is. The caller kills the command.
func startSpill(t *testing.T, tmp string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "--memory", "64K")
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
	stdin, err := cmd.StdinPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { stdin.Close() })
	_, err = stdin.Write([]byte(seqText(1, 300000)))
	require.NoError(t, err)
	if runtime.GOOS == "linux" {
		deadline := time.Now().Add(10 * time.Second)
		for openIn(cmd.Process.Pid, tmp) == 0 && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		require.NotZero(t, openIn(cmd.Process.Pid, tmp), "no spill file is open")
	}
	return cmd
}

// openIn counts the files process pid has open in dir, named or not
// (Linux's /proc gives an unlinked file's old path); 0 elsewhere.
func openIn(pid int, dir string) int {
	fds, _ := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	n := 0
	for _, fd := range fds {
		p, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/%s", pid, fd.Name()))
		if err == nil && strings.HasPrefix(p, dir+string(filepath.Separator)) {
			n++
		}
	}
	return n
}

// TestKillSpill: SIGKILL during a spill, which no handler sees, leaves
// nothing in $TMPDIR: the spill files have no name from the start.
func TestKillSpill(t *testing.T) {
	tmp := t.TempDir()
	cmd := startSpill(t, tmp)
	require.NoError(t, cmd.Process.Kill())
	err := cmd.Wait()
	ee, isExit := err.(*exec.ExitError)
	require.True(t, isExit, "%v", err)
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && runtime.GOOS != "windows" {
		assert.True(t, ws.Signaled(), "%v", err)
	}
	assertEmpty(t, tmp)
}
