// Package vectors is test support for compat's vector files: the outputs
// CPython, numpy, Java, PHP, Ruby, g++, rand and Lodestar wrote for fixed or
// fresh seeds, which each compat package's vectors_test.go holds itself to.
// It reads the files, fails a test where a line is malformed or a file too
// short, and formats outputs as the generators print them.
package vectors
