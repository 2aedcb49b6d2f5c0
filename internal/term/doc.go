// Package term tells whether a file is a terminal, for the commands'
// progress lines: shown on a terminal, never written into a file or a
// pipe. The check asks the terminal driver (an ioctl on Unix, the console
// mode on Windows), since a check of the file's mode is fooled by
// /dev/null, which is a character device too. Only the standard library.
package term
