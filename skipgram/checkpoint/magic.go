package checkpoint

import (
	"io"
	"os"
)

// HasMagic reports whether the file at path starts as a checkpoint does,
// without reading further: how a command tells a checkpoint from a
// vectors file it was given in the same flag. It lives here because the
// magic is the format's. The error is Open's; a file that opens but cannot
// be read as far as the magic (a directory) does not start as a checkpoint.
func HasMagic(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	magic := make([]byte, len(Magic))
	n, _ := io.ReadFull(f, magic)
	return string(magic[:n]) == Magic, nil
}
