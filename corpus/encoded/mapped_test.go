//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package encoded

const isUnixMapped = true
