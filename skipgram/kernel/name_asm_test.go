//go:build amd64 && !purego

package kernel

const pureGo = false

func hasAVX2FMAForName() bool { return hasAVX2FMA }
