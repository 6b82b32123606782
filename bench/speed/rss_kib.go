//go:build linux || freebsd || netbsd || openbsd || dragonfly

package speed

// maxrssUnit is the unit of ru_maxrss in bytes: these kernels report KiB.
const maxrssUnit = 1024
