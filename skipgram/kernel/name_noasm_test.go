//go:build !amd64 || purego

package kernel

const pureGo = true

func hasAVX2FMAForName() bool { return false }
