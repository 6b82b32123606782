package fasttext

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/wipsvec/wipsvec/corpus/atomicfile"
)

// Write writes m to path in fastText's .bin format, version 12, through
// package atomicfile: the file appears whole or not at all. A model that
// could not be read back (sizes that disagree with Args, a word with NUL,
// a value that is NaN or infinite) is refused, wrapping ErrInvalid.
//
// The layout, all little-endian, is fastText's FastText::saveModel: the
// magic and version (int32); Args (twelve int32 and the double t); the
// dictionary (int32 size, nwords, nlabels; int64 ntokens; int64 -1, not
// pruned; each entry its bytes, a 0 byte, int64 count, int8 type); a 0
// byte (input not quantized); the input matrix (int64 rows, int64 cols,
// the float32 rows); a 0 byte (output not quantized); the output matrix.
func Write(path string, m *Model) error {
	if err := m.check(ErrInvalid); err != nil {
		return fmt.Errorf("write fastText model %s: %w", path, err)
	}
	if err := atomicfile.WriteFile(path, func(w io.Writer) error { return write(w, m) }); err != nil {
		return fmt.Errorf("write fastText model %s: %w", path, err)
	}
	return nil
}

// WriteTo writes m to w as Write writes a file.
func WriteTo(w io.Writer, m *Model) error {
	if err := m.check(ErrInvalid); err != nil {
		return fmt.Errorf("write fastText model: %w", err)
	}
	if err := write(w, m); err != nil {
		return fmt.Errorf("write fastText model: %w", err)
	}
	return nil
}

// chunkBytes is how much write and read encode or decode at a time.
const chunkBytes = 1 << 20

func write(w io.Writer, m *Model) error {
	le := binary.LittleEndian
	a := m.Args
	b := make([]byte, 0, chunkBytes)
	b = le.AppendUint32(b, Magic)
	b = le.AppendUint32(b, Version)
	for _, x := range []int32{a.Dim, a.WS, a.Epoch, a.MinCount, a.Neg, a.WordNgrams, int32(a.Loss), int32(a.Model), a.Bucket, a.Minn, a.Maxn, a.LRUpdateRate} {
		b = le.AppendUint32(b, uint32(x))
	}
	b = le.AppendUint64(b, math.Float64bits(a.T))
	nwords := m.NWords()
	b = le.AppendUint32(b, uint32(len(m.Words)))
	b = le.AppendUint32(b, uint32(nwords))
	b = le.AppendUint32(b, uint32(len(m.Words)-nwords))
	b = le.AppendUint64(b, uint64(m.Tokens))
	b = le.AppendUint64(b, math.MaxUint64) // pruneidx_size -1: not pruned
	for _, e := range m.Words {
		if len(b)+len(e.Word) > chunkBytes {
			if _, err := w.Write(b); err != nil {
				return err
			}
			b = b[:0]
		}
		b = append(b, e.Word...)
		b = append(b, 0)
		b = le.AppendUint64(b, uint64(e.Count))
		var typ byte
		if e.Label {
			typ = 1
		}
		b = append(b, typ)
	}
	b = append(b, 0) // quant_input
	var err error
	if b, err = writeMatrix(w, b, &m.Input, "input"); err != nil {
		return err
	}
	b = append(b, 0) // qout
	if b, err = writeMatrix(w, b, &m.Output, "output"); err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// writeMatrix appends x to b, writing b out whenever it is full, and
// returns what is left to write.
func writeMatrix(w io.Writer, b []byte, x *Matrix, name string) ([]byte, error) {
	le := binary.LittleEndian
	b = le.AppendUint64(b, uint64(x.Rows))
	b = le.AppendUint64(b, uint64(x.Cols))
	for i := range x.Rows {
		for j, v := range x.Row(i) {
			if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
				return b, fmt.Errorf("%w: %s row %d: value %d is %v", ErrInvalid, name, i, j+1, v)
			}
			if len(b)+4 > chunkBytes {
				if _, err := w.Write(b); err != nil {
					return b, err
				}
				b = b[:0]
			}
			b = le.AppendUint32(b, math.Float32bits(v))
		}
	}
	return b, nil
}
