//go:build !amd64 || purego

package skipgram

const pureGo = true

func hasAVX2FMAForName() bool { return false }
