package embedding

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"
)

// benchVectors is a table the size of a trained vocabulary of 20,000 words
// at 100 dimensions, with values spread like trained ones.
func benchVectors() *Vectors {
	r := rand.New(rand.NewPCG(1, 2))
	v := &Vectors{Dim: 100, Words: make([]string, 20_000)}
	for i := range v.Words {
		v.Words[i] = fmt.Sprintf("word%d", i)
	}
	v.Data = make([]float32, len(v.Words)*v.Dim)
	for i := range v.Data {
		v.Data[i] = float32(r.NormFloat64() * 0.3)
	}
	return v
}

// BenchmarkWriteVectors times writing word2vec files, text and binary, to
// a writer that discards them: the formatting alone, which for text is
// the shortest decimal of every value.
func BenchmarkWriteVectors(b *testing.B) {
	v := benchVectors()
	for _, bin := range []bool{false, true} {
		b.Run(map[bool]string{false: "text", true: "binary"}[bin], func(b *testing.B) {
			b.SetBytes(int64(4 * len(v.Data)))
			for b.Loop() {
				if err := WriteVectorsTo(io.Discard, v, bin); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
