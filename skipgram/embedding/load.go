package embedding

import (
	"bufio"
	"fmt"
	"os"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// Load reads the vectors file at path and its sidecar, if there is one,
// checked against each other: scoring vectors with another model's
// similarity would print plausible but wrong numbers. Without a sidecar,
// meta is nil, and a nil *Meta's Similarities are cosine and inner product.
func Load(path string) (v *Vectors, meta *Meta, err error) {
	if v, err = ReadVectors(path); err != nil {
		return nil, nil, err
	}
	if meta, err = ReadMeta(path, v); err != nil {
		return nil, nil, err
	}
	return v, meta, nil
}

// Save writes the vectors v to path in word2vec format (binary or text) and
// their sidecar meta to SidecarPath(path), as Load reads them. Both files
// are written whole, unseen, before either appears; then the vectors and
// the sidecar are put in place one right after the other, so that a kill
// can at most leave the new vectors beside the old sidecar for the moment
// between two renames, never a part of a file.
func Save(path string, v *Vectors, meta *Meta, binary bool) error {
	if err := v.check(); err != nil {
		return fmt.Errorf("write vectors %s: %w", path, err)
	}
	side := SidecarPath(path)
	data, err := meta.marshal(side)
	if err != nil {
		return err
	}
	vf, err := atomicfile.Create(path)
	if err != nil {
		return fmt.Errorf("write vectors %s: %w", path, err)
	}
	defer vf.Abort()
	mf, err := atomicfile.Create(side)
	if err != nil {
		return fmt.Errorf("write sidecar %s: %w", side, err)
	}
	defer mf.Abort()
	w := bufio.NewWriterSize(vf.OS(), 1<<20)
	if err := writeVectorRows(w, v, binary); err != nil {
		return fmt.Errorf("write vectors %s: %w", path, err)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("write vectors %s: %w", path, err)
	}
	if _, err := mf.OS().Write(data); err != nil {
		return fmt.Errorf("write sidecar %s: %w", side, err)
	}
	if err := vf.Commit(); err != nil {
		return fmt.Errorf("write vectors %s: %w", path, err)
	}
	if err := mf.Commit(); err != nil {
		os.Remove(path)
		return fmt.Errorf("write sidecar %s: %w", side, err)
	}
	return nil
}
