package embedding

import "testing"

func TestVectorsRowIndex(t *testing.T) {
	v := &Vectors{Words: []string{"a", "b", "a"}, Dim: 2, Stride: 3, Data: []float32{1, 2, 9, 3, 4, 9, 5, 6}}
	if r := v.Row(1); len(r) != 2 || cap(r) != 2 || r[0] != 3 || r[1] != 4 {
		t.Errorf("Row(1) = %v (cap %d)", r, cap(r))
	}
	if r := v.Row(2); r[0] != 5 || r[1] != 6 {
		t.Errorf("Row(2) = %v", r)
	}
	idx := v.Index()
	if len(idx) != 2 || idx["a"] != 0 || idx["b"] != 1 {
		t.Errorf("Index() = %v, want a:0 b:1 (first duplicate wins)", idx)
	}
}

func TestCopyTo(t *testing.T) {
	v := &Vectors{Words: []string{"a", "b", "a"}, Dim: 2, Data: []float32{1, 2, 3, 4, 5, 6}}
	rows := make([][]float32, 3)
	for i := range rows {
		rows[i] = make([]float32, 2)
	}
	n := v.CopyTo([]string{"x", "a", "b"}, func(i int) []float32 { return rows[i] })
	if n != 2 || rows[0][0] != 0 || rows[1][0] != 1 || rows[2][1] != 4 {
		t.Errorf("copied %d: %v", n, rows)
	}
}
