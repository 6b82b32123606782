package speed

// maxrssUnit is the unit of ru_maxrss in bytes: macOS reports bytes,
// unlike Linux.
const maxrssUnit = 1
