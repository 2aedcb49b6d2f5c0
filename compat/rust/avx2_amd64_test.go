//go:build amd64 && !purego

package rust

func useAVX2() bool { return hasAVX2 }
