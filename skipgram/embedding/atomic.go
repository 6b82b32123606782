package embedding

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
)

// WriteFileAtomic replaces path with what write produces, the way the model
// files are written (see writeFileAtomic), so that the other files a run
// leaves behind (a vocabulary, a results table, a plot) are never seen half
// written either. The writer is buffered; path's directory must exist.
func WriteFileAtomic(path string, write func(io.Writer) error) error {
	return writeFileAtomic(path, func(w *bufio.Writer) error { return write(w) })
}

// writeFileAtomic replaces path with what write produces. It writes to a
// temporary file in the same directory (so the rename cannot cross file
// systems), syncs it, renames it over path and syncs the directory, so that
// readers see either the old file or the complete new one, even after a
// crash. On any error the temporary file is removed and path is untouched.
func writeFileAtomic(path string, write func(*bufio.Writer) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	w := bufio.NewWriterSize(f, 1<<20)
	if err := write(w); err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	// CreateTemp makes the file private; a model file is meant to be shared.
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	// Make the rename itself durable. Not every platform can sync a
	// directory, and the data is already safe, so failure is not an error.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
