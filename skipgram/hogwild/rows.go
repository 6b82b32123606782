package hogwild

// Pad and Compact move a matrix between the layout training keeps, each
// row padded to cache lines (Lines) so that no two rows written by two
// threads share a line, and the dense one a file holds.

// Pad copies n dense rows of dim values into a new matrix of cache-line
// aligned rows, stride apart.
func Pad(rows []float32, n, dim, stride int) []float32 {
	out := Lines[float32](n * stride)
	for i := range n {
		copy(out[i*stride:i*stride+dim], rows[i*dim:(i+1)*dim])
	}
	return out
}

// Compact copies n rows of dim values, stride apart in rows, into out
// without the padding, and returns out.
func Compact(out, rows []float32, n, dim, stride int) []float32 {
	for i := range n {
		copy(out[i*dim:(i+1)*dim], rows[i*stride:i*stride+dim])
	}
	return out
}
