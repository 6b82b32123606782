package embedding

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
