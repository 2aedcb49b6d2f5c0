//go:build !unix

package main

// allocBytes returns n bytes for a chunk of input, and false: this
// platform's chunks are in Go's heap.
func allocBytes(n int) ([]byte, bool) { return make([]byte, n), false }

func freeBytes([]byte) {}
