// Package input opens what a command reads: a file, standard input, or
// the output of a program it runs (-exec).
package input

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"time"
)

// Open opens the file named (- for stdin), or if command is not empty
// starts it with [Command] and reads its standard output. end ends the
// program, if it has not ended, and waits for it (the shell is killed, and
// the programs it started get SIGPIPE, if they write on, from the pipe
// closed; Wait waits for their output to standard error at most a
// second), or closes the file.
func Open(name, command string, stdin io.Reader, stderr io.Writer) (r io.Reader, cmd *exec.Cmd, end func(), err error) {
	switch {
	case command != "":
		cmd = Command(command)
		cmd.Stdin, cmd.Stderr = stdin, stderr
		out, err := cmd.StdoutPipe()
		if err == nil {
			err = cmd.Start()
		}
		if err != nil {
			return nil, nil, nil, fmt.Errorf("-exec: %v", err)
		}
		return out, cmd, func() {
			cmd.Process.Kill()
			out.Close()
			cmd.WaitDelay = time.Second
			cmd.Wait()
		}, nil
	case name == "-":
		return stdin, nil, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, nil, err
	}
	return f, nil, func() { f.Close() }, nil
}

// Command runs line as a shell would.
func Command(line string) *exec.Cmd {
	if runtime.GOOS == "windows" {
		return exec.Command("cmd", "/C", line)
	}
	return exec.Command("sh", "-c", line)
}
